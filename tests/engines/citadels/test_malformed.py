"""The Citadels malformations (``malformed``, run by ``tests/conformance/test_game_malformations.py``) start
from states of every kind of decision."""

from __future__ import annotations

from engines.citadels import ENGINE
from tests.engines.citadels.malformed import samples


def test_samples_cover_decisions() -> None:
    kinds = {ENGINE.pending(s).kind for s in samples()}
    assert {"turn", "pick_character", "keep_drawn"} <= kinds
