"""State builders for the Viscounts of the West Kingdom rule tests.

``table`` plays setup through the engine with external chance: the segments laid in a chosen order, the
castle in a chosen rotation, the player cards and heroes chosen, every other draw answered with the first
piece on offer; it stops at the start player's (seat 0's) first ``play`` decision. The other builders
change that state with ``msgspec.structs.replace``: a player's zones, goods, manuscripts and track
(``player``), the pile tops (``folk_top``, ``script_top``), the castle (``workers``), the buildings
(``build``) and the turn (``at``). They keep the §12 conservation laws the state check enforces: a neutral
card a player gains leaves the unseen cards (or a pile top, replaced from them), one given up goes back; a
starting card or hero given up is out of the game; a manuscript comes out of the unseen ones; a built
building stands on a spot; workers leave the supply. So a built state at a decision passes ``ENGINE.check``
(``checked``).

Spaces are ``3 * position + k`` (k: 0 outer-left, 1 inner, 2 outer-right); with the default ring
``A..E`` the side at position ``p`` is segment ``"ABCDE"[p]``. With rotation ``r`` the castle section by
position ``p`` is ``(p + r) % 5``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.errors import Violation
from engines.viscounts import moves as mv
from engines.viscounts.board import spot_index, spot_table
from engines.viscounts.common import CONTENT, owned
from engines.viscounts.engine import ENGINE
from engines.viscounts.state import EMPTY, Phase, Player, State, Step, Turn
from tests.engines.setups import new_state

Move = mv.Move

PLAYER_CARDS = (1, 2, 4, 10, 7)
"""Player cards laid out by default: their extra steps touch nothing on the board (§6.11)."""


def space(position: int, kind: str) -> int:
    """The viscount space ``kind`` (``"OL"``, ``"IN"``, ``"OR"``) of ring position ``position``."""
    return 3 * position + ("OL", "IN", "OR").index(kind)


def _chance_for(s: State, first: Any, letters: list[str], rotation: int, heroes: list[str]) -> Any:
    """The chance answer ``table`` gives: the chosen segment, rotation, player card and hero, else ``first``."""
    action = first.action
    if isinstance(action, mv.Segment):
        return Move(CHANCE, mv.Segment(letters.pop(0)))
    if isinstance(action, mv.Rotation):
        return Move(CHANCE, mv.Rotation(rotation))
    if isinstance(action, mv.PlayerCardDrawn):
        return Move(CHANCE, mv.PlayerCardDrawn(PLAYER_CARDS[len(s.pairs)]))
    if isinstance(action, mv.HeroDrawn) and heroes:
        return Move(CHANCE, mv.HeroDrawn(heroes.pop(0)))
    return first


def table(
    players: int = 2,
    *,
    order: str = "ABCDE",
    rotation: int = 0,
    heroes: Mapping[int, str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> State:
    """A game after setup (§3): the ring laid in ``order``, the castle in ``rotation``, seat 0 the start
    player, ``heroes[seat]`` that seat's hero, every other chance answered by the first piece on offer; seat
    0 owes its first ``play``. Seat ``k`` picks pair ``n - 1 - k`` (the draft runs in reverse order)."""
    overrides = {"start_player": 0, **(options or {})}
    s = new_state(ENGINE, players, **overrides)
    chosen = dict(heroes or {})
    unchosen = [h for h in CONTENT.heroes if h not in chosen.values()]
    laid = [chosen[players - 1 - pair] if players - 1 - pair in chosen else unchosen.pop(0) for pair in range(players)]
    letters, hero_list = list(order), [*laid, unchosen[0]]
    for _ in range(200):
        if s.stage == "turns" and not s.queue and s.turn is not None and s.turn.phase == "play":
            return s
        s = ENGINE.apply(s, _chance_for(s, ENGINE.legal_moves(s)[0], letters, rotation, hero_list))
    raise AssertionError("setup did not reach the first turn")


# ---- where cards and manuscripts come from and go to (§12 conservation) ----------------------------------------


def _count(left: tuple[int, ...], delta: int) -> tuple[int, ...]:
    """Pile counts with one card more (on the emptiest pile) or less (from the fullest)."""
    counts = list(left)
    pick = min if delta > 0 else max
    i = pick(range(len(counts)), key=lambda k: counts[k])
    counts[i] += delta
    return tuple(counts)


Piles = tuple[str, str, str]
"""The state fields of one kind of pile: the visible tops, the unseen items below them, the counts below."""

FOLK: Piles = ("folk_tops", "folk_unseen", "folk_left")
SCRIPTS: Piles = ("script_tops", "script_unseen", "script_left")


def _take(s: State, piles: Piles, item: str) -> State:
    """``item`` leaves the piles: from the unseen ones (one pile counting one less), or from a pile's top,
    which then shows an unseen one."""
    tops, unseen = list(getattr(s, piles[0])), list(getattr(s, piles[1]))
    if item in tops:
        tops[tops.index(item)] = unseen.pop(0)
    else:
        assert item in unseen, f"{item} is not free to give"
        unseen.remove(item)
    left = _count(getattr(s, piles[2]), -1)
    return replace(s, **{piles[0]: tuple(tops), piles[1]: tuple(unseen), piles[2]: left})


def _show(s: State, piles: Piles, position: int, item: str) -> State:
    """The pile at ``position`` shows ``item`` (``""``: the pile is used up); what it showed goes back among
    the unseen items, and another pile showing ``item`` shows an unseen one instead."""
    tops, unseen, left = (list(getattr(s, field)) for field in piles)
    if tops[position] == item:
        return s
    if tops[position]:
        unseen.append(tops[position])
        left[position] += 1
    if item in tops:
        other = tops.index(item)
        tops[other] = next(x for x in sorted(unseen) if x != item)
        unseen.remove(tops[other])
        left[other] -= 1
    elif item:
        unseen.remove(item)
        left[position] -= 1
    if not item or left[position] < 0:  # the count below moves to (or from) the fullest other pile
        fullest = max((k for k in range(len(left)) if k != position), key=lambda k: left[k])
        moved = left[position] if not item else -1
        left[fullest], left[position] = left[fullest] + moved, left[position] - moved
    tops[position] = item
    return replace(s, **{piles[0]: tuple(tops), piles[1]: tuple(sorted(unseen)), piles[2]: tuple(left)})


def _bring_folk(s: State, card: str) -> State:
    """A card a player newly owns: a neutral one from the unseen cards or a pile's top, a starting card or
    hero back from out of the game."""
    if CONTENT.townsfolk[card].deck == "neutral":
        return _take(s, FOLK, card)
    removed = list(s.folk_removed)
    if card in removed:
        removed.remove(card)
    return replace(s, folk_removed=tuple(removed))


def _drop_folk(s: State, card: str) -> State:
    """A card a player no longer owns: a neutral one back among the unseen cards, a starting card or hero
    out of the game."""
    if CONTENT.townsfolk[card].deck != "neutral":
        return replace(s, folk_removed=tuple(sorted((*s.folk_removed, card))))
    unseen = tuple(sorted((*s.folk_unseen, card)))
    return replace(s, folk_unseen=unseen, folk_left=_count(s.folk_left, +1))


def _moved(before: Sequence[str], after: Sequence[str]) -> tuple[list[str], list[str]]:
    """What came and what went between two multisets."""
    b, a = Counter(c for c in before if c), Counter(c for c in after if c)
    return list((a - b).elements()), list((b - a).elements())


ZONES = ("hand", "draw", "discard", "slots")


def _moved_out(old: Player, changes: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """The zones ``changes`` leaves alone, without the cards it newly puts in the zones it names (a card is
    moved, not copied: the Thief put in a slot leaves the draw pile)."""
    named = [z for z in ZONES if z in changes]
    placed = Counter(c for z in named for c in changes[z] if c)
    placed.subtract(Counter(c for z in named for c in getattr(old, z) if c))
    out: dict[str, tuple[str, ...]] = {}
    for zone in (z for z in ("hand", "draw", "discard") if z not in changes):
        cards = list(getattr(old, zone))
        for card in [c for c, k in placed.items() for _ in range(k)]:
            if card in cards:
                cards.remove(card)
                placed[card] -= 1
        out[zone] = tuple(cards)
    return out


# ---- builders ------------------------------------------------------------------------------------------------


def player(s: State, seat: int, **changes: Any) -> State:
    """``s`` with seat ``seat``'s fields replaced: ``hand``/``draw`` are sorted, ``slots`` padded to three
    (``""`` for an empty slot); the cards and manuscripts that come and go keep conservation."""
    old = s.players[seat]
    if "slots" in changes:
        slots = tuple(changes["slots"])
        changes["slots"] = (*slots, *(EMPTY,) * (3 - len(slots)))
    for zone in ("hand", "draw"):
        if zone in changes:
            changes[zone] = tuple(sorted(changes[zone]))
    for zone in ("discard", "manuscripts", "cleric_bonus", "built"):
        if zone in changes:
            changes[zone] = tuple(changes[zone])
    changes.update(_moved_out(old, changes))
    new = replace(old, **changes)
    twice = [c for c, k in Counter(owned(new)).items() if k > 1 and CONTENT.townsfolk[c].deck != "neutral"]
    assert not twice, f"seat {seat} would own {twice} twice"
    came, went = _moved(owned(old), owned(new))
    for card in went:
        s = _drop_folk(s, card)
    for card in came:
        s = _bring_folk(s, card)
    came, went = _moved(old.manuscripts, new.manuscripts)
    assert not went, "a player's manuscripts never shrink"
    for manuscript in came:
        s = _take(s, SCRIPTS, manuscript)
    return replace(s, players=(*s.players[:seat], new, *s.players[seat + 1 :]))


def folk_top(s: State, position: int, card: str) -> State:
    """The townsfolk pile at ``position`` shows ``card`` (``""``: the pile is used up, only its printed card
    is left, A-25); the card it showed goes back among the unseen ones."""
    return _show(s, FOLK, position, card)


def script_top(s: State, position: int, manuscript: str) -> State:
    """The manuscript pile at ``position`` shows ``manuscript`` (``""``: the pile is used up, only its printed
    manuscript is left, §5.7); the one it showed goes back among the unseen ones."""
    return _show(s, SCRIPTS, position, manuscript)


def workers(
    s: State,
    *,
    tier1: Mapping[tuple[int, int], int] | None = None,
    tier2: Mapping[tuple[int, int], int] | None = None,
    centre: Mapping[int, int] | None = None,
    leader: int | None = None,
) -> State:
    """The castle holds exactly these workers: ``tier1[(section, seat)] = n`` (and tier 2), ``centre[seat] =
    n``, the rest in each owner's supply; ``leader`` holds the Castle Leader card."""
    n = len(s.players)
    t1 = [[0] * n for _ in range(5)]
    t2 = [[0] * n for _ in range(5)]
    top = [0] * n
    for (section, seat), count in (tier1 or {}).items():
        t1[section][seat] = count
    for (section, seat), count in (tier2 or {}).items():
        t2[section][seat] = count
    for seat, count in (centre or {}).items():
        top[seat] = count
    castle = replace(
        s.castle,
        tier1=tuple(tuple(row) for row in t1),
        tier2=tuple(tuple(row) for row in t2),
        centre=tuple(top),
        leader=-1 if leader is None else leader,
    )
    s = replace(s, castle=castle)
    for seat in range(n):
        placed = sum(t1[k][seat] + t2[k][seat] for k in range(5)) + top[seat]
        s = player(s, seat, workers=CONTENT.board.workers - placed)
    return s


def spot(s: State, spot_id: str) -> int:
    """The index of building spot ``spot_id`` on the ring."""
    index = spot_index(s.ring, spot_id)
    assert index >= 0, spot_id
    return index


def build(s: State, seat: int, *built: str, spots: Mapping[str, str] | None = None) -> State:
    """Seat ``seat`` has also constructed the buildings of board slots ``built``: each on the spot ``spots``
    names (slot id -> spot id), the others on the free spots of the last ring position, counter-clockwise
    (the tests act on the first positions)."""
    s = player(s, seat, built=(*s.players[seat].built, *built))
    where = list(s.spots)
    named = {spot(s, spot_id) for spot_id in (spots or {}).values()}
    free = [i for i in reversed(range(len(spot_table(s.ring)))) if where[i] == EMPTY and i not in named]
    for slot_id in built:
        index = spot(s, spots[slot_id]) if spots and slot_id in spots else free.pop(0)
        assert where[index] == EMPTY, f"spot {index} is taken"
        where[index] = f"{seat}:{slot_id}"
    return replace(s, spots=tuple(where))


def at(s: State, seat: int, phase: Phase, *, value: int = 0, played: str = "", queue: Sequence[Step] = ()) -> State:
    """Seat ``seat``'s turn, at ``phase`` (the turn's other fields fresh), with ``queue`` pending."""
    return replace(s, turn=Turn(seat=seat, phase=phase, value=value, played=played), queue=tuple(queue))


def checked(s: State) -> State:
    """``s``, after the state check (a built state the rules could reach, waiting for a decision)."""
    ENGINE.check(s)
    return s


# ---- playing -------------------------------------------------------------------------------------------------


def settled(s: State) -> State:
    """A built state after the engine's automatic steps (what ``apply`` does after every move)."""
    return ENGINE.settle(s)


def owed(s: State) -> int:
    """The seat owing the pending decision (``CHANCE`` for chance)."""
    seats = ENGINE.pending(s).seats
    assert len(seats) == 1, seats
    return seats[0]


def act(s: State, *actions: Any) -> State:
    """Apply each action as a move of the seat owing the decision."""
    for action in actions:
        s = ENGINE.apply(s, Move(owed(s), action))
    return s


def refusals(s: State, action: Any) -> list[Violation]:
    """What ``validate`` says about ``action`` by the seat owing the decision."""
    return ENGINE.validate(s, Move(owed(s), action))


def legal(s: State) -> list[Any]:
    """The actions of every legal move."""
    return [m.action for m in ENGINE.legal_moves(s)]


def legal_of(s: State, kind_: type) -> list[Any]:
    """The legal actions of one kind (``mv.Trade``, ``mv.PlaceWorkers`` ...)."""
    return [a for a in legal(s) if isinstance(a, kind_)]


def kind(s: State) -> str:
    """The kind of the pending decision (``play``, ``choose_resource``, ``chance.draw_card`` ...)."""
    return ENGINE.pending(s).kind


def draw_chance(s: State, *pieces: Any) -> State:
    """Answer pending chance draws with ``pieces`` in order (the card, manuscript ... each names)."""
    for piece in pieces:
        assert owed(s) == CHANCE, kind(s)
        action = next(a for a in legal(s) if getattr(a, a.__struct_fields__[0]) == piece)
        s = ENGINE.apply(s, Move(CHANCE, action))
    return s


def first_chance(s: State) -> State:
    """Answer every pending chance decision with the first piece on offer."""
    for _ in range(100):
        if ENGINE.pending(s).seats != (CHANCE,):
            return s
        s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    raise AssertionError("chance did not end")


GOODS = ("silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "corruption", "virtue", "workers")
"""The counters ``diff`` compares."""


def diff(before: Player, after: Player) -> dict[str, int]:
    """The counters that changed, by how much."""
    return {f: getattr(after, f) - getattr(before, f) for f in GOODS if getattr(after, f) != getattr(before, f)}
