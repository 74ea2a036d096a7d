"""Typed exceptions for the service's gRPC errors (docs/api.md "Errors").

Every failed call raises a subclass of :class:`RulesEngineError`. The service puts the reason
of a failure in ``google.rpc`` error details (``ErrorInfo`` + ``BadRequest``) carried in the
``grpc-status-details-bin`` trailer; :func:`from_rpc_error` decodes them with grpcio-status.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

#: ``ErrorInfo.reason`` of a malformed or inconsistent state.
STATE_INVALID = "STATE_INVALID"
#: The ErrorInfo reason of a SuggestMove for a seat that has no decision to make now (FAILED_PRECONDITION).
SEAT_NOT_DECIDING = "SEAT_NOT_DECIDING"
#: ``ErrorInfo.reason`` values of other malformed requests (not an illegal move).
REQUEST_REASONS = frozenset({"REQUEST_INVALID", "MOVE_INVALID", "OPTIONS_INVALID"})


@dataclass(frozen=True)
class Violation:
    """Why a move is illegal: a stable code, an English message, and the field concerned."""

    code: str
    message: str
    field: str = ""

    def __str__(self) -> str:
        where = f" [{self.field}]" if self.field else ""
        return f"{self.code}: {self.message}{where}"


@dataclass(frozen=True)
class ErrorDetails:
    """The decoded ``google.rpc`` details of a failed call."""

    reasons: tuple[str, ...] = ()
    """``ErrorInfo.reason`` of every ErrorInfo detail, in order."""
    metadata: dict[str, str] = field(default_factory=dict)
    """``ErrorInfo.metadata`` of all ErrorInfo details merged (later ones win)."""
    violations: tuple[Violation, ...] = ()
    """One per ``BadRequest.FieldViolation``; ``code`` is its ``reason``."""


class RulesEngineError(Exception):
    """A call to the rules-engine service failed.

    ``code`` is the gRPC status code, ``message`` the status message, ``details`` the decoded
    ``google.rpc`` details (empty when the server sent none).
    """

    def __init__(self, code: grpc.StatusCode, message: str, details: ErrorDetails | None = None) -> None:
        super().__init__(f"{code.name}: {message}")
        self.code = code
        self.message = message
        self.details = details or ErrorDetails()

    @property
    def violations(self) -> tuple[Violation, ...]:
        """The violations the server reported (field violations of a ``BadRequest``)."""
        return self.details.violations


class IllegalMoveError(RulesEngineError):
    """``ApplyMove`` refused an illegal move (INVALID_ARGUMENT); see :attr:`violations`."""


class StateInvalidError(RulesEngineError):
    """The state sent is malformed or inconsistent (INVALID_ARGUMENT, reason STATE_INVALID)."""


class InvalidArgumentError(RulesEngineError):
    """Another INVALID_ARGUMENT: a bad option, player count, or request field."""


class NotFoundError(RulesEngineError):
    """The game (or content pack) named is unknown (NOT_FOUND)."""


class VersionMismatchError(RulesEngineError):
    """The state was made under another major rules version (FAILED_PRECONDITION).

    The message names both versions.
    """


class SeatNotDecidingError(RulesEngineError):
    """SuggestMove was asked for a seat with no decision to make now (FAILED_PRECONDITION,
    ``SEAT_NOT_DECIDING``); the message names the seats that decide."""


class PermissionDeniedError(RulesEngineError):
    """A signature or API key is missing or wrong (PERMISSION_DENIED / UNAUTHENTICATED)."""


class RuleNotImplementedError(RulesEngineError):
    """The engine does not implement a rule the request needs yet (UNIMPLEMENTED)."""


class UnavailableError(RulesEngineError):
    """The server cannot be reached (UNAVAILABLE) or did not answer in time (DEADLINE_EXCEEDED)."""


_CODE_PREFIX = re.compile(r"^([A-Z][A-Z0-9_]*): (.*)$", re.DOTALL)


def _violation(
    index: int, item: error_details_pb2.BadRequest.FieldViolation, codes: list[str], fallback: str
) -> Violation:
    """One field violation; the code comes from ``reason``, the ``codes`` metadata, or the text."""
    code, message = item.reason, item.description
    if not code and index < len(codes):
        code = codes[index]
    if code and message.startswith(code + ": "):
        message = message[len(code) + 2 :]
    elif not code and (match := _CODE_PREFIX.match(message)):
        code, message = match.group(1), match.group(2)
    return Violation(code=code or fallback, message=message, field=item.field)


def decode_status(status: status_pb2.Status | None) -> ErrorDetails:
    """The ErrorInfo and BadRequest details packed in a ``google.rpc.Status``.

    The service names an illegal move's violation codes in ``ErrorInfo.metadata["codes"]``
    (comma-separated, in the order of the ``BadRequest`` field violations, whose descriptions
    read ``CODE: message``); a field violation's own ``reason`` wins when it is set.
    """
    if status is None:
        return ErrorDetails()
    reasons: list[str] = []
    metadata: dict[str, str] = {}
    bad_items: list[error_details_pb2.BadRequest.FieldViolation] = []
    for detail in status.details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            reasons.append(info.reason)
            metadata.update(info.metadata)
        elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            bad_items.extend(bad.field_violations)
    codes = [c for c in metadata.get("codes", "").split(",") if c]
    fallback = reasons[0] if reasons else ""
    violations = tuple(_violation(i, item, codes, fallback) for i, item in enumerate(bad_items))
    return ErrorDetails(reasons=tuple(reasons), metadata=metadata, violations=violations)


def _rich_status(error: Any) -> status_pb2.Status | None:
    try:
        return rpc_status.from_call(error)
    except (ValueError, TypeError, AttributeError):
        # A status whose code or message disagrees with the call's: keep the call's own.
        return None


def from_rpc_error(error: grpc.RpcError) -> RulesEngineError:
    """The typed exception for a failed call (sync ``grpc.RpcError`` or ``grpc.aio.AioRpcError``)."""
    call: Any = error
    code: grpc.StatusCode = call.code() if hasattr(call, "code") else grpc.StatusCode.UNKNOWN
    message: str = (call.details() if hasattr(call, "details") else None) or str(error)
    details = decode_status(_rich_status(call))
    cls: type[RulesEngineError]
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        # ApplyMove's illegal move: the ErrorInfo reason is the first violation code.
        if STATE_INVALID in details.reasons:
            cls = StateInvalidError
        elif REQUEST_REASONS.intersection(details.reasons) or not details.reasons:
            cls = InvalidArgumentError
        else:
            cls = IllegalMoveError
    elif code == grpc.StatusCode.NOT_FOUND:
        cls = NotFoundError
    elif code == grpc.StatusCode.FAILED_PRECONDITION:
        cls = SeatNotDecidingError if SEAT_NOT_DECIDING in details.reasons else VersionMismatchError
    elif code in (grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.UNAUTHENTICATED):
        cls = PermissionDeniedError
    elif code == grpc.StatusCode.UNIMPLEMENTED:
        cls = RuleNotImplementedError
    elif code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
        cls = UnavailableError
    else:
        cls = RulesEngineError
    return cls(code, message, details)
