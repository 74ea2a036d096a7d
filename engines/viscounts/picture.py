"""Viscounts of the West Kingdom as a picture (``RenderView``): the round kingdom, the castle, every player board.

Drawn from a view only (``engines.viscounts.view``): a card the view hides (``"?"``) is drawn face down and
counted, never named. The picture shows:

* the main board (§4.1) as a ring of five segments clockwise around the castle, segment 1 at the top: each
  segment's inner and outer viscount spaces with the arrows between them (A-06), the exchange of each outer
  space (§5.4), the river and the building spots on either side with what stands on them and the links
  between them (§5.5), the viscounts; beside each segment its townsfolk and manuscript piles (§4.1);
* the castle (§5.8) in the middle: each section beside the segment it faces (the rotation, §3 step 2),
  with the workers of every seat in tier 1 and tier 2, the centre (tier 3); a table of the sections;
* the turn, the Debts and Deeds stacks (§4.9), the Cleric Bonus cards left (§6.8), the draft (§3 step 8);
* one player board per seat (§4.2, §6.9): goods, debts and deeds, the corruption and virtue track, the
  three card slots, the buildings constructed, manuscripts and Cleric Bonus cards, the hand (named only
  for its owner), the draw and discard piles; the Cleric AI's board in a solo game (§8).

Every shape that stands for a thing has a title naming it, so the SVG says in words what is where.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from functools import reduce

from engines.core.items import HIDDEN
from engines.core.locale import Words
from engines.core.picture import HIDDEN as HIDDEN_FILL
from engines.core.picture import INK, MUTED, PAPER, Picture, Svg, seat_colour, text_width, wrap
from engines.core.text import LIST_COMMA, Message, Param, Text, listing, names
from engines.viscounts.board import IN, OL, SEGMENTS, exits, kind, position
from engines.viscounts.castle import section_reward
from engines.viscounts.common import CONTENT, board_slots
from engines.viscounts.content import Link, SegmentSide, Spot
from engines.viscounts.names import GOODS as GOOD_NAMES
from engines.viscounts.names import ICONS as ICON_NAMES
from engines.viscounts.names import RIBBONS as RIBBON_NAMES
from engines.viscounts.names import SIDES, folk, space_words
from engines.viscounts.state import EMPTY, NO_SEAT, Player, State
from engines.viscounts.words import (
    MERCHANT_ICONS,
    building_name,
    card_name,
    effect_words,
    manuscript_name,
    section_name,
    slot_name,
    spot_name,
)

WIDTH = 1400
MARGIN = 14
TOP = 70
#: The board's centre and its rings (radii): castle centre, tier 2, tier 1, segment ring, spots, piles.
CX, CY = 500.0, TOP + 432.0
R_CENTRE, R_TIER2, R_TIER1 = 40.0, 82.0, 126.0
R_RING_IN, R_INNER, R_OUTER, R_SPOTS, R_RING_OUT = 136.0, 170.0, 240.0, 286.0, 304.0
#: A segment's pile box: its width, its distance from the board, its text size and line height.
PILE_W, PILE_GAP, PILE_TEXT, PILE_LINE = 186.0, 8.0, 10.5, 14.0
SIDE_X = 1000.0
SEG_SPAN = 360.0 / SEGMENTS
PANEL_W = (WIDTH - 3 * MARGIN) / 2
SLOT_W, SLOT_H = 200.0, 50.0
#: Face-down card backs drawn for a hidden pile at most (the count is always written).
MAX_BACKS = 10
#: The width of wrapped text in a player board.
WRAP = PANEL_W - 20

RIVER = "#5b9bd5"
LAND = "#eef5e6"
CASTLE = "#ddd6c8"
#: The goods (§0.2): silver and the three resources.
GOODS: dict[str, str] = {"silver": "#a8a8a8", "ink": "#3b3b8f", "gold": "#d4a017", "stone": "#8c7b6b"}
#: The ribbon colours of manuscripts and Cleric Bonus cards (§6.8), by the content's ribbon ids.
RIBBONS: dict[str, str] = {"grey": "#9a9a9a", "black": "#222222", "yellow": "#e8c547", "blue": "#3a78c2"}
#: One letter per icon (§4.3), by the content's icon ids.
ICONS: dict[str, str] = {"MERCHANT": "M", "BUILDER": "B", "NOBLE": "N", "CLERIC": "C", "CRIMINAL": "X"}
#: One letter per building type (§6.9), on a spot of the main board.
BUILDING_LETTERS: dict[str, str] = {"trading_post": "T", "guildhall": "G", "workshop": "W"}
#: The building types in the order the player board shows them.
BUILDING_ORDER: tuple[str, ...] = tuple(BUILDING_LETTERS)
COLOUR_WORDS = ("red", "blue", "green", "orange", "purple", "brown", "pink", "teal")


# ---- words ------------------------------------------------------------------------------------------------------


def _m(key: str, template: str, plural: str = "") -> Message:
    return Message(f"viscounts.picture.{key}", template, plural)


COLOURS = names("viscounts", "colour", {c: c for c in COLOUR_WORDS})
"""The seat colours, as titles name them."""
YOU = _m("you", "you")
CLERIC_AI = _m("cleric_ai", "Cleric AI")
SEAT_WITH = _m("seat_with", "seat {seat} ({about})")
SEAT = _m("seat", "seat {seat}")
MAIN_BOARD = _m("main_board", "the main board")
SEGMENT_SIDE = _m("segment_side", "segment {segment} (side {side})")
SEGMENT_NOT_LAID = _m("segment_not_laid", "segment {segment}, not laid yet")
RIVER_OF = _m("river", "the river of segment {segment}")
WAY = _m("way", "way from {source} to {target}")
SPACE_EXCHANGE = _m("space_exchange", "{space}, exchange {exchange}")
SPACE_LETTERS = (_m("space_ol", "OL"), _m("space_in", "IN"), _m("space_or", "OR"))
EXCHANGES = names("viscounts", "exchange", {x.kind: x.kind for x in CONTENT.board.exchanges})
VISCOUNT_OF = _m("viscount_of", "viscount of {seat} on {space}")
BUILDING_OF = _m("building_of", "{slot} of {seat}")
SPOT_UNNUMBERED = _m("spot_unnumbered", "segment {segment} {side} spot ({reward})")
BUILT_ON = _m("built_on", "{what} on {where}")
EMPTY_SPOT = _m("empty_spot", "empty building spot {where}")
LINK = _m("link", "link between {a} and {b}: {effect}")
PILES = {
    "townsfolk": (
        _m("folk_printed", "townsfolk: printed one only"),
        _m("folk_empty", "townsfolk pile of segment {segment}: empty"),
        _m("folk_top", "townsfolk: {top}\u00a0+{below}"),
        _m("folk_top_title", "townsfolk pile of segment {segment}: {top} on top, {below} below"),
    ),
    "manuscript": (
        _m("script_printed", "manuscript: printed one only"),
        _m("script_empty", "manuscript pile of segment {segment}: empty"),
        _m("script_top", "manuscript: {top}\u00a0+{below}"),
        _m("script_top_title", "manuscript pile of segment {segment}: {top} on top, {below} below"),
    ),
}
FOLK_SHORT = _m("folk_short", "{name} ({cost};\u00a0{icons})")
FOLK_SHORT_PLAIN = _m("folk_short_plain", "{name} ({cost};\u00a0)")
SCRIPT_SHORT = _m("script_short", "{id} ({cost},\u00a0{ribbon})")
HEADING = _m("heading", "Segment {segment}")
HEADING_SIDE = _m("heading_side", "Segment {segment} ({side})")
EXCHANGES_LINE = _m("exchanges", "exchanges: OL {left}, OR {right}")
PILES_OF = _m("piles_of", "the piles of segment {segment}")
WORKERS_IN = _m("workers_in", "{n} worker of {seat} in {where}", "{n} workers of {seat} in {where}")
WORKERS_CENTRE = _m(
    "workers_centre", "{n} worker of {seat} in the castle centre", "{n} workers of {seat} in the castle centre"
)
NO_ROTATION = _m("no_rotation", "a castle section (rotation not drawn yet)")
TIER_1_OF = _m("tier_1_of", "tier 1 of {section}")
TIER_2_OF = _m("tier_2_of", "tier 2 of {section}")
SECTION_SHORT = _m("section_short", "S{n}")
CENTRE = _m("centre", "the castle centre (tier 3; each worker gives {reward})")
SPECTATOR = _m("spectator", "a spectator")
STAGES = {
    "deal": _m("stage_deal", "setup"),
    "draft": _m("stage_draft", "the draft"),
    "turns": _m("stage_turns", "turns"),
    "over": _m("stage_over", "game over"),
}
TITLE_LINE = _m("title_line", "Viscounts of the West Kingdom: round {round}, {stage}, as seen by {who}")
START_PLAYER = _m("start_player", "start player: seat {seat}")
TURN_OF = _m("turn_of", "turn of seat {seat}, phase {phase}")
PHASES = names(
    "viscounts", "phase", {p: p for p in ("slide", "play", "move", "action", "recruit", "collide", "draw", "done")}
)
PLAYED = _m("played", "played {card}, movement {value}")
SEMICOLONS = _m("semicolons", "{first}; {then}")
CASTLE_SECTIONS = _m("castle_sections", "Castle sections (workers per seat)")
SECTION_LINE = _m("section_line", "S{n} (section {n}): tier 2 gives {reward}")
SECTION_LINE_BY = _m("section_line_by", "S{n} (section {n}) by segment {segment}: tier 2 gives {reward}")
TIERS_LINE = _m("tiers_line", "tier 1: {tier1}; tier 2: {tier2}")
NOBODY_YET = _m("nobody_yet", "nobody yet")
CENTRE_LINE = _m("centre_line", "centre (tier 3): {centre}; Castle Leader: {leader}")
STACKS = _m("stacks", "Stacks and supply")
DEBTS_REVEALED = _m("debts_revealed", "Debts: Poverty revealed in round {round}, {left} left")
DEBTS_ABOVE = _m("debts_above", "Debts: {left} above the Poverty card")
DEEDS_REVEALED = _m("deeds_revealed", "Deeds: Prosperity revealed in round {round}, {left} left")
DEEDS_ABOVE = _m("deeds_above", "Deeds: {left} above the Prosperity card")
UNSEEN = _m("unseen", "unseen below the pile tops: {folk} townsfolk, {scripts} manuscripts")
OUT_OF_GAME = _m("out_of_game", "townsfolk out of the game: {n}")
PER_SEAT = _m("per_seat", "seat {seat}: {n}")
NONE = _m("none", "none")
BONUS_LEFT = _m("bonus_left", "Cleric Bonus cards left:")
BONUS_SUPPLY = _m("bonus_supply", "Cleric Bonus card {ribbon} ({icon}) in the supply")
BONUS_SUPPLY_PLAIN = _m("bonus_supply_plain", "Cleric Bonus card {ribbon} () in the supply")
LAID_OUT = _m("laid_out", "Player cards laid out")
NO_HERO = _m("no_hero", "no hero yet")
PAIR_LINE = _m("pair_line", "player card {number} + {hero}")
PAIR_TAKEN = _m("pair_taken", "player card {number} + {hero}, taken by seat {seat}")
GOOD_OF = _m("good_of", "{n} {good} of seat {seat}")
GOOD_AMOUNT = _m("good_amount", "{n} {good}")
SUPPLY = _m("supply", "workers in supply {n}")
SUPPLY_BANK = _m("supply_bank", "workers in supply {n}; AI silver bank {bank}")
DEBTS_DEEDS = _m("debts_deeds", "debts: {debts} unpaid, {paid} paid; deeds: {deeds} acquired, {approved} approved")
DEBTS_DEEDS_OF = _m("debts_deeds_of", "debts and deeds of seat {seat}")
TRACK = _m("track", "track")
TRACK_SPACE = _m("track_space", "track space {n} of seat {seat}")
MARKER = _m("marker", "{marker} marker of seat {seat} at {value}")
TRACK_LINE = _m("track_line", "corruption {corruption}, virtue {virtue}")
TRACK_COLLIDED = _m("track_collided", "corruption {corruption}, virtue {virtue} (collided)")
SCHEME_IN_SLOT = _m("scheme_in_slot", "scheme card {card} in slot {number} of seat {seat}")
SCHEME_SHORT = _m("scheme_short", "scheme {card}")
CARD_IN_SLOT = _m("card_in_slot", "{card} in slot {number} of seat {seat}")
CARD_SHORT = _m("card_short", "{name} ({cost})")
EMPTY_SLOT = _m("empty_slot", "empty slot {number} of seat {seat}")
EMPTY_WORD = _m("empty", "empty")
PRINTED_ICONS = _m("printed_icons", "printed icons: {icons}")
SLOT_LINE = _m("slot_line", "{number}: {first}")
BUILDINGS = _m("buildings", "buildings")
CONSTRUCTED = _m("constructed", "{slot} of seat {seat}: constructed")
STILL_ON_BOARD = _m("still_on_board", "{slot} of seat {seat}: still on the board")
KIND_COUNT = _m("kind_count", "{name} ×{n}")
BUILT_N = _m("built_n", "{n} built")
BUILT_NAMES = _m("built_names", "{n} built: {names}")
MANUSCRIPTS = _m("manuscripts", "manuscripts")
CASTLE_LEADER = _m("castle_leader", "Castle Leader")
MANUSCRIPT_OF = _m("manuscript_of", "manuscript {manuscript} of seat {seat}")
BONUS_OF = _m("bonus_of", "Cleric Bonus card {ribbon} of seat {seat}")
FACE_DOWN = _m("face_down", "{n} face down")
HAND = _m("hand", "hand ({n}): {cards}")
DRAW_PILE = _m("draw_pile", "draw pile: {n} face down")
DISCARD_PILE = _m("discard_pile", "discard pile ({n}, top last): {cards}")
SCHEME_DRAW_PILE = _m("scheme_draw_pile", "scheme draw pile: {n} face down")
SCHEME_DISCARD_PILE = _m("scheme_discard_pile", "scheme discard pile ({n}, top last): {cards}")
HEAD_SEAT = _m("head_seat", "Seat {seat}")
HEAD_YOU = _m("head_you", "{head} (you)")
HEAD_AI = _m("head_ai", "{head} - Cleric AI")
HEAD_CARD = _m("head_card", "{head} - player card {number}")
HEAD_HERO = _m("head_hero", "{head}, hero {hero}")
HEAD_START = _m("head_start", "{head} - start player")
NOT_ON_BOARD = _m("not_on_board", "not on the board")
VISCOUNT_AT = _m("viscount_at", "viscount: {where}")
FACE_DOWN_CARD = _m("face_down_card", "a face-down card in the hand of seat {seat}")
ICON_LETTER = _m("icon_letter", "{letter} {icon}")
LEGEND_ICONS = _m("legend_icons", "Icons: {icons}.")
LEGEND_SPACES = _m(
    "legend_spaces",
    "Spaces: OL outer-left, IN inner, OR outer-right (left and right seen from the castle); grey arrows are the "
    "only ways; blue lines are rivers; discs are viscounts, and workers with their counts. Castle: S1-S5 its "
    "sections, tier 1 the outer ring, tier 2 the inner one, tier 3 the centre.",
)
LEGEND_SPOTS = _m(
    "legend_spots",
    "Spots: T Trading Post, G Guildhall, W Workshop in the builder's colour; a dashed square is empty; brown "
    "lines are links.",
)
LEGEND_BESIDE = _m(
    "legend_beside",
    "Beside each segment: the segment tile and its side up (A-front), the townsfolk on top of its pile (its cost "
    "in silver; its icons), the manuscript on top (its number, its cost in cleric icons, its ribbon), +N: the "
    "cards below a top; the exchanges of its OL and OR spaces.",
)
EXCHANGE_RATE = _m("exchange_rate", "{exchange} ({cost}: {reward})")
LEGEND_EXCHANGES = _m("legend_exchanges", "Exchanges (cost per use: what it gives): {exchanges}.")
LEGEND_BOARDS = _m(
    "legend_boards",
    "Player boards: a card slot shows its townsfolk (its silver value) and icons; T1-T3, G1-G3, W1-W3 are the "
    "building slots, coloured while the building is still to build, white once built; manuscripts by number, "
    "framed in their ribbon's colour; track: black disc corruption, white disc virtue.",
)
LEGEND = _m("legend", "Legend")
GOOD_COLOUR = _m("good_colour", "{good} colour")
RIBBON = _m("ribbon", "{ribbon} ribbon")
PICTURE_TITLE = _m("title", "Viscounts of the West Kingdom, round {round}, as seen by {who}")


def _commas(items: Sequence[Param]) -> Text:
    return listing(items, joined=LIST_COMMA)


# ---- small helpers ------------------------------------------------------------------------------------------


def _who(v: State, seat: int, viewer: int) -> Text:
    """``seat 1 (blue)``, ``seat 0 (red, you)``, ``seat 1 (teal, Cleric AI)``: a seat in titles."""
    extra: list[Param] = [COLOURS[COLOUR_WORDS[seat % len(COLOUR_WORDS)]]]
    if seat == viewer:
        extra.append(YOU())
    if 0 <= seat < len(v.players) and v.players[seat].ai:
        extra.append(CLERIC_AI())
    return SEAT_WITH(seat=seat, about=_commas(extra))


def _polar(radius: float, degrees: float) -> tuple[float, float]:
    """The point at ``radius`` from the board's centre, ``degrees`` clockwise from the right."""
    angle = math.radians(degrees)
    return CX + radius * math.cos(angle), CY + radius * math.sin(angle)


def _mid(pos: int) -> float:
    """The angle of the middle of ring position ``pos`` (position 0 at the top, clockwise)."""
    return -90.0 + SEG_SPAN * pos


def _wedge(r1: float, r2: float, a1: float, a2: float, steps: int = 8) -> list[tuple[float, float]]:
    """A ring sector between radii ``r1`` < ``r2`` and angles ``a1`` < ``a2`` as a polygon."""
    outer = [_polar(r2, a1 + (a2 - a1) * k / steps) for k in range(steps + 1)]
    inner = [_polar(r1, a2 - (a2 - a1) * k / steps) for k in range(steps + 1)]
    return outer + inner


def _side(v: State, pos: int) -> SegmentSide | None:
    """The segment side at ring position ``pos``, or ``None`` before it is laid (§3 step 1)."""
    side_id = v.ring[pos] if pos < len(v.ring) else EMPTY
    return CONTENT.segments.get(side_id) if side_id else None


def _full_ring(v: State) -> bool:
    """Whether all five segments are laid (spots are numbered only then)."""
    return len(v.ring) == SEGMENTS and all(_side(v, pos) is not None for pos in range(SEGMENTS))


def _arrow(svg: Svg, a: tuple[float, float], b: tuple[float, float], gap: float, title: str) -> None:
    """A one-way arrow from ``a`` to ``b``, stopping ``gap`` short of both (A-06 the printed arrows)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    x1, y1 = a[0] + ux * gap, a[1] + uy * gap
    x2, y2 = b[0] - ux * gap, b[1] - uy * gap
    svg.line(x1, y1, x2, y2, stroke=MUTED, stroke_width=1.5, title=title)
    head = [(x2, y2), (x2 - 8 * ux + 4 * uy, y2 - 8 * uy - 4 * ux), (x2 - 8 * ux - 4 * uy, y2 - 8 * uy + 4 * ux)]
    svg.polygon(head, fill=MUTED, stroke=None)


def _icons(icons: Sequence[str], joiner: str = " ") -> str:
    """Icons as letters (``M B``), as the legend explains them."""
    return joiner.join(ICONS.get(icon, icon) for icon in icons)


# ---- the main board -----------------------------------------------------------------------------------------


def _space_point(space: int) -> tuple[float, float]:
    """Where a viscount space is drawn: the inner one near the castle, the outer ones either side of the river."""
    pos, k = position(space), kind(space)
    if k == IN:
        return _polar(R_INNER, _mid(pos))
    offset = -0.3 * SEG_SPAN if k == OL else 0.3 * SEG_SPAN
    return _polar(R_OUTER, _mid(pos) + offset)


def _segments(svg: Svg, v: State, w: Words) -> None:
    """§4.1 the five segments: land, borders, the river (left and right are seen from the castle)."""
    svg.circle(CX, CY, R_RING_OUT, fill=LAND, title=w(MAIN_BOARD()))
    for pos in range(SEGMENTS):
        start = _mid(pos) - SEG_SPAN / 2
        side = _side(v, pos)
        laid = SEGMENT_SIDE(segment=pos + 1, side=side.id) if side is not None else SEGMENT_NOT_LAID(segment=pos + 1)
        svg.polygon(_wedge(R_RING_IN, R_RING_OUT, start, start + SEG_SPAN), fill=LAND, stroke=INK, title=w(laid))
        x1, y1 = _polar(R_INNER + 18, _mid(pos))
        x2, y2 = _polar(R_RING_OUT, _mid(pos))
        svg.line(x1, y1, x2, y2, stroke=RIVER, stroke_width=4, title=w(RIVER_OF(segment=pos + 1)))
        lx, ly = _polar(R_RING_IN + 14, _mid(pos) - SEG_SPAN * 0.32)
        svg.text(lx, ly + 4, str(pos + 1), size=15, bold=True, anchor="middle", fill=MUTED)


def _arrows(svg: Svg, w: Words) -> None:
    """A-06 the printed arrows, the only ways a viscount moves (clockwise)."""
    for space in range(3 * SEGMENTS):
        for target in exits(space):
            way = WAY(source=space_words(space), target=space_words(target))
            _arrow(svg, _space_point(space), _space_point(target), 19, w(way))


def _spaces(svg: Svg, v: State, viewer: int, w: Words) -> None:
    """§4.1 the viscount spaces with the exchange of each outer one (§5.4) and the viscounts on them."""
    for space in range(3 * SEGMENTS):
        x, y = _space_point(space)
        side = _side(v, position(space))
        k = kind(space)
        exchange = ""
        if side is not None and k != IN:
            exchange = side.exchange_ol if k == OL else side.exchange_or
        title = (
            SPACE_EXCHANGE(space=space_words(space), exchange=EXCHANGES[exchange]) if exchange else space_words(space)
        )
        svg.circle(x, y, 17, fill=PAPER, title=w(title))
        svg.text(x, y + 4, w(SPACE_LETTERS[k]()), size=10, anchor="middle", fill=MUTED)
        if exchange:
            svg.text(x, y + 31, w(EXCHANGES[exchange]), size=10, anchor="middle", bold=True)
    for seat, p in enumerate(v.players):
        if p.space < 0:
            continue
        here = [s for s, q in enumerate(v.players) if q.space == p.space]
        x, y = _space_point(p.space)
        angle = math.radians(-90 + 90 * here.index(seat))
        px, py = x + 14 * math.cos(angle), y + 14 * math.sin(angle)
        title = VISCOUNT_OF(seat=_who(v, seat, viewer), space=space_words(p.space))
        svg.circle(px, py, 8, fill=seat_colour(seat), stroke_width=2, title=w(title))


def _spot_points(v: State) -> list[tuple[int, Spot, float, float]]:
    """Every building spot with its ring position and where it is drawn: left spots left of the river."""
    out: list[tuple[int, Spot, float, float]] = []
    for pos in range(SEGMENTS):
        side = _side(v, pos)
        if side is None:
            continue
        for group, sign in (("left", -1), ("right", 1)):
            spots = [s for s in side.spots if s.side == group]
            for k, spot in enumerate(spots):
                share = (k + 1) / (len(spots) + 1)
                angle = _mid(pos) + sign * SEG_SPAN / 2 * (share if sign > 0 else 1 - share)
                x, y = _polar(R_SPOTS, angle)
                out.append((pos, spot, x, y))
    return out


def _built_words(v: State, entry: str, viewer: int) -> tuple[int, Text]:
    """The owner and the building of a spot's entry ``"<seat>:<slot id>"``."""
    owner, _, slot_id = entry.partition(":")
    seat = int(owner) if owner.isdigit() else NO_SEAT
    return seat, BUILDING_OF(slot=slot_name(slot_id), seat=_who(v, seat, viewer))


def _spots(svg: Svg, v: State, viewer: int, w: Words) -> None:
    """§4.1, §5.5 the building spots, what stands on them, and the links between neighbouring spots."""
    points = _spot_points(v)
    full = _full_ring(v) and len(v.spots) == len(points)
    if full:
        _links(svg, v, points, w)
    for index, (pos, spot, x, y) in enumerate(points):
        where = (
            spot_name(v.ring, index)
            if full
            else SPOT_UNNUMBERED(segment=pos + 1, side=SIDES[spot.side], reward=effect_words(spot.reward))
        )
        entry = v.spots[index] if full else EMPTY
        if entry:
            seat, what = _built_words(v, entry, viewer)
            slot_id = entry.partition(":")[2]
            letter = (
                BUILDING_LETTERS.get(_slot_building(v.players[seat], slot_id), "?")
                if 0 <= seat < len(v.players)
                else "?"
            )
            title = w(BUILT_ON(what=what, where=where))
            svg.rect(x - 11, y - 11, 22, 22, fill=seat_colour(seat), stroke=INK, title=title)
            svg.text(x, y + 5, letter, size=13, bold=True, anchor="middle", fill=PAPER)
        else:
            title = w(EMPTY_SPOT(where=where))
            svg.rect(x - 11, y - 11, 22, 22, fill=PAPER, stroke=INK, title=title, dashed=True)


def _links(svg: Svg, v: State, points: list[tuple[int, Spot, float, float]], w: Words) -> None:
    """§5.5 step 4 the links: each joins a spot to the next one clockwise and pays both owners."""
    ids = {spot.id: i for i, (_, spot, _, _) in enumerate(points)}
    for pos in range(SEGMENTS):
        side = _side(v, pos)
        nxt = _side(v, (pos + 1) % SEGMENTS)
        if side is None or nxt is None:
            continue
        for link in side.links:
            a, b = ids[link.a], ids[nxt.spots[0].id if link.b == "NEXT_SEGMENT_FIRST" else link.b]
            _link(svg, v, points, a, b, link, w)


def _link(
    svg: Svg, v: State, points: list[tuple[int, Spot, float, float]], a: int, b: int, link: Link, w: Words
) -> None:
    """One link between spots ``a`` and ``b``."""
    title = w(LINK(a=spot_name(v.ring, a), b=spot_name(v.ring, b), effect=effect_words(link.effect)))
    svg.line(points[a][2], points[a][3], points[b][2], points[b][3], stroke="#b08d57", stroke_width=3, title=title)


def _pile(
    pos: int,
    tops: Sequence[str],
    left: Sequence[int],
    noun: str,
    short: Callable[[str], Text],
    long: Callable[[str], Text],
) -> tuple[Text, Text]:
    """One pile of segment ``pos``: its line in the box and its title (the public top and the count below it)."""
    top = tops[pos] if pos < len(tops) else EMPTY
    below = left[pos] if pos < len(left) else 0
    printed, empty, line, title = PILES[noun]
    if not top:
        return printed(), empty(segment=pos + 1)
    return line(top=short(top), below=below), title(segment=pos + 1, top=long(top), below=below)


def _folk_short(card: str) -> Text:
    """A townsfolk pile top in a few words: name, cost and icons."""
    found = CONTENT.townsfolk[card]
    if not found.icons:
        return FOLK_SHORT_PLAIN(name=folk(card), cost=found.cost)
    return FOLK_SHORT(name=folk(card), cost=found.cost, icons=_icons(found.icons, "\u00a0"))


def _script_short(script: str) -> Text:
    """A manuscript pile top in a few words: id, cost and ribbon."""
    found = CONTENT.manuscripts[script]
    return SCRIPT_SHORT(id=script, cost=found.cost, ribbon=RIBBON_NAMES[found.ribbon])


class _PileBox:
    """Where a segment's pile box goes and the lines in it (each with its title, if any)."""

    def __init__(self, v: State, pos: int, w: Words) -> None:
        side = _side(v, pos)
        self.pos = pos
        self.heading = w(HEADING_SIDE(segment=pos + 1, side=side.id) if side else HEADING(segment=pos + 1))
        folk_pile = _pile(pos, v.folk_tops, v.folk_left, "townsfolk", _folk_short, card_name)
        script = _pile(pos, v.script_tops, v.script_left, "manuscript", _script_short, manuscript_name)
        rows: list[tuple[str, str | None]] = [(w(folk_pile[0]), w(folk_pile[1])), (w(script[0]), w(script[1]))]
        if side is not None:
            exchanges = EXCHANGES_LINE(left=EXCHANGES[side.exchange_ol], right=EXCHANGES[side.exchange_or])
            rows.append((w(exchanges), None))
        self.lines = [(line, title) for words, title in rows for line in wrap(words, PILE_W - 12, PILE_TEXT)]
        self.height = 26 + PILE_LINE * len(self.lines)
        dx, dy = math.cos(math.radians(_mid(pos))), math.sin(math.radians(_mid(pos)))
        reach = abs(dx) * PILE_W / 2 + abs(dy) * self.height / 2
        x, y = _polar(R_RING_OUT + PILE_GAP + reach, _mid(pos))
        self.left = min(max(MARGIN, x - PILE_W / 2), SIDE_X - 12 - PILE_W)
        self.top = max(TOP, y - self.height / 2)


def _pile_boxes(v: State, w: Words) -> list[_PileBox]:
    return [_PileBox(v, pos, w) for pos in range(SEGMENTS)]


def _board_bottom(v: State, w: Words) -> float:
    """The lowest point of the main board and its pile boxes."""
    return max(CY + R_RING_OUT, *(box.top + box.height for box in _pile_boxes(v, w))) + 12


def _piles(svg: Svg, v: State, w: Words) -> None:
    """§4.1 each segment's townsfolk and manuscript piles (their public tops and sizes), beside the segment."""
    for box in _pile_boxes(v, w):
        left, top = box.left, box.top
        title = w(PILES_OF(segment=box.pos + 1))
        svg.rect(left, top, PILE_W, box.height, fill=PAPER, stroke=INK, rx=6, title=title)
        svg.text(left + 6, top + 15, box.heading, size=12, bold=True)
        for k, (line, line_title) in enumerate(box.lines):
            svg.text(left + 6, top + 32 + PILE_LINE * k, line, size=PILE_TEXT, title=line_title)


# ---- the castle ---------------------------------------------------------------------------------------------


def _section_by(v: State, pos: int) -> int:
    """The castle section beside ring position ``pos`` (-1 before the rotation is drawn)."""
    return (pos + v.rotation) % SEGMENTS if v.rotation >= 0 else -1


def _workers(
    svg: Svg, v: State, counts: Sequence[int], radius: float, angle: float, where: Text, viewer: int, w: Words
) -> None:
    """Workers of every seat in one place: a disc per seat with its count."""
    present = [(seat, n) for seat, n in enumerate(counts) if n > 0]
    spread = 11.0 if radius > R_TIER2 else 16.0
    for k, (seat, n) in enumerate(present):
        a = angle + (k - (len(present) - 1) / 2) * spread
        x, y = _polar(radius, a)
        title = w(WORKERS_IN(n=n, seat=_who(v, seat, viewer), where=where))
        svg.circle(x, y, 8.5, fill=seat_colour(seat), title=title)
        svg.text(x, y + 4, str(n), size=10, bold=True, anchor="middle", fill=PAPER)


def _castle(svg: Svg, v: State, viewer: int, w: Words) -> None:
    """§5.8, §6.10 the castle: five sections of tier 1 and tier 2 facing their segments, and the centre."""
    for pos in range(SEGMENTS):
        section = _section_by(v, pos)
        start = _mid(pos) - SEG_SPAN / 2
        label = section_name(v, section) if section >= 0 else NO_ROTATION()
        tier1_title, tier2_title = TIER_1_OF(section=label), TIER_2_OF(section=label)
        svg.polygon(_wedge(R_TIER2, R_TIER1, start, start + SEG_SPAN), fill=CASTLE, stroke=INK, title=w(tier1_title))
        svg.polygon(
            _wedge(R_CENTRE, R_TIER2, start, start + SEG_SPAN), fill="#cfc6b4", stroke=INK, title=w(tier2_title)
        )
        if section < 0:
            continue
        tx, ty = _polar(R_TIER1 - 10, _mid(pos) - SEG_SPAN * 0.36)
        svg.text(tx, ty + 4, w(SECTION_SHORT(n=section + 1)), size=10, anchor="middle", bold=True)
        tier1 = v.castle.tier1[section] if section < len(v.castle.tier1) else ()
        tier2 = v.castle.tier2[section] if section < len(v.castle.tier2) else ()
        _workers(svg, v, tier1, (R_TIER2 + R_TIER1) / 2, _mid(pos), tier1_title, viewer, w)
        _workers(svg, v, tier2, (R_CENTRE + R_TIER2) / 2, _mid(pos), tier2_title, viewer, w)
    reward = effect_words(CONTENT.castle.centre)
    svg.circle(CX, CY, R_CENTRE, fill="#bfb49c", title=w(CENTRE(reward=reward)))
    present = [(seat, n) for seat, n in enumerate(v.castle.centre) if n > 0]
    for k, (seat, n) in enumerate(present):
        a = -90 + 360 * k / max(1, len(present))
        x, y = (CX, CY) if len(present) == 1 else _polar(20, a)
        title = w(WORKERS_CENTRE(n=n, seat=_who(v, seat, viewer)))
        svg.circle(x, y, 9, fill=seat_colour(seat), title=title)
        svg.text(x, y + 4, str(n), size=10, bold=True, anchor="middle", fill=PAPER)


# ---- the side column: turn, castle table, stacks, draft -----------------------------------------------------------


def _viewer_words(viewer: int) -> Text:
    return SPECTATOR() if viewer == NO_SEAT else SEAT(seat=viewer)


def _joined(items: Sequence[Text]) -> Text | None:
    """Phrases joined by semicolons: ``a; b; c``."""
    if not items:
        return None
    return reduce(lambda first, then: SEMICOLONS(first=first, then=then), items)


def _heading(svg: Svg, v: State, viewer: int, w: Words) -> None:
    """The round, the stage and who sees the picture."""
    line = TITLE_LINE(round=v.round, stage=STAGES[v.stage](), who=_viewer_words(viewer))
    svg.text(MARGIN, 30, w(line), size=20, bold=True)
    said: list[Text] = []
    if v.start != NO_SEAT:
        said.append(START_PLAYER(seat=v.start))
    if v.turn is not None:
        t = v.turn
        said.append(TURN_OF(seat=t.seat, phase=PHASES[t.phase]))
        if t.played:
            said.append(PLAYED(card=card_name(t.played), value=t.value))
    joined = _joined(said)
    svg.text(MARGIN, 54, w(joined) if joined is not None else "", size=13)


def _side_column(svg: Svg, v: State, viewer: int, w: Words) -> float:
    """The castle's sections in words, the stacks, the Cleric Bonus supply, the draft; returns the next y."""
    x, y = SIDE_X, TOP + 10.0
    svg.text(x, y, w(CASTLE_SECTIONS()), size=13, bold=True)
    y += 18
    for section in range(SEGMENTS):
        tier1 = v.castle.tier1[section] if section < len(v.castle.tier1) else ()
        tier2 = v.castle.tier2[section] if section < len(v.castle.tier2) else ()
        reward = effect_words(section_reward(v, section))
        if v.rotation >= 0:
            segment = (section - v.rotation) % SEGMENTS + 1
            line = SECTION_LINE_BY(n=section + 1, segment=segment, reward=reward)
        else:
            line = SECTION_LINE(n=section + 1, reward=reward)
        y = _side_lines(svg, x, y, w(line))
        tiers = TIERS_LINE(tier1=_per_seat(tier1), tier2=_per_seat(tier2))
        y = _side_lines(svg, x + 12, y, w(tiers), fill=MUTED) + 4
    leader = SEAT(seat=v.castle.leader) if v.castle.leader != NO_SEAT else NOBODY_YET()
    y = _side_lines(svg, x, y, w(CENTRE_LINE(centre=_per_seat(v.castle.centre), leader=leader))) + 10
    svg.text(x, y, w(STACKS()), size=13, bold=True)
    y += 18
    lines = [
        DEBTS_REVEALED(round=v.poverty, left=v.debts_left) if v.poverty else DEBTS_ABOVE(left=v.debts_left),
        DEEDS_REVEALED(round=v.prosperity, left=v.deeds_left) if v.prosperity else DEEDS_ABOVE(left=v.deeds_left),
        UNSEEN(folk=len(v.folk_unseen), scripts=len(v.script_unseen)),
        OUT_OF_GAME(n=len(v.folk_removed)),
    ]
    for line in lines:
        y = _side_lines(svg, x, y, w(line))
    y = _bonus_supply(svg, v, x, y, w)
    return _draft(svg, v, x, y + 8, w)


def _side_lines(svg: Svg, x: float, y: float, text: str, *, fill: str = INK) -> float:
    """``text`` in the side column from baseline ``y``, wrapped to its width; returns the next baseline."""
    for line in wrap(text, WIDTH - MARGIN - x, 11):
        svg.text(x, y, line, size=11, fill=fill)
        y += 15
    return y


def _per_seat(counts: Sequence[int]) -> Text:
    """Workers per seat: ``seat 0: 2, seat 1: 1`` (seats without any left out), or ``none``."""
    return listing([PER_SEAT(seat=seat, n=n) for seat, n in enumerate(counts) if n], joined=LIST_COMMA, empty=NONE)


def _bonus_supply(svg: Svg, v: State, x: float, y: float, w: Words) -> float:
    """§6.8 the Cleric Bonus cards not yet won, as ribbon swatches."""
    held = {ribbon for p in v.players for ribbon in p.cleric_bonus}
    label = w(BONUS_LEFT())
    svg.text(x, y + 2, label, size=11)
    cx = x + max(140.0, text_width(label, 11) + 10)  # a longer label of another language pushes the cards on
    for ribbon in CONTENT.board.ribbons:
        if ribbon in held:
            continue
        icon = CONTENT.board.cleric_bonus_icons.get(ribbon, "")
        title = (
            BONUS_SUPPLY(ribbon=RIBBON_NAMES[ribbon], icon=ICON_NAMES[icon])
            if icon
            else BONUS_SUPPLY_PLAIN(ribbon=RIBBON_NAMES[ribbon])
        )
        svg.rect(cx, y - 9, 14, 14, fill=RIBBONS.get(ribbon, MUTED), stroke=INK, title=w(title))
        svg.text(cx + 17, y + 2, w(RIBBON_NAMES[ribbon]), size=11)
        cx += 66
    return y + 18


def _draft(svg: Svg, v: State, x: float, y: float, w: Words) -> float:
    """§3 step 8 the laid-out player cards and heroes, and who took each."""
    if not v.pairs:
        return y
    svg.text(x, y, w(LAID_OUT()), size=13, bold=True)
    y += 16
    for pair in v.pairs:
        hero: Param = folk(pair.hero) if pair.hero in CONTENT.townsfolk else NO_HERO()
        if pair.taken_by != NO_SEAT:
            line = PAIR_TAKEN(number=pair.card, hero=hero, seat=pair.taken_by)
        else:
            line = PAIR_LINE(number=pair.card, hero=hero)
        svg.text(x, y, w(line), size=11)
        y += 15
    return y


# ---- the player boards ---------------------------------------------------------------------------------------


def _goods(svg: Svg, x: float, y: float, p: Player, seat: int, w: Words) -> None:
    """§4.2 silver and the three resources, the worker supply, debts and deeds."""
    for k, (good, colour) in enumerate(GOODS.items()):
        gx = x + 92 * k
        amount = getattr(p, good)
        title = w(GOOD_OF(n=amount, good=GOOD_NAMES[good], seat=seat))
        svg.rect(gx, y - 11, 14, 14, fill=colour, stroke=INK, rx=2, title=title)
        svg.text(gx + 19, y, w(GOOD_AMOUNT(n=amount, good=GOOD_NAMES[good])), size=12)
    supply = SUPPLY_BANK(n=p.workers, bank=p.bank) if p.ai else SUPPLY(n=p.workers)
    svg.text(x + 372, y, w(supply), size=12)
    svg.text(
        x,
        y + 20,
        w(DEBTS_DEEDS(debts=p.debts, paid=p.paid, deeds=p.deeds, approved=p.approved)),
        size=12,
        title=w(DEBTS_DEEDS_OF(seat=seat)),
    )


def _track(svg: Svg, x: float, y: float, p: Player, seat: int, w: Words) -> None:
    """§4.7 phase 5 the corruption (C) and virtue (V) markers on the player board's track."""
    length = CONTENT.board.track_length
    svg.text(x, y + 14, w(TRACK()), size=11, fill=MUTED)
    for k in range(1, length + 1):
        cx = x + 40 + (k - 1) * 26
        svg.rect(cx, y, 24, 20, fill=PAPER, stroke=INK, title=w(TRACK_SPACE(n=k, seat=seat)))
        svg.text(cx + 12, y + 14, str(k), size=9, anchor="middle", fill=MUTED)
    for marker, value, colour in (("corruption", p.corruption, INK), ("virtue", p.virtue, "#f2f2f2")):
        cx = x + 40 + (min(max(value, 1), length) - 1) * 26 + (7 if marker == "corruption" else 17)
        title = w(MARKER(marker=GOOD_NAMES[marker], seat=seat, value=value))
        svg.circle(cx, y + 10, 6, fill=colour, title=title)
    line = TRACK_COLLIDED if p.corruption == p.virtue else TRACK_LINE
    svg.text(x + 50 + length * 26, y + 14, w(line(corruption=p.corruption, virtue=p.virtue)), size=11)


def _slots(svg: Svg, x: float, y: float, p: Player, seat: int, w: Words) -> None:
    """§6.9 the three card slots: a townsfolk (or the AI's scheme card), or the printed starting icons."""
    printed = next(iter(CONTENT.ai_boards.values())).starting_icons if p.ai else CONTENT.board.starting_icons
    for number, card in enumerate(p.slots, start=1):
        sx = x + (number - 1) * (SLOT_W + 8)
        second: Text | str
        if card and p.ai:
            scheme = CONTENT.schemes.get(card)
            icons = scheme.header_icons if scheme is not None else ()
            title = SCHEME_IN_SLOT(card=card, number=number, seat=seat)
            first = SCHEME_SHORT(card=card)
            second = _icons(icons)
        elif card:
            c = CONTENT.townsfolk[card]
            title = CARD_IN_SLOT(card=card_name(card), number=number, seat=seat)
            first, second = CARD_SHORT(name=folk(card), cost=c.cost), _icons(c.icons)
        else:
            title = EMPTY_SLOT(number=number, seat=seat)
            letters = _icons(printed.get(number, ()))
            first, second = EMPTY_WORD(), PRINTED_ICONS(icons=letters if letters else NONE())
        svg.rect(sx, y, SLOT_W, SLOT_H, fill=PAPER, stroke=INK, rx=4, title=w(title), dashed=not card)
        svg.text(sx + 6, y + 18, w(SLOT_LINE(number=number, first=first)), size=12, bold=bool(card))
        svg.text(sx + 6, y + 38, second if isinstance(second, str) else w(second), size=11, fill=MUTED)


def _buildings(svg: Svg, x: float, y: float, p: Player, seat: int, w: Words) -> None:
    """§6.9 the nine building slots: a filled one holds a building constructed on the main board."""
    svg.text(x, y + 12, w(BUILDINGS()), size=11, fill=MUTED)
    for slot in board_slots(p):
        group = BUILDING_ORDER.index(slot.building)
        bx = x + 62 + (3 * group + slot.index - 1) * 26 + group * 8
        built = slot.id in p.built
        state = CONSTRUCTED if built else STILL_ON_BOARD
        svg.rect(
            bx,
            y,
            22,
            18,
            fill=seat_colour(seat) if not built else PAPER,
            stroke=INK,
            title=w(state(slot=slot_name(slot.id), seat=seat)),
        )
        svg.text(
            bx + 11,
            y + 13,
            f"{BUILDING_LETTERS[slot.building]}{slot.index}",
            size=9,
            anchor="middle",
            fill=INK if built else PAPER,
        )
    kinds = Counter(_slot_building(p, b) for b in p.built)
    listed: list[Param] = [
        KIND_COUNT(name=building_name(kind_), n=n) if n > 1 else building_name(kind_) for kind_, n in kinds.items()
    ]
    line = BUILT_NAMES(n=len(p.built), names=_commas(listed)) if listed else BUILT_N(n=len(p.built))
    svg.text(x + 62 + 9 * 26 + 30, y + 13, w(line), size=11)


def _slot_building(p: Player, slot_id: str) -> str:
    """The building type of one of ``p``'s building slots."""
    return next((s.building for s in board_slots(p) if s.id == slot_id), slot_id)


def _manuscripts(svg: Svg, x: float, y: float, p: Player, seat: int, v: State, w: Words) -> None:
    """§6.12 the manuscripts collected (with their ribbons), §6.8 the Cleric Bonus cards, the Castle Leader. The
    manuscripts sit closer together when a long row would run past the panel's edge."""
    svg.text(x, y + 12, w(MANUSCRIPTS()), size=11, fill=MUTED)
    leader = w(CASTLE_LEADER()) if v.castle.leader == seat else ""
    room = PANEL_W - 100 - 22 * len(p.cleric_bonus) - (text_width(leader, 11, bold=True) + 12 if leader else 0)
    step = min(54, room / max(1, len(p.manuscripts)))
    mx = x + 80
    for m in p.manuscripts:
        ribbon = CONTENT.manuscripts[m].ribbon if m in CONTENT.manuscripts else ""
        svg.rect(
            mx,
            y,
            step - 4,
            18,
            fill=PAPER,
            stroke=RIBBONS.get(ribbon, INK),
            stroke_width=2.5,
            rx=3,
            title=w(MANUSCRIPT_OF(manuscript=manuscript_name(m), seat=seat)),
        )
        svg.text(mx + (step - 4) / 2, y + 13, m, size=10, anchor="middle")
        mx += step
    if not p.manuscripts:
        svg.text(mx, y + 12, w(NONE()), size=11)
        mx += 40
    for bonus in p.cleric_bonus:
        svg.rect(
            mx + 6,
            y,
            18,
            18,
            fill=RIBBONS.get(bonus, MUTED),
            stroke=INK,
            title=w(BONUS_OF(ribbon=RIBBON_NAMES[bonus], seat=seat)),
        )
        mx += 22
    if leader:
        svg.text(mx + 12, y + 13, leader, size=11, bold=True)


def _cards_words(cards: Sequence[str], ai: bool) -> Text:
    """Named cards, or ``N face down`` for hidden ones."""
    shown: list[Param] = [
        c if ai else CARD_SHORT(name=folk(c), cost=CONTENT.townsfolk[c].cost) for c in cards if c != HIDDEN
    ]
    hidden = len(cards) - len(shown)
    return listing(shown + ([FACE_DOWN(n=hidden)] if hidden else []), joined=LIST_COMMA, empty=NONE)


def _pile_lines(p: Player, w: Words) -> list[str]:
    """The hand, draw pile and discard pile of a player board as wrapped lines."""
    lines: list[str] = []
    if not p.ai:
        lines += wrap(w(HAND(n=len(p.hand), cards=_cards_words(p.hand, False))), WRAP, 11)
    draw, discard = (SCHEME_DRAW_PILE, SCHEME_DISCARD_PILE) if p.ai else (DRAW_PILE, DISCARD_PILE)
    lines.append(w(draw(n=len(p.draw))))
    lines += wrap(w(discard(n=len(p.discard), cards=_cards_words(p.discard, p.ai))), WRAP, 11)
    return lines


def _panel_height(p: Player, w: Words) -> float:
    """The height of one player board."""
    return 226 + 15 * len(_pile_lines(p, w)) + (34 if _hidden_hand(p) else 0)


def _hidden_hand(p: Player) -> int:
    """How many cards of ``p``'s hand the view hides."""
    return sum(1 for c in p.hand if c == HIDDEN)


def _panel(svg: Svg, x: float, y: float, height: float, v: State, seat: int, viewer: int, w: Words) -> None:
    """§4.2 one seat's player board and piles."""
    p = v.players[seat]
    colour = seat_colour(seat)
    svg.rect(x, y, PANEL_W, height, fill=PAPER, stroke=colour, stroke_width=3 if seat == viewer else 1.5, rx=8)
    svg.rect(x, y, PANEL_W, 28, fill=colour, rx=8, title=w(_who(v, seat, viewer)))
    head = HEAD_SEAT(seat=seat)
    if seat == viewer:
        head = HEAD_YOU(head=head)
    if p.ai:
        head = HEAD_AI(head=head)
    if p.player_card:
        head = HEAD_CARD(head=head, number=p.player_card)
    if p.hero and p.hero in CONTENT.townsfolk:
        head = HEAD_HERO(head=head, hero=folk(p.hero))
    if v.start == seat:
        head = HEAD_START(head=head)
    where = space_words(p.space) if p.space >= 0 else NOT_ON_BOARD()
    at = w(VISCOUNT_AT(where=where))
    # The heading gives way to the viscount's place on its right: smaller type when the words are longer
    # (another language than English).
    room = PANEL_W - 20 - text_width(at, 12)
    heading, size = w(head), 14
    while size > 9 and text_width(heading, size, bold=True) > room:
        size -= 1
    svg.text(x + 10, y + 19, heading, size=size, bold=True, fill=PAPER)
    svg.text(x + PANEL_W - 10, y + 19, at, size=12, anchor="end", fill=PAPER)
    _goods(svg, x + 10, y + 48, p, seat, w)
    _track(svg, x + 10, y + 78, p, seat, w)
    _slots(svg, x + 10, y + 106, p, seat, w)
    _buildings(svg, x + 10, y + 164, p, seat, w)
    _manuscripts(svg, x + 10, y + 190, p, seat, v, w)
    ty = svg.lines(x + 10, y + 226, _pile_lines(p, w), size=11, gap=1.36)
    for k in range(min(_hidden_hand(p), MAX_BACKS)):
        svg.rect(
            x + 10 + 24 * k,
            ty - 6,
            20,
            28,
            fill=HIDDEN_FILL,
            stroke=INK,
            rx=3,
            title=w(FACE_DOWN_CARD(seat=seat)),
        )


def _players(svg: Svg, v: State, viewer: int, top: float, w: Words) -> float:
    """Every seat's player board, two to a row; returns the next free y."""
    y = top
    for first in range(0, len(v.players), 2):
        row = range(first, min(first + 2, len(v.players)))
        height = max(_panel_height(v.players[seat], w) for seat in row)
        for k, seat in enumerate(row):
            _panel(svg, MARGIN + k * (PANEL_W + MARGIN), y, height, v, seat, viewer, w)
        y += height + MARGIN
    return y


# ---- the legend and the picture ----------------------------------------------------------------------------------


def _legend_lines(w: Words) -> list[str]:
    """The legend's lines of words, wrapped to the picture's width."""
    exchanges = _commas(
        [
            EXCHANGE_RATE(exchange=EXCHANGES[x.kind], cost=MERCHANT_ICONS(n=x.cost), reward=effect_words(x.reward))
            for x in CONTENT.board.exchanges
        ]
    )
    icons = _commas([ICON_LETTER(letter=letter, icon=ICON_NAMES[icon]) for icon, letter in ICONS.items()])
    paragraphs = [
        LEGEND_ICONS(icons=icons),
        LEGEND_SPACES(),
        LEGEND_SPOTS(),
        LEGEND_BESIDE(),
        LEGEND_EXCHANGES(exchanges=exchanges),
        LEGEND_BOARDS(),
    ]
    return [line for words in paragraphs for line in wrap(w(words), WIDTH - 2 * MARGIN, 11)]


def _legend(svg: Svg, top: float, w: Words) -> None:
    """What the letters, colours and marks mean."""
    heading = w(LEGEND())
    svg.text(MARGIN, top + 14, heading, size=13, bold=True)
    x = MARGIN + max(70.0, text_width(heading, 13, bold=True) + 12)  # a longer word of another language
    for good, colour in GOODS.items():
        svg.rect(x, top + 3, 14, 14, fill=colour, stroke=INK, title=w(GOOD_COLOUR(good=GOOD_NAMES[good])))
        shown = w(GOOD_NAMES[good])
        svg.text(x + 19, top + 14, shown, size=12)
        x += 19 + text_width(shown, 12) + 24
    for ribbon, colour in RIBBONS.items():
        shown = w(RIBBON(ribbon=RIBBON_NAMES[ribbon]))
        svg.rect(x, top + 3, 14, 14, fill=PAPER, stroke=colour, stroke_width=2.5, title=shown)
        svg.text(x + 19, top + 14, shown, size=12)
        x += 19 + text_width(shown, 12) + 24
    svg.lines(MARGIN, top + 36, _legend_lines(w), size=11)


def _top_bottom(v: State, viewer: int, w: Words) -> float:
    """The y below the main board, its pile boxes and the side column."""
    return max(_board_bottom(v, w), _side_column(Svg(1, 1, ""), v, viewer, w) + 10)


def _height(v: State, viewer: int, w: Words) -> float:
    """The whole picture's height."""
    rows = [
        max(_panel_height(v.players[seat], w) for seat in range(first, min(first + 2, len(v.players))))
        for first in range(0, len(v.players), 2)
    ]
    legend = 11 * 1.35 * len(_legend_lines(w))
    return _top_bottom(v, viewer, w) + 10 + sum(h + MARGIN for h in rows) + 36 + legend + 8


def picture(view: State, viewer: int | None, words: Words) -> Picture:
    """The picture of a Viscounts of the West Kingdom view as ``viewer`` (a seat, ``None``: a spectator) sees it,
    its words in ``words``' language."""
    w = words
    seat = NO_SEAT if viewer is None else viewer
    title = w(PICTURE_TITLE(round=view.round, who=_viewer_words(seat)))
    svg = Svg(WIDTH, _height(view, seat, w), title)
    _heading(svg, view, seat, w)
    _segments(svg, view, w)
    _castle(svg, view, seat, w)
    _arrows(svg, w)
    _spaces(svg, view, seat, w)
    _spots(svg, view, seat, w)
    _piles(svg, view, w)
    _side_column(svg, view, seat, w)
    y = _players(svg, view, seat, _top_bottom(view, seat, w) + 10, w)
    _legend(svg, y, w)
    return svg.picture()
