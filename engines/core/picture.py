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
from collections.abc import Iterable, Sequence
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


class Picture(msgspec.Struct, frozen=True):
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
        return str(max(-MOST_COORDINATE, min(value, MOST_COORDINATE)))
    if not math.isfinite(value):
        return "0"
    value = max(-MOST_COORDINATE, min(value, MOST_COORDINATE))
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


#: Characters that make an attribute value need more than double quotes around it (``quoteattr``).
_QUOTED = re.compile("[&<>\"'\n\r\t]")


def _quoted(value: object) -> str:
    """An attribute value in quotes: a number as ``_number`` writes it, a text without the characters XML
    does not allow (``quoteattr`` escapes the rest; plain text, the common case, needs no escaping)."""
    if isinstance(value, int | float):
        return f'"{_number(value)}"'
    text = _NOT_XML.sub("", str(value))
    return quoteattr(text) if _QUOTED.search(text) else f'"{text}"'


def _attributes(attributes: dict[str, object]) -> str:
    """`` name="value"`` pairs of the attributes that are set (``stroke_width`` is written ``stroke-width``)."""
    return "".join(f" {name.replace('_', '-')}={_quoted(v)}" for name, v in attributes.items() if v is not None)


class Svg:
    """An SVG document being drawn: shapes and texts appended in paint order, then ``picture()``."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = [f"<title>{escape(title)}</title>"]
        self.rect(0, 0, width, height, fill=PAPER)

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
        self._parts.append(f"<text{attrs}>{inner}{escape(text)}</text>")

    def lines(self, x: float, y: float, texts: Iterable[str], *, size: float = 12, gap: float = 1.35) -> float:
        """Several lines of text from baseline ``y`` down; returns the baseline after the last."""
        for text in texts:
            self.text(x, y, text, size=size)
            y += size * gap
        return y

    def picture(self) -> Picture:
        """The finished picture."""
        width, height = round(self.width), round(self.height)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">'
        )
        return Picture("".join([head, *self._parts, "</svg>"]), width, height)
