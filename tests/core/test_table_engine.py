"""``TableEngine`` over a declared ``Game``: what its check adds to every game's own, the declared defaults, the
walk that hands the log what happened by itself, chance sampled and offered from the same draw, and the bound
on automatic steps."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engines.core.engine import CHANCE, GameInfo, GameType
from engines.core.errors import NotImplementedRule, StateInvalid
from engines.core.game import MAX_AUTOMATIC_STEPS, EngineLoop, Game, TableEngine
from engines.core.rng import Rng
from engines.core.search import PLAIN
from engines.core.table import Act, Step, Table, no_check, uniform
from engines.core.text import LogEntry, Message, MoveLabel

MOVED = Message("toy.log", "{seat} moved")
LABEL = Message("toy.label", "{several}")


class Position(msgspec.Struct, frozen=True):
    """A game position that is only ever waiting, or due to move on by itself (``due``)."""

    due: bool = False
    external_chance: bool = True
    rng: Rng | None = None
    redacted: bool = False


class Waiting:
    """A game whose only rule is that a ``due`` position moves on by itself."""

    info: Any = None
    state_type = Position
    move_type = Position
    options_type = Position
    knobs = PLAIN

    table: Table[Position] = Table(
        actions={Position: Act(str)},
        action_union=Position,
        stage=lambda s: "waiting",
        decision=lambda s: None,
        stages={},
        progress={"waiting": lambda s: Position() if s.due else None},
    )

    def integrity(self, state: Position) -> None:
        return None


def test_a_position_due_to_move_on_by_itself_is_refused_naming_the_state() -> None:
    engine: Any = TableEngine(Waiting())  # type: ignore[arg-type]
    engine.check(Position())
    with pytest.raises(StateInvalid) as exc:
        engine.check(Position(due=True))
    assert exc.value.field == "state" and "move on by itself" in str(exc.value)


def test_a_refusal_names_the_pending_decision_by_its_prompt() -> None:
    from engines import registry

    engine = registry.engines()["citadels"]
    state = engine.new_game(engine.make_options(4, {}), 3)
    pending = engine.pending(state)
    legal = engine.legal_moves(state)[0]
    intruder = next(seat for seat in range(4) if seat not in pending.seats)
    (refusal,) = engine.validate(state, type(legal)(seat=intruder, action=legal.action))
    assert refusal.code == "COMMON_NOT_YOUR_TURN" and f"({pending.prompt})" in refusal.message


# ---- a toy game on the table: a queue of steps, chance among them ------------------------------------------


class Ask(msgspec.Struct, frozen=True, tag="ask"):
    """Seat ``seat`` says how many it takes."""

    seat: int


class Coin(msgspec.Struct, frozen=True, tag="coin"):
    """Chance tosses a coin (two heads among the faces: 2 to 1 for heads)."""

    seat: int = -1


class Skip(msgspec.Struct, frozen=True, tag="skip"):
    """A decision of ``seat`` with nothing to decide: it settles itself."""

    seat: int


class Take(msgspec.Struct, frozen=True, tag="take"):
    n: int


class Toss(msgspec.Struct, frozen=True, tag="toss"):
    side: str


class Move(msgspec.Struct, frozen=True):
    seat: int
    action: Take | Toss


class Toy(msgspec.Struct, frozen=True):
    queue: tuple[Ask | Coin | Skip, ...] = (Ask(0),)
    taken: int = 0
    tossed: tuple[str, ...] = ()
    players: tuple[str, ...] = ("a", "b")
    external_chance: bool = True
    rng: Rng | None = None
    redacted: bool = False


def _pop(s: Toy) -> Toy:
    return msgspec.structs.replace(s, queue=s.queue[1:])


def _take(s: Toy, at: Any, a: Take) -> Toy:
    """Taking queues a coin toss and a skipped decision (the walk answers or settles both)."""
    return msgspec.structs.replace(_pop(s), taken=s.taken + a.n, queue=(Coin(), Skip(1), *s.queue[1:]))


def _toss(s: Toy, at: Any, a: Toss) -> Toy:
    return msgspec.structs.replace(_pop(s), tossed=(*s.tossed, a.side))


TAKE: Step[Toy] = Step(
    (Take,), lambda s, at: [Take(1), Take(2)], no_check, _take, Message("toy.prompt.take", "Take one or two")
)
TOY_TABLE: Table[Toy] = Table(
    actions={Take: Act(lambda *a: None, lambda *a: None), Toss: Act(lambda *a: None, lambda *a: None)},
    action_union=Take | Toss,
    stage=lambda s: "over" if s.taken >= 3 else "play",
    decision=lambda s: None,
    stages={},
    progress={},
    queue=lambda s: s.queue,
    queued={
        Ask: TAKE,
        Coin: Step(
            (Toss,),
            lambda s, at: [Toss("heads"), Toss("tails")],
            no_check,
            _toss,
            Message("toy.prompt.toss", "Toss the coin"),
            draw=lambda s, at: uniform(["heads", "tails", "heads"], Toss),
        ),
        Skip: Step(
            (Take,),
            lambda s, at: [],
            no_check,
            _take,
            Message("toy.prompt.nothing", "Nothing"),
            settle=lambda s, at: _pop(s),
        ),
    },
    step_union=Ask | Coin | Skip,
)
LOGGED: list[tuple[Any, ...]] = []


def _log(before: Toy, move: Move, after: Toy, act: Act, happened: Any) -> LogEntry:
    LOGGED.append((move, tuple(happened)))
    return LogEntry(move.seat, MOVED(seat=move.seat))


def _label(state: Toy, move: Move, several: bool, act: Act) -> MoveLabel:
    return MoveLabel(LABEL(several=str(several)), ())


def _setup(options: Toy, seed: int | None) -> Toy:
    return Toy(external_chance=seed is None, rng=None if seed is None else Rng.seeded(seed))


def toy_game(**changes: Any) -> Game[Toy, Toy]:
    fields: dict[str, Any] = {
        "info": GameInfo("toy", "Toy", "1", 2, 2, (), GameType(False, False, True)),
        "table": TOY_TABLE,
        "state_type": Toy,
        "move_type": Move,
        "options_type": Toy,
        "make_options": lambda players, overrides: Toy(),
        "setup": lambda options, seed: Toy(
            external_chance=seed is None, rng=None if seed is None else Rng.seeded(seed)
        ),
        "integrity": lambda s: None,
        "score": lambda s: None,
        "view": lambda s, seat: msgspec.structs.replace(s, redacted=True, rng=None),
        "describe": lambda: {"toy": True},
        "label": _label,
        "log": _log,
    }
    fields.update(changes)
    return Game(**fields)


TOY = TableEngine(toy_game())


def test_the_declared_defaults_count_the_players_and_end_in_plain_words() -> None:
    game = toy_game()
    assert game.seats(Toy()) == range(2) and game.game_over(Toy()).english == "The game is over."
    assert TOY.seats(Toy(players=("a", "b", "c"))) == range(3)
    assert TOY.pending(Toy(taken=3)).prompt == "The game is over."
    assert TOY.options_type is Toy and TOY.describe() == {"toy": True}


def test_a_game_without_a_picture_or_facts_says_so() -> None:
    with pytest.raises(NotImplementedRule):
        TOY.picture(Toy(), None)
    assert TOY.facts(Toy()) == {}
    drawn = TableEngine(toy_game(facts=lambda view: {"taken": view.taken}))
    assert drawn.facts(Toy(taken=2)) == {"taken": 2}


def test_the_walk_hands_the_log_what_chance_answered_and_what_settled_itself() -> None:
    """A seeded game: after Take, the generator tosses the coin and the skipped decision settles itself; the
    log gets both, in order, with the state each happened in; ``apply_logged`` and ``log`` agree."""
    seeded = TOY.new_game(Toy(), 5)
    move = Move(0, Take(1))
    LOGGED.clear()
    after, entry = TOY.apply_logged(seeded, move)
    assert after == TOY.apply(seeded, move) and entry == TOY.log(seeded, move, after)
    (_, happened), (_, again) = LOGGED
    assert happened == again
    toss, skipped = happened
    assert isinstance(toss.step, Coin) and toss.action in (Toss("heads"), Toss("tails"))
    assert skipped.step == Skip(1) and skipped.action is None and skipped.then.queue[0] == Skip(1)
    assert after.queue == () and after.tossed == (toss.action.side,)


def test_the_log_of_a_move_that_does_not_lead_to_the_state_given_hears_of_nothing_that_happened() -> None:
    seeded = TOY.new_game(Toy(), 5)
    LOGGED.clear()
    TOY.log(seeded, Move(0, Take(1)), seeded)  # not where the move leads
    TOY.log(seeded, Move(1, Take(1)), seeded)  # not a legal move
    assert [happened for _, happened in LOGGED] == [(), ()]


def test_seeded_draws_follow_the_draws_odds_and_external_chance_offers_them() -> None:
    heads = sum(TOY.apply(TOY.new_game(Toy(), seed), Move(0, Take(1))).tossed == ("heads",) for seed in range(300))
    assert 170 < heads < 230  # 2 to 1
    external = TOY.apply(Toy(), Move(0, Take(1)))
    assert TOY.pending(external).seats == (CHANCE,)
    assert TOY.chance_odds(external) == [(Move(CHANCE, Toss("heads")), 2), (Move(CHANCE, Toss("tails")), 1)]
    assert TOY.chance_odds(Toy()) == []  # a player decides


def test_labels_name_the_seat_only_when_several_decide() -> None:
    (label,) = TOY.labels(Toy(), [Move(0, Take(1))])
    assert label.label.english == "False"
    from tests import tinygame

    engine = tinygame.ENGINES["high_card"]
    state = engine.new_game(engine.make_options(2, {}), 1)  # every player puts a card down at once
    moves = engine.legal_moves(state)
    assert {m.seat for m in moves} == {0, 1}
    labels = engine.labels(state, moves)
    assert all(label.label.english.startswith(f"Seat {m.seat}: ") for m, label in zip(moves, labels, strict=True))


def test_check_refuses_a_broken_generator_and_a_chance_mode_that_disagrees() -> None:
    with pytest.raises(StateInvalid) as exc:
        TOY.check(Toy(external_chance=False, rng=Rng(0, 0)))
    assert exc.value.field == "rng.inc"
    with pytest.raises(StateInvalid) as exc:
        TOY.check(Toy(external_chance=True, rng=Rng.seeded(1)))
    assert exc.value.field == "rng" and "external chance has no generator" in str(exc.value)
    with pytest.raises(StateInvalid) as exc:
        TOY.check(Toy(external_chance=False, rng=None))
    assert "a seeded game has a generator" in str(exc.value)
    with pytest.raises(StateInvalid) as exc:  # a seeded game waiting for its coin
        TOY.check(Toy(queue=(Coin(),), external_chance=False, rng=Rng.seeded(1)))
    assert exc.value.field == "rng" and "never waits for chance" in str(exc.value)


def test_check_runs_the_games_own_integrity_check() -> None:
    def refuse(state: Toy) -> None:
        raise StateInvalid("no toys today", "taken")

    with pytest.raises(StateInvalid, match="no toys today"):
        TableEngine(toy_game(integrity=refuse)).check(Toy())


def test_automatic_steps_that_never_reach_a_decision_are_cut_off() -> None:
    table: Table[Toy] = Table(
        actions=TOY_TABLE.actions,
        action_union=Take | Toss,
        stage=lambda s: "play",
        decision=lambda s: None,
        stages={},
        progress={"play": lambda s: msgspec.structs.replace(s, taken=s.taken + 1)},
    )
    with pytest.raises(EngineLoop, match=f"toy: no decision after {MAX_AUTOMATIC_STEPS} automatic steps"):
        TableEngine(toy_game(table=table)).settle(Toy(queue=()))
