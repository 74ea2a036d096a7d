"""Setup (§3): options, the starting state and its chance events, the secret Lord Mayor keep, round 1.

``new_game`` lays out what needs no chance (the Guildhall's liverymen, the supplies, St Lawrence Jewry
east of the Guildhall) and queues every chance event of setup in the rulebook's order (R-SETUP-1..11):
the starting order, the plantation side (option ``random``), a tile for every drawn cell, a token for
every tile, the hands and the Lord Mayor cards. The beadle follows the tiles (R-SETUP-3); the keep is
simultaneous and secret (R-SETUP-11).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.core.engine import convert_options
from engines.core.errors import StateInvalid, Violation, violation
from engines.core.items import add_sorted, remove_one
from engines.core.rng import Rng
from engines.core.text import Message
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.city import Cell, reading_order
from engines.guilds_of_london.common import CONTENT, set_player, tracks
from engines.guilds_of_london.content import Tracks
from engines.guilds_of_london.growth import beadle_target
from engines.guilds_of_london.order import turn_order
from engines.guilds_of_london.state import (
    CityTile,
    DrawCard,
    DrawLordMayor,
    DrawOrder,
    DrawSide,
    DrawTile,
    DrawToken,
    Options,
    Player,
    Pool,
    State,
    Step,
)

PLAYERS = range(2, 5)
"""§1: 2–4 players (the one place the player counts are stated; ``GameInfo`` and the checks read it)."""

OPTION_DOCS: dict[str, Message] = {
    "plantation_side": Message(
        "guilds_of_london.option.plantation_side",
        "Which side of the plantation tile is used: drawn at random (random), or always the Ulster side "
        "(ULSTER) or the Virginia side (VIRGINIA).",
    ),
    "negotiation_own_colour": Message(
        "guilds_of_london.option.negotiation_own_colour",
        "In a negotiation a player may also swap their own liverymen for neutral pawns, not only other "
        "players' liverymen.",
    ),
    "tiebreak_adjacent_masters": Message(
        "guilds_of_london.option.tiebreak_adjacent_masters",
        "How a tie for first place on a tile is broken: each tied player adds 1 for every master of "
        "theirs on a neighbouring tile (the default), or just 1 for having any such master (any).",
    ),
    "setup_special_west_of_guildhall": Message(
        "guilds_of_london.option.setup_special_west_of_guildhall",
        "With 3 or 4 players, the tile west of the Guildhall at the start is always one of the special buildings.",
    ),
    "neutral_return": Message(
        "guilds_of_london.option.neutral_return",
        "Where the neutral pawns used in a negotiation go afterwards: back to the pool for later use "
        "(pool), or out of the game (removed).",
    ),
}
"""Each option in players' words (the rulings behind them: A-28, A-08, A-34, A-01, A-09 in the docs)."""


def make_options(players: int, overrides: dict[str, Any]) -> Options:
    """§1, §10: options for 2–4 players with named overrides, the rulings that are options (strings are parsed)."""
    options = convert_options(Options, "Guilds of London", players, overrides, PLAYERS)
    validate_options(options)
    return options


def validate_options(o: Options) -> None:
    """The player count, and A-01 only where the city has a west cell to fill (3–4 players, §3.3)."""
    if o.players not in PLAYERS:
        raise StateInvalid(f"Guilds of London is for 2 to 4 players, not {o.players}.", "options.players")
    if o.setup_special_west_of_guildhall and west_cell(CONTENT.tracks_for(o.players)) is None:
        message = f"setup_special_west_of_guildhall (A-01) needs the 3–4-player city, not {o.players} players."
        raise StateInvalid(message, "options.setup_special_west_of_guildhall")


def west_cell(t: Tracks) -> Cell | None:
    """A-01: the drawn cell just west of the Guildhall, if the starting city draws one there (§3.3)."""
    layout = t.layout
    if layout.special_cells or not layout.guildhall:
        return None
    row, col = min(layout.guildhall, key=lambda cell: (cell[1], cell[0]))
    west = (row, col - 1)
    return west if west in layout.drawn else None


def _fixed_tiles(t: Tracks, players: int) -> list[CityTile]:
    """R-SETUP-12: the special buildings with a fixed start cell (St Lawrence Jewry east of the Guildhall)."""
    out = []
    for building in CONTENT.special_buildings:
        where = building.fixed_start_position
        if where is not None and where in t.layout.fixed:
            row, col = t.layout.fixed[where]
            out.append(CityTile(row=row, col=col, tile=building.id, liverymen=(0,) * players))
    return out


def _tile_supply(t: Tracks, fixed: list[CityTile]) -> tuple[str, ...]:
    """R-SETUP-12, R-SETUP-13: the face-down tile supply. 3–4 players: the guild tiles and the special
    buildings without a fixed cell; 2 players: the guild tiles and the buildings used with 2 (Gog & Magog
    stays in the box)."""
    placed = {c.tile for c in fixed}
    specials = [b.id for b in CONTENT.special_buildings if b.id not in placed]
    if t.layout.special_cells:
        specials = [b.id for b in CONTENT.special_buildings if b.used_in_2p and b.id not in placed]
    return tuple(sorted([g.id for g in CONTENT.guild_tiles] + specials))


def tiles_in_game(players: int) -> tuple[str, ...]:
    """§3.5, invariant 8: every tile of a game of ``players`` (city and supply together), sorted."""
    t = CONTENT.tracks_for(players)
    fixed = _fixed_tiles(t, players)
    return tuple(sorted((*_tile_supply(t, fixed), *(c.tile for c in fixed))))


def _tile_draws(o: Options, t: Tracks) -> list[DrawTile]:
    """R-SETUP-12/13, A-01, A-04: one draw per empty cell, in placement order."""
    layout = t.layout
    draws = [DrawTile(row, col, "special") for row, col in layout.special_cells]
    west = west_cell(t) if o.setup_special_west_of_guildhall else None
    rest: Pool = "guild" if layout.special_cells else "any"
    draws += [DrawTile(row, col, "special" if (row, col) == west else rest) for row, col in layout.drawn]
    return draws


def _setup_queue(o: Options, t: Tracks) -> tuple[Step, ...]:
    """R-SETUP-1..11 in order: the starting order, the plantation side, the city, its tokens (in reading
    order), the hands, the Lord Mayor cards."""
    layout = t.layout
    steps: list[Step] = [DrawOrder()]
    if o.plantation_side == "random":
        steps.append(DrawSide())
    steps += _tile_draws(o, t)
    cells = reading_order([*layout.fixed.values(), *layout.special_cells, *layout.drawn])
    steps += [DrawToken(row, col) for row, col in cells]
    steps += [DrawCard(seat, t.hand_size) for seat in range(o.players)]
    steps += [DrawLordMayor(seat, t.lm_dealt) for seat in range(o.players)]
    return tuple(steps)


def new_game(options: Options, seed: int | None) -> State:
    """§3.2: 4 liverymen of each colour on the Guildhall, 12 in the supply (R-SETUP-10), 2 neutral pawns per
    player in the pool (R-SETUP-9), the shuffled action and Lord Mayor decks, then the chance events."""
    validate_options(options)
    n = options.players
    t = CONTENT.tracks_for(n)
    fixed = _fixed_tiles(t, n)
    return State(
        options=options,
        players=tuple(Player() for _ in range(n)),
        guildhall=(t.liverymen_on_guildhall,) * n,
        supply=(t.liverymen_per_colour - t.liverymen_on_guildhall,) * n,
        plantation=(0,) * n,
        neutral_pool=t.neutral,
        city=tuple(fixed),
        plantation_side="" if options.plantation_side == "random" else options.plantation_side,
        tile_supply=_tile_supply(t, fixed),
        token_bag=tuple(sorted(CONTENT.token_bag)),
        deck=tuple(sorted(CONTENT.deck)),
        lm_deck=tuple(sorted(c.id for c in CONTENT.lord_mayor_cards)),
        queue=_setup_queue(options, t),
        rng=None if seed is None else Rng.seeded(seed),
        external_chance=seed is None,
    )


# ---- R-SETUP-11: the secret keep ---------------------------------------------------------------------------


def keep_seats(s: State) -> tuple[int, ...]:
    """R-SETUP-11: the seats still choosing which Lord Mayor cards to keep (simultaneously)."""
    kept = tracks(s).lm_kept
    return tuple(
        seat for seat, p in enumerate(s.players) if len(p.lm_choice) < kept and len(p.lm_offer) > len(p.lm_choice)
    )


def keep_options(s: State, seat: int) -> list[mv.KeepLordMayor]:
    """R-SETUP-11 (§3.2 step 11): any card dealt and not chosen yet (each card type once)."""
    left = list(s.players[seat].lm_offer)
    for card in s.players[seat].lm_choice:
        left.remove(card)
    return [mv.KeepLordMayor(card) for card in sorted(set(left))]


NOT_DEALT = Message(
    "guilds_of_london.refusal.not_dealt",
    "That Lord Mayor card is not among those dealt to you ({n} different ones are left to keep).",
)


def check_keep(s: State, seat: int, a: mv.KeepLordMayor) -> list[Violation]:
    """R-SETUP-11 (§3.2 step 11): the card kept is one of the player's dealt cards not chosen yet."""
    left = keep_options(s, seat)
    if mv.KeepLordMayor(a.card) in left:
        return []
    message = NOT_DEALT(n=len(left))
    return violation("GUILDS_OF_LONDON_NOT_OFFERED", message, "action.card")


def apply_keep(s: State, seat: int, a: mv.KeepLordMayor) -> State:
    """R-SETUP-11 (§3.2 step 11): the choice is made secretly; it takes effect once every player has chosen."""
    return set_player(s, seat, lm_choice=add_sorted(s.players[seat].lm_choice, a.card))


def resolve_keep(s: State) -> State:
    """R-SETUP-11: every player keeps the chosen cards; the others go back into the deck, which is shuffled
    (the unseen part is unordered, so they simply join it)."""
    returned: list[str] = []
    for seat, p in enumerate(s.players):
        offer = p.lm_offer
        for card in p.lm_choice:
            offer = remove_one(offer, card)
        returned += offer
        s = set_player(s, seat, lm_cards=add_sorted(p.lm_cards, *p.lm_choice), lm_offer=(), lm_choice=())
    return replace(s, lm_deck=add_sorted(s.lm_deck, *returned))


def end_deal(s: State) -> State:
    """R-SETUP-3: with the city laid out, the beadle goes to the lowest-numbered guild tile; then the keep."""
    return replace(s, beadle=beadle_target(s), stage="keep")


def start_play(s: State) -> State:
    """§4.1: round 1 begins with the players' turns in the starting order."""
    return replace(s, stage="turns", round=1, order=turn_order(s), turn_index=0, turn=None)
