"""Hidden information (§9): what one seat, or a spectator, may see of a state.

Hidden ids become ``"?"`` so a view keeps the state's shape (every size stays public): other players'
hands; every draw pile (its order and contents are unknown even to its owner); the townsfolk and
manuscripts below the pile tops; the player cards and heroes never laid out; the AI's scheme piles.
Board slots, discard piles, goods, buildings, workers, markers and collected manuscripts are public. A
view never carries the generator.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.items import hide
from engines.viscounts.state import NO_SEAT, Player, State


def _player_view(p: Player, seat: int, viewer: int) -> Player:
    return replace(p, hand=p.hand if seat == viewer else hide(p.hand), draw=hide(p.draw))


def view(s: State, viewer: int | None) -> State:
    """The state as ``viewer`` may see it (``None``: a spectator, who sees nothing private)."""
    v = NO_SEAT if viewer is None else viewer
    return replace(
        s,
        players=tuple(_player_view(p, seat, v) for seat, p in enumerate(s.players)),
        folk_unseen=hide(s.folk_unseen),
        script_unseen=hide(s.script_unseen),
        grey_unseen=hide(s.grey_unseen),
        cards_unseen=(0,) * len(s.cards_unseen),
        heroes_unseen=hide(s.heroes_unseen),
        future_unseen=hide(s.future_unseen),
        rng=None,
        redacted=True,
        viewer=v,
    )
