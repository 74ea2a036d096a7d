"""The Walls of York engine: the uniform protocol over the rule modules.

Simultaneous steps (placement, closing) have several pending seats; each seat's move is
stored hidden and the step resolves once every pending seat has moved (§4.4).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, GameType, option_infos
from engines.core.errors import Violation, violation
from engines.core.game import Decision, Now, TableEngine
from engines.core.picture import Picture
from engines.core.rng import Rng
from engines.walls_of_york import building, closing, decree, facts, integrity, scoring, setup, view, words
from engines.walls_of_york import moves as mv
from engines.walls_of_york.content import CONTENT
from engines.walls_of_york.picture import picture
from engines.walls_of_york.state import Options, State

RULES_VERSION = "1.0.0"

PROMPTS: dict[str, str] = {
    "first_player": "Draw the player who places the first terrain board",
    "setup": "Place a terrain board: choose the board, the side up, how it is turned and the quadrant",
    "decree": "Roll the king dice for the King's Decree",
    "roll": "Roll the building die",
    "place": (
        "Each open player places the rolled formation or a single piece, in secret until every open player has placed"
    ),
    "lift": "The wall supply is short: lift walls of your own to reuse their pieces",
    "close": "Each open player chooses a city room by room and seals it, or keeps building",
}
"""What each step asks, in the deciders' words (the client says whose decision it is)."""


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


# ---- the decision table -------------------------------------------------------------------------


def _check_first_player(s: State, seat: int, a: mv.ChanceSeat) -> list[Violation]:
    """§3: the first player is one of the seats."""
    if 0 <= a.seat < len(s.players):
        return []
    return violation("WALLS_OF_YORK_NO_SUCH_SEAT", f"Seat {a.seat} does not exist.", "action.seat")


def _check_decree(s: State, seat: int, a: mv.ChanceDecree) -> list[Violation]:
    """The King's Decree shows what the king dice can show."""
    if (a.church, a.well, a.market) in decree.possible_decrees(s.options.king_dice):
        return []
    message = f"The king dice cannot show church {a.church}, well {a.well}, market {a.market}."
    return violation("WALLS_OF_YORK_IMPOSSIBLE_DECREE", message, "action")


def _check_roll(s: State, seat: int, a: mv.ChanceFace) -> list[Violation]:
    """The building die shows one of its faces."""
    if 1 <= a.face <= len(CONTENT.building_die):
        return []
    faces = len(CONTENT.building_die)
    return violation("WALLS_OF_YORK_NO_SUCH_FACE", f"The building die has faces 1..{faces}, not {a.face}.", "action")


STEPS: dict[str, Decision[State]] = {
    "first_player": Decision(
        (mv.ChanceSeat,),
        lambda s, seat: [mv.ChanceSeat(i) for i in range(len(s.players))],
        _check_first_player,
        lambda s, seat, a: replace(s, first_player=a.seat, step="setup"),
    ),
    "setup": Decision(
        (mv.SetupTile,),
        lambda s, seat: setup.setup_options(s),
        lambda s, seat, a: setup.check_setup(s, a),
        lambda s, seat, a: setup.apply_setup(s, a),
    ),
    "decree": Decision(
        (mv.ChanceDecree,),
        lambda s, seat: [mv.ChanceDecree(*d) for d in decree.possible_decrees(s.options.king_dice)],
        _check_decree,
        lambda s, seat, a: decree.apply_decree(s, a),
    ),
    "roll": Decision(
        (mv.ChanceFace,),
        lambda s, seat: [mv.ChanceFace(f.face) for f in CONTENT.building_die],
        _check_roll,
        lambda s, seat, a: decree.apply_roll(s, a),
    ),
    "place": Decision(
        (mv.PlaceFormation, mv.PlaceSingle, mv.Pass),
        lambda s, seat: list(building.placement_options(s, seat)),
        building.check_placement,
        building.commit,
    ),
    "lift": Decision(
        (mv.Lift, mv.PlaceSingle),
        lambda s, seat: list(building.lift_options(s, seat)),
        building.check_lift,
        building.apply_lift,
    ),
    "close": Decision(
        (mv.Continue, mv.CloseRoom, mv.Seal),
        lambda s, seat: list(closing.closing_options(s, seat)),
        closing.check_closing,
        closing.apply_closing,
    ),
}
"""Each step of the game (§3-§6) and what it takes, offers, checks and does."""


def now(s: State) -> Now[State] | None:
    seats = pending_seats(s)
    if not seats:
        return None
    kind = f"chance.{s.step}" if seats == (CHANCE,) else s.step
    return Now(seats, STEPS[s.step], kind, PROMPTS[s.step])


def options_for(s: State, seat: int) -> list[Any]:
    """Every legal action of ``seat`` in the current step."""
    return list(STEPS[s.step].options(s, seat))


def automatic(s: State) -> State | None:
    """A simultaneous step resolves once every pending seat has moved (§4.4, §5); the age ends when nobody
    is open any more."""
    if s.step == "place" and not building.place_seats(s):
        return building.reveal(s)
    if s.step == "close" and not closing.close_seats(s):
        s = closing.resolve(s)
        return scoring.end_of_age(s) if not any(p.open for p in s.players) else replace(s, step="roll")
    return None


def chance(s: State, now: Now[State], rng: Rng) -> tuple[Any, Rng]:
    """The physical process: a seat drawn (§3.4), the king dice rolled (§4.2), the building die rolled (§4.3)."""
    if s.step == "first_player":
        seat, rng = rng.below(len(s.players))
        return mv.ChanceSeat(seat), rng
    if s.step == "decree":
        return decree.roll_decree(rng, s.options.king_dice)
    face, rng = rng.below(len(CONTENT.building_die))
    return mv.ChanceFace(face + 1), rng


class WallsOfYork:
    """Walls of York for 2–4 players."""

    info = GameInfo(
        game_id="walls_of_york",
        title="Walls of York",
        rules_version=RULES_VERSION,
        min_players=setup.PLAYERS.start,
        max_players=setup.PLAYERS.stop - 1,
        options=option_infos(Options, setup.OPTION_DOCS, choices={"board": tuple(CONTENT.preset)}),
        # Every open player places (§4.4) and closes (§5) at once, in secret until all have; the first
        # player is drawn and the king dice and the building die are rolled.
        game_type=GameType(simultaneous=True, hidden_information=True, chance=True),
        variants=tuple(CONTENT.preset),
    )
    state_type = State
    move_type = mv.Move
    options_type = Options

    make_options = staticmethod(setup.make_options)
    setup = staticmethod(setup.new_game)
    integrity = staticmethod(integrity.check_state)
    now = staticmethod(now)
    automatic = staticmethod(automatic)
    chance = staticmethod(chance)
    score = staticmethod(scoring.score)
    view = staticmethod(view.view)
    label = staticmethod(words.label)
    log = staticmethod(words.log)
    facts = staticmethod(facts.facts)

    def seats(self, state: State) -> range:
        """One seat per entry of ``players``."""
        return range(len(state.players))

    def game_over(self, state: State) -> str:
        return state.aborted or "The game is over."

    def picture(self, view: State, viewer: int | None) -> Picture:
        """The picture of ``view`` as ``viewer`` sees it (``RenderView``): every seat's board, holdings, a legend."""
        return picture(view, viewer)

    def describe(self) -> dict[str, Any]:
        """The content, and each formation's variants in the order ``PlaceFormation.variant`` counts them."""
        content: dict[str, Any] = msgspec.to_builtins(CONTENT)
        content["formation_variants"] = building.describe_variants()
        return content


GAME = WallsOfYork()
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
