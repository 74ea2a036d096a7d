"""What a run sends, in what order, on which port: the kinds of request, the RPCs each kind sends (from
the fuzz's own tables, written out per RPC, so that a new RPC of the contract that the fuzz has not
learnt is missing here, which ``tests/server/test_fuzz_tables.py`` and the report's "not exercised"
line both catch), the HTTP transports of each RPC, and the jobs, round after round."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

from tools.fuzz.contract import RPCS, STATE_RPCS
from tools.fuzz.corpus import VALID_REQUESTS
from tools.fuzz.envelope import ENVELOPE_CHANGES
from tools.fuzz.http_form import http_families
from tools.fuzz.kinds import EXTRA_APPLIED, STATE_REQUESTS
from tools.fuzz.transport import GRPC

#: The kinds of request.
KINDS = ("random", "mutated", "envelope", "state", "http")
#: The ports.
PORTS = ("grpc", "http")
#: Changed states per game and round (each goes to every state-taking RPC).
STATE_JOBS_PER_ROUND = 3

#: The HTTP transports of a unary RPC: Connect unary (JSON and binary), gRPC-Web (binary and JSON), and the
#: Connect streaming protocol (binary), which a client may send to a unary RPC too.
UNARY_HTTP = ("connect-json", "grpc-web+proto", "connect-proto", "connect-stream+proto", "grpc-web+json")
#: The HTTP transports of a client-streaming RPC: Connect streaming and gRPC-Web.
STREAM_HTTP = ("connect-stream+proto", "grpc-web+proto", "connect-stream+json", "grpc-web+json")

#: The HTTP transports each RPC is sent on, written out.
HTTP_ENCODINGS: dict[str, tuple[str, ...]] = {
    "ListGames": UNARY_HTTP,
    "DescribeGame": UNARY_HTTP,
    "NewGame": UNARY_HTTP,
    "LegalMoves": UNARY_HTTP,
    "ValidateMove": UNARY_HTTP,
    "ApplyMove": UNARY_HTTP,
    "Score": UNARY_HTTP,
    "ViewState": UNARY_HTTP,
    "ReplayGame": UNARY_HTTP,
    "ReplayGameStream": STREAM_HTTP,
    "RenderView": UNARY_HTTP,
    "SuggestMove": UNARY_HTTP,
}


def kind_rpcs(kind: str) -> tuple[str, ...]:
    """The RPCs ``kind`` sends: the keys of the fuzz's own table for it (never the descriptor)."""
    if kind in ("random", "mutated"):
        return tuple(VALID_REQUESTS)
    if kind == "envelope":
        return tuple(ENVELOPE_CHANGES)
    if kind == "state":
        return tuple(STATE_REQUESTS)
    if kind == "http":
        return tuple(rpc for rpc in HTTP_ENCODINGS if rpc in VALID_REQUESTS)
    raise ValueError(f"unknown kind {kind!r}")


def kind_ports(kind: str) -> tuple[str, ...]:
    """The ports ``kind`` goes to: ``http`` changes the HTTP form, so it has only that port."""
    return ("http",) if kind == "http" else PORTS


def transports(rpc: str, ports: Iterable[str]) -> tuple[str, ...]:
    """The transports of ``rpc`` on ``ports`` in the order the jobs take them: the gRPC port every other
    time, the HTTP transports in turn in between."""
    chosen = set(ports)
    http = HTTP_ENCODINGS.get(rpc, ()) if "http" in chosen else ()
    if "grpc" not in chosen:
        return http
    if not http:
        return (GRPC,)
    return tuple(t for encoding in http for t in (GRPC, encoding))


@dataclasses.dataclass(frozen=True)
class Job:
    """Work for one client thread: one request, or for ``state`` one changed state to every state-taking
    RPC in turn. ``index`` seeds its own ``random.Random``, so a job is the same whichever thread runs it
    and whenever; ``turn`` chooses its change where a kind goes through its changes in turn."""

    index: int
    game: str
    kind: str
    rpc: str
    size: int
    transport: str = GRPC
    turn: int = 0


def plan(games: list[str], kinds: Iterable[str] = KINDS, ports: Iterable[str] = PORTS) -> Iterator[Job]:
    """Rounds over every game: for each kind, each of its RPCs (``STATE_JOBS_PER_ROUND`` changed states to
    every state-taking RPC for ``state``).

    The transport of a job cycles with the round (shifted by the game, and for ``envelope`` by the pass
    through the RPC's families, so that every family meets every transport); ``turn`` is the round for
    ``envelope`` (family ``round % F``, variant ``round // F``, see below), the rounds of every game together for
    ``http`` (its changes are the same for every game), and the changed state's number for ``state``; an
    ``envelope`` job's variant is shifted by the RPC's place in the table and the game's, so the RPCs and
    games meet different values (other games, versions) of the same family in the same pass."""
    ports = tuple(p for p in ports if p in PORTS)
    kinds = tuple(kinds)
    index = 0
    round_ = 0
    while True:
        for g, game in enumerate(games):
            for kind in kinds:
                if not set(kind_ports(kind)) & set(ports):
                    continue
                if kind == "state":
                    for j in range(STATE_JOBS_PER_ROUND):
                        turn = round_ * STATE_JOBS_PER_ROUND + j
                        options = transports("LegalMoves", ports)
                        transport = options[(turn + g) % len(options)]
                        yield Job(index, game, kind, "", len(STATE_REQUESTS) + EXTRA_APPLIED, transport, turn)
                        index += 1
                    continue
                for r, rpc in enumerate(kind_rpcs(kind)):
                    if kind == "http":
                        options = HTTP_ENCODINGS[rpc]
                        counter = round_ * len(games) + g
                        transport = options[counter % len(options)]
                        turn = counter // len(options)
                    else:
                        options = transports(rpc, ports)
                        count = len(ENVELOPE_CHANGES[rpc]) if kind == "envelope" else 1
                        shift = round_ // count if count > 1 else 0
                        transport = options[(round_ + g + shift) % len(options)]
                        # Family round % F for every RPC; the variant shifted by the RPC and the game, so the RPCs
                        # and games meet different values of a family in the same pass.
                        turn = round_ + count * (r + g)
                    yield Job(index, game, kind, rpc, 1, transport, turn)
                    index += 1
        round_ += 1


def expected_cells(games: Iterable[str], kinds: Iterable[str] = KINDS, ports: Iterable[str] = PORTS) -> set[Cell]:
    """Every (game, rpc, kind, port) a long enough run exercises, from the contract's descriptor."""
    chosen = set(ports)
    cells: set[Cell] = set()
    for kind in kinds:
        rpcs = STATE_RPCS if kind == "state" else RPCS
        cells |= {(g, r, kind, p) for g in games for r in rpcs for p in kind_ports(kind) if p in chosen}
    return cells


Cell = tuple[str, str, str, str]
"""(game, rpc, kind, port)."""


def http_family_count(rpc: str) -> int:
    """How many families of HTTP form changes ``rpc`` meets over its transports (for sizing runs)."""
    return sum(len(http_families(t, rpc)) for t in HTTP_ENCODINGS.get(rpc, ()))
