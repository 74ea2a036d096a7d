"""The registry is the only list of the games (issue #24): no file outside the places that are about one
game or generated from the contract names every game.

``engines/registry.py`` registers the games; everything else that needs all of them asks it
(``engines.registry.engines()``), asks a server (``ListGames``), or finds the game's own module by its id
(the client's renderers: ``clients/python/rulesengine_client/<game_id>.py``). A file outside ``engines/``,
``proto/``, ``docs/`` and ``tests/`` that names :data:`AT_MOST` + 1 or more of the registered ids keeps a list
of its own, which a new game would have to be added to; one or two ids as examples are fine.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from google.protobuf import text_format
from rulesengine.v1 import service_pb2
from rulesengine_client import render
from rulesengine_client.render import Names, game_module, render_state

from engines import registry

ROOT = Path(__file__).resolve().parent.parent
#: How many game ids a file may name (examples: ``--game citadels``) before it counts as a list of games.
AT_MOST = 3
#: Folders that are about the games one by one (their rules, contract, documentation and tests), and the
#: benchmarks' recorded results (data that names the game of each record).
EXEMPT_FOLDERS = ("engines/", "proto/", "docs/", "tests/", "bench/results/")
#: The stubs generated from proto/ (scripts/gen_proto.py): the contract's own list, not a second one.
GENERATED = re.compile(r"contract/rulesengine/v1/\w+_pb2(_grpc)?\.pyi?")
#: The client's per-game renderer modules, each about its one game.
CLIENT_GAME_MODULE = "clients/python/rulesengine_client/{}.py"


def files() -> list[str]:
    """Every file of the tree (tracked, or new and not ignored), relative to the root."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [p for p in listed.stdout.splitlines() if (ROOT / p).is_file()]


def exempt(path: str, game_ids: list[str]) -> bool:
    """Whether ``path`` may name every game: it is about the games one by one, or generated."""
    return (
        path.startswith(EXEMPT_FOLDERS)
        or GENERATED.fullmatch(path) is not None
        or path in {CLIENT_GAME_MODULE.format(game_id) for game_id in game_ids}
    )


def named(text: str, game_ids: list[str]) -> list[str]:
    """The game ids ``text`` names (anywhere: ``walled_city_bench`` names ``walled_city``)."""
    return [game_id for game_id in game_ids if game_id in text]


def lists_of_games(paths: list[str], game_ids: list[str]) -> dict[str, list[str]]:
    """Each file of ``paths`` that is not :func:`exempt` and names more than :data:`AT_MOST` games, with them."""
    found: dict[str, list[str]] = {}
    for path in paths:
        if exempt(path, game_ids):
            continue
        ids = named((ROOT / path).read_bytes().decode("utf-8", errors="replace"), game_ids)
        if len(ids) > AT_MOST:
            found[path] = ids
    return found


def test_the_registry_is_the_only_list_of_games() -> None:
    game_ids = sorted(registry.engines())
    found = lists_of_games(files(), game_ids)
    assert not found, (
        "these files keep their own list of the games (ask engines.registry, ListGames, or the game's own "
        f"module instead; see docs/adding-a-game.md): {found}"
    )


def test_the_check_sees_a_list_and_lets_examples_and_exempt_files_be() -> None:
    game_ids = sorted(registry.engines())
    assert len(game_ids) > AT_MOST, "too few games registered for the check to mean anything"
    assert named(" ".join(f"bench.{g}_bench" for g in game_ids), game_ids) == game_ids
    assert named("--game citadels", game_ids) == ["citadels"]
    assert exempt("engines/registry.py", game_ids) and exempt("docs/records.md", game_ids)
    assert exempt("contract/rulesengine/v1/service_pb2.pyi", game_ids)
    assert exempt(CLIENT_GAME_MODULE.format(game_ids[0]), game_ids)
    assert not exempt("clients/python/rulesengine_client/render.py", game_ids)
    assert not exempt("README.md", game_ids) and not exempt("bench/verify_folder.py", game_ids)


def test_the_client_finds_a_games_renderer_by_its_id_and_shows_any_other_game_as_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for game_id in registry.engines():
        module = game_module(game_id)
        assert (module is not None) == (ROOT / CLIENT_GAME_MODULE.format(game_id)).exists(), game_id
        if module is not None:
            assert game_id == module.GAME_ID and callable(module.render_game)
    for not_a_game in ("cli", "render", "no_such_game", "../cli", ""):
        assert game_module(not_a_game) is None, not_a_game
    state = service_pb2.GameState(game_id="citadels")
    state.citadels.SetInParent()
    assert render_state(state, Names(), 0).startswith("Round 1, selection phase")
    monkeypatch.setattr(render, "game_module", lambda game_id: None)  # a game the client has no module for
    assert render_state(state, Names(), 0) == text_format.MessageToString(state)
