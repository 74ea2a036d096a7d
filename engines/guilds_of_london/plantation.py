"""The plantation (§4.7.1, §6.4, §7.4): its negotiation (``plantation`` stage), vote, rewards and returns
(``harvest`` stage).

The plantation is not part of the city: no reading order, no adjacency, never face down. The
negotiation is the tiles' (``resolution.Negotiate`` with ``plantation=True``); the neutral pawns leave
before the vote (R-PLANT-1); there is no master tie-break (R-PLANT-3).
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.guilds_of_london.common import CONTENT, bump
from engines.guilds_of_london.deck import pop, push
from engines.guilds_of_london.negotiation import neutrals_back
from engines.guilds_of_london.order import turn_order
from engines.guilds_of_london.state import EffectRef, Negotiate, ReturnFromPlantation, Run, State, Step, capped


def start_plantation(s: State) -> State:
    """R-PLANT-1, R-ORDER-4: the negotiation on the plantation, in the order of this moment."""
    return push(replace(s, stage="plantation"), *(Negotiate(seat, plantation=True) for seat in turn_order(s)))


def recipients(s: State, counts: tuple[int, ...]) -> list[tuple[int, str]]:
    """R-PLANT-3 (T-PLANT-1..4): the most liverymen takes the left reward and a unique second most the
    right one; alone, only the left; a tie for first gives each tied player the right reward and nobody
    anything else (A-17: in the current turn order); a tie for second gets nothing."""
    present = [seat for seat in turn_order(s) if counts[seat] > 0]
    if not present:
        return []
    best = max(counts[seat] for seat in present)
    first = [seat for seat in present if counts[seat] == best]
    if len(first) > 1:
        return [(seat, "right") for seat in first]
    rest = [seat for seat in present if seat != first[0]]
    out = [(first[0], "left")]
    if rest:
        most = max(counts[seat] for seat in rest)
        second = [seat for seat in rest if counts[seat] == most]
        if len(second) == 1:
            out.append((second[0], "right"))
    return out


def plantation_vote(s: State) -> State:
    """§7.4: the neutral pawns leave first (R-PLANT-1, A-09), then each recipient's reward is applied and
    their returns follow it (R-PLANT-4)."""
    s = neutrals_back(replace(s, plantation_neutral=0), s.plantation_neutral)
    side = CONTENT.plantation_side[s.plantation_side]
    steps: list[Step] = []
    for seat, part in recipients(s, s.plantation):
        reward = side.left if part == "left" else side.right
        steps.append(Run(seat, EffectRef("plantation", side.id, part)))  # type: ignore[arg-type]
        steps.append(ReturnFromPlantation(seat, capped(reward.return_n)))
    return push(replace(s, stage="harvest"), *steps)


def apply_return(s: State, step: ReturnFromPlantation) -> State:
    """§4.7.1 R-PLANT-4 (T-PLANT-5): the number shown, or every liveryman the recipient has there if fewer, goes
    to the common supply; everybody else's stay (they accumulate)."""
    k = max(0, min(step.n, s.plantation[step.seat]))
    s = replace(s, plantation=bump(s.plantation, step.seat, -k), supply=bump(s.supply, step.seat, k))
    return pop(s)
