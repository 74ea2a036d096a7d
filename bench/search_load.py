"""Searches against play: do searches running on the server slow the calls of play?

Starts ``rules-engine serve`` with ``--search-processes`` (default 2, or the flags given after ``--``),
records seeded games of one game, and measures ApplyMove with ``--clients`` clients playing those games on
(as ``bench.server_bench`` does) for ``--seconds``: first alone, then while ``--searches`` more clients ask
SuggestMove back to back (each search ``--think-millis`` long, for the seat deciding in a state of the
recorded games). Both intervals are in the same run, side by side, so the machine's drift cancels out.

It prints ApplyMove's p50/p99 alone and under the searches, their ratio, and the searches answered and
refused, and exits 1 if the p99 under searches is over ``--max-p99-ratio`` times the p99 alone (issue 26:
1.5) or no search was answered.

Run: ``.venv/bin/python -m bench.search_load [--game citadels] [--searches 2] [-- --search-processes 2]``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import grpc
from rulesengine.v1 import service_pb2

from bench.crowd import Crowd
from bench.picture_load import apply_figures, retry_delay
from bench.server_bench import Recorded, Replayer, load, record, rules_call, rules_server
from engines.registry import engines


class SearchCrowd(Crowd):
    """``count`` clients asking SuggestMove back to back until stopped, each on its own channel."""

    def __init__(self, port: int, recorded: Recorded, count: int, millis: int) -> None:
        super().__init__(port, recorded, count)
        self.millis = millis
        self.playouts = 0

    def client(self, index: int) -> None:
        with grpc.insecure_channel(f"127.0.0.1:{self.port}") as channel:
            legal: Any = rules_call(channel, "LegalMoves")
            suggest: Any = rules_call(channel, "SuggestMove")
            turn = index
            while not self.stopping:
                state = self.states[turn % len(self.states)]
                turn += 1
                seats = legal(service_pb2.LegalMovesRequest(state=state), timeout=30).pending.seats
                if not seats:
                    continue
                request = service_pb2.SuggestMoveRequest(state=state, seat=seats[0], max_millis=self.millis, seed=turn)
                try:
                    answer = suggest(request, timeout=30)
                    self.note("answered")
                    self.playouts += answer.playouts
                except grpc.RpcError as error:
                    self.note(error.code().name)
                    self.pause(retry_delay(error))


def parse_args(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="citadels", choices=sorted(engines()))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clients", type=int, default=2, help="ApplyMove clients (%(default)s)")
    parser.add_argument("--searches", type=int, default=2, help="clients asking SuggestMove (%(default)s)")
    parser.add_argument("--think-millis", type=int, default=1000, help="each search's time (%(default)s)")
    parser.add_argument("--seconds", type=float, default=20.0, help="each measured interval (%(default)s)")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--max-p99-ratio", type=float, default=1.5)
    args, rest = parser.parse_known_args(argv)
    flags = [a for a in rest if a != "--"]
    if "--search-processes" not in flags:
        flags += ["--search-processes", str(args.searches)]
    return args, flags


def main(argv: Sequence[str] | None = None) -> int:
    args, flags = parse_args(argv)
    recorded = record(args.game, args.players, 2)
    server = rules_server(flags)
    port = server.port
    try:
        server.wait_ready()
        channels = [server.channel() for _ in range(args.clients)]
        players = [
            Replayer(
                rules_call(ch, "ApplyMove"), recorded, recorded.position(i * recorded.moves // args.clients), False
            )
            for i, ch in enumerate(channels)
        ]
        load(players, args.warmup)
        alone = apply_figures(load(players, args.seconds)[0])
        crowd = SearchCrowd(port, recorded, args.searches, args.think_millis)
        crowd.start()
        load(players, args.warmup)
        crowded = apply_figures(load(players, args.seconds)[0])
        crowd.stop()
    finally:
        server.stop()
    ratio = crowded.p99_ms / alone.p99_ms
    print(f"game {args.game}, {args.clients} ApplyMove clients, {args.searches} search clients, flags {flags}")
    for label, figures in (("alone", alone), ("under searches", crowded)):
        print(
            f"ApplyMove {label:<16} {figures.calls:>6} calls"
            f"  p50 {figures.p50_ms:7.2f} ms  p99 {figures.p99_ms:7.2f} ms"
        )
    print(f"p99 ratio                  {ratio:.2f} (at most {args.max_p99_ratio:g})")
    print(f"searches                   {dict(crowd.outcomes)}; {crowd.playouts} playouts")
    ok = ratio <= args.max_p99_ratio and crowd.outcomes["answered"] > 0
    print("OK" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
