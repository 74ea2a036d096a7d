"""Malformed Walled City states never crash the engine: ``check`` rejects them with
StateInvalid, or every engine function works on them (nothing a client sends may crash)."""

from __future__ import annotations

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.core.errors import IllegalMove, StateInvalid
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.walled_city.engine import ENGINE
from engines.walled_city.state import Card, Placed, State, Turn


def sample_states() -> list[State]:
    out: list[State] = []
    for players, seed, side in ((2, 1, "londonderry"), (3, 2, "borderlands"), (4, 3, "londonderry")):
        state = ENGINE.new_game(ENGINE.make_options(players, {"board": side}), seed if seed % 2 else None)
        visited: list[State] = []
        random_playout(ENGINE, state, Rng.seeded(seed), on_move=lambda b, m, a, v=visited: v.append(a))
        out += visited[:: max(1, len(visited) // 60)]
    return out


SAMPLES = sample_states()
PHASES = ["setup", "starting_roads", "alignment", "build", "defence", "over"]


def mutate(s: State, data: st.DataObject) -> State:
    kind = data.draw(st.sampled_from(["phase", "turn", "index", "citizens", "hand", "offer", "reserve", "dice"]))
    seat = data.draw(st.integers(0, len(s.seats) - 1))
    if kind == "phase":
        return replace(s, phase=data.draw(st.sampled_from(PHASES)))  # type: ignore[arg-type]
    if kind == "turn":
        step = data.draw(st.sampled_from(["place", "settle", "promote", "adjust"]))
        spot = data.draw(st.sampled_from(["", "p01", "g11n", "nowhere"]))
        return replace(s, turn=Turn(seat=data.draw(st.integers(-1, 5)), step=step, spot=spot, a=3, b=2))  # type: ignore[arg-type]
    if kind == "index":
        return replace(s, index=data.draw(st.integers(-2, 9)), order=data.draw(st.sampled_from([(), (0, 9), s.order])))
    if kind == "citizens":
        place = data.draw(st.sampled_from(["A11", "T1", "box", "Z1"]))
        return replace(
            s, citizens=(*s.citizens, Placed(place, data.draw(st.sampled_from(["0", "7", "neutral"])), 1, 1))
        )
    if kind == "hand":
        return replace(
            s, seats=tuple(replace(p, hand=(Card(9, 9),)) if i == seat else p for i, p in enumerate(s.seats))
        )
    if kind == "offer":
        return replace(s, offer=(*s.offer, data.draw(st.sampled_from(["mercers", "nobody"]))))
    if kind == "reserve":
        return replace(s, seats=tuple(replace(p, nobles=-1) if i == seat else p for i, p in enumerate(s.seats)))
    return replace(s, dice=s.dice[:-1])


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
    for seat in (None, *range(len(s.seats))):
        ENGINE.view(s, seat)
    for move in ENGINE.legal_moves(s)[:15]:
        assert not ENGINE.validate(s, move)
        try:
            ENGINE.apply(s, move)
        except IllegalMove:  # pragma: no cover - a listed move must apply
            raise AssertionError(f"listed move {move} was refused") from None
