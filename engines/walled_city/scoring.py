"""Walled City scoring (§7): districts (§7.2), factions (§7.3), towers (§7.4) and nobles fleeing (§7.5, §5.7).

Every routine is pure and returns :class:`Award` values: per-competitor votes plus one explanation line
naming the district, faction or tower, who got what and why, ready for a score breakdown
(:func:`score_entries`). Competitors are plain ids; in a 2-player game the neutral is just another
competitor (§3.6, §7.5, A-5). Results never depend on the order competitors are given in (§11 inv. 24):
ties are listed by competitor id.

Configuration (Appendix flags): ``rounding`` = ``split_rounding`` (A-4, default ``"trunc"``: shared
totals are divided truncating toward zero, :func:`tdiv`), ``second_place`` = ``tower_second_place``
(A-3, default ``"dense"``), ``excluded`` realises ``neutral_in_factions = false`` (A-5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Literal

import msgspec

from engines.core.scoring import ScoreEntry
from engines.walled_city.board import Board
from engines.walled_city.districts import (
    AreaCitizens,
    Citizens,
    Die,
    District,
    SpotStates,
    SurveyTile,
    TowerWatchmen,
    citizens_in,
    district_of,
    districts,
    faction_value,
    open_gaps,
    survey_modifier,
)

#: §7.2 step 2: base place values, 1st to 4th (there are never more than 4 competitors).
PLACE_VALUES: tuple[int, ...] = (5, 3, 2, 0)

Rounding = Literal["trunc", "floor"]
TowerSecondPlace = Literal["dense", "competition"]
Category = Literal["district", "faction", "tower"]

_ORDINALS = ("first", "second", "third", "fourth")


class Award(msgspec.Struct, frozen=True):
    """The votes one district, faction or tower gives, and why.

    ``points`` pairs (competitor, votes) sorted by competitor id; a ranked competitor whose place is
    worth 0 (or less) is listed too. ``detail`` is a one-line explanation for the score breakdown.
    """

    category: Category
    subject: str
    points: tuple[tuple[str, int], ...]
    detail: str

    def votes(self, competitor: str) -> int:
        """The votes ``competitor`` gets here (0 if not listed)."""
        return dict(self.points).get(competitor, 0)

    @property
    def by_competitor(self) -> dict[str, int]:
        return dict(self.points)


class ZoneCard(msgspec.Struct, frozen=True):
    """A building card in a defence zone (§5.0.1): its owner, the number facing each tower, and whether it
    has been turned face up (§5.5)."""

    owner: str
    toward_ccw: int
    toward_cw: int
    revealed: bool = False


class Flight(msgspec.Struct, frozen=True):
    """The result of nobles fleeing (§5.7): the new area citizens, nobles sent to the box per competitor,
    and one line per district touching an open gap."""

    citizens: Mapping[str, Mapping[str, Citizens]]
    fled: Mapping[str, int]
    lines: tuple[str, ...]


# ---------------------------------------------------------------------------------------------------------
# Arithmetic
# ---------------------------------------------------------------------------------------------------------


def tdiv(t: int, k: int) -> int:
    """§7.2 step 6 / A-4: integer division truncated toward zero (``tdiv(-3, 2) == -1``; floor gives -2)."""
    return t // k if t >= 0 else -((-t) // k)


def split(total: int, k: int, rounding: Rounding = "trunc") -> int:
    """Each of ``k`` tied competitors' share of ``total``, the remainder discarded (§7.2 step 5, A-4 flag)."""
    return tdiv(total, k) if rounding == "trunc" else total // k


def who_words(who: str) -> str:
    """A competitor as people name it: ``Seat 0`` for ``"0"``, ``the neutral``; any other id as it is (the
    rulebook's examples name players ``O``, ``W``, ``T``)."""
    if who == "neutral":
        return "the neutral"
    return f"Seat {who}" if who.isascii() and who.isdigit() else who


def _names(who: Sequence[str]) -> str:
    named = [who_words(w) for w in who]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _series(values: Sequence[int] | Sequence[str]) -> str:
    """``5, 3, 2 and 0``."""
    shown = [str(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _upper_first(words: str) -> str:
    return words[:1].upper() + words[1:]


def district_name(subject: str) -> str:
    """A district by its areas, as the board names them: ``district A11``, ``district of A13 and A14``."""
    areas = subject.split("+")
    return f"district {areas[0]}" if len(areas) == 1 else f"district of {_series(areas)}"


def _ranked(counts: Mapping[str, Citizens], excluded: Iterable[str] = ()) -> list[tuple[Citizens, list[str]]]:
    """Groups of competitors with ≥ 1 citizen, by (citizens, nobles) descending; members sorted by id."""
    out = set(excluded)
    keyed: dict[tuple[int, int], list[str]] = {}
    for who, c in counts.items():
        if c.total > 0 and who not in out:
            keyed.setdefault((c.total, c.nobles), []).append(who)
    return [
        (Citizens(peasants=total - nobles, nobles=nobles), sorted(keyed[(total, nobles)]))
        for total, nobles in sorted(keyed, reverse=True)
    ]


def _remainder(lost: int) -> str:
    """The discarded remainder of a shared total (§7.2 step 5): ``(the remaining 2 are lost)``; a negative total
    is divided toward zero, so its remainder is negative."""
    if lost > 0:
        return f" (the remaining {lost} {'is' if lost == 1 else 'are'} lost)"
    return f" (the remainder, {lost}, is dropped)" if lost else ""


def _held(c: Citizens) -> str:
    nobles = _plural(c.nobles, "noble") if c.nobles else "no nobles"
    return f"{_plural(c.total, 'citizen')}, {nobles}"


# ---------------------------------------------------------------------------------------------------------
# §7.2 District scoring
# ---------------------------------------------------------------------------------------------------------


def score_district(
    subject: str,
    counts: Mapping[str, Citizens],
    mod: int = 0,
    rounding: Rounding = "trunc",
) -> Award:
    """§7.2: rank competitors with ≥ 1 citizen by citizens, then nobles; place values ``PLACE_VALUES + mod``.

    A group equal in citizens and nobles occupying places i … i+k−1 shares the sum of those place values,
    remainder discarded (``split``, truncation toward zero by default); the next group starts at place i+k.
    """
    ranked = _ranked(counts)
    ranked_n = sum(len(who) for _, who in ranked)
    if ranked_n > len(PLACE_VALUES):
        raise ValueError(f"district {subject}: {ranked_n} competitors, at most {len(PLACE_VALUES)} allowed (§7.2)")
    values = [v + mod for v in PLACE_VALUES]
    if mod:
        change = f"add {mod} to" if mod > 0 else f"take {-mod} from"
        header = f"The district's survey tiles {change} every place: places are worth {_series(values)}"
    else:
        header = f"Places are worth {_series(values)}"
    if not ranked:
        return Award("district", subject, (), f"{header}; nobody has a citizen here, so nobody scores")
    points: dict[str, int] = {}
    parts: list[str] = []
    pos = 0
    for held, who in ranked:
        k = len(who)
        shared = values[pos : pos + k]
        total = sum(shared)
        each = split(total, k, rounding)
        for w in who:
            points[w] = each
        if k == 1:
            parts.append(f"{who_words(who[0])} {_ORDINALS[pos]} ({_held(held)}): {each}")
        else:
            lost = total - k * each
            places = (
                f"{_ORDINALS[pos]} and {_ORDINALS[pos + 1]}"
                if k == 2
                else f"{_ORDINALS[pos]} to {_ORDINALS[pos + k - 1]}"
            )
            sums = " + ".join(f"({v})" if v < 0 else str(v) for v in shared)
            parts.append(
                f"{_names(who)} tie for {places} ({_held(held)} each) and share {sums} = {total}: {each} each"
                + _remainder(lost)
            )
        pos += k
    return Award("district", subject, tuple(sorted(points.items())), f"{header}. " + _upper_first("; ".join(parts)))


def score_districts(
    board: Board,
    path_states: SpotStates,
    citizens: AreaCitizens,
    tiles: Iterable[SurveyTile] = (),
    rounding: Rounding = "trunc",
    known: tuple[District, ...] | None = None,
) -> tuple[Award, ...]:
    """§7.2 for every district holding at least one citizen (§7.1: counts per district, survey tiles summed).
    ``known``: the districts of ``path_states``, when the caller has them already."""
    kept = tuple(tiles)
    out = []
    for d in districts(board, path_states) if known is None else known:
        counts = citizens_in(d.areas, citizens)
        if counts:
            out.append(score_district(d.label, counts, survey_modifier(d.areas, kept), rounding))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------
# §7.3 Faction scoring
# ---------------------------------------------------------------------------------------------------------


def score_faction(
    faction: str,
    value: int,
    counts: Mapping[str, Citizens],
    where: str = "",
    rounding: Rounding = "trunc",
    excluded: Iterable[str] = (),
) -> Award:
    """§7.3 steps 3–5: only the majority scores ``value``; a tie in citizens goes to the most nobles; a tie in
    both splits ``value`` (remainder discarded). Nobody with a citizen → nobody scores (A-37).

    ``counts`` are the citizens over the faction's locations; ``where`` names them for the explanation.
    """
    header = f"{_upper_first(faction)} is worth {value}" + (f" (its dice lie in {where})" if where else "")
    ranked = _ranked(counts, excluded)
    if not ranked:
        return Award("faction", faction, (), f"{header}; nobody has a citizen there, so nobody scores")
    held, top = ranked[0]
    rest = ", ".join(
        f"{who_words(w)} with {_plural(c.total, 'citizen')} ({_plural(c.nobles, 'noble') if c.nobles else 'no nobles'})"
        for c, ws in ranked[1:]
        for w in ws
    )
    tail = f"; others: {rest}" if rest else ""
    if len(top) == 1:
        beaten = [w for c, ws in ranked[1:] if c.total == held.total for w in ws]
        why = f", ahead of {_names(beaten)} on nobles" if beaten else ""
        line = _upper_first(f"{who_words(top[0])} has the most citizens there ({_held(held)}{why}): {value}")
        return Award("faction", faction, ((top[0], value),), f"{header}. {line}{tail}")
    each = split(value, len(top), rounding)
    lost = value - len(top) * each
    line = _upper_first(f"{_names(top)} tie for the most ({_held(held)} each) and share {value}: {each} each")
    line += _remainder(lost)
    return Award("faction", faction, tuple((w, each) for w in top), f"{header}. {line}{tail}")


def faction_counts(
    board: Board,
    path_states: SpotStates,
    citizens: AreaCitizens,
    dice: Iterable[Die],
    faction: str,
    round_: int,
    watchmen: TowerWatchmen | None = None,
    area_of: Mapping[str, District] | None = None,
) -> tuple[dict[str, Citizens], tuple[District, ...], tuple[str, ...]]:
    """§7.3 step 2–3: each competitor's citizens over ``faction``'s locations, with the districts and towers.

    Locations: every district with ≥ 1 of the faction's dice in its areas, each counted once however many dice
    it holds (A-25); in round 2 also every tower holding one of its dice, whose watchmen count as citizens
    and nobles. Round 1 ignores towers entirely.
    """
    kept = [d for d in dice if d.faction == faction]
    if area_of is None:  # callers scoring every faction pass the districts in
        area_of = district_of(board, path_states)
    found: dict[tuple[str, ...], District] = {}
    for d in kept:
        if d.location in area_of:
            found.setdefault(area_of[d.location].areas, area_of[d.location])
    places = tuple(sorted(found.values(), key=lambda x: board.area_ids.index(x.areas[0])))
    towers: tuple[str, ...] = ()
    if round_ >= 2:
        holding = {d.location for d in kept if d.location in board.tower}
        towers = tuple(t.id for t in board.towers if t.id in holding)
    counts = citizens_in((a for d in places for a in d.areas), citizens)
    for t in towers:
        for who, n in (watchmen or {}).get(t, {}).items():
            if n:
                counts[who] = counts.get(who, Citizens()) + Citizens(nobles=n)
    return counts, places, towers


def score_factions(
    board: Board,
    path_states: SpotStates,
    citizens: AreaCitizens,
    dice: Iterable[Die],
    round_: int,
    watchmen: TowerWatchmen | None = None,
    rounding: Rounding = "trunc",
    excluded: Iterable[str] = (),
    known: tuple[District, ...] | None = None,
) -> tuple[Award, ...]:
    """§7.3 for every faction with a die on the board (round 1: area dice and districts only; round 2: all dice,
    districts and towers). ``excluded`` competitors take no part (``neutral_in_factions = false``, A-5).
    ``known``: the districts of ``path_states``, when the caller has them already."""
    kept = tuple(dice)
    out = []
    area_of = district_of(board, path_states) if known is None else {a: d for d in known for a in d.areas}
    for f in sorted({d.faction for d in kept}):
        value = faction_value(board, kept, f, round_)
        counts, places, towers = faction_counts(board, path_states, citizens, kept, f, round_, watchmen, area_of)
        where = _plural(len(places), "district") + (f" and {_plural(len(towers), 'tower')}" if towers else "")
        out.append(score_faction(f, value, counts, where, rounding, excluded))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------
# §7.4 Tower scoring
# ---------------------------------------------------------------------------------------------------------


def score_tower(
    tower: str,
    watchmen: Mapping[str, int],
    a: int,
    b: int,
    second_place: TowerSecondPlace = "dense",
) -> Award:
    """§7.4: the competitors with the most watchmen (≥ 1) each get ``a + b``; those with the second most get
    ``min(a, b)``. Ties never split: all tied get the full amount. Nobles break no tie.

    ``second_place`` (A-3): ``"dense"`` — second = the second-highest distinct count, even after a tie for the
    most; ``"competition"`` — a tie for the most leaves no second place.
    """
    header = f"The defence cards beside it count {a} and {b} toward it"
    present = {w: n for w, n in watchmen.items() if n > 0}
    if not present:
        return Award("tower", tower, (), f"{header}; nobody has a watchman here, so nobody scores")
    levels = sorted(set(present.values()), reverse=True)
    first = sorted(w for w, n in present.items() if n == levels[0])
    points = {w: a + b for w in first}
    each = " each" if len(first) > 1 else ""
    parts = [f"most watchmen: {_names(first)} ({levels[0]}{each}), {a} + {b} = {a + b}{each}"]
    if len(levels) > 1 and (second_place == "dense" or len(first) == 1):
        second = sorted(w for w, n in present.items() if n == levels[1])
        points.update({w: min(a, b) for w in second})
        each = " each" if len(second) > 1 else ""
        parts.append(f"second most: {_names(second)} ({levels[1]}{each}), the smaller number, {min(a, b)}{each}")
    elif len(levels) > 1:
        parts.append("no second place after a tie for the most, as this game is set")
    return Award("tower", tower, tuple(sorted(points.items())), f"{header}. " + _upper_first("; ".join(parts)))


def near_halves(board: Board, tower: str, cards: Mapping[str, ZoneCard]) -> tuple[int, int]:
    """(a, b) for ``tower`` (§7.4, §9.5): the ``cw`` number of the card in ``zone_before`` and the ``ccw`` number
    of the card in ``zone_after``. An empty zone counts 0/0; so does a card not yet revealed (§11 inv. 23)."""
    before, after = board.tower_zones(tower)
    first, second = cards.get(before), cards.get(after)
    a = first.toward_cw if first is not None and first.revealed else 0
    b = second.toward_ccw if second is not None and second.revealed else 0
    return a, b


def score_towers(
    board: Board,
    watchmen: TowerWatchmen,
    cards: Mapping[str, ZoneCard],
    second_place: TowerSecondPlace = "dense",
) -> tuple[Award, ...]:
    """§7.4 for every tower holding at least one watchman, in board order (round 2 defence phase only)."""
    out = []
    for t in board.towers:
        held = watchmen.get(t.id, {})
        if any(n > 0 for n in held.values()):
            a, b = near_halves(board, t.id, cards)
            out.append(score_tower(t.id, held, a, b, second_place))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------
# §5.7 / §7.5 Nobles flee
# ---------------------------------------------------------------------------------------------------------


def flee(
    board: Board,
    path_states: SpotStates,
    gap_states: SpotStates,
    citizens: AreaCitizens,
    known: tuple[District, ...] | None = None,
) -> Flight:
    """§5.7 (round 2, start of the vote phase): every district containing ``area(g)`` of an open gap ``g``
    (empty or demolished) loses all nobles in its areas, every colour, neutral included, to the box.

    Peasants stay. Watchmen never flee: towers belong to no district, so tower contents are not touched
    (they are not even an input). The input mapping is not modified. ``known``: the districts, if at hand.
    """
    ds = districts(board, path_states) if known is None else known
    area_of = {a: d for d in ds for a in d.areas}
    gaps_of: dict[tuple[str, ...], list[str]] = {}
    for g in open_gaps(board, gap_states):
        gaps_of.setdefault(area_of[board.gap_area(g)].areas, []).append(g)
    result = {a: dict(c) for a, c in citizens.items()}
    fled: dict[str, int] = {}
    lines: list[str] = []
    for d in ds:
        gaps = gaps_of.get(d.areas)
        if not gaps:
            continue
        here: dict[str, int] = {}
        for a in d.areas:
            for who, c in citizens.get(a, {}).items():
                if c.nobles:
                    here[who] = here.get(who, 0) + c.nobles
                    result[a][who] = Citizens(peasants=c.peasants)
        for who, n in here.items():
            fled[who] = fled.get(who, 0) + n
        lost = ", ".join(f"{n} of {who_words(w)}'s" for w, n in sorted(here.items()))
        opened = f"{_plural(len(gaps), 'open gap')} ({', '.join(gaps)})"
        fled_words = f"its nobles go to the box ({lost})" if here else "it has no nobles to lose"
        lines.append(f"The {district_name(d.label)} has {opened}: {fled_words}")
    frozen = MappingProxyType({a: MappingProxyType(c) for a, c in result.items()})
    return Flight(citizens=frozen, fled=MappingProxyType(dict(sorted(fled.items()))), lines=tuple(lines))


# ---------------------------------------------------------------------------------------------------------
# Score breakdown helpers
# ---------------------------------------------------------------------------------------------------------


def totals(awards: Iterable[Award]) -> dict[str, int]:
    """Each competitor's summed votes over ``awards``."""
    out: dict[str, int] = {}
    for award in awards:
        for who, n in award.points:
            out[who] = out.get(who, 0) + n
    return dict(sorted(out.items()))


def score_entries(awards: Iterable[Award], competitor: str) -> tuple[ScoreEntry, ...]:
    """``competitor``'s lines for a score sheet (``engines.core.scoring``): one per award naming it."""
    return tuple(
        ScoreEntry(category=f"{a.category} {a.subject}", points=a.votes(competitor), detail=a.detail)
        for a in awards
        if competitor in a.by_competitor
    )
