"""A content pack replaces a game's shipped content with no code change (DESIGN "Content is
data"): the server started with --content-dir serves the pack's boards, with their provenance."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from rulesengine_client import RulesEngineClient

from tests.client.conftest import Server, _console_script, _free_port, _wait_serving

#: The shipped Walls of York content file (read as a file: the client tests never import engines).
SHIPPED = Path(__file__).resolve().parents[2] / "engines" / "walls_of_york" / "data" / "content.json"


@pytest.fixture()
def packed_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose Walls of York tiles come from a pack marked as checked against print."""
    content = json.loads(SHIPPED.read_text())
    for tile in content["tiles"]:
        tile["provenance"] = "printed"
        tile["source"] = "test pack"
    content["tiles"][0]["rows"][0] = "CH CH CH CH"
    pack = tmp_path / "packs" / "walls_of_york"
    pack.mkdir(parents=True)
    (pack / "content.json").write_text(json.dumps(content))
    port = _free_port()
    log = tmp_path / "server.log"
    command = [
        _console_script("rules-engine"), "serve", "--host", "127.0.0.1", "--port", str(port),
        "--content-dir", str(tmp_path / "packs"), "--log-level", "warning",
    ]  # fmt: skip
    with log.open("wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT)
    running = Server(process, f"127.0.0.1:{port}", log)
    try:
        _wait_serving(running)
        yield running
    finally:
        process.terminate()
        process.wait(timeout=15)


def test_a_content_pack_replaces_the_shipped_tiles(packed_server: Server) -> None:
    with RulesEngineClient(packed_server.target, timeout=30.0) as client:
        content = client.describe_game("walls_of_york").content
        tiles = content["tiles"]
        assert {t["provenance"] for t in tiles} == {"printed"}
        assert tiles[0]["rows"][0] == "CH CH CH CH"
        # The other game keeps its shipped content.
        citadels = client.describe_game("citadels").content
        assert {d["provenance"] for d in citadels["districts"]} == {"reconstructed"}


def test_the_shipped_content_says_it_is_reconstructed(client: RulesEngineClient) -> None:
    tiles = client.describe_game("walls_of_york").content["tiles"]
    assert len(tiles) == 8 and {t["provenance"] for t in tiles} == {"reconstructed"}
