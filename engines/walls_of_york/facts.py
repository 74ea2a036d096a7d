"""Public facts derived from a view, so a client can draw the play area without a copy of the rules
(§3.3, §3.4 the assembled board, §4.3 the rolled die, §4.4 and §5.2 the committed placements): everything
here is computed from the view alone."""

from __future__ import annotations

from typing import Any

from engines.walls_of_york.board import fields
from engines.walls_of_york.building import rolled_formation, variant_streets
from engines.walls_of_york.content import CONTENT, QUADRANTS
from engines.walls_of_york.state import Player, State

#: The field code of a field whose terrain board is not placed yet.
UNPLACED = ""


def facts(s: State) -> dict[str, Any]:
    """§3.3, §4.3, §4.4: the board in play, the rolled die face, and each seat's status and committed streets (as the
    view shows them: another seat's committed placement stays hidden)."""
    out: dict[str, Any] = {
        "fields": board_fields(s),
        "seats": [{"status": seat_status(s, p), "committed": list(committed_streets(s, p))} for p in s.players],
    }
    if 1 <= s.face <= len(CONTENT.building_die):
        face = CONTENT.building_die[s.face - 1]
        out["rolled"] = {"face": s.face, "formation": face.formation, "coins": face.coins}
    return out


def board_fields(s: State) -> list[str]:
    """§3.3, §3.4: the 64 field codes (index ``c + 8r``) of the play area; ``""`` where no board lies yet."""
    placed = {QUADRANTS[e.quadrant] for e in s.layout}
    codes = fields(s.layout)
    return [codes[f] if (f % 8 // 4 * 4, f // 8 // 4 * 4) in placed else UNPLACED for f in range(64)]


def committed_streets(s: State, p: Player) -> tuple[str, ...]:
    """§4.4, §5.2: the streets of a seat's committed (not yet revealed) placement, if the view shows it."""
    sub = p.submitted
    if sub is None or s.face < 1:
        return ()
    if sub.kind == "single":
        return (sub.edge,)
    if sub.kind == "formation":
        return variant_streets(rolled_formation(s), sub.variant, sub.dx, sub.dy)
    return ()


def seat_status(s: State, p: Player) -> str:
    """§4.4, §6: where a seat stands in the current step, in words."""
    if not p.open:
        return f"closed, city of {len(p.city)} fields"
    if s.step == "place":
        return "placement committed" if p.submitted is not None else "to place"
    if s.step == "lift":
        return f"must lift {p.lift} wall(s)" if p.lift > 0 else "placed"
    if s.step == "close":
        if p.decided:
            return "decided"
        if p.selection:
            return f"choosing a city ({len(p.selection)} fields so far)"
        return "to decide"
    return "open"
