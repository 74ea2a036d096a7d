"""The Walled City in words: a label and a path of choices for every legal move, and the log lines of a
move (issue 9). Places are named by the ids printed on the board (areas, paths, gaps, towers, zones),
cards by their numbers (``3/1``), guilds by their names in the content.

Paths keep every menu within ``MENU_LIMIT`` choices: a step over a set of board items larger than that
(a content pack's bigger board) is split into groups of consecutive ids in board order first (``_pick``).
Nothing hidden reaches a public line (§8): a defence card is placed face down, a defence-only card is dealt
face down, a Butchers gift is known to giver and recipient only.

Every word is a ``Message`` (``engines.core.text``): its English template here, its translations in
``locale/``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from engines.core.table import Act, Happened
from engines.core.text import LogEntry, Message, MoveLabel, Param, Text, seat, seated
from engines.walled_city import moves as mv
from engines.walled_city.common import board
from engines.walled_city.content import CONTENT
from engines.walled_city.names import (
    CITIZEN_KINDS,
    NO_NOBLES,
    NO_PEASANTS,
    NOBLES,
    PEASANTS,
    PIECES,
    competitor,
    faction,
    guild,
)
from engines.walled_city.state import State

GAME = "walled_city"
MENU_LIMIT = 25
"""The most choices one menu step offers (a Discord select menu holds 25 options)."""


# ---- names ----------------------------------------------------------------------------------------

CARD_DEFENCE_ONLY = Message("walled_city.card.defence_only", "{card} (defence-only)")
NOBLES_AND_PEASANTS = Message("walled_city.citizens.both", "{nobles} and {peasants}")
NOBODY = Message("walled_city.citizens.nobody", "nobody")
DIE_NAME = Message("walled_city.marker.die", "the {faction} die on {place} (showing {value})")
DIE_INDEX = Message("walled_city.marker.die_index", "die {index}")
TILE_NAME = Message("walled_city.marker.tile", "the survey tile on {area} ({value})")
TILE_INDEX = Message("walled_city.marker.tile_index", "tile {index}")
CUT_MIDDLE = Message("walled_city.cut.middle", "the middle of {item}")
CUT_CORNER = Message("walled_city.cut.corner", "the corner after {item}")
A_DIE = Message("walled_city.die.a", "a {faction} die")
AN_DIE = Message("walled_city.die.an", "an {faction} die")


def guild_name(guild_id: str) -> Param:
    """A guild by its name in the content (``Merchant Taylors``)."""
    return guild(guild_id)


def who_name(who: str) -> Param:
    """A competitor (``"0"``..``"3"``, ``"neutral"``, §3.6) as people name it."""
    return competitor(who)


def card_name(a: int, b: int, defence_only: bool = False) -> Param:
    """A building card by its numbers (§2.4); the 3-player Borderlands off-colour card says so (§3.7)."""
    return CARD_DEFENCE_ONLY(card=f"{a}/{b}") if defence_only else f"{a}/{b}"


def citizens_name(peasants: int, nobles: int) -> Text:
    """``1 noble and 2 peasants``, ``3 peasants``, ``nobody``."""
    if nobles and peasants:
        return NOBLES_AND_PEASANTS(nobles=NOBLES(n=nobles), peasants=PEASANTS(n=peasants))
    if nobles:
        return NOBLES(n=nobles)
    return PEASANTS(n=peasants) if peasants else NOBODY()


def signed(value: int) -> str:
    """A survey tile's side or a signed change: ``+1``, ``-1``."""
    return f"{value:+d}"


GROUP = Message("walled_city.choice.group", "{first} to {last}")


def _pick(universe: Sequence[str], item: str, chosen: Text, shown: Callable[[str], Param] = str) -> list[Text]:
    """The menu step choosing ``item`` among ``universe`` (board order; ``chosen``: its words); when the universe
    is larger than a menu, a step choosing the group of consecutive ids (``shown``) first."""
    out: list[Text] = []
    if len(universe) > MENU_LIMIT and item in universe:
        size = -(-len(universe) // -(-len(universe) // MENU_LIMIT))
        start = universe.index(item) // size * size
        group = universe[start : start + size]
        out.append(GROUP(first=shown(group[0]), last=shown(group[-1])))
    out.append(chosen)
    return out


def _places(s: State) -> list[str]:
    """Areas then towers of the board in play (fenced areas included)."""
    b = board(s)
    return [*b.area_ids, *b.tower]


def _die_name(s: State, index: int) -> Text:
    d = s.dice[index] if 0 <= index < len(s.dice) else None
    return DIE_NAME(faction=faction(d.faction), place=d.location, value=d.value) if d else DIE_INDEX(index=index)


def _tile_name(s: State, index: int) -> Text:
    t = s.tiles[index] if 0 <= index < len(s.tiles) else None
    return TILE_NAME(area=t.area, value=signed(t.value)) if t else TILE_INDEX(index=index)


def marker_name(s: State, kind: str, index: int) -> Text:
    return _die_name(s, index) if kind == "die" else _tile_name(s, index)


def _side_name(s: State, path: str, side: int) -> str:
    sides = board(s).sides(path) if path in board(s).path else ((), ())
    return "/".join(sides[side]) or "?"


def _cut_name(item: str, inside: bool) -> Text:
    return CUT_MIDDLE(item=item) if inside else CUT_CORNER(item=item)


def _cut_key(item: str, inside: bool) -> str:
    return f"{item}:{int(inside)}"


def _cut_shown(key: str) -> Text:
    item, _, inside = key.rpartition(":")
    return _cut_name(item, inside == "1")


STOP = Message("walled_city.move.stop", "Stop using the {guild}")
STOPPED = Message("walled_city.did.stop", "stopped using the {guild}")
GIVE_UP = Message("walled_city.move.give_up", "Give up your {piece}: there is nowhere to build it")
GAVE_UP = Message("walled_city.did.give_up", "gave up their {piece} (there was nowhere to build it)")
PROMOTE_DONE = Message("walled_city.move.promote_done", "Promote no more")
PROMOTED_DONE = Message("walled_city.did.promote_done", "promoted no more")
PASS = Message("walled_city.move.pass", "Pass (adjust nothing)")
PASSED = Message("walled_city.did.pass", "passed (adjusted nothing)")
END_TURN = Message("walled_city.move.end_turn", "End the turn")
ENDED_TURN = Message("walled_city.did.end_turn", "ended the turn")


def _done_label(s: State) -> tuple[str, Message, Message]:
    """What ``done`` means where it is offered: its kind of choice, its words and what it did."""
    if s.activation is not None:
        return "stop", STOP, STOPPED
    step = s.turn.step if s.turn is not None else ""
    return {
        "place": ("give_up", GIVE_UP, GAVE_UP),
        "promote": ("promote_done", PROMOTE_DONE, PROMOTED_DONE),
        "adjust": ("pass", PASS, PASSED),
    }.get(step, ("end_turn", END_TURN, ENDED_TURN))


# ---- labels: one function per kind of move ------------------------------------------------------------


class Worded(NamedTuple):
    """A move in words: its kind, its label's message and parameters, its path, and what a seat who made it
    in the open did (the public line after ``{seat}``, a message filled with the same parameters; ``None`` for
    chance and for a move with a hidden card, whose lines are their own)."""

    kind: str
    label: Message
    params: dict[str, Param]
    path: list[Text]
    past: Message | None = None


def fill(message: Message, params: dict[str, Param]) -> Text:
    """``message`` with the parameters it names, taken from ``params``."""
    return message(**{name: params[name] for name in message.names})


START_PLAYER = Message("walled_city.move.start_player", "Start player: {seat}")
CHOICE_SEAT = Message("walled_city.choice.seat", "{seat}")


def label_chance_seat(s: State, a: mv.ChanceSeat) -> Worded:
    who = seat(a.seat)
    return Worded("start_player", START_PLAYER, {"seat": who}, [CHOICE_SEAT(seat=who)])


def a_die(faction_id: str) -> Text:
    """``a blue die``, ``an orange die``."""
    return (AN_DIE if faction_id[:1] in "aeiou" else A_DIE)(faction=faction(faction_id))


ROLL = Message("walled_city.move.die", "Roll {die} showing {value}")
CHOICE_DIE = Message("walled_city.choice.die", "{faction} {value}")


def label_chance_die(s: State, a: mv.ChanceDie) -> Worded:
    params: dict[str, Param] = {"die": a_die(a.faction), "value": a.value}
    return Worded("die", ROLL, params, [CHOICE_DIE(faction=faction(a.faction), value=a.value)])


LAY_TILE = Message("walled_city.move.tile", "Lay a survey tile showing {side}")
CHOICE_SIDE = Message("walled_city.choice.tile", "{side}")


def label_chance_tile(s: State, a: mv.ChanceTile) -> Worded:
    side = signed(a.value)
    return Worded("tile", LAY_TILE, {"side": side}, [CHOICE_SIDE(side=side)])


ADD_GUILD = Message("walled_city.move.guild", "Add the {guild} to the offer")
CHOICE_GUILD = Message("walled_city.choice.guild", "{guild}")


def label_chance_guild(s: State, a: mv.ChanceGuild) -> Worded:
    name = guild_name(a.guild)
    return Worded("guild", ADD_GUILD, {"guild": name}, [CHOICE_GUILD(guild=name)])


DEAL_CARD = Message("walled_city.move.card", "Deal the defence-only card {card}")
CHOICE_CARD = Message("walled_city.choice.card", "{card}")


def label_chance_card(s: State, a: mv.ChanceCard) -> Worded:
    card = card_name(a.a, a.b)
    return Worded("card", DEAL_CARD, {"card": card}, [CHOICE_CARD(card=card)])


REROLL_SHOWS = Message("walled_city.move.reroll", "The re-roll shows {value}")
CHOICE_VALUE = Message("walled_city.choice.value", "{value}")


def label_chance_reroll(s: State, a: mv.ChanceReroll) -> Worded:
    item = s.activation.items[-1] if s.activation is not None and s.activation.items else ""
    shown = signed(a.value) if item.startswith("tile") else str(a.value)
    return Worded("reroll", REROLL_SHOWS, {"value": shown}, [CHOICE_VALUE(value=shown)])


KIND_ROAD = Message("walled_city.choice.kind.road", "Starting road")
CHOICE_ID = Message("walled_city.choice.id", "{item}")
STARTING_ROAD = Message("walled_city.move.starting_road", "Place a starting road on {path}")
PLACED_STARTING_ROAD = Message("walled_city.did.starting_road", "placed a starting road on {path}")


def label_starting_road(s: State, a: mv.StartingRoad) -> Worded:
    path = _pick(list(board(s).path), a.path, CHOICE_ID(item=a.path))
    return Worded("starting_road", STARTING_ROAD, {"path": a.path}, [KIND_ROAD(), *path], PLACED_STARTING_ROAD)


CHOICE_GUILD_PRIORITY = Message("walled_city.choice.guild_priority", "{guild} ({priority})")
TAKE_GUILD = Message("walled_city.move.choose_guild", "Take the {guild} (priority {priority})")
TOOK_GUILD = Message("walled_city.did.choose_guild", "took the {guild} (priority {priority})")


def label_choose_guild(s: State, a: mv.ChooseGuild) -> Worded:
    name, rank = guild_name(a.guild), CONTENT.guild[a.guild].label if a.guild in CONTENT.guild else "?"
    path = [CHOICE_GUILD_PRIORITY(guild=name, priority=rank)]
    return Worded("choose_guild", TAKE_GUILD, {"guild": name, "priority": rank}, path, TOOK_GUILD)


KIND_BUILD = Message("walled_city.choice.kind.build", "Build a {piece}")
CHOICE_CARD_NAMED = Message("walled_city.choice.card_named", "Card {card}")
BUILD = Message("walled_city.move.build", "Build a {piece} on {spot} with card {card}")
BUILT = Message("walled_city.did.build", "built a {piece} on {spot} with card {card}")


def label_build(s: State, a: mv.BuildRoad | mv.BuildWall) -> Worded:
    road = isinstance(a, mv.BuildRoad)
    spot = a.path if isinstance(a, mv.BuildRoad) else a.gap
    universe = list(board(s).path) if road else list(board(s).gap)
    card = card_name(a.a, a.b)
    piece = "road" if road else "wall"
    path = [
        KIND_BUILD(piece=PIECES[piece]),
        CHOICE_CARD_NAMED(card=card),
        *_pick(universe, spot, CHOICE_ID(item=spot)),
    ]
    params: dict[str, Param] = {"piece": PIECES[piece], "spot": spot, "card": card}
    return Worded(f"build_{piece}", BUILD, params, path, BUILT)


TOWARD = Message("walled_city.toward", "{number} toward {where}")
TOWARD_NOTHING = Message("walled_city.toward_nothing", "nothing toward {where}")


def toward(number: int, where: str) -> Text:
    """``3 toward A11``, or ``nothing toward A11`` for a card's 0 (a move never reads as a quantity of zero)."""
    return TOWARD(number=number, where=where) if number else TOWARD_NOTHING(where=where)


ON = Message("walled_city.on", "{number} on {area} ({citizens})")
ON_SHORT = Message("walled_city.on_short", "{citizens} on {area} (the card's {number}; the reserve is short)")


def _on(number: int, placed: int, area: str, citizens: Text) -> Text:
    """``3 on A11 (1 noble and 2 peasants)``; with a reserve too short for the card's number (A-6), what is
    actually placed: ``2 peasants on A11 (the card's 3; the reserve is short)``."""
    if placed == number:
        return ON(number=number, area=area, citizens=citizens)
    return ON_SHORT(citizens=citizens, area=area, number=number)


KIND_SETTLE = Message("walled_city.choice.kind.settle", "Settle")
CHOICE_NUMBERS = Message("walled_city.choice.numbers", "{side1}, {side2}")
CHOICE_INTO = Message("walled_city.choice.area1", "into {area}")
CHOICE_AND_INTO = Message("walled_city.choice.area2", "and into {area}")
CHOICE_PLACED = Message("walled_city.choice.placed", "{citizens} on {area}")
SETTLE = Message("walled_city.move.settle", "Settle {one} and {two}")
SETTLED = Message("walled_city.did.settle", "settled {one} and {two}")


def label_settle(s: State, a: mv.Settle) -> Worded:
    """§5.3 step 2: each number of the card on one side of the road. A side given the card's 0 gets nothing
    (its area is immaterial, so it is named by its side), and the side that gets citizens is named first."""
    turn = s.turn
    spot = turn.spot if turn is not None else ""
    second = (turn.a + turn.b - a.first) if turn is not None else 0
    first_side, second_side = _side_name(s, spot, 0), _side_name(s, spot, 1)
    one = citizens_name(a.placed1 - a.nobles1, a.nobles1)
    two = citizens_name(a.placed2 - a.nobles2, a.nobles2)
    sides = [
        _on(a.first, a.placed1, a.area1, one) if a.first else toward(0, first_side),
        _on(second, a.placed2, a.area2, two) if second else toward(0, second_side),
    ]
    if not a.first:
        sides.reverse()
    params: dict[str, Param] = {"one": sides[0], "two": sides[1]}
    path = [
        KIND_SETTLE(),
        CHOICE_NUMBERS(side1=toward(a.first, first_side), side2=toward(second, second_side)),
        CHOICE_INTO(area=a.area1),
        CHOICE_AND_INTO(area=a.area2),
        CHOICE_PLACED(citizens=one, area=a.area1),
        CHOICE_PLACED(citizens=two, area=a.area2),
    ]
    return Worded("settle", SETTLE, params, path, SETTLED)


NOTHING_ON = Message("walled_city.nothing_on", "nothing on {area}")
UP_TO = Message("walled_city.up_to", "up to {number}")
NONE_KEPT = Message("walled_city.none", "none")
SETTLE_NUMBER = Message("walled_city.settle_number", "Settle {number}")
SETTLE_NOTHING = Message("walled_city.settle_nothing", "Settle nothing")
CHOICE_SETTLE_WALL = Message("walled_city.choice.number", "{numbers}, promote {promote}")
CHOICE_CITIZENS = Message("walled_city.choice.citizens", "{citizens}")
SETTLE_WALL = Message("walled_city.move.settle_wall", "Settle {settled}, promote {promote}")
SETTLED_WALL = Message("walled_city.did.settle_wall", "settled {settled}, keeping {kept} to promote")


def label_settle_wall(s: State, a: mv.SettleWall) -> Worded:
    """§5.4 step 2: one number of the card settles next to the wall, the other promotes; a 0 is worded as
    nothing settled, or nobody promoted."""
    turn = s.turn
    other = (turn.a + turn.b - a.number) if turn is not None else 0
    area = board(s).gap_area(turn.spot) if turn is not None and turn.spot in board(s).gap else "?"
    who = citizens_name(a.peasants, a.nobles)
    settled = _on(a.number, a.nobles + a.peasants, area, who) if a.number else NOTHING_ON(area=area)
    promote = UP_TO(number=other) if other else NOBODY()
    params: dict[str, Param] = {"settled": settled, "promote": promote, "kept": other if other else NONE_KEPT()}
    numbers = SETTLE_NUMBER(number=a.number) if a.number else SETTLE_NOTHING()
    path = [KIND_SETTLE(), CHOICE_SETTLE_WALL(numbers=numbers, promote=promote), CHOICE_CITIZENS(citizens=who)]
    return Worded("settle_wall", SETTLE_WALL, params, path, SETTLED_WALL)


KIND_PROMOTE = Message("walled_city.choice.kind.promote", "Promote a noble")
CHOICE_WHO = Message("walled_city.choice.who", "{who}")
CHOICE_FROM = Message("walled_city.choice.from", "from {area}")
CHOICE_TO = Message("walled_city.choice.to", "to {tower}")
PROMOTE = Message("walled_city.move.promote", "Promote {who}'s noble from {area} to {tower}")
PROMOTED = Message("walled_city.did.promote", "promoted {who}'s noble from {area} to {tower}")


def label_promote(s: State, a: mv.Promote) -> Worded:
    who = who_name(a.who)
    params: dict[str, Param] = {"who": who, "area": a.area, "tower": a.tower}
    path = [
        KIND_PROMOTE(),
        CHOICE_WHO(who=who),
        *_pick(board(s).area_ids, a.area, CHOICE_FROM(area=a.area)),
        CHOICE_TO(tower=a.tower),
    ]
    return Worded("promote", PROMOTE, params, path, PROMOTED)


KIND_ADJUST = Message("walled_city.choice.kind.adjust", "Adjust a die or tile")
CHOICE_MARKER = Message("walled_city.choice.marker", "{marker}")
TURN_DIE = Message("walled_city.move.adjust_die", "Turn {marker} to {value}")
TURNED_DIE = Message("walled_city.did.adjust_die", "turned {marker} to {value}")
FLIP_TILE = Message("walled_city.move.adjust_tile", "Flip {marker} to {value}")
FLIPPED_TILE = Message("walled_city.did.adjust_tile", "flipped {marker} to {value}")
CHOICE_TURN_IT = Message("walled_city.choice.turn_it", "turn it to {value}")
CHOICE_FLIP_IT = Message("walled_city.choice.flip_it", "flip it to {value}")


def label_adjust(s: State, a: mv.Adjust) -> Worded:
    if a.kind == "die":
        d = s.dice[a.index] if 0 <= a.index < len(s.dice) else None
        value = d.value + a.delta if d else a.delta
        params: dict[str, Param] = {"marker": _die_name(s, a.index), "value": value}
        kind, template, past, choice = "adjust_die", TURN_DIE, TURNED_DIE, CHOICE_TURN_IT
    else:
        t = s.tiles[a.index] if 0 <= a.index < len(s.tiles) else None
        params = {"marker": _tile_name(s, a.index), "value": signed(-t.value) if t else "?"}
        kind, template, past, choice = "adjust_tile", FLIP_TILE, FLIPPED_TILE, CHOICE_FLIP_IT
    path = [KIND_ADJUST(), CHOICE_MARKER(marker=params["marker"]), choice(value=params["value"])]
    return Worded(kind, template, params, path, past)


def label_done(s: State, a: mv.Done) -> Worded:
    kind, words, past = _done_label(s)
    params: dict[str, Param] = {"guild": guild_name(s.activation.guild)} if s.activation is not None else {}
    if kind == "give_up":
        params = {"piece": PIECES["road" if s.round == 1 else "wall"]}
    return Worded(kind, words, params, [fill(words, params)], past)


KIND_DEFENCE = Message("walled_city.choice.kind.defence", "Place a defence card")
FACING = Message("walled_city.facing", "{ccw}, {cw}")
CHOICE_FACING = Message("walled_city.choice.facing", "{facing}")
DEFENCE = Message("walled_city.move.defence", "Place card {card} in {zone}: {facing}")


def label_defence(s: State, a: mv.PlaceDefenceCard) -> Worded:
    card = card_name(a.a, a.b, a.defence_only)
    ccw, cw = board(s).zone_towers(a.zone) if a.zone in board(s).zone else ("?", "?")
    toward_cw = a.a + a.b - a.toward_ccw
    facing = FACING(ccw=toward(a.toward_ccw, ccw), cw=toward(toward_cw, cw))
    params: dict[str, Param] = {"card": card, "zone": a.zone, "facing": facing}
    path = [
        KIND_DEFENCE(),
        CHOICE_CARD_NAMED(card=card),
        *_pick(list(board(s).zone), a.zone, CHOICE_ID(item=a.zone)),
        CHOICE_FACING(facing=facing),
    ]
    return Worded("defence", DEFENCE, params, path)


KIND_ACTIVATE = Message("walled_city.choice.kind.activate", "Use your guild")
ACTIVATE_COPY = Message("walled_city.move.activate_copy", "Use the {guild} to copy the {copy}")
ACTIVATED_COPY = Message("walled_city.did.activate_copy", "used the {guild} to copy the {copy}")
ACTIVATE = Message("walled_city.move.activate", "Use the {guild}")
ACTIVATED = Message("walled_city.did.activate", "used the {guild}")


def label_activate(s: State, a: mv.ActivateGuild) -> Worded:
    name = guild_name(a.guild)
    if a.copy:
        params: dict[str, Param] = {"guild": name, "copy": guild_name(a.copy)}
        kind, template, past = "activate_copy", ACTIVATE_COPY, ACTIVATED_COPY
    else:
        params, template, kind, past = {"guild": name}, ACTIVATE, "activate", ACTIVATED
    path = [KIND_ACTIVATE(), fill(template, params)]
    return Worded(kind, template, params, path, past)


KIND_PICK_NOBLE = Message("walled_city.choice.kind.pick_noble", "Pick a noble")
PICK_NOBLE = Message("walled_city.move.pick_noble", "{who}'s noble on {place}")
PICKED_NOBLE = Message("walled_city.did.pick_noble", "picked {who}'s noble on {place}")


def label_pick_noble(s: State, a: mv.PickNoble) -> Worded:
    who = who_name(a.who)
    params: dict[str, Param] = {"who": who, "place": a.place}
    path = [KIND_PICK_NOBLE(), CHOICE_WHO(who=who), *_pick(_places(s), a.place, CHOICE_ID(item=a.place))]
    return Worded("pick_noble", PICK_NOBLE, params, path, PICKED_NOBLE)


KIND_PICK_PEASANT = Message("walled_city.choice.kind.pick_peasant", "Pick a peasant")
PICK_PEASANT = Message("walled_city.move.pick_peasant", "{who}'s peasant on {area}")
PICKED_PEASANT = Message("walled_city.did.pick_peasant", "picked {who}'s peasant on {area}")


def label_pick_peasant(s: State, a: mv.PickPeasant) -> Worded:
    who = who_name(a.who)
    params: dict[str, Param] = {"who": who, "area": a.area}
    path = [KIND_PICK_PEASANT(), CHOICE_WHO(who=who), *_pick(board(s).area_ids, a.area, CHOICE_ID(item=a.area))]
    return Worded("pick_peasant", PICK_PEASANT, params, path, PICKED_PEASANT)


KIND_MOVE_NOBLE = Message("walled_city.choice.kind.move_noble", "Move a noble")
MOVE_NOBLE = Message("walled_city.move.move_noble", "Move {who}'s noble from {area} to {tower}")
MOVED_NOBLE = Message("walled_city.did.move_noble", "moved {who}'s noble from {area} to {tower}")


def label_move_noble(s: State, a: mv.MoveNoble) -> Worded:
    who = who_name(a.who)
    params: dict[str, Param] = {"who": who, "area": a.area, "tower": a.tower}
    path = [
        KIND_MOVE_NOBLE(),
        CHOICE_WHO(who=who),
        *_pick(board(s).area_ids, a.area, CHOICE_FROM(area=a.area)),
        CHOICE_TO(tower=a.tower),
    ]
    return Worded("move_noble", MOVE_NOBLE, params, path, MOVED_NOBLE)


KIND_PLACE_CITIZEN = Message("walled_city.choice.kind.place_citizen", "Place a citizen")
CHOICE_A_CITIZEN = Message("walled_city.choice.citizen", "a {kind}")
CHOICE_ON = Message("walled_city.choice.on", "on {place}")
PLACE_CITIZEN = Message("walled_city.move.place_citizen", "Place a {kind} from your reserve on {place}")
PLACED_CITIZEN = Message("walled_city.did.place_citizen", "placed a {kind} from the reserve on {place}")


def citizen_kind(kind: str) -> Param:
    """A kind of citizen (``noble``, ``peasant``) by its name."""
    return CITIZEN_KINDS.get(kind, kind)


def label_place_citizen(s: State, a: mv.PlaceCitizen) -> Worded:
    params: dict[str, Param] = {"kind": citizen_kind(a.kind), "place": a.place}
    path = [
        KIND_PLACE_CITIZEN(),
        CHOICE_A_CITIZEN(kind=params["kind"]),
        *_pick(_places(s), a.place, CHOICE_ON(place=a.place)),
    ]
    return Worded("place_citizen", PLACE_CITIZEN, params, path, PLACED_CITIZEN)


KIND_PICK_SPOT = Message("walled_city.choice.kind.pick_spot", "Pick a road or wall")
CHOICE_A_PIECE = Message("walled_city.choice.piece", "a {piece}")
PICK_SPOT = Message("walled_city.move.pick_spot", "The {piece} on {spot}")
PICKED_SPOT = Message("walled_city.did.pick_spot", "picked the {piece} on {spot}")


def label_pick_spot(s: State, a: mv.PickSpot) -> Worded:
    b = board(s)
    road = a.spot in b.path
    piece = PIECES["road" if road else "wall"]
    universe = list(b.path) if road else list(b.gap)
    path = [KIND_PICK_SPOT(), CHOICE_A_PIECE(piece=piece), *_pick(universe, a.spot, CHOICE_ID(item=a.spot))]
    return Worded("pick_spot", PICK_SPOT, {"piece": piece, "spot": a.spot}, path, PICKED_SPOT)


KIND_PICK_MARKER = Message("walled_city.choice.kind.pick_marker", "Pick a die or tile")
CHOICE_A_DIE = Message("walled_city.choice.a_die", "a faction die")
CHOICE_A_TILE = Message("walled_city.choice.a_tile", "a survey tile")
PICK_MARKER = Message("walled_city.move.pick_marker", "Pick {marker}")
PICKED_MARKER = Message("walled_city.did.pick_marker", "picked {marker}")


def label_pick_marker(s: State, a: mv.PickMarker) -> Worded:
    marker = marker_name(s, a.kind, a.index)
    path = [KIND_PICK_MARKER(), (CHOICE_A_DIE if a.kind == "die" else CHOICE_A_TILE)(), CHOICE_MARKER(marker=marker)]
    return Worded("pick_marker", PICK_MARKER, {"marker": marker}, path, PICKED_MARKER)


KIND_CROSS = Message("walled_city.choice.kind.cross", "Move a citizen across a path")
CHOICE_ACROSS_PATH = Message("walled_city.choice.path", "across {path}")
CHOICE_TO_AREA = Message("walled_city.choice.to_area", "to {to}")
CROSS = Message("walled_city.move.cross", "Move {who}'s {kind} from {area} across {path} to {to}")
CROSSED = Message("walled_city.did.cross", "moved {who}'s {kind} from {area} across {path} to {to}")


def label_cross(s: State, a: mv.Cross) -> Worded:
    who = who_name(a.who)
    kind = citizen_kind(a.kind)
    params: dict[str, Param] = {"who": who, "kind": kind, "area": a.area, "path": a.path, "to": a.to}
    path = [
        KIND_CROSS(),
        CHOICE_WHO(who=who),
        CHOICE_A_CITIZEN(kind=kind),
        *_pick(board(s).area_ids, a.area, CHOICE_FROM(area=a.area)),
        CHOICE_ACROSS_PATH(path=a.path),
        CHOICE_TO_AREA(to=a.to),
    ]
    return Worded("cross", CROSS, params, path, CROSSED)


def _cut_universe(s: State, area: str) -> list[str]:
    item = board(s).area.get(area)
    boundary = item.boundary or () if item is not None else ()
    return [_cut_key(i, inside) for i in boundary for inside in (False, True)]


KIND_FENCE = Message("walled_city.choice.kind.fence", "Build a fence")
CHOICE_ACROSS_AREA = Message("walled_city.choice.across", "across {area}")
CHOICE_FROM_CUT = Message("walled_city.choice.first", "from {first}")
CHOICE_TO_CUT = Message("walled_city.choice.second", "to {second}")
FENCE = Message("walled_city.move.fence", "Fence {area} from {first} to {second}")
FENCED = Message("walled_city.did.fence", "fenced {area} from {first} to {second}")


def label_build_fence(s: State, a: mv.BuildFence) -> Worded:
    first, second = _cut_name(a.first, a.first_inside), _cut_name(a.second, a.second_inside)
    cuts = _cut_universe(s, a.area)
    params: dict[str, Param] = {"area": a.area, "first": first, "second": second}
    path = [
        KIND_FENCE(),
        *_pick(board(s).area_ids, a.area, CHOICE_ACROSS_AREA(area=a.area)),
        *_pick(cuts, _cut_key(a.first, a.first_inside), CHOICE_FROM_CUT(first=first), _cut_shown),
        *_pick(cuts, _cut_key(a.second, a.second_inside), CHOICE_TO_CUT(second=second), _cut_shown),
    ]
    return Worded("fence", FENCE, params, path, FENCED)


THE_NEW_AREA = Message("walled_city.new_area", "the new area")
WHOSE_CITIZENS = Message("walled_city.whose_citizens", "{who}'s {citizens}")
NONE_OF_WHOSE = Message("walled_city.none_of_whose", "none of {who}'s citizens")
KIND_SPLIT = Message("walled_city.choice.kind.split", "Split the citizens")
CHOICE_PEASANTS_TO = Message("walled_city.choice.peasants", "{peasants} to {area}")
CHOICE_NOBLES_TO = Message("walled_city.choice.nobles", "{nobles} to {area}")
SPLIT = Message("walled_city.move.split", "Move {citizens} to {area}")
SPLITTED = Message("walled_city.did.split", "moved {citizens} to {area}")


def label_split(s: State, a: mv.SplitCitizens) -> Worded:
    area: Param = s.activation.items[1] if s.activation is not None and len(s.activation.items) > 1 else THE_NEW_AREA()
    who = who_name(a.who)
    moved = (
        WHOSE_CITIZENS(who=who, citizens=citizens_name(a.peasants, a.nobles))
        if a.peasants + a.nobles
        else NONE_OF_WHOSE(who=who)
    )
    params: dict[str, Param] = {"citizens": moved, "area": area}
    path = [
        KIND_SPLIT(),
        CHOICE_WHO(who=who),
        CHOICE_PEASANTS_TO(peasants=PEASANTS(n=a.peasants) if a.peasants else NO_PEASANTS(), area=area),
        CHOICE_NOBLES_TO(nobles=NOBLES(n=a.nobles) if a.nobles else NO_NOBLES(), area=area),
    ]
    return Worded("split", SPLIT, params, path, SPLITTED)


KIND_MARKERS_TO = Message("walled_city.choice.kind.markers_to", "Where the markers go")
CHOICE_AREA = Message("walled_city.choice.area", "{area}")
MARKERS_TO = Message("walled_city.move.markers_to", "The dice and tile go to {area}")
SENT_MARKERS = Message("walled_city.did.markers_to", "sent the dice and tile to {area}")


def label_markers_to(s: State, a: mv.MarkersTo) -> Worded:
    path = [KIND_MARKERS_TO(), CHOICE_AREA(area=a.area)]
    return Worded("markers_to", MARKERS_TO, {"area": a.area}, path, SENT_MARKERS)


CARD_MOVES: dict[str, tuple[Message, Message]] = {
    "give_card": (
        Message("walled_city.choice.kind.give_card", "Give card"),
        Message("walled_city.move.give_card", "Give card {card}"),
    ),
    "return_card": (
        Message("walled_city.choice.kind.return_card", "Give back card"),
        Message("walled_city.move.return_card", "Give back card {card}"),
    ),
    "take_card": (
        Message("walled_city.choice.kind.take_card", "Take card"),
        Message("walled_city.move.take_card", "Take card {card}"),
    ),
}
"""A Butchers card handed over, by kind: the kind of choice and the label."""


def label_card(kind: str) -> Callable[[State, Any], Worded]:
    """A Butchers card handed over (§6.3 G18): ``Give card {card}`` (its lines are its own: the card is hidden, §8)."""
    choice, label = CARD_MOVES[kind]

    def worded(s: State, a: Any) -> Worded:
        card = card_name(a.a, a.b)
        return Worded(kind, label, {"card": card}, [choice(), CHOICE_CARD(card=card)])

    return worded


def _guild_words(key: str, label: str, past: str) -> tuple[Message, Message]:
    return Message(f"walled_city.move.{key}", label), Message(f"walled_city.did.{key}", past)


GUILD_WORDS: dict[tuple[str, str], tuple[Message, Message]] = {
    ("pick_noble", "mercers"): _guild_words(
        "mercers", "Swap {who}'s noble on {place} for one of yours", "swapped {who}'s noble on {place}"
    ),
    ("pick_noble", "fishmongers"): _guild_words(
        "fishmongers",
        "Swap {who}'s noble on {place} for 4 of their peasants",
        "swapped {who}'s noble on {place} for 4 of their peasants",
    ),
    ("pick_noble", "bakers"): _guild_words(
        "bakers", "Send {who}'s noble on {place} to the box", "sent {who}'s noble on {place} to the box"
    ),
    ("pick_noble", "barbers"): _guild_words(
        "barbers", "Send {who}'s noble on {place} to the box", "sent {who}'s noble on {place} to the box"
    ),
    ("pick_peasant", "merchant_taylors"): _guild_words(
        "merchant_taylors", "Send {who}'s peasant on {area} home", "sent {who}'s peasant on {area} home"
    ),
    ("pick_peasant", "painter_stainers"): _guild_words(
        "painter_stainers", "Swap {who}'s peasant on {area} for one of yours", "swapped {who}'s peasant on {area}"
    ),
    ("pick_peasant", "vintners"): _guild_words(
        "vintners", "Turn {who}'s peasant on {area} into a noble", "turned {who}'s peasant on {area} into a noble"
    ),
    ("pick_spot", "goldsmiths"): _guild_words(
        "goldsmiths", "Demolish the {piece} on {spot} for good", "demolished the {piece} on {spot}"
    ),
    ("pick_spot", "skinners"): _guild_words(
        "skinners", "Remove the top piece of the {piece} on {spot}", "removed the top piece of the {piece} on {spot}"
    ),
    ("pick_marker", "haberdashers"): _guild_words("haberdashers", "Re-roll {marker}", "picked {marker} to re-roll"),
    ("pick_marker", "haberdashers.tile"): _guild_words(
        "haberdashers_tile", "Toss {marker} again", "picked {marker} to toss again"
    ),
    ("pick_marker", "clothworkers"): _guild_words(
        "clothworkers", "Set {marker} to its minimum", "set {marker} to its minimum"
    ),
    ("pick_marker", "tanners"): _guild_words("tanners", "Swap {marker}", "picked {marker} to swap"),
}
"""What a guild's pick does (§6.3), worded per guild: its label and the public line after the seat."""


def _worded(s: State, a: Any, words: Callable[[State, Any], Worded]) -> Worded:
    """A move in words (``words``: its action's row, ``Act.label``), a guild's pick worded by what the guild
    does with it."""
    worded = words(s, a)
    guild_id = s.activation.guild if s.activation is not None else ""
    if isinstance(a, mv.PickMarker) and a.kind == "tile" and (worded.kind, f"{guild_id}.tile") in GUILD_WORDS:
        guild_id = f"{guild_id}.tile"
    if (worded.kind, guild_id) in GUILD_WORDS:
        template, past = GUILD_WORDS[worded.kind, guild_id]
        return Worded(f"{worded.kind}.{guild_id}", template, worded.params, worded.path, past)
    return worded


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and path of ``move`` (a legal move of ``state``; ``act.label``: its action's words): the kind
    of action first, then each choice in the order a player makes it; the seat first when several seats decide
    at once."""
    worded = _worded(state, move.action, act.label)
    return seated(move.seat, several_seats, fill(worded.label, worded.params), worded.path)


# ---- the log: one function per kind of move (``Act.log``), ``(before, seat, action, after, worded)`` with
# ``worded`` the move in words on ``before`` ------------------------------------------------------------------


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """What ``move`` did (``act.log``): the public line names no hidden card (§8); the private line, for the
    mover, adds the card where one was hidden."""
    assert act.log is not None
    worded = _worded(before, move.action, act.label)
    return act.log(before, move.seat, move.action, after, worded)  # type: ignore[no-any-return]


LOG_OPEN = Message("walled_city.log.open", "{seat} {did}")
LOG_WITH_GUILD = Message("walled_city.log.with_guild", "{seat} ({ability}) {did}")


def log_open(before: State, seat_number: int, a: Any, after: State, worded: Worded) -> LogEntry:
    """A move made in the open: ``{seat}`` (and the guild in use) then what the move did."""
    who = seat(seat_number)
    assert worded.past is not None
    did = fill(worded.past, worded.params)
    if before.activation is not None and worded.kind != "stop":
        line = LOG_WITH_GUILD(seat=who, ability=guild_name(before.activation.guild), did=did)
    else:
        line = LOG_OPEN(seat=who, did=did)
    return LogEntry(seat_number, line)


# chance, as the table sees it, in the past tense

CHOSE_START = Message("walled_city.log.start_player", "Chance chose {seat} as the start player")
ROLLED = Message("walled_city.log.die", "Chance rolled {die} showing {value} on {place}")
THE_NEXT_SPOT = Message("walled_city.next_spot", "the next spot")
LAID_TILE = Message("walled_city.log.tile", "Chance laid the survey tile on {area} showing {side}")
ADDED_GUILD = Message("walled_city.log.guild", "Chance added the {guild} to the offer")
DEALT = Message("walled_city.log.deal", "Chance dealt {seat} a defence-only card face down")
REROLLED = Message("walled_city.log.reroll_die", "Chance rolled {marker} again: it now shows {value}")
RETOSSED = Message("walled_city.log.reroll_tile", "Chance tossed {marker} again: it now shows {value}")


def log_start_player(before: State, seat_number: int, a: mv.ChanceSeat, after: State, worded: Worded) -> LogEntry:
    """§3.1: the start player drawn."""
    return LogEntry(seat_number, CHOSE_START(seat=seat(a.seat)))


def log_die(before: State, seat_number: int, a: mv.ChanceDie, after: State, worded: Worded) -> LogEntry:
    """§3.1: a faction die rolled onto the next die spot."""
    new = [d for d in after.dice if d not in before.dice]
    where: Param = new[0].location if new else THE_NEXT_SPOT()
    return LogEntry(seat_number, ROLLED(die=a_die(a.faction), value=a.value, place=where))


def log_tile(before: State, seat_number: int, a: mv.ChanceTile, after: State, worded: Worded) -> LogEntry:
    """§3.1: a survey tile tossed onto the next survey area."""
    spot: Param = after.tiles[len(before.tiles)].area if len(after.tiles) > len(before.tiles) else THE_NEXT_SPOT()
    return LogEntry(seat_number, LAID_TILE(area=spot, side=signed(a.value)))


def log_guild(before: State, seat_number: int, a: mv.ChanceGuild, after: State, worded: Worded) -> LogEntry:
    """§3.1: a guild card drawn into the offer."""
    return LogEntry(seat_number, ADDED_GUILD(guild=guild_name(a.guild)))


def log_deal(before: State, seat_number: int, a: mv.ChanceCard, after: State, worded: Worded) -> LogEntry:
    """§3.7: the defence-only card is dealt face down."""
    return LogEntry(seat_number, DEALT(seat=seat(3 - len(before.defence_only_left))))


def log_reroll(before: State, seat_number: int, a: mv.ChanceReroll, after: State, worded: Worded) -> LogEntry:
    """§6.3 G8: the Haberdashers' marker rolled or tossed again."""
    item = before.activation.items[0] if before.activation is not None and before.activation.items else "die:-1"
    kind, _, index = item.partition(":")
    marker = marker_name(before, kind, int(index))
    shown = signed(a.value) if kind == "tile" else str(a.value)
    return LogEntry(seat_number, (REROLLED if kind == "die" else RETOSSED)(marker=marker, value=shown))


# the moves a hidden card is part of (§8): a public line without the card, a private one with it

PLACED_DEFENCE = Message("walled_city.log.defence", "{seat} placed a defence card face down in {zone}")
YOU_PLACED_DEFENCE = Message("walled_city.log.defence.private", "You placed card {card} in {zone}: {facing}")
GAVE_CARD = Message("walled_city.log.give_card", "{seat} ({guild}) gave a card face down")
YOU_GAVE_CARD = Message("walled_city.log.give_card.private", "You gave card {card}")
GAVE_BACK = Message("walled_city.log.return_card", "{seat} gave a higher card back to the {guild}")
YOU_GAVE_BACK = Message("walled_city.log.return_card.private", "You gave back card {card}")
TOOK_CARD = Message("walled_city.log.take_card", "{seat} ({guild}) took a card")
YOU_TOOK_CARD = Message("walled_city.log.take_card.private", "You took card {card}")


def log_defence(before: State, seat_number: int, a: mv.PlaceDefenceCard, after: State, worded: Worded) -> LogEntry:
    """§5.5: a defence card goes face down."""
    public = PLACED_DEFENCE(seat=seat(seat_number), zone=a.zone)
    return LogEntry(seat_number, public, fill(YOU_PLACED_DEFENCE, worded.params))


def log_give_card(before: State, seat_number: int, a: mv.GiveCard, after: State, worded: Worded) -> LogEntry:
    """§6.3 G18: the Butchers give a card face down."""
    public = GAVE_CARD(seat=seat(seat_number), guild=guild_name("butchers"))
    return LogEntry(seat_number, public, YOU_GAVE_CARD(card=card_name(a.a, a.b)))


def log_return_card(before: State, seat_number: int, a: mv.ReturnCard, after: State, worded: Worded) -> LogEntry:
    """§6.3 G18: a higher card given back to the Butchers."""
    public = GAVE_BACK(seat=seat(seat_number), guild=guild_name("butchers"))
    return LogEntry(seat_number, public, YOU_GAVE_BACK(card=card_name(a.a, a.b)))


def log_take_card(before: State, seat_number: int, a: mv.TakeCard, after: State, worded: Worded) -> LogEntry:
    """§6.3 G18: the Butchers take a card."""
    public = TOOK_CARD(seat=seat(seat_number), guild=guild_name("butchers"))
    return LogEntry(seat_number, public, YOU_TOOK_CARD(card=card_name(a.a, a.b)))
