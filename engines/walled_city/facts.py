"""Public facts derived from a state, so a client can draw the board without a copy of the rules (§5.0.2
districts, §7.2 who leads each): everything here is computed from what every seat sees."""

from __future__ import annotations

from typing import Any

from engines.walled_city.common import area_citizens, board, spot_states
from engines.walled_city.districts import citizens_in, districts, survey_modifier
from engines.walled_city.scoring import PLACE_VALUES, score_district
from engines.walled_city.state import State


def facts(s: State) -> dict[str, Any]:
    """The districts of the board in play (fences applied), each with its areas, the citizens of each
    competitor, its place values (with the survey tiles), and how it would vote now (§7.2), in board order."""
    citizens = area_citizens(s)
    out = []
    for d in districts(board(s), spot_states(s.paths)):
        counts = citizens_in(d.areas, citizens)
        mod = survey_modifier(d.areas, s.tiles)
        award = score_district(d.label, counts, mod, s.options.split_rounding)
        out.append(
            {
                "areas": list(d.areas),
                "citizens": {who: {"peasants": c.peasants, "nobles": c.nobles} for who, c in counts.items()},
                "place_values": [v + mod for v in PLACE_VALUES],
                "votes_now": dict(award.points),
                "leaders": _leaders(award.points),
                "explanation": award.detail.english,
            }
        )
    return {"districts": out}


def _leaders(points: tuple[tuple[str, int], ...]) -> list[str]:
    """The competitors with the most votes in a district (several when they tie), none when empty."""
    best = max((votes for _, votes in points), default=None)
    return [] if best is None else sorted(who for who, votes in points if votes == best)
