"""Guilds of London through the client against the real server: an all-bot game with `bots` (its
record replayed, then scored and drawn), the city grid drawn where the state puts each tile, what a
seat's screen shows and hides, a whole game played at the terminal by a person answering every
prompt (scripted), and a game left half-way.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import RulesEngineClient, game_setup
from rulesengine_client.files import load_record, load_state
from rulesengine_client.guilds_of_london import WIDTH, Content, per_seat, short_name, symbol_codes
from rulesengine_client.render import Names, render_view

from tests.client.conftest import Cli

GAME = "guilds_of_london"
CELL_LINES = 4


def _names(client: RulesEngineClient) -> tuple[Names, Content]:
    names = Names.from_content(client.describe_game(GAME).content)
    content = names.guilds_of_london
    assert isinstance(content, Content)
    return names, content


def _play_to_round(
    client: RulesEngineClient, state: service_pb2.GameState, rnd: int, seed: int
) -> service_pb2.GameState:
    """Random legal moves from ``state`` (any pending seat, chance included) to a turn of round ``rnd``."""
    rng = random.Random(seed)
    while not (state.guilds_of_london.round >= rnd and state.guilds_of_london.HasField("turn")):
        legal = client.legal_moves(state).moves
        assert legal, "the game ended first"
        state = client.apply_move(state, rng.choice(legal)).state
    return state


def _grid(text: str) -> tuple[list[int], dict[int, list[list[str]]]]:
    """The drawn city: its column numbers, and per row the cells (each its lines, unstripped)."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("   +-"))
    columns = [int(n) for n in lines[top - 1].split()]
    rows: dict[int, list[list[str]]] = {}
    at = top + 1
    while at < len(lines) and lines[at][:3].strip().lstrip("-").isdigit():
        block = [line[3:].rstrip() for line in lines[at : at + CELL_LINES]]
        parts = [line.split("|")[1:-1] for line in block]
        rows[int(lines[at][:3])] = [[parts[i][c] for i in range(CELL_LINES)] for c in range(len(columns))]
        at += CELL_LINES + 1
    return columns, rows


# ---- the pieces of the drawing ------------------------------------------------------------------


def test_symbol_codes_are_the_card_colours_unless_they_clash() -> None:
    symbols = [("COMPASS", "red"), ("ANCHOR", "blue"), ("CROSS", "green"), ("SCYTHE", "yellow"), ("CROWN", "purple")]
    assert symbol_codes(symbols) == {"COMPASS": "R", "ANCHOR": "B", "CROSS": "G", "SCYTHE": "Y", "CROWN": "P"}
    clashing = [("COMPASS", "red"), ("CROSS", "red"), ("CROWN", "")]
    assert symbol_codes(clashing) == {"COMPASS": "COMP", "CROSS": "CROS", "CROWN": "CROW"}


def test_short_names_keep_what_fits() -> None:
    assert short_name("Guild 12", 10) == "Guild 12"
    assert short_name("Gog & Magog", 10) == "Gog Magog"
    assert short_name("Church of St Lawrence Jewry", 10) == "Church SLJ"
    assert short_name("Lord Mayor's Parade", 9) == "Lord MP"
    assert short_name("University of London", 9) == "Universit"
    assert per_seat((4, 0, 2)) == "4/0/2" and per_seat((0, 0)) == "-"


# ---- the city, as the state has it --------------------------------------------------------------


def test_every_tile_is_drawn_in_its_cell_with_its_figures(client: RulesEngineClient) -> None:
    names, content = _names(client)
    state = client.new_game(game_setup(GAME, 3, seed=9)).state
    state = _play_to_round(client, state, 8, seed=4)  # past two Growth phases: the city has grown
    view = client.view(state, 0)
    game = view.state.guilds_of_london
    text = render_view(view, names, 0)
    assert all(len(line) <= WIDTH for line in text.splitlines())
    columns, rows = _grid(text)
    cells = {(t.row, t.col) for t in game.city}
    hall = set(content.guildhall[3])
    assert len(game.city) > 10 and any(not t.face_up for t in game.city if t.HasField("face_up"))
    assert columns == list(range(min(c for _, c in cells | hall), max(c for _, c in cells | hall) + 1))
    assert sorted(rows) == list(range(min(r for r, _ in cells | hall), max(r for r, _ in cells | hall) + 1))

    for tile in game.city:
        cell = rows[tile.row][columns.index(tile.col)]
        width = len(cell[0])
        name, symbols, figures, last = (line.strip() for line in cell)
        assert name.lstrip(">") == short_name(content.tiles[tile.tile].name, width - 1)
        assert symbols.startswith("@") == (tile.tile == game.beadle)
        if not tile.HasField("face_up") or tile.face_up:
            neutral = f" n{tile.neutral}" if tile.neutral else ""
            assert figures == per_seat(tile.liverymen) + neutral and last == tile.token
            assert f"m{content.tiles[tile.tile].majority}" in symbols
        else:
            master = tile.master if tile.HasField("master") else -1
            assert figures == (f"DOWN s{master}" if master >= 0 else "DOWN") and last == ""
    first, *others = content.guildhall[3]
    hall_cell = rows[first[0]][columns.index(first[1])]
    assert hall_cell[0].strip() == "GUILDHALL" and hall_cell[2].strip() == per_seat(game.guildhall)
    assert all(rows[r][columns.index(c)][0].strip() == "GUILDHALL" for r, c in others)
    empty = [(r, c) for r in rows for c in columns if (r, c) not in cells | hall]
    assert empty and all(not "".join(rows[r][columns.index(c)]).strip() for r, c in empty)

    # Seat 0 sees its own hand and Lord Mayor cards, the others' only as counts.
    mine = game.players[0]
    assert f"      hand ({len(mine.hand)}): " in text
    for card in mine.hand:
        assert card in text.split("  seat 0 (you): ")[1].split("  seat 1: ")[0]
    others_text = text.split("  seat 1: ")[1]
    for index in (1, 2):
        hand = len(game.players[index].hand)
        assert f"hand ({hand}): {f'{hand} hidden' if hand else 'none'}" in others_text
    assert re.search(r"  seat 1: .*\n.*\n      Lord Mayor cards \(1\): 1 hidden", text)


# ---- whole games ---------------------------------------------------------------------------------


def test_bots_game_replays_scores_and_draws_the_final_state(
    cli: Cli, client: RulesEngineClient, tmp_path: Path
) -> None:
    out = tmp_path / "bots"
    result = cli(
        "bots", "--game", GAME, "--players", "4", "--games", "1", "--external-chance", "--bot-seed", "6",
        "--records-dir", str(out),
    )  # fmt: skip
    assert result.status == 0, result.out + result.err
    assert "games: 1  verified: 1  failed: 0" in result.out
    record = load_record(out / "game-0000.json")
    assert record.setup.chance_mode == common_pb2.CHANCE_MODE_EXTERNAL
    assert any(m.seat == -1 and m.guilds_of_london.HasField("chance_tile") for m in record.moves)

    final = tmp_path / "final.json"
    replayed = cli("replay", str(out / "game-0000.json"), "--state-out", str(final))
    assert replayed.status == 0 and "the game is over" in replayed.out
    scored = cli("score", str(final))
    played = json_format.Parse((out / "game-0000.score.json").read_text(), common_pb2.ScoreSheet())
    assert scored.status == 0 and scored.out.startswith("Final score:")
    for seat in played.seats:
        assert f"seat {seat.seat}: {seat.total} points" in scored.out

    state = load_state(final)
    names, _ = _names(client)
    text = render_view(client.view(state, None), names, None)
    assert text.startswith("Guilds of London: round 12 of 12, game over")
    assert "To decide: nobody (the game is over)" in text
    for index, player in enumerate(state.guilds_of_london.players):
        assert f"  seat {index}: {player.vp} VP" in text
        # At the end every kept Lord Mayor card is shown, to a spectator too.
        assert f"Lord Mayor cards ({len(player.lm_cards)}): {', '.join(player.lm_cards)}" in text


def test_a_person_plays_a_whole_game_answering_every_prompt(
    cli: Cli, client: RulesEngineClient, tmp_path: Path
) -> None:
    record_path = tmp_path / "game.json"
    result = cli(
        "play", "--game", GAME, "--players", "2", "--human", "0", "--seed", "5", "--bot-seed", "2", "--quiet",
        "--record", str(record_path),
        stdin="1\n" * 2000,
    )  # fmt: skip
    assert result.status == 0, result.out[-3000:] + result.err
    out = result.out
    assert "Seat 0 (you), your decision: Each player keeps a Lord Mayor card in secret" in out
    assert "Seat 0 (you), your decision: Play a card, or end the turn" in out
    assert "Guilds of London: round 1 of 16, setup: every player secretly keeps a Lord Mayor card" in out
    assert "GUILDHALL" in out and "Please type a number" not in out
    assert re.search(r"Game over after \d+ moves\.\nFinal score:", out) and "Winner" in out
    record = load_record(record_path)
    human = [m for m in record.moves if m.seat == 0]
    assert list(record.seat_labels) == ["human", "bot"] and len(human) > 20
    # Every screen the person saw was a view of their own seat: the bot's hand never shown.
    assert not re.search(r"  seat 1: .*\n      hand \(\d+\): (?!\d+ hidden|none)", out)
    replay = cli("replay", str(record_path), "--require-complete")
    assert replay.status == 0 and "the game is over" in replay.out


def test_a_game_left_half_way(cli: Cli, tmp_path: Path) -> None:
    record_path = tmp_path / "partial.json"
    result = cli(
        "play", "--game", GAME, "--players", "3", "--human", "1", "--seed", "8", "--bot-seed", "1",
        "--record", str(record_path),
        stdin="2\n1\nv\ns\nh\nwhat\n0\nq\n",
    )  # fmt: skip
    assert result.status == 1, result.err
    out = result.out
    assert "seat 1 (you): 0 VP" in out and "Provisional score:" in out and "Winner" not in out
    assert "Guilds of London: a/b/c = a count per seat" in out  # h: the notation
    assert out.count("Please type a number from 1 to") == 2  # "what" and "0"
    assert "Game abandoned after" in out
    record = load_record(record_path)
    assert list(record.seat_labels) == ["bot", "human", "bot"] and 1 in [m.seat for m in record.moves]
    replay = cli("replay", str(record_path))
    assert replay.status == 0 and "the game is not over" in replay.out
