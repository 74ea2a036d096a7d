"""Guilds that move, swap or remove citizens (§6.3 G1, G4, G7, G9–G11, G14–G17, G19).

Citizens are counts per competitor and place (§5.10), so a decision names a competitor and a place,
never a piece. The 2-player neutral is a valid "other player" everywhere (A-5).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from msgspec.structs import replace

from engines.core.text import Message, Text, listing
from engines.walled_city import moves as mv
from engines.walled_city.board import BOARDS
from engines.walled_city.common import board, competitors, credit, move_citizens, reserve, set_seat, to_box
from engines.walled_city.fences import Fence, fenced
from engines.walled_city.guilds.base import Ability, finish, in_areas, me, name, on_board, others, step, with_done
from engines.walled_city.names import CITIZEN_KINDS
from engines.walled_city.state import Activation, Placed, State, vote_line
from engines.walled_city.words import who_name

NEED_IN_RESERVE = Message("walled_city.refusal.swap_reserve", "{guild} need a {kind} in your reserve; you have none.")
NONE_ON_BOARD = Message("walled_city.refusal.swap_board", "{guild}: no other player has a {kind} on the board.")
SWAP_PROMPT = Message(
    "walled_city.prompt.swap", "Pick another player's {kind} to replace with one of yours, or stop ({guild})"
)
FISHMONGERS_BLOCKED = Message(
    "walled_city.refusal.fishmongers", "{guild} need a noble in an area whose owner has {n} peasants in reserve."
)
FISHMONGERS_PROMPT = Message(
    "walled_city.prompt.fishmongers", "Pick a noble in an area to trade for {n} of its owner's peasants ({guild})"
)
MERCHANT_TAYLORS_BLOCKED = Message(
    "walled_city.refusal.merchant_taylors", "{guild}: no opponent has a peasant on the board."
)
MERCHANT_TAYLORS_PROMPT = Message(
    "walled_city.prompt.merchant_taylors", "Pick an opponent's peasant to send back to its owner's reserve ({guild})"
)
SALTERS_BLOCKED = Message(
    "walled_city.refusal.salters", "{guild} need a noble or a peasant in your reserve; you have neither."
)
SALTERS_OTHER_PROMPT = Message(
    "walled_city.prompt.salters_other", "Place the other citizen from your reserve into an area, or stop ({guild})"
)
SALTERS_PROMPT = Message(
    "walled_city.prompt.salters", "Place a noble or a peasant from your reserve into an area ({guild})"
)
IRONMONGERS_BLOCKED = Message(
    "walled_city.refusal.ironmongers", "{guild} need a noble in an area for every player; {who} has none."
)
IRONMONGERS_BLOCKED_SEVERAL = Message(
    "walled_city.refusal.ironmongers_several", "{guild} need a noble in an area for every player; {who} have none."
)
IRONMONGERS_PROMPT = Message(
    "walled_city.prompt.ironmongers", "Move one of {who}'s nobles from an area into a tower ({guild})"
)
A_PLAYER = Message("walled_city.who.a_player", "a player")
VINTNERS_BLOCKED = Message(
    "walled_city.refusal.vintners", "{guild} need a player with 3 peasants on the board and 3 nobles in reserve."
)
VINTNERS_PROMPT = Message(
    "walled_city.prompt.vintners", "Pick {who}'s peasant to turn into a noble ({guild}, {n} to go)"
)
VINTNERS_ANY_PROMPT = Message(
    "walled_city.prompt.vintners_any", "Pick a player's peasant to turn into a noble ({guild}, {n} to go)"
)
BAKERS_BLOCKED = Message(
    "walled_city.refusal.bakers", "{guild} need {need} of your nobles on the board; you have {have}."
)
BAKERS_DETAIL = Message("walled_city.score.bakers", "a turn skipped and {n} of their nobles sent to the box")
BAKERS_PROMPT = Message("walled_city.prompt.bakers", "Pick one of your nobles to send to the box ({guild}, {n} to go)")
BARBERS_BLOCKED = Message("walled_city.refusal.barbers", "{guild} need {need} nobles on the board; {total} are.")
BARBERS_PROMPT = Message("walled_city.prompt.barbers", "Pick a noble to send to the box ({guild}, {n} to go)")
SADDLERS_PROMPT = Message(
    "walled_city.prompt.saddlers", "Move up to 3 peasants or up to 2 nobles across one path each, or stop ({guild})"
)
ARMOURERS_BLOCKED = Message("walled_city.refusal.armourers", "{guild} need a noble in your reserve; you have none.")
ARMOURERS_PROMPT = Message("walled_city.prompt.armourers", "Place a noble from your reserve into a tower ({guild})")

BAKERS_VOTES = 13
"""§6.3 G14: the Bakers' votes."""
BAKERS_NOBLES = 3
FISHMONGERS_PEASANTS = 4
VINTNERS_PEASANTS = 3
BARBERS_NOBLES = 2
ARMOURERS_NOBLES = 2
SADDLERS_LIMIT = {"peasant": 3, "noble": 2}
"""§6.3 G16 with A-13: 1–3 peasants or 1–2 nobles."""


class Swap(Ability):
    """§6.3 G1 Mercers (nobles) / G17 Painter-Stainers (peasants): from any subset (≥ 1) of the other
    players one citizen each anywhere on the board goes home, and one of the activator's from reserve takes
    its exact place; as many as the activator's reserve allows (A-13, A-20)."""

    def __init__(self, guild: str, kind: str) -> None:
        self.guild, self.kind = guild, kind

    def _reserve(self, s: State, act: Activation) -> int:
        peasants, nobles = reserve(s, me(act))
        return nobles if self.kind == "noble" else peasants

    def blocker(self, s: State, seat: int) -> Text | None:
        act = Activation(seat=seat, guild=self.guild)
        if not self._reserve(s, act):
            return NEED_IN_RESERVE(guild=name(self.guild), kind=CITIZEN_KINDS[self.kind])
        if not self.options(s, act):
            return NONE_ON_BOARD(guild=name(self.guild), kind=CITIZEN_KINDS[self.kind])
        return None

    def options(self, s: State, act: Activation) -> list[Any]:
        if not self._reserve(s, act):
            return []
        eligible = set(others(s, act)) - set(act.chosen)
        targets = [p for p in on_board(s) if p.who in eligible]
        if self.kind == "noble":
            found: list[Any] = [mv.PickNoble(p.who, p.place) for p in targets if p.nobles]
        else:
            found = [mv.PickPeasant(p.who, p.place) for p in targets if p.peasants]
        return with_done(act, found)

    def apply(self, s: State, act: Activation, a: mv.PickNoble | mv.PickPeasant) -> State:
        place = a.place if isinstance(a, mv.PickNoble) else a.area
        n = (0, 1) if self.kind == "noble" else (1, 0)
        s = move_citizens(s, a.who, place, "reserve", *n)
        s = move_citizens(s, me(act), "reserve", place, *n)
        return step(s, act, chosen=(*act.chosen, a.who))

    def prompt(self, s: State, act: Activation) -> Text:
        return SWAP_PROMPT(kind=CITIZEN_KINDS[self.kind], guild=name(self.guild))


class Fishmongers(Ability):
    """§6.3 G4: a noble in an area (any colour) goes to its owner's reserve, and 4 of that owner's peasants
    from reserve take its area."""

    guild = "fishmongers"

    def options(self, s: State, act: Activation) -> list[Any]:
        if act.count:
            return []
        return [
            mv.PickNoble(p.who, p.place)
            for p in in_areas(s)
            if p.nobles and reserve(s, p.who)[0] >= FISHMONGERS_PEASANTS
        ]

    def blocker(self, s: State, seat: int) -> Text | None:
        if self.options(s, Activation(seat=seat, guild=self.guild)):
            return None
        return FISHMONGERS_BLOCKED(guild=name(self.guild), n=FISHMONGERS_PEASANTS)

    def apply(self, s: State, act: Activation, a: mv.PickNoble) -> State:
        s = move_citizens(s, a.who, a.place, "reserve", 0, 1)
        s = move_citizens(s, a.who, "reserve", a.place, FISHMONGERS_PEASANTS, 0)
        return finish(s)

    def prompt(self, s: State, act: Activation) -> Text:
        return FISHMONGERS_PROMPT(n=FISHMONGERS_PEASANTS, guild=name(self.guild))


class MerchantTaylors(Ability):
    """§6.3 G7: one opponent's peasant on the board returns to its owner's reserve."""

    guild = "merchant_taylors"

    def options(self, s: State, act: Activation) -> list[Any]:
        if act.count:
            return []
        return [mv.PickPeasant(p.who, p.place) for p in in_areas(s) if p.peasants and p.who != me(act)]

    def blocker(self, s: State, seat: int) -> Text | None:
        if self.options(s, Activation(seat=seat, guild=self.guild)):
            return None
        return MERCHANT_TAYLORS_BLOCKED(guild=name(self.guild))

    def apply(self, s: State, act: Activation, a: mv.PickPeasant) -> State:
        return finish(move_citizens(s, a.who, a.area, "reserve", 1, 0))

    def prompt(self, s: State, act: Activation) -> Text:
        return MERCHANT_TAYLORS_PROMPT(guild=name(self.guild))


class Salters(Ability):
    """§6.3 G9: 1 own noble and/or 1 own peasant from reserve into areas (same or different); a half
    activation is allowed [R]."""

    guild = "salters"

    def options(self, s: State, act: Activation) -> list[Any]:
        peasants, nobles = reserve(s, me(act))
        kinds = [k for k, n in (("noble", nobles), ("peasant", peasants)) if n and k not in act.chosen]
        return with_done(act, [mv.PlaceCitizen(k, area) for k in kinds for area in board(s).area_ids])

    def blocker(self, s: State, seat: int) -> Text | None:
        if self.options(s, Activation(seat=seat, guild=self.guild)):
            return None
        return SALTERS_BLOCKED(guild=name(self.guild))

    def apply(self, s: State, act: Activation, a: mv.PlaceCitizen) -> State:
        n = (0, 1) if a.kind == "noble" else (1, 0)
        return step(move_citizens(s, me(act), "reserve", a.place, *n), act, chosen=(*act.chosen, a.kind))

    def prompt(self, s: State, act: Activation) -> Text:
        return (SALTERS_OTHER_PROMPT if act.count else SALTERS_PROMPT)(guild=name(self.guild))


class Ironmongers(Ability):
    """§6.3 G10: for every competitor (the activator and the neutral included) one of their nobles in an
    area moves into a tower; only if every one of them has a noble in an area [R] (A-21: never watchmen).
    The competitors are taken in seat order, the neutral last."""

    guild = "ironmongers"

    def blocker(self, s: State, seat: int) -> Text | None:
        with_nobles = {p.who for p in in_areas(s) if p.nobles}
        missing = [c for c in competitors(s) if c not in with_nobles]
        if missing:
            nobody = listing([who_name(c) for c in missing])
            blocked = IRONMONGERS_BLOCKED if len(missing) == 1 else IRONMONGERS_BLOCKED_SEVERAL
            return blocked(guild=name(self.guild), who=nobody)
        return None

    def options(self, s: State, act: Activation) -> list[Any]:
        left = [c for c in competitors(s) if c not in act.chosen]
        if not left:
            return []
        towers = [t.id for t in board(s).towers]
        return [mv.MoveNoble(p.who, p.place, t) for p in in_areas(s) if p.who == left[0] and p.nobles for t in towers]

    def apply(self, s: State, act: Activation, a: mv.MoveNoble) -> State:
        s = move_citizens(s, a.who, a.area, a.tower, 0, 1)
        return step(s, act, chosen=(*act.chosen, a.who))

    def prompt(self, s: State, act: Activation) -> Text:
        left = [c for c in competitors(s) if c not in act.chosen]
        whose = who_name(left[0]) if left else A_PLAYER()
        return IRONMONGERS_PROMPT(who=whose, guild=name(self.guild))


class Vintners(Ability):
    """§6.3 G11: a player Q (yourself or the neutral allowed, A-22) with ≥ 3 peasants on the board and
    ≥ 3 nobles in reserve: 3 of Q's peasants go home, each replaced by one of Q's nobles."""

    guild = "vintners"

    def _eligible(self, s: State, who: str) -> bool:
        on = sum(p.peasants for p in in_areas(s) if p.who == who)
        return on >= VINTNERS_PEASANTS and reserve(s, who)[1] >= VINTNERS_PEASANTS

    def options(self, s: State, act: Activation) -> list[Any]:
        if act.count >= VINTNERS_PEASANTS:
            return []
        who = act.chosen or tuple(c for c in competitors(s) if self._eligible(s, c))
        return [mv.PickPeasant(p.who, p.place) for p in in_areas(s) if p.who in who and p.peasants]

    def blocker(self, s: State, seat: int) -> Text | None:
        if any(self._eligible(s, c) for c in competitors(s)):
            return None
        return VINTNERS_BLOCKED(guild=name(self.guild))

    def apply(self, s: State, act: Activation, a: mv.PickPeasant) -> State:
        s = move_citizens(move_citizens(s, a.who, a.area, "reserve", 1, 0), a.who, "reserve", a.area, 0, 1)
        return step(s, act, chosen=(a.who,))

    def prompt(self, s: State, act: Activation) -> Text:
        left = VINTNERS_PEASANTS - act.count
        if act.chosen:
            return VINTNERS_PROMPT(who=who_name(act.chosen[0]), guild=name(self.guild), n=left)
        return VINTNERS_ANY_PROMPT(guild=name(self.guild), n=left)


class Bakers(Ability):
    """§6.3 G14: at the start of your turn (W0), 3 of your nobles on the board go to the box; the turn is
    skipped (no steps, no card), its road or wall goes to the box, and you gain 13 votes (A-12)."""

    guild = "bakers"

    def blocker(self, s: State, seat: int) -> Text | None:
        mine = sum(p.nobles for p in on_board(s) if p.who == str(seat))
        if mine < BAKERS_NOBLES:
            return BAKERS_BLOCKED(guild=name(self.guild), need=BAKERS_NOBLES, have=mine)
        return None

    def options(self, s: State, act: Activation) -> list[Any]:
        return [mv.PickNoble(p.who, p.place) for p in on_board(s) if p.who == me(act) and p.nobles]

    def apply(self, s: State, act: Activation, a: mv.PickNoble) -> State:
        s = to_box(s, a.who, a.place, 1)
        if act.count + 1 < BAKERS_NOBLES:
            return step(s, act)
        p = s.seats[act.seat]
        s = set_seat(s, act.seat, roads=p.roads - 1) if s.round == 1 else set_seat(s, act.seat, walls=p.walls - 1)
        detail = BAKERS_DETAIL(n=BAKERS_NOBLES)
        s = credit(s, [vote_line(me(act), f"round {s.round} guild bakers", BAKERS_VOTES, detail)])
        return replace(finish(s), turn=None)

    def prompt(self, s: State, act: Activation) -> Text:
        return BAKERS_PROMPT(guild=name(self.guild), n=BAKERS_NOBLES - act.count)


class Barbers(Ability):
    """§6.3 G15: any two nobles on the board (any colours, areas or towers) go to the box (A-13)."""

    guild = "barbers"

    def blocker(self, s: State, seat: int) -> Text | None:
        total = sum(p.nobles for p in on_board(s))
        return (
            None
            if total >= BARBERS_NOBLES
            else BARBERS_BLOCKED(guild=name(self.guild), need=BARBERS_NOBLES, total=total)
        )

    def options(self, s: State, act: Activation) -> list[Any]:
        if act.count >= BARBERS_NOBLES:
            return []
        return [mv.PickNoble(p.who, p.place) for p in on_board(s) if p.nobles]

    def apply(self, s: State, act: Activation, a: mv.PickNoble) -> State:
        return step(to_box(s, a.who, a.place, 1), act)

    def prompt(self, s: State, act: Activation) -> Text:
        return BARBERS_PROMPT(guild=name(self.guild), n=BARBERS_NOBLES - act.count)


class Saddlers(Ability):
    """§6.3 G16: 1–3 peasants or 1–2 nobles in areas (any colours) each cross one path of their area into
    the area on its far side (a T-path crossed from its single side: either area, §5.8). Fences may be
    crossed (A-11, option ``saddlers_cross_fence``). A citizen moved once may not move again."""

    guild = "saddlers"

    def options(self, s: State, act: Activation) -> list[Any]:
        kinds = act.chosen or ("peasant", "noble")
        if act.chosen and act.count >= SADDLERS_LIMIT[act.chosen[0]]:
            return []
        exits = _exits(s.options.board, s.fences, s.options.saddlers_cross_fence)
        out: list[Any] = []
        for p in in_areas(s):
            moved = at_arrived(act, p.place, p.who)
            for kind in kinds:
                if (p.nobles - moved.nobles if kind == "noble" else p.peasants - moved.peasants) > 0:
                    out += [mv.Cross(p.who, kind, p.place, path, to) for path, to in exits.get(p.place, ())]
        return with_done(act, out)

    def apply(self, s: State, act: Activation, a: mv.Cross) -> State:
        n = (0, 1) if a.kind == "noble" else (1, 0)
        s = move_citizens(s, a.who, a.area, a.to, *n)
        old = at_arrived(act, a.to, a.who)
        arrived = [p for p in act.arrived if (p.place, p.who) != (a.to, a.who)]
        arrived.append(Placed(a.to, a.who, old.peasants + n[0], old.nobles + n[1]))
        return step(s, act, chosen=(a.kind,), arrived=tuple(sorted(arrived, key=lambda p: (p.place, p.who))))

    def prompt(self, s: State, act: Activation) -> Text:
        return SADDLERS_PROMPT(guild=name(self.guild))


@lru_cache(maxsize=256)
def _exits(side: str, fences: tuple[Fence, ...], cross_fences: bool) -> dict[str, tuple[tuple[str, str], ...]]:
    """Area -> every (path, area on its far side) a citizen there may cross to (remembered per board)."""
    exits: dict[str, list[tuple[str, str]]] = {}
    for path in fenced(BOARDS[side], fences).paths:
        if path.fence and not cross_fences:
            continue
        for near, far in (path.sides, path.sides[::-1]):
            for area in near:
                exits.setdefault(area, []).extend((path.id, to) for to in far)
    return {area: tuple(found) for area, found in exits.items()}


def at_arrived(act: Activation, place: str, who: str) -> Placed:
    """Citizens of ``who`` the Saddlers already moved into ``place``."""
    return next((p for p in act.arrived if (p.place, p.who) == (place, who)), Placed(place, who))


class Armourers(Ability):
    """§6.3 G19: two of your nobles from reserve into towers (the same or different); with only one in
    reserve, just that one (A-13)."""

    guild = "armourers"

    def blocker(self, s: State, seat: int) -> Text | None:
        return None if reserve(s, str(seat))[1] else ARMOURERS_BLOCKED(guild=name(self.guild))

    def options(self, s: State, act: Activation) -> list[Any]:
        if act.count >= ARMOURERS_NOBLES or not reserve(s, me(act))[1]:
            return []
        return [mv.PlaceCitizen("noble", t.id) for t in board(s).towers]

    def apply(self, s: State, act: Activation, a: mv.PlaceCitizen) -> State:
        return step(move_citizens(s, me(act), "reserve", a.place, 0, 1), act)

    def prompt(self, s: State, act: Activation) -> Text:
        return ARMOURERS_PROMPT(guild=name(self.guild))


ABILITIES: tuple[Ability, ...] = (
    Swap("mercers", "noble"),
    Swap("painter_stainers", "peasant"),
    Fishmongers(),
    MerchantTaylors(),
    Salters(),
    Ironmongers(),
    Vintners(),
    Bakers(),
    Barbers(),
    Saddlers(),
    Armourers(),
)
