"""Integrity of a client's Guilds of London state (DESIGN: nothing a client sends may crash the engine).

``check_state`` refuses, with ``StateInvalid`` naming the field and the numbers, every state the rules
cannot reach in a way the engine relies on, and bounds everything a client could inflate:

* sizes first, before anything walks a collection: hands, decks and piles by the 105 action cards, Lord
  Mayor cards by the 21, tiles and tokens by their counts, the ledger by the sources of VP a game has,
  the queue and the turn's triggers by what play can queue (``STEP_CAP``, ``TURN_CAP``);
* ids against the content;
* conservation (§11): every colour's 16 liverymen (1), the neutral pawns (2), the 105 action cards (6),
  the 21 Lord Mayor cards (7), the tiles of this player count (8), the 30 tokens (9);
* the city: distinct cells in reading order, off the Guildhall, one 4-connected city (10); face-down
  tiles hold at most their master (4); the beadle on a face-up guild tile (3);
* VP: each player's VP is the sum of their ledger, the stamps below the next stamp, which grows at most
  one a VP gained (12, 13);
* the stage and the queue fitting together: a turn only in the turn phase, its played cards in front of
  its player, the tile being negotiated or rewarded face up, negotiations and neutral pawns only where a
  negotiation runs, every queued step's seat, count and content reference valid.

Each rule is kept by every legal move (counters the engine could push past a bound are capped by the
engine itself), so an accepted state only ever leads to accepted states.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engines.core.integrity import at_most, fail, require
from engines.guilds_of_london import setup
from engines.guilds_of_london.city import Cell, is_connected, neighbours
from engines.guilds_of_london.common import CONTENT, tile_of, tracks
from engines.guilds_of_london.content import SYMBOLS, Trigger
from engines.guilds_of_london.effects import find_choice, find_list
from engines.guilds_of_london.state import (
    NO_SEAT,
    STEP_CAP,
    TURN_CAP,
    ChoiceStep,
    ChooseLordMayor,
    CityTile,
    DrawCard,
    DrawLordMayor,
    DrawOrder,
    DrawSide,
    DrawTile,
    DrawToken,
    HireStep,
    MoveStep,
    Negotiate,
    NeutralStep,
    PayDiscard,
    PayReturn,
    PlantStep,
    ReturnFromPlantation,
    Run,
    State,
    Step,
)

VP_CAP = 1_000_000
"""No game comes near this many VP (it keeps every total within 32 bits)."""
QUEUE_CAP = 200
"""Setup queues one step per chance event (about 60 at most); play queues a handful at a time."""
PATH_CAP = 8
"""Effect lists nest a few levels at most (``PER``/``TRIGGER``/``CHOICE``)."""
CELL_CAP = 100
"""A city cell's coordinates stay well within this (the city grows by 30 tiles at most)."""
LEDGER_SLACK = 8

ACTION_CARDS = Counter(CONTENT.deck)
LORD_MAYOR_CARDS = Counter(card.id for card in CONTENT.lord_mayor_cards)
TOKENS = Counter(CONTENT.token_bag)


def ledger_cap() -> int:
    """The most ledger lines a player can have: one per tile reward list, card type, token type,
    plantation reward and Lord Mayor card, and one per pair of adjacent masters (two a tile at most)."""
    tiles = len(CONTENT.tile)
    sources = 3 * tiles + len(CONTENT.action_cards) + len(CONTENT.second_place_tokens) + 2 * len(CONTENT.plantation)
    return sources + len(CONTENT.lord_mayor_cards) + 2 * tiles + LEDGER_SLACK


def check_state(s: State) -> None:
    """§11 (the invariants a reachable state keeps): structural consistency of a client's state: sizes, ids,
    conservation, the city, VP, then the stage, the turn and the queue."""
    require(not s.redacted, "A view (ViewState) cannot be played; send the full state.", "redacted")
    require(s.viewer == NO_SEAT, f"Only a view names a viewer (here {s.viewer}); send the full state.", "viewer")
    setup.validate_options(s.options)
    n = s.options.players
    require(len(s.players) == n, f"{len(s.players)} players in a {n}-player game.", "players")
    for name in ("guildhall", "supply", "plantation"):
        require(len(getattr(s, name)) == n, f"{name} must hold one count per seat ({n}).", name)
    _check_sizes(s)
    _check_ids(s)
    _check_cards(s)
    _check_figures(s)
    _check_city(s)
    _check_vp(s)
    _check_progress(s)
    _check_turn(s)
    for i, step in enumerate(s.queue):
        _check_step(s, step, f"queue[{i}]")
    kinds = Counter(type(step) for step in s.queue)
    require(kinds[DrawOrder] <= 1 and kinds[DrawSide] <= 1, "The order and the side are drawn once each.", "queue")


# ---- sizes --------------------------------------------------------------------------------------------------


def _check_sizes(s: State) -> None:
    """Every collection within what the components allow (checked before anything walks them)."""
    cards, lm, tiles, tokens = len(CONTENT.deck), len(LORD_MAYOR_CARDS), len(CONTENT.tile), len(CONTENT.token_bag)
    for name, most in (("deck", cards), ("discard", cards), ("in_play", cards), ("lm_deck", lm), ("lm_bottom", lm)):
        at_most(len(getattr(s, name)), most, name, "cards")
    at_most(len(s.city), tiles, "city", "tiles")
    at_most(len(s.tile_supply), tiles, "tile_supply", "tiles")
    at_most(len(s.token_bag), tokens, "token_bag", "tokens")
    at_most(len(s.tokens_removed), tokens, "tokens_removed", "tokens")
    at_most(len(s.order), len(s.players), "order", "seats")
    at_most(len(s.queue), QUEUE_CAP, "queue", "steps")
    cap = ledger_cap()
    for i, p in enumerate(s.players):
        at_most(len(p.hand), cards, f"players[{i}].hand", "cards")
        for name in ("lm_cards", "lm_offer", "lm_choice"):
            at_most(len(getattr(p, name)), lm, f"players[{i}].{name}", "cards")
        at_most(len(p.tokens), tokens, f"players[{i}].tokens", "tokens")
        at_most(len(p.ledger), cap, f"players[{i}].ledger", "lines")
    for i, placed in enumerate(s.city):
        require(len(placed.liverymen) == len(s.players), "A tile holds one count per seat.", f"city[{i}].liverymen")
    if s.turn is not None:
        at_most(len(s.turn.triggers), TURN_CAP, "turn.triggers", "triggers")


# ---- ids ---------------------------------------------------------------------------------------------------


def _known_ids(items: tuple[str, ...], known: Iterable[str], field: str) -> None:
    """Content ids (the engine keeps its unordered piles sorted, but any order means the same pile)."""
    ids = set(known)
    bad = next((item for item in items if item not in ids), None)
    require(bad is None, f"{field} names {bad!r}, which is not in the content.", field)


def _check_ids(s: State) -> None:
    cards, lm = CONTENT.action_card, LORD_MAYOR_CARDS
    for name in ("deck", "discard"):
        _known_ids(getattr(s, name), cards, name)
    _known_ids(s.lm_deck, lm, "lm_deck")
    _known_ids(s.tile_supply, CONTENT.tile, "tile_supply")
    _known_ids(s.token_bag, CONTENT.token, "token_bag")
    _known_ids(s.tokens_removed, CONTENT.token, "tokens_removed")
    for i, p in enumerate(s.players):
        _known_ids(p.hand, cards, f"players[{i}].hand")
        _known_ids(p.lm_cards, lm, f"players[{i}].lm_cards")
        _known_ids(p.lm_choice, lm, f"players[{i}].lm_choice")
        _known_ids(p.tokens, CONTENT.token, f"players[{i}].tokens")
    side = s.plantation_side
    require(side == "" or side in CONTENT.plantation_side, f"No plantation side {side!r}.", "plantation_side")
    fixed = s.options.plantation_side
    require(side in ("", fixed) or fixed == "random", f"The option fixes the side {fixed}.", "plantation_side")
    require(side != "" or s.stage == "deal", "The plantation side is chosen during setup.", "plantation_side")


# ---- conservation -----------------------------------------------------------------------------------------------


def _same(found: Counter[str], expected: Counter[str], what: str, field: str) -> None:
    """§11: a conserved set of components is complete, each piece once."""
    if found != expected:
        extra = sorted((found - expected).elements())[:3]
        missing = sorted((expected - found).elements())[:3]
        fail(f"The {what} do not add up: extra {extra}, missing {missing}.", field)


def _check_cards(s: State) -> None:
    """§11 invariants 6, 7, 9: every action card, Lord Mayor card and token is somewhere, once."""
    hands = [card for p in s.players for card in p.hand]
    _same(Counter([*s.deck, *s.discard, *s.in_play, *hands]), ACTION_CARDS, "action cards", "deck")
    held = [card for p in s.players for card in (*p.lm_cards, *p.lm_offer)]
    _same(Counter([*s.lm_deck, *s.lm_bottom, *held]), LORD_MAYOR_CARDS, "Lord Mayor cards", "lm_deck")
    placed = [t.token for t in s.city if t.token]
    taken = [token for p in s.players for token in p.tokens]
    _same(Counter([*s.token_bag, *placed, *taken, *s.tokens_removed]), TOKENS, "second-place tokens", "token_bag")
    tiles = Counter([*s.tile_supply, *(t.tile for t in s.city)])
    _same(tiles, Counter(setup.tiles_in_game(s.options.players)), "tiles", "tile_supply")
    for i, p in enumerate(s.players):
        left = Counter(p.lm_offer)
        left.subtract(p.lm_choice)
        require(
            min(left.values(), default=0) >= 0, "The keep is chosen from the cards dealt.", f"players[{i}].lm_choice"
        )
        require(len(p.lm_choice) <= tracks(s).lm_kept, "More cards chosen than are kept.", f"players[{i}].lm_choice")


def _check_figures(s: State) -> None:
    """§11 invariants 1, 2: every colour's liverymen and the neutral pawns are all somewhere."""
    t = tracks(s)
    n = len(s.players)
    for seat in range(n):
        parts = [s.supply[seat], s.guildhall[seat], s.plantation[seat]]
        parts += [placed.liverymen[seat] for placed in s.city]
        require(min(parts) >= 0, f"Seat {seat} has a negative count of liverymen somewhere.", "supply")
        masters = sum(1 for placed in s.city if not placed.face_up and placed.master == seat)
        total = sum(parts) + masters
        message = f"Seat {seat} has {total} liverymen in play and supply; a colour has {t.liverymen_per_colour}."
        require(total == t.liverymen_per_colour, message, "supply")
    pawns = [s.neutral_pool, s.plantation_neutral, s.neutral_removed, *(p.neutral for p in s.players)]
    pawns += [placed.neutral for placed in s.city]
    require(min(pawns) >= 0, "A count of neutral pawns is negative.", "neutral_pool")
    message = f"{sum(pawns)} neutral pawns in the game; {n} players use {t.neutral}."
    require(sum(pawns) == t.neutral, message, "neutral_pool")
    removed = s.options.neutral_return == "removed"
    require(removed or s.neutral_removed == 0, "Neutral pawns leave the game only with that option.", "neutral_removed")


# ---- the city ---------------------------------------------------------------------------------------------------


def _check_tile(s: State, i: int, placed: CityTile) -> None:
    """§5.0, invariant 4: a face-down tile holds at most its master; a face-up tile never holds one."""
    field = f"city[{i}]"
    require(abs(placed.row) <= CELL_CAP and abs(placed.col) <= CELL_CAP, "A cell far outside the city.", field)
    require(NO_SEAT <= placed.master < len(s.players), f"No seat {placed.master}.", f"{field}.master")
    if placed.face_up:
        require(placed.master == NO_SEAT, "A face-up tile has no master.", f"{field}.master")
        return
    bare = not any(placed.liverymen) and not placed.token and placed.neutral == 0
    require(bare, "A face-down tile holds nothing but its master.", field)


def starting_cells(s: State) -> list[Cell]:
    """§3.3, §3.4: the cells setup fills (fixed, special and drawn cells of the layout)."""
    layout = tracks(s).layout
    return [*layout.fixed.values(), *layout.special_cells, *layout.drawn]


def _check_city(s: State) -> None:
    """§3.1, invariant 10: distinct cells in reading order, off the Guildhall, one connected city; the beadle
    on a face-up guild tile or off the board (invariant 3, A-07)."""
    guildhall = tracks(s).layout.guildhall
    cells = [(placed.row, placed.col) for placed in s.city]
    for i, placed in enumerate(s.city):
        _check_tile(s, i, placed)
    require(cells == sorted(set(cells)), "The city's tiles are listed once each, in reading order.", "city")
    require(not set(cells) & set(guildhall), "A tile lies on the Guildhall.", "city")
    if s.stage == "deal":
        outside = set(cells) - set(starting_cells(s))
        require(not outside, f"Setup lays tiles only on the starting cells, not {sorted(outside)}.", "city")
    else:
        require(is_connected([*cells, *guildhall]), "The city is not one connected group of cells.", "city")
    if s.beadle:
        found = next((placed for placed in s.city if placed.tile == s.beadle), None)
        ok = found is not None and found.face_up and tile_of(found).kind == "GUILD"
        require(ok, "The beadle stands only on a face-up guild tile of the city.", "beadle")


# ---- VP ------------------------------------------------------------------------------------------------------------


def _check_vp(s: State) -> None:
    """R-VP-1/2: VP are the ledger's sum; stamps come from the counter, which moves one per VP gain."""
    total = 0
    for i, p in enumerate(s.players):
        field = f"players[{i}]"
        points = [line.points for line in p.ledger]
        require(min(points, default=0) >= 0, "A ledger line is negative.", f"{field}.ledger")
        keys = [(line.category, line.detail) for line in p.ledger]
        require(len(set(keys)) == len(keys), "A ledger names each source once.", f"{field}.ledger")
        require(p.vp == sum(points), f"VP {p.vp} but the ledger adds up to {sum(points)}.", f"{field}.vp")
        require(0 <= p.vp <= VP_CAP, f"VP {p.vp} is out of range.", f"{field}.vp")
        require(0 <= p.stamp < s.next_stamp, "A stamp comes before the next stamp.", f"{field}.stamp")
        require(p.neutral >= 0, "Negative neutral pawns.", f"{field}.neutral")
        total += p.vp
    most = len(s.players) + 1 + total
    require(1 <= s.next_stamp <= most, f"next_stamp {s.next_stamp} is more than VP gains allow.", "next_stamp")


# ---- the stage, the turn, the queue ---------------------------------------------------------------------------------


def _check_progress(s: State) -> None:
    """§4.1: the round on the track; the turn order a permutation; the scan, the winner and the neutral
    pawns where the stage puts them."""
    t = tracks(s)
    require(1 <= s.round <= t.last_round, f"Round {s.round} is not on the track (1..{t.last_round}).", "round")
    require(not s.ending or not t.expansion, "Only a city that never grows ends when resolved.", "ending")
    n = len(s.players)
    if s.order or s.stage == "turns":
        require(sorted(s.order) == list(range(n)), "The turn order names every seat once.", "order")
    require(0 <= s.turn_index <= len(s.order), f"turn_index {s.turn_index} is outside the order.", "turn_index")
    require(0 <= s.scan <= len(s.city), f"scan {s.scan} is outside the city.", "scan")
    on_tile = s.stage in ("negotiate", "reward")
    if on_tile:
        require(s.scan < len(s.city) and s.city[s.scan].face_up, "The tile being resolved is face up.", "scan")
    reward = s.reward
    require((reward is not None) == (s.stage == "reward"), "A vote's outcome exists only while rewarding.", "reward")
    if reward is not None:
        second = reward.second
        ok = 0 <= reward.winner < n and second != reward.winner and NO_SEAT <= second < n
        require(ok, "The winner is a seat; the runner-up another seat or nobody.", "reward")
    for i, placed in enumerate(s.city):
        allowed = s.stage == "negotiate" and i == s.scan
        require(placed.neutral == 0 or allowed, "Neutral pawns stand only on a tile being negotiated.", "city")
    require(s.plantation_neutral == 0 or s.stage == "plantation", "Neutral pawns on the plantation.", "plantation")
    if s.stage == "over":
        require(not s.queue, "Nothing is pending once the game is over.", "queue")
    if s.stage in ("deal", "keep"):
        require(s.round == 1 and not s.order, "Setup comes before the first round's turn order.", "stage")
    if s.stage == "keep":
        require(not s.queue, "Nothing is queued while the Lord Mayor cards are kept.", "queue")
    for i, p in enumerate(s.players):
        require(not p.lm_choice or s.stage == "keep", "A setup keep is chosen only then.", f"players[{i}].lm_choice")
    if not s.plantation_side:
        drawn = any(isinstance(step, DrawSide) for step in s.queue)
        require(drawn, "The plantation side is drawn during setup.", "plantation_side")


def _check_turn(s: State) -> None:
    """§4.3: a turn runs only in the turn phase, for the seat of the order it started; its played cards lie
    in front of that player (R-TURN-4); its triggers are "whenever" effects of cards."""
    turn = s.turn
    if turn is None:
        require(not s.in_play, "Cards are in play only during a turn.", "in_play")
        return
    require(s.stage == "turns", "A turn runs only in the players' turn phase.", "turn")
    started = s.turn_index >= 1 and s.order[s.turn_index - 1] == turn.seat
    require(started, "The turn is that of the last seat of the order to start.", "turn.seat")
    require(turn.played == len(s.in_play), "Every card played this turn lies in front of the player.", "turn.played")
    require(0 <= turn.end_draws <= TURN_CAP, "End-of-turn draws out of range.", "turn.end_draws")
    require(abs(turn.draw_modifier) <= TURN_CAP, "The draw change is out of range.", "turn.draw_modifier")
    for i, trigger in enumerate(turn.triggers):
        card = CONTENT.action_card.get(trigger.card)
        ok = card is not None and 0 <= trigger.index < len(card.ability)
        ok = ok and card is not None and isinstance(card.ability[trigger.index], Trigger)
        require(ok, "A trigger names a card's whenever effect.", f"turn.triggers[{i}]")


def _seat(s: State, seat: int, field: str) -> None:
    require(0 <= seat < len(s.players), f"No seat {seat}.", f"{field}.seat")


def _count(value: int, field: str) -> None:
    require(0 <= value <= STEP_CAP, f"{field} is {value}; it must be 0..{STEP_CAP}.", field)


COUNTS: dict[type, tuple[str, ...]] = {
    DrawCard: ("count",),
    DrawLordMayor: ("count",),
    ChooseLordMayor: ("keep",),
    Run: ("index", "repeat"),
    HireStep: ("n",),
    NeutralStep: ("n",),
    MoveStep: ("left",),
    PlantStep: ("left",),
    PayDiscard: ("left",),
    PayReturn: ("left",),
    ReturnFromPlantation: ("n",),
}
"""The counts of each kind of step (each within 0..``STEP_CAP``)."""


def _check_draw_cell(s: State, step: DrawTile, field: str) -> None:
    """§3.3, §3.4: setup fills the starting cells; §4.7.3: a Growth phase fills cells beside the city."""
    cell = (step.row, step.col)
    if s.stage == "deal":
        require(cell in starting_cells(s), f"{cell} is not a starting cell.", field)
        return
    occupied = {(t.row, t.col) for t in s.city} | set(tracks(s).layout.guildhall)
    require(any(other in occupied for other in neighbours(cell)), f"{cell} is not beside the city.", field)


def _check_step(s: State, step: Step, field: str) -> None:
    """A queued step: its seat exists, its counts are in range, its content reference resolves, a tile
    negotiation only while one runs, a plantation negotiation only during the plantation's."""
    if hasattr(step, "seat"):
        _seat(s, step.seat, field)
    for name in COUNTS.get(type(step), ()):
        _count(getattr(step, name), f"{field}.{name}")
    if isinstance(step, DrawOrder):
        require(s.stage == "deal" and s.next_stamp == 1, "The starting order is drawn once, at setup.", field)
    if isinstance(step, DrawSide):
        require(not s.plantation_side, "The plantation side is drawn once, at setup.", field)
    if isinstance(step, DrawTile | DrawToken):
        require(s.stage in ("deal", "expand"), "Tiles and tokens come only at setup and in a Growth phase.", field)
    if isinstance(step, DrawTile):
        _check_draw_cell(s, step, field)
    if isinstance(step, Run):
        require(len(step.ref.path) <= PATH_CAP and find_list(step.ref) is not None, "No such effect list.", field)
    if isinstance(step, ChoiceStep):
        require(len(step.ref.path) <= PATH_CAP and find_choice(step.ref) is not None, "No such choice.", field)
    origins = getattr(step, "origins", ())
    require(len(set(origins)) == len(origins), "Each origin once.", f"{field}.origins")
    if isinstance(step, MoveStep):
        symbols = step.symbols
        ok = len(set(symbols)) == len(symbols) and set(symbols) <= set(SYMBOLS)
        require(ok, "Each symbol once, and only known ones.", f"{field}.symbols")
        for name in ("not_to", "not_from"):
            value = getattr(step, name)
            require(value == "" or value in CONTENT.tile, f"No tile {value!r}.", f"{field}.{name}")
    if isinstance(step, Negotiate):
        stage = "plantation" if step.plantation else "negotiate"
        require(s.stage == stage, f"A negotiation of this kind runs only in the {stage} stage.", field)
