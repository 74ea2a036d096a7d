"""Score sheets: per seat, per category, an explanation per entry, standings and winners."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engines.core.text import Text


class ScoreEntry(msgspec.Struct, frozen=True, gc=False):
    """One line of a seat's score: a category, its points and a short explanation."""

    category: str
    points: int
    detail: str = ""
    category_text: Text | None = None
    """The category as a ``Text`` (``category`` is its English)."""
    detail_text: Text | None = None
    """The detail as a ``Text`` (``detail`` is its English)."""


def score_entry(category: Text, points: int, detail: Text | None = None) -> ScoreEntry:
    """A score line from its words: the category, the points, and how they came about."""
    if detail is None:
        return ScoreEntry(category.english, points, "", category)
    return ScoreEntry(category.english, points, detail.english, category, detail)


class SeatScore(msgspec.Struct, frozen=True, gc=False):
    """A seat's total, its entries (which always sum to the total) and its place (1 = first)."""

    seat: int
    total: int
    entries: tuple[ScoreEntry, ...]
    place: int = 0
    tiebreak: str = ""
    tiebreak_text: Text | None = None
    """The tiebreak as a ``Text`` (``tiebreak`` is its English)."""


class ScoreSheet(msgspec.Struct, frozen=True, gc=False):
    """The whole score; ``final`` is False for a provisional score of a running game.

    ``leaders`` are the seats in first place now; ``winners`` are the same seats once the game is over and
    empty before, so a provisional score never calls anyone a winner."""

    seats: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    final: bool
    leaders: tuple[int, ...] = ()


def seat_score(seat: int, entries: Sequence[ScoreEntry]) -> SeatScore:
    """A seat score whose total is, by construction, the sum of its entries."""
    kept = tuple(entries)
    return SeatScore(seat=seat, total=sum(e.points for e in kept), entries=kept)


def rank(
    scores: Sequence[SeatScore],
    tiebreak: Callable[[int], tuple[int, Text | str]],
    final: bool,
) -> ScoreSheet:
    """Order seats by total, then by ``tiebreak(seat) -> (key, explanation)`` (higher wins).

    Seats equal on both keys share a place; the leaders are every seat in first place, and they are the
    winners when the score is ``final`` (a running game has no winners yet).
    """
    keyed = sorted(scores, key=lambda s: (-s.total, -tiebreak(s.seat)[0], s.seat))
    placed: list[SeatScore] = []
    for i, s in enumerate(keyed):
        key = (s.total, tiebreak(s.seat)[0])
        if i and key == (keyed[i - 1].total, tiebreak(keyed[i - 1].seat)[0]):
            place = placed[-1].place
        else:
            place = i + 1
        tied = any(o.total == s.total and o.seat != s.seat for o in scores)
        note = tiebreak(s.seat)[1] if tied else ""
        if isinstance(note, Text):
            placed.append(msgspec.structs.replace(s, place=place, tiebreak=note.english, tiebreak_text=note))
        else:
            placed.append(msgspec.structs.replace(s, place=place, tiebreak=note))
    by_seat = tuple(sorted(placed, key=lambda s: s.seat))
    leaders = tuple(s.seat for s in by_seat if s.place == 1)
    return ScoreSheet(seats=by_seat, winners=leaders if final else (), final=final, leaders=leaders)
