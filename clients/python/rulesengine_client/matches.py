"""Rollback and branch detection for the holder of a match (tournament software, a bot backend).

The service is stateless: a signature proves that a state came from a server with the key, not that it is
the *latest* state of its match. Every state the service returns carries its ``match_id`` (chosen at
``NewGame``) and ``move_number`` (0 at ``NewGame``, one more after each ``ApplyMove``), both covered by the
signature. A backend that remembers, per match, the number and signature of the latest state it accepted
can therefore tell, before it plays a move on a state someone hands it, whether that state is the latest
one, an older one (a rollback), or a different state of the same number (a branch). ``MatchLedger`` is that
memory; docs/integrity.md shows the whole flow. Keep one ledger per deployment in your database (its
entries are two small values per match); this class keeps them in a dict, and saves and loads them as a
JSON-ready dict (``to_dict``/``from_dict``, the form :data:`LEDGER_FORM` describes) or row by row
(``latest`` maps each match id to a :class:`LatestState`).
"""

from __future__ import annotations

import base64
import binascii
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulesengine.v1 import service_pb2


class Verdict(enum.Enum):
    """What a state is to the ledger of its match."""

    #: The latest state of a known match: play on from it.
    LATEST = "latest"
    #: A state of a match the ledger has never seen (start it with ``start``).
    UNKNOWN_MATCH = "unknown_match"
    #: An older state of the match: someone is rolling the game back.
    ROLLBACK = "rollback"
    #: A state of the latest number whose content differs from the latest state: someone branched the game.
    BRANCH = "branch"
    #: A state further on than the latest the ledger accepted: moves were played behind the holder's back.
    AHEAD = "ahead"


class LedgerError(ValueError):
    """A state the ledger refuses to accept as the next state of its match; ``verdict`` says why."""

    def __init__(self, verdict: Verdict, message: str) -> None:
        super().__init__(message)
        self.verdict = verdict


@dataclass(frozen=True)
class LatestState:
    """What the ledger keeps of a match: the move number and signature of its latest accepted state."""

    move_number: int
    signature: bytes


#: The saved form of a ledger (``MatchLedger.to_dict``), made of JSON types only::
#:
#:     {"version": 1, "matches": {"<match id>": {"move_number": 12, "signature": "<base64>"}, ...}}
LEDGER_FORM_VERSION = 1
LEDGER_FORM = '{"version": 1, "matches": {"<match id>": {"move_number": <int >= 0>, "signature": "<base64>"}}}'


@dataclass
class MatchLedger:
    """The latest accepted (move number, signature) of every match, by match id."""

    latest: dict[str, LatestState] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The ledger as JSON-ready data (:data:`LEDGER_FORM`): ``json.dumps`` it to save it."""
        matches = {
            match_id: {"move_number": entry.move_number, "signature": base64.b64encode(entry.signature).decode()}
            for match_id, entry in self.latest.items()
        }
        return {"version": LEDGER_FORM_VERSION, "matches": matches}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchLedger:
        """The ledger saved by :meth:`to_dict`; ``ValueError`` naming the entry when ``data`` is not that form."""
        if not isinstance(data, Mapping) or data.get("version") != LEDGER_FORM_VERSION:
            raise ValueError(f"a saved ledger is {LEDGER_FORM}")
        matches = data.get("matches")
        if not isinstance(matches, Mapping):
            raise ValueError(f"a saved ledger's 'matches' is an object of match id to entry: {LEDGER_FORM}")
        return cls({str(match_id): _entry(match_id, entry) for match_id, entry in matches.items()})

    def check(self, state: service_pb2.GameState) -> Verdict:
        """What ``state`` is to its match: the latest state, a rollback, a branch, ahead, or an unknown match."""
        known = self.latest.get(state.match_id)
        if known is None:
            return Verdict.UNKNOWN_MATCH
        if state.move_number < known.move_number:
            return Verdict.ROLLBACK
        if state.move_number > known.move_number:
            return Verdict.AHEAD
        return Verdict.LATEST if state.signature == known.signature else Verdict.BRANCH

    def start(self, state: service_pb2.GameState) -> None:
        """Accept the first state of a new match (``NewGame``'s, move number 0)."""
        self._require_signed(state)
        if state.match_id in self.latest:
            raise LedgerError(Verdict.BRANCH, f"match {state.match_id!r} has already started")
        if state.move_number != 0:
            raise LedgerError(Verdict.AHEAD, f"a new match starts at move 0, not {state.move_number}")
        self.latest[state.match_id] = LatestState(0, state.signature)

    def advance(self, before: service_pb2.GameState, after: service_pb2.GameState) -> None:
        """Accept ``after`` (what ``ApplyMove`` returned for ``before``) as the match's latest state.

        Refused (``LedgerError``) unless ``before`` is the latest state and ``after`` is the next one of the same
        match: so of two moves applied to the same state, only the first one accepted counts.
        """
        self._require_signed(after)
        verdict = self.check(before)
        if verdict is not Verdict.LATEST:
            raise LedgerError(
                verdict, f"move {before.move_number} of match {before.match_id!r} is not the latest state"
            )
        if after.match_id != before.match_id or after.move_number != before.move_number + 1:
            raise LedgerError(
                Verdict.BRANCH,
                f"expected move {before.move_number + 1} of match {before.match_id!r}, "
                f"got move {after.move_number} of match {after.match_id!r}",
            )
        self.latest[after.match_id] = LatestState(after.move_number, after.signature)

    @staticmethod
    def _require_signed(state: service_pb2.GameState) -> None:
        if not state.signature:
            raise LedgerError(Verdict.UNKNOWN_MATCH, "the state is unsigned: run the service with a signing key")


def _entry(match_id: object, entry: object) -> LatestState:
    """One saved match of a ledger, checked."""
    where = f"saved ledger entry {match_id!r}"
    if not isinstance(entry, Mapping):
        raise ValueError(f"{where} is not an object with move_number and signature")
    number, signature = entry.get("move_number"), entry.get("signature")
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise ValueError(f"{where}: move_number must be a whole number of at least 0, not {number!r}")
    if not isinstance(signature, str):
        raise ValueError(f"{where}: signature must be a base64 string")
    try:
        raw = base64.b64decode(signature, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError(f"{where}: signature is not base64") from None
    return LatestState(number, raw)
