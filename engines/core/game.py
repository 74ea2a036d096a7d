"""The seam between a game and the engine protocol: a game is a table of decisions that one small
generic engine walks.

A game says, for any state, which decision is owed now and by whom (``Game.now``), what happens
by itself between decisions (``Game.automatic``, one step at a time), and how the engine's own
PRNG answers a chance decision (``Game.chance``). Each kind of decision is one ``Decision``
row: the actions it accepts, its legal options, the complete check of an action, and its
effect. ``TableEngine`` turns that into the uniform ``Engine`` protocol the server speaks:

* ``pending``, ``legal_moves``, ``validate`` and ``apply`` come from the current row, with the
  ``COMMON_*`` checks (view, game over, whose decision, which kind) made once, here;
* ``apply`` runs the automatic steps and, with a seeded game, answers every chance decision
  until a real seat must decide. That loop is bounded by construction
  (``MAX_AUTOMATIC_STEPS``), so a broken rule cannot hang a server thread;
* ``check`` checks the generator (``Rng.check``) before the game's own integrity check.

The rules stay in the game's modules; this file knows none. A new game is a ``Game`` object and
a line in ``engines.registry``; mypy checks the object against the protocol there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, Pending, common_violations
from engines.core.errors import IllegalMove, NotImplementedRule, StateInvalid, Violation
from engines.core.picture import Picture
from engines.core.rng import Rng
from engines.core.scoring import ScoreSheet
from engines.core.text import LogEntry, MoveLabel

#: The most automatic steps and engine-answered chance decisions one ``apply`` may take. The longest
#: real sequence (a seeded game's whole setup, every deal and shuffle) is a few hundred; reaching the
#: bound means a rule loops, which is reported as an error instead of hanging the caller.
MAX_AUTOMATIC_STEPS = 100_000


class EngineLoop(RuntimeError):
    """A game's automatic steps did not reach a decision within ``MAX_AUTOMATIC_STEPS`` (a rule bug)."""


class GameState(Protocol):
    """What the generic engine reads of every game's state: the chance mode (``external_chance``: the
    caller answers every chance decision), the generator (present exactly when the chance is not
    external) and whether the state is a view (not playable)."""

    @property
    def external_chance(self) -> bool: ...

    @property
    def rng(self) -> Rng | None: ...

    @property
    def redacted(self) -> bool: ...


S = TypeVar("S", bound=GameState)
OptT = TypeVar("OptT")


@dataclass(frozen=True, slots=True)
class Decision(Generic[S]):
    """One kind of decision (one row of a game's table).

    ``takes``: the action types it accepts (anything else is ``COMMON_WRONG_DECISION``).
    ``options(state, seat)``: every legal action of ``seat``, each once.
    ``check(state, seat, action)``: the violations of an accepted action; empty exactly when the
    action is among ``options``.
    ``apply(state, seat, action)``: the state after a checked action (before automatic steps).
    """

    takes: tuple[type, ...]
    options: Callable[[S, int], Sequence[Any]]
    check: Callable[[S, int, Any], list[Violation]]
    apply: Callable[[S, int, Any], S]


@dataclass(frozen=True, slots=True)
class Now(Generic[S]):
    """The decision owed in a state: who owes it (``seats``, several for a simultaneous step;
    ``(CHANCE,)`` for chance), its row, and how it is named and described to people."""

    seats: tuple[int, ...]
    decision: Decision[S]
    kind: str
    prompt: str


class Game(Protocol[S, OptT]):
    """One game as the generic engine sees it. Every method is a pure function."""

    info: GameInfo
    state_type: type[S]
    move_type: type[Any]
    """The move struct: exactly `seat: int` and `action` (a tagged union of the action structs)."""
    options_type: type[OptT]

    def make_options(self, players: int, overrides: dict[str, Any]) -> OptT:
        """Options for ``players`` seats with named overrides; raises ``StateInvalid``."""
        ...

    def setup(self, options: OptT, seed: int | None) -> S:
        """The state before anything happens; ``seed=None`` selects external chance."""
        ...

    def integrity(self, state: S) -> None:
        """Raise ``StateInvalid`` if a received state is malformed or inconsistent. Must be closed under
        legal moves: a state it accepts never leads by a legal move to one it refuses."""
        ...

    def seats(self, state: S) -> range:
        """The seats of ``state`` (or of a view): the players and any seat the engine plays itself
        (``GameType.automated_seats``), numbered from 0."""
        ...

    def now(self, state: S) -> Now[S] | None:
        """The decision owed now, or ``None`` when the game is over."""
        ...

    def game_over(self, state: S) -> str:
        """What a finished game says (``Pending.prompt``), e.g. why it ended."""
        ...

    def automatic(self, state: S) -> S | None:
        """One automatic step (a phase ends, a turn passes, a simultaneous step resolves), or ``None``
        when the state waits for a decision."""
        ...

    def chance(self, state: S, now: Now[S], rng: Rng) -> tuple[Any, Rng]:
        """The engine's answer to the pending chance decision, drawn from ``rng`` (see
        ``uniform_chance`` for the common case)."""
        ...

    def score(self, state: S) -> ScoreSheet:
        """Provisional (running game) or final score with a breakdown per seat."""
        ...

    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` may see (``None``: a spectator); never the generator."""
        ...

    def describe(self) -> dict[str, Any]:
        """The game's content with provenance, for clients to render."""
        ...

    def label(self, state: S, move: Any, several_seats: bool) -> MoveLabel:
        """How a legal ``move`` of ``state`` is shown: a label unique within the decision (``several_seats``:
        more than one seat decides, so the label names the seat) and its path of choices."""
        ...

    def log(self, before: S, move: Any, after: S) -> LogEntry:
        """What ``move`` did, in words: the public line names nothing hidden from any other seat."""
        ...


class QueuedState(GameState, Protocol):
    """A state whose pending work is a queue of small steps (the head is the step being decided)."""

    @property
    def queue(self) -> Sequence[Any]: ...


Q = TypeVar("Q", bound=QueuedState)


def queued_decision(
    takes: tuple[type, ...],
    candidates: Callable[[Q, Any], Sequence[Any]],
    check: Callable[[Q, Any, Any], list[Violation]],
    effect: Callable[[Q, Any, Any], Q],
) -> Decision[Q]:
    """A row for the step at the head of a game's queue: its functions receive that step instead of the
    seat. The legal options are exactly the candidates that pass the check, so ``validate`` and
    ``legal_moves`` agree by construction."""

    def options(s: Q, seat: int) -> list[Any]:
        step = s.queue[0]
        return [a for a in candidates(s, step) if not check(s, step, a)]

    return Decision(
        takes, options, lambda s, seat, a: check(s, s.queue[0], a), lambda s, seat, a: effect(s, s.queue[0], a)
    )


def queued_now(head: Any, decision: Decision[S], prompt: str, chance_steps: tuple[type, ...]) -> Now[S]:
    """The decision owed for the step at the head of a game's queue: chance's when the step is one of
    ``chance_steps`` (kind ``chance.<tag>``), else the step's ``seat``'s (kind: the step's tag)."""
    tag = str(type(head).__struct_config__.tag)
    if isinstance(head, chance_steps):
        return Now((CHANCE,), decision, f"chance.{tag}", prompt)
    return Now((head.seat,), decision, tag, prompt)


class Staged(Protocol):
    """A state whose turns are a queue of steps over a stage of the game (``over`` once it has ended)."""

    @property
    def stage(self) -> str: ...

    @property
    def queue(self) -> Sequence[Any]: ...


T = TypeVar("T", bound=Staged)


def staged_automatic(
    settle_head: Callable[[T], T | None], stage_steps: Mapping[str, Callable[[T], T | None]]
) -> Callable[[T], T | None]:
    """``Game.automatic`` for a game whose state is a queue of steps over a stage: nothing once the stage is
    ``over``; while the queue holds steps, its head settles itself when it needs no decision
    (``settle_head``, ``None`` when it does); with the queue empty, the stage's own step
    (``stage_steps[stage]``) moves the game on, or returns ``None`` when a decision is owed."""

    def automatic(state: T) -> T | None:
        if state.stage == "over":
            return None
        if state.queue:
            return settle_head(state)
        return stage_steps[state.stage](state)

    return automatic


@runtime_checkable
class DerivesFacts(Protocol):
    """A game that derives public facts from a view for clients to draw (``ViewState``'s ``facts``)."""

    def facts(self, view: Any) -> dict[str, Any]:
        """Facts computed only from what the view shows (JSON-like values)."""
        ...


@runtime_checkable
class Draws(Protocol):
    """A game that draws a picture of a view (``RenderView``)."""

    def picture(self, view: Any, viewer: int | None) -> Picture:
        """The picture of what ``viewer`` (a seat, ``None``: a spectator) sees of ``view`` (a view made for
        that viewer): the board and public areas, the viewer's own hidden items, nothing of anyone else's."""
        ...


def uniform_chance(state: S, now: Now[S], rng: Rng) -> tuple[Any, Rng]:
    """A chance decision answered uniformly among its options (a card drawn from the deck, a die
    whose faces are listed once each)."""
    options = now.decision.options(state, CHANCE)
    index, rng = rng.below(len(options))
    return options[index], rng


def _in_words(now: Now[Any] | None) -> str:
    """The pending decision as a player reads it, for a refusal's message: its prompt (its kind, an API
    name, only for a decision without a prompt)."""
    if now is None:
        return ""
    return now.prompt or now.kind.replace("_", " ").replace(".", ": ")


class TableEngine(Generic[S, OptT]):
    """The ``Engine`` protocol (``engines.core.engine``) over a ``Game``."""

    def __init__(self, game: Game[S, OptT]) -> None:
        self.game = game
        self.info: GameInfo = game.info
        self.state_type: type[S] = game.state_type
        self.move_type: Any = game.move_type
        self.options_type: type[OptT] = game.options_type

    # ---- the protocol ---------------------------------------------------------------------------

    def make_options(self, players: int, overrides: dict[str, Any]) -> OptT:
        return self.game.make_options(players, overrides)

    def new_game(self, options: OptT, seed: int | None) -> S:
        return self.settle(self.game.setup(options, seed))

    def check(self, state: S) -> None:
        """The generator, the game's own integrity check, then what every game's states share: the
        generator is there exactly when the chance is not external, a state the engine returns waits for a
        decision (nothing automatic is due), and a seeded game never waits for chance (its generator
        answers at once)."""
        if state.rng is not None:
            state.rng.check("rng")
        self.game.integrity(state)
        if (state.rng is None) != state.external_chance:
            mode = "external chance has no generator" if state.external_chance else "a seeded game has a generator"
            raise StateInvalid(f"The chance mode and the generator disagree: {mode}.", "rng")
        if self.game.automatic(state) is not None:
            message = "The game would move on by itself here; send the state the service returned."
            raise StateInvalid(message, "state")
        now = self.game.now(state)
        if state.rng is not None and now is not None and now.seats == (CHANCE,):
            message = "A seeded game never waits for chance (its generator answers); remove rng for external chance."
            raise StateInvalid(message, "rng")

    def seats(self, state: S) -> range:
        return self.game.seats(state)

    def pending(self, state: S) -> Pending:
        now = self.game.now(state)
        if now is None:
            return Pending((), "game_over", self.game.game_over(state))
        return Pending(now.seats, now.kind, now.prompt)

    def legal_moves(self, state: S) -> list[Any]:
        now = self._playable_now(state)
        if now is None:
            return []
        make = self.move_type
        return [make(seat, action) for seat in now.seats for action in now.decision.options(state, seat)]

    def validate(self, state: S, move: Any) -> list[Violation]:
        now = self._playable_now(state)
        seats = now.seats if now is not None else ()
        takes = now.decision.takes if now is not None else ()
        common = common_violations(state.redacted, seats, move.seat, move.action, takes, lambda: _in_words(now))
        if common or now is None:
            return common
        return now.decision.check(state, move.seat, move.action)

    def apply(self, state: S, move: Any) -> S:
        violations = self.validate(state, move)
        if violations:
            raise IllegalMove(violations)
        now = self.game.now(state)
        assert now is not None  # validate refuses every move of a finished game
        return self.settle(now.decision.apply(state, move.seat, move.action))

    def score(self, state: S) -> ScoreSheet:
        return self.game.score(state)

    def view(self, state: S, seat: int | None) -> S:
        return self.game.view(state, seat)

    def describe(self) -> dict[str, Any]:
        return self.game.describe()

    def labels(self, state: S, moves: Sequence[Any]) -> list[MoveLabel]:
        """The label and choice path of each of ``moves`` (legal moves of ``state``)."""
        now = self.game.now(state)
        several = now is not None and len(now.seats) > 1
        return [self.game.label(state, move, several) for move in moves]

    def log(self, before: S, move: Any, after: S) -> LogEntry:
        """What ``move`` (applied to ``before``, giving ``after``) did, in words."""
        return self.game.log(before, move, after)

    def facts(self, view: S) -> dict[str, Any]:
        """Public facts derived from a view (empty for a game that derives none)."""
        return self.game.facts(view) if isinstance(self.game, DerivesFacts) else {}

    def picture(self, view: S, viewer: int | None) -> Picture:
        """The picture of ``view`` as ``viewer`` sees it (``NotImplementedRule`` for a game that draws none)."""
        if not isinstance(self.game, Draws):
            raise NotImplementedRule("picture", f"a picture of {self.info.title}")
        return self.game.picture(view, viewer)

    # ---- the walk -------------------------------------------------------------------------------

    def _playable_now(self, state: S) -> Now[S] | None:
        return None if state.redacted else self.game.now(state)

    def settle(self, state: S) -> S:
        """Take the automatic steps and, with the engine's generator, answer chance decisions, until a
        real seat must decide or the game is over (bounded: ``MAX_AUTOMATIC_STEPS``)."""
        game = self.game
        for _ in range(MAX_AUTOMATIC_STEPS):
            following = game.automatic(state)
            if following is not None:
                state = following
                continue
            rng = state.rng
            now = game.now(state)
            if rng is None or now is None or now.seats != (CHANCE,):
                return state
            action, rng = game.chance(state, now, rng)
            state = now.decision.apply(replace(state, rng=rng), CHANCE, action)  # type: ignore[type-var]
        raise EngineLoop(f"{self.info.game_id}: no decision after {MAX_AUTOMATIC_STEPS} automatic steps")
