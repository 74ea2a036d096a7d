"""Citadels as a picture (``RenderView``): the character row, every seat's city and stash, the viewer's hand.

Drawn from a view only (``engines.citadels.view``): a card the view hides (``"?"``) is drawn face down and
counted, never named. The picture shows, top to bottom:

* the heading: round, phase, the crown, the district deck, the tax token, the last round (§4, §8);
* the character row of the cast, ranks 1..8 (9): which characters are discarded face up, called, killed,
  robbed, bewitched, revealed by whom, which carry a warrant or a threat (§4.2, §6), the face-down discards;
* one panel per seat: gold, the crown, the hand's size, the characters (named once revealed, or to their
  holder), the city's districts with cost and type (§7), and for the viewer the hand and cards drawn;
* a legend of the district type colours and the markers.

Every shape that stands for a thing has a title naming it, so the SVG says in words what is where; every
word is a message of this module, drawn in the language of the ``Words`` given.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from engines.citadels.common import cost, district, rank
from engines.citadels.content import TYPES
from engines.citadels.naming import CARDS, DISTRICT_TEXTS, DISTRICT_TYPES, gold, thing
from engines.citadels.scoring import score
from engines.citadels.state import NO_SEAT, Built, Marker, PickCharacter, Player, State
from engines.core.items import HIDDEN
from engines.core.locale import Words
from engines.core.picture import HIDDEN as HIDDEN_FILL
from engines.core.picture import INK, MUTED, PAPER, Picture, Svg, seat_colour, text_width, wrap
from engines.core.text import LIST_COMMA, Message, Text, listing

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


SEAT = Message("citadels.picture.seat", "seat {seat}")
SEAT_YOU = Message("citadels.picture.seat_you", "seat {seat} (you)")
SPECTATOR = Message("citadels.picture.spectator", "a spectator")
#: The phases as the heading names them.
PHASES: dict[str, Message] = {
    "selection": Message("citadels.picture.phase.selection", "character selection"),
    "turns": Message("citadels.picture.phase.turns", "character turns"),
    "over": Message("citadels.picture.phase.over", "game over"),
}
HEADING = Message("citadels.picture.heading", "Citadels: round {round}, {phase}, as seen by {who}")
CROWN_FACT = Message("citadels.picture.crown_fact", "crown: seat {seat}")
DECK_FACT = Message("citadels.picture.deck_fact", "district deck: {n} cards face down")
TAX_FACT = Message("citadels.picture.tax_fact", "tax token: {gold} gold")
LAST_ROUND_FACT = Message("citadels.picture.last_round_fact", "last round: seat {seat} completed a city first")
NOW_FACT = Message("citadels.picture.now_fact", "now: seat {seat} as the {character}")
TITLE = Message("citadels.picture.title", "Citadels, round {round}, as seen by {who}")


def _seat_word(seat: int, viewer: int) -> Text:
    """``seat 2 (you)``: a seat as the picture names it."""
    return SEAT_YOU(seat=seat) if seat == viewer else SEAT(seat=seat)


def _type_colour(kind: str) -> str:
    """The band colour of a district type."""
    return TYPE_COLOURS.get(kind, MUTED)


# ---- the heading -----------------------------------------------------------------------------------------


def _heading(svg: Svg, v: State, viewer: int, words: Words) -> float:
    """§4, §8: round, phase, crown, deck, tax token and the last round; returns the next free y."""
    who = SPECTATOR() if viewer == NO_SEAT else _seat_word(viewer, viewer)
    svg.text(MARGIN, 30, words(HEADING(round=v.round, phase=PHASES[v.phase](), who=who)), size=20, bold=True)
    facts = [CROWN_FACT(seat=v.crown), DECK_FACT(n=len(v.deck) + len(v.deck_bottom))]
    if v.tax_token:
        facts.append(TAX_FACT(gold=v.tax_token))
    if v.end_triggered:
        facts.append(LAST_ROUND_FACT(seat=v.first_completer))
    if v.turn is not None:
        facts.append(NOW_FACT(seat=v.turn.seat, character=thing(v.turn.character)))
    svg.text(MARGIN, 54, "; ".join(words.all(facts)), size=13)
    return 66


# ---- the character row --------------------------------------------------------------------------------------

DISCARDED_UP = Message("citadels.picture.discarded_up", "discarded face up")
REVEALED_BY = Message("citadels.picture.revealed_by", "revealed by seat {seat}")
#: The marks drawn in red, by what happened to the character.
BANNED_MARKS: dict[str, Message] = {
    "killed": Message("citadels.picture.killed", "killed"),
    "robbed": Message("citadels.picture.robbed", "robbed"),
    "bewitched": Message("citadels.picture.bewitched", "bewitched"),
}
WARRANT = Message("citadels.picture.warrant", "warrant")
WARRANT_SIGNED = Message("citadels.picture.warrant_signed", "warrant (signed)")
THREAT = Message("citadels.picture.threat", "threat")
THREAT_FLOWERED = Message("citadels.picture.threat_flowered", "threat (flowered)")
PLAYING = Message("citadels.picture.playing", "playing now")
CALLED = Message("citadels.picture.called", "called")
CHARACTER_TITLE = Message("citadels.picture.character_title", "{character} (rank {rank})")
CHARACTER_CARD = Message("citadels.picture.character_card", "{rank}  {character}")
FACE_DOWN_DISCARDS = Message("citadels.picture.face_down_discards", "face-down discarded characters: {n}")
ON_OFFER = Message("citadels.picture.on_offer", "on offer to you: {characters}")
LEFT_TO_PICK = Message("citadels.picture.left_to_pick", "characters left to pick: {n}")
FIRST_FACE_DOWN = Message("citadels.picture.first_face_down", "first face-down discard (you may take it): {character}")
PICKING = Message("citadels.picture.picking", "seat {seat} is picking")


def _character_marks(v: State, cid: str) -> list[tuple[Text, bool]]:
    """§4.2, §6: what the table sees of one character this round, in a few words each (and whether the mark
    is drawn in red)."""
    marks: list[tuple[Text, bool]] = []
    if cid in v.faceup:
        marks.append((DISCARDED_UP(), False))
    for reveal in v.revealed:
        if reveal.character == cid:
            marks.append((REVEALED_BY(seat=reveal.seat), False))
    for word, flag in (("killed", v.killed), ("robbed", v.robbed), ("bewitched", v.bewitched)):
        if flag == cid:
            marks.append((BANNED_MARKS[word](), True))
    marks.extend((m, False) for m in _marker_words(v.warrants, cid, WARRANT, WARRANT_SIGNED))
    marks.extend((m, False) for m in _marker_words(v.threats, cid, THREAT, THREAT_FLOWERED))
    if v.turn is not None and v.turn.character == cid:
        marks.append((PLAYING(), False))
    elif v.phase == "turns" and v.called_rank and rank(cid) < v.called_rank and cid not in v.faceup:
        marks.append((CALLED(), False))
    return marks


def _marker_words(markers: Sequence[Marker], cid: str, noun: Message, real: Message) -> list[Text]:
    """A warrant or threat on ``cid``: which one is real is shown only once revealed (or to its owner)."""
    return [real() if m.real else noun() for m in markers if m.character == cid]


def _cast(v: State) -> tuple[str, ...]:
    """The characters of this game, by rank (the cast is public, §3.1)."""
    return tuple(sorted(v.options.cast, key=rank))


def _character_row(svg: Svg, v: State, top: float, words: Words) -> float:
    """§4.2 the character cards of the cast and what is public about each this round."""
    cast = _cast(v)
    width = (WIDTH - 2 * MARGIN - (len(cast) - 1) * 6) / len(cast)
    revealers = {r.character: r.seat for r in v.revealed}
    for i, cid in enumerate(cast):
        x = MARGIN + i * (width + 6)
        marks = [(words(mark), red) for mark, red in _character_marks(v, cid)]
        seat = revealers.get(cid, NO_SEAT)
        edge = seat_colour(seat) if seat != NO_SEAT else INK
        fill = "#f3f3f3" if cid in v.faceup else PAPER
        title = words(CHARACTER_TITLE(character=thing(cid), rank=rank(cid)))
        title += ": " + ", ".join(mark for mark, _ in marks) if marks else ""
        svg.rect(
            x, top, width, CHAR_H, fill=fill, stroke=edge, stroke_width=3 if seat != NO_SEAT else 1, rx=6, title=title
        )
        svg.text(x + 8, top + 18, words(CHARACTER_CARD(rank=rank(cid), character=thing(cid))), size=13, bold=True)
        y = top + 36
        # At most 4 lines of marks fit a card; a mark longer than the card is wide (in another language than
        # English) takes two.
        marked = [(line, red) for mark, red in marks for line in wrap(mark, width - 12, 11)]
        for line, red in marked[:4]:
            svg.text(x + 8, y, line, size=11, fill=BANNED if red else INK)
            y += 14
        if cid == v.killed:
            svg.line(x + 4, top + 4, x + width - 4, top + CHAR_H - 4, stroke=BANNED, stroke_width=2)
    y = top + CHAR_H + 18
    hidden = len(v.facedown) + (1 if v.first_facedown else 0)
    lines = [FACE_DOWN_DISCARDS(n=hidden)]
    pile = [c for c in v.character_pile if c != HIDDEN]
    if pile:
        offered = listing([thing(c) for c in sorted(pile, key=rank)], joined=LIST_COMMA)
        lines.append(ON_OFFER(characters=offered))
    elif v.character_pile:
        lines.append(LEFT_TO_PICK(n=len(v.character_pile)))
    if v.first_facedown and v.first_facedown != HIDDEN:
        lines.append(FIRST_FACE_DOWN(character=thing(v.first_facedown)))
    picking = v.queue[0] if v.queue and isinstance(v.queue[0], PickCharacter) else None
    if picking is not None:
        lines.append(PICKING(seat=picking.seat))
    svg.text(MARGIN, y, "; ".join(words.all(lines)), size=12)
    return y + 12


# ---- the seats --------------------------------------------------------------------------------------------

ARTIST_GOLD = Message("citadels.picture.artist_gold", "the Artist's gold on the {district} (+1 cost)")
OWNER = Message("citadels.picture.owner", "seat {seat} ({colour})")
BEAUTIFIED = Message("citadels.picture.beautified", ", beautified by the Artist")
BUILT_TITLE = Message("citadels.picture.built_title", "{district} ({cost}, {district_type}) built by {owner}")
NO_DISTRICTS = Message("citadels.picture.no_districts", "no districts built")
EFFECT = Message("citadels.picture.effect", "{district}: {effect}")
UNDER_MUSEUM = Message("citadels.picture.under_museum", ", {n} cards under it")
UNDER_MUSEUM_NAMED = Message("citadels.picture.under_museum_named", ", {n} cards under it ({cards})")
#: The names of the seat colours, for titles.
COLOURS: tuple[Message, ...] = (
    Message("citadels.picture.colour.red", "red"),
    Message("citadels.picture.colour.blue", "blue"),
    Message("citadels.picture.colour.green", "green"),
    Message("citadels.picture.colour.orange", "orange"),
    Message("citadels.picture.colour.purple", "purple"),
    Message("citadels.picture.colour.brown", "brown"),
    Message("citadels.picture.colour.pink", "pink"),
    Message("citadels.picture.colour.teal", "teal"),
)
HAND = Message("citadels.picture.hand", "hand")
DRAWN = Message("citadels.picture.drawn", "cards drawn, to keep one")
HAND_COUNT = Message("citadels.picture.hand_count", "{what}: {cards}")
HAND_CARD = Message("citadels.picture.hand_card", "{district} ({cost}, {district_type}) in the {what} of seat {seat}")
HAND_BACK = Message("citadels.picture.hand_back", "a face-down card in the {what} of seat {seat}")
CHARACTERS_NONE = Message("citadels.picture.characters_none", "characters: none")
CHARACTERS_HELD = Message("citadels.picture.characters_held", "characters: {characters}")
HELD = Message("citadels.picture.held", "{character} ({rank})")
FACE_DOWN_COUNT = Message("citadels.picture.face_down_count", "{n} face down")


def _card(svg: Svg, x: float, y: float, card: str, title: str, words: Words, *, built: Built | None = None) -> None:
    """§2.3 one district card: a band of its type's colour, its name, its cost (with the Artist's +1)."""
    d = district(card)
    svg.rect(x, y, CARD_W, CARD_H, fill=PAPER, stroke=INK, rx=4, title=title)
    svg.rect(x, y, 8, CARD_H, fill=_type_colour(d.type), rx=2)
    lines = textwrap.wrap(words(thing(card)), 12)[:2]
    for k, line in enumerate(lines):
        svg.text(x + 13, y + 15 + 13 * k, line, size=11, bold=True)
    shown = cost(built) if built is not None else (d.cost or 0)
    svg.text(x + 13, y + CARD_H - 7, words(gold(shown)), size=10, fill=MUTED)
    if built is not None and built.beautified:
        svg.circle(x + CARD_W - 9, y + 9, 5, fill=GOLD, title=words(ARTIST_GOLD(district=thing(card))))
    if built is not None and built.museum:
        svg.text(x + CARD_W - 5, y + CARD_H - 7, f"+{len(built.museum)}", size=10, anchor="end")


def _back(svg: Svg, x: float, y: float, title: str) -> None:
    """A card drawn face down (a hidden district or character)."""
    svg.rect(x, y, 22, 30, fill=HIDDEN_FILL, stroke=INK, rx=3, title=title)


def _card_rows(count: int) -> int:
    """How many rows of cards ``count`` cards take in a panel."""
    return max(1, -(-count // CARDS_PER_ROW))


def _city(svg: Svg, x: float, y: float, v: State, seat: int, words: Words) -> float:
    """§7 a seat's city: every built district with cost and type; returns the next free y."""
    p = v.players[seat]
    owner = _owner(seat)
    for i, b in enumerate(p.city):
        cx = x + (i % CARDS_PER_ROW) * (CARD_W + CARD_GAP)
        cy = y + (i // CARDS_PER_ROW) * (CARD_H + CARD_GAP)
        kind = DISTRICT_TYPES[district(b.card).type]
        title = words(BUILT_TITLE(district=thing(b.card), cost=cost(b), district_type=kind, owner=owner))
        title += (words(BEAUTIFIED()) if b.beautified else "") + _museum_words(b, words)
        _card(svg, cx, cy, b.card, title, words, built=b)
    if not p.city:
        svg.text(x, y + 16, words(NO_DISTRICTS()), size=11, fill=MUTED)
    y += _card_rows(len(p.city)) * (CARD_H + CARD_GAP)
    return _effects(svg, x, y, [b.card for b in p.city], words)


def _effect_lines(cards: Sequence[str], words: Words) -> list[tuple[str, float]]:
    """§7 what each unique district among ``cards`` does (the content's short text), a line or two each with
    its indent; a district without a text, and a card the view hides, adds none."""
    lines: list[tuple[str, float]] = []
    for card in dict.fromkeys(c for c in cards if c != HIDDEN):
        d = district(card)
        if d.type == "unique" and card in DISTRICT_TEXTS:
            effect = words(EFFECT(district=thing(card), effect=DISTRICT_TEXTS[card]()))
            first, *rest = wrap(effect, EFFECT_W, EFFECT_TEXT)
            lines.append((first, 0))
            lines += [(line, 12) for line in wrap(" ".join(rest), EFFECT_W - 12, EFFECT_TEXT)] if rest else []
    return lines


def _effects(svg: Svg, x: float, y: float, cards: Sequence[str], words: Words) -> float:
    """The effect lines of the unique districts among ``cards`` from the top ``y``; returns the next free y."""
    for line, indent in _effect_lines(cards, words):
        svg.text(x + indent, y + 11, line, size=EFFECT_TEXT, fill=MUTED)
        y += EFFECT_LINE
    return y + _effects_gap(cards, words)


def _effects_gap(cards: Sequence[str], words: Words) -> float:
    """The room kept below effect lines (none without any)."""
    return 4 if _effect_lines(cards, words) else 0


def _effects_height(cards: Sequence[str], words: Words) -> float:
    """The height ``_effects`` takes for ``cards``."""
    return EFFECT_LINE * len(_effect_lines(cards, words)) + _effects_gap(cards, words)


def _museum_words(b: Built, words: Words) -> str:
    """The cards under a Museum: a count, and their names when the view shows them."""
    if not b.museum:
        return ""
    shown = [thing(c) for c in b.museum if c != HIDDEN]
    if shown:
        return words(UNDER_MUSEUM_NAMED(n=len(b.museum), cards=listing(shown, joined=LIST_COMMA)))
    return words(UNDER_MUSEUM(n=len(b.museum)))


def _owner(seat: int) -> Text:
    """``seat 2 (green)``: a seat with the name of its colour, for titles."""
    return OWNER(seat=seat, colour=COLOURS[seat % len(COLOURS)]())


def _hand(svg: Svg, x: float, y: float, cards: Sequence[str], seat: int, what: Text, words: Words) -> float:
    """A seat's hand (or drawn cards): named cards for the viewer, else face-down backs and a count."""
    shown = [c for c in cards if c != HIDDEN]
    hidden = len(cards) - len(shown)
    svg.text(x, y + 12, words(HAND_COUNT(what=what, cards=CARDS(n=len(cards)))), size=12, bold=True)
    y += 18
    for i, card in enumerate(shown):
        cx = x + (i % CARDS_PER_ROW) * (CARD_W + CARD_GAP)
        cy = y + (i // CARDS_PER_ROW) * (CARD_H + CARD_GAP)
        d = district(card)
        kind = DISTRICT_TYPES[d.type]
        title = words(HAND_CARD(district=thing(card), cost=d.cost or 0, district_type=kind, what=what, seat=seat))
        _card(svg, cx, cy, card, title, words)
    if shown:
        y += _card_rows(len(shown)) * (CARD_H + CARD_GAP)
        y = _effects(svg, x, y, shown, words)
    for i in range(min(hidden, MAX_BACKS)):
        _back(svg, x + i * 26, y, words(HAND_BACK(what=what, seat=seat)))
    return y + (36 if hidden else 0)


def _characters_words(p: Player) -> Text:
    """The characters a seat holds as the view shows them (named, or face down)."""
    if not p.characters:
        return CHARACTERS_NONE()
    parts: list[Text] = [HELD(character=thing(c), rank=rank(c)) for c in p.characters if c != HIDDEN]
    hidden = sum(1 for c in p.characters if c == HIDDEN)
    parts += [FACE_DOWN_COUNT(n=hidden)] if hidden else []
    return CHARACTERS_HELD(characters=listing(parts, joined=LIST_COMMA))


def _panel_height(v: State, seat: int, words: Words) -> float:
    """The height of a seat's panel (header, characters, city, hand and drawn cards)."""
    p = v.players[seat]
    city = [b.card for b in p.city]
    height: float = 56 + _card_rows(len(p.city)) * (CARD_H + CARD_GAP) + _effects_height(city, words)
    height += _cards_height(p.hand, words)
    if v.turn is not None and v.turn.seat == seat and v.turn.drawn:
        height += _cards_height(v.turn.drawn, words)
    return height + 8


def _cards_height(cards: Sequence[str], words: Words) -> float:
    """The height ``_hand`` takes for ``cards``."""
    shown = sum(1 for c in cards if c != HIDDEN)
    hidden = len(cards) - shown
    rows = _card_rows(shown) * (CARD_H + CARD_GAP) + _effects_height(cards, words) if shown else 0
    return 18 + rows + (36 if hidden else 0)


PANEL_SEAT = Message("citadels.picture.panel_seat", "Seat {seat}")
PANEL_SEAT_YOU = Message("citadels.picture.panel_seat_you", "Seat {seat} (you)")
SEAT_GOLD = Message("citadels.picture.seat_gold", "{gold} gold of seat {seat}")
SCORE = Message("citadels.picture.score", "score {score}")
DISTRICTS_BUILT = Message("citadels.picture.districts_built", "{n} districts")
IN_HAND = Message("citadels.picture.in_hand", "{n} in hand")
CROWN_HELD = Message("citadels.picture.crown_held", "the crown, held by seat {seat}")


def _panel(
    svg: Svg,
    x: float,
    y: float,
    height: float,
    v: State,
    seat: int,
    viewer: int,
    totals: dict[int, int],
    words: Words,
) -> None:
    """§3.2, §7 one seat's public area: gold, crown, score, characters, city; hand and drawn cards."""
    p = v.players[seat]
    colour = seat_colour(seat)
    svg.rect(x, y, PANEL_W, height, fill=PAPER, stroke=colour, stroke_width=3 if seat == viewer else 1.5, rx=8)
    svg.rect(x, y, PANEL_W, 28, fill=colour, rx=8, title=words(_owner(seat)))
    head = PANEL_SEAT_YOU(seat=seat) if seat == viewer else PANEL_SEAT(seat=seat)
    svg.text(x + 10, y + 19, words(head), size=14, bold=True, fill=PAPER)
    svg.circle(x + 140, y + 14, 10, fill=GOLD, title=words(SEAT_GOLD(gold=p.gold, seat=seat)))
    svg.text(x + 156, y + 19, words(gold(p.gold)), size=13, fill=PAPER, bold=True)
    svg.text(x + 240, y + 19, words(SCORE(score=totals.get(seat, 0))), size=13, fill=PAPER)
    svg.text(x + 335, y + 19, words(DISTRICTS_BUILT(n=len(p.city))), size=13, fill=PAPER)
    svg.text(x + 445, y + 19, words(IN_HAND(n=len(p.hand))), size=13, fill=PAPER)
    if v.crown == seat:
        _crown(svg, x + PANEL_W - 40, y + 5, words(CROWN_HELD(seat=seat)))
    svg.text(x + 10, y + 46, words(_characters_words(p)), size=12)
    bottom = _city(svg, x + 8, y + 54, v, seat, words)
    bottom = _hand(svg, x + 8, bottom, p.hand, seat, HAND(), words)
    if v.turn is not None and v.turn.seat == seat and v.turn.drawn:
        _hand(svg, x + 8, bottom, v.turn.drawn, seat, DRAWN(), words)


def _crown(svg: Svg, x: float, y: float, title: str) -> None:
    """The crown token (§4.1: its holder picks first)."""
    svg.polygon(
        [(x, y + 18), (x, y + 4), (x + 8, y + 11), (x + 14, y), (x + 20, y + 11), (x + 28, y + 4), (x + 28, y + 18)],
        fill=GOLD,
        title=title,
    )


def _seats(svg: Svg, v: State, viewer: int, top: float, words: Words) -> float:
    """Every seat's panel, two to a row; returns the next free y."""
    totals = _totals(v)
    y = top
    count = len(v.players)
    for first in range(0, count, COLUMNS):
        row = range(first, min(first + COLUMNS, count))
        height = max(_panel_height(v, seat, words) for seat in row)
        for k, seat in enumerate(row):
            _panel(svg, MARGIN + k * (PANEL_W + MARGIN), y, height, v, seat, viewer, totals, words)
        y += height + MARGIN
    return y


def _totals(v: State) -> dict[int, int]:
    """The score of what the view shows (a hidden Secret Vault is not counted until revealed)."""
    return {s.seat: s.total for s in score(v).seats}


# ---- the legend -------------------------------------------------------------------------------------------

LEGEND = Message("citadels.picture.legend", "Legend")
TYPE_COLOUR = Message("citadels.picture.type_colour", "{district_type} district colour")
TYPE_NAME = Message("citadels.picture.type_name", "{district_type}")
GOLD_WORD = Message("citadels.picture.gold", "gold")
THE_CROWN = Message("citadels.picture.the_crown", "the crown")
CROWN_WORD = Message("citadels.picture.crown", "crown")
A_FACE_DOWN_CARD = Message("citadels.picture.a_face_down_card", "a face-down card")
FACE_DOWN = Message("citadels.picture.face_down", "face down")
NOTE = Message(
    "citadels.picture.note",
    "A card shows its cost in gold (a coin at its corner: +1 from the Artist) and, at its right, the cards "
    "under a Museum; a character framed in a seat's colour was revealed by that seat. Scores count only what "
    "this picture shows.",
)


def _legend(svg: Svg, top: float, words: Words) -> float:
    """The district type colours (§2.2), the seat colours and the markers."""
    heading = words(LEGEND())
    svg.text(MARGIN, top + 14, heading, size=13, bold=True)
    # Each item has at least the room the English needs; longer words of another language push the next on.
    x = MARGIN + max(70.0, text_width(heading, 13, bold=True) + 12)
    for kind in TYPES:
        name = DISTRICT_TYPES[kind]
        type_name = words(TYPE_NAME(district_type=name))
        svg.rect(x, top + 3, 14, 14, fill=_type_colour(kind), title=words(TYPE_COLOUR(district_type=name)))
        svg.text(x + 19, top + 14, type_name, size=12)
        x += max(110.0, 19 + text_width(type_name, 12) + 12)
    gold = words(GOLD_WORD())
    svg.circle(x + 7, top + 10, 7, fill=GOLD, title=gold)
    svg.text(x + 19, top + 14, gold, size=12)
    x += max(70.0, 19 + text_width(gold, 12) + 12)
    crown = words(CROWN_WORD())
    _crown(svg, x, top, words(THE_CROWN()))
    svg.text(x + 34, top + 14, crown, size=12)
    x += max(90.0, 34 + text_width(crown, 12) + 12)
    _back(svg, x, top - 6, words(A_FACE_DOWN_CARD()))
    svg.text(x + 28, top + 14, words(FACE_DOWN()), size=12)
    y = top + 36
    svg.text(MARGIN, y, words(NOTE()), size=11, fill=MUTED)
    return y + 12


# ---- the picture ------------------------------------------------------------------------------------------


def _height(v: State, words: Words) -> float:
    """The whole picture's height: heading, character row, seat rows, legend."""
    rows = [
        max(_panel_height(v, seat, words) for seat in range(first, min(first + COLUMNS, len(v.players))))
        for first in range(0, len(v.players), COLUMNS)
    ]
    return 66 + 8 + CHAR_H + 30 + 12 + sum(h + MARGIN for h in rows) + 60


def picture(view: State, viewer: int | None, words: Words | None = None) -> Picture:
    """The picture of a Citadels view as ``viewer`` (a seat, ``None``: a spectator) sees it, its words in
    ``words``' language (English unless given)."""
    words = words or Words()
    seat = NO_SEAT if viewer is None else viewer
    who = SPECTATOR() if seat == NO_SEAT else SEAT(seat=seat)
    svg = Svg(WIDTH, _height(view, words), words(TITLE(round=view.round, who=who)))
    y = _heading(svg, view, seat, words)
    y = _character_row(svg, view, y + 8, words)
    y = _seats(svg, view, seat, y + 12, words)
    _legend(svg, y, words)
    return svg.picture()
