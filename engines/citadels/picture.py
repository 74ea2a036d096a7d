"""Citadels as a picture (``RenderView``): the character row, every seat's city and stash, the viewer's hand.

Drawn from a view only (``engines.citadels.view``): a card the view hides (``"?"``) is drawn face down and
counted, never named. The picture shows, top to bottom:

* the heading: round, phase, the crown, the district deck, the tax token, the last round (§4, §8);
* the character row of the cast, ranks 1..8 (9): which characters are discarded face up, called, killed,
  robbed, bewitched, revealed by whom, which carry a warrant or a threat (§4.2, §6), the face-down discards;
* one panel per seat: gold, the crown, the hand's size, the characters (named once revealed, or to their
  holder), the city's districts with cost and type (§7), and for the viewer the hand and cards drawn;
* a legend of the district type colours and the markers.

Every shape that stands for a thing has a title naming it, so the SVG says in words what is where.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from engines.citadels.common import cost, district, name, rank
from engines.citadels.content import TYPES
from engines.citadels.scoring import score
from engines.citadels.state import NO_SEAT, Built, Marker, PickCharacter, Player, State
from engines.core.items import HIDDEN
from engines.core.picture import HIDDEN as HIDDEN_FILL
from engines.core.picture import INK, MUTED, PAPER, Picture, Svg, seat_colour, wrap

WIDTH = 1280
MARGIN = 16
COLUMNS = 2
PANEL_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * MARGIN) // COLUMNS
CARD_W, CARD_H, CARD_GAP = 98, 54, 6
CARDS_PER_ROW = (PANEL_W - 2 * 8 + CARD_GAP) // (CARD_W + CARD_GAP)
CHAR_H = 92
#: The effects of unique districts under a city or hand: text size, line height, width.
EFFECT_TEXT, EFFECT_LINE = 10.5, 14
EFFECT_W = PANEL_W - 2 * 8
#: Face-down card backs drawn for a hidden hand at most (the count is always written).
MAX_BACKS = 12

#: The colour of each district type (§2.2): the card's band.
TYPE_COLOURS: dict[str, str] = {
    "noble": "#e6b800",
    "religious": "#3a78c2",
    "trade": "#3d9a4a",
    "military": "#c23a3a",
    "unique": "#8a4fbf",
}

BANNED = "#c23a3a"
GOLD = "#d4a017"


def _seat_word(seat: int, viewer: int) -> str:
    """``seat 2 (you)``: a seat as the picture names it."""
    return f"seat {seat}" + (" (you)" if seat == viewer else "")


def _type_colour(kind: str) -> str:
    """The band colour of a district type."""
    return TYPE_COLOURS.get(kind, MUTED)


# ---- the heading -----------------------------------------------------------------------------------------


def _heading(svg: Svg, v: State, viewer: int) -> float:
    """§4, §8: round, phase, crown, deck, tax token and the last round; returns the next free y."""
    who = "a spectator" if viewer == NO_SEAT else _seat_word(viewer, viewer)
    phase = {"selection": "character selection", "turns": "character turns", "over": "game over"}[v.phase]
    svg.text(MARGIN, 30, f"Citadels: round {v.round}, {phase}, as seen by {who}", size=20, bold=True)
    facts = [
        f"crown: seat {v.crown}",
        f"district deck: {len(v.deck) + len(v.deck_bottom)} cards face down",
    ]
    if v.tax_token:
        facts.append(f"tax token: {v.tax_token} gold")
    if v.end_triggered:
        facts.append(f"last round: seat {v.first_completer} completed a city first")
    if v.turn is not None:
        character = name(v.turn.character)
        facts.append(f"now: seat {v.turn.seat} as the {character}")
    svg.text(MARGIN, 54, "; ".join(facts), size=13)
    return 66


# ---- the character row --------------------------------------------------------------------------------------


def _character_marks(v: State, cid: str) -> list[str]:
    """§4.2, §6: what the table sees of one character this round, in a few words each."""
    marks: list[str] = []
    if cid in v.faceup:
        marks.append("discarded face up")
    for reveal in v.revealed:
        if reveal.character == cid:
            marks.append(f"revealed by seat {reveal.seat}")
    for word, flag in (("killed", v.killed), ("robbed", v.robbed), ("bewitched", v.bewitched)):
        if flag == cid:
            marks.append(word)
    marks.extend(_marker_words(v.warrants, cid, "warrant", "signed"))
    marks.extend(_marker_words(v.threats, cid, "threat", "flowered"))
    if v.turn is not None and v.turn.character == cid:
        marks.append("playing now")
    elif v.phase == "turns" and v.called_rank and rank(cid) < v.called_rank and cid not in v.faceup:
        marks.append("called")
    return marks


def _marker_words(markers: Sequence[Marker], cid: str, noun: str, real: str) -> list[str]:
    """A warrant or threat on ``cid``: which one is real is shown only once revealed (or to its owner)."""
    return [f"{noun} ({real})" if m.real else noun for m in markers if m.character == cid]


def _cast(v: State) -> tuple[str, ...]:
    """The characters of this game, by rank (the cast is public, §3.1)."""
    return tuple(sorted(v.options.cast, key=rank))


def _character_row(svg: Svg, v: State, top: float) -> float:
    """§4.2 the character cards of the cast and what is public about each this round."""
    cast = _cast(v)
    width = (WIDTH - 2 * MARGIN - (len(cast) - 1) * 6) / len(cast)
    revealers = {r.character: r.seat for r in v.revealed}
    for i, cid in enumerate(cast):
        x = MARGIN + i * (width + 6)
        marks = _character_marks(v, cid)
        seat = revealers.get(cid, NO_SEAT)
        edge = seat_colour(seat) if seat != NO_SEAT else INK
        fill = "#f3f3f3" if cid in v.faceup else PAPER
        title = f"{name(cid)} (rank {rank(cid)})" + (": " + ", ".join(marks) if marks else "")
        svg.rect(
            x, top, width, CHAR_H, fill=fill, stroke=edge, stroke_width=3 if seat != NO_SEAT else 1, rx=6, title=title
        )
        svg.text(x + 8, top + 18, f"{rank(cid)}  {name(cid)}", size=13, bold=True)
        y = top + 36
        for mark in marks[:4]:
            colour = BANNED if mark in ("killed", "robbed", "bewitched") else INK
            svg.text(x + 8, y, mark, size=11, fill=colour)
            y += 14
        if cid == v.killed:
            svg.line(x + 4, top + 4, x + width - 4, top + CHAR_H - 4, stroke=BANNED, stroke_width=2)
    y = top + CHAR_H + 18
    hidden = len(v.facedown) + (1 if v.first_facedown else 0)
    words = [f"face-down discarded characters: {hidden}"]
    pile = [c for c in v.character_pile if c != HIDDEN]
    if pile:
        words.append("on offer to you: " + ", ".join(name(c) for c in sorted(pile, key=rank)))
    elif v.character_pile:
        words.append(f"characters left to pick: {len(v.character_pile)}")
    if v.first_facedown and v.first_facedown != HIDDEN:
        words.append(f"first face-down discard (you may take it): {name(v.first_facedown)}")
    picking = v.queue[0] if v.queue and isinstance(v.queue[0], PickCharacter) else None
    if picking is not None:
        words.append(f"seat {picking.seat} is picking")
    svg.text(MARGIN, y, "; ".join(words), size=12)
    return y + 12


# ---- the seats --------------------------------------------------------------------------------------------


def _card(svg: Svg, x: float, y: float, card: str, title: str, *, built: Built | None = None) -> None:
    """§2.3 one district card: a band of its type's colour, its name, its cost (with the Artist's +1)."""
    d = district(card)
    svg.rect(x, y, CARD_W, CARD_H, fill=PAPER, stroke=INK, rx=4, title=title)
    svg.rect(x, y, 8, CARD_H, fill=_type_colour(d.type), rx=2)
    lines = textwrap.wrap(name(card), 12)[:2]
    for k, line in enumerate(lines):
        svg.text(x + 13, y + 15 + 13 * k, line, size=11, bold=True)
    shown = cost(built) if built is not None else (d.cost or 0)
    svg.text(x + 13, y + CARD_H - 7, f"{shown} gold", size=10, fill=MUTED)
    if built is not None and built.beautified:
        svg.circle(x + CARD_W - 9, y + 9, 5, fill=GOLD, title=f"the Artist's gold on the {name(card)} (+1 cost)")
    if built is not None and built.museum:
        svg.text(x + CARD_W - 5, y + CARD_H - 7, f"+{len(built.museum)}", size=10, anchor="end")


def _back(svg: Svg, x: float, y: float, title: str) -> None:
    """A card drawn face down (a hidden district or character)."""
    svg.rect(x, y, 22, 30, fill=HIDDEN_FILL, stroke=INK, rx=3, title=title)


def _card_rows(count: int) -> int:
    """How many rows of cards ``count`` cards take in a panel."""
    return max(1, -(-count // CARDS_PER_ROW))


def _city(svg: Svg, x: float, y: float, v: State, seat: int) -> float:
    """§7 a seat's city: every built district with cost and type; returns the next free y."""
    p = v.players[seat]
    owner = f"seat {seat} ({_colour_word(seat)})"
    for i, b in enumerate(p.city):
        cx = x + (i % CARDS_PER_ROW) * (CARD_W + CARD_GAP)
        cy = y + (i // CARDS_PER_ROW) * (CARD_H + CARD_GAP)
        d = district(b.card)
        extras = (", beautified by the Artist" if b.beautified else "") + _museum_words(b)
        title = f"{name(b.card)} ({cost(b)}, {d.type}) built by {owner}{extras}"
        _card(svg, cx, cy, b.card, title, built=b)
    if not p.city:
        svg.text(x, y + 16, "no districts built", size=11, fill=MUTED)
    y += _card_rows(len(p.city)) * (CARD_H + CARD_GAP)
    return _effects(svg, x, y, [b.card for b in p.city])


def _effect_lines(cards: Sequence[str]) -> list[tuple[str, float]]:
    """§7 what each unique district among ``cards`` does (the content's short text), a line or two each with
    its indent; a district without a text, and a card the view hides, adds none."""
    lines: list[tuple[str, float]] = []
    for card in dict.fromkeys(c for c in cards if c != HIDDEN):
        d = district(card)
        if d.type == "unique" and d.text_en:
            first, *rest = wrap(f"{name(card)}: {d.text_en}", EFFECT_W, EFFECT_TEXT)
            lines.append((first, 0))
            lines += [(line, 12) for line in wrap(" ".join(rest), EFFECT_W - 12, EFFECT_TEXT)] if rest else []
    return lines


def _effects(svg: Svg, x: float, y: float, cards: Sequence[str]) -> float:
    """The effect lines of the unique districts among ``cards`` from the top ``y``; returns the next free y."""
    for line, indent in _effect_lines(cards):
        svg.text(x + indent, y + 11, line, size=EFFECT_TEXT, fill=MUTED)
        y += EFFECT_LINE
    return y + _effects_gap(cards)


def _effects_gap(cards: Sequence[str]) -> float:
    """The room kept below effect lines (none without any)."""
    return 4 if _effect_lines(cards) else 0


def _effects_height(cards: Sequence[str]) -> float:
    """The height ``_effects`` takes for ``cards``."""
    return EFFECT_LINE * len(_effect_lines(cards)) + _effects_gap(cards)


def _museum_words(b: Built) -> str:
    """The cards under a Museum: a count, and their names when the view shows them."""
    if not b.museum:
        return ""
    shown = [name(c) for c in b.museum if c != HIDDEN]
    return f", {len(b.museum)} cards under it" + (f" ({', '.join(shown)})" if shown else "")


def _colour_word(seat: int) -> str:
    """The name of a seat's colour, for titles."""
    words = ("red", "blue", "green", "orange", "purple", "brown", "pink", "teal")
    return words[seat % len(words)]


def _hand(svg: Svg, x: float, y: float, cards: Sequence[str], seat: int, what: str) -> float:
    """A seat's hand (or drawn cards): named cards for the viewer, else face-down backs and a count."""
    shown = [c for c in cards if c != HIDDEN]
    hidden = len(cards) - len(shown)
    svg.text(x, y + 12, f"{what}: {len(cards)} card{'s' if len(cards) != 1 else ''}", size=12, bold=True)
    y += 18
    for i, card in enumerate(shown):
        cx = x + (i % CARDS_PER_ROW) * (CARD_W + CARD_GAP)
        cy = y + (i // CARDS_PER_ROW) * (CARD_H + CARD_GAP)
        d = district(card)
        _card(svg, cx, cy, card, f"{name(card)} ({d.cost or 0}, {d.type}) in the {what} of seat {seat}")
    if shown:
        y += _card_rows(len(shown)) * (CARD_H + CARD_GAP)
        y = _effects(svg, x, y, shown)
    for i in range(min(hidden, MAX_BACKS)):
        _back(svg, x + i * 26, y, f"a face-down card in the {what} of seat {seat}")
    return y + (36 if hidden else 0)


def _characters_words(p: Player) -> str:
    """The characters a seat holds as the view shows them (named, or face down)."""
    if not p.characters:
        return "characters: none"
    named = [f"{name(c)} ({rank(c)})" for c in p.characters if c != HIDDEN]
    hidden = sum(1 for c in p.characters if c == HIDDEN)
    parts = named + ([f"{hidden} face down"] if hidden else [])
    return "characters: " + ", ".join(parts)


def _panel_height(v: State, seat: int) -> float:
    """The height of a seat's panel (header, characters, city, hand and drawn cards)."""
    p = v.players[seat]
    height: float = 56 + _card_rows(len(p.city)) * (CARD_H + CARD_GAP) + _effects_height([b.card for b in p.city])
    height += _cards_height(p.hand)
    if v.turn is not None and v.turn.seat == seat and v.turn.drawn:
        height += _cards_height(v.turn.drawn)
    return height + 8


def _cards_height(cards: Sequence[str]) -> float:
    """The height ``_hand`` takes for ``cards``."""
    shown = sum(1 for c in cards if c != HIDDEN)
    hidden = len(cards) - shown
    rows = _card_rows(shown) * (CARD_H + CARD_GAP) + _effects_height(cards) if shown else 0
    return 18 + rows + (36 if hidden else 0)


def _panel(
    svg: Svg, x: float, y: float, height: float, v: State, seat: int, viewer: int, totals: dict[int, int]
) -> None:
    """§3.2, §7 one seat's public area: gold, crown, score, characters, city; hand and drawn cards."""
    p = v.players[seat]
    colour = seat_colour(seat)
    svg.rect(x, y, PANEL_W, height, fill=PAPER, stroke=colour, stroke_width=3 if seat == viewer else 1.5, rx=8)
    svg.rect(x, y, PANEL_W, 28, fill=colour, rx=8, title=f"seat {seat} ({_colour_word(seat)})")
    head = f"Seat {seat}" + (" (you)" if seat == viewer else "")
    svg.text(x + 10, y + 19, head, size=14, bold=True, fill=PAPER)
    svg.circle(x + 140, y + 14, 10, fill=GOLD, title=f"{p.gold} gold of seat {seat}")
    svg.text(x + 156, y + 19, f"{p.gold} gold", size=13, fill=PAPER, bold=True)
    svg.text(x + 240, y + 19, f"score {totals.get(seat, 0)}", size=13, fill=PAPER)
    svg.text(x + 335, y + 19, f"{len(p.city)} districts", size=13, fill=PAPER)
    svg.text(x + 445, y + 19, f"{len(p.hand)} in hand", size=13, fill=PAPER)
    if v.crown == seat:
        _crown(svg, x + PANEL_W - 40, y + 5, f"the crown, held by seat {seat}")
    svg.text(x + 10, y + 46, _characters_words(p), size=12)
    bottom = _city(svg, x + 8, y + 54, v, seat)
    bottom = _hand(svg, x + 8, bottom, p.hand, seat, "hand")
    if v.turn is not None and v.turn.seat == seat and v.turn.drawn:
        _hand(svg, x + 8, bottom, v.turn.drawn, seat, "cards drawn, to keep one")


def _crown(svg: Svg, x: float, y: float, title: str) -> None:
    """The crown token (§4.1: its holder picks first)."""
    svg.polygon(
        [(x, y + 18), (x, y + 4), (x + 8, y + 11), (x + 14, y), (x + 20, y + 11), (x + 28, y + 4), (x + 28, y + 18)],
        fill=GOLD,
        title=title,
    )


def _seats(svg: Svg, v: State, viewer: int, top: float) -> float:
    """Every seat's panel, two to a row; returns the next free y."""
    totals = _totals(v)
    y = top
    count = len(v.players)
    for first in range(0, count, COLUMNS):
        row = range(first, min(first + COLUMNS, count))
        height = max(_panel_height(v, seat) for seat in row)
        for k, seat in enumerate(row):
            _panel(svg, MARGIN + k * (PANEL_W + MARGIN), y, height, v, seat, viewer, totals)
        y += height + MARGIN
    return y


def _totals(v: State) -> dict[int, int]:
    """The score of what the view shows (a hidden Secret Vault is not counted until revealed)."""
    return {s.seat: s.total for s in score(v).seats}


# ---- the legend -------------------------------------------------------------------------------------------


def _legend(svg: Svg, top: float) -> float:
    """The district type colours (§2.2), the seat colours and the markers."""
    svg.text(MARGIN, top + 14, "Legend", size=13, bold=True)
    x = MARGIN + 70.0
    for kind in TYPES:
        svg.rect(x, top + 3, 14, 14, fill=_type_colour(kind), title=f"{kind} district colour")
        svg.text(x + 19, top + 14, kind, size=12)
        x += 110
    svg.circle(x + 7, top + 10, 7, fill=GOLD, title="gold")
    svg.text(x + 19, top + 14, "gold", size=12)
    _crown(svg, x + 70, top, "the crown")
    svg.text(x + 104, top + 14, "crown", size=12)
    _back(svg, x + 160, top - 6, "a face-down card")
    svg.text(x + 188, top + 14, "face down", size=12)
    y = top + 36
    svg.text(
        MARGIN,
        y,
        "A card shows its cost in gold (a coin at its corner: +1 from the Artist) and, at its right, the cards "
        "under a Museum; a character "
        "framed in a seat's colour was revealed by that seat. Scores count only what this picture shows.",
        size=11,
        fill=MUTED,
    )
    return y + 12


# ---- the picture ------------------------------------------------------------------------------------------


def _height(v: State) -> float:
    """The whole picture's height: heading, character row, seat rows, legend."""
    rows = [
        max(_panel_height(v, seat) for seat in range(first, min(first + COLUMNS, len(v.players))))
        for first in range(0, len(v.players), COLUMNS)
    ]
    return 66 + 8 + CHAR_H + 30 + 12 + sum(h + MARGIN for h in rows) + 60


def picture(view: State, viewer: int | None) -> Picture:
    """The picture of a Citadels view as ``viewer`` (a seat, ``None``: a spectator) sees it."""
    seat = NO_SEAT if viewer is None else viewer
    who = "a spectator" if seat == NO_SEAT else f"seat {seat}"
    svg = Svg(WIDTH, _height(view), f"Citadels, round {view.round}, as seen by {who}")
    y = _heading(svg, view, seat)
    y = _character_row(svg, view, y + 8)
    y = _seats(svg, view, seat, y + 12)
    _legend(svg, y)
    return svg.picture()
