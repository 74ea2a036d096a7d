"""The client's own words in the reader's language, and the service's words as the service sent them.

The service renders every word of the games in the language a call asks for (``locale=`` of the clients,
which sends the ``accept-language`` metadata): show a ``Text`` with :func:`shown`. The words a client tool
writes itself (the CLI's headings and questions, a bot's replies) are gettext messages whose ``msgid`` is the
English, translated in ``.po`` files beside the tool (``rulesengine_client/locale/<lang>.po`` for the CLI and
the terminal views): write them as ``words.say("Score of {seat}", seat=...)`` and
``words.say_n("{n} card", "{n} cards", n)``, so Babel's extractor finds them (``python -m tools.catalogues``
in the repository keeps the ``.pot`` and checks every translation).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

#: The languages the service and the client tools speak; English is the default.
LOCALES: tuple[str, ...] = ("en", "hu", "de")
DEFAULT_LOCALE = "en"

#: The client's own catalogues (the CLI and the terminal views).
CATALOGUES = Path(__file__).resolve().parent / "locale"


def supported(locale: str | None) -> str:
    """The supported language of a locale name (``hu``, ``de_AT.UTF-8``, ``de-DE``); English when none."""
    language = (locale or "").replace("-", "_").split(".")[0].split("_")[0].lower()
    return language if language in LOCALES else DEFAULT_LOCALE


def locale_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``RULES_ENGINE_LOCALE``, then as gettext reads it,
    ``LANGUAGE``'s first entry, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; English when the first one set names
    no supported language (``C``/``POSIX`` included)."""
    env = os.environ if environ is None else environ
    for name in ("RULES_ENGINE_LOCALE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return supported(value.split(":")[0])
    return DEFAULT_LOCALE


def shown(text: Any) -> str:
    """A ``Text`` of the service as the reader reads it: its words in the call's language (``localized``),
    else its English."""
    return str(text.localized or text.english)


@dataclass(frozen=True)
class _Catalogue:
    singular: dict[str, str] = field(default_factory=dict)
    plural: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural_expr: str = "(n != 1)"


def _read(locale: str, folders: Iterable[Path]) -> _Catalogue:
    catalogue = _Catalogue()
    for folder in folders:
        path = folder / f"{locale}.po"
        if not path.exists():
            continue
        with path.open("rb") as handle:
            po = read_po(handle, locale=locale)
        object.__setattr__(catalogue, "plural_expr", po.plural_expr)
        for message in po:
            if not message.id or message.fuzzy:
                continue
            if isinstance(message.id, str):
                if isinstance(message.string, str) and message.string:
                    catalogue.singular[message.id] = message.string
            else:
                forms = tuple(map(str, message.string or ()))
                if forms and all(forms):
                    catalogue.plural[str(message.id[0])] = forms
    return catalogue


class Words:
    """A tool's own words in one language: ``Words("hu", folder, ...)`` reads ``<folder>/hu.po`` of each
    folder (the client's own catalogues unless given). A message without a translation is shown in English."""

    def __init__(self, locale: str = DEFAULT_LOCALE, *folders: Path) -> None:
        self.locale = supported(locale)
        self._catalogue = (
            _Catalogue() if self.locale == DEFAULT_LOCALE else _read(self.locale, folders or (CATALOGUES,))
        )
        self._plural = gettext.c2py(self._catalogue.plural_expr)

    def say(self, english: str, **params: object) -> str:
        """``english`` (a template naming ``params``) in this language, filled in."""
        template = self._catalogue.singular.get(english, english)
        return template.format(**params) if params else template

    def say_n(self, one: str, other: str, n: int, **params: object) -> str:
        """A counting message: ``one``/``other`` (English) in this language's plural form for ``n``, filled
        in with ``n`` and ``params``."""
        forms = self._catalogue.plural.get(one)
        if forms is None:
            template = one if n == 1 else other
        else:
            template = forms[min(int(self._plural(n)), len(forms) - 1)]
        return template.format(n=n, **params)
