"""Violations (an illegal move is an answer, not a failure) and the engine's exceptions."""

from __future__ import annotations

import msgspec

from engines.core.text import Text


class Violation(msgspec.Struct, frozen=True, gc=False):
    """Why a move is illegal: a stable code, a message with the numbers, the field concerned."""

    code: str
    message: str
    field: str = ""
    message_text: Text | None = None
    """The message as a ``Text`` (its id and parameters), so it can be shown in any language; ``message`` is
    its English."""


def violation(code: str, message: Text, field: str = "action") -> list[Violation]:
    """A one-violation list, the form every failed check returns (the field is ``action`` unless named): the
    message as a text and its English."""
    return [Violation(code, message.english, field, message)]


# The exceptions below are pickled with the arguments they were made of (``__reduce__``): a searching worker
# process (``server.searches``) raises them to the server, and one that pickled as its message alone could not
# be unpickled there, which breaks the process pool.


class IllegalMove(Exception):
    """Raised by ``apply`` for a move that ``validate`` rejects; carries the violations."""

    def __init__(self, violations: list[Violation]) -> None:
        super().__init__("; ".join(v.message for v in violations))
        self.violations = violations

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[list[Violation]]]:
        return type(self), (self.violations,)


class StateInvalid(Exception):
    """The state itself is malformed or inconsistent (not a move problem)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field

    def __reduce__(self) -> tuple[type[StateInvalid], tuple[str, str]]:
        return type(self), (str(self), self.field)


class NotImplementedRule(Exception):
    """A rule the engine does not implement yet; names the rule ID."""

    def __init__(self, rule_id: str, what: str) -> None:
        super().__init__(f"{rule_id}: {what} is not implemented")
        self.rule_id = rule_id
        self.what = what

    def __reduce__(self) -> tuple[type[NotImplementedRule], tuple[str, str]]:
        return type(self), (self.rule_id, self.what)


# Codes every game shares (docs/api.md "Violation codes", "Every game").
NOT_YOUR_TURN = "COMMON_NOT_YOUR_TURN"
GAME_OVER = "COMMON_GAME_OVER"
WRONG_DECISION = "COMMON_WRONG_DECISION"
NOT_A_CHOICE = "COMMON_NOT_A_CHOICE"
VIEW_NOT_PLAYABLE = "COMMON_VIEW_NOT_PLAYABLE"
