"""A test-only game (High Card, ``tests.tinygame.game``) written only in its folder: ``ENGINES`` is what the
conformance suite adds to the registered engines (one line in ``tests/conformance/support.py``)."""

from __future__ import annotations

from typing import Any

from tests.tinygame.game import ENGINE

ENGINES: dict[str, Any] = {ENGINE.info.game_id: ENGINE}
