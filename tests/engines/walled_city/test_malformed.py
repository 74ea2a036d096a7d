"""The Walled City malformations (``malformed``, run by ``tests/conformance/test_game_malformations.py``)
start from states in the middle of guild abilities too."""

from __future__ import annotations

from tests.engines.walled_city.malformed import samples


def test_samples_hold_abilities_in_progress() -> None:
    """The fuzzing starts from states in the middle of guild abilities too, of many guilds."""
    busy = {s.activation.guild for s in samples() if s.activation is not None}
    assert len(busy) >= 8, busy
