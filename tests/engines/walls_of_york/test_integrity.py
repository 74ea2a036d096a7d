"""The Walls of York state check (``engines/walls_of_york/integrity.py``): named regressions, bounds, closure.

Whatever a client sends is refused with ``StateInvalid`` (naming the field) or handled by every engine
function: numbers beyond what a game produces (a ledger near 2^31 overflowed the score's ``int32`` total),
unknown ids, collections padded far beyond what the components allow. And the check is closed under legal
moves: real mid-game states from random games (2–4 players, seeded and external chance, the options on and
off) with one field changed are either refused, or every legal move leads to a state the check accepts, and
nothing but ``StateInvalid`` is raised.
"""

from __future__ import annotations

import random
import time
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.core.errors import StateInvalid
from engines.walls_of_york import ENGINE
from engines.walls_of_york.setup import MAX_TURNS_PER_AGE
from engines.walls_of_york.state import Ledger, State, Submission
from tests.engines.setups import new_state
from tests.engines.struct_mutations import INT32, Closure, Key, Path, Pool, dotted, get, ints_fit, mutated, put, walk

"""What the proto carries (``int32``): every number in a state, a score and its totals must fit."""
PAD = 50_000
"""How many elements a padded collection gains."""
FREE_TEXT = {("Ledger", "detail"), ("State", "aborted")}
"""String fields that are explanations, not ids."""
LITERALS = {("Options", "king_dice"), ("State", "step"), ("Submission", "kind"), ("LayoutEntry", "quadrant")}
LITERALS |= {("LayoutEntry", "side")}
"""String fields the conversion of a received state already restricts to their values."""
GAMES = [
    (2, True, {"perfect_planning": True, "longest_wall": True}),
    (2, False, {"board": "ts1", "strict_supply": True}),
    (3, True, {"board": "ts1", "king_dice": "standard_d6"}),
    (3, False, {"perfect_planning": True, "strict_supply": True, "negative_scores": False}),
    (4, True, {"strict_supply": True, "longest_wall": True}),
    (4, False, {"board": "ts1", "perfect_planning": True}),
]
"""(players, seeded, options) of the sample games."""


def playout(players: int, seeded: bool, overrides: dict[str, Any], seed: int) -> list[State]:
    """Every state of a random game; players close as soon as they may, so both Ages get played."""
    rng = random.Random(seed)
    s = new_state(ENGINE, players, seed=seed if seeded else None, **overrides, max_turns_per_age=60)
    states = [s]
    while ENGINE.pending(s).seats:
        legal = ENGINE.legal_moves(s)
        closing = [m for m in legal if type(m.action).__name__ in ("CloseRoom", "Seal")]
        s = ENGINE.apply(s, rng.choice(closing if closing and rng.random() < 0.8 else legal))
        states.append(s)
    return states


def sample_states() -> list[State]:
    out: list[State] = []
    for i, (players, seeded, overrides) in enumerate(GAMES):
        states = playout(players, seeded, overrides, 7 + i)
        out += [*states[:: max(1, len(states) // 25)], states[-1]]
    return out


SAMPLES = sample_states()
POOL = Pool(SAMPLES, {("Player", "submitted"): [Submission("single"), Submission("pass")]})


CLOSURE = Closure(ENGINE)
received, refused, handled = CLOSURE.received, CLOSURE.refused, CLOSURE.handled


# ---- named regressions -------------------------------------------------------------------------------------


def test_ledger_points_near_2_31_are_state_invalid_not_internal() -> None:
    """A ledger line worth 2^31 − 1 was accepted and the score's total overflowed the proto's ``int32``
    (INTERNAL); a line is worth what its kind can be worth, and the coins are the ledger's sum."""
    s = next(x for x in SAMPLES if x.step == "over" and not x.aborted)
    p = s.players[0]
    line = Ledger("city_coins_age1", 2**31 - 1, "padded")
    bad = replace(s, players=(replace(p, coins=p.coins + line.points, ledger=(*p.ledger, line)), *s.players[1:]))
    exc = refused(bad)
    assert exc is not None and exc.field == "players[0].ledger" and str(line.points) in str(exc)
    assert refused(replace(s, players=(replace(p, coins=p.coins + 1), *s.players[1:])))


def test_max_turns_per_age_is_bounded() -> None:
    """§10 A8: the safeguard itself is bounded, so die income and the ledger are."""
    with pytest.raises(StateInvalid) as raised:
        ENGINE.make_options(2, {"max_turns_per_age": MAX_TURNS_PER_AGE + 1})
    assert raised.value.field == "options.max_turns_per_age"
    assert ENGINE.make_options(2, {"max_turns_per_age": MAX_TURNS_PER_AGE}).max_turns_per_age == MAX_TURNS_PER_AGE


def aborted_game() -> State:
    """A real game that ended early: Age 1 passed its one turn (``max_turns_per_age`` 1)."""
    rng = random.Random(1)
    s = new_state(ENGINE, 2, seed=7, max_turns_per_age=1)
    while ENGINE.pending(s).seats:
        s = ENGINE.apply(s, rng.choice(ENGINE.legal_moves(s)))
    return s


@pytest.mark.parametrize("text", ["\x00", "GameAborted: Age 1 passed 300 turns", "x" * 100_000])
def test_an_aborted_game_says_why_only_in_the_engines_words(text: str) -> None:
    """§9.4: a game that ends early says why (the pending prompt, the picture). Any text was accepted, and a
    NUL in it made RenderView's SVG ill-formed (INTERNAL for a PNG); the check takes only the engine's
    sentences for the state's own decree, Age and ``max_turns_per_age``."""
    s = aborted_game()
    assert s.aborted == "GameAborted: Age 1 passed 1 turns" and refused(s) is None
    for finished in (s, next(x for x in SAMPLES if x.step == "over" and not x.aborted)):
        exc = refused(replace(finished, aborted=text))
        assert exc is not None and exc.field == "aborted"


def test_ledger_with_50000_extra_lines_is_state_invalid() -> None:
    s = next(x for x in SAMPLES if any(p.ledger for p in x.players))
    i, p = next((i, p) for i, p in enumerate(s.players) if p.ledger)
    padded = replace(p, ledger=p.ledger + (p.ledger[0],) * PAD)
    started = time.perf_counter()
    exc = refused(replace(s, players=(*s.players[:i], padded, *s.players[i + 1 :])))
    assert exc is not None and exc.field == f"players[{i}].ledger" and str(len(padded.ledger)) in str(exc)
    assert time.perf_counter() - started < 0.5


def test_wall_pieces_are_conserved() -> None:
    """§2, §10 A6: supply + walls on the boards + pieces in hand = 150; a wall added from nowhere is refused."""
    s = next(x for x in SAMPLES if x.step == "place" and x.players[0].walls)
    p = s.players[0]
    assert refused(replace(s, players=(replace(p, walls=p.walls[1:]), *s.players[1:])))
    assert refused(replace(s, supply_walls=s.supply_walls + 1))
    assert (
        refused(replace(s, players=(replace(p, walls=p.walls[1:]), *s.players[1:]), supply_walls=s.supply_walls + 1))
        is None
    )


# ---- every id, number and collection ------------------------------------------------------------------------


def places_of(kind: type) -> dict[Key, tuple[State, Path]]:
    """One sample place per key holding a value of ``kind`` (the first met, a non-empty one if any)."""
    found: dict[Key, tuple[State, Path]] = {}
    for s in SAMPLES:
        for path, key, value in walk(s):
            if path and type(value) is kind and (key not in found or (value and not get(*found[key]))):
                found[key] = (s, path)
    return found


STRINGS = {k: v for k, v in places_of(str).items() if k not in FREE_TEXT | LITERALS}


@pytest.mark.parametrize("key", sorted(STRINGS), ids=lambda k: ".".join(k))
def test_every_string_id_is_checked_against_the_content(key: Key) -> None:
    """Every gem, preset, street, field and ledger category anywhere in a state is one the game knows."""
    s, path = STRINGS[key]
    for bogus in ("no_such_id", "H 9 9", "8,8"):
        bad = received(put(s, path, bogus))
        assert bad is None or refused(bad), f"{dotted(path)} = {bogus!r} accepted"


def test_every_string_field_of_the_state_is_audited() -> None:
    reached = set(STRINGS) | FREE_TEXT | LITERALS
    types = {type(value) for s in SAMPLES for _, _, value in walk(s) if isinstance(value, msgspec.Struct)}
    declared = {
        (t.__name__, field.name)
        for t in types
        for field in msgspec.structs.fields(t)
        if field.type is str or "Literal" in str(field.type)
    }
    assert len(types) >= 6 and declared <= reached, sorted(declared - reached)


INTS = {k: v for k, v in places_of(int).items() if k[0] != "Rng"}


@pytest.mark.parametrize("key", sorted(INTS), ids=lambda k: ".".join(k))
def test_every_number_is_bounded(key: Key) -> None:
    """Every number is within what a game can produce: the int32 extremes a client can send are refused."""
    s, path = INTS[key]
    for extreme in INT32:
        assert refused(put(s, path, extreme)), f"{dotted(path)} = {extreme} accepted"


TUPLES = places_of(tuple)


@pytest.mark.parametrize("key", sorted(TUPLES), ids=lambda k: ".".join(k))
def test_every_collection_padded_far_beyond_its_bound_is_state_invalid(key: Key) -> None:
    """Every collection is bounded (walls by the streets, cities by the fields, the layout by the quadrants, the
    ledger by what scoring writes, ...): padded with 50,000 copies of an element it is refused at once."""
    s, path = TUPLES[key]
    value = get(s, path)
    element = value[0] if value else POOL.of((key[0], key[1] + "[]"))[0]
    bad = put(s, path, (*value, *(element,) * PAD))
    started = time.perf_counter()
    exc = refused(bad)
    assert exc is not None, dotted(path)
    assert exc.field.startswith(dotted(path)), (exc.field, str(exc))
    assert time.perf_counter() - started < 0.5


# ---- closure under legal moves -------------------------------------------------------------------------------


@settings(max_examples=800)
@given(index=st.integers(0, len(SAMPLES) - 1), data=st.data())
def test_check_is_closed_under_legal_moves(index: int, data: st.DataObject) -> None:
    """A state the check accepts, one field away from a real one, only ever leads to accepted states; nothing
    but StateInvalid is raised by any engine function on it, not even for the moves of the unchanged state."""
    s, change = data.draw(mutated(SAMPLES[index], POOL))
    m = received(s)
    if m is None or refused(m):
        return
    assert ints_fit(m), change
    for move in ENGINE.legal_moves(SAMPLES[index]):
        ENGINE.validate(m, move)
    try:
        handled(m)
    except AssertionError as exc:
        raise AssertionError(f"after {change}: {exc}") from exc


def test_samples_cover_every_step_and_configuration() -> None:
    assert {s.step for s in SAMPLES} >= {"first_player", "setup", "decree", "roll", "place", "lift", "close", "over"}
    assert {(len(s.players), s.rng is None) for s in SAMPLES} == {(n, e) for n in (2, 3, 4) for e in (True, False)}
    assert any(s.age == 2 for s in SAMPLES) and any(p.ledger for s in SAMPLES for p in s.players)
