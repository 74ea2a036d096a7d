"""The page's own words (server/site/words.js): every language has every key of English, no key English lacks,
and the same ``{placeholders}`` in each (a translation that drops or renames one shows a raw ``{name}``)."""

from __future__ import annotations

import re
from typing import Any

LOCALES = ("en", "hu", "de")


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_every_language_has_the_same_keys_and_placeholders(page: Any) -> None:
    page.goto("/")
    words: dict[str, dict[str, str]] = page.evaluate("import('/words.js').then((m) => m.WORDS)")
    assert sorted(words) == sorted(LOCALES)
    english = words["en"]
    assert len(english) > 50
    for code in LOCALES[1:]:
        table = words[code]
        assert sorted(set(english) - set(table)) == [], f"{code} lacks these keys"
        assert sorted(set(table) - set(english)) == [], f"{code} has keys English lacks"
        differing = {
            key: (english[key], table[key]) for key in english if placeholders(english[key]) != placeholders(table[key])
        }
        assert differing == {}, f"{code} has other placeholders"
        empty = [key for key, text in table.items() if not text.strip()]
        assert empty == []
