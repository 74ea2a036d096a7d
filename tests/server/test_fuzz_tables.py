"""The fuzz (``tools.fuzz``) sends every RPC of the contract, in every kind of request and on both ports.

The fuzz keeps its own tables of what to send per RPC (a valid request, the envelope changes, the
changed-state requests, the HTTP transports), written out rather than read from the service descriptor,
so an RPC added to the contract is one the fuzz does not send until someone teaches it: these tests
compare the tables, and the jobs the fuzz plans from them, with the descriptor. They also build every
change of every table for every game, on every transport, without a server.
"""

from __future__ import annotations

import itertools
import random

import pytest
from rulesengine.v1 import service_pb2

from engines import registry
from server.binding import GAME_INFO
from tools import fuzz
from tools.fuzz.build import to_request
from tools.fuzz.corpus import build_corpus, valid_request
from tools.fuzz.envelope import envelope_change
from tools.fuzz.http_form import http_change, http_families
from tools.fuzz.transport import CONTENT_TYPES, FRAMED, GRPC, port_of

SERVICE = service_pb2.DESCRIPTOR.services_by_name["RulesEngineService"]
#: Every RPC of the contract, read from the descriptor (which the fuzz itself does not use to choose).
METHODS = {method.name for method in SERVICE.methods}
STREAMING = {method.name for method in SERVICE.methods if method.client_streaming}
#: The RPCs whose request holds a GameState.
STATE_TAKING = {
    method.name
    for method in SERVICE.methods
    if any(field.message_type is service_pb2.GameState.DESCRIPTOR for field in method.input_type.fields)
}


def test_the_descriptor_is_read_right() -> None:
    assert {"ListGames", "ApplyMove", "ReplayGameStream", "RenderView"} <= METHODS
    assert {"ReplayGameStream"} == STREAMING
    assert {"LegalMoves", "RenderView"} <= STATE_TAKING and "NewGame" not in STATE_TAKING


def test_every_table_of_the_fuzz_names_every_rpc_of_the_contract() -> None:
    assert set(fuzz.VALID_REQUESTS) == METHODS
    assert set(fuzz.ENVELOPE_CHANGES) == METHODS
    assert set(fuzz.HTTP_ENCODINGS) == METHODS
    assert set(fuzz.STATE_REQUESTS) == STATE_TAKING


def test_every_rpc_has_http_transports_that_can_carry_it() -> None:
    for rpc, transports in fuzz.HTTP_ENCODINGS.items():
        assert transports and set(transports) <= set(CONTENT_TYPES), rpc
        if rpc in STREAMING:
            assert set(transports) <= FRAMED, f"{rpc} is client-streaming: only enveloped transports carry it"


def _planned(kind: str, jobs: int = 3000) -> set[tuple[str, str]]:
    """(rpc, port) of the requests the fuzz plans for ``kind`` over two games."""
    sent: set[tuple[str, str]] = set()
    for job in itertools.islice(fuzz.plan(["a", "b"], kinds=(kind,), ports=fuzz.PORTS), jobs):
        rpcs = set(fuzz.STATE_REQUESTS) if job.kind == "state" else {job.rpc}
        sent |= {(rpc, port_of(job.transport)) for rpc in rpcs}
    return sent


@pytest.mark.parametrize("kind", fuzz.KINDS)
def test_the_plan_sends_every_rpc_of_every_kind_on_both_ports(kind: str) -> None:
    rpcs = STATE_TAKING if kind == "state" else METHODS
    ports = ("http",) if kind == "http" else ("grpc", "http")
    assert _planned(kind) == {(rpc, port) for rpc in rpcs for port in ports}
    assert set(fuzz.kind_ports(kind)) == set(ports)


def test_the_report_expects_what_the_descriptor_says() -> None:
    cells = fuzz.expected_cells(["g"])
    assert {(r, k, p) for _, r, k, p in cells} == {
        (rpc, kind, port)
        for kind in fuzz.KINDS
        for rpc in (STATE_TAKING if kind == "state" else METHODS)
        for port in (("http",) if kind == "http" else ("grpc", "http"))
    }


def test_a_plan_on_one_port_stays_on_it() -> None:
    for port in fuzz.PORTS:
        jobs = itertools.islice(fuzz.plan(["a"], ports=(port,)), 500)
        assert {port_of(job.transport) for job in jobs} == {port}


@pytest.fixture(scope="module")
def corpora() -> dict[str, fuzz.corpus.Corpus]:
    rng = random.Random(4)
    return {
        game: build_corpus(registry.get(game), GAME_INFO.to_proto(registry.get(game).info), rng, per_game=2)
        for game in registry.engines()
    }


def test_every_envelope_change_builds_for_every_game_and_transport(corpora: dict[str, fuzz.corpus.Corpus]) -> None:
    """Each family of each RPC (and a few of its variants) makes a request on every transport of the RPC."""
    seen: set[tuple[str, str]] = set()
    for game, corpus in corpora.items():
        for rpc, families in fuzz.ENVELOPE_CHANGES.items():
            transports = (GRPC, *fuzz.HTTP_ENCODINGS[rpc])
            for turn in range(len(families) * 3):
                rng = random.Random(turn)
                valid = valid_request(rpc, corpus, rng)
                transport = transports[turn % len(transports)]
                built = envelope_change(rpc, corpus, corpora, valid, rng, transport, turn)
                request = to_request(built, game, rpc, "envelope", transport, 5.0)
                assert request.payload or request.rpc in STREAMING, built.how
                seen.add((rpc, built.how.split(": ", 1)[0]))
    for rpc, families in fuzz.ENVELOPE_CHANGES.items():
        assert {name for r, name in seen if r == rpc} == {f.name for f in families}, rpc


def test_every_http_change_builds_on_every_transport(corpora: dict[str, fuzz.corpus.Corpus]) -> None:
    corpus = corpora["citadels"]
    for rpc, transports in fuzz.HTTP_ENCODINGS.items():
        for transport in transports:
            families = http_families(transport, rpc)
            names: set[str] = set()
            for counter in range(len(families) * 4):
                rng = random.Random(counter)
                built = http_change(rpc, valid_request(rpc, corpus, rng), rng, transport, counter)
                request = to_request(built, "citadels", rpc, "http", transport, 5.0)
                assert request.port == "http" and request.headers, built.how
                names.add(built.how.split(": ", 1)[0])
            # The families that change a JSON value apply only where the message holds one (an enum, a number).
            by_value = {"JSON enum name", "JSON number", "JSON escape", "JSON duplicate key", "JSON wrong type"}
            every = {f.name for f in families}
            assert names <= every and every - names <= by_value, (rpc, transport, every - names)
