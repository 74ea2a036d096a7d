"""Tile resolution at the end of a round (§4.4, §4.5, §7.2), as the stages ``scan`` → ``negotiate`` →
``reward`` of the state, and the negotiation shared with the plantation (R-RES-5..7, R-PLANT-1).

The scan walks the city in reading order as it stands (R-RES-2), each tile once (A-18): ``scan`` is the
index reached. A tile triggers when, as the scan reaches it, its liverymen and the beadle reach its
majority (R-RES-3). The negotiation order is recomputed then (R-ORDER-4); each player swaps liverymen
for their own neutral pawns one at a time, or stops; a player with no pawn or nothing to swap is
skipped without a decision. The vote, the rewards and the flip follow (R-RES-8..17).
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.items import add_sorted
from engines.guilds_of_london.city import adjacent_count
from engines.guilds_of_london.common import bump, masters_of, set_player, set_tile, tile_of, tracks
from engines.guilds_of_london.deck import push
from engines.guilds_of_london.growth import after_resolution, all_resolved, beadle_target
from engines.guilds_of_london.negotiation import neutrals_back
from engines.guilds_of_london.order import turn_order
from engines.guilds_of_london.state import NO_SEAT, CityTile, EffectRef, Negotiate, Reward, Run, State


def resolution_round(s: State) -> bool:
    """R-RES-1, A-03: every round with 3–4 players; the rounds of ``tracks.resolution`` with 2."""
    rounds = tracks(s).resolution
    return rounds == "all" or s.round in rounds


def figures(s: State, placed: CityTile) -> int:
    """R-RES-3: every player liveryman on the tile, plus the beadle when it stands there."""
    return sum(placed.liverymen) + (1 if s.beadle == placed.tile else 0)


def triggered(s: State, placed: CityTile) -> bool:
    """R-RES-3: a face-up tile whose figures reach its majority when the scan reaches it."""
    return placed.face_up and figures(s, placed) >= tile_of(placed).majority


def start_scan(s: State) -> State:
    """R-RES-2: the scan starts at the first tile in reading order."""
    return replace(s, stage="scan", scan=0, reward=None)


def scan_next(s: State) -> State:
    """R-RES-2..4, A-18: test the tile the scan reached; a triggered tile goes to negotiation in the order
    of this moment (R-ORDER-4, R-RES-5), any other is passed. After the last tile the round goes on."""
    if s.scan >= len(s.city):
        return after_resolution(s)
    if not triggered(s, s.city[s.scan]):
        return replace(s, scan=s.scan + 1)
    return push(replace(s, stage="negotiate"), *(Negotiate(seat) for seat in turn_order(s)))


# ---- the vote (R-RES-8..12) -----------------------------------------------------------------------------------


def tiebreak_bonus(s: State, placed: CityTile, seat: int) -> int:
    """R-RES-11, A-34: +1 per master of ``seat`` on a tile orthogonally adjacent (``per_master``), or +1 for
    having any (``any``); T-MASTER-1: only masters still standing count."""
    cells = [(t.row, t.col) for t in masters_of(s, seat)]
    found = adjacent_count((placed.row, placed.col), cells)
    return min(found, 1) if s.options.tiebreak_adjacent_masters == "any" else found


def vote_winner(s: State, placed: CityTile) -> int:
    """R-RES-8..11: the strict majority of own liverymen; a tie for first is broken by adjacent masters,
    else nobody wins (nor with nobody present, R-RES-9)."""
    counts = placed.liverymen
    best = max(counts, default=0)
    if best <= 0:
        return NO_SEAT
    tied = [seat for seat, n in enumerate(counts) if n == best]
    if len(tied) == 1:
        return tied[0]
    score = {seat: best + tiebreak_bonus(s, placed, seat) for seat in tied}
    top = max(score.values())
    leaders = [seat for seat in tied if score[seat] == top]
    return leaders[0] if len(leaders) == 1 else NO_SEAT


def runner_up(counts: tuple[int, ...], winner: int) -> int:
    """R-RES-15/16, A-10: the unique most own liverymen among the others (raw counts, at least 1)."""
    others = {seat: n for seat, n in enumerate(counts) if seat != winner and n > 0}
    if not others:
        return NO_SEAT
    best = max(others.values())
    second = [seat for seat, n in others.items() if n == best]
    return second[0] if len(second) == 1 else NO_SEAT


def _second_place(s: State, placed: CityTile, second: int) -> tuple[State, list[Run]]:
    """R-RES-15/16, A-11, A-30: the runner-up takes the token (its effects apply now) and the tile's
    second-place extra; with no runner-up the token leaves the game."""
    token = placed.token
    s = set_tile(s, s.scan, token="")
    if second == NO_SEAT:
        return (replace(s, tokens_removed=add_sorted(s.tokens_removed, token)) if token else s), []
    runs = []
    if token:
        s = set_player(s, second, tokens=add_sorted(s.players[second].tokens, token))
        runs.append(Run(second, EffectRef("token", token, "effects")))
    runs.append(Run(second, EffectRef("tile", placed.tile, "second_place_extra")))
    return s, runs


def vote(s: State) -> State:
    """§7.2: after the negotiation, the neutral pawns leave the tile (R-RES-12); a winner receives the
    resolution bonus and the first-place ability, the runner-up the token and the extra (A-17: the winner
    first); with no winner the tile stays as it is and the scan moves on."""
    placed = s.city[s.scan]
    s = neutrals_back(set_tile(s, s.scan, neutral=0), placed.neutral)
    winner = vote_winner(s, placed)
    if winner == NO_SEAT:
        return replace(s, stage="scan", scan=s.scan + 1)
    second = runner_up(placed.liverymen, winner)
    s, runs = _second_place(s, placed, second)
    bonus = Run(winner, EffectRef("tile", placed.tile, "resolution_bonus"))
    first = Run(winner, EffectRef("tile", placed.tile, "first_place"))
    return push(replace(s, stage="reward", reward=Reward(winner, second)), bonus, first, *runs)


# ---- the flip (R-RES-17) ---------------------------------------------------------------------------------------


def flip(s: State) -> State:
    """R-RES-17: the tile turns face down; the winner's liveryman still on it becomes its master ("if
    possible", T-RES-6); every other figure goes back to the Guildhall; the beadle, if it stood there, goes
    to the lowest-numbered face-up guild tile (A-07). R-RES-19/20 when no face-up tile is left."""
    placed = s.city[s.scan]
    winner = s.reward.winner if s.reward is not None else NO_SEAT
    master = winner if 0 <= winner < len(placed.liverymen) and placed.liverymen[winner] > 0 else NO_SEAT
    back = placed.liverymen if master == NO_SEAT else bump(placed.liverymen, master, -1)
    guildhall = tuple(g + b for g, b in zip(s.guildhall, back, strict=True))
    zeros = (0,) * len(placed.liverymen)
    s = set_tile(s, s.scan, face_up=False, liverymen=zeros, master=master, token="", neutral=0)
    s = replace(s, guildhall=guildhall, stage="scan", scan=s.scan + 1, reward=None)
    if placed.token:
        s = replace(s, tokens_removed=add_sorted(s.tokens_removed, placed.token))
    if s.beadle == placed.tile:
        s = replace(s, beadle=beadle_target(s))
    if not any(t.face_up for t in s.city):
        return all_resolved(s)
    return s
