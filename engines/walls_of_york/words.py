"""Walls of York in words: a label and a path of choices for every legal move, and the log lines of a move.

Streets are named as in §3.3: ``H x y`` is the horizontal street on top of field column ``x`` of row
``y`` (y 0..8, 8 the bottom edge of the board), ``V x y`` the vertical street left of field column ``x``
in row ``y`` (x 0..8). A formation is placed "at" its anchor, the first street of its variant
(``building.variant_streets``), and named by how the piece as drawn in the content is turned (§5.2).

A formation is named by its pieces and shape (``the 3-piece L``, ``building.formation_name``). A public
log line says what happened, in the past tense, the actor first (``Seat 0 placed the blue board …``,
``Chance rolled …``). The placement and the closing step are simultaneous and hidden until every open
player has decided (§4.4): their public lines say only that the seat decided; the private line, a
sentence to the mover, says what (``You placed the 3-piece L at V 0 3, turned once``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.engine import CHANCE
from engines.core.table import Act, Happened
from engines.core.text import LIST_COMMA, LogEntry, Message, MoveLabel, Name, Text, listing, names, seat, seated
from engines.walls_of_york import building
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import rooms, wall_mask
from engines.walls_of_york.building import FORMATION_TITLES, formation
from engines.walls_of_york.closing import CHURCHES, FIELDS, MARKETS, WELLS
from engines.walls_of_york.content import CONTENT, GAME, GEM_NAMES, QUADRANT_NAMES, SIDE_NAMES
from engines.walls_of_york.state import State

__all__ = ["QUADRANT_NAMES", "TURNS", "decree_words", "label", "log"]

TURNS = names(GAME, "rotation", {"0": "not turned", "1": "turned once", "2": "turned twice", "3": "turned three times"})
"""§3.4: a terrain board turned 0..3 quarter turns clockwise (by the number of turns)."""


def turns(rotation: int) -> Name:
    """§3.4: how a terrain board is turned, as a text names it."""
    return TURNS[str(rotation % 4)]


STREETS_H = Message("walls_of_york.choice.direction_h", "horizontal streets ({direction})")
STREETS_V = Message("walls_of_york.choice.direction_v", "vertical streets ({direction})")
STREET_ROW = Message("walls_of_york.choice.row", "{direction} streets of row {row}")
STREET = Message("walls_of_york.choice.street", "{street}")

NO_CHURCHES = Message("walls_of_york.count.no_churches", "no churches")
NO_WELLS = Message("walls_of_york.count.no_wells", "no wells")
NO_MARKETS = Message("walls_of_york.count.no_markets", "no markets")
DECREE = Message("walls_of_york.decree", "{churches}, {wells} and {markets}")
COINS = Message("walls_of_york.count.coins", "{n} coin", "{n} coins")


def _street_steps(street: str) -> list[Text]:
    """A street chosen by its direction, its row, then itself (at most 9 choices a step)."""
    direction, _, y = street.split()
    which = STREETS_H if direction == "H" else STREETS_V
    return [which(direction=direction), STREET_ROW(direction=direction, row=int(y)), STREET(street=street)]


def _count(n: int, counted: Message, none: Message) -> Text:
    """``1 church``, ``2 churches``, ``no churches``."""
    return counted(n=n) if n > 0 else none()


def churches(n: int) -> Text:
    return _count(n, CHURCHES, NO_CHURCHES)


def wells(n: int) -> Text:
    return _count(n, WELLS, NO_WELLS)


def markets(n: int) -> Text:
    return _count(n, MARKETS, NO_MARKETS)


def decree_words(church: int, well: int, market: int) -> Text:
    """§4.2: "2 churches, 1 well and no markets"."""
    return DECREE(churches=churches(church), wells=wells(well), markets=markets(market))


def coins(n: int) -> Text:
    return COINS(n=n)


# ---- labels, one function per kind of action ------------------------------------------------------------

FIRST_PLAYER = Message("walls_of_york.move.chance_seat", "First player: {seat}")
CHOOSE_FIRST_PLAYER = Message("walls_of_york.choice.chance_seat", "First player")
FIRST_SEAT = Message("walls_of_york.choice.first_seat", "{seat}")


def label_first_player(s: State, seat_: int, a: mv.ChanceSeat) -> tuple[Text, list[Text]]:
    """§3.4: chance names the player who places the first terrain board."""
    who = seat(a.seat)
    return FIRST_PLAYER(seat=who), [CHOOSE_FIRST_PLAYER(), FIRST_SEAT(seat=who)]


KING_DECREES = Message("walls_of_york.move.chance_decree", "The King decrees {decree}")
CHOOSE_DECREE = Message("walls_of_york.choice.chance_decree", "King's Decree")
CHOOSE_CHURCHES = Message("walls_of_york.choice.church", "{churches}")
CHOOSE_WELLS = Message("walls_of_york.choice.well", "{wells}")
CHOOSE_MARKETS = Message("walls_of_york.choice.market", "{markets}")


def label_decree(s: State, seat_: int, a: mv.ChanceDecree) -> tuple[Text, list[Text]]:
    """§4.2: the King's Decree, one value per tower shaft."""
    path = [
        CHOOSE_DECREE(),
        CHOOSE_CHURCHES(churches=churches(a.church)),
        CHOOSE_WELLS(wells=wells(a.well)),
        CHOOSE_MARKETS(markets=markets(a.market)),
    ]
    return KING_DECREES(decree=decree_words(a.church, a.well, a.market)), path


DIE_SHOWS = Message("walls_of_york.move.chance_face", "The building die shows {formation} and {coins} (face {face})")
CHOOSE_DIE = Message("walls_of_york.choice.chance_face", "Building die")
CHOOSE_FACE = Message("walls_of_york.choice.face", "face {face}: {formation} and {coins}")


def label_face(s: State, seat_: int, a: mv.ChanceFace) -> tuple[Text, list[Text]]:
    """§4.3: the building die shows a formation and coins."""
    face = CONTENT.building_die[a.face - 1]
    shape, paid = formation(face.formation), coins(face.coins)
    label = DIE_SHOWS(formation=shape, coins=paid, face=a.face)
    return label, [CHOOSE_DIE(), CHOOSE_FACE(face=a.face, formation=shape, coins=paid)]


PLACE_BOARD = Message(
    "walls_of_york.move.setup_tile", "Place the {gem} board, {side} side up, {turned}, in the {quadrant} quadrant"
)
CHOOSE_SETUP = Message("walls_of_york.choice.setup_tile", "Place a terrain board")
CHOOSE_GEM = Message("walls_of_york.choice.gem", "{gem} board")
CHOOSE_SIDE = Message("walls_of_york.choice.side", "{side} side up")
CHOOSE_ROTATION = Message("walls_of_york.choice.rotation", "{turned}")
CHOOSE_QUADRANT = Message("walls_of_york.choice.quadrant", "{quadrant} quadrant")


def label_setup(s: State, seat_: int, a: mv.SetupTile) -> tuple[Text, list[Text]]:
    """§3.4: a terrain board (by its gem), a side up, turned, into a free quadrant."""
    gem, side, turned, quadrant = GEM_NAMES[a.gem], SIDE_NAMES[a.side], turns(a.rotation), QUADRANT_NAMES[a.quadrant]
    label = PLACE_BOARD(gem=gem, side=side, turned=turned, quadrant=quadrant)
    path = [
        CHOOSE_SETUP(),
        CHOOSE_GEM(gem=gem),
        CHOOSE_SIDE(side=side),
        CHOOSE_ROTATION(turned=turned),
        CHOOSE_QUADRANT(quadrant=quadrant),
    ]
    return label, path


PLACE_FORMATION = Message("walls_of_york.move.place_formation", "Place {formation} at {street}, {turned}")
CHOOSE_FORMATION = Message("walls_of_york.choice.place_formation", "{formation}")
CHOOSE_ORIENTATION = Message("walls_of_york.choice.orientation", "{turned}")
CHOOSE_ANCHOR_ROW = Message("walls_of_york.choice.anchor_row", "anchor in row {row} ({direction} street)")
CHOOSE_ANCHOR = Message("walls_of_york.choice.anchor_street", "at {street}")


def label_formation(s: State, seat_: int, a: mv.PlaceFormation) -> tuple[Text, list[Text]]:
    """§5.2: the rolled formation, turned, placed at its anchor street."""
    rolled = building.rolled_formation(s)
    turned = building.orientation(rolled, a.variant)
    anchor = building.variant_streets(rolled, a.variant, a.dx, a.dy)[0]
    direction, _, row = anchor.split()
    label = PLACE_FORMATION(formation=formation(rolled), street=anchor, turned=turned)
    path = [
        CHOOSE_FORMATION(formation=FORMATION_TITLES[rolled]),
        CHOOSE_ORIENTATION(turned=turned),
        CHOOSE_ANCHOR_ROW(row=int(row), direction=direction),
        CHOOSE_ANCHOR(street=anchor),
    ]
    return label, path


PLACE_SINGLE = Message("walls_of_york.move.place_single", "Place a single piece on {street}")
CHOOSE_SINGLE = Message("walls_of_york.choice.place_single", "Single piece")


def label_single(s: State, seat_: int, a: mv.PlaceSingle) -> tuple[Text, list[Text]]:
    """§5.3: one single wall piece instead of the formation (always allowed)."""
    return PLACE_SINGLE(street=a.edge), [CHOOSE_SINGLE(), *_street_steps(a.edge)]


PASS = Message("walls_of_york.move.pass", "Pass (nothing fits)")
CHOOSE_PASS = Message("walls_of_york.choice.pass", "Pass")


def label_pass(s: State, seat_: int, a: mv.Pass) -> tuple[Text, list[Text]]:
    """§5.4: nothing can be placed."""
    return PASS(), [CHOOSE_PASS()]


LIFT = Message("walls_of_york.move.lift", "Lift your wall on {street}")
CHOOSE_LIFT = Message("walls_of_york.choice.lift", "Lift a wall")


def label_lift(s: State, seat_: int, a: mv.Lift) -> tuple[Text, list[Text]]:
    """§10 A6: lift an own wall to reuse its piece."""
    return LIFT(street=a.edge), [CHOOSE_LIFT(), *_street_steps(a.edge)]


CONTINUE = Message("walls_of_york.move.continue", "Keep building (do not close)")
CHOOSE_CONTINUE = Message("walls_of_york.choice.continue", "Keep building")


def label_continue(s: State, seat_: int, a: mv.Continue) -> tuple[Text, list[Text]]:
    """§5.5: keep building."""
    return CONTINUE(), [CHOOSE_CONTINUE()]


def _room_size(s: State, seat_: int, a: mv.CloseRoom) -> int:
    field = a.c + 8 * a.r
    room = next((r for r in rooms(wall_mask(s.players[seat_])) if r >> field & 1), 0)
    return bin(room).count("1")


ADD_ROOM = Message("walls_of_york.move.add_room", "Add the room of field {field} ({size}) to your city")
CLOSE_ROOM = Message("walls_of_york.move.close_room", "Start a city with the room of field {field} ({size})")
CHOOSE_CLOSE = Message("walls_of_york.choice.close_room", "Choose a room of your city")
CHOOSE_ROOM_ROW = Message("walls_of_york.choice.room_row", "a room starting in row {row}")
CHOOSE_ROOM = Message("walls_of_york.choice.room", "field {field} ({size})")


def label_room(s: State, seat_: int, a: mv.CloseRoom) -> tuple[Text, list[Text]]:
    """§5.5, §6.4: a room (named by its first field) starts or extends the city."""
    size = FIELDS(n=_room_size(s, seat_, a))
    field = f"{a.c},{a.r}"
    shown = ADD_ROOM if s.players[seat_].selection else CLOSE_ROOM
    path = [CHOOSE_CLOSE(), CHOOSE_ROOM_ROW(row=a.r), CHOOSE_ROOM(field=field, size=size)]
    return shown(field=field, size=size), path


SEAL = Message("walls_of_york.move.seal", "Seal your city ({size})")
CHOOSE_SEAL = Message("walls_of_york.choice.seal", "Seal the city")


def label_seal(s: State, seat_: int, a: mv.Seal) -> tuple[Text, list[Text]]:
    """§5.5: declare the chosen rooms as the city."""
    return SEAL(size=FIELDS(n=len(s.players[seat_].selection))), [CHOOSE_SEAL()]


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and the path of choices of a legal move (``act.label``: its action's words; the seat first
    when several seats decide)."""
    shown, path = act.label(state, move.seat, move.action)
    return seated(move.seat, several_seats, shown, path)


# ---- log lines ----------------------------------------------------------------------------------------

LOG_FIRST_PLAYER = Message("walls_of_york.log.chance_seat", "{chance} chose {seat} to place the first terrain board")
LOG_DECREE = Message(
    "walls_of_york.log.chance_decree", "{chance} rolled the King's Decree for Age {age}: the King demands {decree}"
)
LOG_DIE = Message(
    "walls_of_york.log.chance_face", "{chance} rolled the building die for turn {turn}: {formation} and {coins}"
)


def _log_chance(before: State, a: Any, after: State) -> Text:
    """Chance events are public (§3.4, §4.2, §4.3)."""
    chance = seat(CHANCE)
    if isinstance(a, mv.ChanceSeat):
        return LOG_FIRST_PLAYER(chance=chance, seat=seat(a.seat))
    if isinstance(a, mv.ChanceDecree):
        return LOG_DECREE(chance=chance, age=before.age, decree=decree_words(a.church, a.well, a.market))
    face = CONTENT.building_die[a.face - 1]
    return LOG_DIE(chance=chance, turn=before.turn + 1, formation=formation(face.formation), coins=coins(face.coins))


YOU_PLACED = Message("walls_of_york.log.placed_formation", "You placed {formation} at {street}, {turned}")
YOU_PLACED_SINGLE = Message("walls_of_york.log.placed_single", "You placed a single piece on {street}")
YOU_PASSED = Message("walls_of_york.log.passed", "You passed (nothing fit)")


def _private_place(before: State, seat_: int, a: Any) -> Text:
    if isinstance(a, mv.PlaceFormation):
        rolled = building.rolled_formation(before)
        turned = building.orientation(rolled, a.variant)
        anchor = building.variant_streets(rolled, a.variant, a.dx, a.dy)[0]
        return YOU_PLACED(formation=formation(rolled), street=anchor, turned=turned)
    if isinstance(a, mv.PlaceSingle):
        return YOU_PLACED_SINGLE(street=a.edge)
    return YOU_PASSED()


YOU_CONTINUED = Message("walls_of_york.log.continued", "You chose to keep building")
YOU_SEALED = Message("walls_of_york.log.sealed", "You sealed your city of {size}")
YOU_CHOSE_ROOM = Message("walls_of_york.log.chose_room", "You chose the room of field {field} ({size})")


def _private_close(before: State, seat_: int, a: Any) -> Text:
    if isinstance(a, mv.Continue):
        return YOU_CONTINUED()
    if isinstance(a, mv.Seal):
        return YOU_SEALED(size=FIELDS(n=len(before.players[seat_].selection)))
    return YOU_CHOSE_ROOM(field=f"{a.c},{a.r}", size=FIELDS(n=_room_size(before, seat_, a)))


def log_chance(before: State, seat_: int, a: mv.ChanceSeat | mv.ChanceDecree | mv.ChanceFace, after: State) -> LogEntry:
    """Chance events are public (§3.4, §4.2, §4.3)."""
    return LogEntry(seat_, _log_chance(before, a, after))


LOG_SETUP = Message(
    "walls_of_york.log.setup_tile",
    "{seat} placed the {gem} board, {side} side up, {turned}, in the {quadrant} quadrant",
)


def log_setup(before: State, seat_: int, a: mv.SetupTile, after: State) -> LogEntry:
    """A terrain board placed (§3.3), in public."""
    line = LOG_SETUP(
        seat=seat(seat_),
        gem=GEM_NAMES[a.gem],
        side=SIDE_NAMES[a.side],
        turned=turns(a.rotation),
        quadrant=QUADRANT_NAMES[a.quadrant],
    )
    return LogEntry(seat_, line)


LOG_LIFT = Message("walls_of_york.log.lift", "{seat} lifted their wall on {street}")


def log_lift(before: State, seat_: int, a: mv.Lift, after: State) -> LogEntry:
    """A wall lifted when the supply is short (§4.5), in public."""
    return LogEntry(seat_, LOG_LIFT(seat=seat(seat_), street=a.edge))


LOG_CHOSE_SINGLE = Message("walls_of_york.log.chose_single", "{seat} chose the street of their single piece")
YOU_CHOSE_SINGLE = Message("walls_of_york.log.chose_single_street", "You chose {street} for your single piece")


def log_single(before: State, seat_: int, a: mv.PlaceSingle, after: State) -> LogEntry:
    """A single piece: its street chosen after lifting (said only to its player), or a placement."""
    if before.step != "lift":
        return log_place(before, seat_, a, after)
    return LogEntry(seat_, LOG_CHOSE_SINGLE(seat=seat(seat_)), YOU_CHOSE_SINGLE(street=a.edge))


LOG_PLACED = Message(
    "walls_of_york.log.placed", "{seat} chose their placement in secret (shown once every open player has chosen)"
)
LOG_PLACED_LAST = Message(
    "walls_of_york.log.placed_last", "{seat} chose their placement; every placement was revealed: {reveal}"
)


def log_place(before: State, seat_: int, a: mv.PlaceFormation | mv.PlaceSingle | mv.Pass, after: State) -> LogEntry:
    """§4.4: a placement is only "made" until every open player has placed; then all are revealed."""
    who = seat(seat_)
    if after.step == "place" and after.turn == before.turn:
        line = LOG_PLACED(seat=who)
    else:
        line = LOG_PLACED_LAST(seat=who, reveal=_reveal(before, after))
    return LogEntry(seat_, line, _private_place(before, seat_, a))


LOG_CLOSING_STEP = Message(
    "walls_of_york.log.closing_step", "{seat} made a hidden closing choice and is still deciding"
)
LOG_CLOSING_DECIDED = Message(
    "walls_of_york.log.closing_decided",
    "{seat} made their closing decision in secret (shown once every open player has decided)",
)
LOG_CLOSING_LAST = Message(
    "walls_of_york.log.closing_last", "{seat} made their closing decision; every decision was revealed: {reveal}"
)


def log_close(before: State, seat_: int, a: mv.CloseRoom | mv.Continue | mv.Seal, after: State) -> LogEntry:
    """§5: a closing choice is hidden until every open player has decided; then all are revealed."""
    who = seat(seat_)
    if isinstance(a, mv.CloseRoom):
        line = LOG_CLOSING_STEP(seat=who)
    elif after.step == "close" and after.turn == before.turn:
        line = LOG_CLOSING_DECIDED(seat=who)
    else:
        line = LOG_CLOSING_LAST(seat=who, reveal=_closings(before, after))
    return LogEntry(seat_, line, _private_close(before, seat_, a))


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """The public line names nothing hidden: a placement or a closing choice is only "made" until every
    open player has decided (§4.4); the private line says what the mover chose (``act.log``)."""
    assert act.log is not None
    return act.log(before, move.seat, move.action, after)  # type: ignore[no-any-return]


PARTS = Message("walls_of_york.log.parts", "{first}; {rest}")
"""Sentences of one line, one after another."""


def _parts(parts: list[Text]) -> Text:
    """``A; B; C`` (at least one part)."""
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = PARTS(first=part, rest=joined)
    return joined


REVEAL_BUILT = Message("walls_of_york.log.reveal_built", "{seat} built on {streets}")
REVEAL_LIFT = Message("walls_of_york.log.reveal_lift", "{seat} had to lift walls first (the supply ran short)")
REVEAL_PASSED = Message("walls_of_york.log.reveal_passed", "{seat} passed")


def _reveal(before: State, after: State) -> Text:
    """§4.4: once every open player has placed, every placement is shown (read from the walls now standing,
    which every seat sees)."""
    parts = []
    for number, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        if not was.open:
            continue
        old = set(was.walls)
        new = [name for name in now.walls if name not in old]
        if new:
            parts.append(REVEAL_BUILT(seat=seat(number), streets=listing(new)))
        elif now.lift or now.submitted is not None:
            parts.append(REVEAL_LIFT(seat=seat(number)))
        else:
            parts.append(REVEAL_PASSED(seat=seat(number)))
    return _parts(parts)


AGE_ENDED = Message("walls_of_york.log.age_ended", "Age {age} ended; city coins: {scores}")
SEAT_COINS = Message("walls_of_york.log.seat_coins", "{seat}: {coins}")
REVEAL_CLOSED = Message("walls_of_york.log.reveal_closed", "{seat} closed a city of {size}")
REVEAL_KEPT_BUILDING = Message("walls_of_york.log.reveal_kept_building", "{seat} kept building")


def _closings(before: State, after: State) -> Text:
    """§5.5: once every open player has decided, the cities declared are shown; the Age ends when nobody is
    open any more (§4.7), and its cities are scored."""
    if after.age != before.age or (after.step == "over" and not after.aborted):
        category = f"city_coins_age{before.age}"
        scored = [
            SEAT_COINS(seat=seat(number), coins=coins(sum(i.points for i in p.ledger if i.category == category)))
            for number, p in enumerate(after.players)
        ]
        return AGE_ENDED(age=before.age, scores=listing(scored, joined=LIST_COMMA))
    parts = []
    for number, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        if was.open and not now.open:
            parts.append(REVEAL_CLOSED(seat=seat(number), size=FIELDS(n=len(now.city))))
        elif was.open:
            parts.append(REVEAL_KEPT_BUILDING(seat=seat(number)))
    return _parts(parts)
