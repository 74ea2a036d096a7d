"""A request as a kind of request builds it (``Built``: messages, or an HTTP body made by hand), and how it
becomes a ``Request`` on a transport; raw protobuf fields for changes no message can hold."""

from __future__ import annotations

import dataclasses
import zlib

from tools.fuzz.contract import STREAMING
from tools.fuzz.transport import (
    GRPC,
    Headers,
    Request,
    base_headers,
    comparable,
    http_body,
)


@dataclasses.dataclass
class Built:
    """What a kind of request made: ``items`` (binary messages, several for a stream) or, for a change of the
    HTTP form itself, ``body`` (then ``transport`` names the transport it is for) and header changes."""

    items: list[bytes]
    how: str
    cut: str = ""
    deadline: float | None = None
    prelude: tuple[tuple[str, bytes], ...] = ()
    compare: bool = False
    """Send it to the memo-off server too and compare the answers (a request of one message)."""
    body: bytes | None = None
    headers: tuple[tuple[str, str | None], ...] = ()
    """HTTP headers to set (replacing a header of the same name) or, with ``None``, to leave out."""
    transport: str | None = None


#: The languages requests ask for (``accept-language``), one chosen by each request's own description: none,
#: the supported ones, an unknown one, a list with weights, and nonsense.
LANGUAGES = ("", "hu", "de", "fr", "hu-HU,de;q=0.5", ";;q=x,,*")


def to_request(built: Built, game: str, rpc: str, kind: str, transport: str, deadline: float) -> Request:
    """``built`` as a request of ``rpc`` on ``transport`` (``deadline``: the run's, written into the HTTP
    deadline headers; a request with its own uses that). A request compared with the memo-off server asks
    for no language; any other asks for one of ``LANGUAGES``."""
    transport = built.transport or transport
    compare_items = built.compare and rpc not in STREAMING and len(built.items) == 1 and not built.cut
    language = "" if compare_items else LANGUAGES[zlib.crc32(f"{kind} {rpc} {built.how}".encode()) % len(LANGUAGES)]
    if transport == GRPC:
        return Request(
            game,
            rpc,
            kind,
            built.how,
            tuple(built.items),
            deadline=built.deadline,
            cut=built.cut,
            prelude=built.prelude,
            compare=built.items[0] if compare_items else None,
            language=language,
        )
    if built.body is None:
        transport, body = http_body(transport, rpc, built.items)
    else:
        body = built.body
    headers = _headers(base_headers(transport, built.deadline or deadline), built.headers)
    if language and not any(key.lower() == "accept-language" for key, _ in headers):
        headers = (*headers, ("Accept-Language", language))
    payload = body
    if built.cut == "hold":
        headers = _headers(headers, (("Transfer-Encoding", "chunked"),))
    elif built.cut == "eof":
        payload = body[: max(0, len(body) // 2)]
        headers = _headers(headers, (("Content-Length", str(len(body) + 1)),))
    compare = comparable(transport, rpc, body) if compare_items and built.body is None else None
    return Request(
        game,
        rpc,
        kind,
        built.how,
        (payload,),
        transport=transport,
        headers=headers,
        deadline=built.deadline,
        cut=built.cut,
        prelude=built.prelude,
        compare=compare,
    )


def _headers(base: list[tuple[str, str]] | Headers, changes: tuple[tuple[str, str | None], ...]) -> Headers:
    named = {key.lower() for key, _ in changes}
    kept = [(key, value) for key, value in base if key.lower() not in named]
    return tuple(kept + [(key, value) for key, value in changes if value is not None])


# ---- raw protobuf ---------------------------------------------------------------------------------------


def varint(value: int) -> bytes:
    """``value`` as a protobuf varint (negative numbers as their 64-bit two's complement)."""
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def varint_field(number: int, value: int) -> bytes:
    return varint(number << 3) + varint(value)


def len_field(number: int, data: bytes) -> bytes:
    """A length-delimited field: a string, bytes or a message (merged into one already there)."""
    return varint(number << 3 | 2) + varint(len(data)) + data


def fixed_field(number: int, data: bytes) -> bytes:
    """A fixed64 (8 bytes) or fixed32 (4 bytes) field."""
    return varint(number << 3 | (1 if len(data) == 8 else 5)) + data
