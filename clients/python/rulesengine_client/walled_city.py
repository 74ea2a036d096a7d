"""The Walled City in the terminal: areas and their districts, roads, walls, towers, zones, seats.

The client keeps no rule: it lays out what the service says. ``DescribeGame`` content gives the two
boards under ``boards`` (areas, paths, gaps, towers, zones, in board order) and factions and guilds
under ``game``; ``ViewState`` gives the decision pending and ``facts``: ``districts``, every district
of the board in play (fences applied) with its ``areas``, ``citizens`` per competitor,
``place_values``, ``votes_now``, ``leaders`` and ``explanation``. The names are the contract's
(``walled_city.proto``): areas, paths, gaps, towers and zones are board ids; a competitor is
``"0"``..``"3"`` (a seat) or ``"neutral"``.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulesengine.v1 import common_pb2
from rulesengine.v1.walled_city_pb2 import WalledCityPlaced, WalledCitySeat, WalledCitySpot, WalledCityState

if TYPE_CHECKING:
    from rulesengine_client.render import Names

#: The game this module draws (``GameState.walled_city``); :mod:`rulesengine_client.render` finds the
#: module by it.
GAME_ID = "walled_city"
CHANCE_SEAT = -1
NEUTRAL = "neutral"
#: How the phases read in a heading.
PHASES: dict[str, str] = {
    "setup": "setup (chance: start player, faction dice, survey tiles, guild offer)",
    "starting_roads": "starting roads",
    "alignment": "alignment (choosing guilds)",
    "build": "build phase",
    "defence": "defence (cards into the defence zones)",
    "over": "game over",
}
STEPS: dict[str, str] = {
    "place": "build a road or wall, playing a card",
    "settle": "settle citizens",
    "promote": "promote nobles into towers",
    "adjust": "adjust a faction die or flip a survey tile",
    "end": "use your guild now, or end the turn",
}
#: The notation of this game's screens (``play`` shows it with the keys; ``render.legend``).
NOTATION = (
    "The Walled City: a/b = a building card (its two numbers are the citizens you place when you build with "
    "it); s0..s3 = a seat, N = the neutral; 2p+1n = 2 peasants and 1 noble; die#N colour V = faction die N, "
    "its colour and the value it shows; tile#N +1/-1 = survey tile N and its side; place values 9/7/6/4 = "
    "the votes for the 1st, 2nd, 3rd and 4th place in a district; a|b on a defence card = its numbers toward "
    "the towers counter-clockwise | clockwise. Places are named by the ids on the board: areas (A11), paths "
    "for roads (p01), gaps for walls (g11n), towers (T1), defence zones (Z1)."
)
#: ``Seat 2: `` at the start of an older server's prompt (today's prompts do not name the seat).
SEAT_PREFIX = re.compile(r"^Seat (\d+):\s*")


# ---- content ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardContent:
    """One board side as printed: its areas, paths, gaps, towers and zones (in board order)."""

    side: str
    areas: tuple[str, ...]
    paths: tuple[str, ...]
    gaps: tuple[str, ...]
    towers: tuple[str, ...]
    zones: tuple[str, ...]
    #: Each path's two sides, the areas it runs between (a T-path has two areas on one side).
    path_sides: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict, compare=False)
    #: Each gap's area (the area whose edge of the city wall it is in).
    gap_areas: dict[str, str] = field(default_factory=dict, compare=False)
    #: The towers, gaps and zones around the city, clockwise, as the service lists them (only printed: which
    #: zone belongs to which tower is the service's to say).
    clockwise: tuple[str, ...] = ()

    @classmethod
    def from_data(cls, side: str, data: Mapping[str, Any]) -> BoardContent:
        """A board from its ``DescribeGame`` content (raises ``KeyError``/``TypeError`` if malformed; the
        sides of the paths, the areas of the gaps and the ring are optional)."""
        return cls(
            side=side,
            areas=tuple(str(a["id"]) for a in data["areas"]),
            paths=tuple(str(p["id"]) for p in data["paths"]),
            gaps=tuple(str(g["id"]) for g in data["gaps"]),
            towers=tuple(str(t["id"]) for t in data["towers"]),
            zones=tuple(str(z["id"]) for z in data["zones"]),
            path_sides={
                str(p["id"]): tuple(tuple(str(a) for a in s) for s in p["sides"])
                for p in data["paths"]
                if isinstance(p.get("sides"), list) and all(isinstance(s, list) for s in p["sides"])
            },
            gap_areas={str(g["id"]): str(g["area"]) for g in data["gaps"] if g.get("area")},
            clockwise=tuple(str(item) for item in data.get("ring") or ()),
        )

    def place_note(self, ident: str) -> str:
        """What a board id names, in words: ``a path for a road, between A12 and A13``, ``a gap in the city
        wall, at A11``, ``a defence zone``; ``""`` for anything else."""
        if ident in self.paths:
            sides = self.path_sides.get(ident, ())
            where = f", between {' and '.join('/'.join(s) for s in sides)}" if len(sides) == 2 else ""
            return f"a path for a road{where}"
        if ident in self.gaps:
            area = self.gap_areas.get(ident)
            return "a gap in the city wall" + (f", at {area}" if area else "")
        if ident in self.zones:
            return "a defence zone" + (" (on the ring around the city, between two towers)" if self.clockwise else "")
        return ""  # an area or a tower is named by its id in the view and on the picture


@dataclass(frozen=True)
class Content:
    """What rendering needs of ``DescribeGame`` content: both boards, guild names, factions."""

    boards: dict[str, BoardContent]
    guilds: dict[str, str]
    factions: tuple[str, ...]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Content | None:
        """The content of a ``DescribeGame`` answer (as a dict); ``None`` if it is not The Walled City's."""
        try:
            boards = {str(side): BoardContent.from_data(str(side), b) for side, b in data["boards"].items()}
            game = data["game"]
            guilds = {}
            for g in game["guilds"]:
                priority = int(g["priority"])
                guilds[str(g["id"])] = f"{g['name_en']} ({priority}{'b' if g.get('b') else ''})"
            factions = tuple(str(f) for f in game["factions"]["ids"])
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        return cls(boards, guilds, factions)

    def guild(self, ident: str) -> str:
        """A guild's name with its priority, e.g. ``Mercers (1)``."""
        return self.guilds.get(ident, ident) if ident else "-"


# ---- the state ----------------------------------------------------------------------------------


def _phase(state: WalledCityState) -> str:
    return str(state.phase) if state.HasField("phase") else "setup"


def board_of(state: WalledCityState, content: Content | None) -> BoardContent | None:
    """The board side ``state`` is played on, from ``content`` (``None`` without it)."""
    return content.boards.get(_str(state.options, "board", "londonderry")) if content is not None else None


def _int(state: Any, name: str, default: int) -> int:
    return int(getattr(state, name)) if state.HasField(name) else default


def _str(state: Any, name: str, default: str) -> str:
    return str(getattr(state, name)) if state.HasField(name) else default


def who_name(who: str) -> str:
    """``s2`` for seat 2, ``N`` for the neutral."""
    return "N" if who == NEUTRAL else f"s{who}"


def _seat(seat: int) -> str:
    return "CHANCE" if seat == CHANCE_SEAT else f"seat {seat}"


def _citizens(entries: Iterable[WalledCityPlaced]) -> str:
    """``s0 2p+1n, N 1p``: each competitor's peasants and nobles."""
    parts = []
    for p in entries:
        bits = [f"{p.peasants}p"] if p.peasants else []
        bits += [f"{p.nobles}n"] if p.nobles else []
        if bits:
            parts.append(f"{who_name(p.who)} {'+'.join(bits)}")
    return ", ".join(parts)


def _spot(spot: WalledCitySpot) -> str:
    if _str(spot, "kind", "built") == "demolished":
        return f"{spot.id} (demolished)"
    height = _int(spot, "height", 1)
    return spot.id if height == 1 else f"{spot.id} x{height}"


def _card(a: int, b: int, defence_only: bool = False) -> str:
    return f"{a}/{b}" + ("*" if defence_only else "")


def _hand(seat: WalledCitySeat, visible: bool) -> str:
    if not seat.hand:
        return "no cards"
    if not visible or all(c.a == 0 and c.b == 0 for c in seat.hand):
        return f"{len(seat.hand)} cards (hidden)"
    return " ".join(_card(c.a, c.b, c.defence_only) for c in seat.hand)


def without_seat(prompt: str, seat: int) -> str:
    """``prompt`` without a leading ``Seat N: `` that names ``seat`` (an older server's prompt named the seat
    it asks; today's do not, and the screen already says whose decision it is), its first letter capitalised."""
    match = SEAT_PREFIX.match(prompt)
    if match is None or int(match.group(1)) != seat or match.end() == len(prompt):
        return prompt
    rest = prompt[match.end() :]
    return rest[:1].upper() + rest[1:]


def pending_text(pending: common_pb2.Pending | None) -> str:
    """Whose decision is pending and what it is, as the service says (``ViewState``'s ``pending``); the
    seat is named once (:func:`without_seat`)."""
    if pending is None:
        return "(not asked)"
    if not pending.seats:
        return "nobody (the game is over)"
    seats = ", ".join(_seat(s) for s in pending.seats)
    prompt = pending.prompt or pending.kind
    if len(pending.seats) == 1:
        prompt = without_seat(prompt, pending.seats[0])
    return f"{seats} ({prompt})"


def _wrapped(head: str, items: Iterable[str], tail: str = ".") -> list[str]:
    """``head`` and the ``items`` (each kept on one line) joined by ``", "``, wrapped to 100 columns."""
    listed = [item.replace(" ", "\0") for item in items]  # a NUL is no place to break a line
    text = f"{head} {', '.join(listed)}{tail}"
    lines = textwrap.wrap(text, width=100, subsequent_indent="    ", break_on_hyphens=False)
    return [line.replace("\0", " ") for line in lines]


def board_guide(board: BoardContent, *, pictures: bool) -> str:
    """How to read the ids of ``board`` (printed once when a game starts): what areas, paths, gaps, towers and
    zones are, each path with the areas it runs between, each gap with its area, the ring around the city.
    ``pictures``: a picture of the board is written before each decision (``play --pictures``)."""
    lines = [f"How to read the board ({board.side}): every place is named by the id printed on the board."]
    lines += _wrapped("  Areas, where citizens settle (the view lists them by district):", board.areas)

    def sides(path: str) -> str:
        found = board.path_sides.get(path, ())
        return f"{path} {'|'.join('/'.join(s) for s in found)}" if len(found) == 2 else path

    if board.paths:
        lines += _wrapped("  Paths, where roads are built, each between two areas (A|B):", map(sides, board.paths))
    if board.gaps:
        gaps = (f"{g} {board.gap_areas[g]}" if g in board.gap_areas else g for g in board.gaps)
        lines += _wrapped("  Gaps in the city wall, where walls are built, each at an area:", gaps)
    if board.clockwise:
        lines += _wrapped(
            "  Around the city, clockwise:",
            board.clockwise,
            ". A tower holds watchmen; a defence zone lies between two towers and takes defence cards.",
        )
    if pictures:
        lines.append("  The picture written before each of your decisions shows where each place lies.")
    else:
        lines.append("  `play --pictures DIR` writes a picture of the board before each of your decisions.")
    return "\n".join(lines)


def district_lines(facts: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """Each district the service lists (``facts.districts``): its heading and its areas, in its order."""
    out = []
    for number, d in enumerate(facts.get("districts") or [], 1):
        areas = [str(a) for a in d.get("areas") or []]
        votes = ", ".join(f"{who_name(str(w))} {int(v)}" for w, v in (d.get("votes_now") or {}).items())
        leaders = ", ".join(who_name(str(w)) for w in d.get("leaders") or []) or "nobody"
        values = "/".join(str(int(v)) for v in d.get("place_values") or [])
        head = f"district {number} (place values {values}; votes now: {votes or 'none'}; leads: {leaders})"
        out.append((head, areas))
    return out


def render(
    state: WalledCityState,
    content: Content | None,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str:
    """A Walled City state (usually a view) for a terminal, from ``seat``'s side, with the decision
    ``pending`` and the ``facts`` of ``ViewState`` (without them, the areas are listed without districts):
    the heading and the turn, the seats, the areas, the ring of towers and zones, and what is left aside."""
    side = _str(state.options, "board", "londonderry")
    board = content.boards.get(side) if content is not None else None

    def guild(ident: str) -> str:
        return content.guild(ident) if content is not None else ident or "-"

    places = _Places.of(state)
    return "\n".join(
        [
            *_heading_lines(state, side, pending, guild),
            *_seat_lines(state, seat, guild),
            *_area_lines(state, board, places, district_lines(facts or {})),
            *_ring_lines(state, board, places),
            *_aside_lines(state),
        ]
    )


def _heading_lines(
    state: WalledCityState, side: str, pending: common_pb2.Pending | None, guild: Callable[[str], str]
) -> list[str]:
    """The board, round and phase, the decision owed, the build turn and the guild in use, order and offer."""
    phase = _phase(state)
    start = _int(state, "start_player", CHANCE_SEAT)
    head = f"The Walled City ({side}), round {_int(state, 'round', 1)}: {PHASES.get(phase, phase)}"
    if start != CHANCE_SEAT:
        head += f"; start player: seat {start}"
    lines = [head, f"To decide: {pending_text(pending)}"]
    if state.HasField("turn") and phase == "build":
        turn = state.turn
        step = _str(turn, "step", "place")
        bits = [f"seat {turn.seat}", STEPS.get(step, step)]
        if turn.spot:
            bits.append(f"built {turn.spot} with card {_card(turn.a, turn.b)}")
        if turn.promote_left:
            bits.append(f"{turn.promote_left} promotion(s) left")
        if turn.drapers:
            bits.append("Drapers: may build on top")
        lines.append("Build turn: " + ", ".join(bits))
    if state.HasField("activation") and phase == "build":
        act = state.activation
        via = " (via Grocers)" if act.via else ""
        memory = [*act.chosen, *act.items] + [_card(c.a, c.b) for c in act.cards]
        lines.append(
            f"Guild in use: {guild(act.guild)}{via} by seat {act.seat}, {act.count} choice(s) made"
            + (f": {', '.join(memory)}" if memory else "")
        )
    if state.order:
        lines.append("Turn order: " + " > ".join(f"seat {s}" for s in state.order))
    if state.offer:
        lines.append("Guilds on offer: " + ", ".join(guild(g) for g in state.offer))
    return lines


def _seat_lines(state: WalledCityState, seat: int | None, guild: Callable[[str], str]) -> list[str]:
    """Each seat's points, reserve, guilds and hand (``seat``'s own shown), and the neutral seat of two players."""
    rnd = _int(state, "round", 1)
    points: dict[str, int] = {}
    for v in state.votes:
        points[v.who] = points.get(v.who, 0) + v.points
    lines = []
    for index, p in enumerate(state.seats):
        you = " (you)" if index == seat else ""
        guilds = f"guild {guild(p.guild)}" + (" (used)" if p.guild_used else "")
        if p.round1_guild and rnd > 1:
            guilds += f", round 1: {guild(p.round1_guild)}"
        lines.append(
            f"  seat {index}{you}: {points.get(str(index), 0)} points; reserve {p.roads} roads, {p.walls} walls, "
            f"{p.nobles} nobles, {p.peasants} peasants; {guilds}"
        )
        lines.append(f"      hand: {_hand(p, index == seat or (seat is None and not state.redacted))}")
    if len(state.seats) == 2:
        lines.append(
            f"  neutral: {points.get(NEUTRAL, 0)} points; supply {state.neutral_nobles} nobles, "
            f"{state.neutral_peasants} peasants"
        )
    return lines


@dataclass(frozen=True)
class _Places:
    """What stands in each place: citizens, faction dice and survey tiles, by area or tower."""

    citizens: dict[str, list[WalledCityPlaced]]
    dice: dict[str, list[str]]
    tiles: dict[str, list[str]]

    @classmethod
    def of(cls, state: WalledCityState) -> _Places:
        citizens: dict[str, list[WalledCityPlaced]] = {}
        for c in state.citizens:
            citizens.setdefault(c.place, []).append(c)
        dice: dict[str, list[str]] = {}
        for i, d in enumerate(state.dice):
            dice.setdefault(d.location, []).append(f"die#{i} {d.faction} {d.value}")
        tiles: dict[str, list[str]] = {}
        for i, t in enumerate(state.tiles):
            tiles.setdefault(t.area, []).append(f"tile#{i} {t.value:+d}")
        return cls(citizens, dice, tiles)


def _area_lines(
    state: WalledCityState,
    board: BoardContent | None,
    places: _Places,
    districts: list[tuple[str, list[str]]],
) -> list[str]:
    """The areas by district (or by place, without the facts), then the roads and walls built."""
    lines = []
    if districts:
        lines.append("Areas by district (citizens: p peasants, n nobles; s0..s3 seats, N neutral):")
        for heading, areas in districts:
            lines.append(f"  {heading}:")
            for area in areas:
                extra = [
                    _citizens(places.citizens.get(area, [])),
                    *places.dice.get(area, []),
                    *places.tiles.get(area, []),
                ]
                lines.append(f"    {area}: " + ("; ".join(e for e in extra if e) or "-"))
    else:
        for place, entries in sorted(places.citizens.items()):
            lines.append(f"  {place}: {_citizens(entries)}")
    roads = list(state.paths)
    total_paths = len(board.paths) if board is not None else None
    road_text = ", ".join(_spot(s) for s in roads) or "none"
    lines.append(f"Roads ({len(roads)}" + (f" of {total_paths} paths" if total_paths else "") + f"): {road_text}")
    wall_text = ", ".join(_spot(s) for s in state.gaps) or "none"
    total_gaps = f" of {len(board.gaps)} gaps" if board is not None else ""
    lines.append(f"Walls ({len(state.gaps)}{total_gaps}): {wall_text}")
    return lines


def _ring_lines(state: WalledCityState, board: BoardContent | None, places: _Places) -> list[str]:
    """The towers (watchmen, die) and the defence zones, along the ring."""
    towers = board.towers if board is not None else tuple(sorted({d.location for d in state.dice}))
    lines = ["Towers (watchmen, die):"]
    for tower in towers:
        extra = [_citizens(places.citizens.get(tower, [])), *places.dice.get(tower, [])]
        lines.append(f"  {tower}: " + ("; ".join(e for e in extra if e) or "-"))
    if state.zones:
        lines.append("Defence zones (a card as its numbers toward the tower counter-clockwise|clockwise; ? face down):")
        cards: dict[str, list[str]] = {}
        for z in state.zones:
            hidden = not z.revealed and z.toward_ccw == 0 and z.toward_cw == 0
            text = "?" if hidden else f"{z.toward_ccw}|{z.toward_cw}" + ("" if z.revealed else " (face down)")
            cards.setdefault(z.zone, []).append(f"s{z.owner} {text}")
        zones = board.zones if board is not None else tuple(sorted(cards))
        for zone in zones:
            if zone in cards:
                lines.append(f"  {zone}: " + ", ".join(cards[zone]))
    return lines


def _aside_lines(state: WalledCityState) -> list[str]:
    """Fences, nobles in the box, defence-only cards not dealt, and the latest scored items."""
    lines = []
    for number, f in enumerate(state.fences, 1):
        cuts = [
            f"{'inside' if inside else 'after'} {item}"
            for item, inside in ((f.first, f.first_inside), (f.second, f.second_inside))
        ]
        lines.append(f"Fence F{number} across {f.area} ({' to '.join(cuts)}): {f.area}.1 | {f.area}.2")
    if state.out_nobles:
        lines.append("Nobles in the box: " + _citizens(state.out_nobles))
    if state.defence_only_left:
        lines.append("Defence-only cards not dealt: " + " ".join(_card(c.a, c.b) for c in state.defence_only_left))
    if state.votes:
        lines.append("Latest scored items:")
        for v in list(state.votes)[-6:]:
            lines.append(f"  {who_name(v.who)} {v.points:+d} {v.category}" + (f" ({v.detail})" if v.detail else ""))
    return lines


def render_game(
    state: WalledCityState,
    names: Names,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str:
    """The screen of a Walled City state for :func:`rulesengine_client.render.render_state`."""
    return render(state, names.content(GAME_ID), seat, pending=pending, facts=facts)
