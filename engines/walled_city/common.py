"""Helpers over the state: the board in use, competitors, citizens, spots, orders (§5.0)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping

from msgspec.structs import replace

from engines.walled_city.board import BOARDS, Board
from engines.walled_city.content import CONTENT
from engines.walled_city.districts import DEMOLISHED as DEMOLISHED_SPOT
from engines.walled_city.districts import Citizens, SpotState, built
from engines.walled_city.fences import fenced
from engines.walled_city.state import NEUTRAL, Placed, Seat, Spot, State, Vote


def board(s: State) -> Board:
    """The board in play: the board side with the Carpenters' fences built so far (§5.0.1, §6.3 G13)."""
    return fenced(BOARDS[s.options.board], s.fences) if s.fences else BOARDS[s.options.board]


def printed(s: State) -> Board:
    """The board side as printed, without fences: where the setup puts dice and tiles (§3.1 E, F)."""
    return BOARDS[s.options.board]


def competitors(s: State) -> tuple[str, ...]:
    """The seats, plus the neutral with 2 players (§3.6)."""
    seats = tuple(str(i) for i in range(len(s.seats)))
    return (*seats, NEUTRAL) if len(s.seats) == 2 else seats


def set_seat(s: State, seat: int, **changes: object) -> State:
    seats = list(s.seats)
    seats[seat] = replace(seats[seat], **changes)
    return replace(s, seats=tuple(seats))


def spot_states(spots: tuple[Spot, ...]) -> dict[str, SpotState]:
    """The scoring routines' view of built/demolished paths or gaps."""
    return {x.id: (built(x.height) if x.kind == "built" else DEMOLISHED_SPOT) for x in spots}


def is_empty(spots: tuple[Spot, ...], spot: str) -> bool:
    return all(x.id != spot for x in spots)


def area_citizens(s: State) -> dict[str, dict[str, Citizens]]:
    """``area → competitor → Citizens`` for the areas (towers excluded)."""
    towers = {t.id for t in board(s).towers}
    out: dict[str, dict[str, Citizens]] = {}
    for p in s.citizens:
        if p.place not in towers:
            out.setdefault(p.place, {})[p.who] = Citizens(p.peasants, p.nobles)
    return out


def watchmen(s: State) -> dict[str, dict[str, int]]:
    """``tower → competitor → watchmen``."""
    towers = {t.id for t in board(s).towers}
    out: dict[str, dict[str, int]] = {}
    for p in s.citizens:
        if p.place in towers:
            out.setdefault(p.place, {})[p.who] = p.nobles
    return out


def at(s: State, place: str, who: str) -> Placed:
    for p in s.citizens:
        if p.place == place and p.who == who:
            return p
    return Placed(place, who)


def _place_who(p: Placed) -> tuple[str, str]:
    return p.place, p.who


def add_citizens(s: State, place: str, who: str, peasants: int = 0, nobles: int = 0) -> State:
    """Add (or, with negative counts, remove) citizens of ``who`` at ``place``; empty entries vanish."""
    key = (place, who)
    entries = s.citizens
    i = bisect_left(entries, key, key=_place_who)  # the entries are kept sorted by (place, who)
    found = i < len(entries) and (entries[i].place, entries[i].who) == key
    old = entries[i] if found else Placed(place, who)
    new = Placed(place, who, old.peasants + peasants, old.nobles + nobles)
    kept = (new,) if new.peasants or new.nobles else ()
    return replace(s, citizens=(*entries[:i], *kept, *entries[i + found :]))


def take_from_reserve(s: State, who: str, peasants: int, nobles: int) -> State:
    """Move pieces out of a competitor's reserve (the neutral's for ``neutral``)."""
    if who == NEUTRAL:
        return replace(s, neutral_peasants=s.neutral_peasants - peasants, neutral_nobles=s.neutral_nobles - nobles)
    seat = int(who)
    p: Seat = s.seats[seat]
    return set_seat(s, seat, peasants=p.peasants - peasants, nobles=p.nobles - nobles)


def reserve(s: State, who: str) -> tuple[int, int]:
    """A competitor's reserve ``(peasants, nobles)``; the neutral's is its spare supply (A-5)."""
    if who == NEUTRAL:
        return s.neutral_peasants, s.neutral_nobles
    p = s.seats[int(who)]
    return p.peasants, p.nobles


def move_citizens(s: State, who: str, source: str, dest: str, peasants: int = 0, nobles: int = 0) -> State:
    """Move citizens of ``who`` between two places (``reserve`` names the competitor's reserve)."""
    if source == "reserve":
        s = take_from_reserve(s, who, peasants, nobles)
    else:
        s = add_citizens(s, source, who, -peasants, -nobles)
    if dest == "reserve":
        return take_from_reserve(s, who, -peasants, -nobles)
    return add_citizens(s, dest, who, peasants, nobles)


def to_box(s: State, who: str, place: str, nobles: int) -> State:
    """Nobles of ``who`` from ``place`` to the box, out of the game (§5.7 flight, Bakers, Barbers)."""
    s = add_citizens(s, place, who, 0, -nobles)
    return replace(s, out_nobles=merge_box(s.out_nobles, [Placed("box", who, 0, nobles)]))


def merge_box(old: tuple[Placed, ...], new: list[Placed]) -> tuple[Placed, ...]:
    """The box's nobles per competitor after adding ``new``."""
    counts: dict[str, int] = {p.who: p.nobles for p in old}
    for p in new:
        counts[p.who] = counts.get(p.who, 0) + p.nobles
    return tuple(Placed("box", who, 0, n) for who, n in sorted(counts.items()) if n)


def guild_key(guild: str) -> tuple[int, int]:
    return CONTENT.guild[guild].key if guild else (99, 9)


def reverse_score_order(s: State, key_of: Mapping[int, str]) -> tuple[int, ...]:
    """§4.3: fewest votes first; ties by the lower priority key of the named guild."""
    return tuple(sorted(range(len(s.seats)), key=lambda i: (s.seats[i].votes, guild_key(key_of[i]))))


def credit(s: State, lines: list[Vote]) -> State:
    """Add votes to the ledger and to each seat's total (the neutral's are only reported)."""
    gained = [0] * len(s.seats)
    for line in lines:
        if line.who != NEUTRAL:
            gained[int(line.who)] += line.points
    seats = tuple(replace(p, votes=p.votes + g) if g else p for p, g in zip(s.seats, gained, strict=True))
    return replace(s, seats=seats, votes=(*s.votes, *lines))
