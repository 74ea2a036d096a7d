"""Guilds of London in players' words (issue #23, item 3): components by what a player sees of them, prompts
without the deciding seat, log lines in the past tense, declining an effect in words, and a game-over line
that tells the truth about the round the game ended in."""

from __future__ import annotations

import re

from engines.guilds_of_london import moves as mv
from engines.guilds_of_london import scoring
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.names import card_name, lord_mayor_name, scoring_words, token_name
from engines.guilds_of_london.state import ChooseLordMayor, HireStep, NeutralStep, State
from tests.engines.guilds_of_london.helpers import Spot, game, settled
from tests.engines.setups import new_state

A, B, C = 0, 1, 2

#: What a player should never read: a content id or a code word.
CODE = re.compile(r"\b[A-Z]+_[A-Z0-9_]+\b|\bLM\d+\b|\bT_[A-Z]+\d\b")


def labels(s: State, *actions: object, seat: int = A) -> list[str]:
    return [m.label.english for m in ENGINE.labels(s, [mv.Move(seat, a) for a in actions])]


def public(before: State, action: object, seat: int = A) -> str:
    move = mv.Move(seat, action)
    return ENGINE.log(before, move, ENGINE.apply(before, move)).public_line.english


def test_components_are_named_by_what_a_player_sees() -> None:
    """Action cards by their symbol, Lord Mayor cards by what they score, tokens by what they give."""
    assert card_name("SCYTHE_HIRE").english == "Scythe card"
    assert card_name("ANCHOR_PLANTATION").english == "Anchor card"
    assert scoring_words("LM01").english == "2 VP per guild tile you are master of with an Anchor"
    assert scoring_words("LM16").english == "3 VP per guild tile you are master of numbered 1–2"
    assert token_name("T_VP2").english == "2 VP" and token_name("T_HIRE1").english == "hire up to 1 liveryman"
    assert (
        token_name("T_NEUTRAL1").english == "take up to 1 neutral pawn"
        and token_name("T_DRAW1").english == "draw 1 card"
    )


def test_identical_lord_mayor_cards_are_told_apart_by_their_copy() -> None:
    """LM01, LM06 and LM11 score alike: a menu offering two of them still shows two different choices."""
    assert lord_mayor_name("LM01").english == "2 VP per guild tile you are master of with an Anchor"
    assert lord_mayor_name("LM06").english == "2 VP per guild tile you are master of with an Anchor (second copy)"
    assert lord_mayor_name("LM11").english == "2 VP per guild tile you are master of with an Anchor (third copy)"


def test_a_turn_is_labelled_and_logged_in_words() -> None:
    """§5.2: the turn's moves name the card by its symbol; the log says what the seat did, in the past tense."""
    s = game(3, [Spot("G04", 1, 0)], hands={A: ["SCYTHE_HIRE", "CROWN_VP"]}, turn=A)
    shown = labels(s, mv.PlayHire("SCYTHE_HIRE"), mv.PlayAbility("SCYTHE_HIRE"), mv.EndTurn())
    assert shown == [
        "Hire a liveryman with the Scythe card",
        "Play the Scythe card for its ability: hire up to 2 liverymen",
        "End the turn",
    ]
    assert ENGINE.pending(s).prompt == "Play a card, or end the turn"
    assert public(s, mv.PlayHire("SCYTHE_HIRE")) == "Seat 0 hired a liveryman with the Scythe card"


def test_declining_a_hire_or_the_neutral_pawns_is_said_in_words() -> None:
    """§6.7 ``HIRE`` / ``GAIN_NEUTRAL`` take up to n: taking none is a choice, worded as declining (no ``0``)."""
    s = game(3, [Spot("G04", 1, 0)], turn=A, queue=[HireStep(A, 2)])
    assert ENGINE.pending(s).prompt == "How many liverymen to hire (up to 2)"
    assert labels(s, mv.Hire(0), mv.Hire(1), mv.Hire(2)) == ["Hire nobody", "Hire 1 liveryman", "Hire 2 liverymen"]
    assert public(s, mv.Hire(0)) == "Seat 0 hired nobody"
    s = game(3, [Spot("G04", 1, 0)], turn=A, queue=[NeutralStep(A, 1)])
    assert labels(s, mv.TakeNeutral(0), mv.TakeNeutral(1)) == ["Take no neutral pawns", "Take 1 neutral pawn"]
    assert public(s, mv.TakeNeutral(1)) == "Seat 0 took 1 neutral pawn"


def test_the_secret_keep_is_asked_of_everybody_and_told_only_to_the_keeper() -> None:
    """R-SETUP-11: the prompt names no seat; the public line hides the card, the private line names it."""
    s = settled(new_state(ENGINE, 2, seed=7))
    assert ENGINE.pending(s).prompt == "Each player keeps a Lord Mayor card in secret"
    move = ENGINE.legal_moves(s)[0]
    assert move.seat == A and CODE.search(ENGINE.labels(s, [move])[0].label.english) is None
    entry = ENGINE.log(s, move, ENGINE.apply(s, move))
    assert entry.public_line.english == "Seat 0 kept a Lord Mayor card"
    assert entry.private_line is not None
    assert (
        entry.private_line.english == f"You kept the Lord Mayor card scoring {scoring_words(move.action.card).english}"
    )


def test_the_score_sheet_names_cards_and_tokens_in_words() -> None:
    """§7.1: the ledger keeps ids; the score sheet shows the card, token and Lord Mayor card in words."""
    assert scoring.detail_words("action card", "CROWN_VP").english == "Crown card"
    assert scoring.detail_words("second-place token", "T_VP2").english == "2 VP"
    assert (
        scoring.detail_words("Lord Mayor card", "LM06").english
        == "2 VP per guild tile you are master of with an Anchor"
    )
    assert scoring.detail_words("first place", "Guild 4").english == "Guild 4"


def _last_turn_of_round(round: int) -> State:
    """3 players, round ``round``: every tile is resolved but one, where seat 0 has the most liverymen; it is
    the turn of seat 2, the last of the round."""
    spots = [Spot("G03", 1, 0, {A: 2}), Spot("G04", 0, 0, master=B)]
    return game(3, spots, turn=C, round=round, seed=5)


def test_a_game_ended_by_resolving_every_tile_says_which_round_it_was_in() -> None:
    """R-RES-20, A-22: the last tile of a 3-player city is resolved in round 13: the marker jumps to the last
    Growth space, 15, and the game ends there. The log says the rounds were jumped over; the finished game
    does not claim it went on until after round 15."""
    s = _last_turn_of_round(13)
    after = ENGINE.apply(s, mv.Move(C, mv.EndTurn()))
    assert after.stage == "over" and after.round == 15
    line = ENGINE.log(s, mv.Move(C, mv.EndTurn()), after).public_line.english
    assert line == (
        "Seat 2 ended the turn — Guild 3 (1,0) was resolved (Seat 0); every tile was resolved in round 13, so "
        "the round marker jumped to round 15's Growth phase; the game ended"
    )
    over = ENGINE.pending(after).prompt
    assert "after round 15" not in over
    assert over == (
        "The game is over: every tile was resolved, so the round marker moved on to the Growth phase of round 15, "
        "the last round, and the game ended there."
    )


def test_a_game_played_to_the_end_of_the_track_ends_after_its_last_round() -> None:
    """R-END-1: with a tile still face up after the last round (a tie nothing breaks), the game is over after
    round 15."""
    spots = [Spot("G03", 1, 0, {A: 1, B: 1}), Spot("G04", 0, 0, face_up=False)]
    s = game(3, spots, turn=C, round=15, seed=5)
    after = ENGINE.apply(s, mv.Move(C, mv.EndTurn()))
    assert after.stage == "over"
    assert (
        ENGINE.log(s, mv.Move(C, mv.EndTurn()), after).public_line.english == "Seat 2 ended the turn — the game ended"
    )
    assert ENGINE.pending(after).prompt == "The game is over after round 15."


def test_the_lord_mayor_choice_asks_to_keep_then_to_put_under() -> None:
    """§5.3: while cards are still to be kept the step asks to keep one; once none is, it asks for the next card
    to put under the deck."""
    state = new_state(ENGINE, 2, seed=1)
    row = ENGINE.table.queued[ChooseLordMayor]
    assert row.words(state, ChooseLordMayor(0, keep=2)).english == "Keep one of the Lord Mayor cards you drew"
    assert row.words(state, ChooseLordMayor(0, keep=1)).english == "Keep one of the Lord Mayor cards you drew"
    assert (
        row.words(state, ChooseLordMayor(0, keep=0)).english == "Choose the next Lord Mayor card to put under the deck"
    )
