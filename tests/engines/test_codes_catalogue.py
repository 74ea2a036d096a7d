"""Every violation code an engine can raise is in its game's catalogue, and vice versa."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.citadels.codes import CODES as CITADELS_CODES
from engines.walled_city.codes import CODES as WALLED_CITY_CODES
from engines.walls_of_york.codes import CODES as WALLS_OF_YORK_CODES

ROOT = Path(__file__).resolve().parents[2] / "engines"


@pytest.mark.parametrize(
    ("package", "prefix", "catalogue"),
    [
        ("citadels", "CITADELS", CITADELS_CODES),
        ("walls_of_york", "WALLS_OF_YORK", WALLS_OF_YORK_CODES),
        ("walled_city", "WALLED_CITY", WALLED_CITY_CODES),
    ],
)
def test_catalogue_matches_the_codes_used(package: str, prefix: str, catalogue: dict[str, str]) -> None:
    used: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        if path.name != "codes.py":
            used |= set(re.findall(rf'"({prefix}_[A-Z_]+)"', path.read_text()))
    assert used == set(catalogue)
    assert all(text.endswith(".") for text in catalogue.values())
