"""Content (cards, boards, tiles, dice) is data: JSON files validated by msgspec schemas.

Every item carries a provenance: ``printed`` (checked against the component), ``rulebook``
(stated in the seed rulebook) or ``reconstructed`` (inferred; not yet checked). A content pack
is a directory holding files of the same names; it replaces the shipped files one by one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, TypeVar

import msgspec

Provenance = Literal["printed", "rulebook", "reconstructed"]

T = TypeVar("T")


class ContentError(Exception):
    """A content file is missing, malformed, or fails its validation rules."""


def load(data_dir: Path, name: str, schema: type[T], pack: Path | None = None) -> T:
    """Load ``name`` from ``pack`` when the pack has it, else from ``data_dir``."""
    path = pack / name if pack is not None and (pack / name).exists() else data_dir / name
    try:
        return msgspec.json.decode(path.read_bytes(), type=schema)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise ContentError(f"{path}: {exc}") from exc
