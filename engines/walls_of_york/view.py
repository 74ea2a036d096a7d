"""Hidden information (§8): only simultaneous commitments are secret until revealed."""

from __future__ import annotations

from msgspec.structs import replace

from engines.walls_of_york.state import NO_SEAT, Player, State, Submission

_HIDDEN = Submission("hidden")


def _player_view(p: Player, seat: int, viewer: int) -> Player:
    if seat == viewer:
        return p
    return replace(
        p,
        submitted=None if p.submitted is None else _HIDDEN,
        selection=(),
        decided=p.decided,
    )


def view(s: State, viewer: int | None) -> State:
    """What ``viewer`` (``None``: a spectator) may see: others' uncommitted choices hidden."""
    v = NO_SEAT if viewer is None else viewer
    players = tuple(_player_view(p, seat, v) for seat, p in enumerate(s.players))
    return replace(s, players=players, rng=None, redacted=True, viewer=v)
