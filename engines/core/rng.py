"""PCG32 (XSH-RR 64/32, O'Neill 2014): the only source of chance in every engine.

The generator's whole state is two unsigned 64-bit integers that travel inside the game
state, so the same seed and the same moves give the same game on any machine and any Python
version. Every operation returns the value together with the *new* generator; nothing mutates.
"""

from __future__ import annotations

import msgspec

from engines.core.errors import StateInvalid

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULT = 6364136223846793005
_DEFAULT_STREAM = 1442695040888963407
#: Draws ``below`` makes at most. A draw is rejected with probability ``threshold / 2**32``, which is
#: below ``bound / 2**32``; for the bounds games use (< 2**16) reaching the last draw has probability
#: below 2**-1000, so the modulo fallback after it never changes a game, and the loop ends by construction.
_MAX_DRAWS = 64


class Rng(msgspec.Struct, frozen=True, gc=False):
    """PCG32 state: ``state`` advances by an LCG; ``inc`` (odd) selects the stream."""

    state: int
    inc: int

    @classmethod
    def seeded(cls, seed: int, stream: int = _DEFAULT_STREAM) -> Rng:
        """The reference PCG32 seeding procedure (``pcg32_srandom_r``)."""
        inc = ((stream << 1) | 1) & _MASK64
        rng = cls(0, inc)._step()
        rng = Rng((rng.state + (seed & _MASK64)) & _MASK64, inc)
        return rng._step()

    def check(self, field: str = "rng") -> None:
        """Raise ``StateInvalid`` unless this is a generator PCG32 can be: both words are unsigned 64-bit
        and the increment is odd. An even increment breaks the full period (``state=0, inc=0`` yields 0 for
        ever), so a client-made generator is checked before it is used."""
        for name, value in (("state", self.state), ("inc", self.inc)):
            if not 0 <= value <= _MASK64:
                raise StateInvalid(f"The generator's {name} must be an unsigned 64-bit integer.", f"{field}.{name}")
        if self.inc % 2 == 0:
            raise StateInvalid(f"The generator's increment must be odd, got {self.inc}.", f"{field}.inc")

    def _step(self) -> Rng:
        return Rng((self.state * _MULT + self.inc) & _MASK64, self.inc)

    def next_u32(self) -> tuple[int, Rng]:
        """The next 32-bit output and the advanced generator."""
        old = self.state
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        value = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32
        return value, self._step()

    def below(self, bound: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, bound)`` without modulo bias (rejection sampling, at most
        ``_MAX_DRAWS`` draws). ``bound`` must be 1..2**32."""
        if not 0 < bound <= 1 << 32:
            raise ValueError(f"bound must be 1..2**32, got {bound}")
        threshold = (-bound % (1 << 32)) % bound
        rng = self
        for _ in range(_MAX_DRAWS):
            value, rng = rng.next_u32()
            if value >= threshold:
                break
        return value % bound, rng
