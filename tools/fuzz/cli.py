"""The command line of ``python -m tools.fuzz``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from tools.fuzz.plan import KINDS, PORTS
from tools.fuzz.report import print_report
from tools.fuzz.run import Settings, replay, run


def _choices(allowed: tuple[str, ...]) -> Callable[[str], tuple[str, ...]]:
    def parse(text: str) -> tuple[str, ...]:
        chosen = tuple(part.strip() for part in text.split(",") if part.strip())
        unknown = [c for c in chosen if c not in allowed]
        if unknown or not chosen:
            raise argparse.ArgumentTypeError(f"choose among {', '.join(allowed)} (comma-separated)")
        return chosen

    return parse


def main(argv: list[str] | None = None) -> int:
    from tools import fuzz

    parser = argparse.ArgumentParser(
        prog="python -m tools.fuzz",
        description=(fuzz.__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--requests", type=int, default=20_000, help="requests to send")
    parser.add_argument("--seed", type=int, default=1, help="random.Random seed")
    parser.add_argument("--kinds", type=_choices(KINDS), default=",".join(KINDS), help="kinds of request")
    parser.add_argument("--ports", type=_choices(PORTS), default=",".join(PORTS), help="ports to send to")
    parser.add_argument("--games", default="", help="comma-separated games to fuzz (empty: every game)")
    parser.add_argument("--target", help="fuzz a running server at 127.0.0.1:PORT instead of starting one")
    parser.add_argument("--http-target", help="the HTTP port (127.0.0.1:PORT) of the server --target names")
    parser.add_argument("--checker", help="a running --state-memo 0 server at 127.0.0.1:PORT for comparisons")
    parser.add_argument("--source", type=Path, help="run the servers from the code of this checkout (a worktree)")
    parser.add_argument("--workers", type=int, default=1, help="--workers of the servers started")
    parser.add_argument("--threads", type=int, default=4, help="--threads of the servers started")
    parser.add_argument("--state-memo", type=int, help="--state-memo of the fuzzed server (default: its own)")
    parser.add_argument("--grace-seconds", type=float, default=2.0, help="--grace-seconds of the servers")
    parser.add_argument("--clients", type=int, default=4, help="concurrent client threads")
    parser.add_argument("--deadline", type=float, default=5.0, help="seconds allowed per call")
    parser.add_argument("--max-seconds", type=float, default=1800.0, help="hard limit of the run")
    parser.add_argument("--progress", type=int, default=1000, help="a progress line every N requests")
    parser.add_argument("--rss-every", type=float, default=1.0, help="seconds between samples of the server's RSS")
    parser.add_argument("--save", type=Path, help="write one request of each kind of failure into this directory")
    parser.add_argument("--replay", type=Path, nargs="+", help="send saved failures (from --save) again")
    args = parser.parse_args(argv)
    settings = Settings(
        requests=args.requests,
        seed=args.seed,
        target=args.target,
        http_target=args.http_target,
        checker=args.checker,
        workers=args.workers,
        threads=args.threads,
        state_memo=args.state_memo,
        grace=args.grace_seconds,
        clients=args.clients,
        deadline=args.deadline,
        max_seconds=args.max_seconds,
        progress=args.progress,
        save=args.save,
        kinds=tuple(args.kinds),
        ports=tuple(args.ports),
        source=args.source,
        rss_every=args.rss_every,
        games=tuple(g for g in args.games.split(",") if g),
    )
    if args.replay:
        return replay(args.replay, settings, sys.stdout)
    report = run(settings)
    print_report(report)
    return 0 if report.ok else 1
