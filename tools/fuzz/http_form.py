"""The ``http`` kind: a valid request of every RPC sent to the HTTP port with its HTTP form changed, one
family at a time: the envelopes of Connect streaming and gRPC-Web (an end-of-stream frame first, a
truncated envelope, reserved flag bits, a length beyond the body or over the limit, compression flags,
a gzip bomb), the compression of a Connect unary body, the JSON text itself (wrong types, huge numbers,
unknown enum names, invalid UTF-8, lone surrogates, deep nesting, no object at all), the headers
(timeouts, content types, protocol version), and requests cut short (a body held open, a connection
closed mid-body).

``HTTP_CHANGES`` lists the families with the transports each applies to; ``http_change`` takes, for a
transport, family ``counter % F`` of the F that apply and variant ``counter // F`` of it.
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import json
import random
from collections.abc import Callable
from typing import Any

from tools import message_mutations as mutation
from tools.fuzz.build import Built
from tools.fuzz.contract import STREAMING
from tools.fuzz.corpus import Valid, within_own_time
from tools.fuzz.transport import (
    CONNECT_END,
    CONTENT_TYPES,
    FRAMED,
    GRPC_WEB_TRAILERS,
    JSON_TRANSPORTS,
    envelope,
    http_body,
    to_json,
)

#: The message limit of a server started with its defaults (``--max-message-bytes``).
MESSAGE_LIMIT = 4 * 1024 * 1024
#: A held-open request's own deadline (seconds).
SHORT_DEADLINE = 0.5


@functools.cache
def gzip_bomb() -> bytes:
    """About 8 KB of gzip that inflate to 8 MiB of zeros: twice the message limit."""
    return gzip.compress(b"\x00" * (2 * MESSAGE_LIMIT), compresslevel=9)


@dataclasses.dataclass
class Form:
    """A valid request in its HTTP form, to be changed."""

    rpc: str
    transport: str
    items: list[bytes]
    """The messages, binary."""
    texts: list[bytes]
    """The messages as the transport carries them (JSON text for a JSON transport)."""
    rng: random.Random

    @property
    def body(self) -> bytes:
        return self.frame(self.texts)

    def frame(self, texts: list[bytes]) -> bytes:
        if self.transport in FRAMED:
            return b"".join(envelope(0, t) for t in texts)
        return texts[0] if texts else b""

    @property
    def end_flag(self) -> int:
        return GRPC_WEB_TRAILERS if self.transport.startswith("grpc-web") else CONNECT_END

    @property
    def encoding_header(self) -> str:
        return "grpc-encoding" if self.transport.startswith("grpc-web") else "Connect-Content-Encoding"


Change = Callable[[Form, int], "Built | None"]


def _built(form: Form, how: str, body: bytes, headers: tuple[tuple[str, str | None], ...] = (), **extra: Any) -> Built:
    return Built(form.items, how, body=body, headers=headers, transport=form.transport, **extra)


# ---- envelopes ------------------------------------------------------------------------------------------


def _end_first(form: Form, pick: int) -> Built:
    content = (b"{}", b"", b"garbage", b'{"error": {"code": "internal"}}')[pick % 4]
    body = envelope(form.end_flag, content) + form.body
    return _built(form, f"an end-of-stream frame (flag {form.end_flag:#04x}) first, holding {content!r}", body)


def _truncated(form: Form, pick: int) -> Built:
    body = form.body
    variant = pick % 4
    if variant < 3:
        cut = body + b"\x00" * (variant + 1)  # 1 to 3 bytes of a next envelope's prefix
        return _built(form, f"a truncated envelope: {variant + 1} bytes of a 5-byte prefix after the messages", cut)
    return _built(form, "the body cut in the middle of the last message", body[: max(6, len(body) - 3)])


def _bad_flags(form: Form, pick: int) -> Built:
    flags = (0x40, 0x04, 0xFF, 0x08, 0x20, GRPC_WEB_TRAILERS if form.end_flag == CONNECT_END else CONNECT_END)
    flag = flags[pick % len(flags)]
    texts = list(form.texts) or [b""]
    at = form.rng.randrange(len(texts))
    body = b"".join(envelope(flag if i == at else 0, t) for i, t in enumerate(texts))
    return _built(form, f"flags {flag:#04x} on envelope {at} of {len(texts)}", body)


def _length_beyond(form: Form, pick: int) -> Built:
    extra = (1, 100, 2**31, 2**32 - 1 - len(form.texts[-1] if form.texts else b""))[pick % 4]
    texts = list(form.texts) or [b""]
    body = b"".join(envelope(0, t) for t in texts[:-1]) + envelope(0, texts[-1], len(texts[-1]) + extra)
    return _built(form, f"the last envelope's length {extra} beyond the body", body)


def _over_limit(form: Form, pick: int) -> Built:
    length = (MESSAGE_LIMIT + 1, 2**32 - 1, MESSAGE_LIMIT)[pick % 3]
    body = form.body + envelope(0, b"", length)
    return _built(form, f"an envelope announcing {length} bytes after the messages", body)


def _compressed_unannounced(form: Form, pick: int) -> Built:
    texts = list(form.texts) or [b""]
    body = b"".join(envelope(0x01, gzip.compress(t)) for t in texts)
    return _built(form, "compressed flag 0x01 (gzip) with no encoding header", body)


def _gzip_frames(form: Form, pick: int) -> Built:
    variant = pick % 5
    texts = list(form.texts) or [b""]
    header = ((form.encoding_header, "gzip"),)
    if variant == 0:
        body = envelope(0x01, gzip_bomb()) + b"".join(envelope(0, t) for t in texts[1:])
        return _built(form, f"a gzip bomb: {len(gzip_bomb())} bytes inflating to {2 * MESSAGE_LIMIT}", body, header)
    if variant == 1:
        body = b"".join(envelope(0x01, gzip.compress(t)) for t in texts)
        return _built(form, "every message gzip-compressed, announced (valid)", body, header)
    if variant == 2:
        body = envelope(0x01, b"not gzip at all") + b"".join(envelope(0, t) for t in texts[1:])
        return _built(form, "compressed flag with bytes that are not gzip", body, header)
    if variant == 3:
        body = envelope(0x01, gzip.compress(texts[0])[:-6]) + b"".join(envelope(0, t) for t in texts[1:])
        return _built(form, "a truncated gzip message", body, header)
    unknown = ((form.encoding_header, form.rng.choice(("br", "zstd", "snappy", "x" * 1000, ""))),)
    body = b"".join(envelope(0x01, gzip.compress(t)) for t in texts)
    return _built(form, f"compressed messages under encoding {unknown[0][1][:20]!r}", body, unknown)


def _empty_frames(form: Form, pick: int) -> Built:
    variant = pick % 3
    if variant == 0:
        return _built(form, "an empty body (no envelope)", b"")
    if variant == 1:
        return _built(form, "one empty envelope", envelope(0, b""))
    return _built(form, "the messages, then 1000 empty envelopes", form.body + envelope(0, b"") * 1000)


def _trailing(form: Form, pick: int) -> Built:
    junk = (b"junk", b"\x00", envelope(0, b"\xff\xff"), b"\x00\x00\x00\x00\x00")[pick % 4]
    return _built(form, f"trailing bytes {junk!r} after the envelopes", form.body + junk)


def _extra_message(form: Form, pick: int) -> Built:
    texts = list(form.texts)
    return _built(form, "a unary request with its message twice", form.frame(texts + texts))


# ---- unary compression ----------------------------------------------------------------------------------


def _unary_gzip(form: Form, pick: int) -> Built:
    variant = pick % 4
    if variant == 1:
        return _built(form, "Content-Encoding: gzip (valid)", gzip.compress(form.body), (("Content-Encoding", "gzip"),))
    if variant == 0:
        how = f"Content-Encoding: gzip, a bomb of {len(gzip_bomb())} bytes inflating to {2 * MESSAGE_LIMIT}"
        return _built(form, how, gzip_bomb(), (("Content-Encoding", "gzip"),))
    if variant == 2:
        return _built(
            form, "Content-Encoding: gzip, bytes that are not gzip", form.body, (("Content-Encoding", "gzip"),)
        )
    name = form.rng.choice(("br", "zstd", "deflate", "x" * 1000))
    return _built(form, f"Content-Encoding: {name[:20]}", form.body, (("Content-Encoding", name),))


# ---- the JSON text ----------------------------------------------------------------------------------------


def _json_nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every node of a parsed JSON value with the path to it (keys and indexes)."""
    found = [(path, value)]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _json_nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _json_nodes(item, (*path, index))
    return found


def _set_at(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    holder = root
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return root


def _json_change(form: Form, how: str, change: Callable[[Any], tuple[Any, str] | None]) -> Built | None:
    """The JSON text of one message changed as a parsed value (``change`` gives the new root and what it did)."""
    if not form.texts:
        return None
    at = form.rng.randrange(len(form.texts))
    root = json.loads(form.texts[at])
    done = change(root)
    if done is None:
        return None
    root, what = done
    texts = list(form.texts)
    texts[at] = json.dumps(root, ensure_ascii=False, allow_nan=True).encode()
    return _built(form, f"{how}: {what}", form.frame(texts))


def _wrong_type(form: Form, pick: int) -> Built | None:
    def change(root: Any) -> tuple[Any, str] | None:
        nodes = [(p, v) for p, v in _json_nodes(root) if p]
        if not nodes:
            return _set_at(root, (), []), "the whole message -> []"
        path, value = form.rng.choice(nodes)
        replacements: list[Any] = ["abc", 5, True, None, [], {}, 1.5, [value]]
        new = next(r for r in replacements[pick % len(replacements) :] + replacements if type(r) is not type(value))
        return _set_at(root, path, new), f"{'.'.join(map(str, path))} -> {json.dumps(new)}"

    return _json_change(form, "JSON of a wrong type", change)


HUGE_NUMBERS: tuple[Any, ...] = (
    1e400,
    -1e400,
    123456789012345678901234567890,
    -9223372036854775809,
    18446744073709551616,
    1.5,
    -0.0,
    "NaN",
    "Infinity",
    "1e3",
    "0x10",
    4294967296,
    2147483648,
)


def _huge_number(form: Form, pick: int) -> Built | None:
    value = HUGE_NUMBERS[pick % len(HUGE_NUMBERS)]

    def change(root: Any) -> tuple[Any, str] | None:
        nodes = [
            (p, v) for p, v in _json_nodes(root) if p and isinstance(v, int | float | str) and not isinstance(v, bool)
        ]
        if not nodes:
            return None
        path, _ = form.rng.choice(nodes)
        return _set_at(root, path, value), f"{'.'.join(map(str, path))} -> {value!r}"

    built = _json_change(form, "JSON number", change)
    if built is not None and isinstance(value, float) and abs(value) == float("inf"):
        # json.dumps writes Infinity; a client sending a literal too large for a double writes digits.
        literal = ("1" + "0" * 400) if value > 0 else ("-1" + "0" * 400)
        built.body = (built.body or b"").replace(b"-Infinity", literal.encode()).replace(b"Infinity", literal.encode())
    return built


def _enum_name(form: Form, pick: int) -> Built | None:
    name = ("IMAGE_FORMAT_GIF", "NOT_A_VALUE", "", "image_format_png", "CHANCE_MODE_SEEDED ", "1e1")[pick % 6]

    def change(root: Any) -> tuple[Any, str] | None:
        nodes = [(p, v) for p, v in _json_nodes(root) if p and isinstance(v, str) and v.isupper() and "_" in v]
        path: tuple[Any, ...]
        if nodes:
            path = form.rng.choice(nodes)[0]
        elif isinstance(root, dict) and form.rpc == "RenderView":
            path = ("format",)
        elif isinstance(root, dict) and isinstance(root.get("setup"), dict):
            path = ("setup", "chanceMode")
        else:
            return None
        return _set_at(root, path, name), f"{'.'.join(map(str, path))} -> {name!r}"

    return _json_change(form, "JSON enum name", change)


def _bad_utf8_json(form: Form, pick: int) -> Built | None:
    raw = (b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xfe\xff")[pick % 5]
    if not form.texts:
        return None
    at = form.rng.randrange(len(form.texts))
    text = form.texts[at]
    quotes = [i for i, c in enumerate(text) if c == ord('"')]
    where = form.rng.choice(quotes) + 1 if quotes else 0
    texts = list(form.texts)
    texts[at] = text[:where] + raw + text[where:]
    return _built(form, f"JSON with invalid UTF-8 {raw!r} at byte {where}", form.frame(texts))


def _escapes(form: Form, pick: int) -> Built | None:
    escape = ("\\ud800", "\\udfff", "\\u0000", "\\ud83d", "\\uDC00\\uD800", "\\u")[pick % 6]

    def change(root: Any) -> tuple[Any, str] | None:
        nodes = [(p, v) for p, v in _json_nodes(root) if p and isinstance(v, str)]
        if not nodes:
            return None
        path, _ = form.rng.choice(nodes)
        return _set_at(root, path, "\x00MARK\x00"), f'{".".join(map(str, path))} -> "{escape}"'

    built = _json_change(form, "JSON escape", change)
    if built is not None and built.body is not None:
        built.body = built.body.replace(b"\\u0000MARK\\u0000", escape.encode())
    return built


def _deep(form: Form, pick: int) -> Built | None:
    depth = (1000, 100_000, 5000)[pick % 3]
    if not form.texts:
        return None
    texts = list(form.texts)
    if pick % 3 == 2:
        nested = '{"x":' * depth + "1" + "}" * depth
        insert = f'"deep":{nested},'
    else:
        insert = '"deep":' + "[" * depth + "]" * depth + ","
    text = texts[0]
    texts[0] = (
        b"{" + insert.encode() + text[1:]
        if text.startswith(b"{") and text.strip() != b"{}"
        else b"{" + insert.encode()[:-1] + b"}"
    )
    return _built(form, f"JSON nested {depth} deep in an unknown field", form.frame(texts))


def _not_an_object(form: Form, pick: int) -> Built | None:
    values = (
        b"null",
        b"[]",
        b"1",
        b'"x"',
        b"",
        b"{",
        b"{}}",
        b"{}garbage",
        b"\xef\xbb\xbf{}",
        b"{'a': 1}",
        b" " * 1000,
    )
    value = values[pick % len(values)]
    texts = [value, *form.texts[1:]] if form.texts else [value]
    return _built(form, f"JSON text {value[:12]!r}", form.frame(texts))


def _duplicate_key(form: Form, pick: int) -> Built | None:
    if not form.texts or not form.texts[0].startswith(b"{") or form.texts[0].strip() == b"{}":
        return None
    root = json.loads(form.texts[0])
    key = form.rng.choice(sorted(root))
    texts = list(form.texts)
    texts[0] = b"{" + json.dumps(key).encode() + b":null," + form.texts[0][1:]
    return _built(form, f"JSON key {key!r} twice (null first)", form.frame(texts))


# ---- headers and cuts ----------------------------------------------------------------------------------------


def _timeout(form: Form, pick: int) -> Built:
    if form.transport.startswith("grpc-web"):
        value = ("0m", "-1S", "abc", "99999999H", "1", "", "1n", "100000000S")[pick % 8]
        header = "grpc-timeout"
    else:
        value = ("-1", "0", "abc", "99999999999", "1.5", "", "1", "9" * 100)[pick % 8]
        header = "Connect-Timeout-Ms"
    return _built(form, f"{header}: {value!r}", form.body, ((header, value),))


def _content_type(form: Form, pick: int) -> Built:
    ours = CONTENT_TYPES[form.transport]
    values = (
        ours + "; charset=utf-8",
        ours.upper(),
        ours + "; charset=latin-1",
        "text/plain",
        "",
        "application/grpc",
        "application/grpc-web-text",
        "application/connect+xml",
        ours + "; proto=rulesengine.v1.Nothing",
        "application/json+proto" if ours != "application/json" else "application/proto",
    )
    value = values[pick % len(values)]
    return _built(form, f"Content-Type: {value!r}", form.body, (("Content-Type", value),))


def _protocol_version(form: Form, pick: int) -> Built:
    value = ("2", "", "1, 1", "0", "x" * 1000)[pick % 5]
    return _built(form, f"Connect-Protocol-Version: {value[:20]!r}", form.body, (("Connect-Protocol-Version", value),))


def _cut(form: Form, pick: int) -> Built:
    if pick % 2 == 0:
        return _built(
            form, f"the body sent as one chunk, then nothing (a {SHORT_DEADLINE:g} s deadline)", form.body,
            cut="hold", deadline=SHORT_DEADLINE,
        )  # fmt: skip
    return _built(form, "half the body, then the connection closed (Content-Length above it)", form.body, cut="eof")


def _framed(transport: str, rpc: str) -> bool:
    return transport in FRAMED


def _json(transport: str, rpc: str) -> bool:
    return transport in JSON_TRANSPORTS


def _unary_connect(transport: str, rpc: str) -> bool:
    return transport not in FRAMED


def _connect(transport: str, rpc: str) -> bool:
    return transport.startswith("connect")


def _unary_framed(transport: str, rpc: str) -> bool:
    return transport in FRAMED and rpc not in STREAMING


def _any(transport: str, rpc: str) -> bool:
    return True


@dataclasses.dataclass(frozen=True)
class HttpFamily:
    name: str
    applies: Callable[[str, str], bool]
    change: Change


#: Every family of changes of the HTTP form, with the transports (and RPCs) it applies to.
HTTP_CHANGES: tuple[HttpFamily, ...] = (
    HttpFamily("end-stream frame first", _framed, _end_first),
    HttpFamily("gzip in envelopes", _framed, _gzip_frames),
    HttpFamily("truncated envelope", _framed, _truncated),
    HttpFamily("bad flag bits", _framed, _bad_flags),
    HttpFamily("length beyond the body", _framed, _length_beyond),
    HttpFamily("compressed flag, no encoding", _framed, _compressed_unannounced),
    HttpFamily("length over the limit", _framed, _over_limit),
    HttpFamily("empty envelopes", _framed, _empty_frames),
    HttpFamily("trailing bytes", _framed, _trailing),
    HttpFamily("extra message", _unary_framed, _extra_message),
    HttpFamily("unary compression", _unary_connect, _unary_gzip),
    HttpFamily("JSON wrong type", _json, _wrong_type),
    HttpFamily("JSON number", _json, _huge_number),
    HttpFamily("JSON enum name", _json, _enum_name),
    HttpFamily("JSON invalid UTF-8", _json, _bad_utf8_json),
    HttpFamily("JSON escape", _json, _escapes),
    HttpFamily("JSON deep nesting", _json, _deep),
    HttpFamily("JSON not an object", _json, _not_an_object),
    HttpFamily("JSON duplicate key", _json, _duplicate_key),
    HttpFamily("timeout header", _any, _timeout),
    HttpFamily("content type", _any, _content_type),
    HttpFamily("protocol version", _connect, _protocol_version),
    HttpFamily("cut short", _any, _cut),
)


def http_families(transport: str, rpc: str) -> list[HttpFamily]:
    return [family for family in HTTP_CHANGES if family.applies(transport, rpc)]


def http_change(rpc: str, valid: Valid, rng: random.Random, transport: str, counter: int) -> Built:
    """Family ``counter % F`` of the F families that apply to ``transport`` and ``rpc``, variant ``counter // F``
    (the next family that applies to this request, if that one does not). A search asks for at most
    ``corpus.UNBOUNDED_MILLIS``: a changed timeout header may tell the server no deadline at all."""
    items = [m.SerializeToString() for m in within_own_time(valid).messages]
    transport, _ = http_body(transport, rpc, items)
    texts = [to_json(rpc, i) or b"{}" for i in items] if transport in JSON_TRANSPORTS else list(items)
    form = Form(rpc, transport, items, texts, rng)
    table = http_families(transport, rpc)
    start, pick = counter % len(table), counter // len(table)
    for step in range(len(table)):
        family = table[(start + step) % len(table)]
        built = family.change(form, pick)
        if built is not None:
            built.how = f"{family.name}: {built.how}"
            return built
    raise RuntimeError(f"no change of the HTTP form applies to {rpc} on {transport}")


def corrupt_text(texts: list[bytes], rng: random.Random) -> tuple[int, bytes]:
    """One of ``texts`` (JSON) with its bytes corrupted (``message_mutations.corrupt_bytes``): (index, new text)."""
    at = rng.randrange(len(texts))
    return at, mutation.corrupt_bytes(texts[at], rng)
