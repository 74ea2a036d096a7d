"""Malformed Walls of York states never crash the engine: ``check`` rejects them with
StateInvalid, or every engine function works on them (nothing a client sends may crash)."""

from __future__ import annotations

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.core.errors import IllegalMove, StateInvalid
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.walls_of_york import ENGINE
from engines.walls_of_york.state import State, Submission


def sample_states() -> list[State]:
    """States from a few real games, every step included."""
    out: list[State] = []
    for players, seed, overrides in ((2, 1, {}), (3, 2, {"board": "ts1"}), (4, 3, {"strict_supply": True})):
        options = ENGINE.make_options(players, {**overrides, "max_turns_per_age": 40})
        state = ENGINE.new_game(options, seed if seed % 2 else None)
        visited: list[State] = []
        random_playout(ENGINE, state, Rng.seeded(seed), on_move=lambda b, m, a, v=visited: v.append(a))
        out += visited[:: max(1, len(visited) // 80)]
    return out


SAMPLES = sample_states()
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


@settings(max_examples=400, deadline=None)
@given(index=st.integers(0, len(SAMPLES) - 1), data=st.data())
def test_malformed_states_are_rejected_or_handled(index: int, data: st.DataObject) -> None:
    s = msgspec.json.decode(msgspec.json.encode(mutate(SAMPLES[index], data)), type=State)
    try:
        ENGINE.check(s)
    except StateInvalid as exc:
        assert str(exc)
        return
    ENGINE.pending(s)
    ENGINE.score(s)
    for seat in (None, *range(len(s.players))):
        ENGINE.view(s, seat)
    for move in ENGINE.legal_moves(s)[:15]:
        assert not ENGINE.validate(s, move)
        try:
            ENGINE.apply(s, move)
        except IllegalMove:  # pragma: no cover - a listed move must apply
            raise AssertionError(f"listed move {move} was refused") from None
