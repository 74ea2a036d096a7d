"""The CLI in another language: ``--locale`` (or the environment) asks the service for every word of the
game in that language, and ``play`` shows them."""

from __future__ import annotations

import io

import pytest
from rulesengine_client.cli import main
from rulesengine_client.i18n import locale_from_environment

from tests.client.conftest import Server
from tests.languages.english import english_in, english_only


def _play(server: Server, *argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--target", server.target, *argv], stdout=out, stderr=err)
    assert code == 0, err.getvalue()
    return out.getvalue()


@pytest.mark.parametrize("game", ["walls_of_york", "citadels", "walled_city"])
def test_a_game_played_in_german_shows_the_games_words_in_german(server: Server, game: str) -> None:
    english = _play(server, "play", "--game", game, "--players", "2", "--seed", "5")
    german = _play(server, "--locale", "de", "play", "--game", game, "--players", "2", "--seed", "5")
    assert german != english
    vocabulary = english_only("de", ("core", game, "client"))
    lines = german.splitlines()
    assert len(lines) == len(english.splitlines()) > 10
    assert [line for line in lines if english_in(line, vocabulary)] == []
    assert "Endstand:" in lines and "Platz" in german


def test_the_locale_defaults_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RULES_ENGINE_LOCALE")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert locale_from_environment() == "de"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert locale_from_environment() == "en"
    monkeypatch.setenv("RULES_ENGINE_LOCALE", "hu")
    assert locale_from_environment() == "hu"
