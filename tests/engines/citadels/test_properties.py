"""Property tests (spec §12): random legal games to the end for every player count, with the
invariants checked after every move; validate ⇔ legal; views leak nothing; replay is
deterministic."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels.building import build_limit
from engines.citadels.content import CONTENT
from engines.citadels.state import NO_SEAT, State, WizardChoice
from engines.core.engine import CHANCE
from engines.core.playout import random_playout
from engines.core.rng import Rng

PRESETS = [p.id for p in CONTENT.presets]
GAMES_PER_COUNT = int(__import__("os").environ.get("CITADELS_GAMES_PER_COUNT", "200"))


def options_for(players: int, preset: str, rank9_opt_in: bool) -> Any:
    """A legal configuration for ``players`` from ``preset`` (V5/V6 repairs made explicitly)."""
    p = CONTENT.preset[preset]
    cast = list(p.characters)
    if players == 2 and "emperor" in cast:
        cast[3] = "king"
    rank9 = p.rank9 or "artist"
    if players < 5 and rank9 == "queen":
        rank9 = "tax_collector"
    overrides: dict[str, str] = {"cast": ",".join(cast), "uniques": ",".join(p.uniques)}
    if players == 2:
        overrides["rank9"] = "none"
    elif players in (3, 8) or rank9_opt_in:
        overrides["rank9"] = rank9
    else:
        overrides["rank9"] = "none"
    return ENGINE.make_options(players, overrides)


# ---- invariants after every move --------------------------------------------------------------


def check_invariants(before: State, move: mv.Move, after: State) -> None:
    """P-1, P-3, P-4, P-6, P-7, P-11, P-12, P-15 (generated move validates), P-18, P-20."""
    ENGINE.check(after)  # P-1 card conservation, P-3 character partition, seats in range
    assert ENGINE.validate(before, move) == []  # a list, empty (not merely falsy)
    assert all(p.gold >= 0 for p in after.players) and after.tax_token >= 0  # P-4
    assert 0 <= after.crown < len(after.players)  # P-6
    if after.turn is not None:  # P-7
        assert after.turn.builds <= build_limit(after.turn)
        if after.turn.character == "navigator":
            assert after.turn.builds == 0
    assert after.end_triggered or not before.end_triggered  # P-11 monotone
    if before.end_triggered and before.first_completer != NO_SEAT:
        assert after.first_completer == before.first_completer
    if after.round > before.round:  # P-20 round reset
        assert (after.killed, after.bewitched, after.robbed) == ("", "", "")
        assert after.warrants == () and after.threats == () and after.protected_seat == NO_SEAT
        assert [p.city for p in after.players] == [p.city for p in before.players]
        assert after.tax_token == before.tax_token
    sheet = ENGINE.score(after)  # P-12
    for seat_score in sheet.seats:
        assert seat_score.total == sum(e.points for e in seat_score.entries)
        by_cat = {e.category: e.points for e in seat_score.entries}
        assert by_cat.get("One district of each type", 0) in (0, 3)
        assert by_cat.get("Completed city", 0) in (0, 2, 4)
        assert seat_score.total >= by_cat["Districts"]
    assert sum(1 for s in sheet.seats for e in s.entries if e.category == "Completed city" and e.points == 4) <= 1
    spectator = ENGINE.view(after, None)  # P-18 public hand sizes
    assert [len(p.hand) for p in spectator.players] == [len(p.hand) for p in after.players]


def wellformed_variants(state: State, move: mv.Move) -> Iterator[mv.Move]:
    """Moves near a legal one: other seats, other cards, other characters, other targets."""
    n = len(state.players)
    for seat in (CHANCE, *range(n)):
        if seat != move.seat:
            yield replace(move, seat=seat)
    a = move.action
    for field in a.__struct_fields__:
        value = getattr(a, field)
        if isinstance(value, str) and field in ("card", "district", "own", "theirs", "destroy"):
            for other in ("manor", "keep", "great_wall", "secret_vault", "monument", "nonexistent"):
                yield replace(move, action=replace(a, **{field: other}))
        elif isinstance(value, str) and field in ("character", "signed", "flowered", "blank", "discard", "give"):
            for other in (*state.options.cast[:3], "queen", "nobody"):
                yield replace(move, action=replace(a, **{field: other}))
        elif isinstance(value, int) and not isinstance(value, bool):
            for other in (-2, -1, 0, 1, n - 1, n, 99):
                yield replace(move, action=replace(a, **{field: other}))
    for other in (mv.EndTurn(), mv.GatherGold(), mv.Pass(), mv.Accept(), mv.Done(), mv.SeerTake(), mv.Income(2, 0)):
        yield replace(move, action=other)


def check_validate_matches_legal(state: State, legal: list[mv.Move]) -> None:
    """P-15: a well-formed move validates clean exactly when it is in the legal list."""
    if not legal:
        return
    legal_set = {msgspec.json.encode(m) for m in legal}
    assert len(legal_set) == len(legal), "legal moves must be listed once each"
    for candidate in wellformed_variants(state, legal[0]):
        clean = ENGINE.validate(state, candidate) == []
        assert clean == (msgspec.json.encode(candidate) in legal_set), candidate


def perturb_hidden(state: State, seat: int) -> State | None:
    """A state that differs from ``state`` only in what ``seat`` cannot see (P-13)."""
    head = state.queue[0] if state.queue else None
    shown = head.target if isinstance(head, WizardChoice) and head.seat == seat else NO_SEAT
    for other, p in enumerate(state.players):
        if other in (seat, shown) or not p.hand or not state.deck:
            continue
        for card in state.deck:
            if card != p.hand[0]:
                hand = (card, *p.hand[1:])
                deck = tuple(
                    sorted(
                        (*state.deck[: state.deck.index(card)], *state.deck[state.deck.index(card) + 1 :], p.hand[0])
                    )
                )
                players = list(state.players)
                players[other] = replace(p, hand=hand)
                return replace(state, players=tuple(players), deck=deck)
    return None


#: Every §11 rule option with its alternatives; property runs draw a random combination.
RULE_FLAGS = st.fixed_dictionaries(
    {
        "allow_naming_faceup_discards": st.booleans(),
        "allow_targeting_own_character": st.booleans(),
        "emperor_resource_chooser": st.sampled_from(["emperor", "recipient"]),
        "emperor_may_return_to_holder": st.booleans(),
        "bishop_blocks_own_rank8": st.booleans(),
        "warlord_may_destroy_in_own_completed_city": st.booleans(),
        "great_wall_surcharge_to": st.sampled_from(["bank", "owner"]),
        "keep_blocks_diplomat_outgoing": st.booleans(),
        "beautify_gold_on_destroy": st.sampled_from(["bank", "owner"]),
        "armory_self_in_completed_city": st.booleans(),
        "great_wall_covers_itself": st.booleans(),
        "great_wall_in_own_city": st.booleans(),
        "bottom_order": st.sampled_from(["player_choice", "canonical"]),
        "build_requires_gather": st.booleans(),
    }
)


def play(
    players: int, seed: int, preset: str, external: bool, rank9_opt_in: bool, flags: dict[str, Any] | None = None
) -> tuple[State, list[mv.Move]]:
    options = replace(options_for(players, preset, rank9_opt_in), **(flags or {}))
    state = ENGINE.new_game(options, None if external else seed)
    visited = 0

    def on_move(before: State, move: mv.Move, after: State) -> None:
        nonlocal visited
        visited += 1
        check_invariants(before, move, after)
        if visited % 7 == 0:
            legal = ENGINE.legal_moves(after)
            check_validate_matches_legal(after, legal)
            for viewer in range(players):
                other = perturb_hidden(after, viewer)
                if other is not None:
                    ENGINE.check(other)
                    assert ENGINE.view(other, viewer) == ENGINE.view(after, viewer)
            assert ENGINE.view(after, None).rng is None

    final, moves = random_playout(ENGINE, state, Rng.seeded(seed ^ 0x5EED), max_moves=50_000, on_move=on_move)
    assert final.phase == "over"
    assert final.round <= 100  # P-19
    sheet = ENGINE.score(final)
    assert sheet.final and len(sheet.winners) == 1  # P-17
    return final, moves


@pytest.mark.parametrize("players", range(2, 9))
@settings(max_examples=GAMES_PER_COUNT, derandomize=True)
@given(
    seed=st.integers(0, 2**63 - 1),
    preset=st.sampled_from(PRESETS),
    external=st.booleans(),
    rank9_opt_in=st.booleans(),
    flags=st.one_of(st.just({}), RULE_FLAGS),
)
def test_random_games_to_the_end(
    players: int, seed: int, preset: str, external: bool, rank9_opt_in: bool, flags: dict[str, Any]
) -> None:
    play(players, seed, preset, external, rank9_opt_in, flags)


@settings(max_examples=25)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**63 - 1), preset=st.sampled_from(PRESETS))
def test_replay_is_deterministic(players: int, seed: int, preset: str) -> None:
    """P-16: the same seed and moves give the same states and scores."""
    options = options_for(players, preset, False)
    first = ENGINE.new_game(options, seed)
    final, moves = random_playout(ENGINE, first, Rng.seeded(seed), max_moves=50_000)
    again = ENGINE.new_game(options, seed)
    assert again == first
    for move in moves:
        again = ENGINE.apply(again, move)
    assert again == final
    assert ENGINE.score(again) == ENGINE.score(final)
