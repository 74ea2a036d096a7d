"""Pictures a player can read (issue #23): on states a random playout of every registered game visits (every
setup the conformance suite plays: each player count, both chance modes, the option variations; states spread
from the first to the last), for every seat's view and the spectator's, every text of the picture lies on the
canvas, no two texts overlap, and no text or title shows a rule id (``R-1.2``, ``§5``) or an internal id
(``UPPER_SNAKE``, ``snake_case``) instead of words; the first two in every language the service speaks.

A text's box is ``engines.core.picture.text_boxes``: the advance widths of DejaVu Sans, the font the PNGs are
drawn with (checked here against the bundled font files), and 0.76 em above the baseline to 0.24 em below.

Nothing here names a game: a game is covered by registering it.
"""

from __future__ import annotations

import math
import re
import struct
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from engines.core import picture as core
from engines.core.locale import LOCALES, Words
from engines.core.picture import Picture, TextBox, text_boxes
from tests.conformance.support import ENGINES, setups
from tests.conformance.test_plain_words import CODE_WORD, RULE_CITATION
from tools.message_mutations import playout_states

#: States per setup, spread over the game (the first among them), and the last state besides.
STATES = 5
FONTS = Path(__file__).resolve().parents[2] / "server" / "fonts"
SVG = "{http://www.w3.org/2000/svg}"
#: Words no player should have to read: rule ids and internal ids (a code's ``UPPER_SNAKE`` or ``snake_case``).
IDS = re.compile(f"{RULE_CITATION.pattern}|{CODE_WORD.pattern}")
#: Where the boxes of two texts may touch: a rounding of the coordinates written.
SLACK = 0.01


@cache
def pictures(game_id: str, locale: str = "en") -> tuple[tuple[str, Picture], ...]:
    """Every viewer's picture of the states the game's setups visit, its words in ``locale``, each with a name
    to report it by."""
    words = Words(locale)
    out: list[tuple[str, Picture]] = []
    for setup in (s for s in setups() if s.game_id == game_id):
        states = playout_states(setup.engine, setup.players, setup.options, setup.seed, bot_seed=setup.bot_seed)
        spread = [states[i * len(states) // STATES] for i in range(STATES)] + [states[-1]]
        for number, state in enumerate(spread):
            for seat in (*setup.seats, None):
                picture = setup.engine.picture(setup.engine.view(state, seat), seat, words)
                viewer = "the spectator" if seat is None else f"seat {seat}"
                out.append((f"{setup.id}, state {number}/{STATES}, {viewer}", picture))
    return tuple(out)


def overlapping(boxes: list[TextBox]) -> Iterator[tuple[TextBox, TextBox]]:
    """The pairs of boxes that overlap (by more than ``SLACK``), swept top to bottom."""
    ordered = sorted(boxes, key=lambda b: b.top)
    for i, box in enumerate(ordered):
        for other in ordered[i + 1 :]:
            if other.top >= box.bottom - SLACK:
                break
            if (
                box.left < other.right - SLACK
                and other.left < box.right - SLACK
                and other.top < box.bottom - SLACK
                and box.top < other.bottom - SLACK
            ):
                yield box, other


def problems(game_id: str, check: Callable[[Picture], list[str]], locale: str = "en") -> list[str]:
    """What ``check`` finds in each picture of ``game_id`` in ``locale``, with the picture's name (the first
    few)."""
    found: list[str] = []
    for name, picture in pictures(game_id, locale):
        found += [f"{name}: {problem}" for problem in check(picture)]
    return found[:20]


def shown(box: TextBox) -> str:
    return f"{box.text!r} at ({box.left:.0f}, {box.top:.0f})-({box.right:.0f}, {box.bottom:.0f})"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_every_text_lies_on_the_canvas(game_id: str, locale: str) -> None:
    def outside(picture: Picture) -> list[str]:
        return [
            f"{shown(box)} is off the {picture.width}x{picture.height} canvas"
            for box in text_boxes(picture.svg)
            if box.left < 0 or box.top < 0 or box.right > picture.width or box.bottom > picture.height
        ]

    assert problems(game_id, outside, locale) == []


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_no_two_texts_overlap(game_id: str, locale: str) -> None:
    def overlaps(picture: Picture) -> list[str]:
        return [f"{shown(a)} overlaps {shown(b)}" for a, b in overlapping(text_boxes(picture.svg))]

    assert problems(game_id, overlaps, locale) == []


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_no_text_shows_a_rule_id_or_an_internal_id(game_id: str) -> None:
    def ids(picture: Picture) -> list[str]:
        root = ET.fromstring(picture.svg)
        words = [el.text or "" for el in root.iter(f"{SVG}title")] + [box.text for box in text_boxes(picture.svg)]
        return sorted({f"{text!r} shows {found.group()!r}" for text in words if (found := IDS.search(text))})

    assert problems(game_id, ids) == []


# ---- the estimate itself ---------------------------------------------------------------------------------


def advance_widths(font: Path) -> Callable[[str], float]:
    """A character's advance width in ems in a TrueType font (its ``cmap`` format 4 and ``hmtx`` tables)."""
    data = font.read_bytes()
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        tables[tag.decode()] = offset
    per_em = struct.unpack(">H", data[tables["head"] + 18 : tables["head"] + 20])[0]
    metrics = struct.unpack(">H", data[tables["hhea"] + 34 : tables["hhea"] + 36])[0]
    advances = [
        struct.unpack(">H", data[tables["hmtx"] + 4 * i : tables["hmtx"] + 4 * i + 2])[0] for i in range(metrics)
    ]
    cmap = tables["cmap"]
    unicode_bmp = next(
        cmap + offset
        for i in range(struct.unpack(">H", data[cmap + 2 : cmap + 4])[0])
        for platform, encoding, offset in [struct.unpack(">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i])]
        if (platform, encoding) == (3, 1)
    )
    assert struct.unpack(">H", data[unicode_bmp : unicode_bmp + 2])[0] == 4
    segments = struct.unpack(">H", data[unicode_bmp + 6 : unicode_bmp + 8])[0] // 2

    def array(index: int, kind: str = "H") -> tuple[int, ...]:
        start = unicode_bmp + 14 + 2 * segments * index + 2 * (index > 0)
        return struct.unpack(f">{segments}{kind}", data[start : start + 2 * segments])

    ends, starts, deltas, ranges = array(0), array(1), array(2, "h"), array(3)
    range_start = unicode_bmp + 16 + 6 * segments

    def width(char: str) -> float:
        code = ord(char)
        s = next(i for i, end in enumerate(ends) if end >= code)
        glyph = 0
        if starts[s] <= code:
            if ranges[s] == 0:
                glyph = (code + deltas[s]) & 0xFFFF
            else:
                at = range_start + 2 * s + ranges[s] + 2 * (code - starts[s])
                found = struct.unpack(">H", data[at : at + 2])[0]
                glyph = (found + deltas[s]) & 0xFFFF if found else 0
        return advances[min(glyph, metrics - 1)] / per_em

    return width


@pytest.mark.parametrize("font, bold", [("DejaVuSans.ttf", False), ("DejaVuSans-Bold.ttf", True)])
def test_the_widths_are_the_bundled_fonts(font: str, bold: bool) -> None:
    width = advance_widths(FONTS / font)
    characters = [chr(c) for c in range(32, 127)] + list(core._OTHER_WIDTHS)
    for char in characters:
        assert core.text_width(char, 100, bold=bold) == math.ceil(width(char) * 100), char
    assert core.text_width("\u2603", 100, bold=bold) >= 100 * width("\u2603")  # any other: 1 em at least


def test_a_box_is_placed_by_its_anchor() -> None:
    svg = core.Svg(200, 100, "boxes")
    svg.text(100, 50, "mm", size=10)
    svg.text(100, 50, "mm", size=10, anchor="middle", title="a title is not drawn")
    svg.text(100, 50, "mm", size=10, anchor="end", bold=True)
    start, middle, end = text_boxes(svg.picture().svg)
    assert start.text == middle.text == "mm"
    assert [round(v, 6) for v in (start.left, start.right, start.top, start.bottom)] == [100, 119.6, 42.4, 52.4]
    assert [round(v, 6) for v in (middle.left, middle.right, end.left, end.right)] == [90.2, 109.8, 79, 100]
    assert start.overlaps(middle) and not start.overlaps(end)
