"""`rules-engine-client play` for a person who has not read the code (issue #23, items 6 and 7): a picture of
the seat's view before each of its decisions (`--pictures`), the notation of the game played only, the ids of
The Walled City's board explained once and in its menus, and a record that keeps the game's match id.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulesengine.v1 import service_pb2
from rulesengine_client import RulesEngineClient
from rulesengine_client.files import load_record
from rulesengine_client.render import Names, legend
from rulesengine_client.walled_city import BoardContent, board_guide

from tests.client.conftest import Cli, Server

WALLED_CITY = ("--game", "walled_city", "--players", "2", "--human", "0", "--seed", "3", "--bot-seed", "1")


@pytest.fixture(scope="module")
def walled_city(server: Server) -> Names:
    """Names (and The Walled City content) from DescribeGame."""
    with RulesEngineClient(server.target, timeout=30.0) as connected:
        return Names.from_content(connected.describe_game("walled_city").content)


def _prefix(record: service_pb2.GameRecord, moves: int) -> service_pb2.GameRecord:
    cut = service_pb2.GameRecord()
    cut.CopyFrom(record)
    del cut.moves[moves:]
    return cut


# ---- pictures ------------------------------------------------------------------------------------


def test_play_writes_the_picture_of_the_seats_view_before_each_decision(
    cli: Cli, client: RulesEngineClient, tmp_path: Path
) -> None:
    pictures, record_path = tmp_path / "pictures", tmp_path / "game.json"
    result = cli(
        "play", *WALLED_CITY, "--match-id", "pictured", "--pictures", str(pictures), "--picture-format", "svg",
        "--record", str(record_path),
        stdin="1\n1\nq\n",
    )  # fmt: skip
    assert result.status == 1, result.err
    decisions = result.out.count("Seat 0 (you), your decision:")
    names = sorted(p.name for p in pictures.iterdir())
    assert decisions >= 3 and names == [f"turn-{n:04d}.svg" for n in range(1, decisions + 1)]
    for name in names:  # each said where it was written, before the decision it shows
        assert f"Picture of this turn: {pictures / name}\nSeat 0 (you), your decision:" in result.out
    # The first picture is seat 0's view of the state of its first decision (RenderView), not anyone else's.
    record = load_record(record_path)
    first = next(i for i, move in enumerate(record.moves) if move.seat == 0)
    state = client.replay_game(_prefix(record, first)).state
    shown = (pictures / "turn-0001.svg").read_bytes()
    assert shown == client.render_view(state, 0).image and shown != client.render_view(state, 1).image


def test_pictures_are_png_by_default_and_name_the_seat_when_several_play(cli: Cli, tmp_path: Path) -> None:
    result = cli("play", *WALLED_CITY, "--pictures", str(tmp_path / "one"), stdin="q\n")
    assert result.status == 1, result.err
    assert (tmp_path / "one" / "turn-0001.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert f"Picture of this turn: {tmp_path / 'one' / 'turn-0001.png'}" in result.out

    several = ("--players", "2", "--human", "0,1", "--seed", "4", "--picture-format", "svg")
    result = cli("play", *several, "--pictures", str(tmp_path / "two"), stdin="1\n1\nq\n")
    assert result.status == 1, result.err
    names = sorted(p.name for p in (tmp_path / "two").iterdir())
    assert names and all(re.fullmatch(r"turn-\d{4}-seat[01]\.svg", name) for name in names), names


def test_pictures_need_a_person_playing(cli: Cli, tmp_path: Path) -> None:
    result = cli("play", "--players", "3", "--seed", "1", "--pictures", str(tmp_path / "pictures"))
    assert result.status == 2 and "--pictures writes a picture before each decision of a --human seat" in result.err
    assert not (tmp_path / "pictures").exists()


# ---- the notation of the game played -------------------------------------------------------------


def test_play_shows_only_the_notation_of_the_game_played(cli: Cli) -> None:
    result = cli("play", "--players", "3", "--human", "0", "--seed", "7", stdin="h\nq\n")
    assert result.status == 1, result.err
    assert result.out.startswith(legend("citadels") + "\n") and result.out.count(legend("citadels")) == 2
    for other in ("The Walled City:", "Guilds of London:", "Viscounts:"):
        assert other not in result.out
    result = cli("play", *WALLED_CITY, stdin="q\n")
    assert result.out.startswith(legend("walled_city") + "\n") and "[crown]" not in result.out


# ---- The Walled City's board ids -----------------------------------------------------------------


def test_walled_city_explains_the_board_ids_once_and_in_its_menus(cli: Cli, walled_city: Names) -> None:
    assert walled_city.walled_city is not None
    board = walled_city.walled_city.boards["londonderry"]
    result = cli("play", *WALLED_CITY, stdin="1\n" * 5 + "q\n")
    assert result.status == 1, result.err
    out = result.out
    assert out.count("How to read the board (londonderry):") == 1
    first = board.paths[0]
    sides = "|".join("/".join(side) for side in board.path_sides[first])
    assert f" {first} {sides}," in out  # each path with the areas it runs between
    gap = board.gaps[0]
    assert f" {gap} {board.gap_areas[gap]}," in out
    assert "`play --pictures DIR` writes a picture of the board" in out
    # A menu step that is only an id says what it names (the road's areas), as the picture shows it.
    steps = re.findall(r"^ +\d+\. (\S+) \(a path for a road, between (\S+) and (\S+)\)$", out, re.MULTILINE)
    assert steps, out[-3000:]
    for path, one, other in steps:
        assert board.path_sides[path] == ((one,), (other,))
    # The view names the deciding seat once.
    assert "To decide: seat 0 (Seat 0:" not in out and "To decide: seat 0 (" in out


def test_a_board_says_what_its_ids_name() -> None:
    data = {
        "areas": [{"id": "A1"}, {"id": "A2"}, {"id": "B1"}],
        "paths": [{"id": "p1", "sides": [["A1"], ["A2"]]}, {"id": "t1", "sides": [["B1"], ["A1", "A2"]]}],
        "gaps": [{"id": "g1", "area": "A1"}, {"id": "g2", "area": "A2"}],
        "towers": [{"id": "T1"}, {"id": "T2"}],
        "zones": [{"id": "Z1"}, {"id": "Z2"}],
        "ring": ["T1", "g1", "Z1", "T2", "g2", "Z2"],
    }
    board = BoardContent.from_data("test", data)
    assert board.place_note("p1") == "a path for a road, between A1 and A2"
    assert board.place_note("t1") == "a path for a road, between B1 and A1/A2"
    assert board.place_note("g2") == "a gap in the city wall, at A2"
    assert (
        board.place_note("Z1")
        == board.place_note("Z2")
        == "a defence zone (on the ring around the city, between two towers)"
    )
    assert board.place_note("Card 3/1") == board.place_note("A1") == board.place_note("T1") == ""  # named elsewhere
    guide = board_guide(board, pictures=True)
    assert "p1 A1|A2, t1 B1|A1/A2." in guide and "g1 A1, g2 A2." in guide
    assert "clockwise: T1, g1, Z1, T2, g2, Z2." in guide and "The picture written before each" in guide
    # Content without sides, areas or ring (a content pack's) still names the ids.
    bare = BoardContent.from_data("bare", {k: v for k, v in data.items() if k != "ring"} | {"paths": [{"id": "p1"}]})
    assert bare.place_note("p1") == "a path for a road" and bare.place_note("Z1") == "a defence zone"


# ---- the record keeps the match id ---------------------------------------------------------------


def test_the_record_of_play_keeps_the_match_id(cli: Cli, client: RulesEngineClient, tmp_path: Path) -> None:
    named = tmp_path / "named.json"
    result = cli("play", "--players", "3", "--seed", "21", "--bot-seed", "4", "--match-id", "open-r3-b4",
                 "--record", str(named))  # fmt: skip
    assert result.status == 0, result.err
    record = load_record(named)
    assert record.match_id == "open-r3-b4"
    assert client.replay_game(record).state.match_id == "open-r3-b4"  # the states of the game carried it

    # Without --match-id: a random id, said on stderr and kept, also by the record of a game quit early.
    quit_early = tmp_path / "quit.json"
    result = cli("play", "--players", "3", "--human", "1", "--seed", "21", "--record", str(quit_early), stdin="q\n")
    assert result.status == 1, result.err
    said = re.search(r"^match id: (\S+)$", result.err, re.MULTILINE)
    assert said is not None, result.err
    assert load_record(quit_early).match_id == said.group(1)
