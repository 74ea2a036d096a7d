"""The SVG writer every game draws with (``engines/core/picture.py``) keeps any picture a well-formed document
of bounded size, whatever text or numbers a client's state gives a drawing (issue #22)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from engines.core.picture import MOST_COORDINATE, MOST_TEXT, Svg, TextBox, text_width, wrap

NOT_XML = "a\x00b\x08c\x0bd\x1fe\ufffef\uffff"


def parsed(svg: Svg) -> ET.Element:
    return ET.fromstring(svg.picture().svg)


def strings(root: ET.Element) -> list[str]:
    """Every text of the document in order (an element's text and the text after it)."""
    return [text for el in root.iter() for text in (el.text, el.tail) if text]


def test_text_xml_does_not_allow_is_dropped() -> None:
    """A NUL or another control character in a client's string made the SVG ill-formed (RenderView answered
    INTERNAL for a PNG); tab, newline and markup characters stay, escaped."""
    svg = Svg(100, 50, f"title {NOT_XML}")
    svg.text(1, 2, NOT_XML + " <&>\t", title=NOT_XML)
    svg.rect(0, 0, 1, 1, fill=f"red{NOT_XML}", title=NOT_XML)
    root = parsed(svg)
    assert strings(root) == ["title abcdef", "abcdef", "abcdef <&>\t", "abcdef"]
    assert root[3].attrib["fill"] == "redabcdef"


def test_a_huge_text_is_cut() -> None:
    svg = Svg(100, 50, "x" * 100_000)
    svg.text(1, 2, "y" * 100_000, title="z" * 100_000)
    picture = svg.picture()
    assert len(picture.svg) < 4 * MOST_TEXT + 500
    texts = strings(ET.fromstring(picture.svg))
    assert [len(t) for t in texts] == [MOST_TEXT] * 3
    assert all(t.endswith("\u2026") for t in texts)


def test_the_real_texts_are_not_cut() -> None:
    svg = Svg(100, 50, "t" * MOST_TEXT)
    assert ET.fromstring(svg.picture().svg)[0].text == "t" * MOST_TEXT


def test_numbers_are_clipped_and_never_inf_or_nan() -> None:
    """A coordinate computed from a huge value is written at ``MOST_COORDINATE``; one that is no number as 0."""
    svg = Svg(100, 50, "numbers")
    svg.circle(2**31 - 1, -(2**63), 1e300, fill="red")
    svg.line(math.inf, -math.inf, math.nan, 1.255, stroke="red")
    root = parsed(svg)
    circle, line = root[2], root[3]
    assert (circle.attrib["cx"], circle.attrib["cy"], circle.attrib["r"]) == (
        str(MOST_COORDINATE),
        str(-MOST_COORDINATE),
        str(MOST_COORDINATE),
    )
    assert (line.attrib["x1"], line.attrib["y1"], line.attrib["x2"], line.attrib["y2"]) == ("0", "0", "0", "1.25")


def test_every_attribute_the_writer_draws_with_is_spelt_as_svg_spells_it() -> None:
    """Every shape with every optional attribute set: no attribute name keeps an underscore (``_SVG_NAMES``
    knows each one the writer spells with one), and a plain text value is written as it is."""
    svg = Svg(100, 100, "every attribute")
    svg.rect(1, 2, 3, 4, fill="#ffffff", stroke="#222222", stroke_width=2, rx=1, title="a rect", dashed=True)
    svg.circle(5, 6, 7, fill="#d62728", stroke="#222222", stroke_width=1.5, title="a circle")
    svg.line(1, 1, 9, 9, stroke="#1f77b4", stroke_width=3, title="a line", linecap="round")
    svg.polygon([(0, 0), (5, 0), (0, 5)], fill="none", stroke="#222222", stroke_width=1, title="a polygon")
    svg.text(10, 20, "Bold words", size=14, fill="#777777", anchor="middle", bold=True, title="a text")
    root = ET.fromstring(svg.picture().svg)
    names = {name for element in root.iter() for name in element.attrib}
    assert not [name for name in names if "_" in name], names
    assert {"stroke-width", "stroke-dasharray", "stroke-linecap", "font-family", "font-size", "font-weight"} <= names
    assert {"text-anchor", "rx", "points"} <= names
    assert 'fill="#d62728"' in svg.picture().svg


def test_lines_writes_each_text_a_line_further_down() -> None:
    svg = Svg(200, 100, "lines")
    after = svg.lines(10, 20, ["first", "second", "third"], size=10)
    texts = parsed(svg).findall("{http://www.w3.org/2000/svg}text")
    assert [(t.text, t.get("y")) for t in texts] == [("first", "20"), ("second", "33.5"), ("third", "47")]
    assert after == 60.5


def test_boxes_that_share_only_an_edge_do_not_overlap() -> None:
    box = TextBox("a", 0, 0, 10, 10)
    assert not box.overlaps(TextBox("below", 0, 10, 10, 20))
    assert not box.overlaps(TextBox("beside", 10, 0, 20, 10))
    assert not box.overlaps(TextBox("above", 0, -10, 10, 0))
    assert not box.overlaps(TextBox("left", -10, 0, 0, 10))
    assert box.overlaps(TextBox("into", 9, 9, 20, 20))


def test_a_word_wider_than_a_line_is_cut_down_to_single_characters_if_need_be() -> None:
    one = text_width("m", 10)
    assert wrap("mmm", one + 0.1, 10) == ["m", "m", "m"]
    assert wrap("mmmm mm", 2 * one + 0.1, 10) == ["mm", "mm", "mm"]
