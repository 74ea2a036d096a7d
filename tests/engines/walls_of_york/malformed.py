"""The Walls of York hook of ``tests/conformance/test_game_malformations.py``: malformed states a client could
send (walls, the step, the die's face, the decree, submissions, selections, lifts, tile counts), made from
states of a few real games, every step included."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st
from msgspec.structs import replace

from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.walls_of_york import ENGINE
from engines.walls_of_york.state import State, Submission
from tests.engines.setups import new_state

#: Hypothesis examples of ``mutate``.
EXAMPLES = 400


@cache
def samples() -> tuple[State, ...]:
    """States from a few real games, every step included."""
    out: list[State] = []
    for players, seed, overrides in ((2, 1, {}), (3, 2, {"board": "ts1"}), (4, 3, {"strict_supply": True})):
        state = new_state(ENGINE, players, seed=seed if seed % 2 else None, **overrides, max_turns_per_age=40)
        visited: list[State] = []
        random_playout(ENGINE, state, Rng.seeded(seed), on_move=lambda b, m, a, v=visited: v.append(a))
        out += visited[:: max(1, len(visited) // 80)]
    return tuple(out)


STEPS = ["first_player", "setup", "decree", "roll", "place", "lift", "close", "over"]


def mutate(s: State, data: st.DataObject) -> State:
    """One type-valid but possibly inconsistent change, as a client could send."""
    kind = data.draw(st.sampled_from(["walls", "step", "face", "decree", "submitted", "selection", "lift", "counts"]))
    seat = data.draw(st.integers(0, len(s.players) - 1))
    p = s.players[seat]
    players = list(s.players)
    if kind == "walls":
        players[seat] = replace(p, walls=(*p.walls, data.draw(st.sampled_from(["H 0 0", "V 8 7", "H 9 9", "X"]))))
    elif kind == "step":
        return replace(s, step=data.draw(st.sampled_from(STEPS)))  # type: ignore[arg-type]
    elif kind == "face":
        return replace(s, face=data.draw(st.integers(-2, 9)))
    elif kind == "decree":
        return replace(s, decree=data.draw(st.sampled_from([(), (9, 9, 9), (0, 0, 0), (1, 2)])))
    elif kind == "submitted":
        sub = data.draw(st.sampled_from([Submission("pass"), Submission("single", edge="H 0 0"), Submission("single"),
                                         Submission("formation", 99, 0, 0), Submission("hidden")]))  # fmt: skip
        players[seat] = replace(p, submitted=sub)
    elif kind == "selection":
        players[seat] = replace(p, selection=("0,0", "7,7"), decided=data.draw(st.booleans()))
    elif kind == "lift":
        players[seat] = replace(p, lift=data.draw(st.integers(1, 5)))
    else:
        players[seat] = replace(p, raid_tiles=data.draw(st.integers(-1, 4)), viking_tiles=data.draw(st.integers(-1, 9)))
    return replace(s, players=tuple(players))
