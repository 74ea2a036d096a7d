"""Integrity of a client's state (DESIGN: nothing a client sends may crash the engine).

``check_state`` refuses, with ``StateInvalid`` naming the field and the numbers, every state the rules cannot
reach in a way the engine relies on, and bounds everything a client could inflate:

* every collection by what the components allow: hands by the deck, citizens by the allotment, roads and walls
  by the pieces taken from the reserves, the offer by the guild cards dealt, fences and guild vote lines by the
  guild activations made, the vote ledger by what the votes can produce (measured first, so a padded state is
  refused before anything walks it);
* every number by what a game can produce: reserves, dice faces, survey tiles, card numbers, vote lines, the
  phase order and index, the steps of a turn and the decisions of a guild ability;
* every id by the content: guilds of this game's deck, cards of the deck, factions, and the areas, paths, gaps,
  towers and zones of the board in play.

Each rule is an invariant every legal move keeps, so an accepted state only ever leads to accepted states
(``tests/engines/walled_city/test_integrity.py`` plays random games, changes one field and checks that).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from engines.core.integrity import at_most, fail, require
from engines.core.text import Text
from engines.walled_city import setup
from engines.walled_city.board import BOARDS, NEUTRAL_NOBLES, NEUTRAL_PEASANTS
from engines.walled_city.common import board, competitors, printed
from engines.walled_city.content import CONTENT
from engines.walled_city.fences import check_fence, fenced, halves
from engines.walled_city.guilds import ABILITY, GROCERS, GROCERS_VOTES, W0_ONLY
from engines.walled_city.guilds import options as ability_options
from engines.walled_city.guilds.cards import answering, higher, recipients
from engines.walled_city.guilds.citizens import (
    ARMOURERS_NOBLES,
    BAKERS_NOBLES,
    BAKERS_VOTES,
    BARBERS_NOBLES,
    SADDLERS_LIMIT,
    VINTNERS_PEASANTS,
)
from engines.walled_city.guilds.markers import HABERDASHERS_ATTEMPTS, TILE_SIDES
from engines.walled_city.scoring import PLACE_VALUES
from engines.walled_city.state import NEUTRAL, NO_SEAT, Activation, Options, State, Turn

ROUNDS = (1, 2)
"""§4: the game has two rounds."""
KINDS = ("noble", "peasant")
PLAYING = ("build", "defence", "over")
"""The phases in which every player holds this round's guild (alignment, §5.2, done)."""
CARPENTRY = ("carpenters", GROCERS)
"""§6.3 G13, G2: who can build a fence: the Carpenters, or the Grocers copying them."""
MAX_FENCES = len(ROUNDS) * len(CARPENTRY)
"""Each guild card is held by one player and used once a round (§5.6)."""
FEASTS = ("bakers", GROCERS)
"""§6.3 G14, G2: who can gain the Bakers' votes: the Bakers, or the Grocers copying them."""
GUILD_LINES = 1 + len(FEASTS)
"""Guild vote lines a round can produce: the Grocers' payment to a holder, and two Bakers' gains."""
GUILD_VOTES = {GROCERS: GROCERS_VOTES, "bakers": BAKERS_VOTES}
"""The guilds that give votes (§6.3 G2, G14), and how many each line is worth."""


def check_state(s: State) -> None:
    """Structural consistency of a client's state (§11 invariants 1–5 and 25): sizes first, then the fences,
    guilds, orders, pieces, roads and walls, cards, markers, the vote ledger, the turn and any ability."""
    require(not s.redacted, "A view (ViewState) cannot be played; send the full state.", "redacted")
    require(s.viewer == NO_SEAT, f"Only a view names a viewer (here {s.viewer}); send the full state.", "viewer")
    setup.validate_options(s.options)
    n = s.options.players
    require(len(s.seats) == n, f"{len(s.seats)} seats in a {n}-player game.", "seats")
    require(s.round in ROUNDS, f"The game has rounds {ROUNDS[0]} and {ROUNDS[-1]}, not {s.round}.", "round")
    _check_sizes(s)
    _check_fences(s)
    _check_guilds(s)
    _check_order(s)
    _check_pieces(s)
    _check_spots(s)
    _check_cards(s)
    _check_board(s)
    _check_ledger(s)
    _check_turn(s)


# ---- sizes ----------------------------------------------------------------------------------------------


def _check_sizes(s: State) -> None:
    """§2, §3: no collection holds more than the game's pieces, cards, places and events can fill."""
    b = printed(s)
    n = len(s.seats)
    comps = len(competitors(s))
    cards = sum(_card_stock(s.options).values())
    for i, seat in enumerate(s.seats):
        at_most(len(seat.hand), cards, f"seats[{i}].hand", "cards (all the game's cards)")
    at_most(len(s.fences), MAX_FENCES, "fences", "fences (Carpenters and a Grocers copy, once a round each)")
    areas = len(b.areas) + len(s.fences)  # a fence splits an area in two
    at_most(len(s.paths), len(b.paths), "paths", f"roads (paths of the {b.board} board)")
    at_most(len(s.gaps), len(b.gaps), "gaps", f"walls (gaps of the {b.board} board)")
    at_most(len(s.citizens), (areas + len(b.towers)) * comps, "citizens", "entries (one per place and competitor)")
    at_most(len(s.out_nobles), comps, "out_nobles", "entries (one per competitor)")
    at_most(len(s.dice), len(setup.die_spots(s)), "dice", "faction dice (one per die spot)")
    at_most(len(s.tiles), len(b.survey_areas), "tiles", "survey tiles (one per survey spot)")
    at_most(len(s.zones), len(b.zones), "zones", "defence cards (one per defence zone)")
    at_most(len(s.offer), setup.offer_size(s), "offer", "guild cards (the size of the offer)")
    at_most(len(s.order), n, "order", "seats")
    at_most(len(s.defence_only_left), len(CONTENT.defence_only_cards.cards), "defence_only_left", "cards")
    at_most(len(s.votes), _ledger_cap(s, areas, comps), "votes", "vote lines (all two rounds can produce)")
    act = s.activation
    if act is not None:
        at_most(len(act.chosen), comps + len(KINDS), "activation.chosen", "choices")
        at_most(len(act.items), max(ITEMS.values()), "activation.items", "items (two new areas, or one marker)")
        at_most(len(act.cards), n - 1, "activation.cards", "gifts (one per other player)")
        at_most(len(act.arrived), max(SADDLERS_LIMIT.values()), "activation.arrived", "arrivals")


def _ledger_cap(s: State, areas: int, comps: int) -> int:
    """§7: each round's vote names every competitor at most once per district and faction, the end of the game
    once per tower; each round adds at most ``GUILD_LINES`` guild lines."""
    per_vote = (areas + len(CONTENT.factions.ids)) * comps
    return len(ROUNDS) * (per_vote + GUILD_LINES) + len(printed(s).towers) * comps


# ---- fences and guilds -------------------------------------------------------------------------------------


def _uses(s: State, guilds: tuple[str, ...], round_: int) -> int:
    """How many activations of ``guilds`` round ``round_`` can have seen (§5.6: each player's guild at most
    once a round): round 1's holders once round 2 has begun, this round's holders who have turned their card."""
    if round_ < s.round:
        return sum(1 for p in s.seats if p.round1_guild in guilds)
    if round_ == s.round:
        return sum(1 for p in s.seats if p.guild_used and p.guild in guilds)
    return 0


def _check_fences(s: State) -> None:
    """§6.3 G13: every fence was legal on the board it was built on, only after setup, and by a Carpenters
    activation (the Carpenters' own or a Grocers copy) that has happened and built it: one still choosing where
    its fence goes has built none yet."""
    b = BOARDS[s.options.board]
    require(not s.fences or s.phase not in ("setup", "starting_roads"), "Fences come from play.", "fences")
    act = s.activation
    owing = act is not None and act.guild == "carpenters" and not act.items
    built = sum(_uses(s, CARPENTRY, r) for r in ROUNDS) - owing
    still = " (one more is still choosing where its fence goes)" if owing else ""
    require(
        len(s.fences) <= built,
        f"{len(s.fences)} fences, but only {built} Carpenters activations (or Grocers copies) built one{still}.",
        "fences",
    )
    for i, f in enumerate(s.fences):
        reason = check_fence(fenced(b, s.fences[:i]), f)
        require(reason is None, f"Fence {i + 1}: {reason}", "fences")


def _check_guilds(s: State) -> None:
    """§3.1 G, §3.4, §5.2: every guild named is of this game's deck and in one place at a time (the offer,
    a player, the round-1 discard); after setup those hold exactly the cards the offer was dealt; round-1
    guilds are set aside when round 2 begins; a guild card is turned only in the build phase (§5.6)."""
    deck = set(setup.deck(s))
    for i, p in enumerate(s.seats):
        for name, guild in (("guild", p.guild), ("round1_guild", p.round1_guild)):
            field = f"seats[{i}].{name}"
            require(not guild or guild in deck, f"Seat {i}'s {name} {guild!r} is not in this game's deck.", field)
        require(
            bool(p.round1_guild) == (s.round == 2),
            f"Seat {i}'s round-1 guild is set aside when round 2 begins, and only then (round {s.round}).",
            f"seats[{i}].round1_guild",
        )
        require(
            not p.guild_used or (bool(p.guild) and s.phase in PLAYING),
            f"Seat {i} has turned a guild card outside the build phase (phase {s.phase}).",
            f"seats[{i}].guild_used",
        )
    stray = [g for g in s.offer if g not in deck]
    require(not stray, f"The offer holds {stray[:1]}, not in this game's deck.", "offer")
    named = [*s.offer, *(g for p in s.seats for g in (p.guild, p.round1_guild) if g)]
    twice = sorted({g for g in named if named.count(g) > 1})
    require(not twice, f"Guild {twice[:1]} is in two places at once (offer, players, round-1 discard).", "offer")
    size = setup.offer_size(s)
    require(
        s.phase == "setup" or len(named) == size,
        f"{len(named)} guild cards between the offer and the players, but the offer was dealt {size} (§3.1 G).",
        "offer",
    )


def _check_order(s: State) -> None:
    """§3.1 H, §3.5, §4: the start player is drawn in setup; the starting roads are placed before the first
    alignment; each later phase's order lists every seat once and its index stays within it; the players who
    have chosen in an alignment hold a guild, the others none, and in the build and defence phases all do."""
    n = len(s.seats)
    early = s.phase in ("setup", "starting_roads")
    fixed = s.options.start_player
    require(-1 <= s.start_player < n, f"The start player {s.start_player} is no seat 0..{n - 1}.", "start_player")
    require(s.phase == "setup" or s.start_player >= 0, "The start player is drawn in setup (§3.1 H).", "start_player")
    require(fixed < 0 or s.start_player == fixed, f"The options fix the start player {fixed}.", "start_player")
    total = int(CONTENT.starting_roads[str(n)])
    left = s.starting_roads_left
    if s.phase == "starting_roads":
        require(0 < left <= total, f"{left} starting roads left; {n} players place 1..{total}.", "starting_roads_left")
    else:
        require(left == 0, f"{left} starting roads left outside the starting roads (§3.5).", "starting_roads_left")
    if early:
        require(s.round == 1 and not s.order and s.index == 0, "No phase order before the first alignment.", "order")
        chosen: set[int] = set()
    else:
        require(sorted(s.order) == list(range(n)), f"The order {list(s.order)} must list every seat once.", "order")
        top = n if s.phase == "over" else n - 1  # the last defence card leaves the index past the order
        require(0 <= s.index <= top, f"Index {s.index} is outside the phase order 0..{top}.", "index")
        chosen = set(s.order[: s.index]) if s.phase == "alignment" else set(range(n))
    if s.phase == "defence":  # players without a card are skipped
        placing = s.order[s.index]
        require(bool(s.seats[placing].hand), f"Seat {placing} has no card to place.", f"seats[{placing}].hand")
    for i, p in enumerate(s.seats):
        require(
            bool(p.guild) == (i in chosen),
            f"Seat {i} holds {p.guild or 'no guild'} in the {s.phase} phase; the players who chose: {sorted(chosen)}.",
            f"seats[{i}].guild",
        )


# ---- pieces -----------------------------------------------------------------------------------------------


def _check_pieces(s: State) -> None:
    """§11 invariants 1 and 3: citizens are in places of the board in play, listed once per place and competitor
    (sorted, never empty); per colour, reserve + board + box = the allotment (§3.2, §3.6 for the neutral, which
    only the 2-player game has)."""
    b = board(s)
    who_ok = set(competitors(s))
    allot = CONTENT.allotment(s.options.board, len(s.seats))
    keys = [(p.place, p.who) for p in s.citizens]
    require(keys == sorted(set(keys)), "Citizens are listed once per place and competitor, sorted.", "citizens")
    nobles: Counter[str] = Counter()
    peasants: Counter[str] = Counter()
    for p in s.citizens:
        tower = p.place in b.tower
        placed = p.who in who_ok and (tower or p.place in b.area)
        counts = p.peasants >= 0 and p.nobles >= 0 and p.peasants + p.nobles > 0 and not (tower and p.peasants)
        if not (placed and counts):
            entry = f"{p.peasants} peasants and {p.nobles} nobles of {p.who!r} in {p.place!r}"
            why = "a competitor's, in an area or tower in play, not empty, no peasant in a tower"
            fail(f"Bad citizens entry: {entry} ({why}).", "citizens")
        nobles[p.who] += p.nobles
        peasants[p.who] += p.peasants
    box = [p.who for p in s.out_nobles]
    require(box == sorted(set(box)), "The box lists each competitor's nobles once, sorted.", "out_nobles")
    for p in s.out_nobles:
        if not (p.place == "box" and p.who in who_ok and p.nobles > 0 and not p.peasants):
            fail(f"Bad box entry: {p.nobles} nobles, {p.peasants} peasants of {p.who!r} in {p.place!r}.", "out_nobles")
        nobles[p.who] += p.nobles
    supply = {str(i): (p.peasants, p.nobles, allot.peasants, allot.nobles) for i, p in enumerate(s.seats)}
    if len(s.seats) == 2:
        supply[NEUTRAL] = (s.neutral_peasants, s.neutral_nobles, NEUTRAL_PEASANTS, NEUTRAL_NOBLES)
    else:
        neutral = s.neutral_peasants or s.neutral_nobles
        require(not neutral, "Only a 2-player game has a neutral (§3.6).", "neutral_nobles")
    for who, (free_p, free_n, all_p, all_n) in supply.items():
        if min(free_p, free_n) >= 0 and free_n + nobles[who] == all_n and free_p + peasants[who] == all_p:
            continue
        field = "neutral_nobles" if who == NEUTRAL else f"seats[{who}]"
        fail(
            f"{who}'s citizens are not conserved: {free_p} peasants in reserve + {peasants[who]} on the board "
            f"(of {all_p}), {free_n} nobles in reserve + {nobles[who]} on the board or in the box (of {all_n}).",
            field,
        )


def _check_spots(s: State) -> None:
    """§3.5, §5.3, §5.4, §6.3 G3/G5/G6: roads are on paths of the board (never a fence), walls in its gaps, each
    listed once, stacks of 1 or more; reserves stay within the allotment; every piece on the board was taken
    from a reserve or is a starting road, so stacks never outgrow the pieces built."""
    b = board(s)
    allot = CONTENT.allotment(s.options.board, len(s.seats))
    for i, p in enumerate(s.seats):
        for name, held, most in (("roads", p.roads, allot.roads), ("walls", p.walls, allot.walls)):
            if not 0 <= held <= most:
                fail(f"Seat {i} has {held} {name}, not 0..{most}.", f"seats[{i}].{name}")
    for field, spots, table in (("paths", s.paths, b.path), ("gaps", s.gaps, b.gap)):
        ids = [x.id for x in spots]
        require(len(set(ids)) == len(ids), f"A spot is listed twice in {field}.", field)
        for x in spots:
            if x.id not in table or x.height < 1:
                fail(f"{x.id!r} with a stack of {x.height} is no built {field[:-1]} of the board in play.", field)
    require(not any(b.path[x.id].fence for x in s.paths), "A fence is not a road.", "paths")
    total = int(CONTENT.starting_roads[str(len(s.seats))])
    started = 0 if s.phase == "setup" else total - s.starting_roads_left
    roads = started + sum(allot.roads - p.roads for p in s.seats)
    walls = sum(allot.walls - p.walls for p in s.seats)
    for field, spots, taken in (("paths", s.paths, roads), ("gaps", s.gaps, walls)):
        on = sum(x.height for x in spots)
        message = f"{on} pieces stand in {field}, but only {taken} were built (starting roads and from reserves)."
        require(on <= taken, message, field)


# ---- cards ------------------------------------------------------------------------------------------------


def _card_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a >= b else (b, a)


@lru_cache(maxsize=64)
def _card_stock(options: Options) -> Mapping[tuple[int, int], int]:
    """Every card of the game by its two numbers: one hand per player (§3.2, §3.3) and the defence-only cards
    (§3.7)."""
    one = Counter(_card_key(c.a, c.b) for c in setup.hand_for(options))
    stock = Counter({key: count * options.players for key, count in one.items()})
    stock.update(_card_key(c.a, c.b) for c in setup.defence_only_cards(options))
    return MappingProxyType(dict(stock))


def _check_cards(s: State) -> None:
    """§2.4, §3.2–§3.7, §5.5: hands hold the deck's building cards and at most one defence-only card (3-player
    Borderlands only, one dealt to each player in setup); no card is in the hands, the defence zones and the
    undealt defence-only cards more often than the game has it."""
    deck = {(a, b) for a, b in CONTENT.deck.cards}
    dealt = setup.defence_only_cards(s.options)
    special = {(c.a, c.b) for c in dealt}
    for i, seat in enumerate(s.seats):
        for c in seat.hand:
            if (c.a, c.b) not in (special if c.defence_only else deck):
                what = f"{c.a}/{c.b}{' defence-only' if c.defence_only else ''}"
                fail(f"Seat {i} holds a card {what} this game does not have.", f"seats[{i}].hand")
        extra = sum(1 for c in seat.hand if c.defence_only)
        require(extra <= 1, f"Seat {i} holds {extra} defence-only cards; one is dealt each.", f"seats[{i}].hand")
    left = [(c.a, c.b) for c in s.defence_only_left]
    fine = all(c.defence_only for c in s.defence_only_left) and len(set(left)) == len(left) <= len(special)
    message = f"Undealt defence-only cards {left} are not this game's."
    require(fine and set(left) <= special, message, "defence_only_left")
    if s.phase == "setup":
        given = len(dealt) - len(left)  # dealt in seat order (§3.7)
        for i, seat in enumerate(s.seats):
            has = any(c.defence_only for c in seat.hand)
            if has != (i < given):
                dealt_to = f"seats 0..{given - 1}" if given else "nobody"
                message = f"{given} defence-only cards dealt so far, to {dealt_to} (§3.7); seat {i} holds {int(has)}."
                fail(message, f"seats[{i}].hand")
    else:
        require(not left, "The defence-only cards are dealt in setup (§3.7).", "defence_only_left")
    held = Counter(_card_key(c.a, c.b) for seat in s.seats for c in seat.hand)
    held.update(_card_key(z.toward_ccw, z.toward_cw) for z in s.zones)
    held.update(_card_key(a, b) for a, b in left)
    stock = _card_stock(s.options)
    for (a, b), count in sorted(held.items()):
        owned = stock.get((a, b), 0)
        if count > owned:
            where = "in the hands, defence zones and undealt cards"
            fail(f"{count} cards {a}/{b} {where}; the game has {owned}.", "seats")


# ---- markers and zones ------------------------------------------------------------------------------------


def _check_board(s: State) -> None:
    """§3.1 E–F, §5.0.1, §5.5, §11 invariant 4: the faction dice (at most 4 per faction, values on their faces)
    on the die spots in setup, then in areas and towers with the number in towers fixed; survey tiles (±1) in
    areas, all placed after setup; defence cards in distinct zones of the board, owned by a seat, face up only
    at the end of the game."""
    b = board(s)
    spots = setup.die_spots(s)
    faces = CONTENT.factions.faces
    after_setup = s.phase != "setup"
    require(not after_setup or len(s.dice) == len(spots), f"{len(s.dice)} dice on {len(spots)} die spots.", "dice")
    low, high = min(faces), max(faces)
    for i, d in enumerate(s.dice):
        if d.faction not in CONTENT.factions.ids or not low <= d.value <= high:
            fail(f"Die {i} is {d.faction!r} {d.value}, not a faction die {low}..{high}.", "dice")
    over = {f: n for f, n in setup.remaining_dice(s).items() if n < 0}
    require(not over, f"Faction {sorted(over)} has more than {CONTENT.factions.dice_per_faction} dice.", "dice")
    if not after_setup:
        require(sorted(d.location for d in s.dice) == sorted(spots[: len(s.dice)]), "Dice off their spots.", "dice")
    else:  # Carpenters and Tanners move dice, but the number in towers never changes (§11 invariant 4)
        require(all(d.location in b.area or d.location in b.tower for d in s.dice), "A die is nowhere.", "dice")
        in_towers = sum(1 for d in s.dice if d.location in b.tower)
        fixed = sum(t.die_spots for t in b.towers)
        require(in_towers == fixed, f"{in_towers} dice in towers; the towers hold {fixed}.", "dice")
    surveyed = len(printed(s).survey_areas)
    require(not after_setup or len(s.tiles) == surveyed, f"{len(s.tiles)} of {surveyed} survey tiles.", "tiles")
    for i, t in enumerate(s.tiles):
        if t.value not in TILE_SIDES or t.area not in b.area:
            fail(f"Tile {i} is {t.value} in {t.area!r}, not ±1 in an area.", "tiles")
    zones = [z.zone for z in s.zones]
    require(len(set(zones)) == len(zones) and all(z in b.zone for z in zones), f"Bad zones {zones}.", "zones")
    ended = s.phase == "over"
    for z in s.zones:
        if not 0 <= z.owner < len(s.seats) or z.revealed != ended:
            fail(f"The card in zone {z.zone} has owner {z.owner}; cards are turned at the game's end.", "zones")


# ---- the vote ledger ------------------------------------------------------------------------------------------


def _voted(s: State, round_: int) -> bool:
    """Whether round ``round_``'s vote (§5.7) has happened."""
    return round_ < s.round or (round_ == s.round and s.phase in ("defence", "over"))


class _Worth(NamedTuple):
    """What the vote lines of a state may name and be worth, computed once per check."""

    areas: frozenset[str]
    towers: frozenset[str]
    bounds: dict[str, tuple[int, int]]


def _worth(s: State) -> _Worth:
    """§7.2–§7.4, §6.3 G2, G14: a district's place values ± the survey tiles; a faction at most the value of all its
    dice; a tower at most two card numbers; Grocers and Bakers their votes. A fence may since have split an area
    a district line names."""
    b = board(s)
    most = max(n for card in _card_stock(s.options) for n in card)
    bounds = {
        "district": (min(PLACE_VALUES) - len(s.tiles), max(PLACE_VALUES) + len(s.tiles)),
        "faction": (0, CONTENT.factions.dice_per_faction * max(CONTENT.factions.faces)),
        "tower": (0, 2 * most),
        **{guild: (votes, votes) for guild, votes in GUILD_VOTES.items()},
    }
    return _Worth(frozenset(b.area_ids) | {f.area for f in s.fences}, frozenset(b.tower), bounds)


def _line_error(s: State, worth: _Worth, round_: int, kind: str, subject: str, points: int, who: str) -> str | None:
    """Why a vote line of ``kind`` about ``subject`` in round ``round_`` is none the game produces (§7.2–§7.4,
    §6.3 G2, G14), or ``None``."""
    if kind == "district":
        areas = subject.split("+")
        fine = _voted(s, round_) and len(set(areas)) == len(areas) and worth.areas.issuperset(areas)
    elif kind == "faction":
        fine = _voted(s, round_) and subject in CONTENT.factions.ids
    elif kind == "tower":
        fine = round_ == ROUNDS[-1] and s.phase == "over" and subject in worth.towers
    elif kind == "guild":
        fine = subject in GUILD_VOTES and round_ <= s.round and who != NEUTRAL
        kind = subject
    else:
        return "it is no district, faction, tower or guild line"
    if not fine:
        return f"no such line can exist now (phase {s.phase} of round {s.round})"
    low, high = worth.bounds[kind]
    return None if low <= points <= high else f"such a line is worth {low}..{high}, not {points}"


def _line_limit(s: State, round_: int, what: str) -> int | None:
    """How many lines of ``what`` round ``round_`` can have produced: a district line per area and competitor
    (§7.2), a Grocers payment per Grocers activation, a Bakers gain per Bakers activation or Grocers copy of them
    (§6.3 G2, G14); ``None`` for factions and towers, each named once per competitor anyway."""
    if what == "district":
        return len(board(s).areas) * len(competitors(s))
    if what == GROCERS:
        return _uses(s, (GROCERS,), round_)
    if what == "bakers":
        return _uses(s, FEASTS, round_)
    return None


WORDS_PARAMS = 16
"""The most parameters one text of a vote line's words has (the scoring's messages name at most 7)."""
WORDS_DEPTH = 12
"""The deepest a vote line's words nest texts in texts (a district's explanation nests about 6)."""


def _check_words(text: Text, field: str, depth: int = 0) -> None:
    """A vote line's words (its ``detail``) are a text of bounded size: a few parameters, nested a few deep."""
    require(depth <= WORDS_DEPTH, f"The words nest deeper than {WORDS_DEPTH} texts.", field)
    require(len(text.params) <= WORDS_PARAMS, f"A text with {len(text.params)} parameters.", f"{field}.params")
    for j, p in enumerate(text.params):
        if p.text is not None:
            _check_words(p.text, f"{field}.params[{j}].text", depth + 1)


def _check_ledger(s: State) -> None:
    """§7, §11 invariant 25: every vote line is one the game produces (a district, faction or tower award of a vote
    that has happened, each competitor named once per award; a Grocers payment or Bakers gain of an activation
    that has happened), worth what such a line can be worth; each seat's votes are the sum of its lines."""
    comps = set(competitors(s))
    rounds = {str(r): r for r in ROUNDS}
    worth = _worth(s)
    awards: set[tuple[str, str]] = set()
    per_round: Counter[tuple[int, str]] = Counter()
    totals: Counter[str] = Counter()
    for i, v in enumerate(s.votes):
        if v.detail_text is not None:
            _check_words(v.detail_text, f"votes[{i}].detail_text")
        parts = v.category.split(" ", 3)
        if len(parts) != 4 or parts[0] != "round" or parts[1] not in rounds or v.who not in comps:
            fail(f"Vote line {i} ({v.who!r}, {v.category!r}) is no vote line.", "votes")
        round_, kind, subject = rounds[parts[1]], parts[2], parts[3]
        error = _line_error(s, worth, round_, kind, subject, v.points, v.who)
        if error is not None:
            fail(f"Vote line {i} ({v.category}, {v.points} to {v.who}): {error}.", "votes")
        if kind != "guild":
            require((v.category, v.who) not in awards, f"Vote line {i} repeats an award to {v.who}.", "votes")
            awards.add((v.category, v.who))
        per_round[(round_, subject if kind == "guild" else kind)] += 1
        totals[v.who] += v.points
    for (round_, what), count in sorted(per_round.items()):
        limit = _line_limit(s, round_, what)
        require(limit is None or count <= limit, f"{count} {what} lines in round {round_}; at most {limit}.", "votes")
    for i, p in enumerate(s.seats):
        total = totals[str(i)]
        require(p.votes == total, f"Seat {i} has {p.votes} votes; its lines sum to {total}.", f"seats[{i}].votes")


# ---- the turn and the ability in progress ---------------------------------------------------------------------


def _check_turn(s: State) -> None:
    """§5.3, §5.4, §5.6: a build phase has a turn in progress, of the builder in order; before its build step
    nothing is built or played and the builder still has the round's piece; after it, a card of the deck and a
    spot of the round's kind; nobles are promoted only in round 2's promote step, within the card's numbers."""
    if s.phase != "build":
        require(s.turn is None, "A turn runs only in the build phase.", "turn")
        require(s.activation is None, "Guilds are used only in build turns.", "activation")
        return
    turn = s.turn
    require(turn is not None and s.index < len(s.seats), "A build phase needs a turn in progress.", "turn")
    assert turn is not None
    require(turn.seat == s.order[s.index], f"Seat {turn.seat} is not the builder in order.", "turn.seat")
    p = s.seats[turn.seat]
    if turn.step == "place":
        nothing = not turn.spot and turn.a == turn.b == 0 and turn.promote_left == turn.promoted == 0
        require(nothing, "Nothing is built, played or promoted before the build step.", "turn")
        pieces = p.roads if s.round == 1 else p.walls
        require(pieces > 0, f"Seat {turn.seat} has no piece left for a build turn in round {s.round}.", "turn.seat")
    else:
        _check_built(s, turn)
    _check_activation(s, turn)


def _check_built(s: State, turn: Turn) -> None:
    """After the build step: the card played is a building card (§2.4), the spot one of the round's kind (a
    guild may since have cleared or demolished it), promotions only in round 2 within the card's numbers."""
    deck = {(a, b) for a, b in CONTENT.deck.cards}
    require((turn.a, turn.b) in deck, f"The turn's card {turn.a}/{turn.b} is no building card.", "turn")
    b = board(s)
    kind = "path" if s.round == 1 else "gap"
    fine = turn.spot in b.gap if s.round == 2 else turn.spot in b.path and not b.path[turn.spot].fence
    require(fine, f"The turn's spot {turn.spot!r} is no {kind} of the board in play.", "turn.spot")
    require(s.round == 2 or turn.step != "promote", "Nobles are promoted only in round 2.", "turn.step")
    left, done, most = turn.promote_left, turn.promoted, max(turn.a, turn.b)
    require(min(left, done) >= 0 and left + done <= most, f"{done} promoted + {left} to go > {most}.", "turn")
    require((left > 0) == (turn.step == "promote"), f"{left} promotions owed in step {turn.step}.", "turn")
    require(s.round == 2 or not done, "Nobles are promoted only in round 2.", "turn.promoted")
    require(turn.step != "settle" or not done, "Nobles are promoted after settling.", "turn.promoted")


def _check_activation(s: State, turn: Turn) -> None:
    """§5.6, §6.3: an ability in progress is one the turn's player declared in an open window, with a memory
    its decisions so far can have left, and something still to decide."""
    act = s.activation
    if act is None:
        return
    held = s.seats[turn.seat]
    require(act.seat == turn.seat and act.guild in ABILITY, "The ability is not the builder's.", "activation")
    require(act.guild != "drapers", "The Drapers' ability is resolved when declared.", "activation.guild")
    require(held.guild_used and held.guild in (act.guild, GROCERS), "The guild was not activated.", "activation")
    require(act.via in ("", GROCERS) and (act.via == GROCERS) == (held.guild == GROCERS), "Bad via.", "activation")
    require(act.guild not in W0_ONLY or turn.step == "place", f"{act.guild} act before building.", "activation")
    require(turn.step != "promote" or not turn.promoted, "No ability inside the promote step.", "activation")
    require(act.count >= 0, "Negative decision count.", "activation.count")
    b = board(s)
    names = set(competitors(s)) | set(KINDS)
    require(all(c in names for c in act.chosen), "Bad choices in the ability's memory.", "activation.chosen")
    require(len(set(act.chosen)) == len(act.chosen), "A choice is remembered twice.", "activation.chosen")
    require(NEUTRAL not in act.chosen or len(s.seats) == 2, "There is no neutral.", "activation.chosen")
    require(all(_marker(s, i) or i in b.area for i in act.items), "Bad items in the ability.", "activation.items")
    deck = {(a, b) for a, b in CONTENT.deck.cards}
    require(all((c.a, c.b) in deck and not c.defence_only for c in act.cards), "Bad cards.", "activation.cards")
    require(act.guild == "butchers" or not act.cards, "Only the Butchers give cards.", "activation.cards")
    require(act.guild == "saddlers" or not act.arrived, "Only the Saddlers move citizens.", "activation.arrived")
    most = ITEMS.get(act.guild, 0)
    require(len(act.items) <= most, f"The {act.guild} remember {most} areas or markers.", "activation.items")
    require(act.guild == "haberdashers" or not act.rolling, "Only the Haberdashers re-roll.", "activation.rolling")
    reason = MEMORY[act.guild](s, act)
    require(reason is None, f"The {act.guild} ability's memory: {reason}.", "activation")
    require(bool(ability_options(s)), "The ability has nothing left to decide: it is over.", "activation")


def _marker(s: State, item: str) -> bool:
    """``die:<i>`` or ``tile:<i>`` naming an existing marker."""
    kind, _, index = item.partition(":")
    if kind not in ("die", "tile") or not index.isdigit():
        return False
    return int(index) < len(s.dice if kind == "die" else s.tiles)


# ---- each ability's memory (§6.3) ------------------------------------------------------------------------------

Rule = Callable[[State, Activation], str | None]


def _nothing(s: State, act: Activation) -> str | None:
    """G4 Fishmongers, G5 Goldsmiths, G6 Skinners, G7 Merchant Taylors: one decision ends the ability."""
    return None if act.count == 0 and not act.chosen else "one decision ends it"


def _swap(s: State, act: Activation) -> str | None:
    """G1 Mercers, G17 Painter-Stainers: each decision chooses one other competitor."""
    others = set(competitors(s)) - {str(act.seat)}
    fine = act.count == len(act.chosen) and set(act.chosen) <= others
    return None if fine else f"{act.count} decisions but {len(act.chosen)} other players chosen"


def _salters(s: State, act: Activation) -> str | None:
    """G9 Salters: each decision places one kind of citizen, each kind once."""
    fine = act.count == len(act.chosen) and set(act.chosen) <= set(KINDS)
    return None if fine else f"{act.count} decisions but kinds {list(act.chosen)} placed"


def _ironmongers(s: State, act: Activation) -> str | None:
    """G10 Ironmongers: the competitors are taken in seat order, the neutral last."""
    order = competitors(s)[: act.count]
    return None if act.chosen == order else f"after {act.count} decisions the competitors done are {list(order)}"


def _vintners(s: State, act: Activation) -> str | None:
    """G11 Vintners: up to 3 peasants of the one player named by the first pick."""
    fine = act.count < VINTNERS_PEASANTS and len(act.chosen) == (1 if act.count else 0)
    fine = fine and set(act.chosen) <= set(competitors(s))
    return None if fine else f"{act.count} of {VINTNERS_PEASANTS} peasants, player {list(act.chosen)}"


def _limit(most: int) -> Rule:
    def rule(s: State, act: Activation) -> str | None:
        """A fixed number of decisions, nothing remembered (G14 Bakers 3, G15 Barbers 2, G19 Armourers 2)."""
        return None if act.count < most and not act.chosen else f"{act.count} of at most {most} decisions"

    return rule


def _haberdashers(s: State, act: Activation) -> str | None:
    """G8 Haberdashers (A-15): up to 4 attempts, each a picked marker and then chance's re-roll of it."""
    if not all(_marker(s, i) for i in act.items) or (act.rolling and not act.items):
        return f"{list(act.items)} is no marker to re-roll"
    fine = act.count < HABERDASHERS_ATTEMPTS and not act.chosen
    return None if fine else f"{act.count} of at most {HABERDASHERS_ATTEMPTS} attempts"


def _marker_pair(s: State, act: Activation) -> str | None:
    """G12 Clothworkers, G20 Tanners: the first decision picks the first marker, the second ends it."""
    if not all(_marker(s, i) for i in act.items):
        return f"{list(act.items)} is no marker"
    return None if act.count == len(act.items) and not act.chosen else f"{act.count} decisions, {len(act.items)} picked"


def _carpenters(s: State, act: Activation) -> str | None:
    """G13 Carpenters: the fence first (its halves remembered), then one split per competitor present."""
    if not act.items:
        return None if act.count == 0 and not act.chosen else "nothing happens before the fence"
    if not s.fences or act.items != halves(s.fences[-1].area):
        return f"{list(act.items)} are not the halves of the last fence"
    present = {p.who for p in s.citizens if p.place == act.items[0]}
    if not set(act.chosen) <= present:
        return f"{list(act.chosen)} have no citizens in {act.items[0]} to split"
    splits = act.count - 1 + len(act.chosen)
    return None if act.count >= 1 and splits <= len(competitors(s)) else f"{act.count} decisions"


def _saddlers(s: State, act: Activation) -> str | None:
    """G16 Saddlers (A-13): one kind of citizen, each decision moving one across a path, up to 3 peasants or 2
    nobles; the arrivals remember them."""
    arrivals = [(p.place, p.who) for p in act.arrived]
    moved = sum(p.peasants + p.nobles for p in act.arrived)
    b = board(s)
    fine = len(set(arrivals)) == len(arrivals) and all(
        p.place in b.area and p.who in competitors(s) and min(p.peasants, p.nobles) >= 0 for p in act.arrived
    )
    if not fine or moved != act.count:
        return f"{act.count} decisions but {moved} arrivals"
    if not act.chosen:
        return None if act.count == 0 else "a citizen moved without a kind"
    kind = act.chosen[0]
    if kind not in SADDLERS_LIMIT:
        return f"{kind!r} is no kind of citizen"
    wrong = sum(p.nobles if kind == "peasant" else p.peasants for p in act.arrived)
    fine = len(act.chosen) == 1 and act.count < SADDLERS_LIMIT[kind] and not wrong
    return None if fine else f"{act.count} {kind}s moved of at most {SADDLERS_LIMIT[kind]}"


def _butchers(s: State, act: Activation) -> str | None:
    """G18 Butchers (A-14): a gift to each other player in turn, then each answers; who answers now is fixed
    when the answer falls due."""
    k = len(recipients(s, act))
    if not (act.count < 2 * k and len(act.cards) == min(act.count, k)):
        return f"{act.count} decisions with {len(act.cards)} gifts to {k} players"
    seat = answering(s, act)
    if seat is None:
        return None if not act.chosen else "no answer is due during the gifts"
    due = str(seat if higher(s, act, seat) else act.seat)
    return None if act.chosen == (due,) else f"seat {due} answers the gift now"


ITEMS = {"carpenters": 2, "clothworkers": 1, "tanners": 1, "haberdashers": 1}
"""The abilities that remember areas or markers, and how many."""
MEMORY: dict[str, Rule] = {
    "mercers": _swap,
    "painter_stainers": _swap,
    "fishmongers": _nothing,
    "goldsmiths": _nothing,
    "skinners": _nothing,
    "merchant_taylors": _nothing,
    "haberdashers": _haberdashers,
    "salters": _salters,
    "ironmongers": _ironmongers,
    "vintners": _vintners,
    "clothworkers": _marker_pair,
    "tanners": _marker_pair,
    "carpenters": _carpenters,
    "bakers": _limit(BAKERS_NOBLES),
    "barbers": _limit(BARBERS_NOBLES),
    "saddlers": _saddlers,
    "butchers": _butchers,
    "armourers": _limit(ARMOURERS_NOBLES),
    "drapers": _nothing,
}
"""What each ability may remember after its decisions so far (§6.3 G1–G20; Grocers run the copied one)."""
