"""A PNG of a picture, drawn with Skia straight from the SVG the engines write.

Every picture comes from one writer (``engines.core.picture.Svg``), whose SVG has a closed vocabulary:
``rect`` (``rx``, a dashed stroke), ``circle``, ``line`` (a line cap), ``polygon`` and one-line ``text``
(a size, a weight, an anchor), each with a fill and a stroke, and ``title``\\ s that are not drawn. This
module reads exactly that vocabulary with a few regular expressions and paints each element on a Skia
canvas in document order, as an SVG renderer would. Text is drawn with the bundled font (``server/fonts``,
DejaVu Sans) from Skia's glyph cache, by the glyphs' advance widths (the same widths
``engines.core.picture.text_width`` lays text out with). Anything outside the vocabulary is refused
(``UnknownShape``): the drawing never guesses, and ``tests/server/test_drawing.py`` draws every game's
pictures.

Why not a general SVG renderer: drawing the writer's vocabulary directly costs a fifth to a tenth of what
resvg cost (which loaded and shaped fonts and parsed the document for every picture), so a core draws
several pictures where it drew one (bench/README.md, "picture_bench").

The drawing is recorded once, then played back a band of rows at a time (``BAND_BYTES``), each band deflated
as soon as it is drawn: a picture's pixels never sit in memory whole. The pixels are RGBA, and the PNG is
deflated at level 1 with no row filter (ISA-L): a table picture of a few million pixels is compressed in
milliseconds, and is about a third larger than at level 9.
"""

from __future__ import annotations

import re
import struct
import zlib
from html import unescape
from pathlib import Path

import skia
from isal import isal_zlib

FONTS = Path(__file__).resolve().parent / "fonts"
#: The bundled faces, regular and bold (``engines.core.picture.FONT`` names their family).
FACES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


class UnknownShape(ValueError):
    """The SVG holds something the engines' writer does not write (a drawing bug, not a caller's)."""


#: An element of the vocabulary: a shape's opening tag (its title, if any, is skipped as text between
#: tags), or a whole text (its title first, then its words). Anything else starting with ``<`` is matched
#: by the last branch and refused, but for the document's own tags.
_ELEMENT = re.compile(
    r"<(rect|circle|line|polygon)\b([^>]*)>"
    r"|<text\b([^>]*)>(?:<title>[^<]*</title>)?([^<]*)</text>"
    r"|<(/?[A-Za-z]*)[^>]*>"
)
_ATTRIBUTE = re.compile(r'([a-z][a-z0-9-]*)="([^"]*)"')
_SIZE = re.compile(r'^<svg\b[^>]* width="(\d+)" height="(\d+)"')
#: Tags that carry nothing to draw: the document, its shapes' closing tags and the titles (tooltips).
_NOT_DRAWN = frozenset({"svg", "/svg", "title", "/title", "/rect", "/circle", "/line", "/polygon"})
#: The colour keywords the games name (CSS's values), besides ``#rrggbb`` and ``#rgb``.
_NAMED_COLOURS = {
    "black": 0x000000,
    "white": 0xFFFFFF,
    "red": 0xFF0000,
    "green": 0x008000,
    "blue": 0x0000FF,
    "yellow": 0xFFFF00,
    "purple": 0x800080,
    "orange": 0xFFA500,
    "grey": 0x808080,
    "gray": 0x808080,
}
#: SVG's default handling of a text's white space: newlines dropped, tabs made spaces, runs of spaces one.
_NEWLINES = re.compile("[\r\n]")
_SPACES = re.compile(" {2,}")


def colour(value: str) -> int | None:
    """``value`` (``#rrggbb``, ``#rgb``, a colour keyword or ``none``) as an opaque ARGB colour; ``None`` for
    ``none``."""
    if value == "none":
        return None
    if value.startswith("#") and len(value) in (4, 7):
        digits = value[1:] if len(value) == 7 else "".join(c * 2 for c in value[1:])
        try:
            return 0xFF000000 | int(digits, 16)
        except ValueError:
            pass
    elif value in _NAMED_COLOURS:
        return 0xFF000000 | _NAMED_COLOURS[value]
    raise UnknownShape(f"no colour {value!r}")


def words(raw: str) -> str:
    """A text element's content as SVG draws it (``xml:space`` default): entities read, newlines dropped,
    tabs made spaces, leading and trailing spaces dropped, runs of spaces made one."""
    text = _NEWLINES.sub("", unescape(raw)).replace("\t", " ").strip(" ")
    return _SPACES.sub(" ", text)


class Drawing:
    """What a drawing process keeps from one picture to the next: the faces, the fonts by size and the
    colours read. One per process; not shared between threads."""

    def __init__(self) -> None:
        fonts = skia.FontMgr.New_Custom_Empty()  # the bundled faces only: no system font is looked up
        self._faces = tuple(fonts.makeFromFile(str(FONTS / face), 0) for face in FACES)
        self._fonts: dict[tuple[str, bool], skia.Font] = {}
        self._colours: dict[str, int | None] = {}

    def png(self, svg: str, scale: float) -> bytes:
        """The PNG of ``svg`` zoomed by ``scale``: each side is the picture's times ``scale``, rounded."""
        size = _SIZE.match(svg)
        if size is None:
            raise UnknownShape("the picture does not start with <svg width=... height=...>")
        width = max(1, round(int(size[1]) * scale))
        height = max(1, round(int(size[2]) * scale))
        recorder = skia.PictureRecorder()
        canvas = recorder.beginRecording(skia.Rect.MakeWH(width, height), skia.RTreeFactory()())
        canvas.scale(scale, scale)
        self.paint(svg, canvas)
        return banded_png(recorder.finishRecordingAsPicture(), width, height)

    def paint(self, svg: str, canvas: skia.Canvas) -> None:
        """Paint every element of ``svg`` on ``canvas``, in document order."""
        for match in _ELEMENT.finditer(svg):
            shape, shape_attributes, text_attributes, raw, other = match.groups()
            if shape is not None:
                self._shape(canvas, shape, dict(_ATTRIBUTE.findall(shape_attributes)))
            elif text_attributes is not None:
                self._text(canvas, dict(_ATTRIBUTE.findall(text_attributes)), raw)
            elif other not in _NOT_DRAWN:
                raise UnknownShape(f"the pictures' writer writes no <{other}>")

    def _colour(self, value: str) -> int | None:
        if value not in self._colours:
            if len(self._colours) >= _MOST_REMEMBERED:
                self._colours.clear()
            self._colours[value] = colour(value)
        return self._colours[value]

    def _paints(self, a: dict[str, str]) -> tuple[skia.Paint | None, skia.Paint | None]:
        """The fill and the stroke an element's attributes ask for (SVG's defaults: a black fill, no
        stroke, a stroke 1 wide with butt caps)."""
        fill_colour = self._colour(a.get("fill", "black"))
        fill = None if fill_colour is None else skia.Paint(AntiAlias=True, Color=fill_colour)
        stroke_colour = self._colour(a["stroke"]) if "stroke" in a else None
        if stroke_colour is None:
            return fill, None
        stroke = skia.Paint(
            AntiAlias=True,
            Color=stroke_colour,
            Style=skia.Paint.kStroke_Style,
            StrokeWidth=float(a.get("stroke-width", "1")),
            StrokeCap=_cap(a.get("stroke-linecap", "butt")),
        )
        if "stroke-dasharray" in a:
            stroke.setPathEffect(skia.DashPathEffect.Make([float(n) for n in a["stroke-dasharray"].split()], 0))
        return fill, stroke

    def _shape(self, canvas: skia.Canvas, tag: str, a: dict[str, str]) -> None:
        fill, stroke = self._paints(a)
        for paint in (fill, stroke):
            if paint is None:
                continue
            if tag == "rect":
                box = skia.Rect.MakeXYWH(float(a["x"]), float(a["y"]), float(a["width"]), float(a["height"]))
                corner = float(a.get("rx", "0"))
                canvas.drawRoundRect(box, corner, corner, paint) if corner else canvas.drawRect(box, paint)
            elif tag == "circle":
                canvas.drawCircle(float(a["cx"]), float(a["cy"]), float(a["r"]), paint)
            elif tag == "line":
                if paint is stroke:  # a line has no inside to fill
                    canvas.drawLine(float(a["x1"]), float(a["y1"]), float(a["x2"]), float(a["y2"]), paint)
            else:
                numbers = [float(n) for n in a["points"].replace(",", " ").split()]
                points = [skia.Point(x, y) for x, y in zip(numbers[::2], numbers[1::2], strict=False)]
                path = skia.Path()
                path.addPoly(points, True)
                canvas.drawPath(path, paint)

    def _text(self, canvas: skia.Canvas, a: dict[str, str], raw: str) -> None:
        drawn = words(raw)
        fill, _ = self._paints(a)
        if not drawn or fill is None:
            return
        font = self._font(a.get("font-size", "16"), a.get("font-weight") == "bold")
        x = float(a.get("x", "0"))
        anchor = a.get("text-anchor", "start")
        if anchor != "start":
            x -= font.measureText(drawn) / (2 if anchor == "middle" else 1)
        canvas.drawString(drawn, x, float(a.get("y", "0")), font, fill)

    def _font(self, size: str, bold: bool) -> skia.Font:
        font = self._fonts.get((size, bold))
        if font is None:
            if len(self._fonts) >= _MOST_REMEMBERED:
                self._fonts.clear()
            font = skia.Font(self._faces[bold], float(size))
            font.setEdging(skia.Font.Edging.kAntiAlias)
            font.setSubpixel(True)
            font.setHinting(skia.FontHinting.kNone)
            self._fonts[(size, bold)] = font
        return font


#: The most colours and fonts a drawing keeps (the games use a few dozen of each); past it, it starts over.
_MOST_REMEMBERED = 1024

_CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}


def _cap(name: str) -> skia.Paint.Cap:
    if name not in _CAPS:
        raise UnknownShape(f"no line cap {name!r}")
    return _CAPS[name]


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


class PngWriter:
    """A PNG of RGBA pixels written a band of rows at a time: 8 bits a channel, each row unfiltered, deflated
    at level 1."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._deflate = isal_zlib.compressobj(1)
        self._parts: list[bytes] = []

    def add(self, rows: bytes | bytearray | memoryview) -> None:
        """The next rows, top to bottom (a whole number of rows of ``width`` pixels)."""
        stride = self.width * 4
        pixels = memoryview(rows)
        for top in range(0, len(pixels), stride):
            self._parts.append(self._deflate.compress(b"\0"))  # the row's filter: none
            self._parts.append(self._deflate.compress(pixels[top : top + stride]))

    def finish(self) -> bytes:
        """The PNG file, once every row has been added."""
        self._parts.append(self._deflate.flush())
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)
        data = b"".join(self._parts)
        return b"".join((_PNG_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", data), _chunk(b"IEND", b"")))


#: The pixels drawn at a time, in bytes: a band of rows this large stays in the processor's cache while it is
#: drawn and deflated, so the largest picture (16 million pixels, 64 MiB) neither passes through memory twice
#: nor evicts what the server's own processes keep in the cache they share (bench/README.md, "picture_bench").
BAND_BYTES = 1 << 20


def banded_png(picture: skia.Picture, width: int, height: int) -> bytes:
    """The PNG of a recorded ``picture`` of ``width`` x ``height`` pixels, drawn a band of rows at a time."""
    stride = width * 4
    rows_per_band = max(1, BAND_BYTES // stride)
    band = bytearray(stride * rows_per_band)
    writer = PngWriter(width, height)
    for top in range(0, height, rows_per_band):
        rows = min(rows_per_band, height - top)
        info = skia.ImageInfo.Make(width, rows, skia.kRGBA_8888_ColorType, skia.kUnpremul_AlphaType)
        surface = skia.Surface.MakeRasterDirect(info, band, stride)
        canvas = surface.getCanvas()
        canvas.clear(0)
        canvas.translate(0, -top)
        canvas.drawPicture(picture)
        del canvas, surface  # the band is complete once the surface is gone
        writer.add(memoryview(band)[: rows * stride])
    return writer.finish()
