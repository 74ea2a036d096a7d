"""A whole state dealt from one seat's view (``engines.core.game.Game.redeal``), for the searching bots.

A view (§8) hides the other players' hands, their Lord Mayor cards until the game is over (R-SETUP-11,
§6.6), the Lord Mayor cards another player is choosing among and the secret setup keep, the action deck, the
Lord Mayor deck with the cards put under it, the tile supply and the token bag; every size stays public.

The hidden piles are unordered (sorted multisets, drawn from at random) except the cards put under the Lord
Mayor deck, which are drawn in the order they went under. So:

* the tile supply and the token bag are exactly what the city, the players and the removed tokens do not
  hold (§11 invariants 6, 7, 9): the view determines them;
* the action cards nobody sees (everything but the seat's hand, the discard pile and the cards in play) are
  dealt to the other hands at their sizes, the rest making the deck;
* the Lord Mayor cards the seat has not seen are dealt to the other players' kept cards and offers, under
  the deck in a random order, and the rest make the deck; a player's secret setup keep is drawn from its
  own offer, at the size the view shows.

A view holds no history: which cards a player bought or was dealt earlier is not kept, so hidden cards are
dealt uniformly from all unseen cards.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from engines.core.items import HIDDEN
from engines.core.redeal import cut, fresh_generator, shuffled, unseen
from engines.core.rng import Rng
from engines.guilds_of_london import setup
from engines.guilds_of_london.integrity import ACTION_CARDS, LORD_MAYOR_CARDS, TOKENS
from engines.guilds_of_london.state import NO_SEAT, State


def _hidden(cards: tuple[str, ...]) -> bool:
    """Whether the view shows this pile as hidden marks (an empty pile hides nothing)."""
    return bool(cards) and all(card == HIDDEN for card in cards)


def tiles(view: State) -> tuple[str, ...]:
    """R-SETUP (§11 invariant 9): the tile supply is every tile of the player count not in the city."""
    left = Counter(setup.tiles_in_game(view.options.players))
    left.subtract(placed.tile for placed in view.city)
    return tuple(sorted(left.elements()))


def tokens(view: State) -> tuple[str, ...]:
    """§11 invariant 7: the token bag is every second-place token not on a tile, taken or removed."""
    left = TOKENS.copy()
    left.subtract([placed.token for placed in view.city if placed.token])
    left.subtract(token for p in view.players for token in p.tokens)
    left.subtract(view.tokens_removed)
    return tuple(sorted(left.elements()))


def action_cards(view: State, seat: int, rng: Rng) -> tuple[list[tuple[str, ...]], tuple[str, ...], Rng]:
    """§8: the other players' hands (sizes kept) and the deck, dealt from the action cards the seat cannot see."""
    seen = [*view.players[seat].hand, *view.discard, *view.in_play]
    pool, rng = shuffled(unseen(ACTION_CARDS.elements(), seen), rng)
    sizes = [0 if k == seat else len(p.hand) for k, p in enumerate(view.players)]
    parts, deck = cut(pool, sizes)
    hands = [view.players[seat].hand if k == seat else tuple(sorted(part)) for k, part in enumerate(parts)]
    return hands, tuple(sorted(deck)), rng


def lord_mayor_cards(view: State, seat: int, rng: Rng) -> tuple[State, Rng]:
    """R-SETUP-11, §5.3, §6.6: the other players' kept cards and offers, the cards under the deck (in a random
    order) and the deck, dealt from the Lord Mayor cards the seat has not seen; each secret keep from its
    player's own offer."""
    mine = view.players[seat]
    seen = [*mine.lm_cards, *mine.lm_offer]
    seen += [card for k, p in enumerate(view.players) if k != seat and not _hidden(p.lm_cards) for card in p.lm_cards]
    pool, rng = shuffled(unseen(LORD_MAYOR_CARDS.elements(), seen), rng)
    others = [k for k in range(len(view.players)) if k != seat]
    kept = [len(view.players[k].lm_cards) if _hidden(view.players[k].lm_cards) else 0 for k in others]
    offers = [len(view.players[k].lm_offer) for k in others]
    parts, rest = cut(pool, [*kept, *offers, len(view.lm_bottom)])
    players = list(view.players)
    for i, k in enumerate(others):
        p = players[k]
        lm_cards = tuple(sorted(parts[i])) if _hidden(p.lm_cards) else p.lm_cards
        offer = tuple(sorted(parts[len(others) + i]))
        choice, rng = _keep(offer, len(p.lm_choice), rng)
        players[k] = replace(p, lm_cards=lm_cards, lm_offer=offer, lm_choice=choice)
    bottom = tuple(parts[-1])
    return replace(view, players=tuple(players), lm_bottom=bottom, lm_deck=tuple(sorted(rest))), rng


def _keep(offer: tuple[str, ...], size: int, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """R-SETUP-11: a secret keep of ``size`` cards, chosen at random from the player's own offer."""
    chosen, rng = shuffled(offer, rng)
    return tuple(sorted(chosen[:size])), rng


def redeal(view: State, seat: int, rng: Rng) -> State:
    """The state ``seat`` cannot tell from the real one: what its view hides dealt anew from what remains
    possible, with a fresh generator (a seeded state)."""
    hands, deck, rng = action_cards(view, seat, rng)
    players = tuple(replace(p, hand=hand) for p, hand in zip(view.players, hands, strict=True))
    state = replace(view, players=players, deck=deck, tile_supply=tiles(view), token_bag=tokens(view))
    state, rng = lord_mayor_cards(state, seat, rng)
    generator, rng = fresh_generator(rng)
    return replace(state, external_chance=False, rng=generator, redacted=False, viewer=NO_SEAT)
