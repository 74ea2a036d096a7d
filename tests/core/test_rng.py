"""PCG32: the reference outputs, bounded draws, and the generator check (finding 1 of the hardening
review: ``state=0, inc=0`` made ``below`` loop for ever)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.core.errors import StateInvalid
from engines.core.rng import Rng
from engines.core.table import sample, uniform


def test_reference_outputs_of_pcg32_demo() -> None:
    """``pcg32-demo`` seeds with 42 on stream 54 and prints these six numbers first."""
    rng = Rng.seeded(42, 54)
    values = []
    for _ in range(6):
        value, rng = rng.next_u32()
        values.append(value)
    assert values == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_a_degenerate_generator_cannot_make_below_spin() -> None:
    value, after = Rng(0, 0).below(3)  # every draw is 0, below the rejection threshold of 3 (1)
    assert value == 0 and after == Rng(0, 0)


@pytest.mark.parametrize("rng", [Rng(0, 0), Rng(5, 2), Rng(1, 1 << 64), Rng(-1, 1)])
def test_the_check_refuses_impossible_generators(rng: Rng) -> None:
    with pytest.raises(StateInvalid) as caught:
        rng.check("state.rng")
    assert caught.value.field.startswith("state.rng.")


def test_the_check_accepts_seeded_generators() -> None:
    Rng.seeded(7).check()


@pytest.mark.parametrize("bound", [0, -1, (1 << 32) + 1])
def test_below_refuses_bounds_it_cannot_draw(bound: int) -> None:
    with pytest.raises(ValueError):
        Rng.seeded(1).below(bound)


@given(st.integers(0, (1 << 64) - 1), st.integers(0, (1 << 63) - 1), st.integers(1, 1 << 32))
def test_below_stays_in_range(seed: int, stream: int, bound: int) -> None:
    value, _ = Rng.seeded(seed, stream).below(bound)
    assert 0 <= value < bound


def test_a_uniform_draw_answers_the_piece_below_picks_and_reaches_every_piece() -> None:
    """``table.sample`` of ``uniform`` (the one sampler of every chance step) answers the piece ``below`` picks
    and hands back the advanced generator; over seeds it reaches every piece."""
    faces = ("one", "two", "three", "four", "five", "six")
    seen = set()
    for seed in range(60):
        rng = Rng.seeded(seed)
        index, after = rng.below(len(faces))
        assert sample(uniform(faces), rng) == (faces[index], after)
        seen.add(faces[index])
    assert seen == set(faces)
