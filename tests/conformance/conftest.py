"""Known engine bugs the conformance suite finds, while their fixes are under way.

KNOWN_BUGS: every entry is a bug the suite found and reduced to a reproduction (see the report of
the change that added it). A finding that matches an entry does not fail the suite; remove the
entry when its fix lands (the suite then guards against the bug coming back).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tests.conformance.support import Finding


@dataclass(frozen=True)
class KnownBug:
    """A finding pattern: the game, the start of the call's name (``apply`` matches ``apply of listed
    Move(...)``), and regular expressions over the problem text and the mutation path."""

    game_id: str
    call: str
    problem: str
    mutation: str = ""
    note: str = ""

    def matches(self, finding: Finding) -> bool:
        return (
            finding.game_id == self.game_id
            and finding.call.startswith(self.call)
            and re.search(self.problem, finding.problem) is not None
            and re.search(self.mutation, finding.mutation) is not None
        )


#: Empty: every bug the suite found while it was written has been fixed (see the report of the
#: change that added the suite). Add an entry only with a reproduction and a note, and remove it
#: when the fix lands.
KNOWN_BUGS: list[KnownBug] = []


def unknown(findings: Iterable[Finding]) -> list[Finding]:
    """The findings no ``KNOWN_BUGS`` entry explains."""
    return [f for f in findings if not any(bug.matches(f) for bug in KNOWN_BUGS)]
