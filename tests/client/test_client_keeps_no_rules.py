"""The client keeps no copy of any game rule (issue 9 item 5): its per-game code lays out what the
service says. The rule code it once had is gone, and what it draws (The Walled City's districts,
Walls of York's board, formations and committed streets, who is to decide) is the service's."""

from __future__ import annotations

import random

import pytest
from rulesengine.v1 import service_pb2
from rulesengine_client import RulesEngineClient, game_setup, walled_city, walls_of_york
from rulesengine_client.render import Names, render_decision_help, render_view, view_facts

#: Rule code the client once computed itself, by module (and class): none of it may come back.
REMOVED: dict[object, tuple[str, ...]] = {
    walled_city: ("_halves",),
    walled_city.BoardContent: ("districts", "zone_towers", "ring", "lengths"),
    walls_of_york: (
        "_transform",
        "normalise",
        "variants",
        "shifted_edges",
        "midpoint_edge",
        "rotate",
        "pending_seats",
        "_status",
        "_own_placement",
        "DieFace",
        "QUADRANTS",
        "describe_action",
    ),
    walls_of_york.Content: ("board", "rolled", "placement", "tiles", "die", "formations"),
}


@pytest.mark.parametrize(("owner", "name"), [(o, n) for o, names in REMOVED.items() for n in names])
def test_the_removed_rule_code_is_gone(owner: object, name: str) -> None:
    assert not hasattr(owner, name)
    fields = getattr(owner, "__dataclass_fields__", {})
    assert name not in fields


def _play(client: RulesEngineClient, state: service_pb2.GameState, moves: int, seed: int) -> service_pb2.GameState:
    """``moves`` random legal moves from ``state`` (any pending seat, chance included)."""
    rng = random.Random(seed)
    for _ in range(moves):
        legal = client.legal_moves(state).moves
        if not legal:
            break
        state = client.apply_move(state, rng.choice(legal)).state
    return state


def _shown_districts(text: str) -> list[list[str]]:
    """The areas listed under each ``district N (...)`` heading of a rendered Walled City view."""
    shown: list[list[str]] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("Areas by district"):
            inside = True
        elif inside and line.startswith("  district "):
            shown.append([])
        elif inside and line.startswith("    ") and shown:
            shown[-1].append(line.strip().split(":", 1)[0])
        elif inside:
            break
    return shown


def test_walled_city_districts_are_the_services(client: RulesEngineClient) -> None:
    names = Names.from_content(client.describe_game("walled_city").content)
    state = client.new_game(game_setup("walled_city", 2, seed=11)).state
    seen_split = False
    for round_ in range(8):
        state = _play(client, state, 15, seed=round_)
        view = client.view(state, 0)
        facts = view_facts(view)
        text = render_view(view, names, 0)
        expected = [list(d["areas"]) for d in facts["districts"]]
        assert _shown_districts(text) == expected
        for number, district in enumerate(facts["districts"], 1):
            leaders = ", ".join(walled_city.who_name(w) for w in district["leaders"]) or "nobody"
            assert f"  district {number} (" in text and f"leads: {leaders})" in text
        # Who decides is ViewState's pending, not read from the state by the client.
        assert f"To decide: {walled_city.pending_text(view.pending)}" in text
        seen_split = seen_split or len(expected) > 1
    assert seen_split  # roads were built: the service split the board, and the client showed it
    # Without the service's facts the client draws no district of its own.
    assert _shown_districts(walled_city.render(state.walled_city, names.walled_city, 0)) == []


def test_walls_of_york_board_and_formations_are_the_services(client: RulesEngineClient) -> None:
    names = Names.from_content(client.describe_game("walls_of_york").content)
    content = names.walls_of_york
    assert content is not None
    state = client.new_game(game_setup("walls_of_york", 2, seed=5)).state
    for _ in range(200):
        if state.walls_of_york.step == "place":
            break
        state = _play(client, state, 1, seed=1)
    assert state.walls_of_york.step == "place"
    view = client.view(state, 0)
    facts = view_facts(view)
    text = render_view(view, names, 0)
    # The board drawn is the service's fields, row by row.
    rows = [line for line in text.splitlines() if line[:3].strip().isdigit()]
    assert len(facts["fields"]) == 64 and all(facts["fields"])
    for r in range(8):
        codes = [facts["fields"][c + 8 * r] for c in range(8)]
        assert rows[r].startswith(f"{r:>2} " + "".join("  " + code for code in codes) + " ")
    # The formation's variants drawn are DescribeGame's, for the formation the service says was rolled.
    formation = facts["rolled"]["formation"]
    help_text = render_decision_help(view.state, names, facts)
    assert help_text.startswith(f"Formation {formation}, variants")
    assert help_text.count("variant ") == len(content.formation_variants[formation])
    # Each seat's status is the service's.
    for index, seat in enumerate(facts["seats"]):
        assert f"seat {index}" in text and seat["status"] in text
    assert f"Waiting for: {', '.join(f'seat {s}' for s in view.pending.seats)} (" in text
    # Without facts the client shows no board of its own: every field blank.
    bare = walls_of_york.render(state.walls_of_york, content, 0)
    bare_rows = [line for line in bare.splitlines() if line[:3].strip().isdigit()]
    assert len(bare_rows) == 8 and all(word.isdigit() for line in bare_rows for word in line.split())
