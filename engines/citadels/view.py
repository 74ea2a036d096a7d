"""Hidden information (§9): what one seat, or a spectator, may see of a state.

Hidden card and character ids are replaced by ``"?"`` so a view keeps the state's shape
(hand sizes and deck size stay public, P-18); the PRNG state is always removed.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.citadels.state import (
    NO_SEAT,
    Marker,
    PickCharacter,
    Player,
    State,
    TakeRandomCharacter,
    Turn,
    WizardChoice,
)
from engines.core.items import HIDDEN, hide


def _player_view(s: State, seat: int, viewer: int) -> Player:
    p = s.players[seat]
    if seat == viewer:
        return p
    revealed = {r.character for r in s.revealed if r.seat == seat}
    wizard = s.queue[0] if s.queue and isinstance(s.queue[0], WizardChoice) else None
    hand_visible = wizard is not None and wizard.seat == viewer and wizard.target == seat
    return replace(
        p,
        hand=p.hand if hand_visible else hide(p.hand),
        city=tuple(replace(b, museum=hide(b.museum)) if b.museum else b for b in p.city),
        characters=tuple(c if c in revealed else HIDDEN for c in p.characters),
    )


def _markers(markers: tuple[Marker, ...], owner: int, viewer: int) -> tuple[Marker, ...]:
    """Marker tokens are public; which one is real only its owner knows until revealed. The others see the
    markers in a canonical order (by character): the engine keeps the real one first, so the state's order
    would tell them which it is."""
    if owner == viewer and owner != NO_SEAT:
        return markers
    return tuple(sorted((m if m.revealed else replace(m, real=False) for m in markers), key=lambda m: m.character))


def _turn_view(turn: Turn | None, viewer: int) -> Turn | None:
    if turn is None or turn.seat == viewer:
        return turn
    return replace(turn, drawn=hide(turn.drawn))


def view(s: State, viewer: int | None) -> State:
    """The state as ``viewer`` may see it (``None``: a spectator, who sees nothing private)."""
    v = NO_SEAT if viewer is None else viewer
    picking = s.queue[0] if s.queue and isinstance(s.queue[0], PickCharacter) else None
    sees_pile = picking is not None and picking.seat == v
    sees_first = sees_pile and picking is not None and picking.special
    queue = tuple(replace(q, give=HIDDEN) if isinstance(q, TakeRandomCharacter) and q.seat != v else q for q in s.queue)
    return replace(
        s,
        players=tuple(_player_view(s, seat, v) for seat in range(len(s.players))),
        deck=hide(s.deck),
        deck_bottom=hide(s.deck_bottom),
        character_pile=s.character_pile if sees_pile else hide(s.character_pile),
        facedown=hide(s.facedown),
        first_facedown=s.first_facedown if sees_first or not s.first_facedown else HIDDEN,
        warrants=_markers(s.warrants, s.magistrate_seat, v),
        threats=_markers(s.threats, s.blackmailer_seat, v),
        turn=_turn_view(s.turn, v),
        queue=queue,
        rng=None,
        redacted=True,
        viewer=v,
    )
