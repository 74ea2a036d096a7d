"""Guilds that change faction dice and survey tiles (§6.3 G8 Haberdashers, G12 Clothworkers, G20 Tanners).

A marker is named by kind and index into ``State.dice`` / ``State.tiles``; these guilds may touch tower
dice even in round 1 (A-8).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.text import Message, Text
from engines.walled_city import moves as mv
from engines.walled_city.common import board
from engines.walled_city.guilds.base import Ability, finish, name, step, with_done
from engines.walled_city.state import Activation, State
from engines.walled_city.words import marker_name

HABERDASHERS_ATTEMPTS = 4
"""§6.3 G8: up to 4 re-rolls or re-flips (A-15)."""
DIE_FACES = (1, 2, 3)
TILE_SIDES = (1, -1)
MINIMUM = {"die": 1, "tile": -1}
"""§6.3 G12: a die's and a tile's lowest value."""


def markers(s: State) -> list[mv.PickMarker]:
    return [mv.PickMarker("die", i) for i in range(len(s.dice))] + [
        mv.PickMarker("tile", i) for i in range(len(s.tiles))
    ]


def ref(m: mv.PickMarker) -> str:
    return f"{m.kind}:{m.index}"


def parse(item: str) -> mv.PickMarker:
    kind, index = item.split(":")
    return mv.PickMarker(kind, int(index))


def value(s: State, m: mv.PickMarker) -> int:
    return s.dice[m.index].value if m.kind == "die" else s.tiles[m.index].value


def location(s: State, m: mv.PickMarker) -> str:
    return s.dice[m.index].location if m.kind == "die" else s.tiles[m.index].area


def _changed(s: State, m: mv.PickMarker, **changes: Any) -> State:
    """``s`` with marker ``m`` (a die or a tile) changed."""
    field = "dice" if m.kind == "die" else "tiles"
    items = list(getattr(s, field))
    items[m.index] = replace(items[m.index], **changes)
    return replace(s, **{field: tuple(items)})


def set_value(s: State, m: mv.PickMarker, new: int) -> State:
    return _changed(s, m, value=new)


def set_location(s: State, m: mv.PickMarker, place: str) -> State:
    return _changed(s, m, **({"location": place} if m.kind == "die" else {"area": place}))


ROLL_AGAIN = Message("walled_city.prompt.haberdashers_roll", "Roll {marker} again ({guild})")
TOSS_AGAIN = Message("walled_city.prompt.haberdashers_toss", "Toss {marker} again ({guild})")
PICK_TO_REROLL = Message(
    "walled_city.prompt.haberdashers_pick",
    "Pick a die to re-roll or a tile to toss again ({guild}, {n} try left)",
    "Pick a die to re-roll or a tile to toss again ({guild}, {n} tries left)",
)
PICK_TO_REROLL_OR_STOP = Message(
    "walled_city.prompt.haberdashers_pick_or_stop",
    "Pick a die to re-roll or a tile to toss again, or stop ({guild}, {n} try left)",
    "Pick a die to re-roll or a tile to toss again, or stop ({guild}, {n} tries left)",
)


CLOTHWORKERS_BLOCKED = Message(
    "walled_city.refusal.clothworkers", "{guild}: no two dice (or tiles) of which one is above its minimum."
)
CLOTHWORKERS_FIRST = Message(
    "walled_city.prompt.clothworkers_first", "Pick a die or tile to drop to its minimum ({guild})"
)
CLOTHWORKERS_SECOND = Message(
    "walled_city.prompt.clothworkers_second", "Pick the second die or tile to drop to its minimum ({guild})"
)
TANNERS_BLOCKED = Message("walled_city.refusal.tanners", "{guild}: no two markers can swap places and change anything.")
TANNERS_FIRST = Message("walled_city.prompt.tanners_first", "Pick a die or tile to swap places ({guild})")
TANNERS_SECOND = Message("walled_city.prompt.tanners_second", "Pick the second die or tile to swap places ({guild})")


class Haberdashers(Ability):
    """§6.3 G8: 1–4 attempts, each chosen after seeing the last: re-roll a die (uniform 1..3) or re-flip a
    tile; the result is chance's (the engine's PRNG, or the table's in external-chance mode)."""

    guild = "haberdashers"

    def options(self, s: State, act: Activation) -> list[Any]:
        if act.rolling:
            sides = DIE_FACES if parse(act.items[0]).kind == "die" else TILE_SIDES
            return [mv.ChanceReroll(v) for v in sides]
        return with_done(act, markers(s)) if act.count < HABERDASHERS_ATTEMPTS else []

    def actor(self, s: State, act: Activation) -> int:
        return CHANCE if act.rolling else act.seat

    def apply(self, s: State, act: Activation, a: Any) -> State:
        if isinstance(a, mv.PickMarker):
            return replace(s, activation=replace(act, items=(ref(a),), rolling=True))
        s = set_value(s, parse(act.items[0]), a.value)
        return step(s, act, rolling=False)

    def prompt(self, s: State, act: Activation) -> Text:
        guild = name(self.guild)
        if act.rolling:
            m = parse(act.items[0])
            again = ROLL_AGAIN if m.kind == "die" else TOSS_AGAIN
            return again(marker=marker_name(s, m.kind, m.index), guild=guild)
        left = HABERDASHERS_ATTEMPTS - act.count
        return (PICK_TO_REROLL_OR_STOP if act.count else PICK_TO_REROLL)(guild=guild, n=left)


class MarkerPair(Ability):
    """An ability on two markers picked one after the other (Clothworkers, Tanners): ``pairs`` says which
    second markers go with a first one, ``resolve`` what happens to the pair."""

    blocked: Message
    """Why no pair exists, for the player."""
    first_prompt: Message
    second_prompt: Message

    def pairs(self, s: State, first: mv.PickMarker) -> Iterator[mv.PickMarker]:
        raise NotImplementedError

    def resolve(self, s: State, first: mv.PickMarker, second: mv.PickMarker) -> State:
        raise NotImplementedError

    def options(self, s: State, act: Activation) -> list[Any]:
        if act.items:
            return list(self.pairs(s, parse(act.items[0])))
        return [m for m in markers(s) if next(self.pairs(s, m), None)]

    def blocker(self, s: State, seat: int) -> Text | None:
        return None if any(next(self.pairs(s, m), None) for m in markers(s)) else self.blocked(guild=name(self.guild))

    def apply(self, s: State, act: Activation, a: mv.PickMarker) -> State:
        if not act.items:
            return step(s, act, items=(ref(a),))
        return finish(self.resolve(s, parse(act.items[0]), a))

    def prompt(self, s: State, act: Activation) -> Text:
        return (self.second_prompt if act.items else self.first_prompt)(guild=name(self.guild))


class Clothworkers(MarkerPair):
    """§6.3 G12: two distinct dice, or two distinct tiles, drop to their minimum (1, or −1); at least one
    of them must change."""

    guild = "clothworkers"
    blocked = CLOTHWORKERS_BLOCKED
    first_prompt = CLOTHWORKERS_FIRST
    second_prompt = CLOTHWORKERS_SECOND

    def pairs(self, s: State, first: mv.PickMarker) -> Iterator[mv.PickMarker]:
        low = MINIMUM[first.kind]
        for m in markers(s):
            if m.kind == first.kind and m != first and (value(s, m) != low or value(s, first) != low):
                yield m

    def resolve(self, s: State, first: mv.PickMarker, second: mv.PickMarker) -> State:
        return set_value(set_value(s, first, MINIMUM[first.kind]), second, MINIMUM[second.kind])


class Tanners(MarkerPair):
    """§6.3 G20: two markers (dice, tiles or one of each) swap places, keeping their values; a tile never
    goes into a tower, and the swap must change something."""

    guild = "tanners"
    blocked = TANNERS_BLOCKED
    first_prompt = TANNERS_FIRST
    second_prompt = TANNERS_SECOND

    def pairs(self, s: State, first: mv.PickMarker) -> Iterator[mv.PickMarker]:
        towers = board(s).tower
        for m in markers(s):
            if m == first or location(s, m) == location(s, first):
                continue
            if m.kind != first.kind and (location(s, m) in towers or location(s, first) in towers):
                continue  # a tile may not go into a tower [R]
            if m.kind == first.kind and _looks(s, m) == _looks(s, first):
                continue  # identical markers: the swap would change nothing
            yield m

    def resolve(self, s: State, first: mv.PickMarker, second: mv.PickMarker) -> State:
        here, there = location(s, first), location(s, second)
        return set_location(set_location(s, first, there), second, here)


def _looks(s: State, m: mv.PickMarker) -> tuple[str, int]:
    return (s.dice[m.index].faction if m.kind == "die" else "tile", value(s, m))


ABILITIES: tuple[Ability, ...] = (Haberdashers(), Clothworkers(), Tanners())
