"""RecentPictures (server/pictures.py): a view drawn once is not drawn again while it is among the last ones,
and no more than ``size`` are held."""

from __future__ import annotations

from engines.core.picture import Picture
from server.pictures import RecentPictures


def test_a_view_is_drawn_once_while_recent_and_the_oldest_is_forgotten() -> None:
    drawn: list[str] = []

    def draw(name: str) -> Picture:
        drawn.append(name)
        return Picture(svg=f"<svg>{name}</svg>", width=1, height=1)

    recent = RecentPictures(size=2)
    first = recent.get_or_draw("a", lambda: draw("a"))
    assert recent.get_or_draw("a", lambda: draw("a")) is first
    recent.get_or_draw("b", lambda: draw("b"))
    recent.get_or_draw("a", lambda: draw("a"))  # a is now the most recent
    recent.get_or_draw("c", lambda: draw("c"))  # so b is forgotten
    recent.get_or_draw("a", lambda: draw("a"))
    recent.get_or_draw("b", lambda: draw("b"))
    assert drawn == ["a", "b", "c", "b"]
