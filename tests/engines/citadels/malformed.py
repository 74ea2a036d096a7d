"""The Citadels hook of ``tests/conformance/test_game_malformations.py``: malformed states a client could send
(gold, hands, cities, the queue of steps, the turn, the phase, the crown, the character pile, the round), made
from states of a few real games in which every phase and kind of decision appears."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st
from msgspec.structs import replace

from engines.citadels import ENGINE
from engines.citadels import state as st_mod
from engines.citadels.state import State
from engines.core.playout import random_playout
from engines.core.rng import Rng
from tests.engines.setups import new_state

#: Hypothesis examples of ``mutate``.
EXAMPLES = 400


@cache
def samples() -> tuple[State, ...]:
    """States from a few real games (every phase and decision kind appears)."""
    out: list[State] = []
    for players, seed, preset in (
        (2, 1, "first_game"),
        (3, 2, "cunning_agents"),
        (5, 3, "tenacious_delegates"),
        (7, 4, "ambitious_aristocrats"),
        (8, 5, "illustrious_emissaries"),
    ):
        rank9 = {"cunning_agents": "tax_collector"}.get(preset, "artist")
        rank9 = "none" if players == 2 else rank9
        state = new_state(ENGINE, players, seed=seed if seed % 2 else None, preset=preset, rank9=rank9)
        visited: list[State] = []
        random_playout(ENGINE, state, Rng.seeded(seed), on_move=lambda b, m, a, v=visited: v.append(a))
        out += visited[:: max(1, len(visited) // 60)]
    return tuple(out)


STEPS = [
    st_mod.DrawCard(0),
    st_mod.DiscardCharacter("up"),
    st_mod.TakeRandomCard(1, 0, "seer"),
    st_mod.TakeRandomCharacter(1, 0, "king"),
    st_mod.PickCharacter(0, discard=True, special=True),
    st_mod.TheaterChoice(1),
    st_mod.KeepDrawn(0, "scholar"),
    st_mod.OrderBottom(0),
    st_mod.GiveCards(0, "thieves_den"),
    st_mod.GiveCards(1, "cardinal", 2, 0),
    st_mod.WizardChoice(0, 1),
    st_mod.Confiscate(1, 0),
    st_mod.Bribe(0),
    st_mod.RevealThreat(1, 0),
    st_mod.EmperorRecipientResource(1, 0),
    st_mod.AdvisorCrown(0),
]


def mutate(s: State, data: st.DataObject) -> State:
    """One type-valid but possibly inconsistent change, as a client could send."""
    kind = data.draw(st.sampled_from(["gold", "hand", "city", "queue", "turn", "phase", "crown", "pile", "round"]))
    seat = data.draw(st.integers(0, len(s.players) - 1))
    p = s.players[seat]
    players = list(s.players)
    if kind == "gold":
        players[seat] = replace(p, gold=data.draw(st.integers(-3, 50)))
    elif kind == "hand":
        players[seat] = replace(p, hand=(*p.hand, data.draw(st.sampled_from(["manor", "keep", "?", "bogus"]))))
    elif kind == "city":
        players[seat] = replace(p, city=(*p.city, st_mod.Built(data.draw(st.sampled_from(["palace", "museum"])))))
    elif kind == "queue":
        return replace(s, queue=(data.draw(st.sampled_from(STEPS)), *s.queue))
    elif kind == "turn":
        return replace(s, turn=None if s.turn else st_mod.Turn(character=s.options.cast[0], seat=seat))
    elif kind == "phase":
        return replace(s, phase=data.draw(st.sampled_from(["selection", "turns", "over"])))
    elif kind == "crown":
        return replace(s, crown=data.draw(st.integers(-2, 9)))
    elif kind == "pile":
        return replace(s, character_pile=(*s.character_pile, data.draw(st.sampled_from(["king", "queen", "x"]))))
    else:
        return replace(s, round=data.draw(st.integers(-1, 1000)), called_rank=data.draw(st.integers(-1, 12)))
    return replace(s, players=tuple(players))
