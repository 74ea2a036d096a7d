"""Hidden information (§8): hands and face-down defence cards are private to their owners."""

from __future__ import annotations

from msgspec.structs import replace

from engines.walled_city.state import NO_SEAT, Card, State

_HIDDEN = Card(0, 0)


def view(s: State, viewer: int | None) -> State:
    """What ``viewer`` (``None``: a spectator) may see; the PRNG state never leaves."""
    v = NO_SEAT if viewer is None else viewer
    seats = tuple(p if i == v else replace(p, hand=(_HIDDEN,) * len(p.hand)) for i, p in enumerate(s.seats))
    zones = tuple(z if z.revealed or z.owner == v else replace(z, toward_ccw=0, toward_cw=0) for z in s.zones)
    undealt = (_HIDDEN,) * len(s.defence_only_left)  # the deal of §3.7 is secret
    return replace(s, seats=seats, zones=zones, defence_only_left=undealt, rng=None, redacted=True, viewer=v)
