"""The catalogues as a translator keeps them (``tools.catalogues``): every message of the engines and the
tools in each ``messages.pot``, a translation of each in every language, the same placeholders as the
English, a form for each of the language's plural forms; and one template per message id."""

from __future__ import annotations

import pytest
from babel.messages.plurals import get_plural

from engines import registry
from engines.core.locale import LOCALES, Words, catalogue, negotiate
from engines.core.text import LIST_COMMA, Message, Name, listing, seat
from tests.languages.pending import NOT_YET_TRANSLATED
from tools import catalogues


def test_every_catalogue_is_complete_and_matches_the_english() -> None:
    assert catalogues.problems() == []


def test_one_message_id_has_one_template() -> None:
    found = catalogues.collect(["engines.core.text", "engines.core.engine"])
    assert found["core.seat"].template == "Seat {n}" and found["core.seat"].where == "engines.core.text"
    with pytest.raises(ValueError, match="two templates"):
        catalogues.collect(["engines.core.text", "tests.languages.clashing"])


def test_every_message_belongs_to_a_domain_with_catalogues() -> None:
    found = catalogues.collect()
    domains = set(catalogues.domains(found))
    assert domains == {"core", *registry.engines()} - NOT_YET_TRANSLATED
    for source in found.values():
        assert source.id.count(".") >= 1, source


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
def test_the_plural_forms_are_the_languages_own(locale: str) -> None:
    rule = get_plural(locale)
    read = catalogue(locale)
    counting = Message("core.test.count", "{n} card", "{n} cards")
    assert read.plural_index(1) == 0 and read.plural_index(2) == rule.num_plurals - 1
    # a message no catalogue has falls back to its English
    assert Words(locale)(counting(n=2)) == "2 cards"


def test_names_seats_and_lists_render_in_each_language() -> None:
    shown = listing([seat(1), seat(-1), 3])
    assert Words("en")(shown) == "Seat 1, Chance and 3"
    assert Words("hu")(shown) == "1. játékos, Véletlen és 3"
    assert Words("de")(shown) == "Platz 1, Zufall und 3"
    assert Words("de")(listing([seat(0), seat(2)], joined=LIST_COMMA)) == "Platz 0, Platz 2"
    assert Words("hu")(Name("seat", "4", seat(4).text)) == "4. játékos"


@pytest.mark.parametrize(
    "asked, chosen",
    [
        ("", "en"),
        ("hu", "hu"),
        ("de-AT", "de"),
        ("fr-FR,de;q=0.5,hu;q=0.4", "de"),
        ("hu;q=0.2,de;q=0.9", "de"),
        ("hu;q=0", "en"),
        ("xx, ;;, q=zz", "en"),
        ("HU_hu", "hu"),
    ],
)
def test_a_language_is_negotiated_from_accept_language(asked: str, chosen: str) -> None:
    assert negotiate(asked) == chosen


def test_an_unknown_locale_speaks_english() -> None:
    assert Words("fr").locale == "en" and Words("fr").english
