"""The PNG drawing (``server.drawing``): what it paints is what the SVG says.

Each test draws a small picture made by the engines' own writer (``engines.core.picture.Svg``) and reads
pixels back from the PNG: fills, strokes, a dashed stroke, line caps, circles and polygons land where the
SVG puts them in its colours; a text's ink lies inside the box ``text_boxes`` gives it for each anchor and
weight (the widths the layout uses are the ones drawn); a zoom scales everything; white space and entities
are read as SVG reads them; anything the writer does not write is refused. Every game's own pictures are
drawn by the picture tests of each game and by tests/conformance/test_pictures.py.
"""

from __future__ import annotations

import struct
import zlib

import pytest

from engines.core.picture import Svg, text_boxes
from server import drawing as drawing_module
from server.drawing import Drawing, PngWriter, UnknownShape, colour, words

Pixel = tuple[int, int, int, int]


class Pixels:
    """A decoded PNG as ``drawing.PngWriter`` writes it (RGBA, 8 bits, rows unfiltered)."""

    def __init__(self, png: bytes) -> None:
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        self.width, self.height, depth, kind = struct.unpack(">IIBB", png[16:26])
        assert (depth, kind) == (8, 6)
        chunks, at = [], 8
        while at < len(png):
            (length,) = struct.unpack(">I", png[at : at + 4])
            name, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
            assert struct.unpack(">I", png[at + 8 + length : at + 12 + length])[0] == zlib.crc32(name + data)
            chunks.append((name, data))
            at += 12 + length
        assert [name for name, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
        raw = zlib.decompress(chunks[1][1])
        stride = 1 + 4 * self.width
        assert len(raw) == stride * self.height
        assert all(raw[row * stride] == 0 for row in range(self.height))  # filter: none
        self.rows = [raw[row * stride + 1 : (row + 1) * stride] for row in range(self.height)]

    def at(self, x: int, y: int) -> Pixel:
        r, g, b, a = self.rows[y][4 * x : 4 * x + 4]
        return (r, g, b, a)

    def ink(self) -> tuple[int, int, int, int] | None:
        """The box (left, top, right, bottom; exclusive) of every pixel that is not white, if any."""
        xs, ys = [], []
        for y, row in enumerate(self.rows):
            for x in range(self.width):
                if row[4 * x : 4 * x + 3] != b"\xff\xff\xff":
                    xs.append(x)
                    ys.append(y)
        return (min(xs), min(ys), max(xs) + 1, max(ys) + 1) if xs else None


WHITE: Pixel = (255, 255, 255, 255)


def rgba(hex_colour: str) -> Pixel:
    value = int(hex_colour[1:], 16)
    return (value >> 16, (value >> 8) & 0xFF, value & 0xFF, 255)


@pytest.fixture(scope="module")
def drawing() -> Drawing:
    return Drawing()


def drawn(drawing: Drawing, svg: Svg, scale: float = 1.0) -> Pixels:
    return Pixels(drawing.png(svg.picture().svg, scale))


def test_fills_and_strokes_are_painted_where_the_svg_puts_them(drawing: Drawing) -> None:
    svg = Svg(100, 60, "shapes")
    svg.rect(10, 10, 30, 20, fill="#1f77b4")
    svg.rect(50, 10, 30, 20, fill="none", stroke="#d62728", stroke_width=4)
    svg.circle(20, 45, 8, fill="#2ca02c", stroke=None)
    svg.polygon([(60, 40), (80, 40), (70, 58)], fill="#ff7f0e", stroke=None)
    pixels = drawn(drawing, svg)
    assert (pixels.width, pixels.height) == (100, 60)
    assert pixels.at(25, 20) == rgba("#1f77b4")
    assert pixels.at(5, 5) == WHITE
    assert pixels.at(50, 20) == rgba("#d62728")  # on the stroke (4 wide, centred on the edge)
    assert pixels.at(65, 20) == WHITE  # inside a rectangle filled with none
    assert pixels.at(20, 45) == rgba("#2ca02c")
    assert pixels.at(20, 55) == WHITE  # below the circle
    assert pixels.at(70, 45) == rgba("#ff7f0e")
    assert pixels.at(62, 56) == WHITE  # beside the triangle's tip


def test_a_line_is_drawn_with_its_cap_and_a_dashed_stroke_has_gaps(drawing: Drawing) -> None:
    svg = Svg(120, 40, "lines")
    svg.line(20, 10, 100, 10, stroke="#222222", stroke_width=6)
    svg.line(20, 30, 100, 30, stroke="#222222", stroke_width=6, linecap="round")
    pixels = drawn(drawing, svg)
    assert pixels.at(60, 10) == rgba("#222222")
    assert pixels.at(18, 10) == WHITE  # butt: the line ends where it ends
    assert pixels.at(18, 30) == rgba("#222222")  # round: its cap reaches 3 past the end
    dashed = Svg(60, 20, "dashes")
    dashed.rect(0.5, 5.5, 59, 10, fill="none", stroke="#222222", stroke_width=1, dashed=True)
    top = [drawn(drawing, dashed).at(x, 5)[0] for x in range(1, 30)]
    assert min(top) < 128 and max(top) == 255  # dashes "4 3": ink and gaps along the edge


def test_a_text_lies_in_the_box_the_layout_gives_it(drawing: Drawing) -> None:
    for anchor in ("start", "middle", "end"):
        for bold in (False, True):
            svg = Svg(400, 60, "one text")
            svg.text(200, 40, "Cathedral, 5 gold", size=20, anchor=anchor, bold=bold)
            picture = svg.picture()
            (box,) = text_boxes(picture.svg)
            ink = Pixels(drawing.png(picture.svg, 1.0)).ink()
            assert ink is not None
            left, top, right, bottom = ink
            # Within the glyphs' side bearings, and the widths' rounding up (a hundredth of an em a character).
            assert box.left - 1 <= left <= box.left + 4, (anchor, bold)
            assert box.right - 5 <= right <= box.right + 1, (anchor, bold)
            assert box.top - 1 <= top and bottom <= box.bottom + 1, (anchor, bold)


def test_a_zoom_scales_the_picture_and_what_is_on_it(drawing: Drawing) -> None:
    svg = Svg(50, 30, "zoom")
    svg.rect(10, 10, 10, 10, fill="#9467bd")
    pixels = drawn(drawing, svg, scale=2.0)
    assert (pixels.width, pixels.height) == (100, 60)
    assert pixels.at(39, 39) == rgba("#9467bd") and pixels.at(41, 30) == WHITE
    small = drawn(drawing, svg, scale=0.25)
    assert (small.width, small.height) == (12, 8)  # 12.5 and 7.5, rounded to even


def test_white_space_and_entities_are_read_as_svg_reads_them() -> None:
    assert words("  two\twords \n  here ") == "two words here"
    assert words("A &amp; B &lt;3&gt; &quot;q&quot;") == 'A & B <3> "q"'
    assert words("no\u00a0break") == "no\u00a0break"  # a no-break space is not white space to collapse


def test_colours_are_read_and_a_colour_no_game_writes_is_refused() -> None:
    assert colour("#1f77b4") == 0xFF1F77B4
    assert colour("#abc") == 0xFFAABBCC
    assert colour("purple") == 0xFF800080
    assert colour("none") is None
    for bad in ("#12345", "#ggg", "chartreuse", "rgb(1,2,3)"):
        with pytest.raises(UnknownShape):
            colour(bad)


def test_what_the_writer_does_not_write_is_refused(drawing: Drawing) -> None:
    head = '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="10" height="10" viewBox="0 0 10 10">'
    for element in ('<path d="M0 0L5 5"/>', '<image href="x.png"/>', '<text x="1" y="2"><tspan>a</tspan></text>'):
        with pytest.raises(UnknownShape):
            drawing.png(f"{head}{element}</svg>", 1.0)
    with pytest.raises(UnknownShape):
        drawing.png("<html></html>", 1.0)
    with pytest.raises(UnknownShape):
        drawing.png(f'{head}<line x1="0" y1="0" x2="5" y2="5" stroke="#222222" stroke-linecap="pointed"/></svg>', 1)


def test_a_png_writer_keeps_every_pixel() -> None:
    pixels = bytearray(range(256)) * 3  # 3 rows of 64 RGBA pixels
    writer = PngWriter(64, 3)
    writer.add(pixels[:256])
    writer.add(pixels[256:])
    assert b"".join(Pixels(writer.finish()).rows) == bytes(pixels)


def test_a_picture_drawn_in_bands_is_the_picture_drawn_whole(drawing: Drawing, monkeypatch: pytest.MonkeyPatch) -> None:
    svg = Svg(120, 90, "bands")
    svg.rect(0, 0, 120, 90, fill="#eeeeee", stroke="#222222", stroke_width=3, rx=6)
    svg.circle(60, 45, 30, fill="#1f77b4")
    svg.line(0, 0, 120, 90, stroke="#d62728", stroke_width=2)
    svg.text(60, 50, "Across the bands", size=14, anchor="middle", bold=True)
    whole = drawing.png(svg.picture().svg, 1.5)
    monkeypatch.setattr(drawing_module, "BAND_BYTES", 180 * 4 * 7)  # 7 rows a band: bands end mid-shape
    banded = drawing.png(svg.picture().svg, 1.5)
    # The same picture: only the antialiasing of a few edge pixels may differ where a band cuts them.
    pairs = [
        (a, b)
        for whole_row, band_row in zip(Pixels(whole).rows, Pixels(banded).rows, strict=True)
        for a, b in zip(whole_row, band_row, strict=True)
    ]
    differences = [abs(a - b) for a, b in pairs if a != b]
    assert len(differences) < len(pairs) * 0.05
    assert sum(differences) / len(pairs) < 1 and max(differences, default=0) < 96
