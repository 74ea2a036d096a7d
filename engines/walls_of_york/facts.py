"""Public facts derived from a view, so a client can draw the play area without a copy of the rules
(§3.3, §3.4 the assembled board, §4.3 the rolled die, §4.4 and §5.2 the committed placements): everything
here is computed from the view alone."""

from __future__ import annotations

from typing import Any

from engines.core.text import Message, Text
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


CLOSED = Message("walls_of_york.status.closed", "closed, city of {n} fields", "closed, city of {n} fields")
COMMITTED = Message("walls_of_york.status.committed", "placement committed")
TO_PLACE = Message("walls_of_york.status.to_place", "to place")
MUST_LIFT = Message("walls_of_york.status.must_lift", "must lift {n} wall(s)", "must lift {n} wall(s)")
PLACED = Message("walls_of_york.status.placed", "placed")
DECIDED = Message("walls_of_york.status.decided", "decided")
CHOOSING = Message(
    "walls_of_york.status.choosing", "choosing a city ({n} fields so far)", "choosing a city ({n} fields so far)"
)
TO_DECIDE = Message("walls_of_york.status.to_decide", "to decide")
OPEN = Message("walls_of_york.status.open", "open")


def seat_status(s: State, p: Player) -> str:
    """§4.4, §6: where a seat stands in the current step, in (English) words."""
    return seat_status_text(s, p).english


def seat_status_text(s: State, p: Player) -> Text:
    """§4.4, §6: where a seat stands in the current step, as a text."""
    if not p.open:
        return CLOSED(n=len(p.city))
    if s.step == "place":
        return COMMITTED() if p.submitted is not None else TO_PLACE()
    if s.step == "lift":
        return MUST_LIFT(n=p.lift) if p.lift > 0 else PLACED()
    if s.step == "close":
        if p.decided:
            return DECIDED()
        if p.selection:
            return CHOOSING(n=len(p.selection))
        return TO_DECIDE()
    return OPEN()
