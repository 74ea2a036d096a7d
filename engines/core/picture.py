"""Pictures of a view: a small SVG writer every game draws its table with (``RenderView``).

A game draws from a *view* (``Engine.view``), never from a full state, so a picture can show only what
its viewer may see. The writer knows shapes and text, nothing of any game: each game's ``picture``
module lays out its own board, public areas and the viewer's hidden items, naming things with its
content's own names. Every shape may carry a ``title`` (shown as a tooltip, and read by screen readers
and tests), so a picture says in words what it shows.

The output is plain SVG 1.1 with one font family (``FONT``), so the server renders the same PNG from it
on every machine (it bundles that font).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from itertools import repeat
from xml.sax.saxutils import escape as _escape
from xml.sax.saxutils import quoteattr

import msgspec

#: The font of every text (the server bundles DejaVu Sans for PNGs).
FONT = "DejaVu Sans, sans-serif"

#: Seat colours by seat number (up to eight seats), distinguishable and printable on white.
SEAT_COLOURS: tuple[str, ...] = (
    "#d62728",  # red
    "#1f77b4",  # blue
    "#2ca02c",  # green
    "#ff7f0e",  # orange
    "#9467bd",  # purple
    "#8c564b",  # brown
    "#e377c2",  # pink
    "#17becf",  # teal
)

#: Colours of the parts every picture has.
INK = "#222222"
PAPER = "#ffffff"
MUTED = "#777777"
HIDDEN = "#bbbbbb"


#: The longest text or title drawn, in characters (the longest a game writes is about 250); longer text is
#: cut with an ellipsis, so a client's string cannot make a picture of any size.
MOST_TEXT = 1000
#: Characters XML 1.0 does not allow (C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape(text: str) -> str:
    """``text`` fit for an SVG document: characters XML does not allow dropped, cut to ``MOST_TEXT``
    characters (ending in an ellipsis), then escaped. Drawings may show strings a client sent (the state
    check bounds what the rules bound, not every string's length or characters), and the picture must stay a
    well-formed document of bounded size."""
    text = _NOT_XML.sub("", text)
    if len(text) > MOST_TEXT:
        text = text[: MOST_TEXT - 1] + "\u2026"
    return _escape(text)


class Picture(msgspec.Struct, frozen=True, gc=False):
    """A drawn picture: its SVG text and its size in pixels."""

    svg: str
    width: int
    height: int


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (cycling past eight seats)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


#: The names of the seat colours, in ``SEAT_COLOURS`` order (for titles and legends).
SEAT_COLOUR_NAMES: tuple[str, ...] = ("red", "blue", "green", "orange", "purple", "brown", "pink", "teal")


def seat_colour_name(seat: int) -> str:
    """The name of ``seat``'s colour (``"blue"``), cycling past eight seats like ``seat_colour``."""
    return SEAT_COLOUR_NAMES[seat % len(SEAT_COLOUR_NAMES)]


#: The largest coordinate or length written (pictures are a few thousand pixels wide): a number beyond it is
#: written as this bound, and a number that is no number (infinite, NaN) as 0, so every picture stays a
#: drawable document whatever a client's state made its layout compute.
MOST_COORDINATE = 100_000


def _number(value: float) -> str:
    if type(value) is int:  # most coordinates: no rounding to do
        return str(value) if -MOST_COORDINATE <= value <= MOST_COORDINATE else str(_clamped(value))
    if not math.isfinite(value):
        return "0"
    value = _clamped(value)
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _clamped(value: float) -> float:
    return max(-MOST_COORDINATE, min(value, MOST_COORDINATE))


#: Characters that make an attribute value need more than double quotes around it (``quoteattr``).
_QUOTED = re.compile("[&<>\"'\n\r\t]")
#: Either those or the characters XML does not allow: a text without any (a colour, the common case) is
#: written as it is.
_NOT_PLAIN = re.compile(f"{_QUOTED.pattern}|{_NOT_XML.pattern}")


def _quoted(value: object) -> str:
    """An attribute value in quotes: a number as ``_number`` writes it, a text without the characters XML
    does not allow (``quoteattr`` escapes the rest; plain text, the common case, needs no escaping)."""
    if type(value) is str and _NOT_PLAIN.search(value) is None:
        return f'"{value}"'
    if isinstance(value, int | float):
        return f'"{_number(value)}"'
    text = _NOT_XML.sub("", str(value))
    return quoteattr(text) if _QUOTED.search(text) else f'"{text}"'


#: The attribute names the writer spells with an underscore, as SVG writes them (``stroke-width``); any other
#: name is written as it is (``tests/engines/test_core_picture.py`` checks every name the writer uses).
_SVG_NAMES = {
    name: name.replace("_", "-")
    for name in (
        "font_family",
        "font_size",
        "font_weight",
        "text_anchor",
        "stroke_width",
        "stroke_dasharray",
        "stroke_linecap",
    )
}


def _attributes(attributes: dict[str, object]) -> str:
    """`` name="value"`` pairs of the attributes that are set (``stroke_width`` is written ``stroke-width``)."""
    names = _SVG_NAMES
    return "".join(
        [f" {names.get(name, name)}={_quoted(value)}" for name, value in attributes.items() if value is not None]
    )


#: How far the canvas may grow to hold a text that reaches past it, as a multiple of its size (a word of
#: another language longer than the English the layout was made for; ``Svg.picture``).
MOST_GROWTH = 2.0
#: The room left past the farthest text of a grown canvas.
GROWTH_MARGIN = 8


class Svg:
    """An SVG document being drawn: shapes and texts appended in paint order, then ``picture()``.

    A picture is laid out for its English words; a text of another language may reach past the canvas, and
    then the canvas grows to hold it (at most ``MOST_GROWTH`` times its size), so no word is cut off."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = [f"<title>{escape(title)}</title>"]
        self.rect(0, 0, width, height, fill=PAPER)
        self._right = 0.0
        self._bottom = 0.0

    def _shape(self, tag: str, attributes: dict[str, object], title: str | None) -> None:
        attrs = _attributes(attributes)
        if title:
            self._parts.append(f"<{tag}{attrs}><title>{escape(title)}</title></{tag}>")
        else:
            self._parts.append(f"<{tag}{attrs}/>")

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        stroke_width: float | None = None,
        rx: float | None = None,
        title: str | None = None,
        dashed: bool = False,
    ) -> None:
        """A rectangle with its top-left corner at (``x``, ``y``)."""
        self._shape(
            "rect",
            {
                "x": x,
                "y": y,
                "width": width,
                "height": height,
                "rx": rx,
                "fill": fill,
                "stroke": stroke,
                "stroke_width": stroke_width,
                "stroke_dasharray": "4 3" if dashed else None,
            },
            title,
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str,
        stroke: str | None = INK,
        stroke_width: float | None = None,
        title: str | None = None,
    ) -> None:
        """A circle (a piece, a token)."""
        self._shape(
            "circle", {"cx": cx, "cy": cy, "r": r, "fill": fill, "stroke": stroke, "stroke_width": stroke_width}, title
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = INK,
        stroke_width: float = 1,
        title: str | None = None,
        linecap: str | None = None,
    ) -> None:
        """A straight line (a wall, a road, a border)."""
        self._shape(
            "line",
            {
                "x1": x1,
                "y1": y1,
                "x2": x2,
                "y2": y2,
                "stroke": stroke,
                "stroke_width": stroke_width,
                "stroke_linecap": linecap,
            },
            title,
        )

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        *,
        fill: str,
        stroke: str | None = INK,
        stroke_width: float | None = None,
        title: str | None = None,
    ) -> None:
        """A closed polygon (a hex, a district outline)."""
        path = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self._shape("polygon", {"points": path, "fill": fill, "stroke": stroke, "stroke_width": stroke_width}, title)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 12,
        fill: str = INK,
        anchor: str = "start",
        bold: bool = False,
        title: str | None = None,
    ) -> None:
        """One line of text with its baseline at ``y``; ``anchor`` is start, middle or end."""
        attributes: dict[str, object] = {
            "x": x,
            "y": y,
            "font_family": FONT,
            "font_size": size,
            "fill": fill,
            "text_anchor": anchor if anchor != "start" else None,
            "font_weight": "bold" if bold else None,
        }
        attrs = _attributes(attributes)
        inner = f"<title>{escape(title)}</title>" if title else ""
        drawn = escape(text)
        self._parts.append(f"<text{attrs}>{inner}{drawn}</text>")
        width = text_width(text[:MOST_TEXT], size, bold=bold)
        right = x + {"start": width, "middle": width / 2}.get(anchor, 0.0)
        if math.isfinite(right) and math.isfinite(y):
            self._right = max(self._right, right)
            self._bottom = max(self._bottom, y + size * TEXT_DESCENT)

    def lines(self, x: float, y: float, texts: Iterable[str], *, size: float = 12, gap: float = 1.35) -> float:
        """Several lines of text from baseline ``y`` down; returns the baseline after the last."""
        for text in texts:
            self.text(x, y, text, size=size)
            y += size * gap
        return y

    def picture(self) -> Picture:
        """The finished picture (its canvas grown to hold every text, ``MOST_GROWTH`` at most)."""
        grown_width = min(max(self.width, self._right + GROWTH_MARGIN), self.width * MOST_GROWTH)
        grown_height = min(max(self.height, self._bottom + GROWTH_MARGIN), self.height * MOST_GROWTH)
        if (grown_width, grown_height) != (self.width, self.height):
            paper = Svg(grown_width, grown_height, "")
            self._parts[1] = paper._parts[1]
        width, height = round(max(self.width, grown_width)), round(max(self.height, grown_height))
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">'
        )
        return Picture("".join([head, *self._parts, "</svg>"]), width, height)


# ---- how much room a text takes -----------------------------------------------------------------------------


def _widths(table: str) -> tuple[int, ...]:
    """The numbers of a table of widths written as words."""
    return tuple(int(width) for width in table.split())


#: Advance widths of the printable ASCII characters (space to tilde) in DejaVu Sans, the font every PNG is
#: drawn with (``FONT``; the PNG lays text out with these advances), in hundredths of an em rounded up: read from
#: the bundled font's ``hmtx`` table (tests/conformance/test_picture_bounds.py checks them against it).
_ASCII_WIDTHS = _widths(
    """
32 41 46 84 64 96 78 28 40 40 50 84 32 37 32 34 64 64 64
64 64 64 64 64 64 64 34 34 84 84 84 54 100 69 69 70 78 64
58 78 76 30 30 66 56 87 75 79 61 79 70 64 62 74 69 99 69
62 69 40 34 40 84 50 50 62 64 55 64 62 36 64 64 28 28 58
28 98 64 62 64 64 42 53 40 64 60 82 60 60 53 64 34 64 84
"""
)
#: The same in DejaVu Sans Bold (a bold text).
_BOLD_ASCII_WIDTHS = _widths(
    """
35 46 53 84 70 101 88 31 46 46 53 84 38 42 38 37 70 70 70
70 70 70 70 70 70 70 40 40 84 84 84 59 100 78 77 74 84 69
69 83 84 38 38 78 64 100 84 86 74 86 78 73 69 82 78 111 78
73 73 46 37 46 84 50 50 68 72 60 72 68 44 72 72 35 35 67
35 105 72 69 72 72 50 60 48 72 66 93 65 66 59 72 37 72 84
"""
)
#: Characters past ASCII the pictures use, the same way (regular, bold); any other counts as 1 em, as wide as
#: the widest glyphs the pictures could hold.
_OTHER_WIDTHS: dict[str, tuple[int, int]] = {
    "\u00a0": (32, 35),  # no-break space (keeps two words on one line)
    "\u00b7": (32, 38),  # middle dot
    "\u00d7": (84, 84),  # multiplication sign
    "\u2212": (84, 84),  # minus sign
    "\u2013": (50, 50),  # en dash
    "\u2014": (100, 100),  # em dash
    "\u2026": (100, 100),  # ellipsis
    "\u2191": (84, 84),  # upwards arrow
    "\u2192": (84, 84),  # rightwards arrow
    "\u2715": (84, 84),  # multiplication x
    # the letters of Hungarian and German, and their quotation marks
    "\u00e1": (62, 68),  # á
    "\u00e9": (62, 68),  # é
    "\u00ed": (28, 35),  # í
    "\u00f3": (62, 69),  # ó
    "\u00f6": (62, 69),  # ö
    "\u0151": (62, 69),  # ő
    "\u00fa": (64, 72),  # ú
    "\u00fc": (64, 72),  # ü
    "\u0171": (64, 72),  # ű
    "\u00c1": (69, 78),  # Á
    "\u00c9": (64, 69),  # É
    "\u00cd": (30, 38),  # Í
    "\u00d3": (79, 86),  # Ó
    "\u00d6": (79, 86),  # Ö
    "\u0150": (79, 86),  # Ő
    "\u00da": (74, 82),  # Ú
    "\u00dc": (74, 82),  # Ü
    "\u0170": (74, 82),  # Ű
    "\u00e4": (62, 68),  # ä
    "\u00c4": (69, 78),  # Ä
    "\u00df": (63, 72),  # ß
    "\u201e": (52, 66),  # „
    "\u201c": (52, 66),  # “
    "\u201d": (52, 66),  # ”
    "\u2019": (32, 38),  # ’
}
#: How far a line of text reaches above and below its baseline, in ems: DejaVu Sans's ascenders (b, d, l: 0.76)
#: and descenders (g, p, y: 0.24).
TEXT_ASCENT = 0.76
TEXT_DESCENT = 0.24


def _width_table(ascii_widths: tuple[int, ...], bold: bool) -> dict[str, int]:
    """Every character the tables know, with its width in hundredths of an em (``bold``: the bold face's)."""
    table = {chr(32 + code): width for code, width in enumerate(ascii_widths)}
    table.update((char, widths[bold]) for char, widths in _OTHER_WIDTHS.items())
    return table


#: ``_ASCII_WIDTHS`` and ``_OTHER_WIDTHS`` as one table per weight (regular, bold), for summing in one call.
_HUNDREDTHS = (_width_table(_ASCII_WIDTHS, False), _width_table(_BOLD_ASCII_WIDTHS, True))
#: The width of a character the tables do not know, in hundredths of an em.
_UNKNOWN_WIDTH = 100


def _hundredths(text: str, bold: bool) -> int:
    """The width of ``text`` in hundredths of an em (a whole number, so widths of parts add up exactly)."""
    return sum(map(_HUNDREDTHS[bold].get, text, repeat(_UNKNOWN_WIDTH)))


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` at font size ``size`` in pixels, as the PNG draws it: the sum of its characters'
    advance widths in DejaVu Sans (``_ASCII_WIDTHS``), each rounded up to a hundredth of an em, so the estimate
    is at least the drawn width. Without the bundled font (a browser showing the SVG) a fallback sans-serif
    font is about as wide or narrower."""
    return _hundredths(text, bold) * size / 100


class TextBox(msgspec.Struct, frozen=True, gc=False):
    """The room one text of a picture takes: its text and the box around it (pixels, y down)."""

    text: str
    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: TextBox) -> bool:
        """Whether the two boxes share more than their edges."""
        return (
            self.left < other.right and other.left < self.right and self.top < other.bottom and other.top < self.bottom
        )


_SVG_NS = "{http://www.w3.org/2000/svg}"


def text_boxes(svg: str) -> list[TextBox]:
    """The box of every text of a picture's ``svg`` (as ``Svg`` writes it: one line a ``<text>``, its words
    after an optional ``<title>``), in paint order. Horizontally the text's width (``text_width``) placed by its
    ``text-anchor``; vertically ``TEXT_ASCENT`` above the baseline to ``TEXT_DESCENT`` below it, times the font
    size. Tests use it to check that every text lies on the canvas and no two overlap."""
    boxes: list[TextBox] = []
    for element in ET.fromstring(svg).iter(f"{_SVG_NS}text"):
        title = element.find(f"{_SVG_NS}title")
        words = (title.tail if title is not None else element.text) or ""
        size = float(element.get("font-size", "12"))
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        width = text_width(words, size, bold=element.get("font-weight") == "bold")
        anchor = element.get("text-anchor", "start")
        left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
        boxes.append(TextBox(words, left, y - TEXT_ASCENT * size, left + width, y + TEXT_DESCENT * size))
    return boxes


def wrap(text: str, width: float, size: float, *, bold: bool = False) -> list[str]:
    """``text`` cut at spaces into lines of at most ``width`` pixels at font ``size`` (``text_width``); a word
    wider than a line is cut with a hyphen-less break of its own, so no line is ever wider than ``width``. A
    no-break space (U+00A0) holds the words it joins on one line."""
    lines: list[str] = []
    current, current_width = "", 0  # the line so far, and its width in hundredths of an em
    space = _HUNDREDTHS[bold][" "]
    for word in (w for w in text.split(" ") if w):
        while text_width(word, size, bold=bold) > width and len(word) > 1:
            if current:
                lines.append(current)
                current, current_width = "", 0
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut], size, bold=bold) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        word_width = _hundredths(word, bold)
        if not current:
            current, current_width = word, word_width
        elif (current_width + space + word_width) * size / 100 > width:
            lines.append(current)
            current, current_width = word, word_width
        else:  # the widths add up: ``text_width`` of the joined line, measured without measuring it again
            current, current_width = f"{current} {word}", current_width + space + word_width
    return [*lines, current] if current or not lines else lines
