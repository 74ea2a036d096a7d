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

from engines.core.items import HIDDEN
from engines.core.picture import HIDDEN as HIDDEN_FILL
from engines.core.picture import INK, MUTED, PAPER, Picture, Svg, seat_colour, text_width, wrap
from engines.core.text import plural
from engines.viscounts.board import IN, OL, SEGMENTS, exits, kind, position, space_name
from engines.viscounts.castle import section_reward
from engines.viscounts.common import CONTENT, board_slots
from engines.viscounts.content import Link, SegmentSide, Spot
from engines.viscounts.state import EMPTY, NO_SEAT, Player, State
from engines.viscounts.words import (
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


# ---- small helpers ------------------------------------------------------------------------------------------


def _who(v: State, seat: int, viewer: int) -> str:
    """``seat 1 (blue)``, ``seat 0 (red, you)``, ``seat 1 (teal, Cleric AI)``: a seat in titles."""
    extra = [COLOUR_WORDS[seat % len(COLOUR_WORDS)]]
    if seat == viewer:
        extra.append("you")
    if 0 <= seat < len(v.players) and v.players[seat].ai:
        extra.append("Cleric AI")
    return f"seat {seat} ({', '.join(extra)})"


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


def _icons(icons: Sequence[str]) -> str:
    """Icons as letters (``M B``), as the legend explains them."""
    return " ".join(ICONS.get(icon, icon) for icon in icons)


# ---- the main board -----------------------------------------------------------------------------------------


def _space_point(space: int) -> tuple[float, float]:
    """Where a viscount space is drawn: the inner one near the castle, the outer ones either side of the river."""
    pos, k = position(space), kind(space)
    if k == IN:
        return _polar(R_INNER, _mid(pos))
    offset = -0.3 * SEG_SPAN if k == OL else 0.3 * SEG_SPAN
    return _polar(R_OUTER, _mid(pos) + offset)


def _segments(svg: Svg, v: State) -> None:
    """§4.1 the five segments: land, borders, the river (left and right are seen from the castle)."""
    svg.circle(CX, CY, R_RING_OUT, fill=LAND, title="the main board")
    for pos in range(SEGMENTS):
        start = _mid(pos) - SEG_SPAN / 2
        side = _side(v, pos)
        laid = f"segment {pos + 1} (side {side.id})" if side is not None else f"segment {pos + 1}, not laid yet"
        svg.polygon(_wedge(R_RING_IN, R_RING_OUT, start, start + SEG_SPAN), fill=LAND, stroke=INK, title=laid)
        x1, y1 = _polar(R_INNER + 18, _mid(pos))
        x2, y2 = _polar(R_RING_OUT, _mid(pos))
        svg.line(x1, y1, x2, y2, stroke=RIVER, stroke_width=4, title=f"the river of segment {pos + 1}")
        lx, ly = _polar(R_RING_IN + 14, _mid(pos) - SEG_SPAN * 0.32)
        svg.text(lx, ly + 4, str(pos + 1), size=15, bold=True, anchor="middle", fill=MUTED)


def _arrows(svg: Svg) -> None:
    """A-06 the printed arrows, the only ways a viscount moves (clockwise)."""
    for space in range(3 * SEGMENTS):
        for target in exits(space):
            _arrow(
                svg,
                _space_point(space),
                _space_point(target),
                19,
                f"way from {space_name(space)} to {space_name(target)}",
            )


def _spaces(svg: Svg, v: State, viewer: int) -> None:
    """§4.1 the viscount spaces with the exchange of each outer one (§5.4) and the viscounts on them."""
    for space in range(3 * SEGMENTS):
        x, y = _space_point(space)
        side = _side(v, position(space))
        k = kind(space)
        exchange = ""
        if side is not None and k != IN:
            exchange = side.exchange_ol if k == OL else side.exchange_or
        title = space_name(space) + (f", exchange {exchange}" if exchange else "")
        svg.circle(x, y, 17, fill=PAPER, title=title)
        svg.text(x, y + 4, ("OL", "IN", "OR")[k], size=10, anchor="middle", fill=MUTED)
        if exchange:
            svg.text(x, y + 31, exchange, size=10, anchor="middle", bold=True)
    for seat, p in enumerate(v.players):
        if p.space < 0:
            continue
        here = [s for s, q in enumerate(v.players) if q.space == p.space]
        x, y = _space_point(p.space)
        angle = math.radians(-90 + 90 * here.index(seat))
        px, py = x + 14 * math.cos(angle), y + 14 * math.sin(angle)
        svg.circle(
            px,
            py,
            8,
            fill=seat_colour(seat),
            stroke_width=2,
            title=f"viscount of {_who(v, seat, viewer)} on {space_name(p.space)}",
        )


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


def _built_words(v: State, entry: str, viewer: int) -> tuple[int, str]:
    """The owner and the building of a spot's entry ``"<seat>:<slot id>"``."""
    owner, _, slot_id = entry.partition(":")
    seat = int(owner) if owner.isdigit() else NO_SEAT
    return seat, f"{slot_name(slot_id)} of {_who(v, seat, viewer)}"


def _spots(svg: Svg, v: State, viewer: int) -> None:
    """§4.1, §5.5 the building spots, what stands on them, and the links between neighbouring spots."""
    points = _spot_points(v)
    full = _full_ring(v) and len(v.spots) == len(points)
    if full:
        _links(svg, v, points)
    for index, (pos, spot, x, y) in enumerate(points):
        where = (
            spot_name(v.ring, index) if full else f"segment {pos + 1} {spot.side} spot ({effect_words(spot.reward)})"
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
            svg.rect(x - 11, y - 11, 22, 22, fill=seat_colour(seat), stroke=INK, title=f"{what} on {where}")
            svg.text(x, y + 5, letter, size=13, bold=True, anchor="middle", fill=PAPER)
        else:
            svg.rect(x - 11, y - 11, 22, 22, fill=PAPER, stroke=INK, title=f"empty building spot {where}", dashed=True)


def _links(svg: Svg, v: State, points: list[tuple[int, Spot, float, float]]) -> None:
    """§5.5 step 4 the links: each joins a spot to the next one clockwise and pays both owners."""
    ids = {spot.id: i for i, (_, spot, _, _) in enumerate(points)}
    for pos in range(SEGMENTS):
        side = _side(v, pos)
        nxt = _side(v, (pos + 1) % SEGMENTS)
        if side is None or nxt is None:
            continue
        for link in side.links:
            a, b = ids[link.a], ids[nxt.spots[0].id if link.b == "NEXT_SEGMENT_FIRST" else link.b]
            _link(svg, v, points, a, b, link)


def _link(svg: Svg, v: State, points: list[tuple[int, Spot, float, float]], a: int, b: int, link: Link) -> None:
    """One link between spots ``a`` and ``b``."""
    title = f"link between {spot_name(v.ring, a)} and {spot_name(v.ring, b)}: {effect_words(link.effect)}"
    svg.line(points[a][2], points[a][3], points[b][2], points[b][3], stroke="#b08d57", stroke_width=3, title=title)


def _pile(
    pos: int,
    tops: Sequence[str],
    left: Sequence[int],
    noun: str,
    short: Callable[[str], str],
    long: Callable[[str], str],
) -> tuple[str, str]:
    """One pile of segment ``pos``: its line in the box and its title (the public top and the count below it)."""
    top = tops[pos] if pos < len(tops) else EMPTY
    below = left[pos] if pos < len(left) else 0
    if not top:
        return f"{noun}: printed one only", f"{noun} pile of segment {pos + 1}: empty"
    return f"{noun}: {short(top)}\u00a0+{below}", f"{noun} pile of segment {pos + 1}: {long(top)} on top, {below} below"


def _folk_short(card: str) -> str:
    """A townsfolk pile top in a few words: name, cost and icons."""
    found = CONTENT.townsfolk[card]
    return f"{found.name} {_unbroken(f'({found.cost}; {_icons(found.icons)})')}"


def _script_short(script: str) -> str:
    """A manuscript pile top in a few words: id, cost and ribbon."""
    found = CONTENT.manuscripts[script]
    return f"{script} {_unbroken(f'({found.cost}, {found.ribbon})')}"


def _unbroken(text: str) -> str:
    """``text`` with no-break spaces, so a wrapped line never cuts it."""
    return text.replace(" ", "\u00a0")


class _PileBox:
    """Where a segment's pile box goes and the lines in it (each with its title, if any)."""

    def __init__(self, v: State, pos: int) -> None:
        side = _side(v, pos)
        self.pos = pos
        self.heading = f"Segment {pos + 1}" + (f" ({side.id})" if side else "")
        folk = _pile(pos, v.folk_tops, v.folk_left, "townsfolk", _folk_short, card_name)
        script = _pile(pos, v.script_tops, v.script_left, "manuscript", _script_short, manuscript_name)
        rows: list[tuple[str, str | None]] = [folk, script]
        if side is not None:
            rows.append((f"exchanges: OL {side.exchange_ol}, OR {side.exchange_or}", None))
        self.lines = [(line, title) for words, title in rows for line in wrap(words, PILE_W - 12, PILE_TEXT)]
        self.height = 26 + PILE_LINE * len(self.lines)
        dx, dy = math.cos(math.radians(_mid(pos))), math.sin(math.radians(_mid(pos)))
        reach = abs(dx) * PILE_W / 2 + abs(dy) * self.height / 2
        x, y = _polar(R_RING_OUT + PILE_GAP + reach, _mid(pos))
        self.left = min(max(MARGIN, x - PILE_W / 2), SIDE_X - 12 - PILE_W)
        self.top = max(TOP, y - self.height / 2)


def _pile_boxes(v: State) -> list[_PileBox]:
    return [_PileBox(v, pos) for pos in range(SEGMENTS)]


def _board_bottom(v: State) -> float:
    """The lowest point of the main board and its pile boxes."""
    return max(CY + R_RING_OUT, *(box.top + box.height for box in _pile_boxes(v))) + 12


def _piles(svg: Svg, v: State) -> None:
    """§4.1 each segment's townsfolk and manuscript piles (their public tops and sizes), beside the segment."""
    for box in _pile_boxes(v):
        left, top = box.left, box.top
        svg.rect(
            left, top, PILE_W, box.height, fill=PAPER, stroke=INK, rx=6, title=f"the piles of segment {box.pos + 1}"
        )
        svg.text(left + 6, top + 15, box.heading, size=12, bold=True)
        for k, (line, title) in enumerate(box.lines):
            svg.text(left + 6, top + 32 + PILE_LINE * k, line, size=PILE_TEXT, title=title)


# ---- the castle ---------------------------------------------------------------------------------------------


def _section_by(v: State, pos: int) -> int:
    """The castle section beside ring position ``pos`` (-1 before the rotation is drawn)."""
    return (pos + v.rotation) % SEGMENTS if v.rotation >= 0 else -1


def _workers(svg: Svg, v: State, counts: Sequence[int], radius: float, angle: float, where: str, viewer: int) -> None:
    """Workers of every seat in one place: a disc per seat with its count."""
    present = [(seat, n) for seat, n in enumerate(counts) if n > 0]
    spread = 11.0 if radius > R_TIER2 else 16.0
    for k, (seat, n) in enumerate(present):
        a = angle + (k - (len(present) - 1) / 2) * spread
        x, y = _polar(radius, a)
        svg.circle(
            x,
            y,
            8.5,
            fill=seat_colour(seat),
            title=f"{n} worker{'s' if n != 1 else ''} of {_who(v, seat, viewer)} in {where}",
        )
        svg.text(x, y + 4, str(n), size=10, bold=True, anchor="middle", fill=PAPER)


def _castle(svg: Svg, v: State, viewer: int) -> None:
    """§5.8, §6.10 the castle: five sections of tier 1 and tier 2 facing their segments, and the centre."""
    for pos in range(SEGMENTS):
        section = _section_by(v, pos)
        start = _mid(pos) - SEG_SPAN / 2
        label = section_name(v, section) if section >= 0 else "a castle section (rotation not drawn yet)"
        svg.polygon(
            _wedge(R_TIER2, R_TIER1, start, start + SEG_SPAN), fill=CASTLE, stroke=INK, title=f"tier 1 of {label}"
        )
        svg.polygon(
            _wedge(R_CENTRE, R_TIER2, start, start + SEG_SPAN), fill="#cfc6b4", stroke=INK, title=f"tier 2 of {label}"
        )
        if section < 0:
            continue
        tx, ty = _polar(R_TIER1 - 10, _mid(pos) - SEG_SPAN * 0.36)
        svg.text(tx, ty + 4, f"S{section + 1}", size=10, anchor="middle", bold=True)
        tier1 = v.castle.tier1[section] if section < len(v.castle.tier1) else ()
        tier2 = v.castle.tier2[section] if section < len(v.castle.tier2) else ()
        _workers(svg, v, tier1, (R_TIER2 + R_TIER1) / 2, _mid(pos), f"tier 1 of {label}", viewer)
        _workers(svg, v, tier2, (R_CENTRE + R_TIER2) / 2, _mid(pos), f"tier 2 of {label}", viewer)
    reward = effect_words(CONTENT.castle.centre)
    svg.circle(CX, CY, R_CENTRE, fill="#bfb49c", title=f"the castle centre (tier 3; each worker gives {reward})")
    present = [(seat, n) for seat, n in enumerate(v.castle.centre) if n > 0]
    for k, (seat, n) in enumerate(present):
        a = -90 + 360 * k / max(1, len(present))
        x, y = (CX, CY) if len(present) == 1 else _polar(20, a)
        svg.circle(
            x,
            y,
            9,
            fill=seat_colour(seat),
            title=f"{n} worker{'s' if n != 1 else ''} of {_who(v, seat, viewer)} in the castle centre",
        )
        svg.text(x, y + 4, str(n), size=10, bold=True, anchor="middle", fill=PAPER)


# ---- the side column: turn, castle table, stacks, draft -----------------------------------------------------------


def _heading(svg: Svg, v: State, viewer: int) -> None:
    """The round, the stage and who sees the picture."""
    who = "a spectator" if viewer == NO_SEAT else f"seat {viewer}"
    stage = {"deal": "setup", "draft": "the draft", "turns": "turns", "over": "game over"}[v.stage]
    svg.text(
        MARGIN, 30, f"Viscounts of the West Kingdom: round {v.round}, {stage}, as seen by {who}", size=20, bold=True
    )
    words = []
    if v.start != NO_SEAT:
        words.append(f"start player: seat {v.start}")
    if v.turn is not None:
        t = v.turn
        words.append(f"turn of seat {t.seat}, phase {t.phase}")
        if t.played:
            words.append(f"played {card_name(t.played)}, movement {t.value}")
    svg.text(MARGIN, 54, "; ".join(words), size=13)


def _side_column(svg: Svg, v: State, viewer: int) -> float:
    """The castle's sections in words, the stacks, the Cleric Bonus supply, the draft; returns the next y."""
    x, y = SIDE_X, TOP + 10.0
    svg.text(x, y, "Castle sections (workers per seat)", size=13, bold=True)
    y += 18
    for section in range(SEGMENTS):
        tier1 = v.castle.tier1[section] if section < len(v.castle.tier1) else ()
        tier2 = v.castle.tier2[section] if section < len(v.castle.tier2) else ()
        by = f" by segment {(section - v.rotation) % SEGMENTS + 1}" if v.rotation >= 0 else ""
        reward = effect_words(section_reward(v, section))
        y = _side_lines(svg, x, y, f"S{section + 1} (section {section + 1}){by}: tier 2 gives {reward}")
        y = _side_lines(svg, x + 12, y, f"tier 1: {_per_seat(tier1)}; tier 2: {_per_seat(tier2)}", fill=MUTED) + 4
    leader = f"seat {v.castle.leader}" if v.castle.leader != NO_SEAT else "nobody yet"
    y = _side_lines(svg, x, y, f"centre (tier 3): {_per_seat(v.castle.centre)}; Castle Leader: {leader}") + 10
    svg.text(x, y, "Stacks and supply", size=13, bold=True)
    y += 18
    lines = [
        _stack("Debts", "Poverty", v.debts_left, v.poverty),
        _stack("Deeds", "Prosperity", v.deeds_left, v.prosperity),
        f"unseen below the pile tops: {len(v.folk_unseen)} townsfolk, {len(v.script_unseen)} manuscripts",
        f"townsfolk out of the game: {len(v.folk_removed)}",
    ]
    for line in lines:
        y = _side_lines(svg, x, y, line)
    y = _bonus_supply(svg, v, x, y)
    return _draft(svg, v, x, y + 8)


def _side_lines(svg: Svg, x: float, y: float, text: str, *, fill: str = INK) -> float:
    """``text`` in the side column from baseline ``y``, wrapped to its width; returns the next baseline."""
    for line in wrap(text, WIDTH - MARGIN - x, 11):
        svg.text(x, y, line, size=11, fill=fill)
        y += 15
    return y


def _per_seat(counts: Sequence[int]) -> str:
    """Workers per seat: ``seat 0: 2, seat 1: 1`` (seats without any left out), or ``none``."""
    return ", ".join(f"seat {seat}: {n}" for seat, n in enumerate(counts) if n) or "none"


def _stack(noun: str, card: str, left: int, revealed: int) -> str:
    """§4.9 a stack above its Poverty or Prosperity card."""
    if revealed:
        return f"{noun}: {card} revealed in round {revealed}, {left} left"
    return f"{noun}: {left} above the {card} card"


def _bonus_supply(svg: Svg, v: State, x: float, y: float) -> float:
    """§6.8 the Cleric Bonus cards not yet won, as ribbon swatches."""
    held = {ribbon for p in v.players for ribbon in p.cleric_bonus}
    svg.text(x, y + 2, "Cleric Bonus cards left:", size=11)
    cx = x + 140
    for ribbon in CONTENT.board.ribbons:
        if ribbon in held:
            continue
        icon = CONTENT.board.cleric_bonus_icons.get(ribbon, "")
        svg.rect(
            cx,
            y - 9,
            14,
            14,
            fill=RIBBONS.get(ribbon, MUTED),
            stroke=INK,
            title=f"Cleric Bonus card {ribbon} ({icon.lower()}) in the supply",
        )
        svg.text(cx + 17, y + 2, ribbon, size=11)
        cx += 66
    return y + 18


def _draft(svg: Svg, v: State, x: float, y: float) -> float:
    """§3 step 8 the laid-out player cards and heroes, and who took each."""
    if not v.pairs:
        return y
    svg.text(x, y, "Player cards laid out", size=13, bold=True)
    y += 16
    for pair in v.pairs:
        hero = CONTENT.townsfolk[pair.hero].name if pair.hero in CONTENT.townsfolk else "no hero yet"
        taken = f", taken by seat {pair.taken_by}" if pair.taken_by != NO_SEAT else ""
        svg.text(x, y, f"player card {pair.card} + {hero}{taken}", size=11)
        y += 15
    return y


# ---- the player boards ---------------------------------------------------------------------------------------


def _goods(svg: Svg, x: float, y: float, p: Player, seat: int) -> None:
    """§4.2 silver and the three resources, the worker supply, debts and deeds."""
    for k, (good, colour) in enumerate(GOODS.items()):
        gx = x + 92 * k
        amount = getattr(p, good)
        svg.rect(gx, y - 11, 14, 14, fill=colour, stroke=INK, rx=2, title=f"{amount} {good} of seat {seat}")
        svg.text(gx + 19, y, f"{amount} {good}", size=12)
    words = f"workers in supply {p.workers}" + (f"; AI silver bank {p.bank}" if p.ai else "")
    svg.text(x + 372, y, words, size=12)
    svg.text(
        x,
        y + 20,
        f"debts: {p.debts} unpaid, {p.paid} paid; deeds: {p.deeds} acquired, {p.approved} approved",
        size=12,
        title=f"debts and deeds of seat {seat}",
    )


def _track(svg: Svg, x: float, y: float, p: Player, seat: int) -> None:
    """§4.7 phase 5 the corruption (C) and virtue (V) markers on the player board's track."""
    length = CONTENT.board.track_length
    svg.text(x, y + 14, "track", size=11, fill=MUTED)
    for k in range(1, length + 1):
        cx = x + 40 + (k - 1) * 26
        svg.rect(cx, y, 24, 20, fill=PAPER, stroke=INK, title=f"track space {k} of seat {seat}")
        svg.text(cx + 12, y + 14, str(k), size=9, anchor="middle", fill=MUTED)
    for marker, value, colour in (("corruption", p.corruption, INK), ("virtue", p.virtue, "#f2f2f2")):
        cx = x + 40 + (min(max(value, 1), length) - 1) * 26 + (7 if marker == "corruption" else 17)
        svg.circle(cx, y + 10, 6, fill=colour, title=f"{marker} marker of seat {seat} at {value}")
    collided = " (collided)" if p.corruption == p.virtue else ""
    svg.text(x + 50 + length * 26, y + 14, f"corruption {p.corruption}, virtue {p.virtue}{collided}", size=11)


def _slots(svg: Svg, x: float, y: float, p: Player, seat: int) -> None:
    """§6.9 the three card slots: a townsfolk (or the AI's scheme card), or the printed starting icons."""
    printed = next(iter(CONTENT.ai_boards.values())).starting_icons if p.ai else CONTENT.board.starting_icons
    for number, card in enumerate(p.slots, start=1):
        sx = x + (number - 1) * (SLOT_W + 8)
        if card and p.ai:
            scheme = CONTENT.schemes.get(card)
            icons = scheme.header_icons if scheme is not None else ()
            title, first, second = (
                f"scheme card {card} in slot {number} of seat {seat}",
                f"scheme {card}",
                _icons(icons),
            )
        elif card:
            c = CONTENT.townsfolk[card]
            title = f"{card_name(card)} in slot {number} of seat {seat}"
            first, second = f"{c.name} ({c.cost})", _icons(c.icons)
        else:
            title = f"empty slot {number} of seat {seat}"
            first, second = "empty", f"printed icons: {_icons(printed.get(number, ())) or 'none'}"
        svg.rect(sx, y, SLOT_W, SLOT_H, fill=PAPER, stroke=INK, rx=4, title=title, dashed=not card)
        svg.text(sx + 6, y + 18, f"{number}: {first}", size=12, bold=bool(card))
        svg.text(sx + 6, y + 38, second, size=11, fill=MUTED)


def _buildings(svg: Svg, x: float, y: float, p: Player, seat: int) -> None:
    """§6.9 the nine building slots: a filled one holds a building constructed on the main board."""
    svg.text(x, y + 12, "buildings", size=11, fill=MUTED)
    for slot in board_slots(p):
        group = BUILDING_ORDER.index(slot.building)
        bx = x + 62 + (3 * group + slot.index - 1) * 26 + group * 8
        built = slot.id in p.built
        state = "constructed" if built else "still on the board"
        svg.rect(
            bx,
            y,
            22,
            18,
            fill=seat_colour(seat) if not built else PAPER,
            stroke=INK,
            title=f"{slot_name(slot.id)} of seat {seat}: {state}",
        )
        svg.text(
            bx + 11,
            y + 13,
            f"{BUILDING_LETTERS[slot.building]}{slot.index}",
            size=9,
            anchor="middle",
            fill=INK if built else PAPER,
        )
    kinds = Counter(building_name(_slot_building(p, b)) for b in p.built)
    names = ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in kinds.items())
    svg.text(x + 62 + 9 * 26 + 30, y + 13, f"{len(p.built)} built" + (f": {names}" if names else ""), size=11)


def _slot_building(p: Player, slot_id: str) -> str:
    """The building type of one of ``p``'s building slots."""
    return next((s.building for s in board_slots(p) if s.id == slot_id), slot_id)


def _manuscripts(svg: Svg, x: float, y: float, p: Player, seat: int, v: State) -> None:
    """§6.12 the manuscripts collected (with their ribbons), §6.8 the Cleric Bonus cards, the Castle Leader. The
    manuscripts sit closer together when a long row would run past the panel's edge."""
    svg.text(x, y + 12, "manuscripts", size=11, fill=MUTED)
    leader = "Castle Leader" if v.castle.leader == seat else ""
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
            title=f"manuscript {manuscript_name(m)} of seat {seat}",
        )
        svg.text(mx + (step - 4) / 2, y + 13, m, size=10, anchor="middle")
        mx += step
    if not p.manuscripts:
        svg.text(mx, y + 12, "none", size=11)
        mx += 40
    for bonus in p.cleric_bonus:
        svg.rect(
            mx + 6,
            y,
            18,
            18,
            fill=RIBBONS.get(bonus, MUTED),
            stroke=INK,
            title=f"Cleric Bonus card {bonus} of seat {seat}",
        )
        mx += 22
    if leader:
        svg.text(mx + 12, y + 13, leader, size=11, bold=True)


def _cards_words(cards: Sequence[str], ai: bool) -> str:
    """Named cards, or ``N face down`` for hidden ones."""
    shown = [c if ai else CONTENT.townsfolk[c].name + f" ({CONTENT.townsfolk[c].cost})" for c in cards if c != HIDDEN]
    hidden = len(cards) - len(shown)
    return ", ".join(shown + ([f"{hidden} face down"] if hidden else [])) or "none"


def _pile_lines(p: Player) -> list[str]:
    """The hand, draw pile and discard pile of a player board as wrapped lines."""
    lines: list[str] = []
    if not p.ai:
        lines += wrap(f"hand ({len(p.hand)}): {_cards_words(p.hand, False)}", WRAP, 11)
    noun = "scheme " if p.ai else ""
    lines.append(f"{noun}draw pile: {len(p.draw)} face down")
    lines += wrap(f"{noun}discard pile ({len(p.discard)}, top last): {_cards_words(p.discard, p.ai)}", WRAP, 11)
    return lines


def _panel_height(p: Player) -> float:
    """The height of one player board."""
    return 226 + 15 * len(_pile_lines(p)) + (34 if _hidden_hand(p) else 0)


def _hidden_hand(p: Player) -> int:
    """How many cards of ``p``'s hand the view hides."""
    return sum(1 for c in p.hand if c == HIDDEN)


def _panel(svg: Svg, x: float, y: float, height: float, v: State, seat: int, viewer: int) -> None:
    """§4.2 one seat's player board and piles."""
    p = v.players[seat]
    colour = seat_colour(seat)
    svg.rect(x, y, PANEL_W, height, fill=PAPER, stroke=colour, stroke_width=3 if seat == viewer else 1.5, rx=8)
    svg.rect(x, y, PANEL_W, 28, fill=colour, rx=8, title=_who(v, seat, viewer))
    head = f"Seat {seat}" + (" (you)" if seat == viewer else "") + (" - Cleric AI" if p.ai else "")
    if p.player_card:
        head += f" - player card {p.player_card}"
    if p.hero:
        head += f", hero {CONTENT.townsfolk[p.hero].name}" if p.hero in CONTENT.townsfolk else ""
    if v.start == seat:
        head += " - start player"
    svg.text(x + 10, y + 19, head, size=14, bold=True, fill=PAPER)
    where = space_name(p.space) if p.space >= 0 else "not on the board"
    svg.text(x + PANEL_W - 10, y + 19, f"viscount: {where}", size=12, anchor="end", fill=PAPER)
    _goods(svg, x + 10, y + 48, p, seat)
    _track(svg, x + 10, y + 78, p, seat)
    _slots(svg, x + 10, y + 106, p, seat)
    _buildings(svg, x + 10, y + 164, p, seat)
    _manuscripts(svg, x + 10, y + 190, p, seat, v)
    ty = svg.lines(x + 10, y + 226, _pile_lines(p), size=11, gap=1.36)
    for k in range(min(_hidden_hand(p), MAX_BACKS)):
        svg.rect(
            x + 10 + 24 * k,
            ty - 6,
            20,
            28,
            fill=HIDDEN_FILL,
            stroke=INK,
            rx=3,
            title=f"a face-down card in the hand of seat {seat}",
        )


def _players(svg: Svg, v: State, viewer: int, top: float) -> float:
    """Every seat's player board, two to a row; returns the next free y."""
    y = top
    for first in range(0, len(v.players), 2):
        row = range(first, min(first + 2, len(v.players)))
        height = max(_panel_height(v.players[seat]) for seat in row)
        for k, seat in enumerate(row):
            _panel(svg, MARGIN + k * (PANEL_W + MARGIN), y, height, v, seat, viewer)
        y += height + MARGIN
    return y


# ---- the legend and the picture ----------------------------------------------------------------------------------


def _legend_lines() -> list[str]:
    """The legend's lines of words, wrapped to the picture's width."""
    exchanges = ", ".join(
        f"{x.kind} ({plural(x.cost, 'merchant icon')}: {effect_words(x.reward)})" for x in CONTENT.board.exchanges
    )
    paragraphs = [
        "Icons: " + ", ".join(f"{letter} {icon.lower()}" for icon, letter in ICONS.items()) + ".",
        "Spaces: OL outer-left, IN inner, OR outer-right (left and right seen from the castle); grey arrows are the "
        "only ways; blue lines are rivers; discs are viscounts, and workers with their counts. Castle: S1-S5 its "
        "sections, tier 1 the outer ring, tier 2 the inner one, tier 3 the centre.",
        "Spots: T Trading Post, G Guildhall, W Workshop in the builder's colour; a dashed square is empty; brown "
        "lines are links.",
        "Beside each segment: the segment tile and its side up (A-front), the townsfolk on top of its pile (its cost "
        "in silver; its icons), the manuscript on top (its number, its cost in cleric icons, its ribbon), +N: the "
        "cards below a top; the exchanges of its OL and OR spaces.",
        f"Exchanges (cost per use: what it gives): {exchanges}.",
        "Player boards: a card slot shows its townsfolk (its silver value) and icons; T1-T3, G1-G3, W1-W3 are the "
        "building slots, coloured while the building is still to build, white once built; manuscripts by number, "
        "framed in their ribbon's colour; track: black disc corruption, white disc virtue.",
    ]
    return [line for words in paragraphs for line in wrap(words, WIDTH - 2 * MARGIN, 11)]


def _legend(svg: Svg, top: float) -> None:
    """What the letters, colours and marks mean."""
    svg.text(MARGIN, top + 14, "Legend", size=13, bold=True)
    x = MARGIN + 70.0
    for good, colour in GOODS.items():
        svg.rect(x, top + 3, 14, 14, fill=colour, stroke=INK, title=f"{good} colour")
        svg.text(x + 19, top + 14, good, size=12)
        x += 19 + text_width(good, 12) + 24
    for ribbon, colour in RIBBONS.items():
        svg.rect(x, top + 3, 14, 14, fill=PAPER, stroke=colour, stroke_width=2.5, title=f"{ribbon} ribbon")
        svg.text(x + 19, top + 14, f"{ribbon} ribbon", size=12)
        x += 19 + text_width(f"{ribbon} ribbon", 12) + 24
    svg.lines(MARGIN, top + 36, _legend_lines(), size=11)


def _top_bottom(v: State, viewer: int) -> float:
    """The y below the main board, its pile boxes and the side column."""
    return max(_board_bottom(v), _side_column(Svg(1, 1, ""), v, viewer) + 10)


def _height(v: State, viewer: int) -> float:
    """The whole picture's height."""
    rows = [
        max(_panel_height(v.players[seat]) for seat in range(first, min(first + 2, len(v.players))))
        for first in range(0, len(v.players), 2)
    ]
    return _top_bottom(v, viewer) + 10 + sum(h + MARGIN for h in rows) + 36 + 11 * 1.35 * len(_legend_lines()) + 8


def picture(view: State, viewer: int | None) -> Picture:
    """The picture of a Viscounts of the West Kingdom view as ``viewer`` (a seat, ``None``: a spectator) sees it."""
    seat = NO_SEAT if viewer is None else viewer
    who = "a spectator" if seat == NO_SEAT else f"seat {seat}"
    svg = Svg(WIDTH, _height(view, seat), f"Viscounts of the West Kingdom, round {view.round}, as seen by {who}")
    _heading(svg, view, seat)
    _segments(svg, view)
    _castle(svg, view, seat)
    _arrows(svg)
    _spaces(svg, view, seat)
    _spots(svg, view, seat)
    _piles(svg, view)
    _side_column(svg, view, seat)
    y = _players(svg, view, seat, _top_bottom(view, seat) + 10)
    _legend(svg, y)
    return svg.picture()
