"""gRPC-Web text mode (``application/grpc-web-text``): binary gRPC-Web in base64, both ways.

Text mode is what the official grpc-web JavaScript client sends by default (``mode: 'grpcwebtext'``).
The HTTP port's front (``server.http.HttpApplication``) hands such a request to the Connect layer as
binary gRPC-Web and turns the answer back into text with the helpers here: the request body is decoded
(``decode_body``: one base64 text, or padded base64 chunks one after the other, as the protocol allows),
its content type becomes ``application/grpc-web+<codec>`` (``binary_content_type``); the answer's whole
body, messages and trailer frame, is encoded as one base64 text and its content type becomes
``application/grpc-web-text+<codec>`` (``text_content_type``). A body that is not base64 is answered
with a trailer frame of its own (``trailer_frame``).
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse

from google.rpc import status_pb2

TEXT_TYPE = "application/grpc-web-text"
"""The content type of text mode (``+proto``, ``+json`` name the codec, as in binary gRPC-Web)."""

BINARY_TYPE = "application/grpc-web"

_WHITESPACE = re.compile(rb"\s+")
_AFTER_PADDING = re.compile(rb"(?<==)(?=[^=])")


def is_text(content_type: str) -> bool:
    """Whether a request or response of ``content_type`` is in text mode (``application/grpc-web-text``,
    maybe with a codec, ``+proto``, and parameters)."""
    lowered = content_type.strip().lower()
    return lowered.startswith(TEXT_TYPE) and lowered[len(TEXT_TYPE) : len(TEXT_TYPE) + 1] in ("", "+", ";")


def binary_content_type(content_type: str) -> str:
    """The binary gRPC-Web content type of a text-mode one (its codec and parameters kept)."""
    return BINARY_TYPE + content_type.strip()[len(TEXT_TYPE) :]


def text_content_type(content_type: str) -> str:
    """The text-mode content type of a binary gRPC-Web answer's (its codec kept); others unchanged."""
    stripped = content_type.strip()
    if not stripped.lower().startswith(BINARY_TYPE) or is_text(stripped):
        return content_type
    return TEXT_TYPE + stripped[len(BINARY_TYPE) :]


def decode_body(data: bytes) -> bytes:
    """A text-mode body's bytes: base64 (standard alphabet; line breaks ignored), in one piece or as padded
    chunks one after the other. ``ValueError`` names what is wrong with a body that is not base64."""
    compact = _WHITESPACE.sub(b"", data)
    decoded = bytearray()
    for chunk in _AFTER_PADDING.split(compact):
        if len(chunk) % 4 == 1:
            raise ValueError(f"the gRPC-Web text body is not base64 (a chunk of {len(chunk)} characters)")
        try:
            decoded += base64.b64decode(chunk + b"=" * (-len(chunk) % 4), validate=True)
        except binascii.Error as exc:
            raise ValueError(f"the gRPC-Web text body is not base64 ({exc})") from exc
    return bytes(decoded)


def encode_body(data: bytes) -> bytes:
    """An answer's body in text mode: one padded base64 text."""
    return base64.b64encode(data)


def trailer_frame(status: status_pb2.Status) -> bytes:
    """A gRPC-Web trailer frame (flag 0x80) carrying ``status``: ``grpc-status``, ``grpc-message`` (percent-encoded)
    and, when it has details, ``grpc-status-details-bin``; binary, as the Connect layer writes its own."""
    lines = [f"grpc-status: {status.code}", f"grpc-message: {urllib.parse.quote(status.message, safe='')}"]
    if status.details:
        lines.append("grpc-status-details-bin: " + base64.b64encode(status.SerializeToString()).decode().rstrip("="))
    data = "".join(f"{line}\r\n" for line in lines).encode()
    return b"\x80" + len(data).to_bytes(4, "big") + data
