"""Fuzz a running server on both its ports: random bytes, mutated requests, requests with a shared field
changed, mutated mid-game states and malformed HTTP forms sent to every RPC of every game, with every
outcome counted by status code.

Starts ``rules-engine serve`` on free ports of 127.0.0.1 (its gRPC port, and an HTTP port it picks with
``bench.server_bench.free_port`` and passes as ``--http-port``; ``--target`` and ``--http-target`` name a
server already running there instead) and a second server with ``--state-memo 0``, the checker (the memo
lets a state the server has seen skip decoding and checking; the checker decodes everything afresh).
The games come from ``ListGames``; the RPCs from the fuzz's own tables (a valid request, its envelope
changes and its HTTP transports per RPC, written out: ``tests/server/test_fuzz_tables.py`` fails when the
contract gains an RPC the tables lack). For every game, round after round, it sends five kinds:

* ``random``: random bytes as the request body of every RPC (a stream of them to ``ReplayGameStream``),
  through a raw channel so that they reach the server unparsed (on the HTTP port, mostly in envelopes);
* ``mutated``: a valid request of every RPC (a setup, a real state with a real move, viewer or seat, a
  game record; for ``SuggestMove`` mostly a seat that decides in the state, a few playouts and at most a
  few hundred milliseconds, rarely 0 or the uint32 greatest) with its bytes corrupted or one field changed
  (``tools.message_mutations``); on a JSON transport sometimes its JSON text corrupted;
* ``envelope``: a valid request of every RPC with one part every game shares changed, systematically
  (``tools.fuzz.envelope``): the game id (another game's, empty, unknown, Unicode), the state's payload
  switched to another game's real state, a state the server holds in its memo sent back under another
  game's id, no payload, the rules version (Unicode digits, empty, partial, huge), the match id, the move
  number, the signature, unknown fields, invalid UTF-8, seats and viewers at their extremes,
  RenderView's format and scale, SuggestMove's playouts, milliseconds and candidates (0, the uint32
  greatest: a search only the deadline stops) and seed, the move of another game, the setup's players,
  chance, seed and overrides, a record's labels and moves, a replay stream's shape (a header only, held open with a
  short deadline, cut short), and every integer and string of the request at its type's extremes. The
  families of an RPC are taken in turn, one per round, and the values of a family in turn too, so a run
  of F rounds (F: the RPC's families, 5 to 22) sends each family to every RPC of every game;
* ``state``: a real mid-game state with one change (the kinds of change of ``tools.message_mutations`` in turn,
  or two values exchanged between collections), sent to every RPC that takes a state; the move sent to
  ``ValidateMove`` and ``ApplyMove`` is one ``LegalMoves`` offered for the changed state (``SuggestMove``
  searches it for a seat that decided before the change, mostly);
* ``http`` (HTTP port only): a valid request with its HTTP form changed (``tools.fuzz.http_form``):
  Connect streaming and gRPC-Web envelopes (an end-of-stream frame first, truncated, reserved flag bits,
  a length beyond the body or over the limit, a compressed flag, a gzip bomb inflating past the message
  limit), Connect unary compression, the JSON text (wrong types, huge numbers, unknown enum names,
  invalid UTF-8, lone surrogates, deep nesting), headers (timeouts, content types, protocol version), and
  requests cut short (held open with a short deadline, closed mid-body). A search asks for at most 1 s here:
  a changed timeout header may tell the server no deadline.

Every kind but ``http`` goes to both ports: the gRPC port every other request, the HTTP transports of the
RPC in turn in between (Connect unary JSON and binary, Connect streaming ``+proto`` / ``+json``, gRPC-Web
``+proto`` / ``+json``). HTTP answers are read as the gRPC port's status codes: a Connect error's code, a
Connect end-of-stream frame's error, gRPC-Web's ``grpc-status`` (trailers frame or headers); an HTTP status
with no Connect error counts as its own outcome (``HTTP 413``).

Every call has a deadline. A call that times out or finds the server unavailable is sent again alone
after a restart (when the server is ours), so a request that wedges or kills the server is told from its
victims. A search (``SuggestMove``) must answer before the deadline it was told (the call's, or a
well-formed timeout header of 1 s or more): DEADLINE_EXCEEDED, from the server or the client, or an answer
later than that deadline + 0.25 s is a finding (``search past its deadline``); RESOURCE_EXHAUSTED (another
search under way: one searching process) is clean. Every state ``NewGame``, ``ApplyMove`` or
``ReplayGame(Stream)`` returns is sent back to ``LegalMoves`` on both servers: the checker must take it,
and both must answer alike. Every ``state`` and
``envelope`` request of a state-taking RPC is sent to the checker too, and the two answers compared
(status code, and the response for OK answers; a search's when both stopped at their playouts, its time
aside): a difference is a memo/fresh-decode disagreement.

The run fails (exit status 1) on any INTERNAL or UNKNOWN, an unreadable answer, an HTTP 5xx that is no
Connect error (503 aside), a hang (a deadline exceeded that the client did not cause), a search past its
deadline, a returned state the checker refuses, a memo/fresh-decode disagreement, a server that dies, or
one that does not stop within its grace period + 1 s of SIGTERM at the end. The report gives the fuzzed
server's memory per process (the server, each worker with ``--workers``, its picture and searching
processes) before, at its lowest and
highest while sampled every ``--rss-every`` seconds, and after. ``--save DIR`` keeps one request of each
kind of failure (for the HTTP port: transport, headers and body), ``--replay FILE...`` sends them again on
their port; ``--source DIR`` runs the servers from another checkout (``git worktree add``).

Run: ``.venv/bin/python -m tools.fuzz --requests 20000 --seed 1``.
"""

from __future__ import annotations

from tools.fuzz.cli import main
from tools.fuzz.contract import RPCS, STATE_RPCS, STREAMING
from tools.fuzz.corpus import VALID_REQUESTS
from tools.fuzz.envelope import ENVELOPE_CHANGES
from tools.fuzz.http_form import HTTP_CHANGES
from tools.fuzz.kinds import STATE_REQUESTS
from tools.fuzz.plan import HTTP_ENCODINGS, KINDS, PORTS, Job, expected_cells, kind_ports, kind_rpcs, plan
from tools.fuzz.report import print_report
from tools.fuzz.run import (
    DISAGREEMENT,
    REJECTED,
    SEARCH_LATE,
    SEARCHES,
    Finding,
    FuzzReport,
    Replayed,
    Settings,
    load_request,
    replay,
    replay_files,
    run,
    save_findings,
    verdict,
)
from tools.fuzz.servers import rss_kib
from tools.fuzz.transport import FAILING_CODES, Outcome, Request, failing

__all__ = [
    "DISAGREEMENT",
    "ENVELOPE_CHANGES",
    "FAILING_CODES",
    "HTTP_CHANGES",
    "HTTP_ENCODINGS",
    "KINDS",
    "PORTS",
    "REJECTED",
    "RPCS",
    "SEARCHES",
    "SEARCH_LATE",
    "STATE_REQUESTS",
    "STATE_RPCS",
    "STREAMING",
    "VALID_REQUESTS",
    "Finding",
    "FuzzReport",
    "Job",
    "Outcome",
    "Replayed",
    "Request",
    "Settings",
    "expected_cells",
    "failing",
    "kind_ports",
    "kind_rpcs",
    "load_request",
    "main",
    "plan",
    "print_report",
    "replay",
    "replay_files",
    "rss_kib",
    "run",
    "save_findings",
    "verdict",
]
