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
from engines.core.text import LogEntry, MoveLabel, Text, plural, seat_name, seated, text
from engines.walls_of_york import building
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import rooms, wall_mask
from engines.walls_of_york.building import formation_name
from engines.walls_of_york.content import CONTENT, QUADRANT_NAMES
from engines.walls_of_york.state import State

GAME = "walls_of_york"

__all__ = ["QUADRANT_NAMES", "TURNS", "decree_words", "label", "log"]

TURNS: tuple[str, ...] = ("not turned", "turned once", "turned twice", "turned three times")
"""§3.4: a terrain board turned 0..3 quarter turns clockwise."""

DIRECTIONS: dict[str, str] = {"H": "horizontal", "V": "vertical"}


def _move(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.move.{kind}", template, **params)


def _choice(kind: str, template: str, **params: object) -> Text:
    return text(f"{GAME}.choice.{kind}", template, **params)


def _street_steps(street: str) -> list[Text]:
    """A street chosen by its direction, its row, then itself (at most 9 choices a step)."""
    direction, _, y = street.split()
    return [
        _choice("direction", "{which} streets ({direction})", which=DIRECTIONS[direction], direction=direction),
        _choice("row", "{direction} streets of row {row}", direction=direction, row=y),
        _choice("street", "{street}", street=street),
    ]


def _count(n: int, singular: str, several: str | None = None) -> str:
    """``1 church``, ``2 churches``, ``no churches``."""
    return plural(n, singular, several) if n > 0 else f"no {several or singular + 's'}"


def decree_words(church: int, well: int, market: int) -> str:
    """§4.2: "2 churches, 1 well and no markets"."""
    return f"{_count(church, 'church', 'churches')}, {_count(well, 'well')} and {_count(market, 'market')}"


def _coins(n: int) -> str:
    return plural(n, "coin")


# ---- labels, one function per kind of action ------------------------------------------------------------


def label_first_player(s: State, seat: int, a: mv.ChanceSeat) -> tuple[Text, list[Text]]:
    """§3.4: chance names the player who places the first terrain board."""
    who = seat_name(a.seat)
    label = _move("chance_seat", "First player: {seat}", seat=who)
    return label, [_choice("chance_seat", "First player"), _choice("first_seat", "{seat}", seat=who)]


def label_decree(s: State, seat: int, a: mv.ChanceDecree) -> tuple[Text, list[Text]]:
    """§4.2: the King's Decree, one value per tower shaft."""
    words = decree_words(a.church, a.well, a.market)
    label = _move("chance_decree", "The King decrees {decree}", decree=words)
    path = [
        _choice("chance_decree", "King's Decree"),
        _choice("church", "{churches}", churches=_count(a.church, "church", "churches")),
        _choice("well", "{wells}", wells=_count(a.well, "well")),
        _choice("market", "{markets}", markets=_count(a.market, "market")),
    ]
    return label, path


def label_face(s: State, seat: int, a: mv.ChanceFace) -> tuple[Text, list[Text]]:
    """§4.3: the building die shows a formation and coins."""
    face = CONTENT.building_die[a.face - 1]
    template = "The building die shows {formation} and {coins} (face {face})"
    formation, coins = formation_name(face.formation), _coins(face.coins)
    label = _move("chance_face", template, formation=formation, coins=coins, face=a.face)
    path = [
        _choice("chance_face", "Building die"),
        _choice("face", "face {face}: {formation} and {coins}", face=a.face, formation=formation, coins=coins),
    ]
    return label, path


def label_setup(s: State, seat: int, a: mv.SetupTile) -> tuple[Text, list[Text]]:
    """§3.4: a terrain board (by its gem), a side up, turned, into a free quadrant."""
    quadrant = QUADRANT_NAMES[a.quadrant]
    turned = TURNS[a.rotation]
    template = "Place the {gem} board, {side} side up, {turned}, in the {quadrant} quadrant"
    label = _move("setup_tile", template, gem=a.gem, side=a.side, turned=turned, quadrant=quadrant)
    path = [
        _choice("setup_tile", "Place a terrain board"),
        _choice("gem", "{gem} board", gem=a.gem),
        _choice("side", "{side} side up", side=a.side),
        _choice("rotation", "{turned}", turned=turned),
        _choice("quadrant", "{quadrant} quadrant", quadrant=quadrant),
    ]
    return label, path


def label_formation(s: State, seat: int, a: mv.PlaceFormation) -> tuple[Text, list[Text]]:
    """§5.2: the rolled formation, turned, placed at its anchor street."""
    formation = building.rolled_formation(s)
    turned = building.orientation(formation, a.variant)
    anchor = building.variant_streets(formation, a.variant, a.dx, a.dy)[0]
    direction, _, row = anchor.split()
    name = formation_name(formation)
    label = _move(
        "place_formation", "Place {formation} at {street}, {turned}", formation=name, street=anchor, turned=turned
    )
    path = [
        _choice("place_formation", "{formation}", formation=name[:1].upper() + name[1:]),
        _choice("orientation", "{turned}", turned=turned),
        _choice("anchor_row", "anchor in row {row} ({direction} street)", direction=direction, row=row),
        _choice("street", "at {street}", street=anchor),
    ]
    return label, path


def label_single(s: State, seat: int, a: mv.PlaceSingle) -> tuple[Text, list[Text]]:
    """§5.3: one single wall piece instead of the formation (always allowed)."""
    label = _move("place_single", "Place a single piece on {street}", street=a.edge)
    return label, [_choice("place_single", "Single piece"), *_street_steps(a.edge)]


def label_pass(s: State, seat: int, a: mv.Pass) -> tuple[Text, list[Text]]:
    """§5.4: nothing can be placed."""
    return _move("pass", "Pass (nothing fits)"), [_choice("pass", "Pass")]


def label_lift(s: State, seat: int, a: mv.Lift) -> tuple[Text, list[Text]]:
    """§10 A6: lift an own wall to reuse its piece."""
    label = _move("lift", "Lift your wall on {street}", street=a.edge)
    return label, [_choice("lift", "Lift a wall"), *_street_steps(a.edge)]


def label_continue(s: State, seat: int, a: mv.Continue) -> tuple[Text, list[Text]]:
    """§5.5: keep building."""
    return _move("continue", "Keep building (do not close)"), [_choice("continue", "Keep building")]


def _room_size(s: State, seat: int, a: mv.CloseRoom) -> int:
    field = a.c + 8 * a.r
    room = next((r for r in rooms(wall_mask(s.players[seat])) if r >> field & 1), 0)
    return bin(room).count("1")


def label_room(s: State, seat: int, a: mv.CloseRoom) -> tuple[Text, list[Text]]:
    """§5.5, §6.4: a room (named by its first field) starts or extends the city."""
    size = plural(_room_size(s, seat, a), "field")
    field = f"{a.c},{a.r}"
    if s.players[seat].selection:
        label = _move("add_room", "Add the room of field {field} ({size}) to your city", field=field, size=size)
    else:
        label = _move("close_room", "Start a city with the room of field {field} ({size})", field=field, size=size)
    path = [
        _choice("close_room", "Choose a room of your city"),
        _choice("room_row", "a room starting in row {row}", row=a.r),
        _choice("room", "field {field} ({size})", field=field, size=size),
    ]
    return label, path


def label_seal(s: State, seat: int, a: mv.Seal) -> tuple[Text, list[Text]]:
    """§5.5: declare the chosen rooms as the city."""
    size = plural(len(s.players[seat].selection), "field")
    return _move("seal", "Seal your city ({size})", size=size), [_choice("seal", "Seal the city")]


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and the path of choices of a legal move (``act.label``: its action's words; the seat first
    when several seats decide)."""
    shown, path = act.label(state, move.seat, move.action)
    return seated(GAME, move.seat, several_seats, shown, path)


# ---- log lines ----------------------------------------------------------------------------------------


def _log_chance(before: State, a: Any, after: State) -> Text:
    """Chance events are public (§3.4, §4.2, §4.3)."""
    chance = seat_name(CHANCE)
    if isinstance(a, mv.ChanceSeat):
        template = "{chance} chose {seat} to place the first terrain board"
        return text(f"{GAME}.log.chance_seat", template, chance=chance, seat=seat_name(a.seat))
    if isinstance(a, mv.ChanceDecree):
        words = decree_words(a.church, a.well, a.market)
        template = "{chance} rolled the King's Decree for Age {age}: the King demands {decree}"
        return text(f"{GAME}.log.chance_decree", template, chance=chance, age=before.age, decree=words)
    face = CONTENT.building_die[a.face - 1]
    template = "{chance} rolled the building die for turn {turn}: {formation} and {coins}"
    formation, coins = formation_name(face.formation), _coins(face.coins)
    return text(
        f"{GAME}.log.chance_face", template, chance=chance, turn=before.turn + 1, formation=formation, coins=coins
    )


def _private_place(before: State, seat: int, a: Any) -> Text:
    if isinstance(a, mv.PlaceFormation):
        formation = building.rolled_formation(before)
        turned = building.orientation(formation, a.variant)
        anchor = building.variant_streets(formation, a.variant, a.dx, a.dy)[0]
        template = "You placed {formation} at {street}, {turned}"
        name = formation_name(formation)
        return text(f"{GAME}.log.placed_formation", template, formation=name, street=anchor, turned=turned)
    if isinstance(a, mv.PlaceSingle):
        return text(f"{GAME}.log.placed_single", "You placed a single piece on {street}", street=a.edge)
    return text(f"{GAME}.log.passed", "You passed (nothing fit)")


def _private_close(before: State, seat: int, a: Any) -> Text:
    if isinstance(a, mv.Continue):
        return text(f"{GAME}.log.continued", "You chose to keep building")
    if isinstance(a, mv.Seal):
        size = plural(len(before.players[seat].selection), "field")
        return text(f"{GAME}.log.sealed", "You sealed your city of {size}", size=size)
    field, size = f"{a.c},{a.r}", plural(_room_size(before, seat, a), "field")
    return text(f"{GAME}.log.chose_room", "You chose the room of field {field} ({size})", field=field, size=size)


def log_chance(before: State, seat: int, a: mv.ChanceSeat | mv.ChanceDecree | mv.ChanceFace, after: State) -> LogEntry:
    """Chance events are public (§3.4, §4.2, §4.3)."""
    return LogEntry(seat, _log_chance(before, a, after))


def log_setup(before: State, seat: int, a: mv.SetupTile, after: State) -> LogEntry:
    """A terrain board placed (§3.3), in public."""
    template = "{seat} placed the {gem} board, {side} side up, {turned}, in the {quadrant} quadrant"
    quadrant, turned, who = QUADRANT_NAMES[a.quadrant], TURNS[a.rotation], seat_name(seat)
    line = text(f"{GAME}.log.setup_tile", template, seat=who, gem=a.gem, side=a.side, turned=turned, quadrant=quadrant)
    return LogEntry(seat, line)


def log_lift(before: State, seat: int, a: mv.Lift, after: State) -> LogEntry:
    """A wall lifted when the supply is short (§4.5), in public."""
    line = text(f"{GAME}.log.lift", "{seat} lifted their wall on {street}", seat=seat_name(seat), street=a.edge)
    return LogEntry(seat, line)


def log_single(before: State, seat: int, a: mv.PlaceSingle, after: State) -> LogEntry:
    """A single piece: its street chosen after lifting (said only to its player), or a placement."""
    if before.step != "lift":
        return log_place(before, seat, a, after)
    line = text(f"{GAME}.log.chose_single", "{seat} chose the street of their single piece", seat=seat_name(seat))
    private = text(f"{GAME}.log.chose_single_street", "You chose {street} for your single piece", street=a.edge)
    return LogEntry(seat, line, private)


def log_place(before: State, seat: int, a: mv.PlaceFormation | mv.PlaceSingle | mv.Pass, after: State) -> LogEntry:
    """§4.4: a placement is only "made" until every open player has placed; then all are revealed."""
    who = seat_name(seat)
    if after.step == "place" and after.turn == before.turn:
        template = "{seat} chose their placement in secret (shown once every open player has chosen)"
        line = text(f"{GAME}.log.placed", template, seat=who)
    else:
        template = "{seat} chose their placement; every placement was revealed: {reveal}"
        line = text(f"{GAME}.log.placed_last", template, seat=who, reveal=_reveal(before, after))
    return LogEntry(seat, line, _private_place(before, seat, a))


def log_close(before: State, seat: int, a: mv.CloseRoom | mv.Continue | mv.Seal, after: State) -> LogEntry:
    """§5: a closing choice is hidden until every open player has decided; then all are revealed."""
    who = seat_name(seat)
    if isinstance(a, mv.CloseRoom):
        line = text(f"{GAME}.log.closing_step", "{seat} made a hidden closing choice and is still deciding", seat=who)
    elif after.step == "close" and after.turn == before.turn:
        template = "{seat} made their closing decision in secret (shown once every open player has decided)"
        line = text(f"{GAME}.log.closing_decided", template, seat=who)
    else:
        template = "{seat} made their closing decision; every decision was revealed: {reveal}"
        line = text(f"{GAME}.log.closing_last", template, seat=who, reveal=_closings(before, after))
    return LogEntry(seat, line, _private_close(before, seat, a))


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """The public line names nothing hidden: a placement or a closing choice is only "made" until every
    open player has decided (§4.4); the private line says what the mover chose (``act.log``)."""
    assert act.log is not None
    return act.log(before, move.seat, move.action, after)  # type: ignore[no-any-return]


def _streets(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _reveal(before: State, after: State) -> str:
    """§4.4: once every open player has placed, every placement is shown (read from the walls now standing,
    which every seat sees)."""
    parts = []
    for seat, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        if not was.open:
            continue
        old = set(was.walls)
        new = [name for name in now.walls if name not in old]
        if new:
            parts.append(f"{seat_name(seat)} built on {_streets(new)}")
        elif now.lift or now.submitted is not None:
            parts.append(f"{seat_name(seat)} had to lift walls first (the supply ran short)")
        else:
            parts.append(f"{seat_name(seat)} passed")
    return "; ".join(parts)


def _closings(before: State, after: State) -> str:
    """§5.5: once every open player has decided, the cities declared are shown; the Age ends when nobody is
    open any more (§4.7), and its cities are scored."""
    if after.age != before.age or (after.step == "over" and not after.aborted):
        category = f"city_coins_age{before.age}"
        scored = [
            f"{seat_name(seat)}: {_coins(sum(i.points for i in p.ledger if i.category == category))}"
            for seat, p in enumerate(after.players)
        ]
        return f"Age {before.age} ended; city coins: {', '.join(scored)}"
    parts = []
    for seat, (was, now) in enumerate(zip(before.players, after.players, strict=True)):
        if was.open and not now.open:
            parts.append(f"{seat_name(seat)} closed a city of {plural(len(now.city), 'field')}")
        elif was.open:
            parts.append(f"{seat_name(seat)} kept building")
    return "; ".join(parts)
