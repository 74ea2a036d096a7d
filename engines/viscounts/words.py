"""Viscounts of the West Kingdom in words: a label and a path of choices for every legal move, and the log
lines of a move.

The public line names nothing hidden from another seat: a card drawn into a hand is named only in the
drawer's private line; cards played, discarded, destroyed or hired are face up and named.
"""

from __future__ import annotations

from engines.core.engine import CHANCE
from engines.core.text import LogEntry, MoveLabel, Text, generic_label, seat_name, text
from engines.viscounts import moves as mv
from engines.viscounts.state import DrawCard, State

GAME = "viscounts"


def label(state: State, move: mv.Move, several_seats: bool) -> MoveLabel:
    """The move's label and path, from its kind and fields."""
    return generic_label(move.seat, move.action, several_seats)


def _hidden_draw(before: State, move: mv.Move) -> int:
    """The seat whose hand a chance draw fills (-1 when the draw is public)."""
    head = before.queue[0] if before.queue else None
    if move.seat == CHANCE and isinstance(head, DrawCard) and head.purpose == "hand":
        return head.seat
    return -1


def log(before: State, move: mv.Move, after: State) -> LogEntry:
    """A public line for everyone; a card drawn into a hand is named only in its owner's private line."""
    shown = label(before, move, False).label
    drawer = _hidden_draw(before, move)
    if drawer >= 0:
        public = text(f"{GAME}.log.draw_hidden", "{seat} draws a card.", seat=seat_name(drawer))
        private: Text | None = Text(f"{GAME}.log.draw", shown.params, f"{seat_name(drawer)} draws: {shown.english}")
        return LogEntry(drawer, public, private)
    who = seat_name(move.seat)
    public = Text(f"{GAME}.log.{shown.id}", shown.params, f"{who}: {shown.english}")
    return LogEntry(move.seat, public, None)
