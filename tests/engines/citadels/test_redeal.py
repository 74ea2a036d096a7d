"""Citadels' redeal (``engines/citadels/redeal.py``, §9): what a seat sees is kept, what it does not see is
dealt from what it has not seen, and the deal keeps the rules the view implies."""

from __future__ import annotations

from collections import Counter

import msgspec
from msgspec.structs import replace

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels.selection import selection_plan
from engines.citadels.state import NO_SEAT, Built, Marker, Reveal, State, TakeRandomCharacter
from engines.core.items import HIDDEN
from engines.core.rng import Rng
from tests.engines.citadels.helpers import (
    FIRST_GAME_CAST,
    Round,
    Seat,
    cast_with,
    chance_cards,
    full_deck,
    kind,
    make_state,
    options,
    pending_seat,
    play,
)

#: Generators each test redeals with.
DEALS = 60


def _redeals(s: State, seat: int) -> list[State]:
    """``DEALS`` redeals of ``s`` for ``seat``, each checked and showing ``seat`` its own view."""
    view = ENGINE.view(s, seat)
    out = []
    for d in range(DEALS):
        redealt = ENGINE.redeal(view, seat, Rng.seeded(d))
        ENGINE.check(redealt)
        assert ENGINE.view(redealt, seat) == replace(view, external_chance=False)
        assert redealt.rng is not None and not redealt.external_chance and not redealt.redacted
        out.append(redealt)
    return out


def _legal(s: State, seat: int) -> list[bytes]:
    return sorted(msgspec.msgpack.encode(m) for m in ENGINE.legal_moves(s) if m.seat == seat)


def test_other_hands_and_the_deck_are_dealt_from_the_cards_the_seat_has_not_seen() -> None:
    """P-1, P-18: hands keep their sizes; the other hands, the deck and the cards under it hold exactly the
    game's cards less the seat's hand and the cities, and the seat's own hand is kept."""
    s = make_state(
        options(3, (*FIRST_GAME_CAST, "artist")),
        [
            Seat(gold=2, hand=("manor", "manor", "temple"), city=("tavern",), characters=("thief", "king")),
            Seat(gold=2, hand=("castle", "palace"), characters=("magician", "bishop")),
            Seat(gold=2, hand=("docks",), city=("market",), characters=("merchant", "warlord")),
        ],
        start_rank=2,
        deck_bottom=("church", "fortress"),
    )
    others: set[tuple[str, ...]] = set()
    for redealt in _redeals(s, 0):
        assert redealt.players[0].hand == ("manor", "manor", "temple")
        assert [len(p.hand) for p in redealt.players] == [3, 2, 1]
        assert len(redealt.deck) == len(s.deck) and len(redealt.deck_bottom) == 2
        hidden = Counter((*redealt.players[1].hand, *redealt.players[2].hand, *redealt.deck, *redealt.deck_bottom))
        assert hidden == full_deck(s.options) - Counter(("manor", "manor", "temple", "tavern", "market"))
        others.add(redealt.players[1].hand)
    assert len(others) > 1


def test_unrevealed_characters_are_ones_not_yet_called_or_the_killed_one() -> None:
    """R-4.3.1: once the ranks are called, an unrevealed held character is of a rank not yet called or
    killed; the characters the seat saw are never dealt, and the rest are face down."""
    s = make_state(
        options(2),
        [
            Seat(gold=2, characters=("assassin", "architect")),
            Seat(gold=2, characters=("king", "warlord")),
        ],
        start_rank=5,
        rnd=Round(killed="king", revealed=(Reveal("assassin", 0),)),
    )
    assert kind(s) == "turn" and pending_seat(s) == 0 and s.called_rank == 7
    legal = _legal(s, 0)
    for redealt in _redeals(s, 0):
        assert redealt.players[0].characters == ("assassin", "architect")
        assert sorted(redealt.players[1].characters) == ["king", "warlord"]
        assert sorted(redealt.facedown) == ["bishop", "magician", "merchant", "thief"]
        assert _legal(redealt, 0) == legal


def test_during_the_selection_the_pile_is_dealt_unless_the_seat_picks_from_it() -> None:
    """R-4.2.4, §9: the picker's pile is kept; another seat's pile and the face-down discard are dealt from
    the characters it has not seen, and its legal picks stay the same."""
    s = ENGINE.new_game(options(4), 3)
    assert kind(s) == "pick_character"
    picker = pending_seat(s)
    for redealt in _redeals(s, picker):
        assert redealt.character_pile == s.character_pile
        assert _legal(redealt, picker) == _legal(s, picker)
        assert redealt.first_facedown == redealt.facedown[0]
    watcher = (picker + 1) % 4
    piles = set()
    for redealt in _redeals(s, watcher):
        assert Counter((*redealt.character_pile, *redealt.facedown)) == Counter(s.options.cast) - Counter(s.faceup)
        piles.add(redealt.facedown)
    assert len(piles) > 1


def test_the_special_last_pick_keeps_the_first_face_down_discard_it_offers() -> None:
    """R-4.2.4: with 7 players the last picker sees the first face-down discard, which stays face down in
    every redeal of his view (so he is offered the same picks)."""
    s = ENGINE.new_game(options(7), 11)
    while kind(s) == "pick_character" and s.queue and not getattr(s.queue[0], "special", False):
        s = play(s, mv.Pick(s.character_pile[0]))
    assert kind(s) == "pick_character"
    last = pending_seat(s)
    for redealt in _redeals(s, last):
        assert redealt.first_facedown == s.first_facedown in redealt.facedown
        assert _legal(redealt, last) == _legal(s, last)


def test_which_warrant_is_signed_is_dealt_for_everyone_but_the_magistrate() -> None:
    """§6 Magistrate, §9: the three warrants keep their characters; exactly one is signed, at random for
    another seat, and as placed for the Magistrate himself."""
    warrants = (Marker("architect", True), Marker("king", False), Marker("warlord", False))
    s = make_state(
        options(4, cast_with(r1="magistrate")),
        [
            Seat(gold=0, characters=("magistrate",)),
            Seat(gold=10, hand=("castle", "manor"), characters=("architect",)),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0),
        ],
        start_rank=7,
        rnd=Round(warrants=warrants, magistrate_seat=0, revealed=(Reveal("magistrate", 0),)),
    )
    signed = set()
    for redealt in _redeals(s, 1):
        assert [m.character for m in redealt.warrants] == ["architect", "king", "warlord"]
        assert sum(m.real for m in redealt.warrants) == 1
        signed.add(next(m.character for m in redealt.warrants if m.real))
    assert signed == {"architect", "king", "warlord"}
    assert all(redealt.warrants == warrants for redealt in _redeals(s, 0))


def test_another_seat_ordering_cards_under_the_deck_holds_two_different_ones() -> None:
    """§11 A8: a seat is asked to order the cards it puts under the deck only when they differ, so every
    redeal of its drawn cards holds two different ones."""
    s = make_state(
        options(4, uniques=("observatory",)),
        [
            Seat(gold=2, characters=("assassin",)),
            Seat(gold=2, city=("observatory",), characters=("thief",)),
            Seat(gold=2, characters=("king",)),
            Seat(gold=2, characters=("warlord",)),
        ],
        start_rank=2,
    )
    s = play(s, mv.GatherCards())
    s = chance_cards(s, "manor", "temple", "castle")
    s = play(s, mv.Keep("manor"))
    assert kind(s) == "order_bottom" and pending_seat(s) == 1
    drawn = set()
    for redealt in _redeals(s, 0):
        assert redealt.turn is not None and len(set(redealt.turn.drawn)) == 2
        drawn.add(redealt.turn.drawn)
    assert len(drawn) > 1
    assert all(r.turn is not None and r.turn.drawn == s.turn.drawn for r in _redeals(s, 1))  # type: ignore[union-attr]


def test_a_redeal_depends_on_the_view_and_the_generator_only() -> None:
    """§9: a state and another that differs from it only in what the seat cannot see redeal alike, and a
    redeal leaves nothing hidden."""
    s = ENGINE.new_game(options(5), 4)
    rng = Rng.seeded(1)
    for _ in range(40):
        legal = ENGINE.legal_moves(s)
        index, rng = rng.below(len(legal))
        s = ENGINE.apply(s, legal[index])
    variant = ENGINE.redeal(ENGINE.view(s, 2), 2, Rng.seeded(8))
    assert variant != s
    redealt = ENGINE.redeal(ENGINE.view(s, 2), 2, Rng.seeded(9))
    assert ENGINE.redeal(ENGINE.view(variant, 2), 2, Rng.seeded(9)) == redealt
    assert redealt.viewer == NO_SEAT
    assert HIDDEN not in msgspec.json.encode(replace(redealt, rng=None)).decode()


def _robbed_warlord(own_targets: bool) -> State:
    return make_state(
        options(2, allow_targeting_own_character=own_targets),
        [
            Seat(gold=2, characters=("assassin", "merchant")),
            Seat(gold=2, characters=("thief", "architect")),
        ],
        start_rank=6,
        rnd=Round(robbed="warlord", thief_seat=1, revealed=(Reveal("assassin", 0), Reveal("thief", 1))),
    )


def test_a_character_named_by_an_ability_is_not_its_users_other_one_when_the_option_forbids_it() -> None:
    """§11 A6: with 2 players and ``allow_targeting_own_character`` off, the Thief never robbed his own other
    character, so it is not dealt to him; with the option on, it may be."""
    assert {_dealt_second(r) for r in _redeals(_robbed_warlord(False), 0)} == {"architect"}
    assert {_dealt_second(r) for r in _redeals(_robbed_warlord(True), 0)} == {"architect", "warlord"}


def _dealt_second(s: State) -> str:
    return s.players[1].characters[1]


def test_the_character_another_seat_gives_at_the_theater_is_one_it_holds() -> None:
    """§7 Theater with 3 players (R-4.2.7): the character given in a pending random exchange is hidden from
    the others and dealt as one of the giver's characters."""
    s = ENGINE.new_game(options(3, (*FIRST_GAME_CAST, "artist"), uniques=("theater",)), 5)
    done = len(selection_plan(s)) - len(s.queue)
    deck = list(s.deck)
    deck.remove("theater")
    owner = s.crown
    players = list(s.players)
    players[owner] = replace(players[owner], city=(Built("theater"),))
    s = replace(s, players=tuple(players), deck=tuple(deck))
    s = replace(s, queue=selection_plan(s)[done:])
    ENGINE.check(s)
    while kind(s) == "pick_character":
        s = play(s, mv.Pick(s.character_pile[0]))
    assert kind(s) == "theater_choice" and pending_seat(s) == owner
    s = replace(s, rng=None, external_chance=True)  # the random exchange waits for chance
    give = s.players[owner].characters[1]
    s = play(s, mv.Theater((owner + 1) % 3, give))
    watcher = (owner + 2) % 3
    view = ENGINE.view(s, watcher)
    assert isinstance(view.queue[0], TakeRandomCharacter) and view.queue[0].give == HIDDEN
    given = set()
    for d in range(DEALS):
        redealt = ENGINE.redeal(view, watcher, Rng.seeded(d))
        ENGINE.check(replace(redealt, rng=None, external_chance=True))  # as the real state, chance is owed
        step = redealt.queue[0]
        assert isinstance(step, TakeRandomCharacter) and step.give in redealt.players[owner].characters
        given.add(step.give)
    assert len(given) > 1
