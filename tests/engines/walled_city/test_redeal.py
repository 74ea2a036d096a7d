"""The Walled City's redeal (``engines.walled_city.redeal``): what a view hides (§8) is dealt from what the view
leaves possible: each player's own cards (§3.2/§3.3), one defence-only card each in the 3-player Borderlands
game (§3.7), face-down defence cards (§5.5) and the Butchers' gifts (§6.3 G18) consistent with the answer due."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engines.core.engine import CHANCE
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.walled_city import setup
from engines.walled_city.engine import ENGINE
from engines.walled_city.guilds.cards import recipients
from engines.walled_city.redeal import HIDDEN, key, seen, shown_hands, stock
from engines.walled_city.state import Card, State
from engines.walled_city.view import view
from tests.engines.setups import new_state


def _states(players: int, seed: int, **options: str) -> list[State]:
    """Every state of a seeded random game that waits for a player."""
    states: list[State] = []
    start = new_state(ENGINE, players, seed, **options)
    random_playout(ENGINE, start, Rng.seeded(seed), on_move=lambda before, move, after: states.append(after))
    return [s for s in states if ENGINE.pending(s).seats and CHANCE not in ENGINE.pending(s).seats]


def _first(states: list[State], wanted: Callable[[State], bool]) -> State:
    return next(s for s in states if wanted(s))


def _redeals(s: State, seat: int, count: int = 6) -> list[State]:
    return [ENGINE.game.redeal(view(s, seat), seat, Rng.seeded(i)) for i in range(count)]  # type: ignore[misc]


def _keys(cards: tuple[Card, ...]) -> Counter[tuple[int, int]]:
    return Counter(key(c.a, c.b) for c in cards)


def test_before_any_card_is_played_each_opponent_holds_exactly_their_own_cards() -> None:
    """§3.2/§3.3: every player starts with the same cards; before a build nobody has played one, so each
    opponent's dealt hand is exactly those (a pool of all the unseen cards would mix the two opponents')."""
    s = _first(_states(3, 11), lambda s: s.phase == "alignment")
    own = _keys(setup.hand_for(s.options))
    for redealt in _redeals(s, 0):
        ENGINE.check(redealt)
        assert [_keys(redealt.seats[k].hand) for k in (1, 2)] == [own, own]
        assert redealt.seats[0].hand == s.seats[0].hand


def test_a_hidden_hand_keeps_its_size_and_never_shows_more_than_is_unseen() -> None:
    """§8: a dealt hand has the real one's size and only cards the seat has not seen elsewhere."""
    s = _first(_states(3, 12), lambda s: s.phase == "build" and s.round == 2 and len(s.zones) >= 3)
    for seat in range(3):
        v = view(s, seat)
        unseen = stock(s.options) - seen(v, seat, shown_hands(v, seat), {})
        for redealt in _redeals(s, seat):
            hidden: Counter[tuple[int, int]] = Counter()
            for k in range(3):
                assert len(redealt.seats[k].hand) == len(s.seats[k].hand)
                if k != seat:
                    hidden += _keys(redealt.seats[k].hand)
            hidden.update(key(z.toward_ccw, z.toward_cw) for z in redealt.zones if z.owner != seat)
            assert not hidden - unseen, f"seat {seat} was dealt cards it has seen: {hidden - unseen}"


def test_face_down_defence_cards_are_dealt_with_a_facing_of_their_numbers() -> None:
    """§5.5: another player's face-down card is a card of the game, facing one of its numbers toward the
    counter-clockwise tower; the seat's own cards stay as placed; the cards are dealt, not copied."""
    s = _first(_states(4, 13), lambda s: s.round == 2 and s.phase == "build" and len({z.owner for z in s.zones}) == 4)
    deck = {key(a, b) for a, b in setup.CONTENT.deck.cards}
    dealt = set()
    for redealt in _redeals(s, 2, 8):
        for real, z in zip(s.zones, redealt.zones, strict=True):
            assert (z.zone, z.owner, z.revealed) == (real.zone, real.owner, real.revealed)
            if z.owner == 2:
                assert z == real
            else:
                assert key(z.toward_ccw, z.toward_cw) in deck
        dealt.add(tuple(z for z in redealt.zones if z.owner != 2))
    assert len(dealt) > 1


def test_three_player_borderlands_each_opponent_holds_one_defence_only_card() -> None:
    """§3.7: every player is dealt one of the three defence-only cards, which can only leave the hand into a
    defence zone: before any zone is filled each opponent holds exactly one, never the seat's own."""
    s = _first(_states(3, 14, board="borderlands"), lambda s: s.phase == "build" and not s.zones)
    mine = [c for c in s.seats[1].hand if c.defence_only]
    assert len(mine) == 1
    ways = set()
    for redealt in _redeals(s, 1, 8):
        ENGINE.check(redealt)
        theirs = [c for k in (0, 2) for c in redealt.seats[k].hand if c.defence_only]
        assert [sum(c.defence_only for c in redealt.seats[k].hand) for k in (0, 2)] == [1, 1]
        assert sorted(map(repr, [*mine, *theirs])) == sorted(map(repr, setup.defence_only_cards(s.options)))
        ways.add(tuple(theirs))
    assert len(ways) == 2


def _butchers_due(s: State) -> int | None:
    """The recipient whose answer to the Butchers is due, if any."""
    act = s.activation
    if act is None or act.guild != "butchers":
        return None
    k = len(recipients(s, act))
    return recipients(s, act)[act.count - k] if k <= act.count < 2 * k else None


def test_a_hidden_butchers_gift_agrees_with_the_answer_due() -> None:
    """§6.3 G18, A-14: a third player does not see the gift to the recipient now answering, but sees who answers:
    the recipient gives back a higher card (so its gift is lower than its best card) or the Butchers take (so it
    holds nothing higher than its gift); the dealt gift is one of the recipient's cards and agrees with that."""
    checked = {True: 0, False: 0}
    for seed in (9, 10):  # seeded games with Butchers exchanges, the answers given and taken
        for s in _states(4, seed, guild_deck="mixed"):
            x = _butchers_due(s)
            if x is None:
                continue
            act = s.activation
            assert act is not None
            answers = act.chosen == (str(x),)
            viewer = next(k for k in range(4) if k not in (x, act.seat))
            assert view(s, viewer).activation.cards[recipients(s, act).index(x)] == HIDDEN  # type: ignore[union-attr]
            for redealt in _redeals(s, viewer, 3):
                ENGINE.check(redealt)
                assert redealt.activation is not None
                gift = redealt.activation.cards[recipients(s, act).index(x)]
                hand = [c for c in redealt.seats[x].hand if not c.defence_only]
                assert gift in hand
                best = max(c.a + c.b for c in hand)
                assert (gift.a + gift.b < best) == answers
            checked[answers] += 1
    assert checked[True] and checked[False], checked
