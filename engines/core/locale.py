"""Every word in the reader's language: the catalogues of translations and the rendering of a ``Text`` in a
locale.

The engines write English once, as the templates of their ``Message`` constants (``engines.core.text``); a
``Text`` keeps its message id and its parameters, each parameter naming what it refers to. The catalogues
translate message ids: one gettext ``.po`` file per game and language (``engines/<game>/locale/<lang>.po``,
and ``engines/core/locale/<lang>.po`` for the words every game shares), read with Babel. Rendering a ``Text``
in a language looks up its id, chooses the plural form by the language's CLDR plural rules when the message
counts (its parameter ``n``), and renders each parameter the same way, so ``Seat 2`` and ``Manor`` inside a
label come out as ``2. játékos`` and ``Kúria``.

English needs no catalogue: a ``Text`` carries its English already, and ``Words("en")`` returns it as it
is, so an English answer is exactly what it was before languages existed.

Catalogues are files that never change while the process runs; each language's is read once, on first use.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.lists import format_list
from babel.messages.pofile import read_po

from engines.core.text import LIST_AND, LIST_COMMA, LIST_OR, Name, Text, TextParam

#: The languages every word is translated into; English first (the default and the fallback).
LOCALES: tuple[str, ...] = ("en", "hu", "de")
DEFAULT_LOCALE = "en"

_ENGINES = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class Entry:
    """One translated message: its forms (one, or one per plural form of the language)."""

    forms: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Catalogue:
    """A language's translations of every message id, and its plural rule (the index of the form a count
    takes)."""

    locale: str
    entries: dict[str, Entry]
    plural_index: Callable[[int], int]

    def template(self, message_id: str, count: int | None) -> str | None:
        """The translated template of a message (the form for ``count`` when it counts); ``None`` when the
        catalogue has no translation of it."""
        entry = self.entries.get(message_id)
        if entry is None:
            return None
        if count is None or len(entry.forms) == 1:
            return entry.forms[0]
        index = self.plural_index(count)
        return entry.forms[min(index, len(entry.forms) - 1)]


def catalogue_files(locale: str) -> list[Path]:
    """The catalogue files of a language: the shared words' and each game's (``engines/*/locale/<lang>.po``)."""
    return sorted(_ENGINES.glob(f"*/locale/{locale}.po"))


@cache
def catalogue(locale: str) -> Catalogue:
    """The catalogue of a language, read once from its ``.po`` files (message id = the entry's context)."""
    entries: dict[str, Entry] = {}
    plural_expr = "(n != 1)"
    for path in catalogue_files(locale):
        with path.open("rb") as handle:
            po = read_po(handle, locale=locale)
        plural_expr = po.plural_expr
        for message in po:
            if not message.id or not message.context or message.fuzzy:
                continue
            forms = (message.string,) if isinstance(message.string, str) else tuple(map(str, message.string or ()))
            if forms and all(forms):
                entries[message.context] = Entry(forms)
    rule = gettext.c2py(plural_expr)  # type: ignore[attr-defined]
    return Catalogue(locale, entries, rule)


def negotiate(accept_language: str | None) -> str:
    """The supported locale that best matches an ``Accept-Language`` value (``hu-HU,hu;q=0.9,en;q=0.8``), or
    English when none does (an empty, unknown or malformed value included)."""
    if not accept_language:
        return DEFAULT_LOCALE
    choices: list[tuple[float, int, str]] = []
    for order, part in enumerate(accept_language[:1000].split(",")[:32]):
        tag, _, rest = part.strip().partition(";")
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                quality = 0.0
        language = tag.strip().replace("_", "-").split("-")[0].lower()
        if language in LOCALES and quality > 0:
            choices.append((-quality, order, language))
    return min(choices)[2] if choices else DEFAULT_LOCALE


class Words:
    """Renders texts in one language: ``Words("hu")(text)``. Unknown locales fall back to English (use
    ``negotiate`` to choose one). A message the language's catalogue lacks is shown in English (the tests
    make sure none is missing)."""

    __slots__ = ("_catalogue", "locale")

    def __init__(self, locale: str = DEFAULT_LOCALE) -> None:
        self.locale = locale if locale in LOCALES else DEFAULT_LOCALE
        self._catalogue = None if self.locale == DEFAULT_LOCALE else catalogue(self.locale)

    @property
    def english(self) -> bool:
        """True when this renders English (every text as it already is)."""
        return self._catalogue is None

    def __call__(self, text: Text | Name | str | int) -> str:
        """The text in this language (a ``Name`` is its name; a string or number is shown as it is)."""
        if isinstance(text, Name):
            text = text.text
        elif not isinstance(text, Text):
            return str(text)
        if self._catalogue is None:
            return text.english
        return self._render(text, self._catalogue)

    def all(self, texts: Iterable[Text | Name | str | int]) -> list[str]:
        """Each of the texts in this language."""
        return [self(text) for text in texts]

    def _render(self, text: Text, catalogue: Catalogue) -> str:
        if text.id in (LIST_AND, LIST_COMMA, LIST_OR):
            items = [self._value(p, catalogue) for p in text.params]
            if text.id == LIST_COMMA or len(items) < 2:
                return ", ".join(items)
            return format_list(items, style="standard" if text.id == LIST_AND else "or", locale=self.locale)
        count = next((p.value for p in text.params if p.name == "n" and p.kind == "number"), None)
        template = catalogue.template(text.id, int(count) if count is not None and count.isdigit() else None)
        if template is None:
            return text.english
        try:
            return template.format_map({p.name: self._value(p, catalogue) for p in text.params})
        except (KeyError, IndexError, ValueError, AttributeError):
            # Parameters that are not the message's (a text a client made up inside a state it sent): the
            # words it came with.
            return text.english

    def _value(self, p: TextParam, catalogue: Catalogue) -> str:
        return p.value if p.text is None else self._render(p.text, catalogue)
