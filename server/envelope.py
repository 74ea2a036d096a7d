"""The envelope: what every request shares whatever its game, checked once, before any game code runs.

A ``GameState`` names its game twice, in ``game_id`` and in which member of the ``state`` oneof it
holds, and carries a rules version, a match id and a move number; a ``GameRecord`` carries a rules
version and a match id. Nothing in here knows a game: these checks are the same for all of them, so a
state whose two game names disagree, a version that is not ASCII digits, or a match id no service would
have made is refused here, as INVALID_ARGUMENT naming the field, and never reaches an engine, a codec or
the state memo (whose key is then the game id and the payload alike, so a remembered state can only
come back under its own game).
"""

from __future__ import annotations

import re

from rulesengine.v1 import service_pb2

from server import errors

MAX_MATCH_ID = 128
"""The longest match id a caller may choose (a match id is echoed in every state and log line)."""

MAX_VERSION = 64
"""The longest rules version string accepted (semantic versions are short)."""

MAX_MOVE_NUMBER = 2**32 - 1
"""The largest move number (``GameState.move_number`` is a uint32): a state there has no successor."""

#: A semantic version, ASCII only (``str.isdigit`` would take "¹" or "١", which ``int`` refuses): major,
#: minor and patch of at most nine digits each, then an optional pre-release and build.
_VERSION = re.compile(r"([0-9]{1,9})\.[0-9]{1,9}\.[0-9]{1,9}(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?", re.ASCII)


def major(version: str, field: str) -> int:
    """The major number of ``version``, a rules version sent in ``field``; REQUEST_INVALID unless it is a
    semantic version written in ASCII (``1.0.0``, ``2.3.1-rc.1``)."""
    match = _VERSION.fullmatch(version) if len(version) <= MAX_VERSION else None
    if match is None:
        shown = errors.clip(repr(version), 80)
        raise errors.request_invalid(field, f"{field} must be a semantic version like 1.0.0, got {shown}")
    return int(match.group(1))


def check_version(game_id: str, ours: str, theirs: str, field: str) -> None:
    """A state or record of rules version ``theirs`` may be served by rules ``ours`` exactly when their
    major numbers agree (a minor or patch release never changes what a state means)."""
    if major(theirs, field) != major(ours, "rules_version"):
        raise errors.version_mismatch(game_id, theirs, ours)


def checked_match_id(chosen: str, field: str) -> str:
    """``chosen``, a match id sent in ``field``: at most ``MAX_MATCH_ID`` printable characters (it is
    echoed into every later state, log line and record; an empty one means "not known")."""
    if len(chosen) > MAX_MATCH_ID or not chosen.isprintable():
        raise errors.request_invalid(
            field, f"{field} must be at most {MAX_MATCH_ID} printable characters, got {len(chosen)} characters"
        )
    return chosen


def check_state(message: service_pb2.GameState, field: str = "state") -> str:
    """The game of a received state whose ``game_id`` names a game this server knows, once its envelope
    holds together: the ``state`` oneof holds that very game's payload, and the match id is one a service
    could have made."""
    held = message.WhichOneof("state")
    game_id = message.game_id
    if held is None:
        raise errors.request_invalid(field, f"{field} holds no game: set the {game_id} member of its state")
    if held != game_id:
        shown = errors.clip(repr(game_id), 80)
        raise errors.request_invalid(
            f"{field}.game_id", f"{field}.game_id is {shown} but the state holds a {held} game: they must agree"
        )
    checked_match_id(message.match_id, f"{field}.match_id")
    return game_id
