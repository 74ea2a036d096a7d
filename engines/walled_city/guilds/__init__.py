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
from engines.core.text import LIST_COMMA, Message, Text, listing
from engines.core.text import seat as seat_word
from engines.walled_city import moves as mv
from engines.walled_city.common import credit, set_seat
from engines.walled_city.content import CONTENT
from engines.walled_city.described import describe
from engines.walled_city.guilds import cards, citizens, markers, spots
from engines.walled_city.guilds.base import Ability, name
from engines.walled_city.state import Activation, State, vote_line

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


ONLY_AT_START = Message(
    "walled_city.refusal.only_at_start", "{guild} may be used only at the start of your turn, before you build."
)
NOTHING_TO_COPY = Message("walled_city.refusal.nothing_to_copy", "{guild} has no ability to copy.")
NOT_NOW = Message("walled_city.refusal.guild_not_now", "Guilds are used between the steps of your own build turn.")
NOT_YOUR_GUILD = Message("walled_city.refusal.not_your_guild", "You hold {held}, not {guild}.")
NO_GUILD = Message("walled_city.no_guild", "no guild")
ALREADY_USED = Message("walled_city.refusal.guild_used", "Your {guild} were already used this round.")
COPY_HELD = Message("walled_city.refusal.copy_held", "{guild} copy a guild another player holds: {held}.")
ONLY_GROCERS_COPY = Message(
    "walled_city.refusal.only_grocers_copy", "Only {guild} copy another guild; leave copy empty."
)
GROCERS_DETAIL = Message("walled_city.score.grocers_detail", "{seat} used the {guild} to copy the {copy}")
BAD_CHOICE = Message("walled_city.refusal.bad_guild_choice", "{chosen} is not one of the choices open now. {prompt}.")


def _blocker(s: State, seat: int, ability: str) -> Text | None:
    """Why ``seat`` cannot use ``ability`` at this moment (timing, then the ability's own preconditions)."""
    assert s.turn is not None
    if ability in W0_ONLY and s.turn.step != "place":
        return ONLY_AT_START(guild=name(ability))
    if ability not in ABILITY:
        return NOTHING_TO_COPY(guild=name(ability))
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
        return violation("WALLED_CITY_GUILD_NOT_NOW", NOT_NOW())
    p = s.seats[seat]
    if a.guild != p.guild:
        held = name(p.guild) if p.guild else NO_GUILD()
        return violation("WALLED_CITY_NOT_YOUR_GUILD", NOT_YOUR_GUILD(held=held, guild=name(a.guild)), "action.guild")
    if p.guild_used:
        return violation("WALLED_CITY_GUILD_USED", ALREADY_USED(guild=name(p.guild)), "action.guild")
    if CONTENT.guild[p.guild].permanent:
        raise NotImplementedRule("A-2", f"permanent guild effects ({name(p.guild)})")
    ability = a.copy if a.guild == GROCERS else a.guild
    if a.guild == GROCERS and a.copy not in copyable(s, seat):
        held = listing([name(g) for g in copyable(s, seat)], joined=LIST_COMMA)
        return violation("WALLED_CITY_BAD_COPY", COPY_HELD(guild=name(GROCERS), held=held), "action.copy")
    if a.guild != GROCERS and a.copy:
        return violation("WALLED_CITY_BAD_COPY", ONLY_GROCERS_COPY(guild=name(GROCERS)), "action.copy")
    reason = _blocker(s, seat, ability)
    return violation("WALLED_CITY_GUILD_BLOCKED", reason) if reason else []


def apply_activate(s: State, seat: int, a: mv.ActivateGuild) -> State:
    """§5.6: the card is turned (used); Grocers pay the copied guild's holder (§6.3 G2); the ability begins."""
    s = set_seat(s, seat, guild_used=True)
    ability = a.guild
    if a.guild == GROCERS:
        ability = a.copy
        holder = next(i for i, p in enumerate(s.seats) if p.guild == a.copy)
        detail = GROCERS_DETAIL(seat=seat_word(seat), guild=name(GROCERS), copy=name(a.copy))
        s = credit(s, [vote_line(str(holder), f"round {s.round} guild grocers", GROCERS_VOTES, detail)])
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


def prompt(s: State) -> Text:
    ability, act = _running(s)
    return ability.prompt(s, act)


def check(s: State, a: Any) -> list[Violation]:
    if a in options(s):
        return []
    return violation("WALLED_CITY_BAD_GUILD_CHOICE", BAD_CHOICE(chosen=describe(a, start=True), prompt=prompt(s)))


def apply(s: State, a: Any) -> State:
    ability, act = _running(s)
    if isinstance(a, mv.Done):
        return replace(s, activation=None)
    return ability.apply(s, act, a)


def reroll_draw(s: State) -> Draw:
    """§6.3 G8: the engine's own re-roll for the Haberdashers (uniform over the die's faces or the tile's
    sides, the options open while the marker is rolling)."""
    return uniform(options(s))
