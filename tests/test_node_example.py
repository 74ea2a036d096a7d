"""The Node example client (``examples/node``) works against a real server: ``npm ci`` installs its locked
dependencies, ``node play.js`` lists the games, plays a seeded game to its end with the score this Python
client finds for the same game, and decodes the violation code of a refused move from the trailer; with
``--ca``, ``--cert`` and ``--key`` it does the same over mutual TLS, and without them a TLS server refuses it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from rulesengine_client import RulesEngineClient, game_setup

from engines import registry
from engines.core.errors import NOT_YOUR_TURN
from server.app import start_server
from server.config import Config
from tests.client.conftest import Server, server
from tests.pki import make_ca, make_leaf

__all__ = ["server"]

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "node"
SEED = "7"
PLAYED = re.compile(r"^played (\w+) for (\d+) seats with seed (\d+): (\d+) moves$", re.MULTILINE)


def _tool(name: str) -> str:
    """The path of ``name`` (node, npm); fails the test, naming what to install, when it is missing."""
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"`{name}` is not on the PATH: install Node.js 20 or later (it brings npm) to test examples/node")
    return found


def _run(command: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=EXAMPLE, capture_output=True, text=True, timeout=timeout, check=False)


def _first_move_game(target: str, game: str, players: int, seed: int) -> tuple[int, str]:
    """Plays ``game`` taking the first legal move each time, as play.js does: (moves, the score line)."""
    with RulesEngineClient(target, timeout=30.0) as client:
        state = client.new_game(game_setup(game, players=players, seed=seed)).state
        moves = 0
        while legal := client.legal_moves(state).moves:
            applied = client.apply_move(state, legal[0])
            state, moves = applied.state, moves + 1
            if not applied.pending.seats:
                break
        score = client.score(state)
    seats = ", ".join(f"seat {s.seat} = {s.total}" for s in score.seats)
    winners = ", ".join(str(w) for w in score.winners)
    return moves, f"final score: {seats} (winners: {winners}; final: {str(score.final).lower()})"


@pytest.fixture(scope="module")
def node() -> str:
    """``node``, once ``npm ci`` has installed the example's locked dependencies."""
    node, npm = _tool("node"), _tool("npm")
    installed = _run([npm, "ci", "--no-audit", "--no-fund"], timeout=120)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return node


def test_the_node_example_plays_a_game_and_decodes_the_violation(node: str, server: Server) -> None:
    done = _run([node, "play.js", server.target, SEED], timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines if line.startswith("game ")] == [
        f"game {game_id}" for game_id in sorted(registry.engines())
    ]
    played = PLAYED.search(done.stdout)
    assert played is not None, done.stdout
    game, players, seed, moves = played.group(1), int(played.group(2)), int(played.group(3)), int(played.group(4))
    assert seed == int(SEED) and game in registry.engines()
    assert _first_move_game(server.target, game, players, seed) == (moves, lines[lines.index(played.group(0)) + 1])
    assert f"violation code: {NOT_YOUR_TURN} (domain rulesengine)" in lines
    assert any(line.startswith(f"field violation: move.seat: {NOT_YOUR_TURN}: ") for line in lines), done.stdout


def test_the_node_example_speaks_mutual_tls_with_ca_cert_and_key(node: str, tmp_path: Path) -> None:
    make_ca(tmp_path, "ca")
    make_leaf(tmp_path, "server", "ca", "serverAuth")
    make_leaf(tmp_path, "client", "ca", "clientAuth", server=False)
    config = Config(
        host="127.0.0.1",
        port=0,
        threads=2,
        tls_cert=tmp_path / "server.pem",
        tls_key=tmp_path / "server.key",
        tls_client_ca=tmp_path / "ca.pem",
    )
    running = start_server(config)
    try:
        target = f"localhost:{running.port}"
        mutual = ["--ca", str(tmp_path / "ca.pem"), "--cert", str(tmp_path / "client.pem")]
        mutual += ["--key", str(tmp_path / "client.key")]
        done = _run([node, "play.js", *mutual, target, SEED], timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert PLAYED.search(done.stdout) and f"violation code: {NOT_YOUR_TURN} (domain rulesengine)" in done.stdout
        for refused in ([], ["--ca", str(tmp_path / "ca.pem")]):  # plaintext; TLS without a client certificate
            failed = _run([node, "play.js", *refused, target, SEED], timeout=60)
            assert failed.returncode == 1 and failed.stderr.startswith("error: "), refused
        halves = _run([node, "play.js", "--cert", str(tmp_path / "client.pem"), target], timeout=60)
        assert halves.returncode == 1 and "--cert and --key go together" in halves.stderr
    finally:
        running.stop(None)
