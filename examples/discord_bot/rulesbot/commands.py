"""The bot's commands, with no Discord in them: plain inputs in, ``Reply`` objects out.

Each command takes the channel id and the member id (and its own arguments), reads the channel's
game from the ``Store``, asks the rules service through the Python client, saves what changed and
answers with replies: messages to the channel (the board picture and the public log line after
every move, whose turn it is) and ephemeral messages to the member who acted (their own view and
hand, the menus of their decision, the private line of their move).
"""

from __future__ import annotations

import re
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from functools import wraps
from typing import Concatenate, ParamSpec, cast

from rulesengine.v1 import common_pb2, service_pb2
from rulesengine_client import RulesEngineClient, RulesEngineError, game_setup
from rulesengine_client.render import Names, render_games, render_score, render_view

from rulesbot import menus
from rulesbot.replies import MESSAGE_LIMIT, Button, Image, Reply, clip, say
from rulesbot.store import MovedOn, Store, StoredGame

#: The CHANCE seat (the table's real box when chance is ``table``).
CHANCE_SEAT = -1
#: The chance modes of ``/game new``: the service's seeded randomness, or the table's real box.
CHANCE_MODES = ("seeded", "table")

#: How many answers of ``LegalMoves`` the bot keeps (the menus of the decisions being walked).
LEGAL_MOVES_KEPT = 16

PLAY = Button("My move", "play")
VIEW = Button("My hand", "view")

P = ParamSpec("P")
Command = Callable[Concatenate["RulesBot", int, int, P], list[Reply]]


class Refusal(Exception):
    """Something a member asked that cannot be done now; the message says why."""


def answers(command: Command[P]) -> Command[P]:
    """Turn a ``Refusal`` or a failure of the rules service into an ephemeral reply to the member."""

    @wraps(command)
    def wrapped(bot: RulesBot, channel: int, member: int, *args: P.args, **kwargs: P.kwargs) -> list[Reply]:
        try:
            return command(bot, channel, member, *args, **kwargs)
        except Refusal as refusal:
            return [say(str(refusal), member)]
        except MovedOn:
            return [say("Someone moved at the same moment; press My move again.", member, buttons=(PLAY,))]
        except RulesEngineError as error:
            return [say(f"The rules service failed: {error}", member)]

    return cast(Command[P], wrapped)  # functools.wraps types its result as a _Wrapped, not as the command


def parse_options(text: str) -> dict[str, str]:
    """``name=value`` pairs separated by spaces or commas (``board=borderlands rank9=queen``)."""
    pairs = [part for part in text.replace(",", " ").split() if part]
    bad = [part for part in pairs if "=" not in part]
    if bad:
        raise Refusal(f"Options are name=value pairs; {bad[0]!r} is not one.")
    return dict(part.split("=", 1) for part in pairs)


def seat_title(seat: int) -> str:
    """``Seat 2``, or ``The table`` for the CHANCE seat."""
    return "The table" if seat == CHANCE_SEAT else f"Seat {seat}"


def mention(member: int | None) -> str:
    """A Discord mention of ``member`` (``nobody`` for a free seat)."""
    return f"<@{member}>" if member is not None else "nobody"


def who(seat: int, member: int | None) -> str:
    """Who decides for ``seat``: ``<@member> (Seat 2)`` (Discord shows the mention as the member's name)."""
    return f"{mention(member)} ({seat_title(seat)})"


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


class RulesBot:
    """The command layer: every game of every channel, played through the rules service.

    ``client`` talks to the service; ``store`` keeps the games; ``seeds`` makes the seed of a seeded
    game (random by default; tests pass a fixed one).
    """

    def __init__(
        self,
        client: RulesEngineClient,
        store: Store,
        seeds: Callable[[], int] | None = None,
        picture_scale: float = 1.0,
    ) -> None:
        self.client = client
        self.store = store
        self.seeds = seeds or (lambda: secrets.randbelow(2**32))
        self.picture_scale = picture_scale
        self._names: dict[str, Names] = {}
        self._games: dict[str, common_pb2.GameInfo] = {}
        self._legal: OrderedDict[tuple[bytes, int], service_pb2.LegalMovesResponse] = OrderedDict()

    # ---- the service --------------------------------------------------------------------------

    def game_info(self, game_id: str) -> common_pb2.GameInfo:
        """The service's description of ``game_id`` (players, options); ``Refusal`` for an unknown game."""
        if not self._games:
            self._fill_games()
        if game_id not in self._games:
            raise Refusal(f"There is no game {game_id!r}; the games are {', '.join(sorted(self._games))}.")
        return self._games[game_id]

    def game_ids(self) -> list[str]:
        """Every game the service plays."""
        if not self._games:
            self._fill_games()
        return sorted(self._games)

    def _fill_games(self) -> None:
        """Ask the service for its games (once)."""
        self._games = {info.game_id: info for info in self.client.list_games()}

    def names(self, game_id: str) -> Names:
        """The display names of ``game_id``'s content, from the service (asked once)."""
        if game_id not in self._names:
            self._names[game_id] = Names.from_content(self.client.describe_game(game_id).content)
        return self._names[game_id]

    def picture(self, state: service_pb2.GameState, seat: int | None) -> Image:
        """The PNG the service draws of what ``seat`` (``None``: a spectator) sees."""
        answer = self.client.render_view(state, seat, png=True, scale=self.picture_scale)
        who = "table" if seat is None else f"seat{seat}"
        return Image(f"{state.game_id}-{state.move_number}-{who}.png", answer.image)

    def legal_moves(self, state: service_pb2.GameState, seat: int) -> service_pb2.LegalMovesResponse:
        """``seat``'s legal moves in ``state``; the last few answers are kept, since walking one decision's
        menus asks for the same moves at every step (an answer depends on nothing but the state)."""
        key = (state.SerializeToString(deterministic=True), seat)
        if key not in self._legal:
            self._legal[key] = self.client.legal_moves(state, seat)
            while len(self._legal) > LEGAL_MOVES_KEPT:
                self._legal.popitem(last=False)
        self._legal.move_to_end(key)
        return self._legal[key]

    def pending(self, state: service_pb2.GameState) -> common_pb2.Pending:
        """The decision owed in ``state``, as anyone at the table may know it."""
        return self.client.view(state, None).pending

    def drawn(self, text: str, state: service_pb2.GameState, seat: int | None, member: int | None = None) -> Reply:
        """A reply with the picture of what ``seat`` sees; when the service draws none, the reply says why
        (the move or the view it goes with still stands)."""
        try:
            return say(text, member, image=self.picture(state, seat))
        except RulesEngineError as error:
            return say(f"{text}\n(The rules service drew no picture: {error})", member)

    # ---- reading the channel's game ------------------------------------------------------------

    def _game(self, channel: int) -> StoredGame:
        game = self.store.load(channel)
        if game is None:
            raise Refusal("There is no game in this channel; start one with /game new.")
        return game

    def _running(self, channel: int) -> tuple[StoredGame, service_pb2.GameState]:
        game = self._game(channel)
        if not game.started:
            raise Refusal("The game has not started yet: join with /game join, then /game start.")
        if game.over:
            raise Refusal("The game is over; /game new starts another.")
        return game, load_state(game)

    def holder(self, game: StoredGame, seat: int) -> int | None:
        """The member who decides for ``seat``: its member, or the creator for the table's chance."""
        if seat == CHANCE_SEAT:
            return game.creator if game.table_chance else None
        return game.seats[seat] if 0 <= seat < len(game.seats) else None

    def _controls(self, game: StoredGame, member: int) -> list[int]:
        seats = game.seats_of(member)
        return [*seats, CHANCE_SEAT] if game.table_chance and member == game.creator else seats

    # ---- commands ------------------------------------------------------------------------------

    @answers
    def list_games(self, channel: int, member: int) -> list[Reply]:
        """Every game the service plays, its player counts and options (to the member)."""
        return [say(f"```\n{clip(render_games(self.client.list_games()), MESSAGE_LIMIT - 8)}\n```", member)]

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
        current = self.store.load(channel)
        if current is not None and current.started and not current.over:
            raise Refusal("A game is running in this channel; its creator can stop it with /game end.")
        info = self.game_info(game_id)
        count = players if players is not None else info.min_players
        if not info.min_players <= count <= info.max_players:
            raise Refusal(f"{info.title} takes {info.min_players} to {info.max_players} players.")
        if chance not in CHANCE_MODES:
            raise Refusal(f"Chance is {' or '.join(CHANCE_MODES)}.")
        chosen = parse_options(options)
        seed = None if chance == "table" else self.seeds()
        self.client.new_game(self._setup(game_id, count, chosen, chance, seed or 0))  # the options are checked now
        game = StoredGame(channel, game_id, count, chosen, chance, seed, member, (None,) * count)
        self.store.create(game)
        extra = " The table's own box decides chance: the creator answers every draw." if chance == "table" else ""
        return [say(f"{mention(member)} set up {info.title} for {count}.{extra} Join with /game join.")]

    @staticmethod
    def _setup(game_id: str, players: int, options: dict[str, str], chance: str, seed: int) -> common_pb2.GameSetup:
        external = chance == "table"
        return game_setup(
            game_id, players, seed=None if external else seed, external_chance=external, overrides=options
        )

    @answers
    def join(self, channel: int, member: int) -> list[Reply]:
        """Take the first free seat of the channel's game."""
        game = self._game(channel)
        if game.started:
            raise Refusal("The game has started; seats can no longer be taken.")
        if game.seats_of(member):
            raise Refusal(f"You already hold {seat_title(game.seats_of(member)[0])}.")
        free = [seat for seat, holder in enumerate(game.seats) if holder is None]
        if not free:
            raise Refusal("Every seat is taken.")
        game = game.with_seat(free[0], member)
        self.store.save_seats(game)
        waiting = sum(1 for holder in game.seats if holder is None)
        then = f"{waiting} seat(s) still free." if waiting else "Every seat is taken: the creator can /game start."
        return [say(f"{mention(member)} takes {seat_title(free[0])}. {then}")]

    @answers
    def start(self, channel: int, member: int) -> list[Reply]:
        """Deal the game (the creator, once every seat is taken)."""
        game = self._game(channel)
        if member != game.creator:
            raise Refusal("Only the member who set up the game can start it.")
        if game.started:
            raise Refusal("The game has already started.")
        if any(holder is None for holder in game.seats):
            raise Refusal("Every seat needs a member first (/game join).")
        started = self.client.new_game(
            self._setup(game.game_id, game.players, game.options, game.chance, game.seed or 0)
        )
        state = started.state
        game = replace(game, state=state.SerializeToString(), match_id=state.match_id, move_number=state.move_number)
        self.store.save_state(game, None)
        seats = ", ".join(f"{seat_title(s)} {mention(m)}" for s, m in enumerate(game.seats))
        board = self.drawn(f"The game begins ({seats}).", state, None)
        return [board, *self._whose_turn(game, started.pending)]

    @answers
    def end(self, channel: int, member: int) -> list[Reply]:
        """Stop and forget the channel's game (its creator only)."""
        game = self._game(channel)
        if member != game.creator:
            raise Refusal("Only the member who set up the game can end it.")
        self.store.delete(channel)
        return [say(f"{mention(member)} ended the game.")]

    @answers
    def board(self, channel: int, member: int) -> list[Reply]:
        """The board as everyone sees it, and whose turn it is (to the channel)."""
        game = self._game(channel)
        if not game.started:
            seats = ", ".join(f"{seat_title(s)} {mention(m)}" for s, m in enumerate(game.seats))
            return [say(f"{game.game_id} for {game.players}, not started: {seats}.")]
        state = load_state(game)
        text = f"{game.game_id}, move {game.move_number}" + (" (over)" if game.over else "")
        pending = self.pending(state)
        return [self.drawn(text, state, None), *self._whose_turn(game, pending)]

    @answers
    def score(self, channel: int, member: int) -> list[Reply]:
        """The score so far as everyone may see it (to the channel)."""
        game = self._game(channel)
        if not game.started:
            raise Refusal("The game has not started yet.")
        sheet = self.client.score(load_state(game), spectator=True)
        return [say(f"```\n{clip(render_score(sheet), MESSAGE_LIMIT - 8)}\n```")]

    @answers
    def view(self, channel: int, member: int) -> list[Reply]:
        """The member's own view of the game: the picture and the text of each seat they hold."""
        game, state = self._running(channel)
        seats = game.seats_of(member)
        if not seats:
            raise Refusal("You hold no seat in this game.")
        return [self._seat_view(game, state, seat, member) for seat in seats]

    def _seat_view(self, game: StoredGame, state: service_pb2.GameState, seat: int, member: int) -> Reply:
        answer = self.client.view(state, seat)
        text = clip(render_view(answer, self.names(game.game_id), seat), MESSAGE_LIMIT - 40)
        return self.drawn(f"{seat_title(seat)}, your view:\n```\n{text}\n```", state, seat, member)

    @answers
    def play(self, channel: int, member: int) -> list[Reply]:
        """The first menu of every decision the member owes now (ephemeral), with their view."""
        game, state = self._running(channel)
        pending = self.pending(state)
        mine = [seat for seat in pending.seats if seat in self._controls(game, member)]
        if not mine:
            waiting = ", ".join(who(s, self.holder(game, s)) for s in pending.seats)
            raise Refusal(f"Nothing for you to decide now; waiting for {waiting}.")
        return [self._first_menu(state, seat, member) for seat in mine]

    def _walk_of(
        self, state: service_pb2.GameState, seat: int
    ) -> tuple[service_pb2.LegalMovesResponse, list[list[str]]]:
        legal = self.legal_moves(state, seat)
        labels = [label.label.english for label in legal.labels]
        paths = [[step.english or "(none)" for step in label.path] for label in legal.labels]
        if len(labels) != len(legal.moves):
            labels, paths = [str(i + 1) for i in range(len(legal.moves))], [[] for _ in legal.moves]
        return legal, menus.choice_paths(labels, paths)

    def _first_menu(self, state: service_pb2.GameState, seat: int, member: int) -> Reply:
        legal, paths = self._walk_of(state, seat)
        token = menus.Token(menus.digest(paths), seat)
        walked = menus.walk(paths, ())
        asked = question(legal.pending, seat)
        text = f"{who(seat, member)}, your decision: {asked}"
        buttons = (VIEW,) if seat != CHANCE_SEAT else ()
        return say(text, member, menu=menus.menu(token, walked, asked), buttons=buttons)

    @answers
    def choose(self, channel: int, member: int, value: str) -> list[Reply]:
        """A chosen menu option: the next menu of the walk, or the move reached, applied."""
        game, state = self._running(channel)
        try:
            token = menus.Token.decode(value)
            if token.seat not in self._controls(game, member):
                raise Refusal("That menu belongs to someone else's seat.")
            legal, paths = self._walk_of(state, token.seat)
            if token.digest != menus.digest(paths) or token.seat not in legal.pending.seats:
                raise menus.StaleMenu("the decision changed")
            walked = menus.walk(paths, token.steps)
        except menus.StaleMenu:
            return [say("That menu is out of date; press My move for the current one.", member, buttons=(PLAY,))]
        if walked.move is None:
            asked = question(legal.pending, token.seat)
            text = f"{who(token.seat, member)}, your decision: {asked}"
            return [say(text, member, menu=menus.menu(token, walked, asked))]
        return self._apply(game, state, legal.moves[walked.move], member)

    def _apply(
        self, game: StoredGame, state: service_pb2.GameState, move: service_pb2.Move, member: int
    ) -> list[Reply]:
        applied = self.client.apply_move(state, move)
        after = applied.state
        over = not applied.pending.seats
        saved = replace(
            game, state=after.SerializeToString(), match_id=after.match_id, move_number=after.move_number, over=over
        )
        self.store.save_state(saved, game.move_number)
        public = applied.log.public_line.english or seat_title(move.seat)
        private = applied.log.private_line.english if applied.log.HasField("private_line") else ""
        # The private line is a whole sentence to the mover ("You picked the Bishop"), sent as it is;
        # without one the channel's line says it all (the member is told "Done.").
        replies = [self.drawn(f"**{after.move_number}.** {public}", after, None)]
        if private:
            replies.append(say(private, member))
        if over:
            sheet = self.client.score(after, spectator=True)
            return [*replies, say(f"The game is over.\n```\n{clip(render_score(sheet), MESSAGE_LIMIT - 40)}\n```")]
        return [*replies, *self._whose_turn(saved, applied.pending)]

    def _whose_turn(self, game: StoredGame, pending: common_pb2.Pending) -> list[Reply]:
        """Who decides now, mentioned in the channel with the button that opens their menu."""
        if not pending.seats:
            return []
        deciders = ", ".join(who(s, self.holder(game, s)) for s in pending.seats)
        if len(pending.seats) > 1:
            text = f"{deciders}: each decide secretly ({question(pending)})."
        else:
            asked = question(pending)
            text = f"{deciders} to decide: {asked}" + ("" if asked.endswith((".", "?", "!")) else ".")
        return [say(text, buttons=(PLAY, VIEW))]

    # ---- buttons -------------------------------------------------------------------------------

    def press(self, channel: int, member: int, command: str) -> list[Reply]:
        """A button's command for the member who pressed it."""
        actions: dict[str, Callable[[int, int], list[Reply]]] = {
            PLAY.command: self.play,
            VIEW.command: self.view,
            "board": self.board,
        }
        if command not in actions:
            return [say(f"Unknown button {command!r}.", member)]
        return actions[command](channel, member)
