"""Typed Python client for the rules-engine gRPC service (``rulesengine.v1``).

The package talks to the service only through its gRPC contract; it never imports the server
or the engines. Generated protobuf modules live in ``rulesengine.v1``.
"""

from rulesengine_client.client import (
    DEFAULT_TARGET,
    AsyncRulesEngineClient,
    RulesEngineClient,
    game_setup,
    tls_credentials,
    viewer,
)
from rulesengine_client.errors import (
    IllegalMoveError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    RuleNotImplementedError,
    RulesEngineError,
    SeatNotDecidingError,
    StateInvalidError,
    UnavailableError,
    VersionMismatchError,
    Violation,
)

__all__ = [
    "DEFAULT_TARGET",
    "AsyncRulesEngineClient",
    "IllegalMoveError",
    "InvalidArgumentError",
    "NotFoundError",
    "PermissionDeniedError",
    "RuleNotImplementedError",
    "RulesEngineClient",
    "RulesEngineError",
    "SeatNotDecidingError",
    "StateInvalidError",
    "UnavailableError",
    "VersionMismatchError",
    "Violation",
    "game_setup",
    "tls_credentials",
    "viewer",
]
