"""The bot's commands, with no Discord in them: plain inputs in, ``Reply`` objects out.

Each command takes the channel id and the member id (and its own arguments), reads the channel's
game from the ``Store``, asks the rules service through the Python client, saves what changed and
answers with replies: messages to the channel (the board picture and the public log line after
every move, whose turn it is) and ephemeral messages to the member who acted (their own view and
hand, the menus of their decision, the private line of their move).

Everything is said in the channel's language (``/language``, ``RulesBot.set_language``): the service is
asked in it (``rulesbot.words.speaking``) and its words shown as they come (``shown``); the bot's own words
are its gettext messages (``self.words.say(...)``, ``rulesbot/locale``).
"""

from __future__ import annotations

import re
import secrets
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import wraps
from typing import Concatenate, ParamSpec, cast

from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import RulesEngineClient, RulesEngineError, game_setup
from rulesengine_client.games import SearchBot
from rulesengine_client.i18n import shown
from rulesengine_client.render import Names, render_view

from rulesbot import menus
from rulesbot.replies import MESSAGE_LIMIT, Button, Image, Reply, clip, post
from rulesbot.store import MovedOn, Store, StoredGame
from rulesbot.words import DEFAULT_LOCALE, LANGUAGE_NAMES, LOCALES, Words, speaking, words

#: The CHANCE seat (the table's real box when chance is ``table``).
CHANCE_SEAT = -1
#: The chance modes of ``/game new``: the service's seeded randomness, or the table's real box.
CHANCE_MODES = ("seeded", "table")

#: How many of the search's leading moves ``/game hint`` shows.
HINT_CANDIDATES = 5
#: The most moves the search bot makes in one command (a table of search bots alone plays to its end).
BOT_MOVES_AT_MOST = 2000

#: How many answers of ``LegalMoves`` the bot keeps (the menus of the decisions being walked).
LEGAL_MOVES_KEPT = 16

#: The buttons under a decision (their labels in English; ``RulesBot.buttons`` words them for a channel).
PLAY = Button("My move", "play")
VIEW = Button("My hand", "view")
#: Where a language is chosen: a channel, or a server (the default of its channels).
LANGUAGE_PLACES = ("channel", "server")

P = ParamSpec("P")
Command = Callable[Concatenate["RulesBot", int, int, P], list[Reply]]


class Refusal(Exception):
    """Something a member asked that cannot be done now; the message says why (in the channel's language)."""


@dataclass(frozen=True)
class Speech:
    """How the bot speaks in one channel: its language, its own words in it, and the client asking the
    rules service for answers in it."""

    locale: str
    words: Words
    client: RulesEngineClient


#: How the command being run speaks (set by ``answers`` for the command's channel).
_SPEECH: ContextVar[Speech | None] = ContextVar("rulesbot_speech", default=None)


def answers(command: Command[P]) -> Command[P]:
    """Run a command in its channel's language, and turn a ``Refusal`` or a failure of the rules service
    into an ephemeral reply to the member."""

    @wraps(command)
    def wrapped(bot: RulesBot, channel: int, member: int, *args: P.args, **kwargs: P.kwargs) -> list[Reply]:
        with bot.speaking_in(channel):
            said = bot.words
            try:
                return command(bot, channel, member, *args, **kwargs)
            except Refusal as refusal:
                return [post(str(refusal), member)]
            except MovedOn:
                text = said.say("Someone moved at the same moment; press My move again.")
                return [post(text, member, buttons=(bot.button(PLAY),))]
            except RulesEngineError as error:
                return [post(said.say("The rules service failed: {error}", error=bot.failure(error)), member)]

    return cast(Command[P], wrapped)  # functools.wraps types its result as a _Wrapped, not as the command


def parse_options(text: str, said: Words | None = None) -> dict[str, str]:
    """``name=value`` pairs separated by spaces or commas (``board=borderlands rank9=queen``)."""
    said = said or words(DEFAULT_LOCALE)
    pairs = [part for part in text.replace(",", " ").split() if part]
    bad = [part for part in pairs if "=" not in part]
    if bad:
        raise Refusal(said.say("Options are name=value pairs; {option} is not one.", option=repr(bad[0])))
    return dict(part.split("=", 1) for part in pairs)


def seat_title(seat: int, said: Words | None = None) -> str:
    """``Seat 2``, or ``The table`` for the CHANCE seat."""
    said = said or words(DEFAULT_LOCALE)
    return said.say("The table") if seat == CHANCE_SEAT else said.say("Seat {n}", n=seat)


def mention(member: int | None, said: Words | None = None) -> str:
    """A Discord mention of ``member`` (``nobody`` for a free seat)."""
    return f"<@{member}>" if member is not None else (said or words(DEFAULT_LOCALE)).say("nobody")


def who(seat: int, member: int | None, said: Words | None = None) -> str:
    """Who decides for ``seat``: ``<@member> (Seat 2)`` (Discord shows the mention as the member's name)."""
    return f"{mention(member, said)} ({seat_title(seat, said)})"


def question(pending: common_pb2.Pending, seat: int | None = None) -> str:
    """The decision owed, in the service's words, without the deciding seat's name: the bot says who
    decides itself. The service words its prompts without it (``Keep a character``); an older one
    began them with it (``Seat 0: keep a character``, ``Seat 0 (Magistrate): confiscate ...``,
    ``Chance: the card drawn``), which is taken off here (a role in brackets goes to the end) rather
    than named twice."""
    text = pending.prompt or pending.kind
    if seat is None:
        if len(pending.seats) != 1:
            return text
        seat = pending.seats[0]
    name = "Chance" if seat == CHANCE_SEAT else f"Seat {seat}"
    match = re.fullmatch(rf"{re.escape(name)}(?: \(([^()]*)\))?: (.+)", text, re.DOTALL)
    if match is None:
        return text
    role, rest = match.groups()
    rest = rest[:1].upper() + rest[1:]
    return f"{rest} ({role})" if role else rest


def load_state(game: StoredGame) -> service_pb2.GameState:
    """The stored state of a started game as the service's message."""
    state = service_pb2.GameState()
    state.ParseFromString(game.state or b"")
    return state


def option_type(kind: str, said: Words) -> str:
    """An option's value type (``OptionInfo.type``) in words."""
    if kind == "bool":
        return said.say("true or false")
    if kind == "int":
        return said.say("a whole number")
    if kind == "string":
        return said.say("a word")
    if kind == "list[string]":
        return said.say("words separated by commas")
    return kind


def render_games(games: list[common_pb2.GameInfo], said: Words) -> str:
    """Every game with its player counts, rules version, variants and options (their docs are the service's
    words in the call's language)."""
    lines: list[str] = []
    for game in games:
        lines.append(
            said.say(
                "{game}: {title} (rules {version}, {low}-{high} players)",
                game=game.game_id,
                title=game.title,
                version=game.rules_version,
                low=game.min_players,
                high=game.max_players,
            )
        )
        if game.variants:
            lines.append("  " + said.say("variants: {variants}", variants=", ".join(game.variants)))
        if game.options:
            lines.append("  " + said.say("options (name=value):"))
            for option in game.options:
                default = option.default or '""'
                kind = option_type(option.type, said)
                lines.append(
                    "    "
                    + said.say("{name} ({type}, default {default})", name=option.name, type=kind, default=default)
                )
                if option.choices:
                    lines.append("        " + said.say("one of: {choices}", choices=", ".join(option.choices)))
                if option.doc:
                    lines.append(f"        {option.doc}")
    return "\n".join(lines) if lines else said.say("(no games)")


def render_score(sheet: common_pb2.ScoreSheet, said: Words) -> str:
    """A score sheet: standings with totals, each seat's breakdown (the service's words), the winners."""
    lines = [said.say("Final score:") if sheet.final else said.say("Provisional score:")]
    for seat in sorted(sheet.seats, key=lambda s: (s.place or 99, s.seat)):
        points = said.say_n("{n} point", "{n} points", seat.total)
        tiebreak = " " + said.say("(tie-break: {tiebreak})", tiebreak=seat.tiebreak) if seat.tiebreak else ""
        lines.append(f"  {seat.place or '-'}. {seat_title(seat.seat, said)}: {points}{tiebreak}")
        for entry in seat.entries:
            detail = f" ({entry.detail})" if entry.detail else ""
            lines.append(f"       {entry.points:+d} {entry.category}{detail}")
    if sheet.final:
        # Only a final sheet has winners; a provisional one only shows who is ahead now.
        winners = ", ".join(seat_title(w, said) for w in sheet.winners)
        if not sheet.winners:
            lines.append(said.say("No winner."))
        else:
            lines.append(said.say_n("Winner: {seats}", "Winners: {seats}", len(sheet.winners), seats=winners))
    return "\n".join(lines)


class RulesBot:
    """The command layer: every game of every channel, played through the rules service.

    ``client`` talks to the service; ``store`` keeps the games; ``seeds`` makes the seed of a seeded
    game (random by default; tests pass a fixed one). Each channel is answered in its language
    (``set_language``): the service is asked in it, and the bot's own words are said in it.
    ``bot_millis`` and ``bot_playouts`` are how long the search bot (``/game bot``) and ``/game hint``
    search per move (0 playouts: as many as the time allows).
    """

    def __init__(
        self,
        client: RulesEngineClient,
        store: Store,
        seeds: Callable[[], int] | None = None,
        picture_scale: float = 1.0,
        bot_millis: int = 1000,
        bot_playouts: int = 0,
    ) -> None:
        self.client = client
        self.store = store
        self.seeds = seeds or (lambda: secrets.randbelow(2**32))
        self.picture_scale = picture_scale
        self.bot_millis = bot_millis
        self.bot_playouts = bot_playouts
        self._names: dict[str, Names] = {}
        self._games: dict[str, dict[str, common_pb2.GameInfo]] = {}
        self._legal: OrderedDict[tuple[str, bytes, int], service_pb2.LegalMovesResponse] = OrderedDict()
        self._clients: dict[str, RulesEngineClient] = {}
        self._servers: dict[int, int] = {}

    # ---- languages -----------------------------------------------------------------------------

    def speech(self, locale: str) -> Speech:
        """How the bot speaks ``locale``: its words, and the client asking the service in it (made once)."""
        if locale not in self._clients:
            self._clients[locale] = speaking(self.client, locale)
        return Speech(locale, words(locale), self._clients[locale])

    @property
    def speaks(self) -> Speech:
        """How the command being run speaks (English outside a command)."""
        return _SPEECH.get() or self.speech(DEFAULT_LOCALE)

    @property
    def words(self) -> Words:
        """The bot's own words in the language of the command being run."""
        return self.speaks.words

    @property
    def service(self) -> RulesEngineClient:
        """The client asking the service in the language of the command being run."""
        return self.speaks.client

    def place(self, channel: int, server: int | None) -> None:
        """Say which server ``channel`` belongs to (its language falls back to the server's)."""
        if server is not None:
            self._servers[channel] = server

    def language(self, channel: int) -> str:
        """The language of ``channel``: its own choice, else its server's, else English."""
        return self.store.language(channel, self._servers.get(channel)) or DEFAULT_LOCALE

    @contextmanager
    def speaking_in(self, channel: int) -> Iterator[Speech]:
        """Everything said inside is said in ``channel``'s language."""
        token = _SPEECH.set(self.speech(self.language(channel)))
        try:
            yield self.speaks
        finally:
            _SPEECH.reset(token)

    def button(self, button: Button) -> Button:
        """A button worded in the language of the command being run."""
        said = self.words
        label = said.say("My move") if button.command == PLAY.command else said.say("My hand")
        return replace(button, label=label) if button.command in (PLAY.command, VIEW.command) else button

    def done(self, channel: int) -> str:
        """What the member is told privately when a command posted only to the channel."""
        with self.speaking_in(channel):
            return self.words.say("Done.")

    def failure(self, error: RulesEngineError) -> str:
        """Why the service refused, as it said it: its code and message (in English, as before); in another
        language the violations' words, else the message (its words are the service's, in the language)."""
        if self.speaks.locale == DEFAULT_LOCALE:
            return str(error)
        return "; ".join(violation.message for violation in error.violations) or error.message

    # ---- the service --------------------------------------------------------------------------

    def games(self) -> dict[str, common_pb2.GameInfo]:
        """The service's games, with their options in the language of the command being run (asked once)."""
        locale = self.speaks.locale
        if locale not in self._games:
            self._games[locale] = {info.game_id: info for info in self.service.list_games()}
        return self._games[locale]

    def game_info(self, game_id: str) -> common_pb2.GameInfo:
        """The service's description of ``game_id`` (players, options); ``Refusal`` for an unknown game."""
        games = self.games()
        if game_id not in games:
            text = self.words.say(
                "There is no game {game}; the games are {games}.", game=repr(game_id), games=", ".join(sorted(games))
            )
            raise Refusal(text)
        return games[game_id]

    def game_ids(self) -> list[str]:
        """Every game the service plays."""
        return sorted(self.games())

    def names(self, game_id: str) -> Names:
        """The display names of ``game_id``'s content, from the service (asked once)."""
        if game_id not in self._names:
            self._names[game_id] = Names.from_content(self.client.describe_game(game_id).content)
        return self._names[game_id]

    def picture(self, state: service_pb2.GameState, seat: int | None) -> Image:
        """The PNG the service draws of what ``seat`` (``None``: a spectator) sees, in the language."""
        answer = self.service.render_view(state, seat, png=True, scale=self.picture_scale)
        who = "table" if seat is None else f"seat{seat}"
        return Image(f"{state.game_id}-{state.move_number}-{who}.png", answer.image)

    def legal_moves(self, state: service_pb2.GameState, seat: int) -> service_pb2.LegalMovesResponse:
        """``seat``'s legal moves in ``state``; the last few answers are kept, since walking one decision's
        menus asks for the same moves at every step (an answer depends on nothing but the state and the
        language)."""
        key = (self.speaks.locale, state.SerializeToString(deterministic=True), seat)
        if key not in self._legal:
            self._legal[key] = self.service.legal_moves(state, seat)
            while len(self._legal) > LEGAL_MOVES_KEPT:
                self._legal.popitem(last=False)
        self._legal.move_to_end(key)
        return self._legal[key]

    def pending(self, state: service_pb2.GameState) -> common_pb2.Pending:
        """The decision owed in ``state``, as anyone at the table may know it."""
        return self.service.view(state, None).pending

    def drawn(self, text: str, state: service_pb2.GameState, seat: int | None, member: int | None = None) -> Reply:
        """A reply with the picture of what ``seat`` sees; when the service draws none, the reply says why
        (the move or the view it goes with still stands)."""
        try:
            return post(text, member, image=self.picture(state, seat))
        except RulesEngineError as error:
            why = self.words.say("(The rules service drew no picture: {error})", error=self.failure(error))
            return post(f"{text}\n{why}", member)

    # ---- reading the channel's game ------------------------------------------------------------

    def _game(self, channel: int) -> StoredGame:
        game = self.store.load(channel)
        if game is None:
            raise Refusal(self.words.say("There is no game in this channel; start one with /game new."))
        return game

    def _running(self, channel: int) -> tuple[StoredGame, service_pb2.GameState]:
        game = self._game(channel)
        if not game.started:
            raise Refusal(self.words.say("The game has not started yet: join with /game join, then /game start."))
        if game.over:
            raise Refusal(self.words.say("The game is over; /game new starts another."))
        return game, load_state(game)

    def holder(self, game: StoredGame, seat: int) -> int | None:
        """The member who decides for ``seat``: its member, or the creator for the table's chance."""
        if seat == CHANCE_SEAT:
            return game.creator if game.table_chance else None
        return game.seats[seat] if 0 <= seat < len(game.seats) else None

    def decider(self, game: StoredGame, seat: int) -> str:
        """Who decides for ``seat``: ``<@member> (Seat 2)``, or ``the search bot (Seat 2)``."""
        if seat in game.bots:
            bot = self.words.say("the search bot")
            return f"{bot} ({seat_title(seat, self.words)})"
        return who(seat, self.holder(game, seat), self.words)

    def search_bot(self, game: StoredGame, *, hint: bool = False) -> SearchBot:
        """The search (``SuggestMove``) of the bot's seats, or of ``/game hint``, seeded from the game's seed
        (a hint's seed differs from the bot's: a hint is not the bot's move)."""
        seed = (game.seed or 0) * 2 + int(hint)
        return SearchBot(seed, think_millis=self.bot_millis, playouts=self.bot_playouts)

    def _controls(self, game: StoredGame, member: int) -> list[int]:
        seats = game.seats_of(member)
        return [*seats, CHANCE_SEAT] if game.table_chance and member == game.creator else seats

    def _seats(self, game: StoredGame) -> str:
        said = self.words
        bot = said.say("the search bot")
        return ", ".join(
            f"{seat_title(s, said)} {bot if s in game.bots else mention(m, said)}" for s, m in enumerate(game.seats)
        )

    # ---- commands ------------------------------------------------------------------------------

    @answers
    def set_language(
        self, channel: int, member: int, locale: str | None = None, server: int | None = None, manager: bool = True
    ) -> list[Reply]:
        """Choose the channel's language (with ``server``: that server's default for its channels, which
        needs a ``manager`` of the server); without ``locale``, say which language the channel speaks."""
        if locale is None:
            current = self.language(channel)
            return [post(self.words.say("This channel speaks {language}.", language=LANGUAGE_NAMES[current]), member)]
        if locale not in LOCALES:
            names = ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LOCALES)
            raise Refusal(self.words.say("The languages are {languages}.", languages=names))
        if server is not None and not manager:
            raise Refusal(self.words.say("Only a member who may manage the server can choose its language."))
        if server is not None:
            self.store.set_language("server", server, locale)
            self.place(channel, server)
        else:
            self.store.set_language("channel", channel, locale)
        with self.speaking_in(channel):  # the answer is in the language chosen
            said, name = self.words, LANGUAGE_NAMES[locale]
            if server is not None:
                text = said.say(
                    "{member} made {language} this server's language (a channel's own /language comes first).",
                    member=mention(member, said),
                    language=name,
                )
            else:
                text = said.say(
                    "{member} made {language} this channel's language.", member=mention(member, said), language=name
                )
            return [post(text)]

    @answers
    def list_games(self, channel: int, member: int) -> list[Reply]:
        """Every game the service plays, its player counts and options (to the member)."""
        listing = render_games(self.service.list_games(), self.words)
        return [post(f"```\n{clip(listing, MESSAGE_LIMIT - 8)}\n```", member)]

    @answers
    def new(
        self,
        channel: int,
        member: int,
        game_id: str,
        players: int | None = None,
        options: str = "",
        chance: str = "seeded",
    ) -> list[Reply]:
        """Set up a game in the channel; the creator takes no seat until they join."""
        said = self.words
        current = self.store.load(channel)
        if current is not None and current.started and not current.over:
            raise Refusal(said.say("A game is running in this channel; its creator can stop it with /game end."))
        info = self.game_info(game_id)
        count = players if players is not None else info.min_players
        if not info.min_players <= count <= info.max_players:
            raise Refusal(
                said.say(
                    "{title} takes {low} to {high} players.",
                    title=info.title,
                    low=info.min_players,
                    high=info.max_players,
                )
            )
        if chance not in CHANCE_MODES:
            raise Refusal(said.say("Chance is {first} or {second}.", first=CHANCE_MODES[0], second=CHANCE_MODES[1]))
        chosen = parse_options(options, said)
        seed = None if chance == "table" else self.seeds()
        self.service.new_game(self._setup(game_id, count, chosen, chance, seed or 0))  # the options are checked now
        game = StoredGame(channel, game_id, count, chosen, chance, seed, member, (None,) * count)
        self.store.create(game)
        text = said.say(
            "{member} set up {title} for {count}.", member=mention(member, said), title=info.title, count=count
        )
        if chance == "table":
            text += " " + said.say("The table's own box decides chance: the creator answers every draw.")
        return [post(text + " " + said.say("Join with /game join."))]

    @staticmethod
    def _setup(game_id: str, players: int, options: dict[str, str], chance: str, seed: int) -> common_pb2.GameSetup:
        external = chance == "table"
        return game_setup(
            game_id, players, seed=None if external else seed, external_chance=external, overrides=options
        )

    @answers
    def join(self, channel: int, member: int) -> list[Reply]:
        """Take the first free seat of the channel's game."""
        said = self.words
        game = self._game(channel)
        if game.started:
            raise Refusal(said.say("The game has started; seats can no longer be taken."))
        if game.seats_of(member):
            raise Refusal(said.say("You already hold {seat}.", seat=seat_title(game.seats_of(member)[0], said)))
        free = [seat for seat in range(game.players) if game.free(seat)]
        if not free:
            raise Refusal(said.say("Every seat is taken."))
        game = game.with_seat(free[0], member)
        self.store.save_seats(game)
        taken = said.say("{member} takes {seat}.", member=mention(member, said), seat=seat_title(free[0], said))
        return [post(f"{taken} {self._still_free(game)}")]

    def _still_free(self, game: StoredGame) -> str:
        said = self.words
        waiting = sum(1 for seat in range(game.players) if game.free(seat))
        if waiting:
            return said.say_n("{n} seat still free.", "{n} seats still free.", waiting)
        return said.say("Every seat is taken: the creator can /game start.")

    @answers
    def add_bot(self, channel: int, member: int, seat: int | None = None) -> list[Reply]:
        """Give ``seat`` (``None``: the first free one) to the search bot, which then plays it through
        ``SuggestMove`` whenever it is to decide (the creator only). Before the start a free seat; once the game
        runs, any seat, its member's included (someone who left)."""
        said = self.words
        game = self._game(channel)
        if member != game.creator:
            raise Refusal(said.say("Only the member who set up the game can give a seat to the search bot."))
        if game.over:
            raise Refusal(said.say("The game is over; /game new starts another."))
        if seat is None:
            free = [s for s in range(game.players) if game.free(s)]
            if not free:
                raise Refusal(said.say("Every seat is taken."))
            seat = free[0]
        if not 0 <= seat < game.players:
            raise Refusal(
                said.say("There is no seat {seat}; the seats are 0 to {last}.", seat=seat, last=game.players - 1)
            )
        if seat in game.bots:
            raise Refusal(said.say("The search bot already plays {seat}.", seat=seat_title(seat, said)))
        holder = game.seats[seat]
        if holder is not None and not game.started:
            raise Refusal(
                said.say("{seat} is taken by {member}.", seat=seat_title(seat, said), member=mention(holder, said))
            )
        game = game.with_bot(seat)
        self.store.save_seats(game)
        text = said.say(
            "{member} gave {seat} to the search bot: it plays from that seat's view alone.",
            member=mention(member, said),
            seat=seat_title(seat, said),
        )
        if not game.started:
            return [post(f"{text} {self._still_free(game)}")]
        state = load_state(game)
        pending = self.pending(state)
        return [post(text), *(self._next(game, state, pending) if seat in pending.seats else [])]

    @answers
    def hint(self, channel: int, member: int) -> list[Reply]:
        """The search's leading moves for each decision the member owes now, privately (none is played)."""
        said = self.words
        game, state = self._running(channel)
        pending = self.pending(state)
        mine = [seat for seat in pending.seats if seat in game.seats_of(member)]
        if not mine:
            waiting = ", ".join(self.decider(game, s) for s in pending.seats)
            raise Refusal(said.say("Nothing for you to decide now; waiting for {waiting}.", waiting=waiting))
        replies = []
        for seat in mine:
            answer = self.search_bot(game, hint=True).suggest(self.service, state, seat, HINT_CANDIDATES)
            lines = [
                said.say_n(
                    "{seat}: the search's leading moves after {n} playout:",
                    "{seat}: the search's leading moves after {n} playouts:",
                    answer.playouts,
                    seat=seat_title(seat, said),
                )
            ]
            for rank, candidate in enumerate(answer.candidates, 1):
                visits = said.say_n("{n} visit", "{n} visits", candidate.visits)
                move = shown(candidate.label.label) or str(rank)
                percent = round(candidate.value * 100)
                line = said.say(
                    "{rank}. {move}: {visits}, value {percent}%", rank=rank, move=move, visits=visits, percent=percent
                )
                lines.append(line)
            replies.append(post("\n".join(lines), member, buttons=(self.button(PLAY),)))
        return replies

    @answers
    def start(self, channel: int, member: int) -> list[Reply]:
        """Deal the game (the creator, once every seat is taken)."""
        said = self.words
        game = self._game(channel)
        if member != game.creator:
            raise Refusal(said.say("Only the member who set up the game can start it."))
        if game.started:
            raise Refusal(said.say("The game has already started."))
        if any(game.free(seat) for seat in range(game.players)):
            raise Refusal(said.say("Every seat needs a member first (/game join)."))
        started = self.service.new_game(
            self._setup(game.game_id, game.players, game.options, game.chance, game.seed or 0)
        )
        state = started.state
        game = replace(game, state=state.SerializeToString(), match_id=state.match_id, move_number=state.move_number)
        self.store.save_state(game, None)
        board = self.drawn(said.say("The game begins ({seats}).", seats=self._seats(game)), state, None)
        return [board, *self._next(game, state, started.pending)]

    @answers
    def end(self, channel: int, member: int) -> list[Reply]:
        """Stop and forget the channel's game (its creator only)."""
        game = self._game(channel)
        if member != game.creator:
            raise Refusal(self.words.say("Only the member who set up the game can end it."))
        self.store.delete(channel)
        return [post(self.words.say("{member} ended the game.", member=mention(member, self.words)))]

    @answers
    def board(self, channel: int, member: int) -> list[Reply]:
        """The board as everyone sees it, and whose turn it is (to the channel)."""
        said = self.words
        game = self._game(channel)
        if not game.started:
            text = said.say(
                "{game} for {players}, not started: {seats}.",
                game=game.game_id,
                players=game.players,
                seats=self._seats(game),
            )
            return [post(text)]
        state = load_state(game)
        if game.over:
            text = said.say("{game}, move {n} (over)", game=game.game_id, n=game.move_number)
        else:
            text = said.say("{game}, move {n}", game=game.game_id, n=game.move_number)
        pending = self.pending(state)
        # A search bot that could not move before (the service failed) is asked again.
        return [self.drawn(text, state, None), *([] if game.over else self._next(game, state, pending))]

    @answers
    def score(self, channel: int, member: int) -> list[Reply]:
        """The score so far as everyone may see it (to the channel)."""
        game = self._game(channel)
        if not game.started:
            raise Refusal(self.words.say("The game has not started yet."))
        sheet = self.service.score(load_state(game), spectator=True)
        return [post(f"```\n{clip(render_score(sheet, self.words), MESSAGE_LIMIT - 8)}\n```")]

    @answers
    def view(self, channel: int, member: int) -> list[Reply]:
        """The member's own view of the game: the picture and the text of each seat they hold."""
        game, state = self._running(channel)
        seats = game.seats_of(member)
        if not seats:
            raise Refusal(self.words.say("You hold no seat in this game."))
        return [self._seat_view(game, state, seat, member) for seat in seats]

    def _seat_view(self, game: StoredGame, state: service_pb2.GameState, seat: int, member: int) -> Reply:
        heading = self.words.say("{seat}, your view:", seat=seat_title(seat, self.words))
        if self.speaks.locale != DEFAULT_LOCALE:
            # The text summary is the Python client's terminal view, which speaks English only: in another
            # language the picture, drawn in the channel's language, is the whole view.
            return self.drawn(heading, state, seat, member)
        answer = self.service.view(state, seat)
        text = clip(render_view(answer, self.names(game.game_id), seat), MESSAGE_LIMIT - 40)
        return self.drawn(f"{heading}\n```\n{text}\n```", state, seat, member)

    @answers
    def play(self, channel: int, member: int) -> list[Reply]:
        """The first menu of every decision the member owes now (ephemeral), with their view."""
        game, state = self._running(channel)
        pending = self.pending(state)
        mine = [seat for seat in pending.seats if seat in self._controls(game, member)]
        if not mine:
            waiting = ", ".join(self.decider(game, s) for s in pending.seats)
            raise Refusal(self.words.say("Nothing for you to decide now; waiting for {waiting}.", waiting=waiting))
        return [self._first_menu(state, seat, member) for seat in mine]

    def _walk_of(
        self, state: service_pb2.GameState, seat: int
    ) -> tuple[service_pb2.LegalMovesResponse, list[list[str]]]:
        legal = self.legal_moves(state, seat)
        labels = [shown(label.label) for label in legal.labels]
        paths = [[shown(step) or self.words.say("(none)") for step in label.path] for label in legal.labels]
        if len(labels) != len(legal.moves):
            labels, paths = [str(i + 1) for i in range(len(legal.moves))], [[] for _ in legal.moves]
        return legal, menus.choice_paths(labels, paths)

    def _decision(self, seat: int, member: int, asked: str) -> str:
        return self.words.say("{who}, your decision: {question}", who=who(seat, member, self.words), question=asked)

    def _first_menu(self, state: service_pb2.GameState, seat: int, member: int) -> Reply:
        legal, paths = self._walk_of(state, seat)
        token = menus.Token(menus.digest(paths), seat)
        walked = menus.walk(paths, ())
        asked = question(legal.pending, seat)
        buttons = (self.button(VIEW),) if seat != CHANCE_SEAT else ()
        menu = menus.menu(token, walked, asked, self.words)
        return post(self._decision(seat, member, asked), member, menu=menu, buttons=buttons)

    @answers
    def choose(self, channel: int, member: int, value: str) -> list[Reply]:
        """A chosen menu option: the next menu of the walk, or the move reached, applied."""
        game, state = self._running(channel)
        try:
            token = menus.Token.decode(value)
            if token.seat not in self._controls(game, member):
                raise Refusal(self.words.say("That menu belongs to someone else's seat."))
            legal, paths = self._walk_of(state, token.seat)
            if token.digest != menus.digest(paths) or token.seat not in legal.pending.seats:
                raise menus.StaleMenu("the decision changed")
            walked = menus.walk(paths, token.steps)
        except menus.StaleMenu:
            text = self.words.say("That menu is out of date; press My move for the current one.")
            return [post(text, member, buttons=(self.button(PLAY),))]
        if walked.move is None:
            asked = question(legal.pending, token.seat)
            menu = menus.menu(token, walked, asked, self.words)
            return [post(self._decision(token.seat, member, asked), member, menu=menu)]
        return self._apply(game, state, legal.moves[walked.move], member)

    def _played(
        self, game: StoredGame, move: service_pb2.Move, applied: service_pb2.ApplyMoveResponse
    ) -> tuple[StoredGame, Reply]:
        """Save the state after ``move`` (``MovedOn`` if someone moved first), and the channel's reply: the
        board picture with the move's public line."""
        after = applied.state
        saved = replace(
            game,
            state=after.SerializeToString(),
            match_id=after.match_id,
            move_number=after.move_number,
            over=not applied.pending.seats,
        )
        self.store.save_state(saved, game.move_number)
        public = shown(applied.log.public_line) or seat_title(move.seat, self.words)
        return saved, self.drawn(f"**{after.move_number}.** {public}", after, None)

    def _apply(
        self, game: StoredGame, state: service_pb2.GameState, move: service_pb2.Move, member: int
    ) -> list[Reply]:
        applied = self.service.apply_move(state, move)
        saved, board = self._played(game, move, applied)
        private = shown(applied.log.private_line) if applied.log.HasField("private_line") else ""
        # The private line is a whole sentence to the mover ("You picked the Bishop"), sent as it is;
        # without one the channel's line says it all (the member is told "Done.").
        replies = [board]
        if private:
            replies.append(post(private, member))
        return [*replies, *self._next(saved, applied.state, applied.pending)]

    def _next(self, game: StoredGame, state: service_pb2.GameState, pending: common_pb2.Pending) -> list[Reply]:
        """What follows a move (or the start): the search bot's moves while one of its seats is to decide,
        each posted as a member's move is (its private line, the bot's secret, is not); then the end of the
        game with its score, or who decides now. A search the service cannot make is said in the channel, and
        the bot's seat waits (``/game board`` asks it again)."""
        said = self.words
        replies: list[Reply] = []
        for _ in range(BOT_MOVES_AT_MOST):
            seat = next((s for s in pending.seats if s in game.bots), None)
            if seat is None:
                break
            try:
                move = self.search_bot(game).suggest(self.service, state, seat).move
            except RulesEngineError as error:
                text = said.say(
                    "The search bot could not play {seat}: {error}",
                    seat=seat_title(seat, said),
                    error=self.failure(error),
                )
                replies.append(post(text))
                break
            applied = self.service.apply_move(state, move)
            game, board = self._played(game, move, applied)
            replies.append(board)
            state, pending = applied.state, applied.pending
        if not pending.seats:
            sheet = self.service.score(state, spectator=True)
            score = clip(render_score(sheet, said), MESSAGE_LIMIT - 40)
            over = said.say("The game is over.")
            return [*replies, post(f"{over}\n```\n{score}\n```")]
        return [*replies, *self._whose_turn(game, pending)]

    def _whose_turn(self, game: StoredGame, pending: common_pb2.Pending) -> list[Reply]:
        """Who decides now, mentioned in the channel with the button that opens their menu."""
        if not pending.seats:
            return []
        said = self.words
        deciders = ", ".join(self.decider(game, s) for s in pending.seats)
        if len(pending.seats) > 1:
            text = said.say(
                "{deciders}: each decide secretly ({question}).", deciders=deciders, question=question(pending)
            )
        else:
            asked = question(pending)
            text = said.say("{deciders} to decide: {question}", deciders=deciders, question=asked)
            text += "" if asked.endswith((".", "?", "!")) else "."
        return [post(text, buttons=(self.button(PLAY), self.button(VIEW)))]

    # ---- buttons -------------------------------------------------------------------------------

    @answers
    def press(self, channel: int, member: int, command: str) -> list[Reply]:
        """A button's command for the member who pressed it."""
        actions: dict[str, Callable[[int, int], list[Reply]]] = {
            PLAY.command: self.play,
            VIEW.command: self.view,
            "board": self.board,
        }
        if command not in actions:
            return [post(self.words.say("Unknown button {command}.", command=repr(command)), member)]
        return actions[command](channel, member)
