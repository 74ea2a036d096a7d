"""The docs stand alone: every relative link in the README and docs/ names a file of the repository, and
nothing points outside it (the rules are cited by rule ID, not by a path to another tree)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", ROOT / "deploy" / "README.md", *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_name_files_of_the_repository(doc: Path) -> None:
    targets = [t for t in LINK.findall(doc.read_text()) if "://" not in t]
    missing = [t for t in targets if not (doc.parent / t).resolve().exists()]
    outside = [t for t in targets if not (doc.parent / t).resolve().is_relative_to(ROOT)]
    assert missing == [] and outside == []


def test_nothing_points_outside_the_repository() -> None:
    paths = [*DOCS, *ROOT.glob("engines/**/*.py"), *ROOT.glob("server/*.py"), *ROOT.glob("proto/**/*.proto")]
    found = [str(p.relative_to(ROOT)) for p in paths if re.search(r"\bshared/(rules|seeds)|\.\./shared", p.read_text())]
    assert found == []
