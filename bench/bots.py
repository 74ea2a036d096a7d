"""How strong the searching bots are: whole games of every game, the search against random and greedy bots,
with 95% confidence intervals; the table of docs/bots.md.

Lines (``LINES``), each played ``--games`` times:

* ``random-2p`` and ``random-max``: one search bot against random bots, at 2 players and at the game's
  largest count. The figure is the search's share of the wins (a tie for first splits the win);
  the fair share is 1 / players, and the targets are 90% at 2 players and 2.5 times the fair share at the
  largest count;
* ``greedy-2p``: one search bot against one greedy bot (the legal move with the best score right after it,
  ties at random). Target: 60%;
* Viscounts solo, ``solo-search`` and ``solo-random``: the search, and a random player, against the Cleric
  AI; the table shows the margin between them.

Every game is seeded (its chance is the engine's generator) from the line and its number, and the search
bot sits at seat ``number % players``, so every seat is played as often. The search is the service's own
(``engines.core.search``): it sees only its seat's view, and so does the greedy bot (it scores its moves on a
deal of its view, ``Engine.redeal``). Budget: ``--seconds`` per decision by ``--clock`` (``cpu``, the
default: the worker's own CPU time, so a loaded machine costs the search nothing; ``wall``: the clock on the
wall), or a fixed ``--playouts`` (reproducible). A decision with one legal move is made without a search.

Each game's result is appended to ``--results`` (JSON lines) as soon as it ends, and a run skips the games
already there, so a long run can be stopped and resumed. ``--report`` prints the table (and ``--write-docs``
puts it into docs/bots.md between its markers) from the results alone.

    python -m bench.bots --games 200 --jobs 2                 # every line, 1 s of CPU a decision
    python -m bench.bots --lines citadels/random-2p --games 20
    python -m bench.bots --report --write-docs
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines import registry
from engines.core.rng import Rng
from engines.core.search import suggest

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "bots.jsonl"
DOCS = ROOT / "docs" / "bots.md"
BEGIN, END = "<!-- bots table: begin -->", "<!-- bots table: end -->"
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
#: The 95% normal quantile.
Z95 = 1.959964


@dataclass(frozen=True)
class Line:
    """One row of the table: a game, a player count, who the search (or the random player) meets."""

    game_id: str
    kind: str
    players: int

    @property
    def name(self) -> str:
        return f"{self.game_id}/{self.kind}"

    @property
    def target(self) -> tuple[float, str] | None:
        """The share the line must reach, and how the target reads; ``None``: no fixed target."""
        fair = 1 / self.players
        if self.kind == "random-2p":
            return 0.9, "≥ 90%"
        if self.kind == "random-max":
            return 2.5 * fair, f"≥ 2.5 × {fair:.0%} = {2.5 * fair:.1%}"
        if self.kind == "greedy-2p":
            return 0.6, "≥ 60%"
        return None


def lines() -> list[Line]:
    """Every line of the benchmark, game by game."""
    out: list[Line] = []
    for game_id, engine in registry.engines().items():
        info = engine.info
        smallest = max(2, info.min_players)
        out.append(Line(game_id, "random-2p", smallest))
        out.append(Line(game_id, "random-max", info.max_players))
        out.append(Line(game_id, "greedy-2p", smallest))
        if info.min_players == 1:
            out.append(Line(game_id, "solo-search", 1))
            out.append(Line(game_id, "solo-random", 1))
    return out


# ---- the players -----------------------------------------------------------------------------------------


def random_move(engine: Any, state: Any, seat: int, rng: Rng) -> tuple[Any, Rng]:
    """A uniformly random legal move of ``seat``."""
    mine = [m for m in engine.legal_moves(state) if m.seat == seat]
    index, rng = rng.below(len(mine))
    return mine[index], rng


def greedy_move(engine: Any, state: Any, seat: int, rng: Rng) -> tuple[Any, Rng]:
    """The legal move of ``seat`` with the best score for it right after it (on a deal of its view), ties at
    random."""
    high, rng = rng.next_u32()
    deal = engine.redeal(engine.view(state, seat), seat, Rng.seeded(high))
    mine = [m for m in engine.legal_moves(deal) if m.seat == seat]
    totals = [engine.score(engine.advance(deal, m)).seats[seat].total for m in mine]
    best = [m for m, total in zip(mine, totals, strict=True) if total == max(totals)]
    index, rng = rng.below(len(best))
    return best[index], rng


@dataclass(frozen=True)
class Budget:
    seconds: float
    playouts: int | None
    clock: str


def _searched(engine: Any, state: Any, seat: int, seed: int, budget: Budget) -> tuple[Any, int, float]:
    """The search's move, its playouts and the seconds it took by the budget's clock."""
    clock = CLOCKS[budget.clock]
    start = clock()
    if budget.playouts is not None:
        found = suggest(engine, state, seat, budget.playouts, seed)
    else:
        found = suggest(engine, state, seat, 10**9, seed, clock, budget.seconds)
    return found.move, found.playouts, clock() - start


# ---- one game --------------------------------------------------------------------------------------------


def play(line: Line, number: int, budget: Budget) -> dict[str, Any]:
    """Game ``number`` of ``line``: its result as one JSON-ready record."""
    engine = registry.get(line.game_id)
    seed = _seed(line, number)
    state = engine.new_game(engine.make_options(line.players, {}), seed)
    hero = number % line.players
    rng = Rng.seeded(seed ^ 0x5EED)
    decisions = playouts = 0
    seconds = 0.0
    moves = 0
    start = time.perf_counter()
    while True:
        legal = engine.legal_moves(state)
        if not legal:
            break
        seat = legal[0].seat
        if seat == hero and line.kind not in ("solo-random",):
            move, made, took = _searched(engine, state, seat, seed + moves, budget)
            decisions += 1
            playouts += made
            seconds += took
        elif seat == hero or line.kind != "greedy-2p":
            move, rng = random_move(engine, state, seat, rng)
        else:
            move, rng = greedy_move(engine, state, seat, rng)
        state = engine.apply(state, move)
        moves += 1
    sheet = engine.score(state)
    winners = sheet.winners
    share = 1 / len(winners) if hero in winners else 0.0
    return {
        "line": line.name,
        "number": number,
        "players": line.players,
        "seat": hero,
        "share": share,
        "winners": list(winners),
        "totals": [s.total for s in sheet.seats],
        "moves": moves,
        "decisions": decisions,
        "playouts": playouts,
        "search_seconds": round(seconds, 3),
        "game_seconds": round(time.perf_counter() - start, 3),
        "budget": {"seconds": budget.seconds, "playouts": budget.playouts, "clock": budget.clock},
    }


def _seed(line: Line, number: int) -> int:
    """A seed per line and game number, the same on every machine (not Python's salted ``hash``)."""
    text = f"{line.name}#{number}"
    value = 17
    for char in text:
        value = (value * 131 + ord(char)) % (1 << 61)
    return value


# ---- results and the table -------------------------------------------------------------------------------


def read_results(path: Path) -> list[dict[str, Any]]:
    """The results recorded so far (none when the file does not exist)."""
    if not path.exists():
        return []
    return [json.loads(row) for row in path.read_text().splitlines() if row.strip()]


def interval(shares: Sequence[float]) -> tuple[float, float, float]:
    """The mean share and its 95% confidence interval (Wilson's score interval, ties counted as their share)."""
    n = len(shares)
    if n == 0:
        return 0.0, 0.0, 0.0
    p = sum(shares) / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def table(results: Sequence[dict[str, Any]]) -> str:
    """The Markdown table of every line with results."""
    rows = [
        "| game | line | players | games | search share | 95% CI | target | met | playouts/decision | s/decision |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for line in lines():
        mine = [r for r in results if r["line"] == line.name]
        if not mine:
            continue
        p, low, high = interval([r["share"] for r in mine])
        target = line.target
        decisions = sum(r["decisions"] for r in mine) or 1
        playouts = sum(r["playouts"] for r in mine) / decisions
        seconds = sum(r["search_seconds"] for r in mine) / decisions
        met = "—" if target is None else ("yes" if low >= target[0] else "no" if high < target[0] else "not yet sure")
        rows.append(
            f"| {line.game_id} | {line.kind} | {line.players} | {len(mine)} | {p:.1%} | {low:.1%}–{high:.1%} | "
            f"{'—' if target is None else target[1]} | {met} | "
            f"{playouts:.0f} | {seconds:.2f} |"
        )
    budgets = sorted({json.dumps(r["budget"], sort_keys=True) for r in results})
    return "\n".join(rows) + "\n\nBudgets in these results: " + "; ".join(budgets) + "\n"


def write_docs(text: str, path: Path = DOCS) -> None:
    """Put ``text`` between the table markers of docs/bots.md."""
    page = path.read_text()
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    path.write_text(f"{head}{BEGIN}\n{text}{END}{tail}")


# ---- the command -----------------------------------------------------------------------------------------


def _chosen(patterns: str | None) -> list[Line]:
    every = lines()
    if not patterns:
        return every
    wanted = [p.strip() for p in patterns.split(",") if p.strip()]
    chosen = [line for line in every if any(line.name == p or line.game_id == p or line.kind == p for p in wanted)]
    if not chosen:
        raise SystemExit(f"no line matches {patterns!r}; lines: {', '.join(line.name for line in every)}")
    return chosen


def _todo(chosen: Sequence[Line], games: int, done: Sequence[dict[str, Any]]) -> Iterator[tuple[Line, int]]:
    finished = {(r["line"], r["number"]) for r in done}
    for number in range(games):  # every line's first games first, so a stopped run has a bit of every line
        for line in chosen:
            if (line.name, number) not in finished:
                yield line, number


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per line (default: 200)")
    parser.add_argument("--lines", help="comma-separated lines, games or kinds (default: every line)")
    parser.add_argument("--seconds", type=float, default=1.0, help="search time per decision (default: 1.0)")
    parser.add_argument("--playouts", type=int, help="a fixed number of playouts per decision instead of time")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="the search's clock (default: cpu)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (default: 1)")
    parser.add_argument("--results", type=Path, default=RESULTS, help=f"results file (default: {RESULTS})")
    parser.add_argument("--report", action="store_true", help="print the table from the results and stop")
    parser.add_argument("--write-docs", action="store_true", help="also write the table into docs/bots.md")
    args = parser.parse_args(argv)
    if not args.report:
        budget = Budget(args.seconds, args.playouts, args.clock)
        todo = list(_todo(_chosen(args.lines), args.games, read_results(args.results)))
        args.results.parent.mkdir(parents=True, exist_ok=True)
        print(f"{len(todo)} games to play ({args.jobs} at once)", file=sys.stderr)
        with ProcessPoolExecutor(args.jobs) as pool, args.results.open("a") as out:
            running = {pool.submit(play, line, number, budget): (line, number) for line, number in todo}
            for count, future in enumerate(as_completed(running), start=1):
                result = future.result()
                out.write(json.dumps(result) + "\n")
                out.flush()
                print(
                    f"[{count}/{len(todo)}] {result['line']} #{result['number']}: share {result['share']:.2f}"
                    f" in {result['game_seconds']:.0f} s",
                    file=sys.stderr,
                )
    text = table(read_results(args.results))
    print(text)
    if args.write_docs:
        write_docs(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
