"""The Walled City engine: the uniform protocol over the rule modules.

A build turn is a sequence of decisions (§5.10): its steps, and between them a guild activation
(``ActivateGuild``) whose choices follow one decision at a time (``guilds``) before the turn goes on.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, Pending, common_violations, option_infos
from engines.core.errors import IllegalMove, Violation
from engines.core.scoring import ScoreEntry, ScoreSheet, rank, seat_score
from engines.walled_city import build, guilds, integrity, phases, setup, view
from engines.walled_city import moves as mv
from engines.walled_city.board import BOARDS
from engines.walled_city.common import board, guild_key
from engines.walled_city.content import CONTENT
from engines.walled_city.state import Options, State

RULES_VERSION = "0.2.0"
"""0.2: the 20 guild abilities (a state with an ability in progress or a fence needs 0.2)."""

CHANCE_MOVES = (mv.ChanceSeat, mv.ChanceDie, mv.ChanceTile, mv.ChanceGuild, mv.ChanceCard)
TAKES = {step: (*rules.takes, mv.ActivateGuild) for step, rules in build.STEPS.items()}
"""What each build step takes: its own moves, and a guild activation between steps (§5.6)."""


def advance(s: State) -> State:
    """Automatic transitions: setup → starting roads → alignment; an ability with nothing left to decide
    ends; a turn with nothing left to decide ends; a builder with nowhere to build (A-24)."""
    while True:
        if s.phase == "setup" and not setup.chance_kind(s):
            s = setup.place_neutral(s)
            roads = int(CONTENT.starting_roads[str(len(s.seats))])
            s = replace(s, phase="starting_roads", starting_roads_left=roads)
        elif s.phase == "starting_roads" and s.starting_roads_left == 0:
            s = phases.start_alignment(s)
        elif s.phase != "build":
            return s
        elif s.turn is None:
            s = phases.next_builder(s)
        elif s.activation is not None:
            if guilds.options(s):
                return s
            s = replace(s, activation=None)
        elif _turn_over(s):
            s = replace(s, turn=None)
        elif _nowhere_to_build(s):
            s = build.give_up(s)
        else:
            return s


def _turn_over(s: State) -> bool:
    """After the last step, the turn waits only for a guild that could still be used (W3/W4, §5.6)."""
    return s.turn is not None and s.turn.step == "end" and not guilds.activations(s)


def _nowhere_to_build(s: State) -> bool:
    """A-24, unless a guild could still help (e.g. Skinners clearing a spot)."""
    return s.turn is not None and s.turn.step == "place" and not build.can_build(s) and not guilds.activations(s)


def settle(s: State) -> State:
    """Advance, and with the engine's randomness answer every chance decision (setup, Haberdashers)."""
    s = advance(s)
    while (rng := s.rng) is not None and actor(s) == CHANCE:
        rules = setup if s.phase == "setup" else guilds
        a, rng = rules.sample_chance(s, rng)
        s = advance(rules.apply_chance(replace(s, rng=rng), a))
    return s


def _decision(s: State) -> str:
    """The pending decision's name (``Pending.kind``) outside setup and the end of the game."""
    if s.phase == "build" and s.activation is not None:
        return f"guild.{s.activation.guild}"
    if s.phase == "build" and s.turn is not None:
        return f"build.{s.turn.step}"
    return s.phase


def actor(s: State) -> int | None:
    if s.phase == "over":
        return None
    if s.phase == "setup":
        return CHANCE
    if s.phase == "starting_roads":
        return setup.starting_road_seat(s)
    if s.phase == "build":
        assert s.turn is not None
        return guilds.actor(s) if s.activation is not None else s.turn.seat
    return s.order[s.index]


def pending_of(s: State) -> Pending:
    seat = actor(s)
    if seat is None:
        return Pending((), "game_over", "The game is over.")
    if s.phase == "setup":
        return Pending((CHANCE,), f"chance.{setup.chance_kind(s)}", "Chance: a setup event")
    if s.phase == "build" and s.activation is not None:
        return Pending((seat,), _decision(s), guilds.prompt(s))
    if s.phase == "build":
        assert s.turn is not None
        return Pending((seat,), _decision(s), f"Seat {seat}: build turn, step {s.turn.step}")
    return Pending((seat,), _decision(s), f"Seat {seat}: {s.phase.replace('_', ' ')}")


def options_for(s: State, seat: int) -> list[Any]:
    if s.phase == "setup":
        return setup.chance_options(s)
    if s.phase == "starting_roads":
        return [
            mv.StartingRoad(p.id) for p in board(s).paths if not setup.check_starting_road(s, mv.StartingRoad(p.id))
        ]
    if s.phase == "alignment":
        return [mv.ChooseGuild(g) for g in s.offer]
    if s.phase == "defence":
        return list(phases.defence_options(s, seat))
    if s.activation is not None:
        return guilds.options(s)
    assert s.turn is not None
    return [*build.STEPS[s.turn.step].options(s), *guilds.activations(s)]


def accepted(s: State) -> tuple[type, ...]:
    if s.phase == "setup":
        return CHANCE_MOVES
    if s.phase == "starting_roads":
        return (mv.StartingRoad,)
    if s.phase == "alignment":
        return (mv.ChooseGuild,)
    if s.phase == "defence":
        return (mv.PlaceDefenceCard,)
    if s.activation is not None:
        return guilds.DECISIONS
    assert s.turn is not None
    return TAKES[s.turn.step]


def check_action(s: State, seat: int, a: Any) -> list[Violation]:
    if s.phase == "setup":
        return setup.check_chance(s, a)
    if s.phase == "starting_roads":
        return setup.check_starting_road(s, a)
    if s.phase == "alignment":
        return phases.check_choose(s, a)
    if s.phase == "defence":
        return phases.check_defence(s, seat, a)
    if s.activation is not None:
        return guilds.check(s, a)
    if isinstance(a, mv.ActivateGuild):
        return guilds.check_activate(s, seat, a)
    assert s.turn is not None
    return build.STEPS[s.turn.step].check(s, a)


def apply_action(s: State, seat: int, a: Any) -> State:
    if s.phase == "setup":
        return setup.apply_chance(s, a)
    if s.phase == "starting_roads":
        return setup.apply_starting_road(s, a)
    if s.phase == "alignment":
        return phases.apply_choose(s, seat, a)
    if s.phase == "defence":
        return phases.apply_defence(s, seat, a)
    if s.activation is not None:
        return guilds.apply(s, a)
    if isinstance(a, mv.ActivateGuild):
        return guilds.apply_activate(s, seat, a)
    assert s.turn is not None
    return build.STEPS[s.turn.step].apply(s, a)


class WalledCityEngine:
    """The Walled City: Londonderry & Borderlands, 2–4 players, both boards, all 20 guilds."""

    info = GameInfo(
        game_id="walled_city",
        title="The Walled City: Londonderry & Borderlands",
        rules_version=RULES_VERSION,
        min_players=2,
        max_players=4,
        options=option_infos(Options, setup.OPTION_DOCS),
        variants=tuple(BOARDS),
    )
    state_type = State
    move_type = mv.Move
    options_type = Options

    def make_options(self, players: int, overrides: dict[str, Any]) -> Options:
        return setup.make_options(players, overrides)

    def new_game(self, options: Options, seed: int | None) -> State:
        return settle(setup.new_game(options, seed))

    def check(self, state: State) -> None:
        integrity.check_state(state)

    def pending(self, state: State) -> Pending:
        return pending_of(state)

    def legal_moves(self, state: State) -> list[mv.Move]:
        seat = None if state.redacted else actor(state)
        return [] if seat is None else [mv.Move(seat, a) for a in options_for(state, seat)]

    def validate(self, state: State, move: mv.Move) -> list[Violation]:
        seat = None if state.redacted else actor(state)
        deciders = () if seat is None else (seat,)
        takes = accepted(state) if deciders else ()
        common = common_violations(state.redacted, deciders, move.seat, move.action, takes, lambda: _decision(state))
        return common or check_action(state, move.seat, move.action)

    def apply(self, state: State, move: mv.Move) -> State:
        violations = self.validate(state, move)
        if violations:
            raise IllegalMove(violations)
        return settle(apply_action(state, move.seat, move.action))

    def score(self, state: State) -> ScoreSheet:
        seats = []
        for i in range(len(state.seats)):
            entries = [ScoreEntry(v.category, v.points, v.detail) for v in state.votes if v.who == str(i)]
            seats.append(seat_score(i, entries))
        guilds = {i: p.guild or p.round1_guild for i, p in enumerate(state.seats)}

        def tiebreak(seat: int) -> tuple[int, str]:
            key = guild_key(guilds[seat])
            label = CONTENT.guild[guilds[seat]].label if guilds[seat] else "none"
            return -(key[0] * 2 + key[1]), f"guild priority {label} (lower wins ties)"

        return rank(seats, tiebreak, final=state.phase == "over")

    def view(self, state: State, seat: int | None) -> State:
        return view.view(state, seat)

    def describe(self) -> dict[str, Any]:
        return {
            "boards": {side: msgspec.to_builtins(b) for side, b in BOARDS.items()},
            "game": msgspec.to_builtins(CONTENT),
        }


ENGINE = WalledCityEngine()
