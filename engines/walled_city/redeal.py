"""A whole state dealt from one seat's view (``engines.core.game.Game.redeal``), for the searching bots.

What a view hides (§8, ``view.py``): the other players' hands, the numbers and facing of the defence cards
other players placed face down (§5.5), the undealt defence-only cards of the 3-player Borderlands game
(§3.7) and the cards given in a Butchers exchange the viewer neither gave nor received (§6.3 G18, A-14).
Everything else is public and kept. The hidden cards are dealt with the given generator from what the view
leaves possible: each player's own cards (every player starts with the same building cards, §3.2/§3.3, and
one defence-only card in the 3-player Borderlands game, §3.7) less what the view shows of them, never more of
a card than the game has beyond what the view shows anywhere (``integrity``'s card count). The cards played
in earlier build turns are not in the state, so which cards an opponent has already played, and which cards
changed hands in an earlier Butchers exchange, cannot be inferred from the view: they are dealt uniformly from
what the view allows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import permutations

from msgspec.structs import replace

from engines.core.errors import StateInvalid
from engines.core.redeal import fresh_generator, shuffled
from engines.core.rng import Rng
from engines.walled_city import integrity, setup
from engines.walled_city.content import CONTENT
from engines.walled_city.guilds.cards import recipients, taking_from
from engines.walled_city.state import NO_SEAT, Activation, Card, Options, Seat, State, ZoneCard

Key = tuple[int, int]
"""A card by its two numbers, the higher first (how a defence zone's card is counted, whatever its facing)."""

#: What a view shows in place of a card it hides (``view.py``).
HIDDEN = Card(0, 0)
#: How often a deal may be drawn again when it breaks what the view shows (a Butchers answer now due, a
#: builder who must still have a card to build with) before the last one is kept.
ATTEMPTS = 64


def key(a: int, b: int) -> Key:
    """A card's numbers, the higher first."""
    return (a, b) if a >= b else (b, a)


#: §2.4: each building card of the deck by its numbers, and its place in the deck (hands are kept in deck order).
DECK: dict[Key, Card] = {key(a, b): Card(a, b) for a, b in CONTENT.deck.cards}
DECK_ORDER: dict[Key, int] = {key(a, b): i for i, (a, b) in enumerate(CONTENT.deck.cards)}


def _sort(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A dealt hand in deck order, a defence-only card last (a canonical order, so nothing of the real one leaks)."""
    return tuple(sorted(cards, key=lambda c: (c.defence_only, DECK_ORDER.get(key(c.a, c.b), len(DECK_ORDER)))))


def _elements(counts: Counter[Key]) -> list[Key]:
    """The card numbers of ``counts`` in a canonical order."""
    return sorted(counts.elements())


def stock(options: Options) -> Counter[Key]:
    """§3.2, §3.3, §3.7: every card of the game by its numbers: one hand per player and the defence-only cards."""
    out = Counter(key(c.a, c.b) for c in setup.hand_for(options) for _ in range(options.players))
    out.update(key(c.a, c.b) for c in setup.defence_only_cards(options))
    return out


def own_cards(options: Options) -> Counter[Key]:
    """§3.2, §3.3: the building cards each player starts with, by their numbers."""
    return Counter(key(c.a, c.b) for c in setup.hand_for(options))


def shown_hands(s: State, seat: int) -> set[int]:
    """§8, §6.3 G18: the seats whose hands ``seat``'s view shows: its own and, while the Butchers take a card
    from a recipient with no higher card, that recipient's to the Butchers."""
    act = s.activation
    return {seat, taking_from(s)} if act is not None and act.seat == seat else {seat}


def _zone_key(z: ZoneCard) -> Key:
    return key(z.toward_ccw, z.toward_cw)


def _zone_shown(z: ZoneCard, seat: int) -> bool:
    """§5.5: a defence card is seen by its owner, and by everyone once turned at the game's end."""
    return z.revealed or z.owner == seat


def _due(s: State, act: Activation) -> int | None:
    """§6.3 G18: the position (among the recipients) of the Butchers' answer now due, ``None`` during the gifts."""
    k = len(recipients(s, act))
    return act.count - k if k <= act.count < 2 * k else None


def kept_gifts(s: State, seat: int, shown: set[int]) -> dict[int, Card]:
    """§6.3 G18: the gifts ``seat`` sees (it gave them) that are still in a hidden hand: a recipient holds the
    card it received until it has answered (it gives back another, higher card; only the Butchers take)."""
    act = s.activation
    if act is None or not act.cards or act.seat != seat:
        return {}
    due = _due(s, act)
    to = recipients(s, act)
    return {to[i]: c for i, c in enumerate(act.cards) if to[i] not in shown and (due is None or i >= due)}


def seen(s: State, seat: int, shown: set[int], gifts: dict[int, Card]) -> Counter[Key]:
    """Every card ``seat``'s view shows, by its numbers: the hands it sees, the defence cards it sees, the card
    of the build turn in progress (played from its builder's hand, §5.3/§5.4) and its gifts still in a hidden
    hand."""
    out = Counter(key(c.a, c.b) for k in sorted(shown) if k >= 0 for c in s.seats[k].hand)
    out.update(_zone_key(z) for z in s.zones if _zone_shown(z, seat))
    if s.turn is not None and s.turn.step != "place":
        out[key(s.turn.a, s.turn.b)] += 1
    out.update(key(c.a, c.b) for c in gifts.values())
    return out


# ---- the defence-only cards (§3.7) ------------------------------------------------------------------------------

Where = int | None
"""Where a player's defence-only card is: in their hand (``None``) or in the defence zone ``s.zones[i]``."""


def _special_slots(s: State, seat: int, shown: set[int], k: int, card: Card) -> list[Where]:
    """Where ``k``'s defence-only ``card`` can be, as ``seat`` sees it: a slot per card of a hidden hand (it can
    only leave the hand into a defence zone, §3.7, A-14), each of ``k``'s face-down zones, each turned-up zone of
    ``k`` showing its numbers."""
    hand: list[Where] = [None] * len(s.seats[k].hand) if k not in shown else []
    zones: list[Where] = [
        i
        for i, z in enumerate(s.zones)
        if z.owner == k and (not _zone_shown(z, seat) or (z.revealed and _zone_key(z) == key(card.a, card.b)))
    ]
    return hand + zones


def defence_only(s: State, seat: int, shown: set[int], rng: Rng) -> tuple[dict[int, tuple[Card, Where]], Rng]:
    """§3.7, §8: each other player's secret defence-only card (3-player Borderlands) and where it is now.

    In setup the cards are dealt in seat order, so the seats before the undealt ones hold one each. After setup
    every player was dealt one; ``seat``'s own is in its hand or, once placed, in one of its zones showing its
    numbers (which one the view cannot tell, so it is drawn among those). The others' are the cards left, dealt
    uniformly among the ways the view allows, and each lies uniformly in one of the places it can be
    (``_special_slots``): whether a player has already placed it is not inferred further."""
    every = setup.defence_only_cards(s.options)
    if not every:
        return {}, rng
    known = [c for k in sorted(shown) if k >= 0 for c in s.seats[k].hand if c.defence_only]
    if s.phase == "setup":
        given = len(every) - len(s.defence_only_left)
        holders = [k for k in range(min(given, len(s.seats))) if k not in shown]
    else:
        mine = [c for c in s.seats[seat].hand if c.defence_only]
        placed = {_zone_key(z) for z in s.zones if z.owner == seat}
        could = [c for c in every if c not in known and key(c.a, c.b) in placed]
        if not mine and could:
            index, rng = rng.below(len(could))
            known.append(could[index])
        holders = [
            k
            for k in range(len(s.seats))
            if k != seat and not (k in shown and any(c.defence_only for c in s.seats[k].hand))
        ]
    left = [c for c in every if c not in known]
    ways = [
        way
        for way in permutations(left, len(holders))
        if all(_special_slots(s, seat, shown, k, c) for k, c in zip(holders, way, strict=True))
    ]
    if not ways:
        return {}, rng
    index, rng = rng.below(len(ways))
    out: dict[int, tuple[Card, Where]] = {}
    for k, card in zip(holders, ways[index], strict=True):
        slots = _special_slots(s, seat, shown, k, card) if s.phase != "setup" else [None]
        at, rng = rng.below(len(slots))
        out[k] = (card, slots[at])
    return out, rng


def undealt(s: State, specials: dict[int, tuple[Card, Where]]) -> tuple[Card, ...]:
    """§3.7: the defence-only cards not yet dealt in setup (the deal is secret): those nobody holds, in their
    order in the content."""
    if not s.defence_only_left:
        return ()
    held = {c for k in range(len(s.seats)) for c in s.seats[k].hand if c.defence_only}
    held |= {card for card, _ in specials.values()}
    return tuple(c for c in setup.defence_only_cards(s.options) if c not in held)[: len(s.defence_only_left)]


# ---- hands and face-down defence cards (§8, §5.5) ---------------------------------------------------------------


def _own_seen(s: State, seat: int, k: int, specials: dict[int, tuple[Card, Where]]) -> Counter[Key]:
    """The cards ``seat`` saw leave ``k``'s own cards: ``k``'s turned-up defence cards (but its defence-only
    card) and the card of ``k``'s build turn in progress."""
    special = specials.get(k, (HIDDEN, None))[1]
    out = Counter(_zone_key(z) for i, z in enumerate(s.zones) if z.owner == k and z.revealed and i != special)
    if s.turn is not None and s.turn.seat == k and s.turn.step != "place":
        out[key(s.turn.a, s.turn.b)] += 1
    return out


def deal_cards(
    s: State, k: int, count: int, own: Counter[Key], left: Counter[Key], rng: Rng
) -> tuple[list[Card], Counter[Key], Rng]:
    """§3.2, §3.3, §8: ``count`` building cards for ``k``'s hidden hand and face-down zones, a uniform choice of
    ``k``'s own cards the view does not account for (``own``), never more of a card than is left unseen in the
    whole game (``left``); should a Butchers exchange have left ``k`` fewer of its own cards than it holds, the
    rest come from the other unseen cards."""
    pool = own & left
    mine, rng = shuffled(_elements(pool), rng)
    dealt = mine[:count]
    if len(dealt) < count:
        others, rng = shuffled(_elements(left - Counter(dealt)), rng)
        dealt += others[: count - len(dealt)]
    return [DECK[d] for d in dealt], left - Counter(dealt), rng


def _facing(card: Card, rng: Rng) -> tuple[int, Rng]:
    """§5.5: which number of a face-down card its owner turned toward the zone's counter-clockwise tower."""
    sides = list(dict.fromkeys((card.a, card.b)))
    index, rng = rng.below(len(sides))
    return sides[index], rng


def hidden_cards(
    s: State, seat: int, shown: set[int], specials: dict[int, tuple[Card, Where]], gifts: dict[int, Card], rng: Rng
) -> tuple[tuple[Seat, ...], tuple[ZoneCard, ...], Rng]:
    """§8, §5.5, §3.7: every other player's hidden hand (its size kept) and face-down defence cards (their zones
    kept), dealt player by player in seat order from ``deal_cards``; a defence-only card where ``defence_only``
    put it; a gift the viewer gave and the recipient still holds, in the recipient's hand; a face-down card's
    facing drawn among its numbers."""
    left = stock(s.options) - seen(s, seat, shown, gifts)
    for card, at in specials.values():
        if at is None or not _zone_shown(s.zones[at], seat):
            left -= Counter([key(card.a, card.b)])
    seats = list(s.seats)
    zones = list(s.zones)
    for k in range(len(s.seats)):
        if k == seat:
            continue
        card, at = specials.get(k, (HIDDEN, -1))
        fixed = ([card] if at is None else []) + ([gifts[k]] if k in gifts else [])
        in_hand = len(s.seats[k].hand) - len(fixed) if k not in shown else 0
        down = [i for i, z in enumerate(s.zones) if z.owner == k and not _zone_shown(z, seat) and i != at]
        own = own_cards(s.options) - _own_seen(s, seat, k, specials)
        cards, left, rng = deal_cards(s, k, max(0, in_hand) + len(down), own, left, rng)
        if k not in shown:
            seats[k] = replace(s.seats[k], hand=_sort([*fixed, *cards[: max(0, in_hand)]]))
        placed = list(zip(down, cards[max(0, in_hand) :], strict=True))
        if at is not None and at >= 0 and not _zone_shown(s.zones[at], seat):
            placed.append((at, card))
        for i, c in sorted(placed, key=lambda p: p[0]):
            ccw, rng = _facing(c, rng)
            zones[i] = replace(s.zones[i], toward_ccw=ccw, toward_cw=c.a + c.b - ccw)
    return tuple(seats), tuple(zones), rng


# ---- the Butchers' gifts (§6.3 G18) --------------------------------------------------------------------------------


def _total(c: Card) -> int:
    return c.a + c.b


def butchers_gifts(s: State, seat: int, rng: Rng) -> tuple[Activation | None, Rng, bool]:
    """§6.3 G18, A-14: the gifts of a Butchers exchange in progress that ``seat`` neither gave nor received, each
    a building card (never the defence-only one) of the dealt hands: held by its recipient until it has
    answered, afterwards by the recipient or the Butchers (who may have taken it back). The answer now due is
    public (``chosen``): a recipient who answers holds a card of a strictly higher total than its gift, else the
    gift is worth at least each of its building cards. ``False`` when the dealt hands allow no such gift."""
    act = s.activation
    if act is None or not any(c == HIDDEN for c in act.cards):
        return act, rng, True
    to = recipients(s, act)
    due = _due(s, act)
    used: set[tuple[int, int]] = set()
    cards = list(act.cards)

    def tradable(k: int) -> list[tuple[int, int]]:
        return [(k, j) for j, c in enumerate(s.seats[k].hand) if not c.defence_only and (k, j) not in used]

    for i, gift in enumerate(act.cards):
        if gift != HIDDEN:
            continue
        x = to[i]
        slots = tradable(x) + (tradable(act.seat) if due is not None and i < due else [])
        if due == i:
            top = max((_total(s.seats[x].hand[j]) for _, j in tradable(x)), default=-1)
            answers = act.chosen == (str(x),)
            slots = [(k, j) for k, j in slots if (_total(s.seats[k].hand[j]) < top) == answers]
        if not slots:
            return act, rng, False
        index, rng = rng.below(len(slots))
        k, j = slots[index]
        used.add((k, j))
        held = s.seats[k].hand[j]
        cards[i] = Card(held.a, held.b)
    return replace(act, cards=tuple(cards)), rng, True


# ---- the redeal ----------------------------------------------------------------------------------------------------


def _settled(s: State) -> bool:
    """The deal is one the rules reach and that waits where the real state waits: it passes the state check and
    nothing automatic is due (e.g. the builder in turn still has a card to build with, A-24)."""
    from engines.walled_city.engine import TABLE  # the engine registers this module: imported when first used

    try:
        integrity.check_state(s)
    except StateInvalid:
        return False
    return TABLE.automatic(s) is None


def deal(view: State, seat: int, rng: Rng) -> tuple[State, Rng, bool]:
    """One deal of everything ``view`` hides from ``seat`` (§8), and whether it fits what the view shows."""
    s = replace(view, external_chance=False, rng=None, redacted=False, viewer=NO_SEAT)
    shown = shown_hands(s, seat)
    gifts = kept_gifts(s, seat, shown)
    specials, rng = defence_only(s, seat, shown, rng)
    seats, zones, rng = hidden_cards(s, seat, shown, specials, gifts, rng)
    s = replace(s, seats=seats, zones=zones, defence_only_left=undealt(s, specials))
    activation, rng, fits = butchers_gifts(s, seat, rng)
    s = replace(s, activation=activation)
    return s, rng, fits and _settled(s)


def redeal(view: State, seat: int, rng: Rng) -> State:
    """A whole seeded state ``seat`` cannot tell from the real one (§8): the other hands, the face-down defence
    cards (§5.5), the undealt defence-only cards (§3.7) and the Butchers' gifts it did not see (§6.3 G18) dealt
    from what the view leaves possible (``deal``), drawn again (up to ``ATTEMPTS`` times) while a deal breaks what
    the view shows; the chance in a fresh generator drawn from ``rng``."""
    s, rng, fits = deal(view, seat, rng)
    for _ in range(ATTEMPTS - 1):
        if fits:
            break
        s, rng, fits = deal(view, seat, rng)
    generator, rng = fresh_generator(rng)
    return replace(s, rng=generator)
