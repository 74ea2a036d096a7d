"""Content (cards, boards, tiles, dice) is data: JSON files validated by msgspec schemas.

Every item carries a provenance: ``printed`` (checked against the component), ``rulebook``
(stated in the seed rulebook) or ``reconstructed`` (inferred; not yet checked). A content pack
is a directory holding files of the same names; it replaces the shipped files one by one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal, TypeVar

import msgspec

#: Environment variable naming a content directory; ``<dir>/<game_id>/`` holds a game's pack.
CONTENT_DIR_ENV = "RULES_ENGINE_CONTENT_DIR"

Provenance = Literal["printed", "rulebook", "reconstructed"]

T = TypeVar("T")


class ContentError(Exception):
    """A content file is missing, malformed, or fails its validation rules."""


def pack_dir(game_id: str) -> Path | None:
    """The content pack configured for ``game_id`` (``$RULES_ENGINE_CONTENT_DIR/<game_id>``), if any.

    Read once when a game's content module is first imported (start-up); the server's
    ``--content-dir`` flag sets the variable before any engine is loaded.
    """
    root = os.environ.get(CONTENT_DIR_ENV, "")
    if not root:
        return None
    candidate = Path(root) / game_id
    return candidate if candidate.is_dir() else None


def load(data_dir: Path, name: str, schema: type[T], pack: Path | None = None) -> T:
    """Load ``name`` from ``pack`` when the pack has it, else from ``data_dir``."""
    path = pack / name if pack is not None and (pack / name).exists() else data_dir / name
    try:
        return msgspec.json.decode(path.read_bytes(), type=schema)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise ContentError(f"{path}: {exc}") from exc
