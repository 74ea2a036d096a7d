"""The Citadels state check (``engines/citadels/integrity.py``) is closed under legal moves: a state
it accepts never leads, by a legal move, to a state it refuses, and nothing but ``StateInvalid``
from the check is ever raised. It also refuses queued steps that do not fit where the game is
(a chance step never reaches the PRNG with nothing to choose from) and every collection or
count larger than the game's components allow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels import state as cs
from engines.citadels.content import CONTENT, validate_content
from engines.citadels.integrity import max_queue
from engines.citadels.selection import selection_plan
from engines.citadels.state import Built, Player, State, Turn
from engines.core.content import ContentError
from engines.core.errors import StateInvalid
from engines.core.playout import random_playout
from engines.core.rng import Rng
from server.binding import GameBinding
from server.convert import ConversionError
from tests.engines.citadels.helpers import FIRST_GAME_CAST, Round, Seat, cast_with, kind, make_state, options, play
from tests.engines.setups import new_state
from tests.engines.struct_mutations import Closure

BINDING = GameBinding(ENGINE)
CLOSURE = Closure(ENGINE)
INT32_MAX = 2**31 - 1

#: Real games (player count, options, seed; ``None`` = external chance): every player count,
#: seeded and external chance, the characters and districts that queue work.
GAMES: tuple[tuple[int, dict[str, str], int | None], ...] = (
    (2, {"preset": "first_game"}, 11),
    (3, {"preset": "cunning_agents", "rank9": "tax_collector"}, None),
    (4, {"preset": "devious_dignitaries", "rank9": "tax_collector"}, 13),
    (5, {"preset": "illustrious_emissaries", "rank9": "artist", "emperor_resource_chooser": "recipient"}, None),
    (6, {"preset": "tenacious_delegates"}, 17),
    (7, {"preset": "vicious_nobles", "rank9": "tax_collector"}, None),
    (8, {"preset": "ambitious_aristocrats", "rank9": "queen"}, 19),
    (4, {"preset": "ambitious_aristocrats"}, None),
    (3, {"preset": "tenacious_delegates", "rank9": "artist"}, 23),
)


def _playout(state: State, seed: int) -> list[State]:
    visited: list[State] = [state]
    random_playout(ENGINE, state, Rng.seeded(seed), on_move=lambda b, m, a: visited.append(a))
    return visited


def _with_theater(players: int, seat: int, seed: int | None) -> State:
    """A new game whose ``seat`` already has the Theater (so the selection ends with its choice)."""
    rank9 = "none" if players == 2 else "tax_collector"
    s = new_state(ENGINE, players, seed=seed, preset="devious_dignitaries", rank9=rank9)
    deal = tuple(q for q in s.queue if isinstance(q, cs.DrawCard))
    rest = s.queue[len(deal) :]
    deck = list(s.deck)
    players_ = list(s.players)
    if "theater" in deck:
        deck.remove("theater")
    else:
        owner = next(i for i, p in enumerate(players_) if "theater" in p.hand)
        hand = list(players_[owner].hand)
        hand.remove("theater")
        hand.append(deck.pop())
        players_[owner] = replace(players_[owner], hand=tuple(hand))
    players_[seat] = replace(players_[seat], city=(Built("theater"),))
    s = replace(s, deck=tuple(deck), players=tuple(players_))
    plan = selection_plan(s)
    return replace(s, queue=(*deal, *plan[len(plan) - len(rest) - 1 :]))


def _advisor_state() -> State:
    """The end of a round whose Emperor was killed: his holder's advisor gives the crown away."""
    cast = ("assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect", "warlord")
    return make_state(
        options(4, cast),
        [Seat(characters=("assassin",)), Seat(characters=("emperor",)), Seat(), Seat()],
        start_rank=9,
        rnd=Round(killed="emperor", revealed=(cs.Reveal("assassin", 0),)),
    )


def sample_states() -> list[State]:
    """Mid-game states of real games (every queue kind), thinned to keep the tests quick."""
    out: list[State] = []
    for i, (players, overrides, seed) in enumerate(GAMES):
        visited = _playout(new_state(ENGINE, players, seed=seed, **overrides), 100 + i)
        out += [v for k, v in enumerate(visited) if k % 9 == 0 or ENGINE.pending(v).kind not in ("turn",)][::2]
    for players, seat, seed in ((3, 1, None), (5, 2, 7), (2, 0, None)):
        out += _playout(_with_theater(players, seat, seed), players)[:60]
    out += _playout(_advisor_state(), 5)[:3]
    return out


SAMPLES = sample_states()


def test_samples_reach_every_queued_decision() -> None:
    """The closure property below sees every kind of queued step the engine makes."""
    kinds = {ENGINE.pending(s).kind for s in SAMPLES}
    queued = {type(q) for s in SAMPLES for q in s.queue}
    assert {"theater_choice", "chance.take_random_character", "advisor_crown", "wizard_choice", "bribe"} <= kinds
    assert {"confiscate", "reveal_threat", "emperor_resource", "order_bottom", "give_cards"} <= kinds
    assert set(cs.Step.__args__) <= queued


# ---- the closure property ------------------------------------------------------------------------

_STRINGS: tuple[str, ...] = tuple(
    dict.fromkeys(
        (
            *("", "?", "up", "down", "hand", "drawn", "seer", "emperor", "gather", "scholar"),
            *("thieves_den", "cardinal", "magician", "normal", "witch", "bewitched", "resumed"),
            *("selection", "turns", "over", "recipient", "owner", "canonical", "manor", "temple", "theater"),
            *FIRST_GAME_CAST,
            *("wizard", "artist", "queen"),
        )
    )
)


def _value(data: st.DataObject, current: Any, players: int) -> Any:
    """Another value of ``current``'s type: seats around the range, huge counts, other strings."""
    if isinstance(current, bool):
        return not current
    if isinstance(current, int):
        return data.draw(
            st.one_of(st.integers(-2, players + 1), st.sampled_from([3, 7, CONTENT.limits.bank_gold, INT32_MAX]))
        )
    if isinstance(current, str):
        return data.draw(st.sampled_from(_STRINGS))
    if isinstance(current, tuple):
        if current and data.draw(st.booleans()):
            return current[1:]
        return current + current[:1] if current else current
    return current


def _replace_field(data: st.DataObject, struct: Any, players: int, skip: tuple[str, ...] = ()) -> Any:
    fields = [f for f in struct.__struct_fields__ if f not in skip]
    fname = data.draw(st.sampled_from(fields))
    return replace(struct, **{fname: _value(data, getattr(struct, fname), players)})


def _any_step(data: st.DataObject, players: int) -> Any:
    """A step of any kind with drawn fields (a client's invention)."""
    seat = st.integers(-1, players)
    return data.draw(
        st.one_of(
            st.builds(cs.DrawCard, seat, st.sampled_from(["hand", "drawn"])),
            st.builds(cs.DiscardCharacter, st.sampled_from(["up", "down"])),
            st.builds(cs.TakeRandomCard, seat, seat, st.sampled_from(["seer", "emperor"])),
            st.builds(cs.TakeRandomCharacter, seat, seat, st.sampled_from(_STRINGS)),
            st.builds(cs.PickCharacter, seat, st.booleans(), st.booleans(), st.booleans()),
            st.builds(cs.TheaterChoice, seat),
            st.builds(cs.KeepDrawn, seat, st.sampled_from(["gather", "scholar"])),
            st.builds(cs.OrderBottom, seat),
            st.builds(
                cs.GiveCards,
                seat,
                st.sampled_from(["thieves_den", "cardinal", "seer", "magician"]),
                st.integers(-1, 3),
                seat,
            ),
            st.builds(cs.WizardChoice, seat, seat),
            st.builds(cs.Confiscate, seat, seat),
            st.builds(cs.Bribe, seat),
            st.builds(cs.RevealThreat, seat, seat),
            st.builds(cs.EmperorRecipientResource, seat, seat),
            st.builds(cs.AdvisorCrown, seat),
        )
    )


def _mutate_queue(s: State, data: st.DataObject) -> State:
    n = len(s.players)
    queue = list(s.queue)
    how = data.draw(st.sampled_from(["field", "kind", "insert", "delete", "duplicate"]))
    if how == "insert" or not queue:
        queue.insert(data.draw(st.integers(0, len(queue))), _any_step(data, n))
        return replace(s, queue=tuple(queue))
    i = data.draw(st.integers(0, len(queue) - 1))
    if how == "field" and queue[i].__struct_fields__:
        queue[i] = _replace_field(data, queue[i], n)
    elif how == "kind":
        queue[i] = _any_step(data, n)
    elif how == "delete":
        del queue[i]
    else:
        queue.insert(i, queue[i])
    return replace(s, queue=tuple(queue))


def _mutate_state_field(s: State, data: st.DataObject) -> State:
    skip = ("options", "players", "deck", "deck_bottom", "turn", "building", "queue", "rng", "redacted", "viewer")
    return _replace_field(data, s, len(s.players), skip)


def _move_card(s: State, data: st.DataObject) -> State:
    """A card moved between the deck, a hand, a city, the drawn cards or the pending build (conserved)."""
    seat = data.draw(st.integers(0, len(s.players) - 1))
    p = s.players[seat]
    players = list(s.players)
    where = data.draw(st.sampled_from(["hand", "city", "drawn", "building", "from_hand"]))
    if not s.deck:
        return s
    card = data.draw(st.sampled_from(s.deck))
    deck = list(s.deck)
    deck.remove(card)
    if where == "hand":
        players[seat] = replace(p, hand=(*p.hand, card))
    elif where == "city":
        players[seat] = replace(p, city=(*p.city, Built(card, beautified=data.draw(st.booleans()))))
    elif where == "drawn" and s.turn is not None:
        return replace(s, deck=tuple(deck), turn=replace(s.turn, drawn=(*s.turn.drawn, card)))
    elif where == "building" and s.turn is not None and s.building is None:
        pb = cs.PendingBuild(card=card, seat=s.turn.seat, counts=data.draw(st.booleans()), price=3)
        return replace(s, deck=tuple(deck), building=pb)
    elif where == "from_hand" and p.hand:
        players[seat] = replace(p, hand=p.hand[1:])
        return replace(s, players=tuple(players), deck=tuple(sorted((*s.deck, p.hand[0]))))
    else:
        return s
    return replace(s, players=tuple(players), deck=tuple(deck))


def _mutate_player(s: State, data: st.DataObject) -> State:
    seat = data.draw(st.integers(0, len(s.players) - 1))
    p = s.players[seat]
    players = list(s.players)
    how = data.draw(st.sampled_from(["gold", "characters", "beautify"]))
    if how == "gold":
        players[seat] = replace(p, gold=_value(data, p.gold, len(s.players)))
    elif how == "characters":
        players[seat] = replace(p, characters=_value(data, p.characters, len(s.players)))
    elif p.city:
        i = data.draw(st.integers(0, len(p.city) - 1))
        city = list(p.city)
        city[i] = replace(city[i], beautified=not city[i].beautified)
        players[seat] = replace(p, city=tuple(city))
    return replace(s, players=tuple(players))


def _mutate_turn(s: State, data: st.DataObject) -> State:
    if s.turn is None:
        seat = data.draw(st.integers(0, len(s.players) - 1))
        held = s.players[seat].characters or s.options.cast[:1]
        return replace(s, turn=Turn(character=data.draw(st.sampled_from(held)), seat=seat))
    if data.draw(st.booleans()):
        return replace(s, turn=None)
    return replace(s, turn=_replace_field(data, s.turn, len(s.players)))


def _mutate_building(s: State, data: st.DataObject) -> State:
    if s.building is None:
        return _move_card(s, data)
    return replace(s, building=_replace_field(data, s.building, len(s.players)))


def _mutate_options(s: State, data: st.DataObject) -> State:
    flags = [f for f, v in msgspec.structs.asdict(s.options).items() if isinstance(v, bool | str) and f != "preset"]
    fname = data.draw(st.sampled_from(flags))
    current = getattr(s.options, fname)
    literals = {
        "emperor_resource_chooser": ["emperor", "recipient"],
        "great_wall_surcharge_to": ["bank", "owner"],
        "beautify_gold_on_destroy": ["bank", "owner"],
        "bottom_order": ["player_choice", "canonical"],
    }
    value = (not current) if isinstance(current, bool) else data.draw(st.sampled_from(literals[fname]))
    return replace(s, options=replace(s.options, **{fname: value}))


def _mutate_markers(s: State, data: st.DataObject) -> State:
    fname = data.draw(st.sampled_from(["warrants", "threats", "revealed", "faceup", "facedown", "character_pile"]))
    items = getattr(s, fname)
    if items and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(items) - 1))
        item = items[i]
        if isinstance(item, cs.Marker):
            item = replace(item, real=not item.real)
        elif isinstance(item, cs.Reveal):
            item = replace(item, seat=data.draw(st.integers(-1, len(s.players))))
        else:
            item = data.draw(st.sampled_from(s.options.cast))
        return replace(s, **{fname: (*items[:i], item, *items[i + 1 :])})
    return replace(s, **{fname: _value(data, items, len(s.players))})


MUTATIONS: tuple[Callable[[State, st.DataObject], State], ...] = (
    _mutate_queue,
    _mutate_queue,
    _mutate_queue,
    _mutate_state_field,
    _move_card,
    _mutate_player,
    _mutate_turn,
    _mutate_building,
    _mutate_options,
    _mutate_markers,
)


def _as_sent(s: State) -> State | None:
    """The state as a client could send it: type-valid after a msgspec round trip, then through the
    proto as the server reads it (``None``: refused before the check)."""
    try:
        decoded = msgspec.json.decode(msgspec.json.encode(s), type=State)
        return BINDING.state_from_proto(BINDING.state_to_proto(decoded))
    except (msgspec.ValidationError, ConversionError):
        return None


def assert_closed(s: State) -> None:
    """If the check accepts ``s`` (a refusal names its field), every engine function works on it and every legal
    move leads to a state it accepts (``Closure``)."""
    if CLOSURE.refused(s) is None:
        CLOSURE.handled(s)


@settings(max_examples=1500)
@given(index=st.integers(0, len(SAMPLES) - 1), data=st.data())
def test_the_check_is_closed_under_legal_moves(index: int, data: st.DataObject) -> None:
    """Finding 1: one-field mutations of real mid-game states, through msgspec like a client's."""
    mutation = data.draw(st.sampled_from(MUTATIONS))
    s = _as_sent(mutation(SAMPLES[index], data))
    if s is not None:
        assert_closed(s)


def test_unmutated_samples_are_accepted_and_closed() -> None:
    for s in SAMPLES[::5]:
        ENGINE.check(s)
        assert_closed(s)


# ---- finding 1: named regressions (a queue step switched, a flag set, a step emptied) ------------


def _selection_state() -> State:
    """A 4-player selection after the deal: face-up discards, the face-down one, then 4 picks."""
    return new_state(ENGINE, 4, seed=5, preset="first_game")


def _turn_state() -> State:
    """A turn in progress with queued draws (the Architect's two cards)."""
    s = make_state(options(4), [Seat(characters=("architect",)), Seat(), Seat(), Seat()], start_rank=7)
    return play(s, mv.ArchitectDraw())


def _refused(s: State, message: str) -> None:
    with pytest.raises(StateInvalid) as exc:
        ENGINE.check(s)
    assert message in str(exc.value), str(exc.value)


def test_queue_theater_choice_mid_turn_is_refused() -> None:
    s = _turn_state()
    assert kind(s) == "chance.draw_card" and len(s.queue) == 2
    _refused(replace(s, queue=(s.queue[0], cs.TheaterChoice(0))), "draws go to the acting seat's hand")
    _refused(replace(s, queue=(cs.TheaterChoice(0), *s.queue)), "theater_choice step is not owed during a turn")


def test_queue_theater_choice_mid_selection_is_refused() -> None:
    s = _selection_state()
    assert kind(s) == "pick_character"
    queue = list(s.queue)
    queue[1] = cs.TheaterChoice(queue[1].seat)
    _refused(replace(s, queue=tuple(queue)), "do not follow the round's plan")


def test_queue_wizard_choice_in_the_selection_is_refused() -> None:
    s = _selection_state()
    queue = list(s.queue)
    queue[2] = cs.WizardChoice(0, 1)
    _refused(replace(s, queue=tuple(queue)), "do not follow the round's plan")


def test_queue_wizard_choice_without_the_wizard_is_refused() -> None:
    s = _turn_state()
    _refused(replace(s, queue=(cs.WizardChoice(0, 1),)), "Only the Wizard chooses")


def test_queue_pick_marked_last_too_early_is_refused() -> None:
    s = _selection_state()
    queue = list(s.queue)
    queue[0] = replace(queue[0], last=True)
    _refused(replace(s, queue=tuple(queue)), "do not follow the round's plan")


def test_queue_emptied_theater_choice_is_refused() -> None:
    """An empty ``theater_choice {}`` message (every field at its default) sent through the proto."""
    s = _selection_state()
    message = BINDING.state_to_proto(s)
    message.citadels.queue.add().theater_choice.SetInParent()
    sent = BINDING.state_from_proto(message)
    assert sent.queue[-1] == cs.TheaterChoice(0)
    _refused(sent, "do not follow the round's plan")


def test_queue_theater_choice_of_a_seat_without_the_theater_is_refused() -> None:
    s = _with_theater(5, 2, None)
    plan = selection_plan(s)
    assert plan[-1] == cs.TheaterChoice(2)
    _refused(replace(s, queue=(*s.queue[:-1], cs.TheaterChoice(1))), "do not follow the round's plan")


def test_theater_swap_with_three_players_stays_accepted() -> None:
    """The real 2–3 player Theater: choice, random exchange, then the turns; every step accepted."""
    s = _with_theater(3, 1, None)
    while kind(s) != "theater_choice":
        s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    give = s.players[1].characters[0]
    s = play(s, mv.Theater(0, give))
    assert kind(s) == "chance.take_random_character"
    assert_closed(s)
    taken = s.players[0].characters[1]
    s = play(s, mv.ChanceCharacter(taken), -1)
    assert give in s.players[0].characters and taken in s.players[1].characters


# ---- finding 2: a chance step never reaches the PRNG with nothing to draw from ---------------------


@pytest.mark.parametrize("seed", [5, None])
def test_queue_take_random_character_with_empty_fields_is_refused(seed: int | None) -> None:
    s = new_state(ENGINE, 3, seed=seed, preset="cunning_agents", rank9="tax_collector")
    empty = cs.TakeRandomCharacter(0, 0, "")
    for at in range(len(s.queue) + 1):
        mutated = replace(s, queue=(*s.queue[:at], empty, *s.queue[at:]))
        with pytest.raises(StateInvalid):
            ENGINE.check(mutated)


def test_queue_take_random_character_from_the_proto_is_refused() -> None:
    s = new_state(ENGINE, 3, seed=5, preset="cunning_agents", rank9="tax_collector")
    message = BINDING.state_to_proto(s)
    step = message.citadels.queue.add()
    step.take_random_character.SetInParent()
    sent = BINDING.state_from_proto(message)
    assert cs.TakeRandomCharacter(0, 0, "") in sent.queue
    with pytest.raises(StateInvalid):
        ENGINE.check(sent)


@pytest.mark.parametrize("step", [cs.DiscardCharacter("up"), cs.DiscardCharacter("down"), cs.DrawCard(0, "drawn")])
def test_other_chance_steps_out_of_place_are_refused(step: Any) -> None:
    s = _turn_state()
    with pytest.raises(StateInvalid):
        ENGINE.check(replace(s, queue=(*s.queue, step)))


# ---- finding 3: every collection and count is bounded ------------------------------------------------


def _base() -> State:
    return make_state(options(4), [Seat(gold=2, characters=("king",)), Seat(), Seat(), Seat()], start_rank=4)


def _player(s: State, seat: int, **changes: Any) -> State:
    players = list(s.players)
    players[seat] = replace(players[seat], **changes)
    return replace(s, players=tuple(players))


def _refused_field(s: State, field: str) -> str:
    with pytest.raises(StateInvalid) as exc:
        ENGINE.check(s)
    assert exc.value.field == field, (exc.value.field, str(exc.value))
    return str(exc.value)


HUGE = 100_000


def test_oversized_hand_is_refused() -> None:
    message = _refused_field(_player(_base(), 1, hand=("manor",) * HUGE), "players[1].hand")
    assert f"{HUGE} cards" in message and f"{CONTENT.deck_size}" in message


def test_oversized_city_and_museum_are_refused() -> None:
    _refused_field(_player(_base(), 2, city=(Built("manor"),) * HUGE), "players[2].city")
    _refused_field(_player(_base(), 2, city=(Built("museum", museum=("manor",) * HUGE),)), "players[2].city")


def test_oversized_deck_is_refused() -> None:
    s = _base()
    _refused_field(replace(s, deck=s.deck * 3), "deck")
    _refused_field(replace(s, deck_bottom=("manor",) * HUGE), "deck_bottom")


def test_oversized_character_lists_are_refused() -> None:
    s = _base()
    _refused_field(_player(s, 1, characters=("thief", "magician", "bishop")), "players[1].characters")
    for fname in ("character_pile", "faceup", "facedown"):
        _refused_field(replace(s, **{fname: ("thief",) * 10}), fname)
    _refused_field(replace(s, revealed=(cs.Reveal("king", 0),) * 10), "revealed")
    _refused_field(replace(s, warrants=(cs.Marker("king", True),) * 4), "warrants")
    _refused_field(replace(s, threats=(cs.Marker("king", True),) * 3), "threats")


def test_oversized_queue_is_refused() -> None:
    s = _turn_state()
    most = max_queue(s)
    message = _refused_field(replace(s, queue=(cs.DrawCard(0),) * HUGE), "queue")
    assert f"{HUGE} steps" in message and str(most) in message


def test_oversized_turn_lists_are_refused() -> None:
    s = _base()
    assert s.turn is not None
    _refused_field(replace(s, turn=replace(s.turn, used=("income",) * HUGE)), "turn.used")
    _refused_field(replace(s, turn=replace(s.turn, drawn=("manor",) * HUGE)), "turn.drawn")


def test_gold_beyond_the_bank_is_refused() -> None:
    bank = CONTENT.limits.bank_gold
    _refused_field(_player(_base(), 0, gold=bank + 1), "players.gold")
    _refused_field(_player(_base(), 0, gold=INT32_MAX), "players.gold")
    _refused_field(replace(_base(), tax_token=bank), "players.gold")


def test_counts_beyond_the_table_are_refused() -> None:
    s = _base()
    assert s.turn is not None
    _refused_field(replace(s, round=CONTENT.limits.rounds + 1), "round")
    _refused_field(replace(s, turn=replace(s.turn, builds=INT32_MAX)), "turn.builds")
    _refused_field(replace(s, turn=replace(s.turn, gold_paid_for_builds=INT32_MAX)), "turn.gold_paid_for_builds")


def test_the_whole_bank_fits_a_score_and_the_proto() -> None:
    """With all the bank's gold in one Imperial Treasury stash, scores and states fit int32."""
    bank = CONTENT.limits.bank_gold
    s = make_state(
        options(4, uniques=("imperial_treasury",)),
        [Seat(gold=bank, city=("imperial_treasury",), characters=("king",)), Seat(), Seat(), Seat()],
        start_rank=4,
    )
    total = ENGINE.score(s).seats[0].total
    assert bank < total < INT32_MAX
    BINDING.state_to_proto(s)
    after = play(s, mv.GatherGold())  # the bank is empty: gathering takes nothing more
    assert after.players[0].gold == bank


def test_gains_stop_at_the_bank() -> None:
    bank = CONTENT.limits.bank_gold
    s = make_state(options(4), [Seat(gold=bank - 1, characters=("king",)), Seat(), Seat(), Seat()], start_rank=4)
    s = play(s, mv.GatherGold())
    assert s.players[0].gold == bank
    ENGINE.check(s)


def test_the_game_ends_after_the_tables_last_round() -> None:
    last = CONTENT.limits.rounds
    s = make_state(options(4), [Seat(characters=("warlord",)), Seat(), Seat(), Seat()], start_rank=8)
    s = replace(s, round=last)
    ENGINE.check(s)
    s = play(play(s, mv.GatherGold()), mv.EndTurn())
    assert s.phase == "over" and s.round == last
    ENGINE.check(s)


def test_collecting_the_tax_moves_the_token_even_with_an_empty_bank() -> None:
    bank = CONTENT.limits.bank_gold
    cast = (*FIRST_GAME_CAST, "tax_collector")
    s = make_state(
        options(4, cast),
        [Seat(gold=bank - 5, characters=("tax_collector",)), Seat(), Seat(), Seat()],
        start_rank=9,
        tax_token=5,
    )
    s = play(play(s, mv.GatherGold()), mv.CollectTax())
    assert s.players[0].gold == bank and s.tax_token == 0


def test_players_out_of_range_are_refused() -> None:
    s = _base()
    with pytest.raises(StateInvalid):
        ENGINE.check(replace(s, options=replace(s.options, players=9), players=(*s.players, *s.players[:5])))


def test_a_players_list_does_not_need_a_player_per_card() -> None:
    """Sizes are refused before anything loops over them (a cheap first pass)."""
    s = _base()
    _refused_field(replace(s, players=(Player(gold=0, hand=()),) * HUGE), "players")


def test_a_broken_generator_is_refused_before_it_draws() -> None:
    """An even PCG32 increment (``state=0, inc=0`` draws 0 for ever) never reaches a chance step."""
    s = new_state(ENGINE, 4, seed=3, preset="first_game")
    _refused_field(replace(s, rng=Rng(0, 0)), "rng.inc")


@pytest.mark.parametrize(("bank_gold", "rounds"), [(15, 1000), (10**9, 1000), (1000, 0)])
def test_content_limits_outside_the_safe_range_are_refused(bank_gold: int, rounds: int) -> None:
    """A content pack cannot make the bank too small for the starting gold, or too big for int32."""
    limits = replace(CONTENT.limits, bank_gold=bank_gold, rounds=rounds)
    with pytest.raises(ContentError, match="limits"):
        validate_content(replace(CONTENT, limits=limits))


def test_a_city_never_holds_an_unbuildable_district() -> None:
    """§7 Secret Vault: a district without a cost is never built, so no city holds one."""
    seats = [Seat(gold=2, characters=("king",), city=("secret_vault",)), Seat(), Seat(), Seat()]
    with pytest.raises(StateInvalid) as exc:
        make_state(options(4, uniques=("secret_vault",)), seats, start_rank=4)  # the helper checks what it makes
    assert exc.value.field == "players[0].city" and "Secret Vault, which is never built" in str(exc.value)


def test_a_killed_character_needs_a_killer_in_the_cast() -> None:
    """§6 Assassin: only a character that kills marks one killed; a cast without one has none."""
    seats = [Seat(gold=2, characters=("king",)), Seat(), Seat(), Seat()]
    s = make_state(options(4, cast_with(r1="witch")), seats, start_rank=4)
    ENGINE.check(s)
    assert "kills" in _refused_field(replace(s, killed="merchant"), "killed")
