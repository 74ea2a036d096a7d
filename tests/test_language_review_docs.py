"""docs/languages.md, the review page of every game's words in every language, is what the code says now."""

from __future__ import annotations

from pathlib import Path

from scripts.gen_language_review import LANGUAGES, main, translated

ROOT = Path(__file__).resolve().parent.parent


def test_the_language_review_page_is_fresh_and_its_pictures_are_there() -> None:
    assert main(["--check"]) == 0
    page = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    pictures = [line.split("](")[1].rstrip(")") for line in page.splitlines() if line.startswith("![")]
    assert len(pictures) == len(translated()) * (len(LANGUAGES) - 1)
    assert all((ROOT / "docs" / picture).stat().st_size > 10_000 for picture in pictures)
