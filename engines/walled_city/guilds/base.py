"""What every guild ability shares (§5.6, §6.3): the ability interface and small state helpers.

An ability is resolved one decision at a time while ``State.activation`` holds it: ``options`` lists the
decisions open now (none left: the ability is over), ``apply`` makes one. An ability may be declared only
when a complete resolution exists (§5.6 "legal when declared"), and every decision it offers keeps one
possible, so resolution never dead-ends; ``Done`` (stop early) is offered only where the rules let the
activator choose fewer targets.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.core.text import Message, Param, Text
from engines.walled_city import moves as mv
from engines.walled_city.common import board, competitors
from engines.walled_city.names import guild
from engines.walled_city.state import Activation, Placed, State

CHANGES_NOTHING = Message("walled_city.refusal.changes_nothing", "{guild} would change nothing now.")


class Ability:
    """A guild's ability: subclasses cite their rule (§6.3 Gn) and override what differs."""

    guild = ""

    def blocker(self, s: State, seat: int) -> Text | None:
        """Why ``seat`` cannot activate this ability now, or ``None``. By default: nothing to choose."""
        if self.options(s, Activation(seat=seat, guild=self.guild)):
            return None
        return CHANGES_NOTHING(guild=name(self.guild))

    def declare(self, s: State, act: Activation) -> State:
        """The ability is declared: by default its decisions follow."""
        return replace(s, activation=act)

    def options(self, s: State, act: Activation) -> list[Any]:
        """The decisions open now; empty when the ability is over."""
        raise NotImplementedError

    def apply(self, s: State, act: Activation, a: Any) -> State:
        """Make one decision (already validated)."""
        raise NotImplementedError

    def actor(self, s: State, act: Activation) -> int:
        """Who decides next (the activator unless overridden)."""
        return act.seat

    def prompt(self, s: State, act: Activation) -> Text:
        """What the pending decision asks, for the player."""
        raise NotImplementedError


def name(guild_id: str) -> Param:
    """The guild by its name (§6.2)."""
    return guild(guild_id)


def me(act: Activation) -> str:
    """The activator as a competitor id."""
    return str(act.seat)


def step(s: State, act: Activation, **changes: Any) -> State:
    """One more decision made, with the activation's memory updated."""
    return replace(s, activation=replace(act, count=act.count + 1, **changes))


def finish(s: State) -> State:
    """The ability is resolved; the turn goes on where it was."""
    return replace(s, activation=None)


def others(s: State, act: Activation) -> tuple[str, ...]:
    """The other competitors, the 2-player neutral included (A-5)."""
    return tuple(c for c in competitors(s) if c != me(act))


def in_areas(s: State) -> list[Placed]:
    """Citizen entries in areas (towers excluded)."""
    areas = board(s).area
    return [p for p in s.citizens if p.place in areas]


def on_board(s: State) -> list[Placed]:
    """Citizen entries in areas and towers."""
    return list(s.citizens)


def with_done(act: Activation, options: list[Any], minimum: int = 1) -> list[Any]:
    """``options`` plus ``Done`` once ``minimum`` decisions were made (an optional target may be skipped);
    just ``[]`` (over) when nothing but stopping is left."""
    if not options:
        return []
    return [*options, mv.Done()] if act.count >= minimum else options
