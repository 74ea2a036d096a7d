"""The redeal (§9, ``engines.viscounts.redeal``): what one seat's view hides is dealt from what it leaves
possible, each player's own starting cards and hero with their owner, the AI's Starting Schemes in its draw
pile, every size and every visible piece kept."""

from __future__ import annotations

from collections import Counter

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.rng import Rng
from engines.viscounts import moves as mv
from engines.viscounts.common import CONTENT, ai_board
from engines.viscounts.engine import ENGINE
from engines.viscounts.redeal import _fitted_own
from engines.viscounts.state import EMPTY, State
from tests.engines.setups import new_state
from tests.engines.viscounts.helpers import checked, kind, player, table

SEEDS = range(8)


def _redeals(s: State, seat: int) -> list[State]:
    view = ENGINE.view(s, seat)
    return [ENGINE.redeal(view, seat, Rng.seeded(seed)) for seed in SEEDS]


def test_other_hands_are_dealt_only_from_cards_the_seat_cannot_see() -> None:
    s = checked(table(3))
    visible = Counter(c for c in s.folk_tops if c) + Counter(s.players[0].hand) + Counter(s.folk_removed)
    hands = set()
    for r in _redeals(s, 0):
        ENGINE.check(r)
        assert r.players[0].hand == s.players[0].hand
        for k in (1, 2):
            mine, real = r.players[k], s.players[k]
            assert (len(mine.hand), len(mine.draw)) == (len(real.hand), len(real.draw))
            hidden = Counter((*mine.hand, *mine.draw))
            neutral = [c for c in hidden if c in CONTENT.neutral]
            assert not [c for c in neutral if visible[c]], "a neutral card the seat sees was dealt to a hand"
            own = Counter((*CONTENT.starters, real.hero))
            assert not hidden - own - Counter(neutral), f"seat {k} holds another player's starting card or hero"
            hands.add(mine.hand)
    assert len(hands) > 1, "the other hands are copied, not dealt"


def test_a_destroyed_starting_card_is_dealt_as_one_its_owner_could_have_destroyed() -> None:
    # Seat 1 shows six starting cards and its hero on its discard pile and has one hidden card; one abbot is
    # out of the game. Seat 2's nine hidden cards could hold its abbot, but then seat 1's would need room for
    # both its abbot and its thief: only seat 1 can have destroyed the abbot, so its one hidden card is the
    # thief and seat 2 holds exactly its own nine.
    s = table(3)
    shown = [c for c in CONTENT.starters if c not in ("abbot", "thief")]
    s = checked(player(s, 1, hand=(), draw=("thief",), discard=(*shown, s.players[1].hero)))
    assert s.folk_removed.count("abbot") == 1
    for r in _redeals(s, 0):
        ENGINE.check(r)
        assert r.players[1].draw == ("thief",)
        two = r.players[2]
        assert Counter((*two.hand, *two.draw)) == Counter((*CONTENT.starters, two.hero))


def test_a_fitting_deal_is_found_when_a_player_must_move_a_card_over() -> None:
    # The first abbot fits seat 0, which then has no room for a thief: the abbot moves to seat 1.
    own = [Counter(thief=1, abbot=1), Counter(thief=1, abbot=1)]
    held = _fitted_own(own, Counter(abbot=1), [1, 2])
    assert held == [Counter(thief=1), Counter(thief=1, abbot=1)]


def test_player_card_9_destroys_from_exactly_its_starting_cards() -> None:
    # §3 step 9, player card 9: before the gather the draw pile is the starting cards and the hero, and the
    # destroy offers each of them, so the redealt draw pile is exactly those (no neutral card dealt in).
    s = new_state(ENGINE, 2, start_player=0)
    for _ in range(200):
        if kind(s) == "destroy_step":
            break
        moves = ENGINE.legal_moves(s)
        nine = [m for m in moves if m.action in (mv.PlayerCardDrawn(9),)]
        picks = [m for m in moves if isinstance(m.action, mv.PickPair) and s.pairs[m.action.pair].card == 9]
        s = ENGINE.apply(s, (nine or picks or moves)[0])
    assert kind(s) == "destroy_step"
    seat = ENGINE.pending(s).seats[0]
    assert seat != CHANCE
    real = sorted(msgspec.msgpack.encode(m) for m in ENGINE.legal_moves(s))
    for r in _redeals(s, seat):
        assert r.players[seat].draw == s.players[seat].draw
        assert sorted(msgspec.msgpack.encode(m) for m in ENGINE.legal_moves(r)) == real


def test_the_ai_draw_pile_holds_its_unseen_starting_schemes_and_some_future_schemes() -> None:
    s = checked(table(1, options={"future_schemes": 2}))
    ai = s.players[1]
    removed = set(ai_board().schemes_removed)
    seen = {*ai.discard, *(c for c in ai.slots if c != EMPTY), *removed}
    starting = Counter(c for c in CONTENT.starting_schemes if c not in seen)
    futures = Counter(c for c in CONTENT.future_schemes if c not in seen)
    taken = set()
    for r in _redeals(s, 0):
        ENGINE.check(r)
        draw = Counter(r.players[1].draw)
        assert len(r.players[1].draw) == len(ai.draw) and len(r.future_unseen) == len(s.future_unseen)
        assert draw - starting == draw - Counter(CONTENT.starting_schemes), "a Starting Scheme left the draw pile"
        assert not starting - draw, "an unseen Starting Scheme is missing from the AI's draw pile"
        assert draw - starting + Counter(r.future_unseen) == futures
        taken.add(tuple(sorted((draw - starting).elements())))
    assert len(taken) > 1, "the Future Schemes in the AI's pile are copied, not dealt"


def test_determined_piles_match_the_real_state_and_the_redeal_is_seeded() -> None:
    s = checked(table(2))
    assert s.external_chance
    for r in _redeals(s, 1):
        assert not r.external_chance and r.rng is not None and not r.redacted
        assert (r.script_unseen, r.grey_unseen) == (s.script_unseen, s.grey_unseen)
        assert (r.cards_unseen, r.heroes_unseen) == (s.cards_unseen, s.heroes_unseen)
        assert ENGINE.view(r, 1) == replace(ENGINE.view(s, 1), external_chance=False)
