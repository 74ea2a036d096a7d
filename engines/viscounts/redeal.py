"""Redeal (§9): a whole seeded state dealt from one seat's view, for the searching bots
(``engines.core.game.Game.redeal``), so a search plays on states its seat cannot tell from the real one.

A view hides (§9, ``view``): the other players' hands, every draw pile (its owner's too), the townsfolk below
the pile tops, the manuscripts below the tops, the player cards and heroes never laid out, the AI's scheme
draw pile and the Future Schemes not yet taken. Each hidden part is dealt here from what the game's content
(§6.4, §6.6, §6.11, §6.12, §8.1) leaves once everything the view shows is taken out, every size kept, so
the conservation laws of §12 hold. Every pool is put in a canonical order before it is shuffled, so a redeal
depends on the view and the generator alone.

What the view alone cannot tell, and how it is dealt: which neutral townsfolk a player bought is public when
it happens but not kept in the state, so the neutral cards hidden in hands and draw piles are dealt
uniformly from every unseen neutral card (the pile cards below the tops included); and a destroyed starting
card (§6.6) does not say whose it was, so which copies left the game is dealt uniformly among the players
who could have destroyed one, kept only when every player's own cards fit their hidden hand and draw pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from msgspec.structs import replace

from engines.core.redeal import cut, fresh_generator, shuffled, unseen
from engines.core.rng import Rng
from engines.viscounts.common import CONTENT, ai_board
from engines.viscounts.state import EMPTY, NO_SEAT, Player, State

ATTEMPTS = 64
"""How many uniform deals of the destroyed starting cards are tried before one that fits is built."""


# ---- townsfolk: hands, draw piles and the cards below the pile tops (§9, §6.4, §6.6) ---------------------


def _shown(p: Player, seat: int, viewer: int) -> list[str]:
    """§9: the townsfolk of ``p`` (at ``seat``) that ``viewer`` sees: discard pile, board slots, and the hand
    when it is the viewer's own."""
    hand = p.hand if seat == viewer else ()
    return [*hand, *p.discard, *(c for c in p.slots if c != EMPTY)]


def _hidden_count(p: Player, seat: int, viewer: int) -> int:
    """§9: how many of ``p``'s townsfolk ``viewer`` cannot see (the draw pile, and another player's hand)."""
    return 0 if p.ai else len(p.draw) + (0 if seat == viewer else len(p.hand))


def _own_unseen(view: State) -> list[Counter[str]]:
    """§6.6, §3 step 9: each player's starting cards and hero (from the pick on) that the view shows in none
    of the player's visible places: each is in the player's hidden cards or out of the game."""
    neutral = set(CONTENT.neutral)
    out: list[Counter[str]] = []
    for seat, p in enumerate(view.players):
        own: Counter[str] = Counter()
        if p.player_card and not p.ai:
            own = Counter((*CONTENT.starters, p.hero))
            own.subtract(c for c in _shown(p, seat, view.viewer) if c not in neutral)
        out.append(+own)
    return out


def _uniform_own(
    own: Sequence[Counter[str]], removed: Counter[str], room: Sequence[int], rng: Rng
) -> tuple[list[Counter[str]] | None, Rng]:
    """§6.6, §4.6 Destroy: the destroyed copies of each starting card (and hero) taken uniformly among the
    players' unseen copies; the rest are hidden with their owner. ``None`` when a player's hidden cards would
    not hold their own (the deal is then tried again)."""
    held: list[Counter[str]] = [Counter() for _ in own]
    for card in sorted({c for counts in own for c in counts}):
        copies = [seat for seat, counts in enumerate(own) for _ in range(counts[card])]
        if len(copies) < removed[card]:
            raise ValueError(f"the view shows more destroyed {card!r} cards than the players had")
        order, rng = shuffled(copies, rng)
        for seat in order[removed[card] :]:
            held[seat][card] += 1
    fits = all(sum(counts.values()) <= size for counts, size in zip(held, room, strict=True))
    return (held if fits else None), rng


def _place(
    card: str, held: list[Counter[str]], own: Sequence[Counter[str]], room: Sequence[int], tried: set[int]
) -> bool:
    """One more copy of ``card`` hidden with a player who may hold it, moving another of that player's cards
    to another player when the first is full (an augmenting path: it finds a place whenever one exists)."""
    for seat in range(len(own)):
        if seat in tried or held[seat][card] >= own[seat][card]:
            continue
        tried.add(seat)
        if sum(held[seat].values()) < room[seat]:
            held[seat][card] += 1
            return True
        for other in sorted(+held[seat]):
            if _place(other, held, own, room, tried):
                held[seat][other] -= 1
                held[seat][card] += 1
                return True
    return False


def _fitted_own(own: Sequence[Counter[str]], removed: Counter[str], room: Sequence[int]) -> list[Counter[str]]:
    """§6.6, §12: an assignment of the unseen starting cards (and heroes) that fits every player's hidden
    cards, for the rare view where uniform deals keep missing one (a real state always has one)."""
    held: list[Counter[str]] = [Counter() for _ in own]
    total: Counter[str] = sum(own, Counter())
    total.subtract(removed)
    for card in sorted(total):
        for _ in range(total[card]):
            if not _place(card, held, own, room, set()):
                raise ValueError("the players' own cards do not fit their hidden hands and draw piles")
    return held


def _own_hidden(view: State, room: Sequence[int], rng: Rng) -> tuple[list[Counter[str]], Rng]:
    """§6.6, §4.6 Destroy, §9: which starting cards and heroes each player holds hidden (in hand or draw
    pile). A destroyed one is public but not whose it was: the destroyed copies are dealt uniformly among the
    players who have an unseen copy, a deal kept only when every player's own cards fit their hidden cards."""
    own = _own_unseen(view)
    neutral = set(CONTENT.neutral)
    removed = Counter(c for c in view.folk_removed if c not in neutral)
    for _ in range(ATTEMPTS):
        held, rng = _uniform_own(own, removed, room, rng)
        if held is not None:
            return held, rng
    return _fitted_own(own, removed, room), rng


def _townsfolk(view: State, seat: int, rng: Rng) -> tuple[tuple[Player, ...], tuple[str, ...], Rng]:
    """§9, §6.4, §6.6: the other players' hands, every draw pile and the neutral cards below the pile tops.

    Each player's hidden cards are their own unseen starting cards and hero (``_own_hidden``) and, for the
    rest, neutral cards dealt uniformly from those the view shows nowhere (§6.4: not on a pile top, in a
    visible place of a player or out of the game); the hidden cards are then split uniformly between the
    hand (its size kept) and the draw pile. The neutral cards left are the ones below the pile tops."""
    room = [_hidden_count(p, k, seat) for k, p in enumerate(view.players)]
    held, rng = _own_hidden(view, room, rng)
    neutral = set(CONTENT.neutral)
    seen = [c for c in view.folk_tops if c != EMPTY]
    seen += [c for c in view.folk_removed if c in neutral]
    seen += [c for k, p in enumerate(view.players) if not p.ai for c in _shown(p, k, seat) if c in neutral]
    pool, rng = shuffled(unseen(CONTENT.neutral, seen), rng)
    fill = [size - sum(counts.values()) for size, counts in zip(room, held, strict=True)]
    parts, below = cut(pool, fill)
    if len(below) != len(view.folk_unseen):
        raise ValueError(f"the view hides {len(view.folk_unseen)} pile cards but {len(below)} are left")
    players: list[Player] = []
    for k, p in enumerate(view.players):
        if p.ai:
            players.append(p)
            continue
        cards, rng = shuffled(sorted([*held[k].elements(), *parts[k]]), rng)
        hand_size = 0 if k == seat else len(p.hand)
        hand = p.hand if k == seat else tuple(sorted(cards[:hand_size]))
        players.append(replace(p, hand=hand, draw=tuple(sorted(cards[hand_size:]))))
    return tuple(players), tuple(sorted(below)), rng


# ---- the Cleric AI's schemes (§8.1, §9) -------------------------------------------------------------------


def _schemes(view: State, players: tuple[Player, ...], rng: Rng) -> tuple[tuple[Player, ...], tuple[str, ...], Rng]:
    """§8.1, §9: the AI's scheme draw pile and the Future Schemes not yet taken. The Starting Schemes the view
    shows nowhere (not in the AI's slots or discard pile, not returned to the box) are all in the draw pile
    (only Future Schemes stay outside it, §8.1 step 4); the unseen Future Schemes fill the rest of the draw
    pile, dealt uniformly, and the others are the ones not yet taken."""
    out = list(players)
    future_unseen: tuple[str, ...] = ()
    for k, p in enumerate(players):
        if not p.ai or not (p.draw or view.future_unseen):
            continue
        seen = [*p.discard, *(c for c in p.slots if c != EMPTY), *ai_board().schemes_removed]
        starting = unseen(CONTENT.starting_schemes, [c for c in seen if c in CONTENT.starting_schemes])
        futures, rng = shuffled(unseen(CONTENT.future_schemes, [c for c in seen if c in CONTENT.future_schemes]), rng)
        if len(starting) > len(p.draw):
            raise ValueError(f"the AI's draw pile holds {len(p.draw)} schemes, not its {len(starting)} unseen ones")
        (in_draw,), left = cut(futures, [len(p.draw) - len(starting)])
        if len(left) != len(view.future_unseen):
            raise ValueError(f"the view hides {len(view.future_unseen)} Future Schemes but {len(left)} are left")
        out[k] = replace(p, draw=tuple(sorted([*starting, *in_draw])))
        future_unseen = tuple(sorted(left))
    return tuple(out), future_unseen, rng


# ---- setup's piles: manuscripts, player cards, heroes (§3, §6.11, §6.12, §9) ------------------------------


def _manuscripts(view: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """§6.12, §9: the manuscripts below the pile tops (black-backed) and those not yet dealt at setup
    (grey-backed): each is every manuscript of its back the view shows neither on a top nor collected. Their
    order is not kept (unseen piles are multisets), so they are determined."""
    seen = [*(m for m in view.script_tops if m != EMPTY), *(m for p in view.players for m in p.manuscripts)]
    grey = unseen(CONTENT.grey_backed, [m for m in seen if m in CONTENT.grey_backed])
    black = unseen(CONTENT.black_backed, [m for m in seen if m not in CONTENT.grey_backed])
    if len(grey) != len(view.grey_unseen) or len(black) != len(view.script_unseen):
        raise ValueError("the view's unseen manuscripts do not match the game's manuscripts")
    return tuple(black), tuple(grey)


def _player_cards(view: State) -> tuple[int, ...]:
    """§6.11, §3 step 8, §9: the player cards never laid out: every one not among the laid-out pairs."""
    laid = {pair.card for pair in view.pairs}
    return tuple(sorted(c for c in CONTENT.player_cards if c not in laid))


def _heroes(view: State) -> tuple[str, ...]:
    """§3 step 8, §9: the heroes never laid out: every one not under a laid-out pair."""
    return tuple(unseen(CONTENT.heroes, [pair.hero for pair in view.pairs if pair.hero]))


# ---- the redeal ---------------------------------------------------------------------------------------------


def redeal(view: State, seat: int, rng: Rng) -> State:
    """§9: a whole seeded state ``seat`` cannot tell from the one its ``view`` was made from: everything the
    view shows kept, every hidden part dealt from what remains possible (``_townsfolk``, ``_schemes``,
    ``_manuscripts``, ``_player_cards``, ``_heroes``), its future chance a fresh generator drawn from ``rng``.
    The state keeps nothing else that differs between seeded and external-chance games."""
    players, folk_unseen, rng = _townsfolk(view, seat, rng)
    players, future_unseen, rng = _schemes(view, players, rng)
    script_unseen, grey_unseen = _manuscripts(view)
    generator, rng = fresh_generator(rng)
    return replace(
        view,
        players=players,
        folk_unseen=folk_unseen,
        script_unseen=script_unseen,
        grey_unseen=grey_unseen,
        cards_unseen=_player_cards(view),
        heroes_unseen=_heroes(view),
        future_unseen=future_unseen,
        rng=generator,
        external_chance=False,
        redacted=False,
        viewer=NO_SEAT,
    )
