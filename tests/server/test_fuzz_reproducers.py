"""Every request in ``tests/server/fuzz_reproducers/`` sent again to real servers: none may fail.

Each file is a request the fuzz (``python -m tools.fuzz --save``) saved, or one built the same way, for a
finding of issue #22, and each failed against the code before its fix (commit 2442ecb), but one: a finding
of the fuzz itself on the code after it (f726e75), where a gRPC-Web deadline of 99999999 hours reached the
wait for a PNG. They are replayed
the way ``python -m tools.fuzz --replay`` does: on the port and transport they were made for (gRPC, or
the HTTP port with their content type, headers and body), after their prelude (a request that puts a
state into the memo), with a state-taking request also sent to a ``--state-memo 0`` server and the two
answers compared, and every returned state sent back to both. A file fails on INTERNAL, UNKNOWN, a hang,
an unreadable answer, a returned state refused, or a memo/fresh-decode disagreement.

| file | finding |
|---|---|
| rules-version-unicode-digits-* | a rules version with superscript digits (``¹.0.0``): ``int()`` refuses what ``isdigit()`` took |
| game-id-other-game-*, payload-of-another-game-* | a state under another game's id, after the same state was remembered under its own |
| memo-state-under-another-game-* | a state NewGame returned, sent back under another game's id (on gRPC and gRPC-Web) |
| end-stream-frame-first-*, truncated-envelope-*, reserved-flag-bits-*, length-beyond-body-*, trailing-bytes-* | malformed Connect streaming and gRPC-Web envelopes |
| length-over-limit-*, gzip-bomb-* | an envelope announcing more than the message limit; a gzip bomb in a Connect stream |
| compressed-flag-without-encoding-* | a compressed envelope with no encoding header (a unary RPC over gRPC-Web) |
| viscounts-returned-state-refused-memo-disagrees-* | a state the check takes (a queued step twice) that ApplyMove turns into one it refuses, which the memo takes back |
| huge-grpc-timeout-RenderView-png-grpc-web | ``grpc-timeout: 99999999H`` on a PNG: OverflowError waiting for the drawing process (f726e75) |
"""  # noqa: E501

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools import fuzz
from tools.fuzz.run import Fuzzer

FOLDER = Path(__file__).parent / "fuzz_reproducers"
FILES = sorted(FOLDER.glob("*.json"))


def test_the_folder_holds_reproducers_of_both_ports() -> None:
    assert len(FILES) >= 10
    requests = [fuzz.load_request(path) for path in FILES]
    assert {r.port for r in requests} == {"grpc", "http"}
    for path in FILES:
        saved = json.loads(path.read_text())
        assert saved["category"] and saved["request"]["payload"], path.name


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzer]:
    """The fuzz's servers: ``rules-engine serve`` with an HTTP port, and one with ``--state-memo 0``."""
    settings = fuzz.Settings(clients=1, deadline=10.0)
    fuzzer = Fuzzer(settings, io.StringIO(), tmp_path_factory.mktemp("fuzz-logs"))
    fuzzer.start()
    try:
        yield fuzzer
    finally:
        fuzzer.stop()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_reproducer_no_longer_fails(servers: Fuzzer, path: Path) -> None:
    request = fuzz.load_request(path)
    outcome = servers.send(request)
    problems = fuzz.verdict(request, outcome, servers.settings.deadline)
    if problems and servers.primary is not None and not servers.primary.alive():
        servers._restart_primary()  # the next file gets a live server
    assert not problems, f"{path.name}: {request.how}\n" + "\n".join(problems)
