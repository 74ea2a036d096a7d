"""Hidden information (§8): hands and face-down defence cards are private to their owners.

During a Butchers exchange (§6.3 G18) each card given is known only to the giver and its recipient,
and the Butchers see the whole hand of a recipient who has no higher card to give back. Who answers a gift is
public (the activation's ``chosen``), so a view still knows whose decision is pending.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.walled_city.guilds.cards import recipients, taking_from
from engines.walled_city.state import NO_SEAT, Card, State

_HIDDEN = Card(0, 0)


def view(s: State, viewer: int | None) -> State:
    """What ``viewer`` (``None``: a spectator) may see; the PRNG state never leaves."""
    v = NO_SEAT if viewer is None else viewer
    shown = {v, taking_from(s)} if s.activation is not None and s.activation.seat == v else {v}
    seats = tuple(p if i in shown else replace(p, hand=(_HIDDEN,) * len(p.hand)) for i, p in enumerate(s.seats))
    zones = tuple(z if z.revealed or z.owner == v else replace(z, toward_ccw=0, toward_cw=0) for z in s.zones)
    undealt = (_HIDDEN,) * len(s.defence_only_left)  # the deal of §3.7 is secret
    activation = s.activation
    if activation is not None and activation.cards and activation.seat != v:
        to = recipients(s, activation)
        cards = tuple(c if to[i] == v else _HIDDEN for i, c in enumerate(activation.cards))
        activation = replace(activation, cards=cards)
    return replace(
        s,
        seats=seats,
        zones=zones,
        defence_only_left=undealt,
        activation=activation,
        rng=None,
        redacted=True,
        viewer=v,
    )
