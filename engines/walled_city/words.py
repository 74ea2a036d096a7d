"""The Walled City in words: a label and a path of choices for every legal move, and the log lines of a
move (issue 9). Places are named by the ids printed on the board (areas, paths, gaps, towers, zones),
cards by their numbers (``3/1``), guilds by their names in the content.

Paths keep every menu within ``MENU_LIMIT`` choices: a step over a set of board items larger than that
(a content pack's bigger board) is split into groups of consecutive ids in board order first (``_pick``).
Nothing hidden reaches a public line (§8): a defence card is placed face down, a defence-only card is dealt
face down, a Butchers gift is known to giver and recipient only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from engines.core.table import Act, Happened
from engines.core.text import LogEntry, MoveLabel, Text, plural, seat_name, text
from engines.walled_city import moves as mv
from engines.walled_city.common import board
from engines.walled_city.content import CONTENT
from engines.walled_city.state import NEUTRAL, State

GAME = "walled_city"
MENU_LIMIT = 25
"""The most choices one menu step offers (a Discord select menu holds 25 options)."""


# ---- names ----------------------------------------------------------------------------------------


def guild_name(guild: str) -> str:
    """A guild by its name in the content (``Merchant Taylors``)."""
    return CONTENT.guild[guild].name_en if guild in CONTENT.guild else guild


def who_name(who: str) -> str:
    """A competitor (``"0"``..``"3"``, ``"neutral"``, §3.6) as people name it."""
    if who == NEUTRAL:
        return "the neutral"
    return seat_name(int(who)) if who.isascii() and who.isdigit() else repr(who)


def card_name(a: int, b: int, defence_only: bool = False) -> str:
    """A building card by its numbers (§2.4); the 3-player Borderlands off-colour card says so (§3.7)."""
    return f"{a}/{b}" + (" (defence-only)" if defence_only else "")


def citizens_name(peasants: int, nobles: int) -> str:
    """``1 noble and 2 peasants``, ``3 peasants``, ``nobody``."""
    parts = [plural(n, word) for n, word in ((nobles, "noble"), (peasants, "peasant")) if n]
    return " and ".join(parts) or "nobody"


def _choice(step: str, template: str, /, **params: object) -> Text:
    return text(f"{GAME}.choice.{step}", template, **params)


def _pick(step: str, universe: Sequence[str], item: str, template: str, **params: object) -> list[Text]:
    """The menu step choosing ``item`` among ``universe`` (board order); when the universe is larger than a
    menu, a step choosing the group of consecutive ids first."""
    out: list[Text] = []
    if len(universe) > MENU_LIMIT and item in universe:
        size = -(-len(universe) // -(-len(universe) // MENU_LIMIT))
        start = universe.index(item) // size * size
        group = universe[start : start + size]
        out.append(_choice(f"{step}.group", "{first} to {last}", first=group[0], last=group[-1]))
    out.append(_choice(step, template, **params))
    return out


def _kind(kind: str, template: str) -> Text:
    return _choice(f"kind.{kind}", template)


def _places(s: State) -> list[str]:
    """Areas then towers of the board in play (fenced areas included)."""
    b = board(s)
    return [*b.area_ids, *b.tower]


def _die_name(s: State, index: int) -> str:
    d = s.dice[index] if 0 <= index < len(s.dice) else None
    return f"the {d.faction} die on {d.location} (showing {d.value})" if d else f"die {index}"


def _tile_name(s: State, index: int) -> str:
    t = s.tiles[index] if 0 <= index < len(s.tiles) else None
    return f"the survey tile on {t.area} ({t.value:+d})" if t else f"tile {index}"


def marker_name(s: State, kind: str, index: int) -> str:
    return _die_name(s, index) if kind == "die" else _tile_name(s, index)


def _side_name(s: State, path: str, side: int) -> str:
    sides = board(s).sides(path) if path in board(s).path else ((), ())
    return "/".join(sides[side]) or "?"


def _cut_name(item: str, inside: bool) -> str:
    return f"the middle of {item}" if inside else f"the corner after {item}"


def _done_label(s: State) -> tuple[str, str, str]:
    """What ``done`` means where it is offered: its kind of choice, its words and what it did."""
    if s.activation is not None:
        return "stop", "Stop using the {guild}", "stopped using the {guild}"
    step = s.turn.step if s.turn is not None else ""
    return {
        "place": (
            "give_up",
            "Give up your {piece}: there is nowhere to build it",
            "gave up their {piece} (there was nowhere to build it)",
        ),
        "promote": ("promote_done", "Promote no more", "promoted no more"),
        "adjust": ("pass", "Pass (adjust nothing)", "passed (adjusted nothing)"),
    }.get(step, ("end_turn", "End the turn", "ended the turn"))


# ---- labels: one function per kind of move ------------------------------------------------------------


class Worded(NamedTuple):
    """A move in words: its kind, its label's template and parameters, its path, and what a seat who made it
    in the open did (the public line after ``{seat}``, filled with the same parameters; empty for chance and
    for a move with a hidden card, whose lines are their own)."""

    kind: str
    template: str
    params: dict[str, object]
    path: list[Text]
    past: str = ""


def label_chance_seat(s: State, a: mv.ChanceSeat) -> Worded:
    who = seat_name(a.seat)
    return Worded("start_player", "Start player: {seat}", {"seat": who}, [_choice("seat", "{seat}", seat=who)])


def a_die(faction: str) -> str:
    """``a blue die``, ``an orange die``."""
    return f"{'an' if faction[:1] in 'aeiou' else 'a'} {faction} die"


def label_chance_die(s: State, a: mv.ChanceDie) -> Worded:
    params: dict[str, object] = {"die": a_die(a.faction), "value": a.value}
    path = [_choice("die", "{faction} {value}", faction=a.faction, value=a.value)]
    return Worded("die", "Roll {die} showing {value}", params, path)


def label_chance_tile(s: State, a: mv.ChanceTile) -> Worded:
    side = f"{a.value:+d}"
    return Worded("tile", "Lay a survey tile showing {side}", {"side": side}, [_choice("tile", "{side}", side=side)])


def label_chance_guild(s: State, a: mv.ChanceGuild) -> Worded:
    name = guild_name(a.guild)
    path = [_choice("guild", "{guild}", guild=name)]
    return Worded("guild", "Add the {guild} to the offer", {"guild": name}, path)


def label_chance_card(s: State, a: mv.ChanceCard) -> Worded:
    card = card_name(a.a, a.b)
    path = [_choice("card", "{card}", card=card)]
    return Worded("card", "Deal the defence-only card {card}", {"card": card}, path)


def label_chance_reroll(s: State, a: mv.ChanceReroll) -> Worded:
    item = s.activation.items[-1] if s.activation is not None and s.activation.items else ""
    shown = f"{a.value:+d}" if item.startswith("tile") else str(a.value)
    return Worded("reroll", "The re-roll shows {value}", {"value": shown}, [_choice("value", "{value}", value=shown)])


def label_starting_road(s: State, a: mv.StartingRoad) -> Worded:
    path = _pick("path", list(board(s).path), a.path, "{path}", path=a.path)
    return Worded(
        "starting_road",
        "Place a starting road on {path}",
        {"path": a.path},
        [_kind("road", "Starting road"), *path],
        "placed a starting road on {path}",
    )


def label_choose_guild(s: State, a: mv.ChooseGuild) -> Worded:
    name, rank = guild_name(a.guild), CONTENT.guild[a.guild].label if a.guild in CONTENT.guild else "?"
    path = [_choice("guild", "{guild} ({priority})", guild=name, priority=rank)]
    return Worded(
        "choose_guild",
        "Take the {guild} (priority {priority})",
        {"guild": name, "priority": rank},
        path,
        "took the {guild} (priority {priority})",
    )


def label_build(s: State, a: mv.BuildRoad | mv.BuildWall) -> Worded:
    road = isinstance(a, mv.BuildRoad)
    spot = a.path if isinstance(a, mv.BuildRoad) else a.gap
    universe = list(board(s).path) if road else list(board(s).gap)
    card = card_name(a.a, a.b)
    piece = "road" if road else "wall"
    where = "path" if road else "gap"
    path = [
        _kind(f"build_{piece}", f"Build a {piece}"),
        _choice("card", "Card {card}", card=card),
        *_pick(where, universe, spot, "{spot}", spot=spot),
    ]
    params: dict[str, object] = {"spot": spot, "card": card}
    past = f"built a {piece} on {{spot}} with card {{card}}"
    return Worded(f"build_{piece}", f"Build a {piece} on {{spot}} with card {{card}}", params, path, past)


def toward(number: int, where: str) -> str:
    """``3 toward A11``, or ``nothing toward A11`` for a card's 0 (a move never reads as a quantity of zero)."""
    return f"{number} toward {where}" if number else f"nothing toward {where}"


def _on(number: int, placed: int, area: str, citizens: str) -> str:
    """``3 on A11 (1 noble and 2 peasants)``; with a reserve too short for the card's number (A-6), what is
    actually placed: ``2 peasants on A11 (the card's 3; the reserve is short)``."""
    if placed == number:
        return f"{number} on {area} ({citizens})"
    return f"{citizens} on {area} (the card's {number}; the reserve is short)"


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
    params: dict[str, object] = {"one": sides[0], "two": sides[1]}
    path = [
        _kind("settle", "Settle"),
        _choice("numbers", "{side1}, {side2}", side1=toward(a.first, first_side), side2=toward(second, second_side)),
        _choice("area1", "into {area}", area=a.area1),
        _choice("area2", "and into {area}", area=a.area2),
        _choice("placed1", "{citizens} on {area}", citizens=one, area=a.area1),
        _choice("placed2", "{citizens} on {area}", citizens=two, area=a.area2),
    ]
    return Worded("settle", "Settle {one} and {two}", params, path, "settled {one} and {two}")


def label_settle_wall(s: State, a: mv.SettleWall) -> Worded:
    """§5.4 step 2: one number of the card settles next to the wall, the other promotes; a 0 is worded as
    nothing settled, or nobody promoted."""
    turn = s.turn
    other = (turn.a + turn.b - a.number) if turn is not None else 0
    area = board(s).gap_area(turn.spot) if turn is not None and turn.spot in board(s).gap else "?"
    who = citizens_name(a.peasants, a.nobles)
    settled = _on(a.number, a.nobles + a.peasants, area, who) if a.number else f"nothing on {area}"
    params: dict[str, object] = {
        "settled": settled,
        "promote": f"up to {other}" if other else "nobody",
        "kept": str(other) if other else "none",
    }
    numbers = f"Settle {a.number}" if a.number else "Settle nothing"
    path = [
        _kind("settle", "Settle"),
        _choice("number", "{numbers}, promote {promote}", numbers=numbers, promote=params["promote"]),
        _choice("citizens", "{citizens}", citizens=who),
    ]
    return Worded(
        "settle_wall",
        "Settle {settled}, promote {promote}",
        params,
        path,
        "settled {settled}, keeping {kept} to promote",
    )


def label_promote(s: State, a: mv.Promote) -> Worded:
    who = who_name(a.who)
    params: dict[str, object] = {"who": who, "area": a.area, "tower": a.tower}
    path = [
        _kind("promote", "Promote a noble"),
        _choice("who", "{who}", who=who),
        *_pick("area", board(s).area_ids, a.area, "from {area}", area=a.area),
        _choice("tower", "to {tower}", tower=a.tower),
    ]
    return Worded(
        "promote",
        "Promote {who}'s noble from {area} to {tower}",
        params,
        path,
        "promoted {who}'s noble from {area} to {tower}",
    )


def label_adjust(s: State, a: mv.Adjust) -> Worded:
    if a.kind == "die":
        d = s.dice[a.index] if 0 <= a.index < len(s.dice) else None
        value = d.value + a.delta if d else a.delta
        params: dict[str, object] = {"marker": _die_name(s, a.index), "value": value}
        kind, template, past = "adjust_die", "Turn {marker} to {value}", "turned {marker} to {value}"
    else:
        t = s.tiles[a.index] if 0 <= a.index < len(s.tiles) else None
        params = {"marker": _tile_name(s, a.index), "value": f"{-t.value:+d}" if t else "?"}
        kind, template, past = "adjust_tile", "Flip {marker} to {value}", "flipped {marker} to {value}"
    path = [
        _kind("adjust", "Adjust a die or tile"),
        _choice("marker", "{marker}", marker=params["marker"]),
        _choice("value", "turn it to {value}" if a.kind == "die" else "flip it to {value}", value=params["value"]),
    ]
    return Worded(kind, template, params, path, past)


def label_done(s: State, a: mv.Done) -> Worded:
    kind, words, past = _done_label(s)
    params: dict[str, object] = {"guild": guild_name(s.activation.guild)} if s.activation is not None else {}
    if kind == "give_up":
        params = {"piece": "road" if s.round == 1 else "wall"}
    return Worded(kind, words, params, [_choice(f"kind.{kind}", words, **params)], past)


def label_defence(s: State, a: mv.PlaceDefenceCard) -> Worded:
    card = card_name(a.a, a.b, a.defence_only)
    ccw, cw = board(s).zone_towers(a.zone) if a.zone in board(s).zone else ("?", "?")
    toward_cw = a.a + a.b - a.toward_ccw
    facing = f"{toward(a.toward_ccw, ccw)}, {toward(toward_cw, cw)}"
    params: dict[str, object] = {"card": card, "zone": a.zone, "facing": facing}
    path = [
        _kind("defence", "Place a defence card"),
        _choice("card", "Card {card}", card=card),
        *_pick("zone", list(board(s).zone), a.zone, "{zone}", zone=a.zone),
        _choice("facing", "{facing}", facing=facing),
    ]
    return Worded("defence", "Place card {card} in {zone}: {facing}", params, path)


def label_activate(s: State, a: mv.ActivateGuild) -> Worded:
    name = guild_name(a.guild)
    if a.copy:
        params: dict[str, object] = {"guild": name, "copy": guild_name(a.copy)}
        kind, template, past = (
            "activate_copy",
            "Use the {guild} to copy the {copy}",
            "used the {guild} to copy the {copy}",
        )
    else:
        params, template, kind, past = {"guild": name}, "Use the {guild}", "activate", "used the {guild}"
    path = [_kind("activate", "Use your guild"), _choice("guild", template, **params)]
    return Worded(kind, template, params, path, past)


def label_pick_noble(s: State, a: mv.PickNoble) -> Worded:
    who = who_name(a.who)
    params: dict[str, object] = {"who": who, "place": a.place}
    path = [
        _kind("pick_noble", "Pick a noble"),
        _choice("who", "{who}", who=who),
        *_pick("place", _places(s), a.place, "{place}", place=a.place),
    ]
    return Worded("pick_noble", "{who}'s noble on {place}", params, path, "picked {who}'s noble on {place}")


def label_pick_peasant(s: State, a: mv.PickPeasant) -> Worded:
    who = who_name(a.who)
    params: dict[str, object] = {"who": who, "area": a.area}
    path = [
        _kind("pick_peasant", "Pick a peasant"),
        _choice("who", "{who}", who=who),
        *_pick("area", board(s).area_ids, a.area, "{area}", area=a.area),
    ]
    return Worded("pick_peasant", "{who}'s peasant on {area}", params, path, "picked {who}'s peasant on {area}")


def label_move_noble(s: State, a: mv.MoveNoble) -> Worded:
    who = who_name(a.who)
    params: dict[str, object] = {"who": who, "area": a.area, "tower": a.tower}
    path = [
        _kind("move_noble", "Move a noble"),
        _choice("who", "{who}", who=who),
        *_pick("area", board(s).area_ids, a.area, "from {area}", area=a.area),
        _choice("tower", "to {tower}", tower=a.tower),
    ]
    return Worded(
        "move_noble",
        "Move {who}'s noble from {area} to {tower}",
        params,
        path,
        "moved {who}'s noble from {area} to {tower}",
    )


def label_place_citizen(s: State, a: mv.PlaceCitizen) -> Worded:
    params: dict[str, object] = {"kind": a.kind, "place": a.place}
    path = [
        _kind("place_citizen", "Place a citizen"),
        _choice("citizen", "a {kind}", kind=a.kind),
        *_pick("place", _places(s), a.place, "on {place}", place=a.place),
    ]
    return Worded(
        "place_citizen",
        "Place a {kind} from your reserve on {place}",
        params,
        path,
        "placed a {kind} from the reserve on {place}",
    )


def label_pick_spot(s: State, a: mv.PickSpot) -> Worded:
    b = board(s)
    road = a.spot in b.path
    piece = "road" if road else "wall"
    universe = list(b.path) if road else list(b.gap)
    path = [
        _kind("pick_spot", "Pick a road or wall"),
        _choice("piece", "a {piece}", piece=piece),
        *_pick("spot", universe, a.spot, "{spot}", spot=a.spot),
    ]
    return Worded(
        "pick_spot", "The {piece} on {spot}", {"piece": piece, "spot": a.spot}, path, "picked the {piece} on {spot}"
    )


def label_pick_marker(s: State, a: mv.PickMarker) -> Worded:
    marker = marker_name(s, a.kind, a.index)
    path = [
        _kind("pick_marker", "Pick a die or tile"),
        _choice("marker_kind", "a faction die" if a.kind == "die" else "a survey tile"),
        _choice("marker", "{marker}", marker=marker),
    ]
    return Worded("pick_marker", "Pick {marker}", {"marker": marker}, path, "picked {marker}")


def label_cross(s: State, a: mv.Cross) -> Worded:
    who = who_name(a.who)
    params: dict[str, object] = {"who": who, "kind": a.kind, "area": a.area, "path": a.path, "to": a.to}
    path = [
        _kind("cross", "Move a citizen across a path"),
        _choice("who", "{who}", who=who),
        _choice("citizen", "a {kind}", kind=a.kind),
        *_pick("area", board(s).area_ids, a.area, "from {area}", area=a.area),
        _choice("path", "across {path}", path=a.path),
        _choice("to", "to {to}", to=a.to),
    ]
    return Worded(
        "cross",
        "Move {who}'s {kind} from {area} across {path} to {to}",
        params,
        path,
        "moved {who}'s {kind} from {area} across {path} to {to}",
    )


def _cut_universe(s: State, area: str) -> list[str]:
    item = board(s).area.get(area)
    boundary = item.boundary or () if item is not None else ()
    return [_cut_name(i, inside) for i in boundary for inside in (False, True)]


def label_build_fence(s: State, a: mv.BuildFence) -> Worded:
    first, second = _cut_name(a.first, a.first_inside), _cut_name(a.second, a.second_inside)
    cuts = _cut_universe(s, a.area)
    params: dict[str, object] = {"area": a.area, "first": first, "second": second}
    path = [
        _kind("fence", "Build a fence"),
        *_pick("area", board(s).area_ids, a.area, "across {area}", area=a.area),
        *_pick("first", cuts, first, "from {first}", first=first),
        *_pick("second", cuts, second, "to {second}", second=second),
    ]
    return Worded(
        "fence", "Fence {area} from {first} to {second}", params, path, "fenced {area} from {first} to {second}"
    )


def label_split(s: State, a: mv.SplitCitizens) -> Worded:
    area = s.activation.items[1] if s.activation is not None and len(s.activation.items) > 1 else "the new area"
    who = who_name(a.who)
    moved = f"{who}'s {citizens_name(a.peasants, a.nobles)}" if a.peasants + a.nobles else f"none of {who}'s citizens"
    params: dict[str, object] = {"citizens": moved, "area": area}
    path = [
        _kind("split", "Split the citizens"),
        _choice("who", "{who}", who=who),
        _choice("peasants", "{peasants} to {area}", peasants=_count(a.peasants, "peasant"), area=area),
        _choice("nobles", "{nobles} to {area}", nobles=_count(a.nobles, "noble"), area=area),
    ]
    return Worded("split", "Move {citizens} to {area}", params, path, "moved {citizens} to {area}")


def _count(n: int, word: str) -> str:
    """``2 peasants``, ``1 noble``, ``no peasants``."""
    return plural(n, word) if n else f"no {word}s"


def label_markers_to(s: State, a: mv.MarkersTo) -> Worded:
    path = [_kind("markers_to", "Where the markers go"), _choice("area", "{area}", area=a.area)]
    return Worded(
        "markers_to", "The dice and tile go to {area}", {"area": a.area}, path, "sent the dice and tile to {area}"
    )


def label_card(verb: str, kind: str) -> Callable[[State, Any], Worded]:
    """A Butchers card handed over (§6.3 G18): ``{verb} {card}`` (its lines are its own: the card is hidden, §8)."""

    def worded(s: State, a: Any) -> Worded:
        card = card_name(a.a, a.b)
        return Worded(
            kind, f"{verb} {{card}}", {"card": card}, [_kind(kind, verb), _choice("card", "{card}", card=card)]
        )

    return worded


GUILD_WORDS: dict[tuple[str, str], tuple[str, str]] = {
    ("pick_noble", "mercers"): ("Swap {who}'s noble on {place} for one of yours", "swapped {who}'s noble on {place}"),
    ("pick_noble", "fishmongers"): (
        "Swap {who}'s noble on {place} for 4 of their peasants",
        "swapped {who}'s noble on {place} for 4 of their peasants",
    ),
    ("pick_noble", "bakers"): ("Send {who}'s noble on {place} to the box", "sent {who}'s noble on {place} to the box"),
    ("pick_noble", "barbers"): ("Send {who}'s noble on {place} to the box", "sent {who}'s noble on {place} to the box"),
    ("pick_peasant", "merchant_taylors"): (
        "Send {who}'s peasant on {area} home",
        "sent {who}'s peasant on {area} home",
    ),
    ("pick_peasant", "painter_stainers"): (
        "Swap {who}'s peasant on {area} for one of yours",
        "swapped {who}'s peasant on {area}",
    ),
    ("pick_peasant", "vintners"): (
        "Turn {who}'s peasant on {area} into a noble",
        "turned {who}'s peasant on {area} into a noble",
    ),
    ("pick_spot", "goldsmiths"): ("Demolish the {piece} on {spot} for good", "demolished the {piece} on {spot}"),
    ("pick_spot", "skinners"): (
        "Remove the top piece of the {piece} on {spot}",
        "removed the top piece of the {piece} on {spot}",
    ),
    ("pick_marker", "haberdashers"): ("Re-roll {marker}", "picked {marker} to re-roll"),
    ("pick_marker", "haberdashers.tile"): ("Toss {marker} again", "picked {marker} to toss again"),
    ("pick_marker", "clothworkers"): ("Set {marker} to its minimum", "set {marker} to its minimum"),
    ("pick_marker", "tanners"): ("Swap {marker}", "picked {marker} to swap"),
}
"""What a guild's pick does (§6.3), worded per guild: its label and the public line after the seat."""


def _worded(s: State, a: Any, words: Callable[[State, Any], Worded]) -> Worded:
    """A move in words (``words``: its action's row, ``Act.label``), a guild's pick worded by what the guild
    does with it."""
    worded = words(s, a)
    guild = s.activation.guild if s.activation is not None else ""
    if isinstance(a, mv.PickMarker) and a.kind == "tile" and (worded.kind, f"{guild}.tile") in GUILD_WORDS:
        guild = f"{guild}.tile"
    if (worded.kind, guild) in GUILD_WORDS:
        template, past = GUILD_WORDS[worded.kind, guild]
        return Worded(f"{worded.kind}.{guild}", template, worded.params, worded.path, past)
    return worded


def label(state: State, move: mv.Move, several_seats: bool, act: Act) -> MoveLabel:
    """The label and path of ``move`` (a legal move of ``state``; ``act.label``: its action's words): the kind
    of action first, then each choice in the order a player makes it; the seat first when several seats decide
    at once."""
    kind, template, params, path, _ = _worded(state, move.action, act.label)
    if several_seats:
        template, params = "{seat}: " + template, {"seat": seat_name(move.seat), **params}
        path = [_choice("seat", "{seat}", seat=seat_name(move.seat)), *path]
    return MoveLabel(text(f"{GAME}.move.{kind}", template, **params), tuple(path))


# ---- the log: one function per kind of move (``Act.log``), ``(before, seat, action, after, worded)`` with
# ``worded`` the move in words on ``before`` ------------------------------------------------------------------


def _line(kind: str, template: str, /, **params: object) -> Text:
    return text(f"{GAME}.log.{kind}", template, **params)


def log(before: State, move: mv.Move, after: State, act: Act, happened: Sequence[Happened]) -> LogEntry:
    """What ``move`` did (``act.log``): the public line names no hidden card (§8); the private line, for the
    mover, adds the card where one was hidden."""
    assert act.log is not None
    worded = _worded(before, move.action, act.label)
    return act.log(before, move.seat, move.action, after, worded)  # type: ignore[no-any-return]


def log_open(before: State, seat: int, a: Any, after: State, worded: Worded) -> LogEntry:
    """A move made in the open: ``{seat}`` (and the guild in use) then what the move did."""
    who = seat_name(seat)
    if before.activation is not None and worded.kind != "stop":
        template = "{seat} ({ability}) " + worded.past
        params = {"seat": who, "ability": guild_name(before.activation.guild), **worded.params}
    else:
        template, params = "{seat} " + worded.past, {"seat": who, **worded.params}
    return LogEntry(seat, _line(worded.kind, template, **params))


# chance, as the table sees it, in the past tense


def log_start_player(before: State, seat: int, a: mv.ChanceSeat, after: State, worded: Worded) -> LogEntry:
    """§3.1: the start player drawn."""
    return LogEntry(seat, _line("start_player", "Chance chose {seat} as the start player", seat=seat_name(a.seat)))


def log_die(before: State, seat: int, a: mv.ChanceDie, after: State, worded: Worded) -> LogEntry:
    """§3.1: a faction die rolled onto the next die spot."""
    new = [d for d in after.dice if d not in before.dice]
    where = new[0].location if new else "the next spot"
    die = a_die(a.faction)
    line = _line("die", "Chance rolled {die} showing {value} on {place}", die=die, value=a.value, place=where)
    return LogEntry(seat, line)


def log_tile(before: State, seat: int, a: mv.ChanceTile, after: State, worded: Worded) -> LogEntry:
    """§3.1: a survey tile tossed onto the next survey area."""
    spot = after.tiles[len(before.tiles)].area if len(after.tiles) > len(before.tiles) else "the next spot"
    line = _line("tile", "Chance laid the survey tile on {area} showing {side}", area=spot, side=f"{a.value:+d}")
    return LogEntry(seat, line)


def log_guild(before: State, seat: int, a: mv.ChanceGuild, after: State, worded: Worded) -> LogEntry:
    """§3.1: a guild card drawn into the offer."""
    return LogEntry(seat, _line("guild", "Chance added the {guild} to the offer", guild=guild_name(a.guild)))


def log_deal(before: State, seat: int, a: mv.ChanceCard, after: State, worded: Worded) -> LogEntry:
    """§3.7: the defence-only card is dealt face down."""
    dealt = seat_name(3 - len(before.defence_only_left))
    return LogEntry(seat, _line("deal", "Chance dealt {seat} a defence-only card face down", seat=dealt))


def log_reroll(before: State, seat: int, a: mv.ChanceReroll, after: State, worded: Worded) -> LogEntry:
    """§6.3 G8: the Haberdashers' marker rolled or tossed again."""
    item = before.activation.items[0] if before.activation is not None and before.activation.items else "die:-1"
    kind, _, index = item.partition(":")
    marker = marker_name(before, kind, int(index))
    shown = f"{a.value:+d}" if kind == "tile" else str(a.value)
    verb = "rolled" if kind == "die" else "tossed"
    line = _line("reroll", "Chance {verb} {marker} again: it now shows {value}", verb=verb, marker=marker, value=shown)
    return LogEntry(seat, line)


# the moves a hidden card is part of (§8): a public line without the card, a private one with it


def log_defence(before: State, seat: int, a: mv.PlaceDefenceCard, after: State, worded: Worded) -> LogEntry:
    """§5.5: a defence card goes face down."""
    public = _line("defence", "{seat} placed a defence card face down in {zone}", seat=seat_name(seat), zone=a.zone)
    private = _line("defence.private", "You placed card {card} in {zone}: {facing}", **worded.params)
    return LogEntry(seat, public, private)


def log_give_card(before: State, seat: int, a: mv.GiveCard, after: State, worded: Worded) -> LogEntry:
    """§6.3 G18: the Butchers give a card face down."""
    who, guild = seat_name(seat), guild_name("butchers")
    public = _line("give_card", "{seat} ({guild}) gave a card face down", seat=who, guild=guild)
    private = _line("give_card.private", "You gave card {card}", card=card_name(a.a, a.b))
    return LogEntry(seat, public, private)


def log_return_card(before: State, seat: int, a: mv.ReturnCard, after: State, worded: Worded) -> LogEntry:
    """§6.3 G18: a higher card given back to the Butchers."""
    who, guild = seat_name(seat), guild_name("butchers")
    public = _line("return_card", "{seat} gave a higher card back to the {guild}", seat=who, guild=guild)
    private = _line("return_card.private", "You gave back card {card}", card=card_name(a.a, a.b))
    return LogEntry(seat, public, private)


def log_take_card(before: State, seat: int, a: mv.TakeCard, after: State, worded: Worded) -> LogEntry:
    """§6.3 G18: the Butchers take a card."""
    who, guild = seat_name(seat), guild_name("butchers")
    public = _line("take_card", "{seat} ({guild}) took a card", seat=who, guild=guild)
    private = _line("take_card.private", "You took card {card}", card=card_name(a.a, a.b))
    return LogEntry(seat, public, private)
