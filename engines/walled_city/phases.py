"""The round structure (§4): alignment (A), the build-phase order (B), the vote (C), defence (D),
round-2 preparation and the end of the game."""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.text import Message
from engines.walled_city import moves as mv
from engines.walled_city import scoring
from engines.walled_city.common import (
    area_citizens,
    board,
    credit,
    guild_key,
    merge_box,
    reverse_score_order,
    set_seat,
    spot_states,
    watchmen,
)
from engines.walled_city.districts import districts
from engines.walled_city.scoring import ZoneCard as ScoringZoneCard
from engines.walled_city.state import NEUTRAL, Card, Placed, State, Turn, Vote, ZoneCard, vote_line

# ---- alignment (§5.2) ---------------------------------------------------------------------------


def start_alignment(s: State) -> State:
    """Round 1: clockwise from the start player. Round 2: reverse score order, ties by the lower
    round-1 guild (A-30); every round-1 guild is discarded first (§5.2)."""
    n = len(s.seats)
    if s.round == 1:
        order = tuple((s.start_player + i) % n for i in range(n))
    else:
        order = reverse_score_order(s, {i: p.round1_guild for i, p in enumerate(s.seats)})
    return replace(s, phase="alignment", order=order, index=0)


NOT_OFFERED = Message("walled_city.refusal.not_offered", "{guild} is not in the guild offer.")
BAD_DEFENCE = Message(
    "walled_city.refusal.bad_defence",
    "Place a card from your hand ({card} is not one, or zone {zone} is taken or unknown),"
    " one of its numbers toward the zone's counter-clockwise tower.",
)


def check_choose(s: State, a: mv.ChooseGuild) -> list[Violation]:
    """§5.2: the guild taken is in the offer."""
    if a.guild not in s.offer:
        return violation("WALLED_CITY_NOT_OFFERED", NOT_OFFERED(guild=repr(a.guild)), "action.guild")
    return []


def apply_choose(s: State, seat: int, a: mv.ChooseGuild) -> State:
    """§5.2: the guild goes to the player, unused; after the last pick the build phase begins (§4.3)."""
    s = set_seat(s, seat, guild=a.guild, guild_used=False)
    s = replace(s, offer=tuple(g for g in s.offer if g != a.guild), index=s.index + 1)
    return s if s.index < len(s.order) else start_build(s)


# ---- build order (§4.3) ---------------------------------------------------------------------------


def start_build(s: State) -> State:
    """Ascending priority keys of this round's guilds, in cycles (§4.3)."""
    order = tuple(sorted(range(len(s.seats)), key=lambda i: guild_key(s.seats[i].guild)))
    return next_builder(replace(s, phase="build", order=order, index=-1))


def _pieces(s: State, seat: int) -> int:
    p = s.seats[seat]
    return p.roads if s.round == 1 else p.walls


def next_builder(s: State) -> State:
    """The next seat in the cycle with a road (round 1) or wall (round 2) left; else the vote."""
    count = len(s.order)
    for step in range(1, count + 1):
        index = (s.index + step) % count
        if _pieces(s, s.order[index]):
            return replace(s, index=index, turn=Turn(seat=s.order[index]))
    return vote(s)


# ---- vote (§5.7, §7) -----------------------------------------------------------------------------


def vote(s: State) -> State:
    """Round 2 first sends the nobles of open districts to the box; then districts and factions."""
    b = board(s)
    paths = spot_states(s.paths)
    citizens = area_citizens(s)
    ds = districts(b, paths)
    lines: list[Vote] = []
    if s.round == 2:
        flight = scoring.flee(b, paths, spot_states(s.gaps), citizens, ds)
        citizens = {a: dict(c) for a, c in flight.citizens.items()}
        fled = [Placed("box", who, 0, n) for who, n in flight.fled.items()]
        towers = [p for p in s.citizens if p.place in b.tower]
        kept = [Placed(a, who, c.peasants, c.nobles) for a, cs in citizens.items() for who, c in cs.items() if c.total]
        s = replace(s, citizens=tuple(sorted((*kept, *towers), key=lambda p: (p.place, p.who))))
        s = replace(s, out_nobles=merge_box(s.out_nobles, fled))
    rounding = s.options.split_rounding
    awards = scoring.score_districts(b, paths, citizens, s.tiles, rounding, ds)
    excluded = () if s.options.neutral_in_factions else (NEUTRAL,)
    guards = watchmen(s) if s.round == 2 else None
    awards += scoring.score_factions(b, paths, citizens, s.dice, s.round, guards, rounding, excluded, ds)
    for award in awards:
        for who, points in award.points:
            lines.append(vote_line(who, f"round {s.round} {award.category} {award.subject}", points, award.detail))
    s = credit(s, lines)
    return start_defence(replace(s, turn=None))


# ---- defence (§5.5, §7.4) -----------------------------------------------------------------------


def start_defence(s: State) -> State:
    """Reverse score order; ties by the lower key of this round's guild (§4.3)."""
    key = {i: p.guild for i, p in enumerate(s.seats)}
    order = reverse_score_order(s, key)
    return skip_empty_hands(replace(s, phase="defence", order=order, index=0))


def skip_empty_hands(s: State) -> State:
    """A player without a card skips the placement (A-23); after the last, the round ends."""
    while s.index < len(s.order) and not s.seats[s.order[s.index]].hand:
        s = replace(s, index=s.index + 1)
    return s if s.index < len(s.order) else end_round(s)


def defence_options(s: State, seat: int) -> list[mv.PlaceDefenceCard]:
    """§5.5: every card in hand into every empty zone, either of its numbers toward the zone's counter-clockwise
    tower."""
    taken = {z.zone for z in s.zones}
    cards = list(dict.fromkeys(s.seats[seat].hand))
    return [
        mv.PlaceDefenceCard(z.id, c.a, c.b, ccw, c.defence_only)
        for z in board(s).zones
        if z.id not in taken
        for c in cards
        for ccw in dict.fromkeys((c.a, c.b))
    ]


def _defence_ok(s: State, seat: int, a: mv.PlaceDefenceCard) -> bool:
    """Whether ``a`` is one of :func:`defence_options`, decided directly (the hot path of validation)."""
    return (
        a.zone in board(s).zone
        and all(z.zone != a.zone for z in s.zones)
        and Card(a.a, a.b, a.defence_only) in s.seats[seat].hand
        and a.toward_ccw in (a.a, a.b)
    )


def check_defence(s: State, seat: int, a: mv.PlaceDefenceCard) -> list[Violation]:
    """§5.5: a card from your hand into an empty defence zone, one of its numbers facing the ccw tower."""
    if not _defence_ok(s, seat, a):
        return violation(
            "WALLED_CITY_BAD_DEFENCE",
            BAD_DEFENCE(card=f"{a.a}/{a.b}", zone=a.zone),
            "action",
        )
    return []


def apply_defence(s: State, seat: int, a: mv.PlaceDefenceCard) -> State:
    """§5.5: the card goes face down from the hand into the zone; players without a card are skipped (A-23)."""
    hand = list(s.seats[seat].hand)
    hand.remove(next(c for c in hand if (c.a, c.b, c.defence_only) == (a.a, a.b, a.defence_only)))
    s = set_seat(s, seat, hand=tuple(hand))
    card = ZoneCard(a.zone, seat, a.toward_ccw, a.a + a.b - a.toward_ccw)
    s = replace(s, zones=(*s.zones, card), index=s.index + 1)
    return skip_empty_hands(s)


# ---- end of round / game (§4.4, §4.5) -------------------------------------------------------------


def end_round(s: State) -> State:
    if s.round == 1:
        seats = tuple(replace(p, round1_guild=p.guild, guild="", guild_used=False) for p in s.seats)
        return start_alignment(replace(s, seats=seats, round=2))
    zones = tuple(replace(z, revealed=True) for z in s.zones)
    s = replace(s, zones=zones)
    cards = {z.zone: ScoringZoneCard(str(z.owner), z.toward_ccw, z.toward_cw, True) for z in zones}
    awards = scoring.score_towers(board(s), watchmen(s), cards, s.options.tower_second_place)
    lines = [vote_line(who, f"round 2 {a.category} {a.subject}", n, a.detail) for a in awards for who, n in a.points]
    return replace(credit(s, lines), phase="over", turn=None)
