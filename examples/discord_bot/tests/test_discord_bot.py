"""The Discord bot example (examples/discord_bot): whole games of every game through its command layer.

Members choose random options (seeded) through the menus, one move at a time, against the real rules
server. Checked on every reply: no menu holds more than 25 options, and their labels are distinct; no
name of a card another seat hides appears in a channel message or in another member's ephemeral
message; every move posts the board picture (a PNG) and the service's public log line. In the middle of
each game the command layer is dropped and a new one opened on the same SQLite file: the game goes on
from the same stored state. Then the parts alone: long options, who decides, the private line, the
settings.

Run from the repository's root: ``./run test examples/discord_bot/tests``.
"""

from __future__ import annotations

import random
import re
import sqlite3
import time
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest
from babel.messages.pofile import read_po
from discord import app_commands
from google.protobuf import json_format
from rulesbot import Button, Menu, Option, Reply, RulesBot, Store, StoredGame, menus
from rulesbot.commands import CHANCE_SEAT, load_state, question
from rulesbot.menus import Token
from rulesbot.replies import MENU_LIMIT, OPTION_TEXT_LIMIT
from rulesbot.store import LANGUAGES, SCHEMA, SCHEMA_VERSION
from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import RulesEngineClient, RulesEngineError
from rulesengine_client.i18n import Words, shown

from engines import registry  # the games to play (the project's virtualenv has the engines too)

PNG = b"\x89PNG\r\n\x1a\n"
#: The bot's catalogues.
BOT_LOCALE = Path(__file__).resolve().parents[1] / "rulesbot" / "locale"
CHANNEL = 1001
MEMBERS = (501, 502, 503, 504)
#: A game that has not ended after this many moves fails the test.
MOST_MOVES = 3000
#: The pictures are drawn small: the test plays about 1300 moves, each posting one.
PICTURE_SCALE = 0.25


# The client's class is Any to mypy when it cannot see the client's editable install (hence the ignore).
class RecordingClient(RulesEngineClient):  # type: ignore[misc, unused-ignore]
    """The client, keeping the last ``ApplyMove`` answer (to compare the posted log line with it). The bot
    asks in another language through a copy of its client (``rulesbot.words.speaking``): the copies keep
    their answers in the same list."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.answers: list[service_pb2.ApplyMoveResponse] = []

    @property
    def last(self) -> service_pb2.ApplyMoveResponse | None:
        """The last ``ApplyMove`` answer (of this client or a copy)."""
        return self.answers[-1] if self.answers else None

    def apply_move(self, state: service_pb2.GameState, move: service_pb2.Move) -> service_pb2.ApplyMoveResponse:
        """``ApplyMove``, remembered."""
        answer = super().apply_move(state, move)
        self.answers[:] = [answer]
        return answer


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)
    elif isinstance(data, str):
        yield data


def content_items(content: Any) -> dict[str, str]:
    """Every content item with an id, by id: its name (``name_en`` or ``name``), or the id itself for an
    item the content names no other way (Guilds of London's stand-in cards are shown by their ids)."""
    items: dict[str, str] = {}
    stack = [json_format.MessageToDict(content)]
    while stack:
        data = stack.pop()
        values = list(data.values()) if isinstance(data, dict) else data if isinstance(data, list) else []
        stack += [value for value in values if isinstance(value, dict | list)]
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            name = data.get("name_en") or data.get("name") or data["id"]
            items.setdefault(data["id"], name if isinstance(name, str) else data["id"])
    return items


def content_names(view: service_pb2.GameState, items: dict[str, str]) -> set[str]:
    """The names of every content item a view shows (by its content ids)."""
    return {items[text] for text in _strings(json_format.MessageToDict(view)) if text in items}


def mentioned(text: str, name: str) -> bool:
    """Whether ``name`` appears in ``text`` as whole words."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def service_name(seat: int) -> str:
    """How the service's older prompts named a seat (``Seat 2``, ``Chance``)."""
    return "Chance" if seat == CHANCE_SEAT else f"Seat {seat}"


def drew(reply: Reply) -> bool:
    """Whether a reply carries a PNG picture."""
    return reply.image is not None and reply.image.data.startswith(PNG)


def shown_text(reply: Reply) -> str:
    """Everything a reply shows in words: its text, its menu's question and options."""
    parts = [reply.text]
    if reply.menu is not None:
        parts.append(reply.menu.placeholder)
        parts += [f"{option.label} {option.description}" for option in reply.menu.options]
    return "\n".join(parts)


@dataclass
class Table:
    """A channel playing one game through the command layer, with the checks made on every reply."""

    client: RecordingClient
    path: Path
    game_id: str
    players: int
    chance: str
    seed: int
    options: str = ""
    locale: str = "en"
    rng: random.Random = field(init=False)
    bot: RulesBot = field(init=False)
    items: dict[str, str] = field(init=False)
    title: str = field(init=False)
    hidden_seen: set[str] = field(default_factory=set)
    hidden_at: dict[bytes, dict[int, set[str]]] = field(default_factory=dict)
    all_seats: range = range(0)
    menus_seen: int = 0
    together: int = 0
    moves: int = 0
    #: Everything the bot showed in words (every reply's text, menu question and options).
    said: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.bot = self.open()
        self.items = content_items(self.client.describe_game(self.game_id).content)
        self.title = next(info.title for info in self.client.list_games() if info.game_id == self.game_id)

    def open(self) -> RulesBot:
        """A new command layer on the table's SQLite file."""
        return RulesBot(self.client, Store(self.path), seeds=lambda: self.seed, picture_scale=PICTURE_SCALE)

    def restart(self) -> None:
        """Drop the command layer and open a new one on the same file: nothing may be lost."""
        before = self.stored()
        self.bot.store.close()
        self.bot = self.open()
        assert self.stored() == before

    def stored(self) -> StoredGame:
        """The channel's game as stored."""
        game = self.bot.store.load(CHANNEL)
        assert game is not None
        return game

    def hidden(self, state: service_pb2.GameState) -> dict[int, set[str]]:
        """For each seat, the content names it sees and a spectator does not (asked once per state)."""
        key = state.SerializeToString(deterministic=True)
        if key not in self.hidden_at:
            public = content_names(self.client.view_state(state, None), self.items)
            self.hidden_at = {
                key: {
                    seat: content_names(self.client.view_state(state, seat), self.items) - public
                    for seat in self.all_seats
                }
            }
        return self.hidden_at[key]

    def seats(self, state: service_pb2.GameState) -> range:
        """Every seat of the game: the members' and, in a solo game, the one the engine plays (asked once)."""
        try:
            self.client.view_state(state, self.players)
        except RulesEngineError:
            return range(self.players)
        return range(self.players + 1)

    def check(
        self, replies: Sequence[Reply], hidden: dict[int, set[str]], chance_walk: bool = False, own_line: str = ""
    ) -> None:
        """No menu over 25 options; no name another seat hides where its member cannot see it: not in
        the channel, not to another member (unless that member's own seat shows the same name: two
        copies of a card). Exempt: the service's private line to the mover (``own_line``), and the
        creator answering for the table's chance (they see the draws, as whoever draws from a real box)."""
        game = self.stored()
        self.said += [shown_text(reply) for reply in replies]
        for reply in replies:
            assert len(reply.text) <= 2000
            if reply.menu is not None:
                assert 1 <= len(reply.menu.options) <= MENU_LIMIT
                assert len({option.value for option in reply.menu.options}) == len(reply.menu.options)
                assert len({option.label for option in reply.menu.options}) == len(reply.menu.options)
                for option in reply.menu.options:
                    assert len(option.label) <= OPTION_TEXT_LIMIT and len(option.description) <= OPTION_TEXT_LIMIT
                self.menus_seen += 1
            if (chance_walk and reply.member == game.creator) or (own_line and reply.text == own_line):
                continue
            words = shown_text(reply)
            own = game.seats_of(reply.member) if reply.member is not None else []
            known = set().union(*(hidden[seat] for seat in own))
            for seat, names in hidden.items():
                if seat in own:
                    continue
                self.hidden_seen |= names
                leaked = sorted(name for name in names - known if mentioned(words, name))
                assert not leaked, f"seat {seat}'s hidden {leaked} shown to {reply.member or 'the channel'}: {words}"

    def setup(self) -> None:
        """Create the game, seat the members, start it."""
        humans = MEMBERS[: self.players]
        if self.locale != "en":
            (chosen,) = self.bot.set_language(CHANNEL, humans[0], self.locale)
            assert chosen.public, chosen.text
            self.said.append(shown_text(chosen))
        replies = self.bot.new(CHANNEL, humans[0], self.game_id, self.players, self.options, self.chance)
        assert all(reply.public for reply in replies), replies
        self.said += [shown_text(reply) for reply in replies]
        for member in humans:
            joined = self.bot.join(CHANNEL, member)
            assert all(reply.public for reply in joined)
            self.said += [shown_text(reply) for reply in joined]
        started = self.bot.start(CHANNEL, humans[0])
        self.all_seats = self.seats(load_state(self.stored()))
        assert started[0].public and drew(started[0]), started[0].text
        self.check(started, self.hidden(load_state(self.stored())))

    def play_one(self, restart: bool = False) -> None:
        """One move: a pending seat's member opens their menu and walks it at random to a move (with
        ``restart``, the command layer is dropped and opened again between the menu and the choice)."""
        game = self.stored()
        state = load_state(game)
        pending = list(self.bot.pending(state).seats)
        self.together += len(pending) > 1
        seat = self.rng.choice(pending)
        member = self.bot.holder(game, seat)
        assert member is not None, f"nobody answers for seat {seat}"
        chance_walk = seat == CHANCE_SEAT
        hidden = self.hidden(state)
        replies = self.bot.play(CHANNEL, member)
        if restart:
            self.restart()
        while mine := [r for r in replies if r.menu and Token.decode(r.menu.options[0].value).seat == seat]:
            self.check(replies, hidden, chance_walk)
            assert all(r.member == member for r in mine), "a menu was posted to the channel"
            asked = mine[0].text.split(": ", 1)[1]  # after "<@member> (Seat 0), your decision: "
            assert not re.match(rf"{service_name(seat)}( \(.*?\))?: ", asked), f"the seat named twice: {mine[0].text}"
            value = self.rng.choice(mine[0].menu.options).value  # type: ignore[union-attr]
            replies = self.bot.choose(CHANNEL, member, value)
        after = self.stored()
        assert after.move_number == game.move_number + 1, [r.text for r in replies]
        applied = self.client.last
        assert applied is not None and applied.state.SerializeToString() == after.state
        posted = [r for r in replies if r.public and drew(r)]
        assert posted, [r.text for r in replies]
        assert shown(applied.log.public_line) in posted[0].text
        log = applied.log
        private = shown(log.private_line) if log.HasField("private_line") else ""
        assert not any(r.text.startswith("You: ") for r in replies)
        if private:  # sent as it is, to the mover alone
            assert [r.member for r in replies if r.text == private] == [member]
            if private != shown(log.public_line):
                assert not any(r.public and private in r.text for r in replies)
        self.check(replies, self.hidden(applied.state), chance_walk, private)
        self.moves += 1

    def play_out(self, restart_at: int) -> list[Reply]:
        """Play the game to its end, restarting the command layer during move ``restart_at``."""
        self.setup()
        while not self.stored().over:
            assert self.moves < MOST_MOVES, f"{self.game_id} did not end within {MOST_MOVES} moves"
            self.play_one(restart=self.moves == restart_at)
        assert self.moves > restart_at, "the game ended before the restart"
        final = self.bot.score(CHANNEL, MEMBERS[0])
        self.said += [shown_text(reply) for reply in final]
        return final


@dataclass(frozen=True)
class Case:
    """One game to play: which, with how many members, its chance, its options, and what it must show."""

    game_id: str
    players: int
    chance: str = "seeded"
    options: str = ""
    hides_names: bool = True
    together: bool = False


#: How a game's case differs from a seeded game on its default options that hides named items: Walls of
#: York on a preset board (which skips the setup steps: a shorter game), The Walled City with the table's
#: own chance (the creator answers every draw through the menus). ``hides_names``: the game hides named
#: items from other seats (Walls of York hides where a seat placed, The Walled City the numbers on the
#: cards in hand: nothing with a name).
TWEAKS: dict[str, dict[str, Any]] = {
    "walls_of_york": {"options": "board=ts1", "hides_names": False},
    "walled_city": {"chance": "table", "hides_names": False},
}


def cases() -> dict[str, Case]:
    """Every registered game at its smallest table of members (two; a game that may be played solo also
    solo, against the engine's own seat), as :data:`TWEAKS` says; ``together`` (several seats decide at
    once, each privately) where the game declares simultaneous decisions."""
    found: dict[str, Case] = {}
    for game_id, engine in registry.engines().items():
        info = engine.info
        case = Case(game_id, max(info.min_players, 2), together=info.game_type.simultaneous, **TWEAKS.get(game_id, {}))
        found[game_id + ("_table_chance" if case.chance == "table" else "")] = case
        if info.min_players == 1:
            found[f"{game_id}_solo"] = Case(game_id, 1, **TWEAKS.get(game_id, {}))
    return found


GAMES = cases()
#: The command layer is dropped and opened again after this many moves of each game.
RESTART_AT = 12


@dataclass
class Outcome:
    """How one game went: the table (its counters), the final score replies, or what failed."""

    table: Table
    final: list[Reply] = field(default_factory=list)
    error: BaseException | None = None
    seconds: float = 0.0


def play_whole_game(target: str, directory: Path, name: str, locale: str = "en") -> Outcome:
    """One game, on its own channel to the server (so the server's workers share the games), in the
    channel's ``locale`` (chosen with the language command before the game is set up)."""
    case = GAMES[name]
    client = RecordingClient(target, timeout=120.0)
    with client:
        path = directory / f"{name}.sqlite3"
        table = Table(
            client, path, case.game_id, case.players, case.chance, seed=7, options=case.options, locale=locale
        )
        began = time.monotonic()
        try:
            return Outcome(table, table.play_out(RESTART_AT), seconds=time.monotonic() - began)
        except (AssertionError, RulesEngineError) as error:
            return Outcome(table, error=error, seconds=time.monotonic() - began)


@pytest.fixture(scope="module")
def outcomes(targets: list[str], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    """Every game of ``GAMES`` played to its end, side by side, the games dealt to the servers in turn."""
    directory = tmp_path_factory.mktemp("bot")
    with ThreadPoolExecutor(max_workers=len(GAMES)) as pool:
        futures = {
            name: pool.submit(play_whole_game, targets[n % len(targets)], directory, name)
            for n, name in enumerate(GAMES)
        }
        return {name: future.result() for name, future in futures.items()}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_through_the_menus(outcomes: dict[str, Outcome], name: str) -> None:
    outcome = outcomes[name]
    if outcome.error is not None:
        raise outcome.error
    table = outcome.table
    print(f"{name}: {table.moves} moves, {table.menus_seen} menus, {table.together} together, {outcome.seconds:.1f}s")
    assert "Final score" in outcome.final[0].text
    assert table.moves > RESTART_AT
    assert table.menus_seen >= table.moves
    assert len(table.all_seats) == table.players + (table.players == 1)
    if GAMES[name].hides_names:
        assert table.hidden_seen, "no seat ever hid a named item: the leak check checked nothing"
    if GAMES[name].together:
        assert table.together, "no decision was ever taken by several seats at once"


#: The repository's root (the catalogues of the engines are in ``engines/*/locale``).
ROOT = Path(__file__).resolve().parents[3]
#: The English words every message of the bot and the engines is made of: the ``msgid``s of their ``.pot``.
ENGLISH_CATALOGUES = [BOT_LOCALE / "messages.pot", *sorted(ROOT.glob("engines/*/locale/messages.pot"))]
#: A word: two letters or more, whole (not a part of a token such as ``p01`` or ``g11n``, nor the end of a
#: word a menu option had to cut, ``Had…`` of ``Hadúr``).
WORD = re.compile(r"(?<![\w…])[^\W\d_]{2,}(?![\w…])")


def _words(text: str) -> set[str]:
    """The words of ``text`` in lower case, placeholders (``{seat}``) left out."""
    return {word.lower() for word in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text))}


def english_only_words(locale: str) -> frozenset[str]:
    """Every word of the English messages (the bot's and the engines') that no translation into ``locale``
    uses: a word of them in what the bot shows is English left untranslated. (Words the translations keep,
    such as names and the commands ``/game join``, are fine.)"""
    english: set[str] = set()
    translated: set[str] = set()
    for pot in ENGLISH_CATALOGUES:
        for message in read_po(pot.open("rb")):
            ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
            english |= set().union(*(_words(text) for text in ids if text))
        po = pot.with_name(f"{locale}.po")
        for message in read_po(po.open("rb"), locale=locale):
            strings = (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
            translated |= set().union(*(_words(text) for text in strings if text), set())
    return frozenset(english - translated)


def around(text: str, word: str, wide: int = 60) -> str:
    """``text`` near the first time ``word`` is in it (any case)."""
    found = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE)
    at = found.start() if found else 0
    return text[max(0, at - wide) : at + wide]


def english_left(said: Sequence[str], english: frozenset[str], names: Sequence[str] = ()) -> dict[str, str]:
    """Each English word in ``said`` (proper ``names`` left out), with the first text it was in."""
    proper = set().union(*(_words(name) for name in names), set())
    found: dict[str, str] = {}
    for text in said:
        for word in sorted((_words(text) & english) - proper):
            found.setdefault(word, text)
    return found


#: The language the whole games are also played in, and the games whose every word is translated in it.
LOCALE = "hu"


@pytest.fixture(scope="module")
def outcomes_in_hungarian(targets: list[str], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    """Every game of ``GAMES`` played to its end in a channel whose language is Hungarian."""
    directory = tmp_path_factory.mktemp("bot_hu")
    with ThreadPoolExecutor(max_workers=len(GAMES)) as pool:
        futures = {
            name: pool.submit(play_whole_game, targets[n % len(targets)], directory, name, LOCALE)
            for n, name in enumerate(GAMES)
        }
        return {name: future.result() for name, future in futures.items()}


#: The games whose words the service does not yet give in Hungarian (issue #25 converts them one by one):
#: their whole game in Hungarian is expected to show English. Take a game off once it is translated.
NOT_YET_TRANSLATED: frozenset[str] = frozenset()


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_game_in_hungarian(outcomes_in_hungarian: dict[str, Outcome], name: str) -> None:
    outcome = outcomes_in_hungarian[name]
    if outcome.error is not None:
        raise outcome.error
    table = outcome.table
    print(f"{name} ({LOCALE}): {table.moves} moves, {len(table.said)} texts, {outcome.seconds:.1f}s")
    assert Words(LOCALE, BOT_LOCALE).say("Final score:") in outcome.final[0].text
    assert table.moves > RESTART_AT
    left = english_left(table.said, english_only_words(LOCALE), [table.title])
    if left and table.game_id in NOT_YET_TRANSLATED:
        pytest.xfail(f"{table.game_id}'s words are not translated yet: {', '.join(sorted(left)[:10])} ...")
    assert not left, "English words in what the bot showed: " + "; ".join(
        f"{word!r} in {around(text, word)!r}" for word, text in sorted(left.items())[:15]
    )


def test_the_english_word_list_finds_english() -> None:
    english = english_only_words(LOCALE)
    assert {"seat", "decision", "score"} <= english
    assert english_left(["<@501> (0. játékos), a te döntésed: Tarts meg egy karaktert"], english) == {}
    assert set(english_left(["<@501> (Seat 0), your decision: keep"], english)) >= {"seat", "decision"}
    assert english_left(["Walls of York"], english, ["Walls of York"]) == {}


def test_a_step_of_hundreds_of_options_is_narrowed_25_at_a_time() -> None:
    paths = [[f"option {n}"] for n in range(700)]
    walked = menus.walk(paths, ())
    token = Token(menus.digest(paths), 0)
    first = menus.menu(token, walked, "Which?")
    assert len(first.options) == 2  # 625 and 75
    seen: list[int] = []
    for group in first.options:
        ranges = menus.menu(Token.decode(group.value), walked, "Which?")
        assert 1 <= len(ranges.options) <= MENU_LIMIT
        for span in ranges.options:
            shown = menus.menu(Token.decode(span.value), walked, "Which?")
            assert 1 <= len(shown.options) <= MENU_LIMIT
            for option in shown.options:
                reached = menus.walk(paths, Token.decode(option.value).steps)
                assert reached.move is not None and paths[reached.move] == [option.label]
                seen.append(reached.move)
    assert seen == list(range(700))


def test_a_menu_value_of_another_decision_is_stale() -> None:
    paths = [["a", "x"], ["a", "y"], ["b"]]
    walked = menus.walk(paths, (0,))
    assert walked.move is None and walked.chosen == ("a",) and walked.options == ("x", "y")
    assert menus.walk(paths, (1,)).move == 2
    with pytest.raises(menus.StaleMenu):
        menus.walk(paths, (0, 5))
    with pytest.raises(menus.StaleMenu):
        Token.decode("not a token")


def test_the_discord_app_registers_its_commands(tmp_path: Path) -> None:
    import discord_app

    config = discord_app.Config.from_env({"DISCORD_TOKEN": "x", "RULES_BOT_DATABASE": str(tmp_path / "g.sqlite3")})
    app = discord_app.RulesBotClient(config)
    by_name = {command.name: command for command in app.tree.get_commands()}
    assert set(by_name) == {"game", "language"}
    group = by_name["game"]
    assert isinstance(group, app_commands.Group)
    language = by_name["language"]
    assert isinstance(language, app_commands.Command)
    assert [p.name for p in language.parameters] == ["language", "where"]
    assert [c.value for c in language.parameters[0].choices] == ["en", "hu", "de"]
    assert [c.value for c in language.parameters[1].choices] == ["channel", "server"]
    commands = {command.name: command for command in group.commands}
    assert set(commands) == {"new", "list", "join", "start", "play", "view", "board", "score", "end", "bot", "hint"}
    bot = commands["bot"]
    assert isinstance(bot, app_commands.Command)
    assert [p.name for p in bot.parameters] == ["seat"] and not bot.parameters[0].required
    new = commands["new"]
    assert isinstance(new, app_commands.Command)
    assert [p.name for p in new.parameters] == ["game", "players", "options", "chance"]
    assert [c.value for c in new.parameters[3].choices] == ["seeded", "table"]
    menu = Menu("Which?", tuple(Option(str(n), f"option {n}") for n in range(MENU_LIMIT)))
    view = discord_app.components(Reply("pick", 1, menu=menu, buttons=(Button("My move", "play"),)))
    assert view is not None
    custom_ids = [item.custom_id for item in view.children]  # type: ignore[attr-defined]
    assert custom_ids == [discord_app.MENU_ID, discord_app.BUTTON_PREFIX + "play"]


def test_what_the_bot_refuses(targets: list[str], tmp_path: Path) -> None:
    first, second, stranger = MEMBERS[:3]
    client = RecordingClient(targets[0])
    with client:
        bot = RulesBot(client, Store(tmp_path / "games.sqlite3"), seeds=lambda: 3, picture_scale=PICTURE_SCALE)
        (unknown,) = bot.new(CHANNEL, first, "no_such_game")
        assert unknown.member == first and "citadels" in unknown.text
        (bad,) = bot.new(CHANNEL, first, "citadels", 2, "preset=nonsense")
        assert bad.member == first and "preset" in bad.text
        assert bot.store.load(CHANNEL) is None
        (made,) = bot.new(CHANNEL, first, "citadels", 2)
        assert made.public
        assert bot.start(CHANNEL, second)[0].member == second  # not the creator
        assert bot.start(CHANNEL, first)[0].member == first  # seats still free
        bot.join(CHANNEL, first)
        assert bot.join(CHANNEL, first)[0].member == first  # already seated
        bot.join(CHANNEL, second)
        assert bot.join(CHANNEL, stranger)[0].member == stranger  # no seat left
        assert bot.start(CHANNEL, first)[0].public
        state = load_state(bot.store.load(CHANNEL))  # type: ignore[arg-type]
        (seat,) = bot.pending(state).seats
        mover, waiter = (first, second) if seat == 0 else (second, first)
        (idle,) = bot.play(CHANNEL, waiter)
        assert idle.menu is None and "waiting" in idle.text
        (menu,) = bot.play(CHANNEL, mover)
        assert menu.menu is not None
        assert "someone else" in bot.choose(CHANNEL, waiter, menu.menu.options[0].value)[0].text
        played = bot.choose(CHANNEL, mover, menu.menu.options[0].value)
        assert any(reply.public and reply.image is not None for reply in played)
        (stale,) = bot.choose(CHANNEL, mover, menu.menu.options[0].value)
        assert "out of date" in stale.text and stale.member == mover
        assert bot.new(CHANNEL, second, "citadels", 2)[0].member == second  # a game is running
        assert bot.end(CHANNEL, second)[0].member == second
        assert bot.end(CHANNEL, first)[0].public
        assert bot.store.load(CHANNEL) is None


#: 80 characters every option below starts with.
SHARED = "Build a wall section on the north side of the old city, next to the bridge gate "


def test_options_sharing_a_long_start_show_what_tells_them_apart() -> None:
    assert len(SHARED) == 80
    ends = {
        "(cost 2)": "tower at the gate of the old city that faces the river crossing (cost 2)",
        "(cost 3)": "tower at the gate of the old city that faces the river crossing (cost 3)",
        "gatehouse": "gatehouse",
        "a long way": "tower at the gate of the old city that faces the river crossing, a long way from the keep",
    }
    texts = [SHARED + end for end in ends.values()]
    assert all(len(text) > OPTION_TEXT_LIMIT for text in texts[:2])
    paths = [[text] for text in texts]
    shown = menus.menu(Token(menus.digest(paths), 0), menus.walk(paths, ()), "Where?").options
    assert len({option.label for option in shown}) == len(texts)
    for option, differing in zip(shown, ends, strict=True):
        assert len(option.label) <= OPTION_TEXT_LIMIT and len(option.description) <= OPTION_TEXT_LIMIT
        assert differing in option.label, option.label
        # what the label leaves out of the shared start is in the description
        assert (option.label + option.description).count("Build a wall") == 1, option
    assert menus.walk(paths, Token.decode(shown[1].value).steps).move == 1


def test_ranges_of_options_sharing_a_long_start_show_their_ends_apart() -> None:
    paths = [[f"{SHARED}and a tower at the gate of the old city that faces the river, number {n}"] for n in range(60)]
    ranges = menus.menu(Token(menus.digest(paths), 0), menus.walk(paths, ()), "Where?").options
    assert [option.description for option in ranges] == ["25 options", "25 options", "10 options"]
    for option, (first, last) in zip(ranges, [(0, 24), (25, 49), (50, 59)], strict=True):
        assert len(option.label) <= OPTION_TEXT_LIMIT
        assert f"number {first} …" in option.label and option.label.endswith(f"number {last}"), option.label


def test_tell_apart_keeps_labels_distinct() -> None:
    texts = ["x" * 300, "x" * 200, "x" * 150 + "y", "short", "short"]
    labels = [label for label, _ in menus.tell_apart(texts)]
    assert len(set(labels)) == len(texts)
    assert all(len(label) <= OPTION_TEXT_LIMIT for label in labels)
    assert labels[2].endswith("y")


class ScriptedClient(RulesEngineClient):  # type: ignore[misc, unused-ignore]
    """A rules service that answers from a script: the prompt of every decision (``{seat}`` is the
    deciding seat) and the private line of every move (none when empty). Nothing is sent anywhere."""

    def __init__(self, prompt: str, private: str) -> None:
        super().__init__("127.0.0.1:9", timeout=1.0)
        self.prompt = prompt
        self.private = private

    def pending_at(self, state: service_pb2.GameState) -> common_pb2.Pending:
        seat = state.move_number % 2
        return common_pb2.Pending(seats=[seat], kind="pick_character", prompt=self.prompt.format(seat=seat))

    def view(self, state: service_pb2.GameState, seat: int | None) -> service_pb2.ViewStateResponse:
        return service_pb2.ViewStateResponse(state=state, pending=self.pending_at(state))

    def legal_moves(self, state: service_pb2.GameState, seat: int | None = None) -> service_pb2.LegalMovesResponse:
        pending = self.pending_at(state)
        names = ["Bishop", "Merchant"]
        labels = [common_pb2.MoveLabel(label=common_pb2.Text(english=name)) for name in names]
        return service_pb2.LegalMovesResponse(
            pending=pending, moves=[service_pb2.Move(seat=pending.seats[0]) for _ in names], labels=labels
        )

    def apply_move(self, state: service_pb2.GameState, move: service_pb2.Move) -> service_pb2.ApplyMoveResponse:
        after = service_pb2.GameState(game_id=state.game_id, match_id=state.match_id, move_number=state.move_number + 1)
        log = common_pb2.LogEntry(seat=move.seat, public_line=common_pb2.Text(english=f"Seat {move.seat} picked"))
        if self.private:
            log.private_line.CopyFrom(common_pb2.Text(english=self.private))
        return service_pb2.ApplyMoveResponse(state=after, pending=self.pending_at(after), log=log)

    def render_view(
        self, state: service_pb2.GameState, seat: int | None, *, png: bool = False, scale: float = 0.0
    ) -> service_pb2.RenderViewResponse:
        return service_pb2.RenderViewResponse(image=PNG)


def scripted_bot(tmp_path: Path, client: ScriptedClient) -> RulesBot:
    """The command layer on ``client``, with a started game of two members in ``CHANNEL``."""
    bot = RulesBot(client, Store(tmp_path / "games.sqlite3"))
    state = service_pb2.GameState(game_id="citadels", match_id="m")
    bot.store.create(
        StoredGame(CHANNEL, "citadels", 2, {}, "seeded", 7, MEMBERS[0], MEMBERS[:2], "m", 0, state.SerializeToString())
    )
    return bot


@pytest.mark.parametrize("prompt", ["Keep a character", "Seat {seat}: keep a character"])
def test_the_bot_names_who_decides_once(tmp_path: Path, prompt: str) -> None:
    client = ScriptedClient(prompt, "You picked the Bishop")
    with client:
        bot = scripted_bot(tmp_path, client)
        (menu,) = bot.play(CHANNEL, MEMBERS[0])
        assert menu.text == f"<@{MEMBERS[0]}> (Seat 0), your decision: Keep a character"
        assert menu.menu is not None and menu.menu.placeholder == "Keep a character"
        played = bot.choose(CHANNEL, MEMBERS[0], menu.menu.options[0].value)
        turn = [reply for reply in played if reply.public and reply.buttons]
        assert [reply.text for reply in turn] == [f"<@{MEMBERS[1]}> (Seat 1) to decide: Keep a character."]


def test_older_prompts_lose_the_seat_they_name() -> None:
    def asked(prompt: str, seat: int) -> str:
        return question(common_pb2.Pending(seats=[seat], prompt=prompt))

    assert asked("Seat 0 (Magistrate): confiscate Seat 1's new district?", 0) == (
        "Confiscate Seat 1's new district? (Magistrate)"
    )
    assert asked("Chance: the district card Seat 1 draws", CHANCE_SEAT) == "The district card Seat 1 draws"
    assert asked("Seat 10: keep a character", 1) == "Seat 10: keep a character"  # another seat: left alone
    assert asked("Take or build a card from Seat 1's hand", 0) == "Take or build a card from Seat 1's hand"


@pytest.mark.parametrize("private", ["You picked the Bishop", ""])
def test_the_private_line_goes_to_the_mover_as_it_is(tmp_path: Path, private: str) -> None:
    client = ScriptedClient("Keep a character", private)
    with client:
        bot = scripted_bot(tmp_path, client)
        (menu,) = bot.play(CHANNEL, MEMBERS[0])
        assert menu.menu is not None
        played = bot.choose(CHANNEL, MEMBERS[0], menu.menu.options[0].value)
        assert [reply.text for reply in played if reply.public and drew(reply)] == ["**1.** Seat 0 picked"]
        assert [(reply.member, reply.text) for reply in played if not reply.public] == (
            [(MEMBERS[0], private)] if private else []
        )


def test_the_service_address_is_rules_engine_target(tmp_path: Path) -> None:
    import discord_app

    env = {"DISCORD_TOKEN": "x", "RULES_BOT_DATABASE": str(tmp_path / "g.sqlite3")}
    assert discord_app.Config.from_env(env).target == "localhost:50051"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert discord_app.Config.from_env({**env, "RULES_ENGINE_TARGET": "rules:1"}).target == "rules:1"
    with pytest.warns(FutureWarning, match="RULES_ENGINE_ADDRESS is deprecated: set RULES_ENGINE_TARGET"):
        assert discord_app.Config.from_env({**env, "RULES_ENGINE_ADDRESS": "old:2"}).target == "old:2"
    both = {**env, "RULES_ENGINE_TARGET": "rules:1", "RULES_ENGINE_ADDRESS": "old:2"}
    with pytest.warns(FutureWarning, match="RULES_ENGINE_TARGET is used"):
        assert discord_app.Config.from_env(both).target == "rules:1"
    readme = (Path(discord_app.__file__).parent / "README.md").read_text()
    assert "`RULES_ENGINE_TARGET`" in readme and "./run test examples/discord_bot/tests" in readme


def test_a_store_of_an_older_bot_gains_the_languages_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.execute(SCHEMA)  # the file as the bot before languages left it: the games alone, user_version 0
    game = StoredGame(CHANNEL, "citadels", 2, {"preset": "basic"}, "seeded", 7, MEMBERS[0], (MEMBERS[0], None))
    values = (CHANNEL, "citadels", 2, '{"preset": "basic"}', "seeded", 7, MEMBERS[0], f"[{MEMBERS[0]}, null]")
    old.execute(
        "INSERT INTO games (channel, game_id, players, options, chance, seed, creator, seats) VALUES "
        "(?, ?, ?, ?, ?, ?, ?, ?)",
        values,
    )
    old.commit()
    old.close()
    store = Store(path)
    assert store.load(CHANNEL) == game
    assert store.language(CHANNEL) is None
    store.set_language("server", 77, "de")
    assert store.language(CHANNEL, 77) == "de"
    store.set_language("channel", CHANNEL, "hu")
    assert store.language(CHANNEL, 77) == "hu"  # the channel's own choice comes first
    store.close()
    again = Store(path)  # opened again: nothing migrated twice, nothing lost
    assert again.load(CHANNEL) == game and again.language(CHANNEL) == "hu"
    assert again.language(CHANNEL + 1, 77) == "de" and again.language(CHANNEL + 1) is None
    again.set_language("channel", CHANNEL, None)
    assert again.language(CHANNEL, 77) == "de"
    assert again._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    again.close()


class SpeakingClient(ScriptedClient):
    """The scripted service, noting the language each call asked for (its ``accept-language``)."""

    def __init__(self, prompt: str, private: str) -> None:
        super().__init__(prompt, private)
        self.asked: list[str] = []

    def legal_moves(self, state: service_pb2.GameState, seat: int | None = None) -> service_pb2.LegalMovesResponse:
        self.asked.append(dict(self.metadata).get("accept-language", ""))
        return super().legal_moves(state, seat)


def test_the_language_command_sets_the_words_of_the_bot_and_of_the_calls(tmp_path: Path) -> None:
    client = SpeakingClient("Keep a character", "")
    with client:
        bot = scripted_bot(tmp_path, client)
        (english,) = bot.play(CHANNEL, MEMBERS[0])
        assert english.text.startswith(f"<@{MEMBERS[0]}> (Seat 0), your decision: ")
        assert [button.label for button in english.buttons] == ["My hand"]
        (refused,) = bot.set_language(CHANNEL, MEMBERS[1], "fr")
        assert refused.member == MEMBERS[1] and "magyar" in refused.text
        (chosen,) = bot.set_language(CHANNEL, MEMBERS[1], "hu")
        assert chosen.public and chosen.text == f"<@{MEMBERS[1]}> a csatorna nyelvét erre állította: magyar."
        (menu,) = bot.play(CHANNEL, MEMBERS[0])
        assert menu.text == f"<@{MEMBERS[0]}> (0. játékos), a te döntésed: Keep a character"
        assert [button.label for button in menu.buttons] == ["A kezem"]
        assert client.asked == ["", "hu"]  # English asks nothing; the copy speaking Hungarian asks for it
        assert bot.done(CHANNEL) == "Kész."
        (current,) = bot.set_language(CHANNEL, MEMBERS[0])
        assert current.text == "A csatorna nyelve: magyar." and current.member == MEMBERS[0]
        other = CHANNEL + 1
        bot.place(CHANNEL, 77)
        bot.place(other, 77)
        (denied,) = bot.set_language(other, MEMBERS[0], "de", server=77, manager=False)
        assert denied.member == MEMBERS[0] and bot.language(other) == "en"
        (server,) = bot.set_language(other, MEMBERS[0], "de", server=77)
        assert server.public and "Sprache dieses Servers" in server.text
        assert bot.language(other) == "de" and bot.language(CHANNEL) == "hu"  # the channel's own comes first
        (nothing,) = bot.board(other, MEMBERS[0])
        assert nothing.text == "In diesem Kanal gibt es kein Spiel; beginne eines mit /game new."


def test_the_bot_has_its_words_in_every_language() -> None:
    pot = read_po((BOT_LOCALE / "messages.pot").open("rb"))
    ids = [message.id for message in pot if message.id]
    assert len(ids) > 50
    for locale in ("hu", "de"):
        said = Words(locale, BOT_LOCALE)
        for message_id in ids:
            if isinstance(message_id, str):
                assert said.say(message_id) != message_id or not re.search("[a-z]{3}", message_id), message_id
            else:
                params = {name: "x" for name in re.findall(r"\{(\w+)\}", message_id[0]) if name != "n"}
                english = message_id[1].format(n=2, **params)
                assert said.say_n(message_id[0], message_id[1], 2, **params) != english, message_id


# ---- the search bot (SuggestMove): a seat it plays, and /game hint -----------------------------------------


class SearchingClient(ScriptedClient):
    """The scripted service that also deals a game of two seats and searches: SuggestMove answers the Merchant
    as the leading move and the Bishop after it, noting each request (move number, seat, candidates asked);
    with ``can_search`` false it answers UNIMPLEMENTED, as for a game the service cannot search yet."""

    def __init__(self) -> None:
        super().__init__("Keep a character", "")
        self.searched: list[tuple[int, int, int]] = []
        self.can_search = True

    def list_games(self) -> list[common_pb2.GameInfo]:
        return [common_pb2.GameInfo(game_id="citadels", title="Citadels", min_players=2, max_players=2)]

    def new_game(self, setup: common_pb2.GameSetup, match_id: str = "") -> service_pb2.NewGameResponse:
        state = service_pb2.GameState(game_id=setup.game_id, match_id="m")
        return service_pb2.NewGameResponse(state=state, pending=self.pending_at(state))

    def suggest_move(
        self,
        state: service_pb2.GameState,
        seat: int,
        *,
        max_playouts: int = 0,
        max_millis: int = 0,
        seed: int = 0,
        candidates: int = 0,
    ) -> service_pb2.SuggestMoveResponse:
        self.searched.append((state.move_number, seat, candidates))
        if not self.can_search:
            raise RulesEngineError(grpc.StatusCode.UNIMPLEMENTED, "dealing a state from a view of Citadels")
        legal = self.legal_moves(state, seat)
        assert seat in legal.pending.seats, "a search for a seat that does not decide"
        weighed = [
            service_pb2.SearchCandidate(move=legal.moves[1], label=legal.labels[1], visits=30, value=0.625),
            service_pb2.SearchCandidate(move=legal.moves[0], label=legal.labels[0], visits=10, value=0.25),
        ]
        return service_pb2.SuggestMoveResponse(
            move=weighed[0].move, label=weighed[0].label, candidates=weighed, playouts=40
        )


def test_a_seat_given_to_the_search_bot_is_played_by_it(tmp_path: Path) -> None:
    creator, other = MEMBERS[:2]
    client = SearchingClient()
    path = tmp_path / "games.sqlite3"
    with client:
        bot = RulesBot(client, Store(path), seeds=lambda: 7)
        assert bot.new(CHANNEL, creator, "citadels", 2)[0].public
        (refused,) = bot.add_bot(CHANNEL, other, 1)
        assert refused.member == other and "Only the member who set up the game" in refused.text
        (wrong,) = bot.add_bot(CHANNEL, creator, 2)
        assert wrong.member == creator and wrong.text == "There is no seat 2; the seats are 0 to 1."
        (given,) = bot.add_bot(CHANNEL, creator, 1)
        assert given.public and given.text == (
            f"<@{creator}> gave Seat 1 to the search bot: it plays from that seat's view alone. 1 seat still free."
        )
        assert "already plays Seat 1" in bot.add_bot(CHANNEL, creator, 1)[0].text
        (joined,) = bot.join(CHANNEL, creator)
        assert joined.text == f"<@{creator}> takes Seat 0. Every seat is taken: the creator can /game start."
        assert bot.join(CHANNEL, other)[0].member == other  # the bot's seat is no free seat
        bot.store.close()
        bot = RulesBot(client, Store(path), seeds=lambda: 7)  # the bot's seat is kept in the file
        stored = bot.store.load(CHANNEL)
        assert stored is not None and stored.bots == (1,) and stored.seats == (creator, None)
        started = bot.start(CHANNEL, creator)
        assert "Seat 1 the search bot" in started[0].text and client.searched == []  # seat 0 decides first
        (menu,) = bot.play(CHANNEL, creator)
        assert menu.menu is not None
        played = bot.choose(CHANNEL, creator, menu.menu.options[0].value)
        # The member's move, then the bot's own (searched for seat 1 at move 1), then the member's turn again.
        assert client.searched == [(1, 1, 0)]
        public = [reply.text for reply in played if reply.public]
        assert public == [
            "**1.** Seat 0 picked",
            "**2.** Seat 1 picked",
            f"<@{creator}> (Seat 0) to decide: Keep a character.",
        ]
        assert all(drew(reply) for reply in played if reply.text.startswith("**"))
        after = bot.store.load(CHANNEL)
        assert after is not None and after.move_number == 2

        # A search the service cannot make is said, and the bot's seat waits; /game board asks it again.
        (menu,) = bot.play(CHANNEL, creator)
        assert menu.menu is not None
        client.can_search = False
        played = bot.choose(CHANNEL, creator, menu.menu.options[0].value)
        public = [reply.text for reply in played if reply.public]
        assert public[1].startswith("The search bot could not play Seat 1: UNIMPLEMENTED")
        assert public[2] == "the search bot (Seat 1) to decide: Keep a character."
        assert "waiting for the search bot (Seat 1)" in bot.play(CHANNEL, creator)[0].text
        client.can_search = True
        board = bot.board(CHANNEL, creator)
        assert [reply.text for reply in board][1:] == [
            "**4.** Seat 1 picked",
            f"<@{creator}> (Seat 0) to decide: Keep a character.",
        ]
        assert client.searched[-2:] == [(3, 1, 0), (3, 1, 0)]


def test_a_running_games_seat_can_go_to_the_search_bot(tmp_path: Path) -> None:
    client = SearchingClient()
    with client:
        bot = scripted_bot(tmp_path, client)  # seat 0 decides at move 0
        (given, *after) = bot.add_bot(CHANNEL, MEMBERS[0], 0)
        assert given.public and client.searched == [(0, 0, 0)]
        assert [reply.text for reply in after] == [
            "**1.** Seat 0 picked",
            f"<@{MEMBERS[1]}> (Seat 1) to decide: Keep a character.",
        ]
        stored = bot.store.load(CHANNEL)
        assert stored is not None and stored.seats == (None, MEMBERS[1]) and stored.bots == (0,)


def test_a_hint_answers_privately_with_the_leading_candidates(tmp_path: Path) -> None:
    client = SearchingClient()
    with client:
        bot = scripted_bot(tmp_path, client)  # seat 0 (MEMBERS[0]) decides
        (idle,) = bot.hint(CHANNEL, MEMBERS[1])
        assert idle.member == MEMBERS[1] and "waiting for" in idle.text and client.searched == []
        (hint,) = bot.hint(CHANNEL, MEMBERS[0])
        assert hint.member == MEMBERS[0] and not hint.public  # ephemeral: the decider alone sees it
        assert hint.text.splitlines() == [
            "Seat 0: the search's leading moves after 40 playouts:",
            "1. Merchant: 30 visits, value 62%",
            "2. Bishop: 10 visits, value 25%",
        ]
        assert [button.command for button in hint.buttons] == ["play"]
        assert client.searched == [(0, 0, 5)]
        stored = bot.store.load(CHANNEL)
        assert stored is not None and stored.move_number == 0  # a hint plays nothing
        bot.set_language(CHANNEL, MEMBERS[0], "hu")
        (hungarian,) = bot.hint(CHANNEL, MEMBERS[0])
        assert hungarian.text.splitlines()[1:] == [
            "1. Merchant: 30 látogatás, érték 62%",
            "2. Bishop: 10 látogatás, érték 25%",
        ]


def test_a_store_of_the_bot_before_search_bots_gains_their_seats(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    old = sqlite3.connect(path)
    old.execute(SCHEMA)  # the file as the bot with languages left it: user_version 1, no bots column
    old.execute(LANGUAGES)
    old.execute("PRAGMA user_version = 1")
    values = (CHANNEL, "citadels", 2, "{}", "seeded", 7, MEMBERS[0], f"[{MEMBERS[0]}, null]")
    old.execute(
        "INSERT INTO games (channel, game_id, players, options, chance, seed, creator, seats) VALUES "
        "(?, ?, ?, ?, ?, ?, ?, ?)",
        values,
    )
    old.execute("INSERT INTO languages (place, id, locale) VALUES ('channel', ?, 'de')", (CHANNEL,))
    old.commit()
    old.close()
    store = Store(path)
    game = StoredGame(CHANNEL, "citadels", 2, {}, "seeded", 7, MEMBERS[0], (MEMBERS[0], None))
    assert store.load(CHANNEL) == game and store.language(CHANNEL) == "de"
    store.save_seats(game.with_bot(1))
    store.close()
    again = Store(path)
    loaded = again.load(CHANNEL)
    assert loaded is not None and loaded.bots == (1,) and loaded.seats == (MEMBERS[0], None)
    assert again._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    again.close()
