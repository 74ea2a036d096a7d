"""Guild activation (§5.6) and the 20 abilities (§6.3), resolved one decision at a time.

A player may activate their own guild once per round, only during their own build turn and only between
its steps (windows W0–W4, A-7): before building (W0), after building (W1), after settling (W2), after
promoting (W3, round 2) and after the last step (the turn's ``end`` step). Drapers and Bakers only at W0.
Grocers (G2) use another player's guild — its holder gains 3 votes — under that guild's own timing and
preconditions (A-27). The abilities live by theme: ``citizens``, ``spots`` (roads, walls, fences),
``markers`` (dice, tiles) and ``cards``.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.core.errors import NotImplementedRule, Violation, violation
from engines.core.table import Draw, uniform
from engines.core.text import generic_label
from engines.walled_city import moves as mv
from engines.walled_city.common import credit, set_seat
from engines.walled_city.content import CONTENT
from engines.walled_city.guilds import cards, citizens, markers, spots
from engines.walled_city.guilds.base import Ability, name
from engines.walled_city.state import Activation, State, Vote

ABILITY: dict[str, Ability] = {
    a.guild: a for a in (*citizens.ABILITIES, *spots.ABILITIES, *markers.ABILITIES, *cards.ABILITIES)
}
"""Every ability but Grocers (which copies one of these), by guild id."""

GROCERS = "grocers"
GROCERS_VOTES = 3
"""§6.3 G2: what the copied guild's holder gains."""
W0_ONLY = frozenset({"drapers", "bakers"})
"""§5.6: abilities usable only before the build step."""

DECISIONS: tuple[type, ...] = (
    mv.PickNoble,
    mv.PickPeasant,
    mv.MoveNoble,
    mv.PlaceCitizen,
    mv.PickSpot,
    mv.PickMarker,
    mv.ChanceReroll,
    mv.Cross,
    mv.BuildFence,
    mv.SplitCitizens,
    mv.MarkersTo,
    mv.GiveCard,
    mv.ReturnCard,
    mv.TakeCard,
    mv.Done,
)
"""The moves that answer an ability's decisions."""


# ---- declaring an ability --------------------------------------------------------------------------


def window_open(s: State) -> bool:
    """§5.6, A-7: the holder's own build turn, between steps (not inside the promote step), no ability running."""
    t = s.turn
    return s.phase == "build" and t is not None and s.activation is None and not (t.step == "promote" and t.promoted)


def copyable(s: State, seat: int) -> list[str]:
    """Guilds other real players hold now, used or not (§6.3 G2)."""
    return sorted({p.guild for i, p in enumerate(s.seats) if i != seat and p.guild and p.guild != GROCERS})


def _blocker(s: State, seat: int, ability: str) -> str | None:
    """Why ``seat`` cannot use ``ability`` at this moment (timing, then the ability's own preconditions)."""
    assert s.turn is not None
    if ability in W0_ONLY and s.turn.step != "place":
        return f"{name(ability)} may be used only at the start of your turn, before you build."
    if ability not in ABILITY:
        return f"{name(ability)} has no ability to copy."
    return ABILITY[ability].blocker(s, seat)


def activations(s: State) -> list[mv.ActivateGuild]:
    """The activations open now (each with a complete resolution, §5.6)."""
    if not window_open(s):
        return []
    assert s.turn is not None
    seat = s.turn.seat
    p = s.seats[seat]
    if not p.guild or p.guild_used or CONTENT.guild[p.guild].permanent:
        return []
    if p.guild == GROCERS:
        return [mv.ActivateGuild(GROCERS, g) for g in copyable(s, seat) if _blocker(s, seat, g) is None]
    return [mv.ActivateGuild(p.guild)] if _blocker(s, seat, p.guild) is None else []


def check_activate(s: State, seat: int, a: mv.ActivateGuild) -> list[Violation]:
    """§5.6, A-7: your own guild, unused this round, between the steps of your own build turn; Grocers name a
    guild another player holds (§6.3 G2); the ability must be possible now (A-27)."""
    if not window_open(s):
        return violation("WALLED_CITY_GUILD_NOT_NOW", "Guilds are used between the steps of your own build turn.")
    p = s.seats[seat]
    if a.guild != p.guild:
        held = name(p.guild) if p.guild else "no guild"
        return violation("WALLED_CITY_NOT_YOUR_GUILD", f"You hold {held}, not {name(a.guild)}.", "action.guild")
    if p.guild_used:
        return violation(
            "WALLED_CITY_GUILD_USED", f"Your {name(p.guild)} were already used this round.", "action.guild"
        )
    if CONTENT.guild[p.guild].permanent:
        raise NotImplementedRule("A-2", f"permanent guild effects ({name(p.guild)})")
    ability = a.copy if a.guild == GROCERS else a.guild
    if a.guild == GROCERS and a.copy not in copyable(s, seat):
        held = ", ".join(name(g) for g in copyable(s, seat)) or "none"
        return violation("WALLED_CITY_BAD_COPY", f"Grocers copy a guild another player holds: {held}.", "action.copy")
    if a.guild != GROCERS and a.copy:
        return violation("WALLED_CITY_BAD_COPY", "Only Grocers copy another guild; leave copy empty.", "action.copy")
    reason = _blocker(s, seat, ability)
    return violation("WALLED_CITY_GUILD_BLOCKED", reason) if reason else []


def apply_activate(s: State, seat: int, a: mv.ActivateGuild) -> State:
    """§5.6: the card is turned (used); Grocers pay the copied guild's holder (§6.3 G2); the ability begins."""
    s = set_seat(s, seat, guild_used=True)
    ability = a.guild
    if a.guild == GROCERS:
        ability = a.copy
        holder = next(i for i, p in enumerate(s.seats) if p.guild == a.copy)
        detail = f"Seat {seat} used the Grocers to copy the {name(a.copy)}"
        s = credit(s, [Vote(str(holder), f"round {s.round} guild grocers", GROCERS_VOTES, detail)])
    act = Activation(seat=seat, guild=ability, via=GROCERS if a.guild == GROCERS else "")
    return ABILITY[ability].declare(s, act)


# ---- resolving it ---------------------------------------------------------------------------------


def _running(s: State) -> tuple[Ability, Activation]:
    assert s.activation is not None
    return ABILITY[s.activation.guild], s.activation


def actor(s: State) -> int:
    ability, act = _running(s)
    return ability.actor(s, act)


def options(s: State) -> list[Any]:
    ability, act = _running(s)
    return ability.options(s, act)


def prompt(s: State) -> str:
    ability, act = _running(s)
    return ability.prompt(s, act)


def check(s: State, a: Any) -> list[Violation]:
    if a in options(s):
        return []
    chosen = _describe(a)
    message = f"{chosen[:1].upper()}{chosen[1:]} is not one of the choices open now. {prompt(s)}."
    return violation("WALLED_CITY_BAD_GUILD_CHOICE", message)


def apply(s: State, a: Any) -> State:
    ability, act = _running(s)
    if isinstance(a, mv.Done):
        return replace(s, activation=None)
    return ability.apply(s, act, a)


def reroll_draw(s: State) -> Draw:
    """§6.3 G8: the engine's own re-roll for the Haberdashers (uniform over the die's faces or the tile's
    sides, the options open while the marker is rolling)."""
    return uniform(options(s))


def _describe(a: Any) -> str:
    """The choice in words made from its fields ("pick noble (area O6, who 2)")."""
    return generic_label(0, a, several_seats=False).label.english
