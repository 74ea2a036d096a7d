"""The bot's languages: its own words in each, and a client of the rules service that asks for them.

A channel chooses its language with ``/language`` (a server may choose a default for its channels). The bot
then asks the rules service for every answer in that language (the ``accept-language`` metadata), shows the
service's words as they come (``shown``), and writes its own words as gettext messages whose ``msgid`` is the
English: ``words.say("{member} ended the game.", member=...)``, translated in ``rulesbot/locale/<lang>.po``
(``python -m tools.catalogues update --domain discord_bot`` in the repository keeps the catalogue up to date
with the code, and ``check`` reports a message left untranslated).
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path

from rulesengine_client import RulesEngineClient
from rulesengine_client.i18n import DEFAULT_LOCALE, LOCALES, Words, supported

#: The bot's catalogues (``messages.pot``, ``hu.po``, ``de.po``).
CATALOGUES = Path(__file__).resolve().parent / "locale"
#: Each language by its own name (what ``/language`` offers and answers with).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "hu": "magyar", "de": "Deutsch"}
#: The metadata key naming a call's language.
ACCEPT_LANGUAGE = "accept-language"

__all__ = ["CATALOGUES", "DEFAULT_LOCALE", "LANGUAGE_NAMES", "LOCALES", "Words", "speaking", "supported", "words"]


@cache
def words(locale: str) -> Words:
    """The bot's own words in ``locale`` (read once per language)."""
    return Words(supported(locale), CATALOGUES)


def spoken(client: RulesEngineClient) -> str:
    """The language ``client`` asks the service for: its ``accept-language`` metadata (the first, as the
    service reads it), else its ``locale`` if it has one, else English."""
    own = getattr(client, "locale", None)
    asked = next((str(value) for key, value in client.metadata if str(key).lower() == ACCEPT_LANGUAGE), "")
    return supported(asked or own or DEFAULT_LOCALE)


def speaking(client: RulesEngineClient, locale: str) -> RulesEngineClient:
    """``client`` asking for ``locale``: itself when it already does, else a shallow copy on the same
    channel (no new connection) whose every call sends ``accept-language: <locale>`` instead of its own."""
    if spoken(client) == locale:
        return client
    other = copy.copy(client)
    kept = tuple((key, value) for key, value in client.metadata if str(key).lower() != ACCEPT_LANGUAGE)
    other.metadata = ((ACCEPT_LANGUAGE, locale), *kept)
    if hasattr(other, "locale"):  # a client that sends its ``locale=`` itself
        other.locale = locale
    return other
