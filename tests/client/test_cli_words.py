"""The CLI speaks the service's words: moves by their LegalMoves labels (a flat list, or step by
step along the choice paths), played moves by their ApplyMove log lines (a person sees only the
public line of another seat's move), a legend and every key, no winner before the end, and a
replay that says when a record stops before the game does.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rulesengine.v1 import citadels_pb2, common_pb2, service_pb2
from rulesengine_client import RulesEngineClient
from rulesengine_client.cli import PLAY_KEYS, Console, TerminalPlayer, build_parser, main, move_line
from rulesengine_client.files import load_record, save_message
from rulesengine_client.render import LEGEND, Names, describe_move, legend, move_label, render_score
from rulesengine_client.walled_city import pending_text

from tests.client.conftest import Cli


def _text(english: str) -> common_pb2.Text:
    return common_pb2.Text(id="test", english=english)


def _entry(seat: int, public: str, private: str = "") -> common_pb2.LogEntry:
    entry = common_pb2.LogEntry(seat=seat, public_line=_text(public))
    if private:
        entry.private_line.CopyFrom(_text(private))
    return entry


# ---- played moves ------------------------------------------------------------------------------


def test_another_seats_move_shows_only_its_public_line() -> None:
    entry = _entry(1, "Seat 1 takes a character.", "Seat 1 keeps the Assassin.")
    assert move_line(4, entry, human=True, mine=False) == "  Seat 1 takes a character."


def test_a_persons_own_move_shows_what_only_they_saw() -> None:
    # A private line that speaks to the person is shown as it is, not after "You: ".
    entry = _entry(0, "Seat 0 took a character.", "You kept the Assassin.")
    assert move_line(4, entry, human=True, mine=True) == "  You kept the Assassin."
    entry = _entry(0, "Seat 0 took a character.", "Your hand now holds the Manor.")
    assert move_line(4, entry, human=True, mine=True) == "  Your hand now holds the Manor."
    # A line about the seat says it was the person's own move.
    assert move_line(4, _entry(0, "Seat 0 gathered 2 gold."), human=True, mine=True) == "  You: Seat 0 gathered 2 gold."
    assert move_line(4, _entry(0, "Younger seats wait."), human=True, mine=True) == "  You: Younger seats wait."


def test_a_chance_move_shows_only_its_public_line() -> None:
    entry = _entry(-1, "The table deals seat 2 a card.", "The card is the Manor.")
    line = move_line(9, entry, human=True, mine=False)
    assert line == "  The table deals seat 2 a card." and "Manor" not in line


def test_all_bot_moves_are_numbered_public_lines() -> None:
    entry = _entry(2, "Seat 2 takes a character.", "Seat 2 keeps the King.")
    assert move_line(11, entry, human=False, mine=False) == "   12  Seat 2 takes a character."


# ---- moves by their labels ---------------------------------------------------------------------


def test_a_move_is_shown_by_its_label_even_when_a_field_is_zero() -> None:
    # The Warlord destroying the Statue of seat 0 (every field of a proto3 scalar zero is "unset").
    move = service_pb2.Move(seat=2)
    move.citadels.destroy.CopyFrom(citadels_pb2.CitadelsDestroy(target=0, district="statue"))
    # Without a label (an illegal move in a replay) the client's own rendering keeps the zero target.
    assert describe_move(move, with_seat=False) == "destroy: target=0, district=statue, copy=0"
    label = common_pb2.MoveLabel(label=_text("Destroy the Statue in seat 0's city (2 gold)"))
    assert move_label(label, move) == "Destroy the Statue in seat 0's city (2 gold)"
    assert move_label(None, move) == describe_move(move, with_seat=False)  # no label sent: the fields


class _FakeClient:
    """Only what ``TerminalPlayer.choose`` asks of a client."""

    def view(self, state: service_pb2.GameState, seat: int | None) -> service_pb2.ViewStateResponse:
        return service_pb2.ViewStateResponse(state=state)

    def score(self, state: service_pb2.GameState, seat: int | None = None) -> common_pb2.ScoreSheet:
        return common_pb2.ScoreSheet(final=False, seats=[common_pb2.SeatScore(seat=0, total=3, place=1)])


def _label(english: str, *path: str) -> common_pb2.MoveLabel:
    return common_pb2.MoveLabel(label=_text(english), path=[_text(p) for p in path])


def _choose(
    labels: list[common_pb2.MoveLabel],
    answers: str,
    *,
    prompt: str = "Place something",
    state: service_pb2.GameState | None = None,
) -> tuple[int, str]:
    """Which move a person answering ``answers`` picks, and what the screen showed."""
    moves = [service_pb2.Move(seat=0) for _ in labels]
    for index, move in enumerate(moves):
        move.citadels.gather_gold.SetInParent() if index % 2 else move.citadels.gather_cards.SetInParent()
    out = io.StringIO()
    player = TerminalPlayer(Names(), Console(out, io.StringIO()), io.StringIO(answers))
    pending = common_pb2.Pending(seats=[0], kind="place", prompt=prompt)
    state = state if state is not None else service_pb2.GameState()
    chosen = player.choose(_FakeClient(), state, pending, 0, moves, labels)  # type: ignore[arg-type]
    return next(i for i, m in enumerate(moves) if m is chosen), out.getvalue()


def _many_labels() -> list[common_pb2.MoveLabel]:
    """30 moves: 'pass' alone, then 'wall' at 29 streets in rows 0-2 (a path of 3 steps)."""
    labels = [_label("Pass", "pass")]
    for row in range(3):
        for column in range(10 if row < 2 else 9):
            labels.append(_label(f"Wall at {column},{row}", "wall", f"row {row}", f"column {column}"))
    return labels


def test_a_short_decision_is_one_numbered_list_of_labels() -> None:
    labels = [_label("Take 2 gold", "gold"), _label("Draw 2 cards, keep 1", "cards")]
    index, screen = _choose(labels, "2\n")
    assert index == 1
    assert "    1. Take 2 gold\n    2. Draw 2 cards, keep 1\n" in screen


def test_a_long_decision_is_walked_step_by_step_and_back() -> None:
    labels = _many_labels()
    # wall > row 1, back, row 2 > column 4.
    index, screen = _choose(labels, "2\n2\nb\n3\n5\n")
    assert labels[index].label.english == "Wall at 4,2"
    assert "30 legal moves: choose step by step (b = back)." in screen
    assert "    1. pass\n    2. wall  (29 moves)\n" in screen
    assert "Choose (so far: wall):\n    1. row 0  (10 moves)\n" in screen
    assert "Choose (so far: wall > row 2):" in screen and "    5. column 4\n" in screen
    assert "Wall at 0,0" not in screen  # no flat list of all the labels


def test_back_at_the_first_step_and_the_keys_inside_a_walk() -> None:
    labels = _many_labels()
    index, screen = _choose(labels, "b\nh\n?\nl\nx\n1\n")
    assert labels[index].label.english == "Pass"
    assert "There is no earlier step to go back to." in screen
    assert screen.count(PLAY_KEYS) == 2 and screen.count(LEGEND) == 2  # h and ?
    assert "       - Wall at 8,2\n" in screen  # l lists the moves still possible, by label
    assert "Please type a number from 1 to 2, or h for help." in screen


def test_a_forced_move_is_said_and_played_without_asking() -> None:
    # No answer to read: asking would end the game (an empty stdin quits).
    index, screen = _choose([_label("End the turn", "end")], "")
    assert index == 0
    assert "Seat 0 (you), your decision: Place something\nOnly one choice: End the turn.\n" in screen
    assert "choose 1-1" not in screen and "seat 0>" not in screen


def test_a_step_with_one_choice_is_said_and_taken_without_asking() -> None:
    # 30 walls in rows 0-2: the first step (wall) has one option, said once; the row is asked.
    labels = [_label(f"Wall at {c},{r}", "wall", f"row {r}", f"column {c}") for r in range(3) for c in range(10)]
    index, screen = _choose(labels, "3\n5\n")
    assert labels[index].label.english == "Wall at 4,2"
    assert screen.count("Only one choice: wall.") == 1
    assert "choose 1-1 " not in screen and "Choose (so far: wall):" in screen


def test_the_decision_names_the_seat_once() -> None:
    # An older server's prompt names the seat; today's does not: the screen names it once either way.
    for prompt in ("Seat 0: keep a character", "Keep a character"):
        _, screen = _choose([_label("Keep the King", "king"), _label("Keep the Thief", "thief")], "1\n", prompt=prompt)
        assert "Seat 0 (you), your decision: Keep a character\n" in screen
        assert "Seat 0: " not in screen
    # Another seat named in a prompt is not the deciding seat: it stays.
    _, screen = _choose([_label("Rob", "rob"), _label("Pass", "pass")], "1\n", prompt="Seat 2: was robbed; rob back?")
    assert "Seat 0 (you), your decision: Seat 2: was robbed; rob back?\n" in screen


def test_the_help_shows_the_notation_of_the_game_played() -> None:
    citadels = service_pb2.GameState(game_id="citadels")
    citadels.citadels.SetInParent()
    _, screen = _choose([_label("Take 2 gold", "gold"), _label("Draw", "cards")], "h\n1\n", state=citadels)
    assert legend("citadels") in screen and "[crown]" in screen
    for other in ("The Walled City:", "Guilds of London:", "Viscounts:"):
        assert other not in screen
    assert "The Walled City:" in legend("walled_city") and "[crown]" not in legend("walled_city")
    assert legend("walls_of_york").startswith("Notation: ?") and "Viscounts" not in legend("walls_of_york")


def test_an_older_servers_prompt_names_no_seat_twice_in_the_view() -> None:
    pending = common_pb2.Pending(seats=[0], kind="starting_roads", prompt="Seat 0: starting roads")
    assert pending_text(pending) == "seat 0 (Starting roads)"
    pending = common_pb2.Pending(seats=[0, 1], kind="draft", prompt="Every player: keep a card")
    assert pending_text(pending) == "seat 0, seat 1 (Every player: keep a card)"


# ---- legend, help, scores ----------------------------------------------------------------------


def test_the_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    text = build_parser().format_help()
    for command in ("games", "play", "replay", "score", "bots", "health"):
        assert f"    {command} " in text
    assert "h or ? shows the keys" in text
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    assert "--require-complete" in capsys.readouterr().out


def test_the_legend_explains_every_notation_and_the_keys_every_key() -> None:
    for notation in ("?", "hidden", "(you)", "[crown]", "*", "CHANCE", "Provisional score"):
        assert notation in LEGEND
    for key in ("a number", "b =", "l =", "v =", "s =", "h or ? =", "q ="):
        assert key in PLAY_KEYS


def test_a_provisional_score_names_no_winner() -> None:
    seats = [common_pb2.SeatScore(seat=0, total=5, place=1), common_pb2.SeatScore(seat=1, total=3, place=2)]
    provisional = render_score(common_pb2.ScoreSheet(final=False, seats=seats, winners=[0]))
    assert provisional.startswith("Provisional score:") and "Winner" not in provisional
    final = render_score(common_pb2.ScoreSheet(final=True, seats=seats, winners=[0]))
    assert final.startswith("Final score:") and final.endswith("Winner: seat 0")


# ---- replay of a record that stops early ------------------------------------------------------


def test_replay_says_when_the_record_ends_before_the_game(cli: Cli, client: RulesEngineClient, tmp_path: Path) -> None:
    played = tmp_path / "played"
    assert cli("bots", "--players", "3", "--seed", "5", "--records-dir", str(played)).status == 0
    record = load_record(played / "game-0000.json")
    del record.moves[17:]
    short = tmp_path / "short.json"
    save_message(record, short)
    pending = client.replay_game(record).pending
    seat = pending.seats[0]
    # Who decides next, as players read it: the seat and the service's prompt, no kind of decision.
    following = f"Next: {record.seat_labels[seat]} (seat {seat}) — {pending.prompt.removeprefix(f'Seat {seat}: ')}"

    lenient = cli("replay", str(short))
    assert lenient.status == 0, lenient.err
    assert lenient.out.startswith(
        f"OK: all 17 moves are legal; the record ends after 17 moves; the game is not over.\n{following}\n"
    )
    assert " owes " not in lenient.out
    assert "Provisional score:" in lenient.out and "Winner" not in lenient.out

    strict = cli("replay", "--require-complete", str(short))
    assert strict.status == 1
    assert strict.out.startswith(
        f"INCOMPLETE: all 17 moves are legal, but the record ends after 17 moves; the game is not over.\n{following}\n"
    )

    complete = cli("replay", "--require-complete", str(played / "game-0000.json"))
    assert complete.status == 0 and "the game is over" in complete.out and "Winner" in complete.out


# ---- option errors in a player's words ---------------------------------------------------------


def test_a_bad_option_value_is_named_with_what_it_takes(cli: Cli) -> None:
    result = cli("play", "--game", "walls_of_york", "--players", "2", "--seed", "1", "-o", "strict_supply=maybe")
    assert result.status == 1
    errors = [line for line in result.err.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "Option strict_supply takes true or false, not 'maybe'." in errors[0], result.err
    result = cli("bots", "--game", "walls_of_york", "--players", "2", "-o", "max_turns_per_age=x")
    assert "Option max_turns_per_age takes a whole number, not 'x'." in result.err
