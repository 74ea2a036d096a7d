"""Redeal (§9): a whole Citadels state dealt from one seat's view, for the searching bots (``Game.redeal``).

Everything the view shows is kept; everything it hides (``view.py``) is dealt at random, with the generator
given, from what the seat has not seen: the game's district cards (the basic deck and the unique districts
of the options, as ``setup.new_game`` deals them) and its characters (the cast of the options), each pool in
canonical order (``unseen``) before it is shuffled. Each hidden part has its own function below. The result
is a seeded state (a fresh generator: the real one, which decides the real future, is never seen) that the
seat cannot tell from the real one, and that passes the state check (``integrity.py``).

What the view does not hold (the history of the round: who picked what from which pile, the Spy's or the
Wizard's look at a hand, the cards a seat put under the deck, a threat paid or refused) is not inferred: a
hidden part is dealt uniformly from what the view's own fields allow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec.structs import replace

from engines.citadels.common import character, rank
from engines.citadels.content import CONTENT
from engines.citadels.state import (
    NO_SEAT,
    Marker,
    OrderBottom,
    Player,
    State,
    Step,
    TakeRandomCharacter,
)
from engines.core.items import HIDDEN
from engines.core.redeal import cut, fresh_generator, shuffled, unseen
from engines.core.rng import Rng

#: Random deals tried before a deal that breaks a constraint gives way to a deterministic one.
TRIES = 64


def redeal(view: State, seat: int, rng: Rng) -> State:
    """§9: ``view`` (``view.view(state, seat)``) with every hidden part dealt from what ``seat`` has not
    seen: the characters (``deal_characters``), the district cards (``deal_cards``), which warrant and which
    threat is real (``deal_markers``) and the Theater's given character (``deal_theater_give``); a seeded,
    playable state (``redacted=False``, no viewer) with a fresh generator of its own."""
    state = replace(view, redacted=False, viewer=NO_SEAT, external_chance=False, rng=None)
    state, rng = deal_characters(state, rng)
    state, rng = deal_theater_give(state, rng)
    state, rng = deal_cards(state, rng)
    warrants, rng = deal_markers(state.warrants, state.magistrate_seat, seat, rng)
    threats, rng = deal_markers(state.threats, state.blackmailer_seat, seat, rng)
    generator, rng = fresh_generator(rng)
    return replace(state, warrants=warrants, threats=threats, rng=generator)


# ---- characters (P-3, R-4.2.4 –) ---------------------------------------------------


def seen_characters(view: State) -> list[str]:
    """§9: the characters a view shows: the seat's own, the revealed ones, the face-up discards, the pile
    while the seat picks from it and the first face-down discard while the 7/8-player last picker may take
    it (R-4.2.4)."""
    shown = [c for p in view.players for c in p.characters]
    shown += [*view.character_pile, *view.faceup]
    if view.first_facedown not in ("", HIDDEN):
        shown.append(view.first_facedown)
    return [c for c in shown if c != HIDDEN]


def uncalled(view: State) -> Callable[[str], bool]:
    """Which characters an unrevealed held character may be (R-4.3.1): during the selection, any; once ranks
    are called, a held character is revealed when its rank is called unless it was killed, so an unrevealed
    one is of a rank not yet called, or the killed one."""
    if view.phase == "selection":
        return lambda c: True
    called, killed = view.called_rank, view.killed
    return lambda c: rank(c) > called or c == killed


def may_hold(view: State, holder: int) -> Callable[[str], bool]:
    """Which characters seat ``holder``'s unrevealed character may be (R-4.3.1, §11 A6): one ``uncalled``
    allows; and with 2–3 players and ``allow_targeting_own_character`` off an ability never named its user's
    own other character, so the killed, bewitched, robbed, warranted and threatened characters are not the
    hidden ones of the seat that named them."""
    able = uncalled(view)
    killed = view.killed
    named: set[str] = set()
    if view.phase != "selection" and not view.options.allow_targeting_own_character:
        killers = {r.seat for r in view.revealed if character(r.character).ability == "kill"}
        pairs = (
            (killers, {killed}),
            ({view.witch_seat}, {view.bewitched}),
            ({view.thief_seat}, {view.robbed}),
            ({view.magistrate_seat}, {m.character for m in view.warrants}),
            ({view.blackmailer_seat}, {m.character for m in view.threats}),
        )
        named = {c for seats, chars in pairs if holder in seats for c in chars} - {""}
    return lambda c: able(c) and c not in named


def _matching(slots: Sequence[Callable[[str], bool]], pool: Sequence[str]) -> list[str] | None:
    """A deterministic assignment of distinct items of ``pool`` (in its order) to ``slots`` that each slot
    allows (augmenting paths), or ``None`` when there is none."""
    owner: dict[int, int] = {}

    def place(slot: int, tried: set[int]) -> bool:
        for item in range(len(pool)):
            if item in tried or not slots[slot](pool[item]):
                continue
            tried.add(item)
            if item not in owner or place(owner[item], tried):
                owner[item] = slot
                return True
        return False

    if not all(place(slot, set()) for slot in range(len(slots))):
        return None
    chosen = {slot: item for item, slot in owner.items()}
    return [pool[chosen[slot]] for slot in range(len(slots))]


def _deal_held(
    slots: Sequence[Callable[[str], bool]], pool: list[str], called: Callable[[str], bool], rng: Rng
) -> tuple[list[str], Rng]:
    """Characters for the hidden held ``slots`` from ``pool`` (canonical order), uniformly among the deals
    every slot allows: the ones a hidden character may be at all (``called``: not yet called, or killed) in
    random order, redrawn while a slot's own exclusion (§11 A6) refuses its character; after ``TRIES`` the
    first deal found in canonical order."""
    able = [c for c in pool if called(c)]
    for _ in range(TRIES):
        order, rng = shuffled(able, rng)
        held = order[: len(slots)]
        if len(held) == len(slots) and all(ok(c) for ok, c in zip(slots, held, strict=True)):
            return held, rng
    found = _matching(slots, pool)
    return (found if found is not None else pool[: len(slots)]), rng


def deal_characters(view: State, rng: Rng) -> tuple[State, Rng]:
    """§9, P-3: the other seats' unrevealed characters, the selection pile (unless the seat picks from it),
    the face-down discards and the first of them, from the cast less what the seat has seen.

    The counts are the view's (each seat's characters, the pile, the discards), so the deal follows the
    selection as far as the view shows it; an unrevealed character is one ``may_hold`` allows. The first
    face-down discard, when hidden, is dealt as the first of the face-down cards: with 7 or 8 players the last
    picker may have taken it (R-4.2.4), which the view does not tell, and which changes nothing after the
    pick (the check accepts either)."""
    pool = unseen(view.options.cast, seen_characters(view))
    slots = [(p, i) for p, player in enumerate(view.players) for i, c in enumerate(player.characters) if c == HIDDEN]
    held, rng = _deal_held([may_hold(view, p) for p, _ in slots], pool, uncalled(view), rng)
    rest = unseen(pool, held)
    first_shown = view.first_facedown not in ("", HIDDEN)
    down = len(view.facedown) - (1 if first_shown else 0)
    free, rng = shuffled(rest, rng)
    (pile, facedown), _ = cut(free, [view.character_pile.count(HIDDEN), down])
    players = list(view.players)
    for (p, i), c in zip(slots, held, strict=True):
        chars = players[p].characters
        players[p] = replace(players[p], characters=(*chars[:i], c, *chars[i + 1 :]))
    if first_shown:
        facedown = [view.first_facedown, *facedown]
    first = view.first_facedown
    if first == HIDDEN:
        first = facedown[0] if facedown else (held[0] if held else "")
    pile_shown = [c for c in view.character_pile if c != HIDDEN]
    return replace(
        view,
        players=tuple(players),
        character_pile=(*pile_shown, *pile) if pile else view.character_pile,
        facedown=tuple(facedown),
        first_facedown=first,
    ), rng


def deal_theater_give(state: State, rng: Rng) -> tuple[State, Rng]:
    """§7 Theater with 2–3 players (R-4.2.7): the character another seat gives in a pending random exchange
    is one of the characters it holds, uniformly."""
    queue: list[Step] = []
    for step in state.queue:
        if isinstance(step, TakeRandomCharacter) and step.give == HIDDEN:
            own = state.players[step.seat].characters
            index, rng = rng.below(len(own)) if own else (0, rng)
            step = replace(step, give=own[index] if own else "")
        queue.append(step)
    return replace(state, queue=tuple(queue)), rng


# ---- district cards (P-1, P-18) ----------------------------------------------------------------------


def seen_cards(view: State) -> list[str]:
    """§9, P-18: the district cards a view shows: cities, the seat's hand and Museum, a hand the seat's
    Wizard looks at, the seat's own drawn cards, the build in progress."""
    cards = [*view.deck, *view.deck_bottom]
    for p in view.players:
        cards += p.hand
        for b in p.city:
            cards += (b.card, *b.museum)
    if view.turn is not None:
        cards += view.turn.drawn
    if view.building is not None:
        cards.append(view.building.card)
    return [c for c in cards if c != HIDDEN]


def _fill(items: tuple[str, ...], dealt: list[str], ordered: bool = False) -> tuple[str, ...]:
    """``items`` with its hidden cards taken from the front of ``dealt`` (sorted unless ``ordered``)."""
    hidden = items.count(HIDDEN)
    if not hidden:
        return items
    mine, dealt[:] = dealt[:hidden], dealt[hidden:]
    return tuple(mine if ordered else sorted(mine))


def _place_cards(view: State, dealt: list[str]) -> State:
    """``dealt`` into the view's hidden card places, in a fixed order: the drawn cards first (so a
    constraint on them reads the deal's front), then hands, Museums, the cards under the deck, the deck."""
    rest = list(dealt)
    turn = view.turn
    if turn is not None:
        turn = replace(turn, drawn=_fill(turn.drawn, rest, ordered=True))
    players: list[Player] = []
    for p in view.players:
        hand = _fill(p.hand, rest)
        city = tuple(replace(b, museum=_fill(b.museum, rest)) if HIDDEN in b.museum else b for b in p.city)
        players.append(replace(p, hand=hand, city=city))
    bottom = _fill(view.deck_bottom, rest, ordered=True)
    deck = tuple(sorted((*(c for c in view.deck if c != HIDDEN), *rest)))
    return replace(view, turn=turn, players=tuple(players), deck_bottom=bottom, deck=deck)


def _drawn_fit(state: State) -> bool:
    """§11 A8: another seat ordering its cards under the deck holds at least two different ones (alike
    cards go under by themselves)."""
    head = state.queue[0] if state.queue else None
    if not isinstance(head, OrderBottom) or state.turn is None:
        return True
    return len(set(state.turn.drawn)) > 1


def deal_cards(view: State, rng: Rng) -> tuple[State, Rng]:
    """§9, P-1, P-18: the other seats' hands (unless the seat's Wizard looks at one), the cards under other
    seats' Museums, the cards another seat has drawn this turn, the cards under the deck (in order) and the
    deck, from the game's district cards less what the seat has seen; hand, Museum and deck sizes are the
    view's. Redrawn while a pending ordering under the deck (§11 A8) would have nothing to order; after
    ``TRIES`` the canonical deal with two different cards first."""
    pool = unseen((*CONTENT.basic_deck, *view.options.uniques), seen_cards(view))
    for _ in range(TRIES):
        dealt, rng = shuffled(pool, rng)
        state = _place_cards(view, dealt)
        if _drawn_fit(state):
            return state, rng
    other = next((i for i, c in enumerate(pool) if c != pool[0]), None)
    if other is not None:
        pool = [pool[0], pool[other], *pool[1:other], *pool[other + 1 :]]
    return _place_cards(view, pool), rng


# ---- warrants and threats (§6 Magistrate, §6 Blackmailer) ---------------------------------------------


def deal_markers(markers: tuple[Marker, ...], owner: int, seat: int, rng: Rng) -> tuple[tuple[Marker, ...], Rng]:
    """§9, §6 Magistrate, §6 Blackmailer: which marker is real, unless the seat placed them or the real one is
    revealed. Three warrants or two threats hold exactly one real marker, dealt uniformly among them; a
    threat left alone after the other was resolved is real or blank with even odds (the view does not tell
    which of the two was resolved). The view keeps the markers in the order they were placed, the real one
    first; that order is kept as shown, but is not used to find the real one (§9: it stays the owner's
    secret)."""
    if not markers or (owner == seat and owner != NO_SEAT) or any(m.revealed for m in markers):
        return markers, rng
    if len(markers) == 1:
        real, rng = rng.below(2)
        return (replace(markers[0], real=real == 1),), rng
    index, rng = rng.below(len(markers))
    return tuple(replace(m, real=i == index) for i, m in enumerate(markers)), rng
