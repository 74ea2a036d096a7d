"""Hidden information (§8): what one seat, or a spectator, may see of a state.

Hidden ids become ``"?"`` so a view keeps the state's shape (every size stays public): other players'
hands, everybody else's Lord Mayor cards until the game is over (R-SETUP-11, §6.6; their number is
public, the first tie-break), the cards another player is choosing among and the secret setup keep,
the action deck, the Lord Mayor deck (the cards put under it too), the tile supply and the token bag.
The discard pile, cards in play, tiles, tokens on tiles and taken, figures and VP are public. A view
never carries the generator.
"""

from __future__ import annotations

from msgspec.structs import replace

from engines.core.items import hide
from engines.guilds_of_london.state import NO_SEAT, Player, State


def _player_view(p: Player, seat: int, viewer: int, over: bool) -> Player:
    """Another player's hand and pending Lord Mayor choice stay hidden; their kept cards until the end."""
    if seat == viewer:
        return p
    return replace(
        p,
        hand=hide(p.hand),
        lm_cards=p.lm_cards if over else hide(p.lm_cards),
        lm_offer=hide(p.lm_offer),
        lm_choice=hide(p.lm_choice),
    )


def view(s: State, viewer: int | None) -> State:
    """The state as ``viewer`` may see it (``None``: a spectator, who sees nothing private)."""
    v = NO_SEAT if viewer is None else viewer
    over = s.stage == "over"
    return replace(
        s,
        players=tuple(_player_view(p, seat, v, over) for seat, p in enumerate(s.players)),
        deck=hide(s.deck),
        lm_deck=hide(s.lm_deck),
        lm_bottom=hide(s.lm_bottom),
        tile_supply=hide(s.tile_supply),
        token_bag=hide(s.token_bag),
        rng=None,
        redacted=True,
        viewer=v,
    )
