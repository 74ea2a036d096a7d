"""Shared helpers for the Walled City engine tests: scripted external-chance setups and a
preference-driven player that walks a game through the engine (the rules spec)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core.engine import CHANCE
from engines.walled_city import moves as mv
from engines.walled_city import setup
from engines.walled_city.common import board
from engines.walled_city.content import CONTENT
from engines.walled_city.engine import ENGINE
from engines.walled_city.state import State
from tests.engines.setups import new_state

FACTIONS = ("blue", "purple", "yellow", "orange", "green")
#: The 11-card deck of §2.4.
DECK = ((1, 0), (2, 0), (1, 1), (3, 0), (2, 1), (4, 0), (3, 1), (2, 2), (5, 0), (4, 1), (3, 2))


def dice_with(overrides: dict[int, tuple[str, int]] | None = None) -> list[tuple[str, int]]:
    """20 dice in die-spot order (areas, then towers), 4 per faction; ``overrides`` fixes spot → (faction, value)."""
    overrides = overrides or {}
    left = Counter({f: 4 for f in FACTIONS})
    left.subtract(f for f, _ in overrides.values())
    assert all(n >= 0 for n in left.values())
    pool = [f for f in FACTIONS for _ in range(left[f])]
    return [overrides[i] if i in overrides else (pool.pop(0), 1) for i in range(20)]


def chance(s: State, action: Any) -> State:
    return ENGINE.apply(s, mv.Move(CHANCE, action))


def act(s: State, action: Any) -> State:
    """Apply ``action`` for the seat whose decision is pending."""
    return ENGINE.apply(s, mv.Move(ENGINE.pending(s).seats[0], action))


def check(s: State, action: Any) -> list[str]:
    """The violation codes of ``action`` for the pending seat."""
    return [v.code for v in ENGINE.validate(s, mv.Move(ENGINE.pending(s).seats[0], action))]


def scripted(
    players: int,
    board_side: str = "londonderry",
    *,
    start: int | None = 0,
    dice: Sequence[tuple[str, int]] | None = None,
    tiles: Sequence[int] | None = None,
    guilds: Sequence[str] | None = None,
    cards: Sequence[tuple[int, int]] = ((4, 0), (3, 1), (2, 2)),
    deck: str = "board",
) -> State:
    """An external-chance game with every setup chance event given (defaults: dice ``dice_with()``,
    all tiles +1, the first guilds of the deck in content order, the defence-only cards in order)."""
    overrides: dict[str, Any] = {"board": board_side, "guild_deck": deck}
    if start is not None:
        overrides["start_player"] = start
    s = new_state(ENGINE, players, **overrides)
    for f, v in dice if dice is not None else dice_with():
        s = chance(s, mv.ChanceDie(f, v))
    for t in tiles if tiles is not None else [1] * len(board(s).survey_areas):
        s = chance(s, mv.ChanceTile(t))
    for g in guilds if guilds is not None else setup.deck(s)[: setup.offer_size(s)]:
        s = chance(s, mv.ChanceGuild(g))
    if board_side == "borderlands" and players == 3:
        for a, b in cards:
            s = chance(s, mv.ChanceCard(a, b))
    return s


@dataclass
class Prefs:
    """How the scripted player chooses: the first legal move matching a preference, else the first legal
    move (promote and adjust default to ``Done``)."""

    paths: Sequence[str] = ()
    gaps: Sequence[str] = ()
    zones: Sequence[str] = ()
    guilds: dict[tuple[int, int], str] = field(default_factory=dict)
    """(round, seat) → guild."""
    cards: dict[int, Sequence[tuple[int, int]]] = field(default_factory=dict)
    """seat → preferred build cards."""
    defence: dict[tuple[int, int], mv.PlaceDefenceCard] = field(default_factory=dict)
    """(round, seat) → the exact placement."""
    defence_cards: dict[int, Sequence[tuple[int, int]]] = field(default_factory=dict)


def steps(s: State) -> list[mv.Move]:
    """The legal moves other than guild activations (what the scripted player considers)."""
    legal = ENGINE.legal_moves(s)
    return [m for m in legal if not isinstance(m.action, mv.ActivateGuild)] or legal


def choose(s: State, prefs: Prefs) -> mv.Move:
    """The scripted player's move: it never activates a guild unless nothing else is legal."""
    legal = steps(s)
    assert legal, ENGINE.pending(s)
    seat = legal[0].seat
    actions: list[Any] = [m.action for m in legal]
    moves: list[tuple[mv.Move, Any]] = [(m, m.action) for m in legal]

    def pick(pred: Callable[[Any], bool]) -> mv.Move | None:
        return next((m for m in legal if pred(m.action)), None)

    def by_spot_and_card(spots: Sequence[str], attr: str) -> mv.Move | None:
        cards = list(prefs.cards.get(seat, ())) + [(a.a, a.b) for a in actions]
        for spot in [*spots, *(getattr(a, attr) for a in actions)]:
            for card in cards:

                def matches(a: Any, spot: Any = spot, card: tuple[int, int] = card) -> bool:
                    return bool(getattr(a, attr) == spot and (a.a, a.b) == card)

                m = pick(matches)
                if m:
                    return m
        return None

    first = actions[0]
    found: mv.Move | None = None
    if isinstance(first, mv.StartingRoad):
        found = next((m for p in prefs.paths for m, a in moves if a.path == p), None)
    elif isinstance(first, mv.ChooseGuild):
        want = prefs.guilds.get((s.round, seat))
        found = pick(lambda a: a.guild == want)
    elif isinstance(first, mv.BuildRoad):
        found = by_spot_and_card(prefs.paths, "path")
    elif isinstance(first, mv.BuildWall):
        found = by_spot_and_card(prefs.gaps, "gap")
    elif isinstance(first, mv.Done):
        found = legal[0]
    elif isinstance(first, mv.PlaceDefenceCard):
        exact = prefs.defence.get((s.round, seat))
        if exact is not None:
            found = pick(lambda a: a == exact)
        for card in prefs.defence_cards.get(seat, ()):
            found = found or next((m for z in prefs.zones for m, a in moves if (a.zone, a.a, a.b) == (z, *card)), None)
        found = found or next((m for z in prefs.zones for m, a in moves if a.zone == z), None)
    return found or legal[0]


def run(s: State, prefs: Prefs | None = None, until: Callable[[State], bool] = lambda s: False) -> State:
    """Play scripted moves until ``until(state)`` holds or the game is over."""
    prefs = prefs or Prefs()
    while ENGINE.pending(s).seats and not until(s):
        s = ENGINE.apply(s, choose(s, prefs))
    return s


def at_build(round_: int) -> Callable[[State], bool]:
    return lambda s: s.phase == "build" and s.round == round_


def hand_counter(s: State, seat: int) -> Counter[tuple[int, int, bool]]:
    return Counter((c.a, c.b, c.defence_only) for c in s.seats[seat].hand)


def allotment(board_side: str, players: int) -> Any:
    return CONTENT.allotment(board_side, players)
