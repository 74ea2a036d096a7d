"""The Walls of York engine: the uniform protocol over the rule modules.

Simultaneous steps (placement, closing) have several pending seats; each seat's move is
stored hidden and the step resolves once every pending seat has moved (§4.4).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, Pending, common_violations, option_infos
from engines.core.errors import IllegalMove, StateInvalid, Violation
from engines.core.scoring import ScoreSheet
from engines.walls_of_york import building, closing, decree, scoring, setup, view
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import EDGE_INDEX, FIELD_INDEX
from engines.walls_of_york.content import CONTENT, GEMS, QUADRANTS
from engines.walls_of_york.state import Options, State

RULES_VERSION = "1.0.0"

#: The actions each step accepts.
ACCEPTS: dict[str, tuple[type, ...]] = {
    "first_player": (mv.ChanceSeat,),
    "setup": (mv.SetupTile,),
    "decree": (mv.ChanceDecree,),
    "roll": (mv.ChanceFace,),
    "place": (mv.PlaceFormation, mv.PlaceSingle, mv.Pass),
    "lift": (mv.Lift, mv.PlaceSingle),
    "close": (mv.Continue, mv.CloseRoom, mv.Seal),
}

PROMPTS: dict[str, str] = {
    "first_player": "Chance: the player who places the first terrain board",
    "setup": "Seat {seat}: place a terrain board (gem, side, rotation, quadrant)",
    "decree": "Chance: the King's Decree (church, well, market)",
    "roll": "Chance: the building die's face",
    "place": "Open players: place the rolled formation, or one single piece (hidden until all have)",
    "lift": "Short of wall pieces: lift your own walls to reuse (strict supply)",
    "close": "Open players: declare your city room by room and seal it, or continue",
}


def pending_seats(s: State) -> tuple[int, ...]:
    if s.step == "over":
        return ()
    if s.step in ("first_player", "decree", "roll"):
        return (CHANCE,)
    if s.step == "setup":
        return (setup.setup_seat(s),)
    if s.step == "place":
        return building.place_seats(s)
    if s.step == "lift":
        return building.lift_seats(s)
    return closing.close_seats(s)


def pending_of(s: State) -> Pending:
    seats = pending_seats(s)
    if not seats:
        return Pending((), "game_over", s.aborted or "The game is over.")
    kind = f"chance.{s.step}" if seats == (CHANCE,) else s.step
    return Pending(seats, kind, PROMPTS[s.step].format(seat=seats[0]))


def options_for(s: State, seat: int) -> list[Any]:
    if s.step == "first_player":
        return [mv.ChanceSeat(i) for i in range(len(s.players))]
    if s.step == "setup":
        return setup.setup_options(s)
    if s.step == "decree":
        return [mv.ChanceDecree(*d) for d in decree.possible_decrees(s.options.king_dice)]
    if s.step == "roll":
        return [mv.ChanceFace(f.face) for f in CONTENT.building_die]
    if s.step == "place":
        return list(building.placement_options(s, seat))
    if s.step == "lift":
        return list(building.lift_options(s, seat))
    return list(closing.closing_options(s, seat))


def check_action(s: State, seat: int, a: Any) -> list[Violation]:
    """The complete check of an action of the right kind for the step."""
    if s.step == "first_player":
        ok = 0 <= a.seat < len(s.players)
        return [] if ok else [Violation("WALLS_OF_YORK_NO_SUCH_SEAT", f"Seat {a.seat} does not exist.", "action.seat")]
    if s.step == "setup":
        return setup.check_setup(s, a)
    if s.step == "decree":
        if (a.church, a.well, a.market) not in decree.possible_decrees(s.options.king_dice):
            return [
                Violation(
                    "WALLS_OF_YORK_IMPOSSIBLE_DECREE",
                    f"The king dice cannot show church {a.church}, well {a.well}, market {a.market}.",
                    "action",
                )
            ]
        return []
    if s.step == "roll":
        if not 1 <= a.face <= len(CONTENT.building_die):
            return [
                Violation("WALLS_OF_YORK_NO_SUCH_FACE", f"The building die has faces 1..6, not {a.face}.", "action")
            ]
        return []
    if s.step == "place":
        return building.check_placement(s, seat, a)
    if s.step == "lift":
        return building.check_lift(s, seat, a)
    return closing.check_closing(s, seat, a)


def apply_action(s: State, seat: int, a: Any) -> State:
    if s.step == "first_player":
        return replace(s, first_player=a.seat, step="setup")
    if s.step == "setup":
        return setup.apply_setup(s, a)
    if s.step == "decree":
        return decree.apply_decree(s, a)
    if s.step == "roll":
        return decree.apply_roll(s, a)
    if s.step == "place":
        return building.commit(s, seat, a)
    if s.step == "lift":
        return building.apply_lift(s, seat, a)
    return closing.apply_closing(s, seat, a)


def advance(s: State) -> State:
    """Resolve simultaneous steps once every pending seat has moved."""
    while True:
        if s.step == "place" and not building.place_seats(s):
            s = building.reveal(s)
        elif s.step == "close" and not closing.close_seats(s):
            s = closing.resolve(s)
            s = scoring.end_of_age(s) if not any(p.open for p in s.players) else replace(s, step="roll")
        else:
            return s


def settle(s: State) -> State:
    """Advance; with engine randomness, resolve chance steps with the state's PCG32."""
    s = advance(s)
    while s.rng is not None and s.step in ("first_player", "decree", "roll"):
        rng = s.rng
        a: Any
        if s.step == "first_player":
            seat, rng = rng.below(len(s.players))
            a = mv.ChanceSeat(seat)
        elif s.step == "decree":
            a, rng = decree.roll_decree(rng, s.options.king_dice)
        else:
            face, rng = rng.below(len(CONTENT.building_die))
            a = mv.ChanceFace(face + 1)
        s = advance(apply_action(replace(s, rng=rng), CHANCE, a))
    return s


class WallsOfYorkEngine:
    """Walls of York for 2–4 players."""

    info = GameInfo(
        game_id="walls_of_york",
        title="Walls of York",
        rules_version=RULES_VERSION,
        min_players=2,
        max_players=4,
        options=option_infos(Options, setup.OPTION_DOCS, choices={"board": tuple(CONTENT.preset)}),
        variants=tuple(CONTENT.preset),
    )
    state_type = State
    move_type = mv.Move
    options_type = Options

    def make_options(self, players: int, overrides: dict[str, Any]) -> Options:
        return setup.make_options(players, overrides)

    def new_game(self, options: Options, seed: int | None) -> State:
        return settle(setup.new_game(options, seed))

    def check(self, state: State) -> None:
        check_state(state)

    def pending(self, state: State) -> Pending:
        return pending_of(state)

    def legal_moves(self, state: State) -> list[mv.Move]:
        if state.redacted:
            return []
        return [mv.Move(seat, a) for seat in pending_seats(state) for a in options_for(state, seat)]

    def validate(self, state: State, move: mv.Move) -> list[Violation]:
        seats = () if state.redacted else tuple(pending_seats(state))
        takes = ACCEPTS[state.step] if seats else ()
        common = common_violations(state.redacted, seats, move.seat, move.action, takes, lambda: f"step {state.step}")
        return common or check_action(state, move.seat, move.action)

    def apply(self, state: State, move: mv.Move) -> State:
        violations = self.validate(state, move)
        if violations:
            raise IllegalMove(violations)
        return settle(apply_action(state, move.seat, move.action))

    def score(self, state: State) -> ScoreSheet:
        return scoring.score(state)

    def view(self, state: State, seat: int | None) -> State:
        return view.view(state, seat)

    def describe(self) -> dict[str, Any]:
        return msgspec.to_builtins(CONTENT)  # type: ignore[no-any-return]


def check_state(s: State) -> None:
    """Structural consistency of a client's state."""
    if s.redacted:
        raise StateInvalid("A view (ViewState) cannot be played; send the full state.", "redacted")
    setup.validate_options(s.options)
    n = s.options.players
    if len(s.players) != n:
        raise StateInvalid(f"{len(s.players)} players in a {n}-player game.", "players")
    gems = [e.gem for e in s.layout]
    quads = [e.quadrant for e in s.layout]
    if len(set(gems)) != len(gems) or not set(gems) <= set(GEMS) or len(set(quads)) != len(quads):
        raise StateInvalid("The layout repeats a gem or a quadrant.", "layout")
    if any(not 0 <= e.rotation <= 3 or e.quadrant not in QUADRANTS for e in s.layout):
        raise StateInvalid("A layout entry has a bad rotation or quadrant.", "layout")
    if s.step not in ("first_player", "setup") and len(s.layout) != 4:
        raise StateInvalid("The play area needs 4 terrain boards once setup is over.", "layout")
    if s.step == "setup" and not 0 <= s.first_player < n:
        raise StateInvalid("The first player is not a seat.", "first_player")
    if s.step in ("roll", "place", "lift", "close") and (
        len(s.decree) != 3 or tuple(s.decree) not in decree.possible_decrees(s.options.king_dice)
    ):
        raise StateInvalid("The decree is not one the king dice can show.", "decree")
    if s.step in ("place", "lift", "close") and not 1 <= s.face <= len(CONTENT.building_die):
        raise StateInvalid("No building-die face was rolled.", "face")
    if s.age not in (1, 2) or s.turn < 0 or not -1 <= s.roller < n or not -1 <= s.age_start_roller < n:
        raise StateInvalid("Age, turn or roller out of range.", "age")
    for i, p in enumerate(s.players):
        if any(name not in EDGE_INDEX for name in p.walls) or len(set(p.walls)) != len(p.walls):
            raise StateInvalid(f"Seat {i} has an unknown or repeated wall.", f"players[{i}].walls")
        if any(name not in FIELD_INDEX for name in (*p.city, *p.selection)):
            raise StateInvalid(f"Seat {i} names an unknown field.", f"players[{i}].city")
        if p.coins < 0 and s.options.negative_scores is False:
            raise StateInvalid(f"Seat {i} has negative coins.", f"players[{i}].coins")
        if p.viking_tiles < 0 or p.raid_tiles < 0 or p.raid_tiles > 2:
            raise StateInvalid(f"Seat {i} has an impossible tile count.", f"players[{i}]")
        lifting = s.step == "lift" and i in building.lift_seats(s)
        if p.submitted is not None and (
            p.submitted.kind == "hidden" or not p.open or not (s.step == "place" or lifting)
        ):
            raise StateInvalid(f"Seat {i} has a placement outside the placement step.", f"players[{i}].submitted")
        if p.lift and (not lifting or p.submitted is None or p.lift > len(p.walls)):
            raise StateInvalid(f"Seat {i} owes walls to lift outside the lift step.", f"players[{i}].lift")
        choosing = p.submitted is not None and p.submitted.kind == "single" and not p.submitted.edge
        if choosing and s.step != "lift":
            raise StateInvalid(f"Seat {i}'s single piece has no street.", f"players[{i}].submitted")
        if p.submitted is not None and not choosing:
            a = _submitted_action(p.submitted)
            if building.check_placement(s, i, a):
                raise StateInvalid(f"Seat {i}'s committed placement is not legal.", f"players[{i}].submitted")
        if (p.selection or p.decided) and (s.step != "close" or not p.open):
            raise StateInvalid(f"Seat {i} is closing outside the closing step.", f"players[{i}].selection")
        if not p.open and not p.city:
            raise StateInvalid(f"Seat {i} is closed without a city.", f"players[{i}].city")
    if sum(1 for p in s.players if p.shield) > 1:
        raise StateInvalid("Only one player holds the King's shield.", "players")


def _submitted_action(sub: Any) -> Any:
    if sub.kind == "formation":
        return mv.PlaceFormation(sub.variant, sub.dx, sub.dy)
    if sub.kind == "single":
        return mv.PlaceSingle(sub.edge)
    return mv.Pass()


ENGINE = WallsOfYorkEngine()
