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

from engines.core.scoring import ScoreEntry, score_entry
from engines.core.text import LIST_COMMA, Message, Param, Text, listing
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
from engines.walled_city.names import CITIZENS, NO_NOBLES, NOBLES, competitor, faction, faction_title

#: §7.2 step 2: base place values, 1st to 4th (there are never more than 4 competitors).
PLACE_VALUES: tuple[int, ...] = (5, 3, 2, 0)

Rounding = Literal["trunc", "floor"]
TowerSecondPlace = Literal["dense", "competition"]
Category = Literal["district", "faction", "tower"]

_ORDINALS = (
    Message("walled_city.place.first", "first"),
    Message("walled_city.place.second", "second"),
    Message("walled_city.place.third", "third"),
    Message("walled_city.place.fourth", "fourth"),
)


class Award(msgspec.Struct, frozen=True, gc=False):
    """The votes one district, faction or tower gives, and why.

    ``points`` pairs (competitor, votes) sorted by competitor id; a ranked competitor whose place is
    worth 0 (or less) is listed too. ``detail`` is a one-line explanation for the score breakdown.
    """

    category: Category
    subject: str
    points: tuple[tuple[str, int], ...]
    detail: Text

    def votes(self, competitor: str) -> int:
        """The votes ``competitor`` gets here (0 if not listed)."""
        return dict(self.points).get(competitor, 0)

    @property
    def by_competitor(self) -> dict[str, int]:
        return dict(self.points)


class ZoneCard(msgspec.Struct, frozen=True, gc=False):
    """A building card in a defence zone (§5.0.1): its owner, the number facing each tower, and whether it
    has been turned face up (§5.5)."""

    owner: str
    toward_ccw: int
    toward_cw: int
    revealed: bool = False


class Flight(msgspec.Struct, frozen=True, gc=False):
    """The result of nobles fleeing (§5.7): the new area citizens, nobles sent to the box per competitor,
    and one line per district touching an open gap."""

    citizens: Mapping[str, Mapping[str, Citizens]]
    fled: Mapping[str, int]
    lines: tuple[Text, ...]


# ---------------------------------------------------------------------------------------------------------
# Arithmetic
# ---------------------------------------------------------------------------------------------------------


def tdiv(t: int, k: int) -> int:
    """§7.2 step 6 / A-4: integer division truncated toward zero (``tdiv(-3, 2) == -1``; floor gives -2)."""
    return t // k if t >= 0 else -((-t) // k)


def split(total: int, k: int, rounding: Rounding = "trunc") -> int:
    """Each of ``k`` tied competitors' share of ``total``, the remainder discarded (§7.2 step 5, A-4 flag)."""
    return tdiv(total, k) if rounding == "trunc" else total // k


def who_words(who: str, start: bool = False) -> Param:
    """A competitor as people name it: ``Seat 0`` for ``"0"``, ``the neutral`` (``The neutral`` at the ``start``
    of a sentence); any other id as it is (the rulebook's examples name players ``O``, ``W``, ``T``)."""
    return competitor(who, start, quoted=False)


def _names(who: Sequence[str], start: bool = False) -> Text:
    """``Seat 0, Seat 1 and the neutral`` (``start``: at the start of a sentence)."""
    return listing([who_words(w, start and i == 0) for i, w in enumerate(who)])


def _series(values: Sequence[int] | Sequence[str]) -> Text:
    """``5, 3, 2 and 0``."""
    return listing(list(values))


DISTRICTS = Message("walled_city.count.districts", "{n} district", "{n} districts")
TOWERS = Message("walled_city.count.towers", "{n} tower", "{n} towers")
OPEN_GAPS = Message("walled_city.count.open_gaps", "{n} open gap", "{n} open gaps")
DISTRICT = Message("walled_city.district.one", "district {area}")
DISTRICT_OF = Message("walled_city.district.of", "district of {areas}")


def district_name(subject: str) -> Text:
    """A district by its areas, as the board names them: ``district A11``, ``district of A13 and A14``."""
    areas = subject.split("+")
    return DISTRICT(area=areas[0]) if len(areas) == 1 else DISTRICT_OF(areas=_series(areas))


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


REMAINING_LOST = Message(
    "walled_city.score.remaining_lost", "(the remaining {n} is lost)", "(the remaining {n} are lost)"
)
REMAINDER_DROPPED = Message("walled_city.score.remainder_dropped", "(the remainder, {n}, is dropped)")
WITH_REMAINDER = Message("walled_city.score.with_remainder", "{line} {remainder}")
HELD = Message("walled_city.score.held", "{citizens}, {nobles}")


def _remainder(line: Text, lost: int) -> Text:
    """``line`` and the discarded remainder of a shared total (§7.2 step 5): ``(the remaining 2 are lost)``; a
    negative total is divided toward zero, so its remainder is negative."""
    if lost > 0:
        return WITH_REMAINDER(line=line, remainder=REMAINING_LOST(n=lost))
    return WITH_REMAINDER(line=line, remainder=REMAINDER_DROPPED(n=lost)) if lost else line


def _held(c: Citizens) -> Text:
    nobles = NOBLES(n=c.nobles) if c.nobles else NO_NOBLES()
    return HELD(citizens=CITIZENS(n=c.total), nobles=nobles)


SENTENCES = Message("walled_city.score.sentences", "{header}. {parts}")
PARTS = Message("walled_city.score.parts", "{first}; {rest}")


def _parts(parts: Sequence[Text]) -> Text:
    """Parts of a sentence joined by semicolons."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = PARTS(first=part, rest=out)
    return out


# ---------------------------------------------------------------------------------------------------------
# §7.2 District scoring
# ---------------------------------------------------------------------------------------------------------


TILES_ADD = Message(
    "walled_city.score.tiles_add",
    "The district's survey tiles add {n} to every place: places are worth {values}",
)
TILES_TAKE = Message(
    "walled_city.score.tiles_take",
    "The district's survey tiles take {n} from every place: places are worth {values}",
)
PLACES_WORTH = Message("walled_city.score.places_worth", "Places are worth {values}")
DISTRICT_NOBODY = Message("walled_city.score.district_nobody", "{header}; nobody has a citizen here, so nobody scores")
PLACED = Message("walled_city.score.placed", "{who} {place} ({held}): {each}")
PLACES_TWO = Message("walled_city.score.places_two", "{first} and {last}")
PLACES_RANGE = Message("walled_city.score.places_range", "{first} to {last}")
TIE_FOR = Message(
    "walled_city.score.tie_for",
    "{who} tie for {places} ({held} each) and share {sums} = {total}: {each} each",
)


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
        header = (TILES_ADD if mod > 0 else TILES_TAKE)(n=abs(mod), values=_series(values))
    else:
        header = PLACES_WORTH(values=_series(values))
    if not ranked:
        return Award("district", subject, (), DISTRICT_NOBODY(header=header))
    points: dict[str, int] = {}
    parts: list[Text] = []
    pos = 0
    for held, who in ranked:
        k = len(who)
        shared = values[pos : pos + k]
        total = sum(shared)
        each = split(total, k, rounding)
        for w in who:
            points[w] = each
        start = not parts
        if k == 1:
            parts.append(PLACED(who=who_words(who[0], start), place=_ORDINALS[pos](), held=_held(held), each=each))
        else:
            lost = total - k * each
            first, last = _ORDINALS[pos](), _ORDINALS[pos + k - 1]()
            places = PLACES_TWO(first=first, last=last) if k == 2 else PLACES_RANGE(first=first, last=last)
            sums = " + ".join(f"({v})" if v < 0 else str(v) for v in shared)
            line = TIE_FOR(who=_names(who, start), places=places, held=_held(held), sums=sums, total=total, each=each)
            parts.append(_remainder(line, lost))
        pos += k
    return Award("district", subject, tuple(sorted(points.items())), SENTENCES(header=header, parts=_parts(parts)))


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


FACTION_WORTH = Message("walled_city.score.faction_worth", "{faction} is worth {value}")
FACTION_WORTH_WHERE = Message(
    "walled_city.score.faction_worth_where", "{faction} is worth {value} (its dice lie in {where})"
)
FACTION_NOBODY = Message("walled_city.score.faction_nobody", "{header}; nobody has a citizen there, so nobody scores")
OTHER_HELD = Message("walled_city.score.other_held", "{who} with {citizens} ({nobles})")
MOST_THERE = Message("walled_city.score.most_there", "{who} has the most citizens there ({held}): {value}")
MOST_THERE_AHEAD = Message(
    "walled_city.score.most_there_ahead",
    "{who} has the most citizens there ({held}, ahead of {beaten} on nobles): {value}",
)
TIE_FOR_MOST = Message(
    "walled_city.score.tie_for_most", "{who} tie for the most ({held} each) and share {value}: {each} each"
)
FACTION_DETAIL = Message("walled_city.score.faction_detail", "{header}. {line}")
FACTION_DETAIL_OTHERS = Message("walled_city.score.faction_detail_others", "{header}. {line}; others: {others}")


def score_faction(
    faction: str,
    value: int,
    counts: Mapping[str, Citizens],
    where: Text | None = None,
    rounding: Rounding = "trunc",
    excluded: Iterable[str] = (),
) -> Award:
    """§7.3 steps 3–5: only the majority scores ``value``; a tie in citizens goes to the most nobles; a tie in
    both splits ``value`` (remainder discarded). Nobody with a citizen → nobody scores (A-37).

    ``counts`` are the citizens over the faction's locations; ``where`` names them for the explanation.
    """
    name = faction_title(faction)
    header = (
        FACTION_WORTH_WHERE(faction=name, value=value, where=where)
        if where
        else FACTION_WORTH(faction=name, value=value)
    )
    ranked = _ranked(counts, excluded)
    if not ranked:
        return Award("faction", faction, (), FACTION_NOBODY(header=header))
    held, top = ranked[0]
    rest = [
        OTHER_HELD(
            who=who_words(w), citizens=CITIZENS(n=c.total), nobles=NOBLES(n=c.nobles) if c.nobles else NO_NOBLES()
        )
        for c, ws in ranked[1:]
        for w in ws
    ]
    others = listing(rest, joined=LIST_COMMA)

    def detail(line: Text) -> Text:
        if rest:
            return FACTION_DETAIL_OTHERS(header=header, line=line, others=others)
        return FACTION_DETAIL(header=header, line=line)

    if len(top) == 1:
        beaten = [w for c, ws in ranked[1:] if c.total == held.total for w in ws]
        first = who_words(top[0], True)
        if beaten:
            line = MOST_THERE_AHEAD(who=first, held=_held(held), beaten=_names(beaten), value=value)
        else:
            line = MOST_THERE(who=first, held=_held(held), value=value)
        return Award("faction", faction, ((top[0], value),), detail(line))
    each = split(value, len(top), rounding)
    lost = value - len(top) * each
    line = _remainder(TIE_FOR_MOST(who=_names(top, True), held=_held(held), value=value, each=each), lost)
    return Award("faction", faction, tuple((w, each) for w in top), detail(line))


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


DISTRICTS_AND_TOWERS = Message("walled_city.score.districts_and_towers", "{districts} and {towers}")


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
        where = DISTRICTS(n=len(places))
        if towers:
            where = DISTRICTS_AND_TOWERS(districts=where, towers=TOWERS(n=len(towers)))
        out.append(score_faction(f, value, counts, where, rounding, excluded))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------
# §7.4 Tower scoring
# ---------------------------------------------------------------------------------------------------------


TOWER_HEADER = Message("walled_city.score.tower_header", "The defence cards beside it count {a} and {b} toward it")
TOWER_NOBODY = Message("walled_city.score.tower_nobody", "{header}; nobody has a watchman here, so nobody scores")
MOST_WATCHMEN = Message("walled_city.score.most_watchmen", "Most watchmen: {who} ({n}), {a} + {b} = {sum}")
MOST_WATCHMEN_EACH = Message(
    "walled_city.score.most_watchmen_each", "Most watchmen: {who} ({n} each), {a} + {b} = {sum} each"
)
SECOND_MOST = Message("walled_city.score.second_most", "second most: {who} ({n}), the smaller number, {smaller}")
SECOND_MOST_EACH = Message(
    "walled_city.score.second_most_each", "second most: {who} ({n} each), the smaller number, {smaller} each"
)
NO_SECOND_PLACE = Message(
    "walled_city.score.no_second_place", "no second place after a tie for the most, as this game is set"
)


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
    header = TOWER_HEADER(a=a, b=b)
    present = {w: n for w, n in watchmen.items() if n > 0}
    if not present:
        return Award("tower", tower, (), TOWER_NOBODY(header=header))
    levels = sorted(set(present.values()), reverse=True)
    first = sorted(w for w, n in present.items() if n == levels[0])
    points = {w: a + b for w in first}
    most = MOST_WATCHMEN_EACH if len(first) > 1 else MOST_WATCHMEN
    parts = [most(who=_names(first), n=levels[0], a=a, b=b, sum=a + b)]
    if len(levels) > 1 and (second_place == "dense" or len(first) == 1):
        second = sorted(w for w, n in present.items() if n == levels[1])
        points.update({w: min(a, b) for w in second})
        next_most = SECOND_MOST_EACH if len(second) > 1 else SECOND_MOST
        parts.append(next_most(who=_names(second), n=levels[1], smaller=min(a, b)))
    elif len(levels) > 1:
        parts.append(NO_SECOND_PLACE())
    return Award("tower", tower, tuple(sorted(points.items())), SENTENCES(header=header, parts=_parts(parts)))


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


N_OF_WHOSE = Message("walled_city.flee.n_of_whose", "{n} of {who}'s")
OPENED = Message("walled_city.flee.opened", "{gaps} ({ids})")
NOBLES_TO_BOX = Message("walled_city.flee.to_box", "its nobles go to the box ({lost})")
NO_NOBLES_TO_LOSE = Message("walled_city.flee.none", "it has no nobles to lose")
FLED = Message("walled_city.flee.line", "The {district} has {opened}: {fled}")


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
    lines: list[Text] = []
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
        lost = listing([N_OF_WHOSE(n=n, who=who_words(w)) for w, n in sorted(here.items())], joined=LIST_COMMA)
        opened = OPENED(gaps=OPEN_GAPS(n=len(gaps)), ids=", ".join(gaps))
        fled_words = NOBLES_TO_BOX(lost=lost) if here else NO_NOBLES_TO_LOSE()
        lines.append(FLED(district=district_name(d.label), opened=opened, fled=fled_words))
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


AWARD_CATEGORIES: dict[str, Message] = {
    "district": Message("walled_city.score.award.district", "district {subject}"),
    "faction": Message("walled_city.score.award.faction", "faction {subject}"),
    "tower": Message("walled_city.score.award.tower", "tower {subject}"),
}


def _award_category(a: Award) -> Text:
    """An award's category and subject: ``district A13+A14``, ``faction yellow``, ``tower T3``."""
    return AWARD_CATEGORIES[a.category](subject=faction(a.subject) if a.category == "faction" else a.subject)


def score_entries(awards: Iterable[Award], competitor: str) -> tuple[ScoreEntry, ...]:
    """``competitor``'s lines for a score sheet (``engines.core.scoring``): one per award naming it."""
    return tuple(
        score_entry(_award_category(a), a.votes(competitor), a.detail) for a in awards if competitor in a.by_competitor
    )
