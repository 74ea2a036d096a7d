"""§6.3 G18 Butchers: a card exchange with every other real player (A-14)."""

from __future__ import annotations

from typing import Any

from engines.walled_city import moves as mv
from engines.walled_city.common import set_seat
from engines.walled_city.guilds.base import Ability, finish, step
from engines.walled_city.state import Activation, Card, State


def recipients(s: State, act: Activation) -> list[int]:
    """The other real players, clockwise from the activator (the neutral has no hand, A-5)."""
    n = len(s.seats)
    return [(act.seat + i) % n for i in range(1, n)]


def tradable(s: State, seat: int) -> list[Card]:
    """Distinct cards that may change hands: never the off-colour defence-only card (A-14)."""
    return list(dict.fromkeys(c for c in s.seats[seat].hand if not c.defence_only))


def give(s: State, source: int, dest: int, card: Card) -> State:
    hand = list(s.seats[source].hand)
    hand.remove(card)
    s = set_seat(s, source, hand=tuple(hand))
    return set_seat(s, dest, hand=(*s.seats[dest].hand, card))


def taking_from(s: State) -> int:
    """The recipient whose whole hand the Butchers may look at now (they hold no higher card), else -1."""
    act = s.activation
    if act is None or act.guild != "butchers":
        return -1
    k = len(recipients(s, act))
    if not k <= act.count < 2 * k:
        return -1
    seat, higher = BUTCHERS.higher(s, act)
    return -1 if higher else seat


class Butchers(Ability):
    """First the activator gives one card to each other real player, clockwise; then each recipient in
    turn gives back a card of a strictly higher total (their choice), or, having none, the activator looks
    at their hand and takes any card, even the one just given. Hand sizes are unchanged."""

    guild = "butchers"

    def blocker(self, s: State, seat: int) -> str | None:
        act = Activation(seat=seat, guild=self.guild)
        have, need = len([c for c in s.seats[seat].hand if not c.defence_only]), len(recipients(s, act))
        return None if have >= need else f"Butchers need a card for each of {need} players; you have {have}."

    def higher(self, s: State, act: Activation) -> tuple[int, list[Card]]:
        """The recipient answering now and their cards higher than the one received."""
        k = len(recipients(s, act))
        seat, received = recipients(s, act)[act.count - k], act.cards[act.count - k]
        return seat, [c for c in tradable(s, seat) if c.a + c.b > received.a + received.b]

    def options(self, s: State, act: Activation) -> list[Any]:
        k = len(recipients(s, act))
        if act.count < k:
            return [mv.GiveCard(c.a, c.b) for c in tradable(s, act.seat)]
        if act.count >= 2 * k:
            return []
        seat, higher = self.higher(s, act)
        if higher:
            return [mv.ReturnCard(c.a, c.b) for c in higher]
        return [mv.TakeCard(c.a, c.b) for c in tradable(s, seat)]

    def actor(self, s: State, act: Activation) -> int:
        k = len(recipients(s, act))
        if k <= act.count < 2 * k:
            seat, higher = self.higher(s, act)
            return seat if higher else act.seat
        return act.seat

    def apply(self, s: State, act: Activation, a: mv.GiveCard | mv.ReturnCard | mv.TakeCard) -> State:
        k = len(recipients(s, act))
        card = Card(a.a, a.b)
        if isinstance(a, mv.GiveCard):
            s = give(s, act.seat, recipients(s, act)[act.count], card)
            return step(s, act, cards=(*act.cards, card))
        s = give(s, recipients(s, act)[act.count - k], act.seat, card)
        s = step(s, act)
        return finish(s) if act.count + 1 >= 2 * k else s

    def prompt(self, s: State, act: Activation) -> str:
        k = len(recipients(s, act))
        if act.count < k:
            return f"Butchers: pick the card to give seat {recipients(s, act)[act.count]}"
        seat, higher = self.higher(s, act)
        if higher:
            return f"Butchers: seat {seat}, give back a card worth more than the {act.cards[act.count - k].a}/" + (
                f"{act.cards[act.count - k].b} you received"
            )
        return f"Butchers: seat {seat} has no higher card; take any card from their hand"


BUTCHERS = Butchers()
ABILITIES: tuple[Ability, ...] = (BUTCHERS,)
