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
from engines.core.game import GAME_OVER, Game, TableEngine
from engines.core.search import Knobs
from engines.core.table import Act, Step, Table, uniform
from engines.core.text import Message, Text
from engines.walls_of_york import building, closing, content, decree, facts, integrity, scoring, setup, view, words
from engines.walls_of_york import moves as mv
from engines.walls_of_york import picture as pictures
from engines.walls_of_york.content import CONTENT
from engines.walls_of_york.picture import picture
from engines.walls_of_york.redeal import redeal
from engines.walls_of_york.state import Options, State

RULES_VERSION = "1.0.0"


# ---- the chance steps' checks: an outcome the physical process can give ------------------------------------


NO_SUCH_SEAT = Message("walls_of_york.refusal.no_such_seat", "Seat {seat} does not exist.")
IMPOSSIBLE_DECREE = Message(
    "walls_of_york.refusal.impossible_decree",
    "The king dice cannot show church {church}, well {well}, market {market}.",
)
NO_SUCH_FACE = Message("walls_of_york.refusal.no_such_face", "The building die has faces 1..{faces}, not {face}.")


def _check_first_player(s: State, seat: int, a: mv.ChanceSeat) -> list[Violation]:
    """§3.4: the first player is one of the seats."""
    if 0 <= a.seat < len(s.players):
        return []
    return violation("WALLS_OF_YORK_NO_SUCH_SEAT", NO_SUCH_SEAT(seat=a.seat), "action.seat")


def _check_decree(s: State, seat: int, a: mv.ChanceDecree) -> list[Violation]:
    """§4.2: the King's Decree shows what the king dice can show."""
    if (a.church, a.well, a.market) in decree.possible_decrees(s.options.king_dice):
        return []
    message = IMPOSSIBLE_DECREE(church=a.church, well=a.well, market=a.market)
    return violation("WALLS_OF_YORK_IMPOSSIBLE_DECREE", message, "action")


def _check_roll(s: State, seat: int, a: mv.ChanceFace) -> list[Violation]:
    """§4.3: the building die shows one of its faces."""
    if 1 <= a.face <= len(CONTENT.building_die):
        return []
    faces = len(CONTENT.building_die)
    return violation("WALLS_OF_YORK_NO_SUCH_FACE", NO_SUCH_FACE(faces=faces, face=a.face), "action")


def _chance(s: State) -> tuple[int, ...]:
    return (CHANCE,)


def _setup_seat(s: State) -> tuple[int, ...]:
    return (setup.setup_seat(s),)


PROMPT_FIRST_PLAYER = Message("walls_of_york.prompt.first_player", "Draw the player who places the first terrain board")
PROMPT_SETUP = Message(
    "walls_of_york.prompt.setup",
    "Place a terrain board: choose the board, the side up, how it is turned and the quadrant",
)
PROMPT_DECREE = Message("walls_of_york.prompt.decree", "Roll the king dice for the King's Decree")
PROMPT_ROLL = Message("walls_of_york.prompt.roll", "Roll the building die")
PROMPT_PLACE = Message(
    "walls_of_york.prompt.place",
    "Each open player places the rolled formation or a single piece, in secret until every open player has placed",
)
PROMPT_LIFT = Message(
    "walls_of_york.prompt.lift", "The wall supply is short: lift walls of your own to reuse their pieces"
)
PROMPT_CLOSE = Message(
    "walls_of_york.prompt.close", "Each open player chooses a city room by room and seals it, or keeps building"
)


# ---- the table: one row per kind of action and per step -------------------------------------------------------

ACTIONS: dict[type, Act] = {
    mv.ChanceSeat: Act(words.label_first_player, words.log_chance),
    mv.ChanceDecree: Act(words.label_decree, words.log_chance),
    mv.ChanceFace: Act(words.label_face, words.log_chance),
    mv.SetupTile: Act(words.label_setup, words.log_setup),
    mv.PlaceFormation: Act(words.label_formation, words.log_place),
    mv.PlaceSingle: Act(words.label_single, words.log_single),
    mv.Pass: Act(words.label_pass, words.log_place),
    mv.Lift: Act(words.label_lift, words.log_lift),
    mv.Continue: Act(words.label_continue, words.log_close),
    mv.CloseRoom: Act(words.label_room, words.log_close),
    mv.Seal: Act(words.label_seal, words.log_close),
}
"""Every action: how a legal one is shown and what one did, in words."""

STEPS: dict[str, Step[State]] = {
    "chance.first_player": Step(
        (mv.ChanceSeat,),
        lambda s, at: [mv.ChanceSeat(i) for i in range(len(s.players))],
        _check_first_player,
        lambda s, at, a: replace(s, first_player=a.seat, step="setup"),
        PROMPT_FIRST_PLAYER,
        seats=_chance,
        draw=lambda s, at: uniform(range(len(s.players)), mv.ChanceSeat),
    ),
    "setup": Step(
        (mv.SetupTile,),
        lambda s, at: setup.setup_options(s),
        lambda s, at, a: setup.check_setup(s, a),
        lambda s, at, a: setup.apply_setup(s, a),
        PROMPT_SETUP,
        seats=_setup_seat,
        exact=True,
    ),
    "chance.decree": Step(
        (mv.ChanceDecree,),
        lambda s, at: [mv.ChanceDecree(*d) for d in decree.possible_decrees(s.options.king_dice)],
        _check_decree,
        lambda s, at, a: decree.apply_decree(s, a),
        PROMPT_DECREE,
        seats=_chance,
        draw=lambda s, at: decree.decree_draw(s.options.king_dice),
    ),
    "chance.roll": Step(
        (mv.ChanceFace,),
        lambda s, at: [mv.ChanceFace(f.face) for f in CONTENT.building_die],
        _check_roll,
        lambda s, at, a: decree.apply_roll(s, a),
        PROMPT_ROLL,
        seats=_chance,
        draw=lambda s, at: uniform(range(1, len(CONTENT.building_die) + 1), mv.ChanceFace),
    ),
    "place": Step(
        (mv.PlaceFormation, mv.PlaceSingle, mv.Pass),
        building.placement_options,
        building.check_placement,
        building.commit,
        PROMPT_PLACE,
        seats=building.place_seats,
        exact=True,
    ),
    "lift": Step(
        (mv.Lift, mv.PlaceSingle),
        building.lift_options,
        building.check_lift,
        building.apply_lift,
        PROMPT_LIFT,
        seats=building.lift_seats,
        exact=True,
    ),
    "close": Step(
        (mv.Continue, mv.CloseRoom, mv.Seal),
        closing.closing_options,
        closing.check_closing,
        closing.apply_closing,
        PROMPT_CLOSE,
        seats=closing.close_seats,
        exact=True,
    ),
}
"""Each step of the game (§3-§6): what it takes, offers, checks and does, what it asks and who decides."""

#: The steps decided by chance (a seat drawn §3.4, the king dice §4.2, the building die §4.3).
CHANCE_STEPS = ("first_player", "decree", "roll")


def decision(s: State) -> str:
    """The row the game is at: its step (chance's steps named ``chance.<step>``)."""
    return f"chance.{s.step}" if s.step in CHANCE_STEPS else s.step


def _revealed(s: State) -> State | None:
    """§4.4: the placements are revealed once every open player has placed."""
    return None if building.place_seats(s) else building.reveal(s)


def _closed(s: State) -> State | None:
    """§5: the closings resolve once every open player has decided; the Age ends when nobody is open (§4.7)."""
    if closing.close_seats(s):
        return None
    s = closing.resolve(s)
    return scoring.end_of_age(s) if not any(p.open for p in s.players) else replace(s, step="roll")


TABLE: Table[State] = Table(
    actions=ACTIONS,
    action_union=mv.Action,
    stage=lambda s: s.step,
    decision=decision,
    stages=STEPS,
    progress={"place": _revealed, "close": _closed},
)


def options_for(s: State, seat: int) -> list[Any]:
    """Every legal action of ``seat`` in the current step."""
    return STEPS[decision(s)].options(s, seat)


def game_over(state: State) -> Text:
    """Why the game ended: its last Age over (§4, §4.7), or aborted (§10 A8: an Age too long; §4.2: a decree the
    board cannot meet)."""
    return decree.abort_words(state) or GAME_OVER()


def describe() -> dict[str, Any]:
    """The content, and each formation's variants in the order ``PlaceFormation.variant`` counts them."""
    content: dict[str, Any] = msgspec.to_builtins(CONTENT)
    content["formation_variants"] = building.describe_variants()
    return content


#: The search's playouts choose the kind of action first (a formation, a single piece, passing, closing...)
#: and stop after 40 moves, scored by the provisional scores. A placement decision offers about 230 moves,
#: most of them single pieces on every free street, and a whole game is 500-1000 moves, so whole random
#: playouts are few (about 22 a second) and mostly lay single pieces. Measured against random bots at 2
#: players: 100 such playouts won 4 games of 4 where 30 whole ones won 2 of 4 (docs/bots.md).
SEARCH_KNOBS = Knobs(horizon=40, spread=10.0, by_kind=True)


GAME: Game[State, Options] = Game(
    info=GameInfo(
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
    ),
    table=TABLE,
    state_type=State,
    move_type=mv.Move,
    options_type=Options,
    make_options=setup.make_options,
    setup=setup.new_game,
    integrity=integrity.check_state,
    score=scoring.score,
    view=view.view,
    describe=describe,
    label=words.label,
    log=words.log,
    game_over=game_over,
    picture=picture,
    facts=facts.facts,
    names=(
        building.FORMATIONS,
        content.GEM_NAMES,
        content.SIDE_NAMES,
        content.QUADRANT_NAMES,
        pictures.TERRAIN,
        pictures.COLOURS,
    ),
    redeal=redeal,
    knobs=SEARCH_KNOBS,
)
"""Walls of York for 2–4 players."""
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
