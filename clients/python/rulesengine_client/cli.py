"""``rules-engine-client``: list games, play in the terminal, replay and score files, run bots.

    rules-engine-client games
    rules-engine-client play --game citadels --players 4 --human 0 --seed 7 --record game.json
    rules-engine-client replay game.json [--require-complete] [--max-record-bytes N]
    rules-engine-client score state.json [--max-state-bytes N]
    rules-engine-client bots --game citadels --players 5 --games 20 --external-chance
    rules-engine-client verify records/ [--jobs 4] [--format table|json|csv] [--out FILE] [--max-record-bytes N]
    rules-engine-client health

Every command talks to the service at ``--target`` (default ``localhost:50051``, or the
``RULES_ENGINE_TARGET`` environment variable). Errors are one readable line on stderr and a
non-zero exit status, never a traceback. A file is read only if it is a regular one, and at most 4 MiB of it
by default (rulesengine_client.files); text quoted from a file or the server is shown escaped
(rulesengine_client.safe_text). ``verify``'s verdicts and reports are rulesengine_client.verify.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from rulesengine.v1 import common_pb2, service_pb2

from rulesengine_client.client import DEFAULT_TARGET, DEFAULT_TIMEOUT, RulesEngineClient, game_setup, tls_credentials
from rulesengine_client.errors import IllegalMoveError, RulesEngineError, UnavailableError
from rulesengine_client.files import DEFAULT_MAX_RECORD_BYTES, FileFormatError, load_record, load_state, save_message
from rulesengine_client.games import (
    CHANCE_SEAT,
    Agent,
    GameAborted,
    PlayedGame,
    QuitGame,
    RandomBot,
    SearchBot,
    play_game,
    verify_record,
)
from rulesengine_client.i18n import DEFAULT_LOCALE, LOCALES, Words, locale_from_environment
from rulesengine_client.render import (
    Names,
    legend,
    log_line,
    move_label,
    next_decision,
    path_step,
    player_name,
    render_decision_help,
    render_games,
    render_score,
    render_view,
    view_facts,
)
from rulesengine_client.safe_text import printable, printable_lines
from rulesengine_client.verify import (
    FAILING,
    Verdict,
    illegal_move,
    one_line,
    reason_in_words,
    record_files,
    verify_folder,
    write_report,
)
from rulesengine_client.walled_city import board_guide, board_of, without_seat

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """Bad command-line input that argparse cannot catch by itself."""


# ---- argument parsing ------------------------------------------------------------------------


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError("a seed must be between 0 and 2**64 - 1")
    return value


def _seats(text: str) -> list[int]:
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seat numbers like 0,2 — got {text!r}") from None
    if not seats or any(s < 0 for s in seats):
        raise argparse.ArgumentTypeError(f"expected seat numbers like 0,2 — got {text!r}")
    return sorted(set(seats))


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


def _add_setup_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="citadels", help="game id (see `games`; default: citadels)")
    parser.add_argument("--players", type=_positive, required=True, help="number of seats")
    parser.add_argument(
        "--option",
        "-o",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override a game option (repeatable; see `games` for names and defaults)",
    )
    chance = parser.add_mutually_exclusive_group()
    chance.add_argument("--seed", type=_seed, help="seed of the engine's randomness")
    chance.add_argument(
        "--external-chance",
        action="store_true",
        help="every draw/shuffle is a CHANCE decision, made here by a random bot standing in for the table",
    )
    parser.add_argument("--bot-seed", type=_seed, help="seed of the bots' choices (default: --seed, else random)")


#: How long a search bot may think per move unless ``--think-millis`` says.
DEFAULT_THINK_MILLIS = 1000
#: The strategies of the bots: a random legal move, or the service's search (SuggestMove).
STRATEGIES = ("random", "search")


def _add_search_arguments(parser: argparse.ArgumentParser, option: str, who: str) -> None:
    """``option`` (random|search) choosing how ``who`` play, and the search's budget per move."""
    parser.add_argument(
        option,
        choices=STRATEGIES,
        default="random",
        help=f"how {who} choose: random, a uniformly random legal move; search, the service's searching bot"
        " (SuggestMove), which sees only its seat's view (default: %(default)s)",
    )
    parser.add_argument(
        "--think-millis",
        type=_positive,
        default=DEFAULT_THINK_MILLIS,
        metavar="N",
        help="with search: the most milliseconds a search may take per move (default: %(default)s; the server"
        " may allow less)",
    )
    parser.add_argument(
        "--playouts",
        type=_positive,
        metavar="N",
        help="with search: the most playouts per move (default: as many as --think-millis allows); a search that"
        " stops at its playouts plays the same move again for the same --bot-seed, so a seeded game is"
        " reproducible when every search finishes its playouts within --think-millis",
    )


def _add_size_limit(parser: argparse.ArgumentParser, option: str, what: str) -> None:
    """The option capping how many bytes of its file a command reads: a file from anyone must not cost
    unbounded memory (files.DEFAULT_MAX_RECORD_BYTES says how the default was chosen)."""
    parser.add_argument(
        option,
        type=_positive,
        default=DEFAULT_MAX_RECORD_BYTES,
        metavar="N",
        help=f"the most bytes of a {what} read; a larger one is refused, not read (default: %(default)s, 4 MiB)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``rules-engine-client``."""
    parser = argparse.ArgumentParser(
        prog="rules-engine-client",
        description="Client for the rules-engine gRPC service.",
        epilog=(
            "`rules-engine-client COMMAND --help` shows a command's options. Inside `play`, h or ? shows "
            "the keys and the notation on screen, and hint the search's leading moves."
        ),
    )
    parser.add_argument(
        "--target",
        default=os.environ.get("RULES_ENGINE_TARGET", DEFAULT_TARGET),
        help="server address host:port (default: $RULES_ENGINE_TARGET or %(default)s)",
    )
    parser.add_argument(
        "--tls",
        action="store_true",
        default=os.environ.get("RULES_ENGINE_TLS", "") in ("1", "true", "yes"),
        help="connect with TLS, trusting the system's CAs unless --ca names others (default: $RULES_ENGINE_TLS)",
    )
    parser.add_argument(
        "--ca", type=Path, metavar="FILE", help="PEM CA certificates the server's is signed by (implies --tls)"
    )
    parser.add_argument(
        "--cert", type=Path, metavar="FILE", help="this client's PEM certificate, for mutual TLS (implies --tls)"
    )
    parser.add_argument("--key", type=Path, metavar="FILE", help="the PEM private key of --cert")
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per call (default: %(default)s)"
    )
    parser.add_argument(
        "--locale",
        choices=LOCALES,
        default=None,
        help="the language of the game's words: labels, prompts, log lines, refusals, score lines, pictures"
        " (default: $RULES_ENGINE_LOCALE, else the environment's LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)",
    )
    parser.add_argument(
        "--metadata",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="gRPC metadata sent with every call, e.g. an API key (repeatable)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    commands.add_parser("games", help="list the games and their options")

    play = commands.add_parser("play", help="play a game in the terminal against random or searching bots")
    _add_setup_arguments(play)
    _add_search_arguments(play, "--bots", "the bots (every seat not --human)")
    play.add_argument("--human", type=_seats, default=[], metavar="SEATS", help="seats played here, e.g. 0,2")
    play.add_argument("--record", type=Path, metavar="FILE", help="write the game record (JSON) here")
    play.add_argument("--quiet", action="store_true", help="do not print the bots' moves")
    play.add_argument(
        "--match-id", default="", metavar="ID", help="the match id the game's states and record carry (default: random)"
    )
    play.add_argument(
        "--pictures",
        type=Path,
        metavar="DIR",
        help="before each decision of a --human seat, write the picture of its view here (turn-0001.png, ...)",
    )
    play.add_argument(
        "--picture-format", choices=("png", "svg"), default="png", help="format of --pictures (default: %(default)s)"
    )

    replay = commands.add_parser("replay", help="check a game record move by move")
    replay.add_argument("record", type=Path, help="game record JSON file")
    replay.add_argument("--stream", action="store_true", help="stream the moves (long records), with progress")
    replay.add_argument("--state-out", type=Path, metavar="FILE", help="write the final state (JSON) here")
    replay.add_argument(
        "--require-complete",
        action="store_true",
        help="a record that ends before the game does is an error (exit 1)",
    )
    _add_size_limit(replay, "--max-record-bytes", "record file")

    score = commands.add_parser("score", help="score a game state JSON file")
    score.add_argument("state", type=Path, help="game state JSON file")
    who = score.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, help="score only what this seat may see")
    who.add_argument("--spectator", action="store_true", help="score only what a spectator may see")
    _add_size_limit(score, "--max-state-bytes", "state file")

    bots = commands.add_parser("bots", help="play all-bot games and verify each by replaying its record")
    _add_setup_arguments(bots)
    bots.add_argument("--games", type=_positive, default=1, help="number of games (default: 1)")
    bots.add_argument("--jobs", type=_positive, default=1, help="games played at once (default: 1)")
    _add_search_arguments(bots, "--strategy", "the bots")
    bots.add_argument(
        "--records-dir",
        type=Path,
        metavar="DIR",
        help="write every game record (game-NNNN.json) and its final score (game-NNNN.score.json) here",
    )

    verify = commands.add_parser("verify", help="replay every game record of a directory and report a verdict each")
    verify.add_argument("dir", type=Path, help="directory of game records (*.json; *.score.json are skipped)")
    verify.add_argument("--jobs", type=_positive, default=4, help="records replayed at once (default: 4)")
    verify.add_argument(
        "--format", choices=("table", "json", "csv"), default="table", help="report format (default: table)"
    )
    verify.add_argument("--out", type=Path, metavar="FILE", help="write the report here (default: stdout)")
    _add_size_limit(verify, "--max-record-bytes", "record file")

    health = commands.add_parser("health", help="ask the server's grpc.health.v1 status")
    health.add_argument("--service", default="", help="service name (default: the whole server)")
    return parser


# ---- output ----------------------------------------------------------------------------------


@dataclass
class Console:
    """Where output goes: results on ``out``, progress and errors on ``err``."""

    out: TextIO
    err: TextIO
    words: Words = field(default_factory=Words)
    """The CLI's own words in the language asked for (``--locale``)."""

    def print(self, text: str = "") -> None:
        """A line of output."""
        print(text, file=self.out, flush=True)

    def note(self, text: str) -> None:
        """A line of progress or a diagnostic."""
        print(text, file=self.err, flush=True)

    def quote(self, text: str) -> None:
        """Output that quotes a file or the server (a record's move, a violation message): every line
        :func:`printable`, so a hostile record cannot drive the terminal."""
        self.print(printable_lines(text))

    def error(self, text: str) -> None:
        """A line ``error: text`` on ``err``, :func:`printable` (it may quote a file name or the server)."""
        self.note(printable(f"error: {text}"))

    def progress(self, text: str) -> None:
        """A progress line that overwrites itself on a terminal (and is silent elsewhere)."""
        if self.err.isatty():
            print(f"\r{text}\033[K", end="", file=self.err, flush=True)

    def end_progress(self) -> None:
        """Finish a line started by :meth:`progress`."""
        if self.err.isatty():
            print(file=self.err, flush=True)


def _names(client: RulesEngineClient, game_id: str) -> Names:
    try:
        return Names.from_content(client.describe_game(game_id).content)
    except RulesEngineError:
        return Names()


def _setup(args: argparse.Namespace, seed: int | None) -> common_pb2.GameSetup:
    return game_setup(
        args.game,
        args.players,
        seed=None if args.external_chance else seed,
        external_chance=args.external_chance,
        overrides=dict(args.option),
    )


def _write(message: service_pb2.GameRecord | service_pb2.GameState, path: Path, what: str, con: Console) -> None:
    try:
        save_message(message, path)
    except OSError as error:
        raise UsageError(f"cannot write the {what} to {path}: {error.strerror or error}") from error
    con.note(f"{what} written to {path}")


# ---- games -----------------------------------------------------------------------------------


def cmd_games(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """List the games, their player counts, rules versions, variants and options."""
    con.print(render_games(client.list_games()))
    return EXIT_OK


# ---- play ------------------------------------------------------------------------------------


#: A decision with more legal moves than this is walked step by step along the choice paths.
FLAT_LIST_AT_MOST = 25

#: The keys understood at every prompt of ``play`` (``h`` or ``?`` shows them).
PLAY_KEYS = (
    "Keys: a number = choose that line; b = back one step (in a step-by-step choice); "
    "l = list the moves still possible; v = view the game again; s = score so far; "
    "h or ? = this help and the notation; q = quit (the record so far is kept with --record)."
)


#: How many of the search's leading moves ``hint`` shows.
HINT_CANDIDATES = 5


def hint_key(words: Words) -> str:
    """The ``hint`` key, said after :data:`PLAY_KEYS`."""
    return words.say("hint = the search's leading moves for this decision (SuggestMove), without playing one.")


def hint_lines(answer: service_pb2.SuggestMoveResponse, names: Names, words: Words) -> list[str]:
    """The search's leading moves as ``hint`` shows them: each with its label, how many playouts began with
    it and its estimated value for the seat (its mean share of the win) as a percentage."""
    lines = [
        words.say_n(
            "The search's leading moves after {n} playout:",
            "The search's leading moves after {n} playouts:",
            answer.playouts,
        )
    ]
    for rank, candidate in enumerate(answer.candidates, 1):
        visits = words.say_n("{n} visit", "{n} visits", candidate.visits)
        move = move_label(candidate.label, candidate.move, names)
        percent = round(candidate.value * 100)
        line = words.say(
            "{rank}. {move}: {visits}, value {percent}%", rank=rank, move=move, visits=visits, percent=percent
        )
        lines.append(f"  {line}")
    return lines


class _Back(Exception):
    """The person asked to go back one step of a choice path."""


#: A log line that already speaks to the person (``You kept the Assassin``): shown without ``You: ``.
ADDRESSED = re.compile(r"^(You|Your)\b")


def decision_line(seat: int, pending: common_pb2.Pending) -> str:
    """Whose decision it is and what it is: ``Seat 0 (you), your decision: Keep a character``. The prompt does
    not name the seat (an older server's ``Seat 0: keep a character`` is shown without it), so the seat is
    named once."""
    return f"Seat {seat} (you), your decision: {without_seat(pending.prompt or pending.kind, seat)}"


def only_choice(text: str) -> str:
    """What is done when a decision or a step offers one choice only: ``Only one choice: End the turn.``"""
    return f"Only one choice: {text}" + ("" if text.endswith((".", "!", "?", ")")) else ".")


@dataclass
class Pictures:
    """Where ``play --pictures`` writes the picture of a person's view (``RenderView``) before each of
    their decisions: ``turn-0001.png``, ``turn-0002.png``... (``turn-0001-seat2.png`` when several seats are
    played here)."""

    folder: Path
    png: bool
    name_seat: bool = False
    written: int = 0

    def write(self, client: RulesEngineClient, state: service_pb2.GameState, seat: int, con: Console) -> None:
        """Write the next picture of ``seat``'s view of ``state`` and say where; a picture the server refuses
        or that cannot be written is said, and the game goes on."""
        self.written += 1
        stem = f"turn-{self.written:04d}" + (f"-seat{seat}" if self.name_seat else "")
        path = self.folder / f"{stem}.{'png' if self.png else 'svg'}"
        try:
            path.write_bytes(client.render_view(state, seat, png=self.png).image)
        except RulesEngineError as error:
            con.print(printable(f"No picture of this turn: {error.code.name}: {error.message}"))
            return
        except OSError as error:
            con.print(printable(f"No picture of this turn: cannot write {path}: {error.strerror or error}"))
            return
        con.print(printable(f"Picture of this turn: {path}"))


def _guide(view: service_pb2.GameState, names: Names, *, pictures: bool) -> str:
    """How to read the board's ids, shown before a person's first decision (The Walled City); may be empty."""
    if view.WhichOneof("state") != "walled_city":
        return ""
    board = board_of(view.walled_city, names.walled_city)
    return board_guide(board, pictures=pictures) if board is not None else ""


def _place_note(view: service_pb2.GameState, names: Names, step: str) -> str:
    """What a menu step that is only a board id names (``p03``: a path for a road, between A12 and A13)."""
    if view.WhichOneof("state") != "walled_city":
        return ""
    board = board_of(view.walled_city, names.walled_city)
    return board.place_note(step) if board is not None else ""


class TerminalPlayer:
    """A person choosing a legal move, shown their own view of the game.

    Moves are shown by the service's labels (``LegalMoves`` labels). Up to
    :data:`FLAT_LIST_AT_MOST` moves are one numbered list; more (a Walls of York placement
    offers hundreds) are chosen step by step along their choice paths: a numbered menu per
    step, ``b`` goes back a step.
    """

    label = "human"

    def __init__(
        self,
        names: Names,
        con: Console,
        stdin: TextIO,
        *,
        pictures: Pictures | None = None,
        hints: SearchBot | None = None,
    ) -> None:
        self.names = names
        self.con = con
        self.stdin = stdin
        self.pictures = pictures
        self.hints = hints
        """The search asked by ``hint`` (``None``: no hints)."""
        self.guided = False

    def hint(self, client: RulesEngineClient, state: service_pb2.GameState, seat: int) -> None:
        """Show the search's leading moves for ``seat`` in ``state`` (``hint``); a search the service cannot
        make (a game it cannot search yet) is said, and the prompt asks again."""
        if self.hints is None:
            self.con.print(self.con.words.say("No hints in this game."))
            return
        self.con.print(self.con.words.say("Searching..."))
        try:
            answer = self.hints.suggest(client, state, seat, HINT_CANDIDATES)
        except RulesEngineError as error:
            why = f"{error.code.name}: {error.message}"
            self.con.print(printable(self.con.words.say("No hint: {error}", error=why)))
            return
        for line in hint_lines(answer, self.names, self.con.words):
            self.con.quote(line)

    def _ask(
        self,
        prompt: str,
        count: int,
        client: RulesEngineClient,
        state: service_pb2.GameState,
        view: service_pb2.GameState,
        seat: int,
        texts: Sequence[str],
        back: bool,
    ) -> int:
        """Read a number from 1 to ``count`` (returned from 0); the other keys act and ask again."""
        while True:
            self.con.out.write(f"seat {seat}> {prompt} 1-{count} (h = help): ")
            self.con.out.flush()
            line = self.stdin.readline()
            if not self.stdin.isatty():
                self.con.print(printable(line.rstrip("\r\n")))  # what a terminal would have echoed
            if not line:
                raise QuitGame()
            answer = line.strip().lower()
            if answer in ("q", "quit", "exit"):
                raise QuitGame()
            if answer in ("h", "?", "help"):
                self.con.print(PLAY_KEYS)
                if self.hints is not None:
                    self.con.print(hint_key(self.con.words))
                self.con.print(legend(view.WhichOneof("state")))
                continue
            if answer == "hint":
                self.hint(client, state, seat)
                continue
            if answer in ("v", "view"):
                self.con.print(render_view(client.view(state, seat), self.names, seat))
                continue
            if answer in ("s", "score"):
                self.con.print(render_score(client.score(state, seat), words=self.con.words))
                continue
            if answer in ("l", "list"):
                for text in texts:
                    self.con.print(f"       - {text}")
                continue
            if answer in ("b", "back"):
                if back:
                    raise _Back()
                self.con.print("There is no earlier step to go back to.")
                continue
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer) - 1
            self.con.print(f"Please type a number from 1 to {count}, or h for help.")

    def _walk(
        self,
        paths: Sequence[Sequence[str]],
        texts: Sequence[str],
        ask: _Asker,
        note: Callable[[str], str] = lambda step: "",
    ) -> int:
        """The index of the move reached by choosing its path one step at a time (a step with
        one option only is taken without asking, and said; ``b`` goes back to the last real choice).
        ``note(step)`` says what a step that is only an id names (shown after it)."""
        chosen: list[str] = []
        asked: list[bool] = []
        while True:
            left = left_at(paths, chosen)
            step = len(chosen)
            options = list(dict.fromkeys(paths[i][step] for i in left if len(paths[i]) > step))
            if len(left) == 1 or not options:
                return left[0]
            if len(options) == 1:
                self.con.print(only_choice(options[0]))
                chosen.append(options[0])
                asked.append(False)
                continue
            so_far = f" (so far: {' > '.join(chosen)})" if chosen else ""
            self.con.print(f"Choose{so_far}:")
            for number, option in enumerate(options, 1):
                count = sum(1 for i in left if len(paths[i]) > step and paths[i][step] == option)
                more = f"  ({count} moves)" if count > 1 else ""
                what = note(option)
                self.con.print(f"  {number:3d}. {option}{f' ({what})' if what else ''}{more}")
            try:
                pick = ask("choose", len(options), [texts[i] for i in left], any(asked))
            except _Back:
                while asked and not asked[-1]:
                    chosen.pop()
                    asked.pop()
                chosen.pop()
                asked.pop()
                continue
            chosen.append(options[pick])
            asked.append(True)

    def choose(
        self,
        client: RulesEngineClient,
        state: service_pb2.GameState,
        pending: common_pb2.Pending,
        seat: int,
        moves: Sequence[service_pb2.Move],
        labels: Sequence[common_pb2.MoveLabel] = (),
    ) -> service_pb2.Move:
        """Show seat ``seat``'s view and its legal moves by their labels; read a choice."""
        answer = client.view(state, seat)
        view = answer.state
        self.con.print()
        self.con.print(render_view(answer, self.names, seat))
        if not self.guided:
            self.guided = True
            guide = _guide(view, self.names, pictures=self.pictures is not None)
            if guide:
                self.con.print(guide)
        help_text = render_decision_help(view, self.names, view_facts(answer))
        if help_text:
            self.con.print(help_text)
        if self.pictures is not None:
            self.pictures.write(client, state, seat, self.con)
        self.con.print(decision_line(seat, pending))
        texts = [move_label(labels[i] if labels else None, move, self.names) for i, move in enumerate(moves)]
        if len(moves) == 1:
            self.con.print(only_choice(texts[0]))
            return moves[0]

        def ask(prompt: str, count: int, shown: Sequence[str], back: bool) -> int:
            return self._ask(prompt, count, client, state, view, seat, shown, back)

        paths = [[path_step(t) for t in label.path] for label in labels]
        if len(moves) > FLAT_LIST_AT_MOST and paths and all(paths):
            self.con.print(f"  {len(moves)} legal moves: choose step by step (b = back).")
            return moves[self._walk(paths, texts, ask, lambda step: _place_note(view, self.names, step))]
        for number, text in enumerate(texts, 1):
            self.con.print(f"  {number:3d}. {text}")
        return moves[ask("choose", len(moves), texts, False)]


_Asker = Callable[[str, int, Sequence[str], bool], int]


def left_at(paths: Sequence[Sequence[str]], chosen: Sequence[str]) -> list[int]:
    """The moves whose path starts with ``chosen``."""
    return [i for i, path in enumerate(paths) if list(path[: len(chosen)]) == list(chosen)]


def move_line(index: int, entry: common_pb2.LogEntry, *, human: bool, mine: bool) -> str:
    """A played move as ``play`` shows it: the service's public log line (numbered when only
    bots play); a person's own move shows its private line, what only that person saw, after
    ``You: `` unless the line already speaks to them (``You kept the Assassin``)."""
    if not human:
        return f"{index + 1:5d}  {log_line(entry, private=False)}"
    if mine:
        line = log_line(entry, private=True)
        return f"  {line}" if ADDRESSED.match(line) else f"  You: {line}"
    return f"  {log_line(entry, private=False)}"


def cmd_play(client: RulesEngineClient, args: argparse.Namespace, con: Console, stdin: TextIO) -> int:
    """Play one game in the terminal: humans at ``--human`` seats, random bots elsewhere."""
    bad = [s for s in args.human if s >= args.players]
    if bad:
        raise UsageError(f"--human seat {bad[0]} does not exist; seats are 0..{args.players - 1}")
    seed = args.seed
    if seed is None and not args.external_chance:
        seed = random.SystemRandom().randrange(2**32)
        con.note(f"seed: {seed}")
    match_id = args.match_id or str(uuid.uuid4())
    if not args.match_id:
        con.note(f"match id: {match_id}")
    pictures = None
    if args.pictures is not None:
        if not args.human:
            raise UsageError("--pictures writes a picture before each decision of a --human seat: name one")
        try:
            args.pictures.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"cannot create {args.pictures}: {error.strerror or error}") from error
        pictures = Pictures(args.pictures, args.picture_format == "png", name_seat=len(args.human) > 1)
    names = _names(client, args.game)
    bot_seed = args.bot_seed if args.bot_seed is not None else seed
    if bot_seed is None:
        bot_seed = random.SystemRandom().randrange(2**32)
    random_bot = RandomBot(random.Random(bot_seed))
    # The search of the bots' moves and of the person's hints (whose seeds differ: a hint is not a bot's move).
    searcher = _search_bot(args, bot_seed)
    human = TerminalPlayer(names, con, stdin, pictures=pictures, hints=_search_bot(args, bot_seed + 1))
    bot: Agent = searcher if args.bots == "search" else random_bot
    agents: dict[int, Agent] = {s: (human if s in args.human else bot) for s in range(args.players)}
    if args.external_chance:
        agents[CHANCE_SEAT] = random_bot  # the table's chance is no seat a search plays
    quiet = args.quiet

    def on_move(index: int, move: service_pb2.Move, applied: service_pb2.ApplyMoveResponse) -> None:
        mine = move.seat in args.human
        if quiet and not mine:
            return
        con.print(move_line(index, applied.log, human=bool(args.human), mine=mine))

    if args.human and not quiet:
        con.print(legend(args.game))
        con.print(PLAY_KEYS)
        con.print(hint_key(con.words))
    try:
        game = play_game(client, _setup(args, seed), agents, on_move=on_move, match_id=match_id)
    except GameAborted as aborted:
        con.print()
        con.print(
            con.words.say_n(
                "Game abandoned after {n} move.", "Game abandoned after {n} moves.", len(aborted.record.moves)
            )
        )
        if args.record is not None:
            _write(aborted.record, args.record, "unfinished game record", con)
        return EXIT_FAILED
    con.print()
    con.print(con.words.say_n("Game over after {n} move.", "Game over after {n} moves.", len(game.record.moves)))
    con.print(render_score(game.score, words=con.words))
    if args.record is not None:
        _write(game.record, args.record, "game record", con)
    return EXIT_OK


# ---- replay and score ------------------------------------------------------------------------


def cmd_replay(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Replay a record: OK and the final score, or the first illegal move and why (exit 1): where (its
    number from 1, the round), who (the player's name and seat) and what (the service's words for the move,
    see rulesengine_client.verify.illegal_move)."""
    try:
        record = load_record(args.record, args.max_record_bytes)
    except FileFormatError as error:
        raise FileFormatError(reason_in_words(error)) from error
    total = len(record.moves)
    if args.stream:
        step = max(1, total // 100)

        def on_move(n: int) -> None:
            if n % step == 0 or n == total:
                con.progress(f"sent {n}/{total} moves")

        result = client.replay_game_stream(record, on_move)
        con.end_progress()
    else:
        result = client.replay_game(record)
    names = _names(client, record.setup.game_id)
    if args.state_out is not None:
        _write(result.state, args.state_out, "final state", con)
    if not result.legal:
        bad = illegal_move(client, record, result, lambda: names)
        played = f", {player_name(bad.seat, record.seat_labels)}: {bad.label}" if bad.seat is not None else ""
        rounds = f", round {bad.round}" if bad.round is not None else ""
        con.quote(f"ILLEGAL: move {bad.number} of {total}{rounds}{played}")
        for violation in result.violations:
            con.quote(f"  {one_line(violation.message)}")
        before = {0: "It is the record's first move.", 1: "The move before it is legal."}
        con.quote("  " + before.get(result.moves_applied, f"The {result.moves_applied} moves before it are legal."))
        return EXIT_FAILED
    if result.pending.seats:
        ends = f"the record ends after {result.moves_applied} moves; the game is not over."
        following = f"Next: {next_decision(result.pending, record.seat_labels)}"
        if args.require_complete:
            con.quote(f"INCOMPLETE: all {result.moves_applied} moves are legal, but {ends}")
            con.quote(following)
            return EXIT_FAILED
        con.quote(f"OK: all {result.moves_applied} moves are legal; {ends}")
        con.quote(following)
    else:
        con.print(f"OK: all {result.moves_applied} moves are legal; the game is over.")
    con.quote(render_score(result.score, words=con.words))
    return EXIT_OK


def cmd_score(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Score a state file (the whole state, or as a seat or spectator sees it)."""
    state = load_state(args.state, args.max_state_bytes)
    con.quote(render_score(client.score(state, args.seat, spectator=args.spectator), words=con.words))
    return EXIT_OK


# ---- bots ------------------------------------------------------------------------------------


@dataclass
class BotGame:
    """One all-bot game and whether its record replayed to the same final score."""

    index: int
    game: PlayedGame
    verified: bool
    problem: str
    seconds: float


def _search_bot(args: argparse.Namespace, seed: int) -> SearchBot:
    """A search bot seeded with ``seed``, thinking as ``--think-millis`` and ``--playouts`` say."""
    return SearchBot(seed, think_millis=args.think_millis, playouts=args.playouts or 0)


def _bot_game(
    client: RulesEngineClient, args: argparse.Namespace, index: int, base_seed: int, bot_seed: int
) -> BotGame:
    started = time.monotonic()
    game_bot_seed = bot_seed * 1_000_003 + index
    chance = RandomBot(random.Random(game_bot_seed))
    bot: Agent = _search_bot(args, game_bot_seed) if args.strategy == "search" else chance
    agents: dict[int, Agent] = dict.fromkeys(range(args.players), bot)
    if args.external_chance:
        agents[CHANCE_SEAT] = chance  # the table's chance is no seat a search plays
    setup = _setup(args, (base_seed + index) % 2**64)
    game = play_game(client, setup, agents)
    check = verify_record(client, game.record, game.score)
    return BotGame(index, game, check.ok, check.problem, time.monotonic() - started)


def cmd_bots(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Play ``--games`` all-bot games, replay each record, and summarise."""
    base_seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    bot_seed = args.bot_seed if args.bot_seed is not None else base_seed
    if args.external_chance:
        mode = f"external chance, bot seed {bot_seed}"
    else:
        mode = f"seeds {base_seed}..{base_seed + args.games - 1}, bot seed {bot_seed}"
    con.note(f"{args.games} {args.game} game(s), {args.players} players, {mode}")
    if args.strategy == "search":
        budget = con.words.say("at most {millis} ms per move", millis=args.think_millis)
        if args.playouts:
            budget = con.words.say_n(
                "{n} playout per move, {budget}", "{n} playouts per move, {budget}", args.playouts, budget=budget
            )
        con.note(con.words.say("The bots search (SuggestMove): {budget}.", budget=budget))
    if args.records_dir is not None:
        try:
            args.records_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"cannot create {args.records_dir}: {error.strerror or error}") from error
    started = time.monotonic()
    results: list[BotGame] = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(_bot_game, client, args, i, base_seed, bot_seed) for i in range(args.games)]
        for future in futures:
            done = future.result()
            results.append(done)
            winners = ", ".join(str(w) for w in done.game.score.winners)
            status = "verified" if done.verified else f"NOT VERIFIED: {done.problem}"
            con.note(
                f"[{len(results)}/{args.games}] game {done.index}: {len(done.game.record.moves)} moves, "
                f"winner seat {winners}, {status} ({done.seconds:.1f}s)"
            )
            if args.records_dir is not None:
                stem = args.records_dir / f"game-{done.index:04d}"
                save_message(done.game.record, stem.with_suffix(".json"))
                save_message(done.game.score, stem.with_suffix(".score.json"))
    elapsed = time.monotonic() - started
    moves = [len(r.game.record.moves) for r in results]
    wins: Counter[int] = Counter(w for r in results for w in r.game.score.winners)
    verified = sum(r.verified for r in results)
    con.print(f"games: {len(results)}  verified: {verified}  failed: {len(results) - verified}")
    con.print(f"moves per game: min {min(moves)}, mean {sum(moves) / len(moves):.1f}, max {max(moves)}")
    seats = max((len(r.game.score.seats) for r in results), default=args.players)  # a solo game's AI has a seat
    con.print("wins by seat: " + ", ".join(f"{s}: {wins[s]}" for s in range(seats)))
    rate = sum(moves) / elapsed if elapsed > 0 else 0.0
    con.print(f"time: {elapsed:.1f}s ({rate:.0f} moves/s)")
    return EXIT_OK if verified == len(results) else EXIT_FAILED


# ---- verify ----------------------------------------------------------------------------------


def cmd_verify(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Replay every record of a directory (``--jobs`` at once) and report one verdict per record
    (rulesengine_client.verify); exit 1 when any is illegal, unreadable or of an unsupported rules version."""
    if not args.dir.is_dir():
        raise UsageError(f"{args.dir} is not a directory")
    paths = record_files(args.dir)
    con.note(printable(f"{len(paths)} record(s) in {args.dir}"))
    verdicts: list[Verdict] = []
    for done in verify_folder(client, paths, args.jobs, args.max_record_bytes):
        verdicts.append(done)
        con.note(printable(f"[{len(verdicts)}/{len(paths)}] {done.file}: {done.verdict} ({done.detail()})"))
    if args.out is None:
        write_report(verdicts, args.format, con.out)
    else:
        try:
            with args.out.open("w", encoding="utf-8", newline="") as sink:
                write_report(verdicts, args.format, sink)
        except OSError as error:
            raise UsageError(f"cannot write the report to {args.out}: {error.strerror or error}") from error
        con.note(printable(f"report written to {args.out}"))
    counts = Counter(v.verdict for v in verdicts)
    con.note(", ".join(f"{name}: {counts[name]}" for name in ("ok", "unfinished", *FAILING)))
    return EXIT_FAILED if any(counts[name] for name in FAILING) else EXIT_OK


# ---- health ----------------------------------------------------------------------------------


def cmd_health(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Print the grpc.health.v1 status; exit 0 only when SERVING."""
    status = client.health(args.service)
    con.print(status)
    return EXIT_OK if status == "SERVING" else EXIT_FAILED


# ---- main ------------------------------------------------------------------------------------


def _report(error: RulesEngineError, target: str, con: Console) -> None:
    if isinstance(error, UnavailableError):
        con.error(f"cannot reach the rules-engine server at {target} ({error.message})")
        return
    con.error(f"{error.code.name}: {error.message}")
    if isinstance(error, IllegalMoveError):
        for violation in error.violations:
            con.note(printable(f"  {violation}"))


def main(
    argv: Sequence[str] | None = None,
    *,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    stdin: TextIO | None = None,
) -> int:
    """Run the CLI; returns the exit status (0 ok, 1 failure, 2 bad usage)."""
    con = Console(stdout or sys.stdout, stderr or sys.stderr)
    args = build_parser().parse_args(argv)
    if args.timeout is not None and args.timeout <= 0:
        con.error("--timeout must be positive")
        return EXIT_USAGE
    try:
        locale = args.locale or locale_from_environment()
        asked = None if locale == DEFAULT_LOCALE else locale
        con.words = Words(locale)
        credentials = (
            tls_credentials(args.ca, args.cert, args.key) if args.tls or args.ca or args.cert or args.key else None
        )
        with RulesEngineClient(
            args.target, credentials=credentials, metadata=args.metadata, timeout=args.timeout, locale=asked
        ) as client:
            if args.command == "games":
                return cmd_games(client, args, con)
            if args.command == "play":
                return cmd_play(client, args, con, stdin or sys.stdin)
            if args.command == "replay":
                return cmd_replay(client, args, con)
            if args.command == "score":
                return cmd_score(client, args, con)
            if args.command == "bots":
                return cmd_bots(client, args, con)
            if args.command == "verify":
                return cmd_verify(client, args, con)
            return cmd_health(client, args, con)
    except RulesEngineError as error:
        _report(error, args.target, con)
        return EXIT_FAILED
    except (FileFormatError, UsageError) as error:
        con.error(str(error))
        return EXIT_USAGE if isinstance(error, UsageError) else EXIT_FAILED
    except (RuntimeError, ValueError) as error:
        con.error(str(error))
        return EXIT_FAILED
    except KeyboardInterrupt:
        con.note("interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (``| head``); nothing more to say.
        return EXIT_OK
    except OSError as error:  # a TLS file (--ca, --cert, --key) that cannot be read, say
        con.error(str(error))
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
