"""The Walled City hook of ``tests/conformance/test_game_malformations.py``: malformed states a client could
send, and odd actions to validate on them. The sample states come from random games whose players activate
their guilds often, so many hold a guild ability in progress (§5.6); the mutations include malformed
abilities, fences and build turns besides the basic ones, and an extra run declares an ability with any
memory in a build turn."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from hypothesis import strategies as st
from msgspec.structs import replace

from engines.walled_city import moves as mv
from engines.walled_city.common import board, printed
from engines.walled_city.engine import ENGINE
from engines.walled_city.fences import Fence
from engines.walled_city.guilds import ABILITY
from engines.walled_city.state import Activation, Card, Placed, State, Turn
from tests.engines.setups import new_state

GAMES = [
    (2, "londonderry", "board", 1),
    (3, "borderlands", "board", 2),
    (4, "londonderry", "mixed", 3),
    (2, "borderlands", "mixed", 4),
    (4, "borderlands", "board", 5),
]
"""(players, board, guild deck, seed); odd seeds use the engine's chance, even ones external chance."""
ACTIVATE = 0.6
PHASES = ["setup", "starting_roads", "alignment", "build", "defence", "over"]
GUILDS = [*sorted(ABILITY), "grocers", "nobody"]
ITEMS = ["die:0", "die:19", "die:99", "die:-1", "tile:0", "tile:3", "tile:x", "Q9", "A11", "W2", "A11.1", ""]
CHOSEN = ["0", "1", "3", "neutral", "noble", "peasant", "nobody"]
#: Hypothesis examples of ``mutate`` and of each extra run.
EXAMPLES = 1000
ODD_ACTIONS: list[mv.Action] = [
    mv.PickMarker("die", 99),
    mv.PickMarker("tile", -1),
    mv.PickSpot("nowhere"),
    mv.PickNoble("9", "T1"),
    mv.PickPeasant("0", "nowhere"),
    mv.MoveNoble("neutral", "A11", "T9"),
    mv.PlaceCitizen("bogus", "A11"),
    mv.Cross("0", "noble", "A11", "p01", "A12"),
    mv.BuildFence("nowhere", "p01", True, "p02", False),
    mv.SplitCitizens("0", -1, 99),
    mv.MarkersTo("nowhere"),
    mv.GiveCard(9, 9),
    mv.ReturnCard(5, 0),
    mv.TakeCard(1, 0),
    mv.ChanceReroll(7),
    mv.ActivateGuild("grocers", "nobody"),
    mv.Done(),
    mv.Promote("0", "A11", "T1"),
    mv.Adjust("die", 99, 1),
    mv.SettleWall(9, -1, 10),
]
"""Arbitrary decisions: validating them on any state must answer with violations, never crash."""


@cache
def samples() -> tuple[State, ...]:
    """States of ``GAMES``: those holding a guild ability in progress (about 25 spread over each game) and
    about 40 spread over each game."""
    out: list[State] = []
    for players, side, deck, seed in GAMES:
        rng = random.Random(seed)
        s = new_state(ENGINE, players, seed=seed if seed % 2 else None, board=side, guild_deck=deck)
        visited: list[State] = [s]
        while ENGINE.pending(s).seats:
            legal = ENGINE.legal_moves(s)
            guilds = [m for m in legal if isinstance(m.action, mv.ActivateGuild)]
            move = rng.choice(guilds if guilds and rng.random() < ACTIVATE else legal)
            s = ENGINE.apply(s, move)
            visited.append(s)
        busy = [x for x in visited if x.activation is not None]
        out += busy[:: max(1, len(busy) // 25)] + visited[:: max(1, len(visited) // 40)]
    return tuple(out)


def _turn(s: State) -> Turn:
    return (
        s.turn if s.turn is not None else Turn(seat=s.order[s.index] if s.order and 0 <= s.index < len(s.order) else 0)
    )


def _activation(s: State, data: st.DataObject) -> Activation:
    """A guild ability in progress: the state's own, else one declared by the builder (so most get past the
    first checks), with one field made bogus or a random memory."""
    seat = _turn(s).seat
    base = s.activation or Activation(seat=seat, guild=data.draw(st.sampled_from(sorted(ABILITY))))
    how = data.draw(
        st.sampled_from(["seat", "guild", "items", "count", "chosen", "butchers", "rolling", "via", "random", "keep"])
    )
    if how == "seat":
        return replace(base, seat=data.draw(st.sampled_from([-1, (seat + 1) % len(s.seats), 9])))
    if how == "guild":
        return replace(base, guild=data.draw(st.sampled_from(GUILDS)))
    if how == "items":
        return replace(base, items=tuple(data.draw(st.lists(st.sampled_from(ITEMS), max_size=3))))
    if how == "count":
        return replace(base, count=data.draw(st.sampled_from([-1, -5, 1, 3, 7, 99])))
    if how == "chosen":
        return replace(base, chosen=tuple(data.draw(st.lists(st.sampled_from(CHOSEN), min_size=1, max_size=3))))
    if how == "butchers":  # more cards than recipients
        cards = (Card(1, 0), Card(2, 1), Card(3, 2), Card(4, 1), Card(2, 2))
        return replace(base, guild="butchers", cards=cards, count=data.draw(st.integers(0, 8)))
    if how == "rolling":  # a re-roll awaited, for any guild
        guild = data.draw(st.sampled_from(sorted(ABILITY)))
        return replace(base, guild=guild, rolling=True, items=(data.draw(st.sampled_from(ITEMS)),))
    if how == "via":
        return replace(base, via=data.draw(st.sampled_from(["grocers", "mercers", "x"])))
    if how == "random":
        return Activation(
            seat=seat,
            guild=data.draw(st.sampled_from(sorted(ABILITY))),
            count=data.draw(st.integers(0, 6)),
            chosen=tuple(data.draw(st.lists(st.sampled_from(CHOSEN), max_size=2))),
            items=tuple(data.draw(st.lists(st.sampled_from(ITEMS), max_size=2))),
            cards=tuple(
                Card(a, b) for a, b in data.draw(st.lists(st.sampled_from([(1, 0), (3, 2), (2, 2)]), max_size=3))
            ),
            arrived=tuple(
                data.draw(
                    st.lists(
                        st.builds(
                            Placed,
                            st.sampled_from(["A11", "O1", "T1"]),
                            st.sampled_from(CHOSEN),
                            st.integers(-1, 2),
                            st.integers(-1, 2),
                        ),
                        max_size=2,
                    )
                )
            ),
            rolling=data.draw(st.booleans()),
        )
    return base


def _declared(s: State, act: Activation) -> State:
    """The builder's guild turned, so an injected ability looks declared."""
    seat = _turn(s).seat
    seats = tuple(
        replace(p, guild=act.guild if not act.via else "grocers", guild_used=True) if i == seat else p
        for i, p in enumerate(s.seats)
    )
    return replace(s, seats=seats)


def mutate(s: State, data: st.DataObject) -> State:
    """One or two type-valid but possibly inconsistent changes, as a client could send."""
    for _ in range(data.draw(st.integers(1, 2))):
        s = _mutate_once(s, data)
    return s


def _mutate_once(s: State, data: st.DataObject) -> State:
    kind = data.draw(
        st.sampled_from(
            [
                "phase",
                "turn",
                "index",
                "citizens",
                "hand",
                "offer",
                "reserve",
                "dice",
                "activation",
                "activation",
                "activation",
                "fences",
                "step_end",
                "promoted",
                "drapers",
            ]
        )
    )
    seat = data.draw(st.integers(0, len(s.seats) - 1))
    if kind == "phase":
        return replace(s, phase=data.draw(st.sampled_from(PHASES)))  # type: ignore[arg-type]
    if kind == "turn":
        step = data.draw(st.sampled_from(["place", "settle", "promote", "adjust", "end"]))
        spot = data.draw(st.sampled_from(["", "p01", "g11n", "t1", "g1a", "nowhere"]))
        turn = Turn(seat=data.draw(st.integers(-1, 5)), step=step, spot=spot, a=3, b=2)  # type: ignore[arg-type]
        return replace(s, turn=turn)
    if kind == "index":
        return replace(s, index=data.draw(st.integers(-2, 9)), order=data.draw(st.sampled_from([(), (0, 9), s.order])))
    if kind == "citizens":
        place = data.draw(st.sampled_from(["A11", "T1", "box", "Z1", "A11.1"]))
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
    if kind == "dice":
        return replace(s, dice=s.dice[:-1])
    if kind == "activation":
        act = _activation(s, data)
        s = replace(s, activation=act)
        return _declared(s, act) if data.draw(st.booleans()) else s
    if kind == "fences":
        try:
            b = board(s)
        except ValueError:  # an earlier mutation's bogus fence
            b = printed(s)
        area = data.draw(st.sampled_from([*b.area_ids[:3], "nowhere"]))
        items = list(b.area[area].boundary or ()) if area in b.area else ["p01"]
        gaps = [x for x in items if x in b.gap] or [b.gaps[0].id]
        fence = data.draw(
            st.sampled_from(
                [
                    Fence(area, items[0], False, items[-1], False),
                    Fence(area, gaps[0], True, items[-1], False),  # a cut inside a gap
                    Fence("nowhere", "p01", False, "p02", False),
                    Fence(area, items[0], True, items[0], True),
                ]
            )
        )
        return replace(s, fences=(*s.fences, fence))
    turn = _turn(s)
    if kind == "step_end":
        return replace(s, turn=replace(turn, step="end"))
    if kind == "promoted":
        return replace(s, turn=replace(turn, promoted=-1))
    return replace(s, turn=replace(turn, drapers=True))


@st.composite
def memories(draw: st.DrawFn, s: State) -> Activation:
    """Any memory an ability in progress might claim (§5.6): counts, competitors or kinds, markers or areas
    (fenced halves included), Butchers' gifts, Saddlers' arrivals, a re-roll awaited."""
    b = board(s)
    areas = [*b.area_ids[:3], f"{b.area_ids[0]}.1", f"{b.area_ids[0]}.2"]
    return Activation(
        seat=_turn(s).seat,
        guild=draw(st.sampled_from(sorted(ABILITY))),
        via=draw(st.sampled_from(["", "grocers"])),
        count=draw(st.integers(0, 7)),
        chosen=tuple(draw(st.lists(st.sampled_from(CHOSEN), max_size=3))),
        items=tuple(draw(st.lists(st.sampled_from([*ITEMS, *areas]), max_size=3))),
        cards=tuple(draw(st.lists(st.sampled_from([Card(1, 0), Card(3, 2), Card(2, 2), Card(4, 1)]), max_size=4))),
        arrived=tuple(
            draw(
                st.lists(st.builds(Placed, st.sampled_from(areas), st.sampled_from(CHOSEN[:4]), st.just(1)), max_size=2)
            )
        ),
        rolling=draw(st.booleans()),
    )


def abilities_in_progress(data: st.DataObject) -> State:
    """A declared ability with any memory, in any build turn of the samples."""
    busy = [s for s in samples() if s.phase == "build"]
    s = busy[data.draw(st.integers(0, len(busy) - 1))]
    act = data.draw(memories(s))
    return _declared(replace(s, activation=act), act)


#: Malformations of their own: name -> (hypothesis examples, draw of one malformed state).
EXTRAS: dict[str, tuple[int, Callable[[st.DataObject], State]]] = {
    "abilities_in_progress": (EXAMPLES, abilities_in_progress),
}
