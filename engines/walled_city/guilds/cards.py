"""§6.3 G18 Butchers: a card exchange with every other real player (A-14)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.core.text import Message, Text, seat
from engines.walled_city import moves as mv
from engines.walled_city.common import set_seat
from engines.walled_city.guilds.base import Ability, finish, name, step
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


def answering(s: State, act: Activation) -> int | None:
    """The recipient whose answer is due (``None`` while the gifts are still being given)."""
    k = len(recipients(s, act))
    return recipients(s, act)[act.count - k] if k <= act.count < 2 * k else None


def higher(s: State, act: Activation, seat: int) -> list[Card]:
    """``seat``'s cards of a strictly higher total than the card it received."""
    received = act.cards[recipients(s, act).index(seat)]
    return [c for c in tradable(s, seat) if c.a + c.b > received.a + received.b]


def taking_from(s: State) -> int:
    """The recipient whose whole hand the Butchers may look at now (they hold no higher card), else -1."""
    act = s.activation
    if act is None or act.guild != "butchers":
        return -1
    seat = answering(s, act)
    return seat if seat is not None and act.chosen == (str(act.seat),) else -1


def _decider(s: State, act: Activation) -> Activation:
    """Who decides the answer now due, fixed when it falls due: the recipient with a higher card, else the
    Butchers (kept in ``chosen``, so a view, which hides the hands, still knows whose decision it is)."""
    seat = answering(s, act)
    if seat is None:
        return replace(act, chosen=())
    return replace(act, chosen=(str(seat if higher(s, act, seat) else act.seat),))


NEED_CARDS = Message(
    "walled_city.refusal.butchers_cards", "{guild} need a card for each of {need} players; you have {have}."
)
GIVE_PROMPT = Message("walled_city.prompt.butchers_give", "Pick the card to give {seat} ({guild})")
GIVE_BACK_PROMPT = Message(
    "walled_city.prompt.butchers_give_back", "Give back a card worth more than the {card} you received ({guild})"
)
GIVE_BACK_HIDDEN_PROMPT = Message(
    "walled_city.prompt.butchers_give_back_hidden", "Give back a card worth more than the card you received ({guild})"
)
TAKE_PROMPT = Message(
    "walled_city.prompt.butchers_take", "{seat} has no higher card: take any card from their hand ({guild})"
)


class Butchers(Ability):
    """First the activator gives one card to each other real player, clockwise; then each recipient in
    turn gives back a card of a strictly higher total (their choice), or, having none, the activator looks
    at their hand and takes any card, even the one just given. Hand sizes are unchanged."""

    guild = "butchers"

    def blocker(self, s: State, seat: int) -> Text | None:
        act = Activation(seat=seat, guild=self.guild)
        have, need = len([c for c in s.seats[seat].hand if not c.defence_only]), len(recipients(s, act))
        return None if have >= need else NEED_CARDS(guild=name(self.guild), need=need, have=have)

    def options(self, s: State, act: Activation) -> list[Any]:
        seat = answering(s, act)
        if seat is None:
            return [mv.GiveCard(c.a, c.b) for c in tradable(s, act.seat)]
        if act.chosen == (str(seat),):
            return [mv.ReturnCard(c.a, c.b) for c in higher(s, act, seat)]
        return [mv.TakeCard(c.a, c.b) for c in tradable(s, seat)]

    def actor(self, s: State, act: Activation) -> int:
        return int(act.chosen[0]) if answering(s, act) is not None else act.seat

    def apply(self, s: State, act: Activation, a: mv.GiveCard | mv.ReturnCard | mv.TakeCard) -> State:
        card = Card(a.a, a.b)
        seat = answering(s, act)
        if seat is None:
            s = give(s, act.seat, recipients(s, act)[act.count], card)
            s = step(s, act, cards=(*act.cards, card))
        else:
            s = step(give(s, seat, act.seat, card), act)
        made = s.activation
        assert made is not None
        if made.count >= 2 * len(recipients(s, made)):
            return finish(s)
        return replace(s, activation=_decider(s, made))

    def prompt(self, s: State, act: Activation) -> Text:
        answer = answering(s, act)
        guild = name(self.guild)
        if answer is None:
            return GIVE_PROMPT(seat=seat(recipients(s, act)[act.count]), guild=guild)
        if act.chosen == (str(answer),):
            card = act.cards[recipients(s, act).index(answer)]
            if card == Card(0, 0):  # hidden in others' views
                return GIVE_BACK_HIDDEN_PROMPT(guild=guild)
            return GIVE_BACK_PROMPT(card=f"{card.a}/{card.b}", guild=guild)
        return TAKE_PROMPT(seat=seat(answer), guild=guild)


BUTCHERS = Butchers()
ABILITIES: tuple[Ability, ...] = (BUTCHERS,)
