"""Victory points and turn order (§4.2).

Every player's VP marker carries a ``stamp``: the value of a global counter taken when the marker
last moved (R-VP-2). A marker arriving on a space lands on top of the markers already there, which
is exactly "the highest stamp among equal VP". A marker that does not move (0 VP) keeps its stamp.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.guilds_of_london.common import set_player
from engines.guilds_of_london.state import Ledger, State


def turn_order(s: State) -> tuple[int, ...]:
    """R-ORDER-1, R-ORDER-2: seats by VP, most first; equal VP: the marker higher in the stack first."""
    players = s.players
    return tuple(sorted(range(len(players)), key=lambda seat: (-players[seat].vp, -players[seat].stamp)))


def starting_stamps(s: State, order: tuple[int, ...]) -> State:
    """R-SETUP-6, A-02: everybody at 0 VP, the random starting order as the stack (first player on top)."""
    n = len(order)
    for place, seat in enumerate(order):
        s = set_player(s, seat, stamp=n - place)
    return replace(s, next_stamp=n + 1)


def record(ledger: tuple[Ledger, ...], category: str, detail: str, points: int) -> tuple[Ledger, ...]:
    """The ledger with ``points`` added to its line for (``category``, ``detail``), a new line if none."""
    for i, line in enumerate(ledger):
        if line.category == category and line.detail == detail:
            return (*ledger[:i], replace(line, points=line.points + points), *ledger[i + 1 :])
    return (*ledger, Ledger(category, detail, points))


def gain(s: State, seat: int, points: int, category: str, detail: str) -> State:
    """R-VP-1, R-VP-2: ``seat`` gains ``points`` VP, written to its ledger; a marker that moves lands on top
    of its new space (the next stamp). Gaining nothing moves nothing."""
    if points <= 0:
        return s
    p = s.players[seat]
    s = set_player(s, seat, vp=p.vp + points, stamp=s.next_stamp, ledger=record(p.ledger, category, detail, points))
    return replace(s, next_stamp=s.next_stamp + 1)
