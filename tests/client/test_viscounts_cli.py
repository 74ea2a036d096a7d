"""Viscounts of the West Kingdom through the client against the real server: the ring, the castle and
the player boards drawn where the state puts them (the client reads DescribeGame, never the engine),
what a seat's screen shows and hides, an all-bot game with `bots` (its record replayed, scored and
drawn), a solo game against the Cleric AI and a game against bots played at the terminal by a person
answering every prompt (scripted), and a game left half-way.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import RulesEngineClient, game_setup
from rulesengine_client.files import load_record, load_state
from rulesengine_client.guilds_of_london import per_seat
from rulesengine_client.render import Names, render_view
from rulesengine_client.viscounts import WIDTH, Content, effect_text, icons, space_text

from tests.client.conftest import Cli

GAME = "viscounts"
HIDDEN = "?"
SEGMENTS = 5


def _names(client: RulesEngineClient) -> tuple[Names, Content]:
    names = Names.from_content(client.describe_game(GAME).content)
    content = names.viscounts
    assert isinstance(content, Content)
    return names, content


def _built_and_placed(state: service_pb2.GameState) -> bool:
    game = state.viscounts
    workers = sum(n for row in game.castle.tier1 for n in row.seats)
    return game.round >= 3 and any(game.spots) and workers > 0 and game.turn.phase == "play"


def _play_until_built(client: RulesEngineClient, seed: int) -> service_pb2.GameState:
    """Random legal moves (chance included) from a seeded 3-player game until, in round 3 or later, a
    building stands on the ring and a worker is in the castle, at the start of a turn."""
    state = client.new_game(game_setup(GAME, 3, seed=seed)).state
    rng = random.Random(seed)
    while not _built_and_placed(state):
        legal = client.legal_moves(state).moves
        assert legal, "the game ended first"
        state = client.apply_move(state, rng.choice(legal)).state
    return state


# ---- the pieces of the drawing ------------------------------------------------------------------


def test_effects_icons_and_spaces_in_words() -> None:
    assert effect_text({"op": "silver", "n": 2}) == "2 silver"
    assert effect_text({"op": "all", "of": [{"op": "ink"}, {"op": "stone"}]}) == "ink + stone"
    assert effect_text({"op": "choice", "of": [{"op": "free_hire"}, {"op": "destroy"}]}) == "free hire or destroy"
    cost = {"op": "cost", "pay": {"op": "gold"}, "gain": {"op": "virtue", "n": 2}}
    assert effect_text(cost) == "pay gold for 2 virtue"
    assert effect_text({"op": "if", "criminals": ">=1", "then": {"op": "gain_debt"}}) == "if criminals >=1: debt"
    assert effect_text({"op": "free_manuscript", "costs": [3.0, 4.0]}) == "free manuscript (cost 3/4)"
    assert effect_text({"op": "place_workers", "n": 2, "where": "any_section"}) == "2 workers (any section)"
    assert effect_text({"op": "build_free", "building": ""}) == "free any building"
    assert effect_text({"op": "draw", "n": 2}) == "draw x2" and effect_text(None) == "nothing"
    assert icons(["CLERIC", "MERCHANT", "CRIMINAL"]) == "C M X" and icons([]) == "-"
    assert space_text(0) == "segment 1 outer-left (space 0)" and space_text(13) == "segment 5 inner (space 13)"
    assert space_text(-1) == "not on the board"
    assert per_seat((2, 0, 1)) == "2/0/1" and per_seat((0, 0)) == "-"
    assert Content.from_data({"guild_tiles": []}) is None  # another game's content


def test_the_content_the_client_reads_agrees_with_describe_game(client: RulesEngineClient) -> None:
    _, content = _names(client)
    data = json_format.MessageToDict(client.describe_game(GAME).content)
    assert len(content.folk) == len(data["townsfolk"]) == 86 and len(content.scripts) == 35
    acolyte = next(t for t in data["townsfolk"] if t["id"] == "acolyte")
    assert content.folk_text("acolyte") == f"Acolyte ({int(acolyte['cost'])}; {icons(acolyte['icons'])})"
    assert content.exchanges == {
        str(e["kind"]): f"{int(e['cost'])} merchant{'s' if e['cost'] != 1 else ''} -> {effect_text(e['reward'])}"
        for e in data["board"]["exchanges"]
    }
    assert content.sections == tuple(effect_text(e) for e in data["castle"]["sections"])
    assert content.starting_icons[2] == tuple(data["board"]["starting_icons"]["2"])
    assert set(content.sides) == {s["id"] for s in data["segments"]}
    assert all(len(side.spots) >= 1 for side in content.sides.values())


# ---- the ring, the castle, the players, as the state has them -----------------------------------


def _flat(text: str) -> str:
    """``text`` with every run of white space (line breaks of wrapped lines included) as one space."""
    return " ".join(text.split())


def test_every_segment_space_spot_and_section_is_drawn_from_the_state(client: RulesEngineClient) -> None:
    names, content = _names(client)
    state = _play_until_built(client, seed=11)
    view = client.view(state, 0)
    game = view.state.viscounts
    text = render_view(view, names, 0)
    lines = text.splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert lines[0].startswith(f"Viscounts of the West Kingdom: round {game.round}, the turns; start player: seat")
    ring, rest = text.split("\nCastle (workers per seat s0/s1/s2):\n")
    castle, players = rest.split("\nPlayers:\n")
    segments = ring.split("\n  Segment ")[1:]
    assert len(segments) == SEGMENTS

    rotation = game.rotation
    spot = 0
    for pos, drawn in enumerate(segments):
        side = content.sides[game.ring[pos]]
        seg = _flat(drawn)
        beside = (pos + rotation) % SEGMENTS + 1
        assert seg.startswith(f"{pos + 1} (segment {side.segment}, side {game.ring[pos]}), castle section {beside}")
        top = game.folk_tops[pos]
        folk = f"{content.folk_text(top)}, {game.folk_left[pos]} below" if top else "empty; printed card"
        assert f"townsfolk: {folk}" in seg
        script = game.script_tops[pos]
        cost, ribbon = content.scripts[script] if script else (0, "")
        shown = f"{script} (cost {cost}, {ribbon}), {game.script_left[pos]} below" if script else "empty; printed"
        assert f"manuscript: {shown}" in seg
        for k, kind in enumerate(("OL", "IN", "OR")):
            space = 3 * pos + k
            there = [s for s, p in enumerate(game.players) if p.space == space]
            who = ", ".join(f"seat {s}" + (" (you)" if s == 0 else "") for s in there) or "-"
            row = next(line for line in drawn.splitlines() if line.startswith(f"    {kind} space {space:>2}: "))
            assert row.split(": ", 1)[1].split(";")[0] == who
            if k != 1:
                exchange = side.exchanges[k // 2]
                assert row.endswith(f"; exchange {exchange}: {content.exchanges[exchange]}")
        for i, printed in enumerate(side.spots):
            held = game.spots[spot + i]
            owner, _, slot = held.partition(":")
            built = content.slots[slot] if held else None
            what = f"seat {owner} {built.building.replace('_', ' ').title()} {built.index}" if built else "empty"
            assert f"spot {spot + i} ({printed.reward}): {what}" in seg
        spot += len(side.spots)
    assert spot == len(game.spots)

    flat_castle = _flat(castle)
    for section in range(SEGMENTS):
        tier1 = per_seat(game.castle.tier1[section].seats)
        tier2 = per_seat(game.castle.tier2[section].seats)
        beside = (section - rotation) % SEGMENTS + 1
        reward = content.sections[section]
        line = f"section {section + 1}, beside segment {beside}: tier 1 {tier1}, tier 2 {tier2}; tier 2 gives {reward}"
        assert line in flat_castle
    assert f"centre (tier 3): {per_seat(game.castle.centre)}" in flat_castle

    blocks = players.split("\n  seat ")
    assert len(blocks) == len(game.players)
    for seat, (drawn, p) in enumerate(zip(blocks, game.players, strict=True)):
        block = _flat(drawn)
        assert block.startswith(f"seat {seat}" if seat == 0 else f"{seat}")
        assert f"silver {p.silver}, ink {p.ink}, gold {p.gold}, stone {p.stone}" in block
        assert f"debts {p.debts} unpaid, {p.paid} paid; deeds {p.deeds} acquired, {p.approved} approved" in block
        assert f"track: corruption {p.corruption or 1}, virtue {p.virtue if p.HasField('virtue') else 7}" in block
        assert f"buildings built ({len(p.built)})" in block and f"draw pile {len(p.draw)}" in block
        hand = ", ".join(content.folk_text(c) for c in p.hand) if seat == 0 else f"{len(p.hand)} hidden"
        assert f"hand ({len(p.hand)}): {hand}" in block
        slots = [content.folk_text(c) if c else "empty" for c in p.slots]
        assert all(f"[{n}] {s}" in block for n, s in enumerate(slots, 1))
    assert any(p.built for p in game.players)  # drawn above, with the spot that holds it
    assert set(game.players[1].hand) == {HIDDEN}  # the view hid it, and so did the drawing


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
    assert any(m.seat == -1 and m.viscounts.HasField("segment") for m in record.moves)

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
    assert text.startswith(f"Viscounts of the West Kingdom: round {state.viscounts.round}, game over")
    assert "To decide: nobody (the game is over)" in text and "(you)" not in text
    for index, player in enumerate(state.viscounts.players):
        assert f"  seat {index}" in text and f"manuscripts ({len(player.manuscripts)})" in text


def test_a_person_plays_a_solo_game_against_the_cleric_ai(cli: Cli, tmp_path: Path) -> None:
    record_path = tmp_path / "solo.json"
    result = cli(
        "play", "--game", GAME, "--players", "1", "--human", "0", "--seed", "5", "--quiet",
        "--record", str(record_path),
        stdin="1\n" * 3000,
    )  # fmt: skip
    assert result.status == 0, result.out[-3000:] + result.err
    out = result.out
    for prompt in ("pick a player card and hero", "play a card from your hand into slot 1", "move your viscount"):
        assert f"Seat 0 (you), your decision: {prompt[0].upper()}{prompt[1:]}" in out  # the seat named once
    assert "  seat 1 (Cleric AI): player card" in out and "scheme discard (" in out
    assert "Please type a number" not in out
    assert re.search(r"Game over after \d+ moves\.\nFinal score:", out) and "Winner: seat" in out
    assert re.search(r"\n  \d\. seat 1: -?\d+ points", out), "the AI is scored"
    record = load_record(record_path)
    assert list(record.seat_labels) == ["human"] and {m.seat for m in record.moves} == {0}
    replay = cli("replay", str(record_path), "--require-complete")
    assert replay.status == 0 and "the game is over" in replay.out


def test_a_person_plays_a_whole_game_against_bots_with_external_chance(cli: Cli, tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    result = cli(
        "play", "--game", GAME, "--players", "3", "--human", "1", "--external-chance", "--bot-seed", "3",
        "--quiet", "--record", str(record_path),
        stdin="1\n" * 3000,
    )  # fmt: skip
    assert result.status == 0, result.out[-3000:] + result.err
    out = result.out
    assert "Seat 1 (you), your decision: Take a primary action, or none" in out
    assert "  seat 1 (you)" in out and "Please type a number" not in out
    assert re.search(r"Game over after \d+ moves\.\nFinal score:", out)
    # Every screen the person saw was seat 1's view: the bots' hands never shown.
    assert not re.search(r"  seat [02]: .*\n(?:.*\n){4}      hand \(\d+\): (?!\d+ hidden|none)", out)
    record = load_record(record_path)
    assert list(record.seat_labels) == ["bot", "human", "bot"] and -1 in {m.seat for m in record.moves}
    replay = cli("replay", str(record_path), "--require-complete")
    assert replay.status == 0 and "the game is over" in replay.out


def test_a_game_left_half_way(cli: Cli, tmp_path: Path) -> None:
    record_path = tmp_path / "partial.json"
    result = cli(
        "play", "--game", GAME, "--players", "2", "--human", "0", "--seed", "8", "--bot-seed", "1",
        "--record", str(record_path),
        stdin="1\nv\ns\nh\nwhat\n0\nq\n",
    )  # fmt: skip
    assert result.status == 1, result.err
    out = result.out
    assert "  seat 0 (you)" in out and "Provisional score:" in out and "Winner" not in out
    assert "Viscounts: a card is name (cost; icons)" in out  # h: the notation
    assert out.count("Please type a number from 1 to") == 2  # "what" and "0"
    assert "Game abandoned after" in out
    record = load_record(record_path)
    assert list(record.seat_labels) == ["human", "bot"] and 0 in [m.seat for m in record.moves]
    replay = cli("replay", str(record_path))
    assert replay.status == 0 and "the game is not over" in replay.out


def test_solo_bots_summary_counts_the_ai_seat(cli: Cli) -> None:
    """A solo game has two seats at the table: the summary counts the AI's wins too."""
    result = cli("bots", "--game", GAME, "--players", "1", "--games", "2", "--seed", "3", "--bot-seed", "2")
    assert result.status == 0, result.out + result.err
    line = next(x for x in result.out.splitlines() if x.startswith("wins by seat: "))
    wins = dict(part.split(": ") for part in line.removeprefix("wins by seat: ").split(", "))
    assert list(wins) == ["0", "1"] and sum(int(n) for n in wins.values()) >= 2
