"""Which words are English: the words of the English templates that a language's translations never use."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
_WORD = re.compile(r"[A-Za-z]{3,}")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(_PLACEHOLDER.sub(" ", text))}


def _entries(path: Path, locale: str | None) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    with path.open("rb") as handle:
        po = read_po(handle, locale=locale)
    out = []
    for message in po:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
        out.append((ids, strings))
    return out


def folders(domains: tuple[str, ...]) -> list[Path]:
    """The catalogue folders of engine domains (``core``, a game id) and tool domains (``client``,
    ``discord_bot``)."""
    tools = {
        "client": ROOT / "clients/python/rulesengine_client/locale",
        "discord_bot": ROOT / "examples/discord_bot/rulesbot/locale",
    }
    return [tools.get(domain, ROOT / "engines" / domain / "locale") for domain in domains]


@cache
def english_only(locale: str, domains: tuple[str, ...]) -> frozenset[str]:
    """The words (3 letters or more, lower case) of the English templates of ``domains`` that no translation
    of theirs into ``locale`` uses: a text in ``locale`` holding one of them holds an English word."""
    english: set[str] = set()
    translated: set[str] = set()
    for folder in folders(domains):
        for ids, _ in _entries(folder / "messages.pot", None):
            for text in ids:
                english |= _words(text)
        for _, strings in _entries(folder / f"{locale}.po", locale):
            for text in strings:
                translated |= _words(text)
    return frozenset(english - translated)


def english_in(text: str, vocabulary: frozenset[str]) -> list[str]:
    """The English words of ``vocabulary`` in ``text``."""
    return sorted(w for w in _words(text) if w in vocabulary)
