"""Growth and the flow of rounds (§4.1, §4.7): after the resolution, a Growth round resolves the plantation,
checks the end (R-END-1/2), adds tiles (3–4 players, §4.7.3) and moves the beadle (§4.7.4); then the next
round begins. A fully resolved city ends a game whose city never grows (2 players, R-RES-19, A-16) or
jumps to the next Growth space (3–4 players, R-RES-20, A-22).
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.guilds_of_london.city import expansion_cells, lowest_numbered
from engines.guilds_of_london.common import tile_of, tracks
from engines.guilds_of_london.deck import push
from engines.guilds_of_london.order import turn_order
from engines.guilds_of_london.plantation import start_plantation
from engines.guilds_of_london.scoring import final_scoring
from engines.guilds_of_london.state import DrawTile, DrawToken, State


def growth_round(s: State) -> bool:
    """R-GROW-1: the round's space on the track is grey."""
    return s.round in tracks(s).growth


def beadle_target(s: State) -> str:
    """R-SETUP-3, R-RES-17, R-GROW-6, A-07: the face-up guild tile with the lowest guild number, the first
    in reading order among equals; ``""`` (off the board) when there is none."""
    numbers = {}
    for placed in s.city:
        number = tile_of(placed).number
        if placed.face_up and tile_of(placed).kind == "GUILD" and number is not None:
            numbers[(placed.row, placed.col)] = number
    cell = lowest_numbered(numbers)
    return next((t.tile for t in s.city if (t.row, t.col) == cell), "")


def next_round(s: State) -> State:
    """R-ROUND-1, R-ORDER-3: the marker moves on and the turn order is frozen for the turns."""
    return replace(s, round=s.round + 1, stage="turns", order=turn_order(s), turn_index=0, turn=None, scan=0)


def after_resolution(s: State) -> State:
    """R-GROW-1: a Growth round goes on to the plantation; any other round ends here."""
    return start_plantation(s) if growth_round(s) else next_round(s)


def all_resolved(s: State) -> State:
    """R-RES-19 (2 players, A-16): no tile left to resolve in a city that never grows ends the game after
    one more plantation. R-RES-20 (3–4 players, A-22): the marker jumps to the next grey space (this one if
    grey) and its Growth phase follows; the rounds jumped over are not played."""
    t = tracks(s)
    if not t.expansion:
        return start_plantation(replace(s, ending=True))
    grey = min((g for g in t.growth if g >= s.round), default=t.last_round)
    return start_plantation(replace(s, round=grey))


def harvest_done(s: State) -> State:
    """R-GROW-1, R-END-1/2: after the plantation the game ends on the last space (or after an early end);
    otherwise new tiles come (R-GROW-2..5, never in the last Growth phase)."""
    t = tracks(s)
    if s.ending or s.round >= t.last_round:
        return final_scoring(s)
    direction = t.expansion.get(s.round)
    if direction is None or t.layout.compass_rose is None:
        return replace(s, stage="expand")
    occupied = [*t.layout.guildhall, *((placed.row, placed.col) for placed in s.city)]
    cells = expansion_cells(occupied, t.layout.compass_rose, direction, t.tiles_per_expansion)
    draws = [DrawTile(row, col) for row, col in cells]
    tokens = [DrawToken(row, col) for row, col in cells]
    return push(replace(s, stage="expand"), *draws, *tokens)


def expand_done(s: State) -> State:
    """R-GROW-6: after the new tiles the beadle goes to the lowest-numbered face-up guild tile; next round."""
    return next_round(replace(s, beadle=beadle_target(s)))
