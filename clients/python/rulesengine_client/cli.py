"""``rules-engine-client``: list games, play in the terminal, replay and score files, run bots.

    rules-engine-client games
    rules-engine-client play --game citadels --players 4 --human 0 --seed 7 --record game.json
    rules-engine-client replay game.json [--require-complete]
    rules-engine-client score state.json
    rules-engine-client bots --game citadels --players 5 --games 20 --external-chance
    rules-engine-client verify records/ [--jobs 4] [--format table|json|csv] [--out FILE] [--max-record-bytes N]
    rules-engine-client health

Every command talks to the service at ``--target`` (default ``localhost:50051``, or the
``RULES_ENGINE_TARGET`` environment variable). Errors are one readable line on stderr and a
non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import codecs
import csv
import dataclasses
import json
import os
import random
import stat
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from google.protobuf import json_format
from rulesengine.v1 import common_pb2, service_pb2

from rulesengine_client.client import DEFAULT_TARGET, DEFAULT_TIMEOUT, RulesEngineClient, game_setup
from rulesengine_client.errors import IllegalMoveError, RulesEngineError, UnavailableError
from rulesengine_client.games import (
    CHANCE_SEAT,
    Agent,
    FileFormatError,
    GameAborted,
    PlayedGame,
    QuitGame,
    RandomBot,
    load_record,
    load_state,
    play_game,
    save_message,
    verify_record,
)
from rulesengine_client.render import (
    LEGEND,
    Names,
    describe_move,
    describe_pending,
    log_line,
    move_label,
    path_step,
    render_decision_help,
    render_games,
    render_score,
    render_view,
    seat_name,
    totals,
    view_facts,
)

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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``rules-engine-client``."""
    parser = argparse.ArgumentParser(
        prog="rules-engine-client",
        description="Client for the rules-engine gRPC service.",
        epilog=(
            "`rules-engine-client COMMAND --help` shows a command's options. Inside `play`, h or ? shows "
            "the keys and the notation on screen."
        ),
    )
    parser.add_argument(
        "--target",
        default=os.environ.get("RULES_ENGINE_TARGET", DEFAULT_TARGET),
        help="server address host:port (default: $RULES_ENGINE_TARGET or %(default)s)",
    )
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per call (default: %(default)s)"
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

    play = commands.add_parser("play", help="play a game in the terminal against random bots")
    _add_setup_arguments(play)
    play.add_argument("--human", type=_seats, default=[], metavar="SEATS", help="seats played here, e.g. 0,2")
    play.add_argument("--record", type=Path, metavar="FILE", help="write the game record (JSON) here")
    play.add_argument("--quiet", action="store_true", help="do not print the bots' moves")

    replay = commands.add_parser("replay", help="check a game record move by move")
    replay.add_argument("record", type=Path, help="game record JSON file")
    replay.add_argument("--stream", action="store_true", help="stream the moves (long records), with progress")
    replay.add_argument("--state-out", type=Path, metavar="FILE", help="write the final state (JSON) here")
    replay.add_argument(
        "--require-complete",
        action="store_true",
        help="a record that ends before the game does is an error (exit 1)",
    )

    score = commands.add_parser("score", help="score a game state JSON file")
    score.add_argument("state", type=Path, help="game state JSON file")
    who = score.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, help="score only what this seat may see")
    who.add_argument("--spectator", action="store_true", help="score only what a spectator may see")

    bots = commands.add_parser("bots", help="play all-bot games and verify each by replaying its record")
    _add_setup_arguments(bots)
    bots.add_argument("--games", type=_positive, default=1, help="number of games (default: 1)")
    bots.add_argument("--jobs", type=_positive, default=1, help="games played at once (default: 1)")
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
    verify.add_argument(
        "--max-record-bytes",
        type=_positive,
        default=DEFAULT_MAX_RECORD_BYTES,
        metavar="N",
        help="a larger record file is unreadable, and not read (default: %(default)s, 4 MiB)",
    )

    health = commands.add_parser("health", help="ask the server's grpc.health.v1 status")
    health.add_argument("--service", default="", help="service name (default: the whole server)")
    return parser


# ---- output ----------------------------------------------------------------------------------


@dataclass
class Console:
    """Where output goes: results on ``out``, progress and errors on ``err``."""

    out: TextIO
    err: TextIO

    def print(self, text: str = "") -> None:
        """A line of output."""
        print(text, file=self.out, flush=True)

    def note(self, text: str) -> None:
        """A line of progress or a diagnostic."""
        print(text, file=self.err, flush=True)

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


class _Back(Exception):
    """The person asked to go back one step of a choice path."""


class TerminalPlayer:
    """A person choosing a legal move, shown their own view of the game.

    Moves are shown by the service's labels (``LegalMoves`` labels). Up to
    :data:`FLAT_LIST_AT_MOST` moves are one numbered list; more (a Walls of York placement
    offers hundreds) are chosen step by step along their choice paths: a numbered menu per
    step, ``b`` goes back a step.
    """

    label = "human"

    def __init__(self, names: Names, con: Console, stdin: TextIO) -> None:
        self.names = names
        self.con = con
        self.stdin = stdin

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
            if not line:
                raise QuitGame()
            answer = line.strip().lower()
            if answer in ("q", "quit", "exit"):
                raise QuitGame()
            if answer in ("h", "?", "help"):
                self.con.print(PLAY_KEYS)
                self.con.print(LEGEND)
                continue
            if answer in ("v", "view"):
                self.con.print(render_view(client.view(state, seat), self.names, seat))
                continue
            if answer in ("s", "score"):
                self.con.print(render_score(client.score(state, seat)))
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

    def _walk(self, paths: Sequence[Sequence[str]], texts: Sequence[str], ask: _Asker) -> int:
        """The index of the move reached by choosing its path one step at a time (a step with
        one option only is taken without asking; ``b`` goes back to the last real choice)."""
        chosen: list[str] = []
        asked: list[bool] = []
        while True:
            left = left_at(paths, chosen)
            step = len(chosen)
            options = list(dict.fromkeys(paths[i][step] for i in left if len(paths[i]) > step))
            if len(left) == 1 or not options:
                return left[0]
            if len(options) == 1:
                chosen.append(options[0])
                asked.append(False)
                continue
            so_far = f" (so far: {' > '.join(chosen)})" if chosen else ""
            self.con.print(f"Choose{so_far}:")
            for number, option in enumerate(options, 1):
                count = sum(1 for i in left if len(paths[i]) > step and paths[i][step] == option)
                more = f"  ({count} moves)" if count > 1 else ""
                self.con.print(f"  {number:3d}. {option}{more}")
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
        help_text = render_decision_help(view, self.names, view_facts(answer))
        if help_text:
            self.con.print(help_text)
        self.con.print(f"Seat {seat}, your decision: {pending.prompt or pending.kind}")
        texts = [move_label(labels[i] if labels else None, move, self.names) for i, move in enumerate(moves)]

        def ask(prompt: str, count: int, shown: Sequence[str], back: bool) -> int:
            return self._ask(prompt, count, client, state, view, seat, shown, back)

        paths = [[path_step(t) for t in label.path] for label in labels]
        if len(moves) > FLAT_LIST_AT_MOST and paths and all(paths):
            self.con.print(f"  {len(moves)} legal moves: choose step by step (b = back).")
            return moves[self._walk(paths, texts, ask)]
        for number, text in enumerate(texts, 1):
            self.con.print(f"  {number:3d}. {text}")
        return moves[ask("choose", len(moves), texts, False)]


_Asker = Callable[[str, int, Sequence[str], bool], int]


def left_at(paths: Sequence[Sequence[str]], chosen: Sequence[str]) -> list[int]:
    """The moves whose path starts with ``chosen``."""
    return [i for i, path in enumerate(paths) if list(path[: len(chosen)]) == list(chosen)]


def move_line(index: int, entry: common_pb2.LogEntry, *, human: bool, mine: bool) -> str:
    """A played move as ``play`` shows it: the service's public log line (numbered when only
    bots play); a person's own move shows its private line, what only that person saw."""
    if not human:
        return f"{index + 1:5d}  {log_line(entry, private=False)}"
    if mine:
        return f"  You: {log_line(entry, private=True)}"
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
    names = _names(client, args.game)
    bot_rng = random.Random(args.bot_seed if args.bot_seed is not None else args.seed)
    human = TerminalPlayer(names, con, stdin)
    bot = RandomBot(bot_rng)
    agents: dict[int, Agent] = {s: (human if s in args.human else bot) for s in range(args.players)}
    if args.external_chance:
        agents[CHANCE_SEAT] = bot
    quiet = args.quiet

    def on_move(index: int, move: service_pb2.Move, applied: service_pb2.ApplyMoveResponse) -> None:
        mine = move.seat in args.human
        if quiet and not mine:
            return
        con.print(move_line(index, applied.log, human=bool(args.human), mine=mine))

    if args.human and not quiet:
        con.print(LEGEND)
        con.print(PLAY_KEYS)
    try:
        game = play_game(client, _setup(args, seed), agents, on_move=on_move)
    except GameAborted as aborted:
        con.print()
        con.print(f"Game abandoned after {len(aborted.record.moves)} moves.")
        if args.record is not None:
            _write(aborted.record, args.record, "unfinished game record", con)
        return EXIT_FAILED
    con.print()
    con.print(f"Game over after {len(game.record.moves)} moves.")
    con.print(render_score(game.score))
    if args.record is not None:
        _write(game.record, args.record, "game record", con)
    return EXIT_OK


# ---- replay and score ------------------------------------------------------------------------


def cmd_replay(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Replay a record: OK and the final score, or the first illegal move and why (exit 1)."""
    record = load_record(args.record)
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
        index = result.illegal_move_index
        shown = describe_move(record.moves[index], names) if 0 <= index < total else "(no such move)"
        con.print(f"ILLEGAL: move {index} ({shown}) is not legal after {result.moves_applied} legal moves:")
        for violation in result.violations:
            where = f" [{violation.field}]" if violation.field else ""
            con.print(f"  {violation.code}: {violation.message}{where}")
        return EXIT_FAILED
    if result.pending.seats:
        owes = ", ".join(seat_name(s) for s in result.pending.seats)
        ends = (
            f"the record ends after {result.moves_applied} moves; the game is not over: "
            f"{owes} {'owes' if len(result.pending.seats) == 1 else 'owe'} {result.pending.kind}"
        )
        if args.require_complete:
            con.print(f"INCOMPLETE: all {result.moves_applied} moves are legal, but {ends}.")
            con.print(f"Next: {describe_pending(result.pending)}")
            return EXIT_FAILED
        con.print(f"OK: all {result.moves_applied} moves are legal; {ends}.")
        con.print(f"Next: {describe_pending(result.pending)}")
    else:
        con.print(f"OK: all {result.moves_applied} moves are legal; the game is over.")
    con.print(render_score(result.score))
    return EXIT_OK


def cmd_score(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Score a state file (the whole state, or as a seat or spectator sees it)."""
    state = load_state(args.state)
    con.print(render_score(client.score(state, args.seat, spectator=args.spectator)))
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


def _bot_game(
    client: RulesEngineClient, args: argparse.Namespace, index: int, base_seed: int, bot_seed: int
) -> BotGame:
    started = time.monotonic()
    bot = RandomBot(random.Random(bot_seed * 1_000_003 + index))
    agents: dict[int, Agent] = dict.fromkeys(range(args.players), bot)
    if args.external_chance:
        agents[CHANCE_SEAT] = bot
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
#
# ``verify`` reads a tournament's upload folder: files anyone could have put there. It reads only regular
# files, at most ``--max-record-bytes`` of each, loads one record at a time for the job that replays it,
# keeps a few short fields per verdict, and shows every text (the record's, the server's, a file's name)
# through :func:`printable` on the terminal and :func:`csv_safe` in a CSV.

#: The columns of a ``verify`` report, in order (the CSV header and the JSON keys).
VERIFY_FIELDS = (
    "file",
    "event",
    "round",
    "table",
    "match_id",
    "game",
    "players",
    "names",
    "moves",
    "verdict",
    "winners",
    "scores",
    "places",
    "move",
    "code",
    "message",
    "field",
)
#: The text fields of a :class:`Verdict` (cut to MAX_TEXT_CHARS; ``names`` is a list of them).
_TEXT_FIELDS = ("file", "verdict", "game", "event", "round", "table", "match_id", "code", "message", "field")

#: The largest record file ``verify`` reads (``--max-record-bytes``): 4 MiB, the server's default message
#: limit (``--max-message-bytes``). A record's JSON is 5 to 10 times its protobuf (the samples in
#: examples/records/), so a 4 MiB file is a message of 0.4-0.8 MiB, some 40,000 moves, while a real game's
#: record is 10-60 KiB (the longest sample, 524 moves, is 53 KiB). The limit is what bounds memory: parsing
#: JSON takes up to ~40 times the file's size (a list of empty moves), and a job holds its parsed record, up
#: to ~30 times the file's size, until the server answers; measured, a 4 MiB file of empty moves peaks at
#: ~160 MiB, a 16 MiB one at ~650 MiB.
DEFAULT_MAX_RECORD_BYTES = 4 * 1024 * 1024
#: A verdict's texts are cut to this many characters: a hostile record's megabyte-long event name must
#: cost neither memory for every verdict kept nor a screenful in every row.
MAX_TEXT_CHARS = 300
#: Player names kept per verdict: more than any game has seats (the server refuses a record whose names do
#: not match its seats).
MAX_NAMES = 16
_READ_CHUNK = 1024 * 1024
#: Opening a file to read: never waiting (a FIFO swapped in after the check opens at once; fstat finds it),
#: never taking a terminal as the controlling one, binary on Windows.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
#: Byte order marks of the encodings a record is not in (UTF-32's first: it starts like UTF-16's).
_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)

#: Bidirectional-text controls: invisible, they reorder what follows on the screen (U+202E shows
#: "report\u202eslx.exe" as "reportexe.xls").
_BIDI_CONTROLS = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))


def _escape(code: int) -> str:
    """How a character unfit to show is shown instead: ``\\x1b`` for a control, ``\\u202e`` for the others,
    and ``\\xff`` for a file name's byte that is not UTF-8 (Python holds that byte as U+DCFF)."""
    if 0xDC80 <= code <= 0xDCFF:
        code -= 0xDC00
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


#: Every character a terminal or a viewer acts on, or a UTF-8 encoder refuses -> its visible escape: the C0
#: controls, DEL, the C1 controls (U+009B starts a sequence as ESC [ does), the bidi controls, the line and
#: paragraph separators and the lone surrogates.
_UNPRINTABLE = {
    code: _escape(code)
    for code in (*range(0x20), *range(0x7F, 0xA0), *_BIDI_CONTROLS, 0x2028, 0x2029, *range(0xD800, 0xE000))
}
#: What a spreadsheet takes as the start of a formula (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def printable(text: str) -> str:
    """``text`` safe to print: every control or reordering character replaced by its visible escape (ESC
    becomes ``\\x1b``, U+202E ``\\u202e``), so a record's event name can neither clear nor recolour the
    terminal, hide or reorder text, nor break a row. ``verify`` shows every text through it."""
    return text.translate(_UNPRINTABLE)


def csv_safe(text: str) -> str:
    """A CSV text cell a spreadsheet shows as text, never runs: :func:`printable`, then a leading ``'``
    when it would start a formula, as OWASP advises (the writer quotes every text cell)."""
    shown = printable(text)
    return "'" + shown if shown.startswith(FORMULA_START) else shown


def _clip(text: str) -> str:
    """``text`` cut to MAX_TEXT_CHARS, saying how long it was; a cut text is left as it is."""
    if len(text) <= MAX_TEXT_CHARS:
        return text
    tail = f"… ({len(text):,} chars)"
    return text[: MAX_TEXT_CHARS - len(tail)] + tail


@dataclass
class Verdict:
    """What replaying one record file found: ``ok``, ``illegal``, ``unfinished`` or ``unreadable``.

    A verdict is kept for every record of the folder, so it holds only short texts (see :meth:`__post_init__`).
    """

    file: str
    verdict: str
    game: str = ""
    players: int = 0
    moves: int = 0
    winners: list[int] = dataclasses.field(default_factory=list)
    scores: dict[int, int] = dataclasses.field(default_factory=dict)
    #: Seat -> place in the final standings (1 = first; tied seats share a place).
    places: dict[int, int] = dataclasses.field(default_factory=dict)
    #: The record's event metadata and the players' names by seat (empty when the record has none).
    event: str = ""
    round: str = ""
    table: str = ""
    match_id: str = ""
    names: list[str] = dataclasses.field(default_factory=list)
    move: int | None = None
    code: str = ""
    message: str = ""
    field: str = ""

    def __post_init__(self) -> None:
        """Cut every text to MAX_TEXT_CHARS and the names to MAX_NAMES: what a hostile record holds must not
        stay in memory for the whole run nor fill the report."""
        for name in _TEXT_FIELDS:
            setattr(self, name, _clip(getattr(self, name)))
        self.names = [_clip(name) for name in self.names[:MAX_NAMES]]

    def detail(self) -> str:
        """The verdict in a few words: the winners, the illegal move and why, or what is wrong."""
        if self.verdict == "ok":
            winners = ", ".join(self._name(w) for w in self.winners)
            return f"winner {winners}; scores {_scores_text(self.scores)}"
        if self.verdict == "illegal":
            where = f" [{self.field}]" if self.field else ""
            return f"move {self.move}: {self.code}: {self.message}{where}"
        return self.message

    def _name(self, seat: int) -> str:
        """The seat with its player's name when the record names the players."""
        return f"{seat_name(seat)} ({self.names[seat]})" if 0 <= seat < len(self.names) else seat_name(seat)

    def where(self) -> str:
        """Event, round and table in a few words ("" when the record has none)."""
        parts = [self.event, f"round {self.round}" if self.round else "", f"table {self.table}" if self.table else ""]
        return ", ".join(p for p in parts if p)


def _scores_text(scores: dict[int, int]) -> str:
    return ", ".join(f"{seat}: {total}" for seat, total in sorted(scores.items()))


def record_files(directory: Path) -> list[Path]:
    """The record files of ``directory``: every ``*.json`` except the ``*.score.json`` score sheets."""
    if not directory.is_dir():
        raise UsageError(f"{directory} is not a directory")
    return sorted(p for p in directory.glob("*.json") if not p.name.endswith(".score.json"))


def _size(count: int, *, exact: bool = False) -> str:
    """A byte count for people ("1,000 bytes", "13.3 KiB", "80 MiB"), with the bytes too when ``exact``.
    Only an exact multiple is a whole number: a file 13 bytes over a 4 MiB limit is "4.0 MiB"."""
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= scale:
            amount = f"{count // scale}" if count % scale == 0 else f"{count / scale:.1f}"
            return f"{amount} {unit} ({count:,} bytes)" if exact else f"{amount} {unit}"
    return f"{count:,} bytes"


def _kind(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((word for test, word in kinds if test(mode)), "a special file")


def _not_regular(kind: str) -> FileFormatError:
    return FileFormatError(f"not a regular file ({kind}); only regular files are read")


def _check_regular(path: Path) -> None:
    """Refuse ``path`` unless it is a regular file or a link to one, before opening it: opening a FIFO waits
    for a writer, and opening a device may act on it."""
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        target = os.stat(path).st_mode  # a link to a regular file is read as that file
        if not stat.S_ISREG(target):
            raise _not_regular(f"a symbolic link to {_kind(target)}")
    elif not stat.S_ISREG(mode):
        raise _not_regular(_kind(mode))


def _read_regular(fd: int, max_bytes: int) -> bytearray:
    """The bytes of the open file ``fd``: refused when it is not a regular file (swapped in since the check)
    or when it is, or reads, longer than ``max_bytes`` — of which at most one byte more is ever read."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise _not_regular(_kind(info.st_mode))
    if info.st_size > max_bytes:
        raise FileFormatError(
            f"record is {_size(info.st_size, exact=True)}; the limit is {_size(max_bytes)} (--max-record-bytes)"
        )
    data = bytearray()
    while len(data) <= max_bytes:
        chunk = os.read(fd, min(_READ_CHUNK, max_bytes + 1 - len(data)))
        if not chunk:
            return data
        data += chunk
    raise FileFormatError(
        f"record reads longer than the limit of {_size(max_bytes)} (--max-record-bytes), "
        f"though its size said {_size(info.st_size)}"
    )


def _read_file(path: Path, max_bytes: int) -> bytearray:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them, never waiting on the file."""
    try:
        _check_regular(path)
        fd = os.open(path, _OPEN_FLAGS)
        try:
            return _read_regular(fd, max_bytes)
        finally:
            os.close(fd)
    except OSError as error:
        raise FileFormatError(f"cannot read {path.name}: {error.strerror or error}") from error


def _decode(data: bytearray, name: str) -> str:
    """The text of a record file, or what its bytes are instead of UTF-8 (a record is UTF-8, no BOM)."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            raise FileFormatError(f"{name} is {encoding} text (it starts with a byte order mark); a record is UTF-8")
    if data.startswith(codecs.BOM_UTF8):
        raise FileFormatError(f"{name} starts with a byte order mark; a record is UTF-8 without one")
    nul = data.find(0)
    if nul >= 0:
        raise FileFormatError(f"{name} holds a NUL byte at offset {nul}: not a text file (UTF-16 or UTF-32?)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileFormatError(
            f"{name} is not UTF-8 text: byte 0x{data[error.start]:02x} at offset {error.start} "
            "(Latin-1 or Windows-1252?)"
        ) from error


def _nested_too_deeply(error: BaseException) -> bool:
    """Whether a parse failed on JSON nested deeper than Python's recursion limit (protobuf may wrap the
    RecursionError in its ParseError, or not)."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, RecursionError):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


def _parse_record(text: str, name: str) -> service_pb2.GameRecord:
    """The ``GameRecord`` of a record file's text (the same checks as :func:`load_record`)."""
    record = service_pb2.GameRecord()
    try:
        json_format.Parse(text, record)
    except (json_format.ParseError, ValueError, RecursionError) as error:
        problem = "nested too deeply" if _nested_too_deeply(error) else str(error)
        raise FileFormatError(f"{name} is not a valid GameRecord JSON file: {problem}") from error
    if not record.setup.game_id:
        raise FileFormatError(f"{name}: the record has no setup.gameId")
    return record


def read_record(path: Path, max_bytes: int = DEFAULT_MAX_RECORD_BYTES) -> service_pb2.GameRecord:
    """The record of a file of an upload folder, read as anything could be there: only a regular file, at
    most ``max_bytes`` of it, UTF-8 JSON. Raises :class:`FileFormatError` saying what is wrong."""
    return _parse_record(_decode(_read_file(path, max_bytes), path.name), path.name)


def verify_file(
    client: RulesEngineClient, path: Path, load: Callable[[Path], service_pb2.GameRecord] = read_record
) -> Verdict:
    """Replay one record file through the server and judge it. The record (``load(path)``) lives only in
    this call; what is kept is the verdict's few short fields."""
    try:
        record = load(path)
    except FileFormatError as error:
        return Verdict(path.name, "unreadable", message=str(error))
    seen = Verdict(
        path.name,
        "",
        record.setup.game_id,
        record.setup.players,
        len(record.moves),
        event=record.event.name,
        round=record.event.round,
        table=record.event.table,
        match_id=record.match_id,
        names=list(record.seat_labels[:MAX_NAMES]),
    )
    try:
        result = client.replay_game(record)
    except UnavailableError:
        raise
    except RulesEngineError as error:
        refusal = f"refused by the server: {error.code.name}: {error.message}"
        return dataclasses.replace(seen, verdict="unreadable", message=refusal)
    return _judge(seen, result)


def _judge(seen: Verdict, result: service_pb2.ReplayResult) -> Verdict:
    """The verdict on a replay the server answered: illegal at a move, unfinished, or ok with the scores."""
    if not result.legal:
        first = result.violations[0] if result.violations else common_pb2.Violation()
        return dataclasses.replace(
            seen,
            verdict="illegal",
            move=result.illegal_move_index,
            code=first.code,
            message=first.message,
            field=first.field,
        )
    if result.pending.seats:
        owes = ", ".join(seat_name(s) for s in result.pending.seats)
        message = f"all {result.moves_applied} moves legal; the game is not over: {owes} to {result.pending.kind}"
        return dataclasses.replace(seen, verdict="unfinished", message=message)
    return dataclasses.replace(
        seen,
        verdict="ok",
        winners=list(result.score.winners),
        scores=totals(result.score),
        places={seat.seat: seat.place for seat in result.score.seats},
    )


def verdict_row(verdict: Verdict) -> dict[str, object]:
    """A report row: the JSON object of one verdict (the CSV row flattens winners and scores)."""
    return {name: getattr(verdict, name) for name in VERIFY_FIELDS}


def csv_row(verdict: Verdict) -> dict[str, str | int]:
    """A CSV row of one verdict, safe to open in a spreadsheet.

    Cells written as numbers (players, moves, move: counts and an index this client computed) stay bare
    numbers: a number cannot be a formula, and a spreadsheet should sum them. Every text cell — the file
    name, the record's event and names, the server's messages, and the lists joined here (winners, scores,
    places) — goes through :func:`csv_safe` and is quoted, so a text such as ``-2+3`` or ``=HYPERLINK(...)``
    is written ``'-2+3``: no cell starts with ``= + - @``, a tab or a carriage return.
    """
    row = verdict_row(verdict) | {
        "winners": " ".join(str(w) for w in verdict.winners),
        "scores": " ".join(f"{s}:{t}" for s, t in sorted(verdict.scores.items())),
        "places": " ".join(f"{s}:{p}" for s, p in sorted(verdict.places.items())),
        "names": " | ".join(verdict.names),
        "move": "" if verdict.move is None else verdict.move,
    }
    return {name: value if isinstance(value, int) else csv_safe(str(value)) for name, value in row.items()}


def render_verdicts(verdicts: Sequence[Verdict]) -> str:
    """The ``verify`` table: file, event (when a record names one), game, players, moves, verdict, and the
    detail or winners; every cell :func:`printable`."""
    events = any(v.where() for v in verdicts)  # the event column only when a record names its event
    head = ("file", *(("event",) if events else ()), "game", "players", "moves", "verdict", "detail")
    rows: list[tuple[str, ...]] = [head]
    for v in verdicts:
        players, moves = (str(v.players), str(v.moves)) if v.game else ("", "")  # no record, nothing to count
        where = (v.where() or "-",) if events else ()
        rows.append(tuple(printable(c) for c in (v.file, *where, v.game, players, moves, v.verdict, v.detail())))
    widths = [max(len(row[i]) for row in rows) for i in range(len(head) - 1)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)) + "  " + row[-1] for row in rows)


def write_report(verdicts: Sequence[Verdict], form: str, out: TextIO) -> None:
    """Write the report as ``table``, ``json`` (a list of objects) or ``csv`` (a header row).

    JSON keeps every text exactly: the encoder escapes each control and non-ASCII character (``\\u001b``),
    so the report is plain ASCII. The table and the CSV show texts through :func:`printable`."""
    if form == "json":
        out.write(json.dumps([verdict_row(v) for v in verdicts], indent=2, ensure_ascii=True) + "\n")
    elif form == "csv":
        writer = csv.DictWriter(out, fieldnames=VERIFY_FIELDS, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
        writer.writeheader()
        writer.writerows(csv_row(verdict) for verdict in verdicts)
    else:
        out.write(render_verdicts(verdicts) + "\n")


def cmd_verify(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Replay every record of a directory (``--jobs`` at once) and report one verdict per record."""
    paths = record_files(args.dir)
    con.note(printable(f"{len(paths)} record(s) in {args.dir}"))
    verdicts: list[Verdict] = []
    # One thread reads and parses every record, one at a time, for the job that replays it. Parsing holds
    # the GIL anyway, so this costs no throughput (the jobs overlap on the server's replies), and memory
    # peaks at one record's parse, not one per job; parsing always on the same thread also lets the
    # allocator reuse what the last parse freed (parsed on each job's thread, under a lock, glibc kept a
    # heap per thread: ~520 MiB instead of ~440 on a folder of 4 MiB hostile records).
    with ThreadPoolExecutor(max_workers=1) as loader, ThreadPoolExecutor(max_workers=args.jobs) as pool:

        def load(path: Path) -> service_pb2.GameRecord:
            return loader.submit(read_record, path, args.max_record_bytes).result()

        # map hands back each verdict in order and lets its future go; a record dies with its job.
        for done in pool.map(lambda path: verify_file(client, path, load), paths):
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
    con.note(", ".join(f"{name}: {counts[name]}" for name in ("ok", "unfinished", "illegal", "unreadable")))
    return EXIT_FAILED if counts["illegal"] or counts["unreadable"] else EXIT_OK


# ---- health ----------------------------------------------------------------------------------


def cmd_health(client: RulesEngineClient, args: argparse.Namespace, con: Console) -> int:
    """Print the grpc.health.v1 status; exit 0 only when SERVING."""
    status = client.health(args.service)
    con.print(status)
    return EXIT_OK if status == "SERVING" else EXIT_FAILED


# ---- main ------------------------------------------------------------------------------------


def _report(error: RulesEngineError, target: str, con: Console) -> None:
    if isinstance(error, UnavailableError):
        con.note(f"error: cannot reach the rules-engine server at {target} ({error.message})")
        return
    con.note(f"error: {error.code.name}: {error.message}")
    if isinstance(error, IllegalMoveError):
        for violation in error.violations:
            con.note(f"  {violation}")


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
        con.note("error: --timeout must be positive")
        return EXIT_USAGE
    try:
        with RulesEngineClient(args.target, metadata=args.metadata, timeout=args.timeout) as client:
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
        con.note(f"error: {error}")
        return EXIT_USAGE if isinstance(error, UsageError) else EXIT_FAILED
    except (RuntimeError, ValueError) as error:
        con.note(f"error: {error}")
        return EXIT_FAILED
    except KeyboardInterrupt:
        con.note("interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (``| head``); nothing more to say.
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
