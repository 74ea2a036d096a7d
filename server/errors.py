"""Error semantics of the service (docs/api.md "Errors") as gRPC statuses with google.rpc details.

Every error carries an ``ErrorInfo`` (domain ``rulesengine``, a stable ``reason``) and, when a
field is to blame, a ``BadRequest`` naming it. An illegal move's reason is its first violation
code and every violation is a field violation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from engines.core.errors import IllegalMove, NotImplementedRule, StateInvalid, Violation
from engines.core.locale import Words

DOMAIN = "rulesengine"

# ErrorInfo reasons (besides violation codes, which are the reason of an illegal move).
REQUEST_INVALID = "REQUEST_INVALID"
STATE_INVALID = "STATE_INVALID"
MOVE_INVALID = "MOVE_INVALID"
OPTIONS_INVALID = "OPTIONS_INVALID"
GAME_NOT_FOUND = "GAME_NOT_FOUND"
RULES_VERSION_MISMATCH = "RULES_VERSION_MISMATCH"
SIGNATURE_MISSING = "SIGNATURE_MISSING"
SIGNATURE_INVALID = "SIGNATURE_INVALID"
SIGNING_KEY_UNKNOWN = "SIGNING_KEY_UNKNOWN"
RULE_NOT_IMPLEMENTED = "RULE_NOT_IMPLEMENTED"
DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"
SERVER_BUSY = "SERVER_BUSY"
PICTURE_TOO_LARGE = "PICTURE_TOO_LARGE"
PICTURE_WORKER_LOST = "PICTURE_WORKER_LOST"
SEARCH_WORKER_LOST = "SEARCH_WORKER_LOST"
SEAT_NOT_DECIDING = "SEAT_NOT_DECIDING"
STREAM_IDLE = "STREAM_IDLE"
STREAM_TOO_LARGE = "STREAM_TOO_LARGE"
MESSAGE_TOO_LARGE = "MESSAGE_TOO_LARGE"
INTERNAL = "INTERNAL"


MAX_TEXT = 1024
"""The longest message or field description an error carries: a message quoting what a client sent (a
card id, a list) is cut there, so the status always fits the trailers gRPC allows (8 KiB by default)."""


def clip(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` cut to ``limit`` characters, marked with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ServiceError(Exception):
    """An RPC failure: a status code, a message for the caller, and google.rpc details."""

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str,
        reason: str,
        field_violations: Sequence[tuple[str, str]] = (),
        metadata: Mapping[str, str] | None = None,
        retry_delay: float | None = None,
    ) -> None:
        """``retry_delay``: seconds after which the same call may succeed (a ``google.rpc.RetryInfo``)."""
        message = clip(message)
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.field_violations = tuple((clip(f), clip(d)) for f, d in field_violations)
        self.metadata = dict(metadata or {})
        self.retry_delay = retry_delay

    def to_status(self) -> grpc.Status:
        """The status for ``context.abort_with_status`` (details in ``grpc-status-details-bin``)."""
        details = [_pack(error_details_pb2.ErrorInfo(reason=self.reason, domain=DOMAIN, metadata=self.metadata))]
        if self.field_violations:
            bad = error_details_pb2.BadRequest(
                field_violations=[
                    error_details_pb2.BadRequest.FieldViolation(field=f, description=d)
                    for f, d in self.field_violations
                ]
            )
            details.append(_pack(bad))
        if self.retry_delay is not None:
            delay = duration_pb2.Duration()
            delay.FromNanoseconds(round(self.retry_delay * 1e9))
            details.append(_pack(error_details_pb2.RetryInfo(retry_delay=delay)))
        status = status_pb2.Status(code=self.code.value[0], message=self.message, details=details)
        return rpc_status.to_status(status)


def _pack(message: Any) -> any_pb2.Any:
    packed = any_pb2.Any()
    packed.Pack(message)
    return packed


def request_invalid(field: str, message: str) -> ServiceError:
    """A malformed request (a missing or contradictory field)."""
    return ServiceError(grpc.StatusCode.INVALID_ARGUMENT, message, REQUEST_INVALID, [(field, message)])


def state_invalid(field: str, message: str) -> ServiceError:
    """A malformed or inconsistent game state."""
    text = f"invalid state: {message}"
    return ServiceError(grpc.StatusCode.INVALID_ARGUMENT, text, STATE_INVALID, [(field, message)])


def move_invalid(field: str, message: str) -> ServiceError:
    """A move that cannot even be read (as opposed to an illegal one)."""
    text = f"malformed move: {message}"
    return ServiceError(grpc.StatusCode.INVALID_ARGUMENT, text, MOVE_INVALID, [(field, message)])


def options_invalid(field: str, message: str) -> ServiceError:
    """A setup the game refuses (player count, unknown option, bad value)."""
    text = f"invalid setup: {message}"
    return ServiceError(grpc.StatusCode.INVALID_ARGUMENT, text, OPTIONS_INVALID, [(field, message)])


def game_not_found(field: str, game_id: str, known: Sequence[str]) -> ServiceError:
    """An unknown game id."""
    message = f"unknown game {game_id!r}; known games: {', '.join(known)}"
    return ServiceError(grpc.StatusCode.NOT_FOUND, message, GAME_NOT_FOUND, [(field, message)], {"game_id": game_id})


def version_mismatch(game_id: str, theirs: str, ours: str) -> ServiceError:
    """A state or record made under another major rules version."""
    message = (
        f"{game_id} rules version {theirs} is not supported: this server implements {ours} (the major versions differ)"
    )
    metadata = {"game_id": game_id, "requested_version": theirs, "server_version": ours}
    return ServiceError(grpc.StatusCode.FAILED_PRECONDITION, message, RULES_VERSION_MISMATCH, metadata=metadata)


def illegal_move(violations: Sequence[Violation], words: Words | None = None) -> ServiceError:
    """An illegal ApplyMove: the reason is the first violation code; all are field violations, their messages
    in ``words``' language (English unless given; docs/api.md "Languages")."""
    said = [v.message if words is None or v.message_text is None else words(v.message_text) for v in violations]
    message = "illegal move: " + "; ".join(said)
    return ServiceError(
        grpc.StatusCode.INVALID_ARGUMENT,
        message,
        violations[0].code if violations else "COMMON_ILLEGAL_MOVE",
        [(v.field, f"{v.code}: {words_of}") for v, words_of in zip(violations, said, strict=True)],
        {"codes": ",".join(v.code for v in violations)},
    )


def signature_missing() -> ServiceError:
    """An unsigned state sent to a server that requires signed states."""
    message = "this server accepts only states it signed; the state has no signature"
    return ServiceError(grpc.StatusCode.PERMISSION_DENIED, message, SIGNATURE_MISSING)


def signing_key_unknown(key_id: str) -> ServiceError:
    """A state signed with a key this server does not hold: removed by a rotation, or another deployment's."""
    which = f"key {key_id!r}" if key_id else "a key without an id (the single key used before key ids)"
    message = f"the state is signed with {which}, which this server does not hold (removed, or never here)"
    return ServiceError(grpc.StatusCode.PERMISSION_DENIED, message, SIGNING_KEY_UNKNOWN, metadata={"key_id": key_id})


def signature_invalid() -> ServiceError:
    """A state whose signature does not match its content."""
    message = "the state's signature does not match its content"
    return ServiceError(grpc.StatusCode.PERMISSION_DENIED, message, SIGNATURE_INVALID)


def deadline_exceeded() -> ServiceError:
    """The caller's deadline passed while the server was still working."""
    return ServiceError(grpc.StatusCode.DEADLINE_EXCEEDED, "deadline exceeded", DEADLINE_EXCEEDED)


def busy(what: str, limit: int, retry_delay: float) -> ServiceError:
    """Too many expensive calls at once: ``limit`` of ``what`` are running or waiting already. Nothing was
    done; the same call may succeed after ``retry_delay`` seconds (RetryInfo)."""
    message = f"the server is busy: {limit} {what} are running or waiting already; try again in {retry_delay:.1f} s"
    return ServiceError(
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        message,
        SERVER_BUSY,
        metadata={"limit": str(limit)},
        retry_delay=retry_delay,
    )


def picture_too_large(width: int, height: int, scale: float, limit: int) -> ServiceError:
    """A PNG larger than the pixel budget: the largest scale that fits is named."""
    pixels = round(width * scale) * round(height * scale)
    fits = (limit / (width * height)) ** 0.5
    message = (
        f"a {width}x{height} picture at scale {scale:g} is {pixels:,} pixels; the limit is {limit:,}"
        f" (--max-picture-pixels): ask for scale {fits:.2f} or less"
    )
    return ServiceError(
        grpc.StatusCode.INVALID_ARGUMENT, message, PICTURE_TOO_LARGE, [("scale", message)], {"max_pixels": str(limit)}
    )


def picture_worker_lost() -> ServiceError:
    """The process drawing a PNG ended before answering, or could not be started (it is replaced); the call
    may be sent again."""
    message = "the process drawing the picture stopped or could not start; it is being replaced: try again"
    return ServiceError(grpc.StatusCode.UNAVAILABLE, message, PICTURE_WORKER_LOST, retry_delay=1.0)


def search_worker_lost() -> ServiceError:
    """The process searching ended before answering, or could not be started (it is replaced); the call may
    be sent again."""
    message = "the process searching for a move stopped or could not start; it is being replaced: try again"
    return ServiceError(grpc.StatusCode.UNAVAILABLE, message, SEARCH_WORKER_LOST, retry_delay=1.0)


def seat_not_deciding(seat: int, deciding: Sequence[int]) -> ServiceError:
    """A search asked for a seat that has no decision to make now (``deciding``: the seats that have)."""
    if deciding:
        who = ", ".join(str(s) for s in deciding)
        message = f"seat {seat} has no decision to make now; seat{'s' if len(deciding) > 1 else ''} {who} decide"
    else:
        message = f"seat {seat} has no decision to make now: the game is over"
    return ServiceError(
        grpc.StatusCode.FAILED_PRECONDITION, message, SEAT_NOT_DECIDING, [("seat", message)], {"seat": str(seat)}
    )


def stream_idle(seconds: float) -> ServiceError:
    """A stream that sent nothing for ``seconds``: it is ended, so it holds nothing of the server's."""
    message = f"the stream sent nothing for {seconds:g} s and was closed (--stream-idle-seconds)"
    return ServiceError(grpc.StatusCode.DEADLINE_EXCEEDED, message, STREAM_IDLE)


def stream_too_large(limit: int) -> ServiceError:
    """A stream whose messages add up to more than ``limit`` bytes (a whole record's limit)."""
    message = f"the stream's messages add up to more than {limit:,} bytes, the limit of a whole record"
    return ServiceError(grpc.StatusCode.RESOURCE_EXHAUSTED, message, STREAM_TOO_LARGE, metadata={"limit": str(limit)})


def raising(error: Exception) -> Callable[[], Any]:
    """A call that fails with ``error`` (to log and answer an error found before the call could run)."""

    def fail() -> Any:
        raise error

    return fail


def message_too_large(field: str, message: str, limit: int) -> ServiceError:
    """A request message (on the HTTP port: a body or a stream's message) larger than the message limit of
    ``limit`` bytes, as sent or once inflated."""
    return ServiceError(
        grpc.StatusCode.RESOURCE_EXHAUSTED, message, MESSAGE_TOO_LARGE, [(field, message)], {"limit": str(limit)}
    )


def internal() -> ServiceError:
    """Anything unexpected; the details are logged, never sent."""
    return ServiceError(grpc.StatusCode.INTERNAL, "internal error", INTERNAL)


def state_field(game_id: str | None, field: str) -> str:
    """The request path of a field of the engine state (``state.citadels.players``)."""
    base = f"state.{game_id}" if game_id else "state"
    return f"{base}.{field}" if field else base


def from_exception(exc: Exception, game_id: str | None) -> ServiceError | None:
    """The ServiceError for an engine exception that escaped a handler; ``None`` if unexpected.

    ``game_id`` (the game of the request, when known) makes a state field a request path.
    """
    if isinstance(exc, ServiceError):
        return exc
    if isinstance(exc, IllegalMove):
        return illegal_move(exc.violations)
    if isinstance(exc, StateInvalid):
        return state_invalid(state_field(game_id, exc.field), str(exc))
    if isinstance(exc, NotImplementedRule):
        return ServiceError(
            grpc.StatusCode.UNIMPLEMENTED, str(exc), RULE_NOT_IMPLEMENTED, metadata={"rule_id": exc.rule_id}
        )
    return None
