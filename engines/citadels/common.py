"""Small shared helpers over the Citadels state: lookups, gold, cards, cities (§0 conventions)."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from engines.citadels.content import CONTENT, Character, District
from engines.citadels.state import NO_SEAT, Built, Player, State


def district(card: str) -> District:
    """The content record of a district card id."""
    return CONTENT.district[card]


def character(cid: str) -> Character:
    """The content record of a character id."""
    return CONTENT.character[cid]


def rank(cid: str) -> int:
    """The rank of a character."""
    return CONTENT.character[cid].rank


def name(card: str) -> str:
    """A district's or character's English name for messages."""
    if card in CONTENT.district:
        return CONTENT.district[card].name_en
    if card in CONTENT.character:
        return CONTENT.character[card].name_en
    return card


# ---- seats and players -------------------------------------------------------------------------


def seats(s: State) -> range:
    return range(len(s.players))


def left(s: State, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) % len(s.players)


def set_player(s: State, seat: int, **changes: object) -> State:
    """The state with one player's fields replaced."""
    players = list(s.players)
    players[seat] = replace(players[seat], **changes)
    return replace(s, players=tuple(players))


def holder(s: State, cid: str) -> int:
    """The seat holding character ``cid`` this round, or ``NO_SEAT``."""
    for seat, p in enumerate(s.players):
        if cid in p.characters:
            return seat
    return NO_SEAT


# ---- gold -------------------------------------------------------------------------------------


def bank(s: State) -> int:
    """Gold left in the bank: the table's coins less every stash and the tax token."""
    return CONTENT.limits.bank_gold - s.tax_token - sum(p.gold for p in s.players)


def gain_gold(s: State, seat: int, amount: int) -> State:
    """Take ``amount`` gold from the bank, or what it still holds (the rules' bank is unlimited;
    the table's is far larger than any game needs, see ``Limits``)."""
    amount = min(amount, bank(s))
    return set_player(s, seat, gold=s.players[seat].gold + amount) if amount > 0 else s


def pay_gold(s: State, seat: int, amount: int) -> State:
    """Pay ``amount`` gold to the bank; callers have checked the stash."""
    return set_player(s, seat, gold=s.players[seat].gold - amount) if amount else s


def give_gold(s: State, giver: int, receiver: int, amount: int) -> State:
    """Move gold between stashes (Thief, Spy, Blackmailer, Abbot, Cardinal, Marshal …)."""
    if amount <= 0 or giver == receiver:
        return s
    return gain_gold(pay_gold(s, giver, amount), receiver, amount)


# ---- cards ------------------------------------------------------------------------------------


def distinct(cards: Iterable[str]) -> list[str]:
    """The distinct items of ``cards`` in first-seen order."""
    return list(dict.fromkeys(cards))


def to_bottom(s: State, cards: tuple[str, ...]) -> State:
    """Put cards face down under the district deck, in the given order (§0 conventions)."""
    return replace(s, deck_bottom=s.deck_bottom + cards) if cards else s


def deck_size(s: State) -> int:
    return len(s.deck) + len(s.deck_bottom)


# ---- cities -----------------------------------------------------------------------------------


def cost(b: Built) -> int:
    """``cost(d)``: printed cost, +1 if beautified by the Artist."""
    return (district(b.card).cost or 0) + (1 if b.beautified else 0)


def has(p: Player, card: str) -> bool:
    """Whether ``card`` is in the player's city (a plain loop: this is the hottest helper)."""
    for b in p.city:  # noqa: SIM110
        if b.card == card:
            return True
    return False


def find(p: Player, card: str) -> int:
    """The city index of the first ``card``, or -1."""
    for i, b in enumerate(p.city):
        if b.card == card:
            return i
    return -1


def nth(p: Player, card: str, copy: int) -> int:
    """The city index of copy ``copy`` of ``card`` (0 = the first of that name in city order), or -1
    (a negative ``copy`` never counts down to 0)."""
    for i, b in enumerate(p.city):
        if b.card == card:
            if copy == 0:
                return i
            copy -= 1
    return -1


def city_targets(p: Player) -> list[tuple[str, int]]:
    """Every district of the city as ``(card, copy)``, in city order: each copy is a target of its own."""
    seen: dict[str, int] = {}
    out: list[tuple[str, int]] = []
    for b in p.city:
        k = seen.get(b.card, 0)
        seen[b.card] = k + 1
        out.append((b.card, k))
    return out


def city_size(p: Player) -> int:
    """``city_size``: district cards in the city, +1 for the Monument (§7 Monument, §11 C3)."""
    return len(p.city) + (1 if has(p, "monument") else 0)


def needed_to_complete(s: State) -> int:
    """``N_complete``: 8 districts with 2–3 players, else 7 (R-1.3)."""
    return 8 if len(s.players) <= 3 else 7


def completed(s: State, seat: int) -> bool:
    """Whether the seat's city is completed."""
    return city_size(s.players[seat]) >= needed_to_complete(s)


def check_completion(s: State, seat: int) -> State:
    """R-4.4.2: set the end flag the first time any city becomes completed."""
    if not s.end_triggered and completed(s, seat):
        return replace(s, end_triggered=True, first_completer=seat)
    return s


def destroy(s: State, seat: int, index: int) -> State:
    """Destroy a district: the card and its Museum cards go under the deck (§7).

    An Artist's gold on it goes to the bank, or to the owner under §11 B19 'owner'.
    """
    p = s.players[seat]
    b = p.city[index]
    s = set_player(s, seat, city=p.city[:index] + p.city[index + 1 :])
    if b.beautified and s.options.beautify_gold_on_destroy == "owner":
        s = gain_gold(s, seat, 1)
    return to_bottom(s, (b.card, *b.museum))
