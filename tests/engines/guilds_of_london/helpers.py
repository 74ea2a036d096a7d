"""Shared helpers for the Guilds of London engine tests: a mid-game state built from a few readable facts
(tiles where they lie with whose liverymen, masters, hands, VP, neutral pawns, the stage), with every other
component put where conservation wants it (supplies, decks, bags), so the state passes ``ENGINE.check``.

The shipped content is the synthetic set of the spec's §9.4: guild ``Gi`` has number ``(i-1) % 12 + 1``,
majority ``2 + i % 3``, a resolution bonus of that many VP, and a first-place ``MOVE(1)`` (odd ``i``) or
``DRAW_ACTION(1)`` (even ``i``); special buildings have majority 4, 4 VP and draw 2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london import setup
from engines.guilds_of_london.common import CONTENT
from engines.guilds_of_london.engine import ENGINE
from engines.guilds_of_london.order import turn_order
from engines.guilds_of_london.state import NO_SEAT, CityTile, Ledger, Player, Stage, State, Step, Turn

FIXTURE = "fixture"
"""The ledger category of the VP a fixture starts with."""


@dataclass(frozen=True)
class Spot:
    """A tile of the fixture's city: face up with ``men`` (seat -> liverymen) and a token, or face down
    (``master`` given, or ``face_up=False`` for an uncontrolled one)."""

    tile: str
    row: int
    col: int
    men: Mapping[int, int] = field(default_factory=dict)
    master: int = NO_SEAT
    face_up: bool | None = None
    token: str = "T_VP2"

    def placed(self, players: int) -> CityTile:
        up = self.master == NO_SEAT if self.face_up is None else self.face_up
        counts = tuple(self.men.get(seat, 0) for seat in range(players))
        if not up:
            return CityTile(
                row=self.row, col=self.col, tile=self.tile, face_up=False, liverymen=(0,) * players, master=self.master
            )
        return CityTile(row=self.row, col=self.col, tile=self.tile, liverymen=counts, token=self.token)


def _take(pile: Counter[str], items: Iterable[str], what: str) -> None:
    for item in items:
        assert pile[item] > 0, f"no {item} left in the {what}"
        pile[item] -= 1


def game(
    players: int,
    spots: Sequence[Spot],
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    lord_mayor: Mapping[int, Sequence[str]] | None = None,
    vp: Mapping[int, int] | None = None,
    stamps: Mapping[int, int] | None = None,
    neutral: Mapping[int, int] | None = None,
    guildhall: Mapping[int, int] | None = None,
    plantation: Mapping[int, int] | None = None,
    tokens: Mapping[int, Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    beadle: str = "",
    stage: Stage = "turns",
    round: int = 1,
    turn: int | None = None,
    scan: int = 0,
    queue: Sequence[Step] = (),
    side: str = "VIRGINIA",
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> State:
    """A state of ``players`` with the facts given; everything else in the supplies, decks and bags.

    Guildhall: 4 liverymen a seat unless given. VP: one fixture ledger line each. Stamps: seat 0 on top
    of equal VP unless given. ``turn``: the seat whose turn is running (stage ``turns``), the order taken
    from VP. External chance unless a ``seed`` is given.
    """
    t = CONTENT.tracks_for(players)
    opts = setup.make_options(players, {"plantation_side": side, **(options or {})})
    city = tuple(sorted((spot.placed(players) for spot in spots), key=lambda c: (c.row, c.col)))
    seats = range(players)
    hall = tuple((guildhall or {}).get(seat, t.liverymen_on_guildhall) for seat in seats)
    planted = tuple((plantation or {}).get(seat, 0) for seat in seats)
    supply = []
    for seat in seats:
        used = hall[seat] + planted[seat] + sum(c.liverymen[seat] for c in city)
        used += sum(1 for c in city if not c.face_up and c.master == seat)
        assert used <= t.liverymen_per_colour, f"seat {seat} has {used} figures"
        supply.append(t.liverymen_per_colour - used)
    deck = Counter(CONTENT.deck)
    for cards in (hands or {}).values():
        _take(deck, cards, "deck")
    _take(deck, discard, "deck")
    lm = Counter(c.id for c in CONTENT.lord_mayor_cards)
    for cards in (lord_mayor or {}).values():
        _take(lm, cards, "Lord Mayor deck")
    bag = Counter(CONTENT.token_bag)
    _take(bag, [c.token for c in city if c.token], "token bag")
    for held in (tokens or {}).values():
        _take(bag, held, "token bag")
    tiles = Counter(setup.tiles_in_game(players))
    _take(tiles, [c.tile for c in city], "tile supply")
    points = vp or {}
    marks = stamps or {seat: players - seat for seat in seats}
    people = tuple(
        Player(
            vp=points.get(seat, 0),
            stamp=marks[seat],
            hand=tuple(sorted((hands or {}).get(seat, ()))),
            lm_cards=tuple(sorted((lord_mayor or {}).get(seat, ()))),
            tokens=tuple(sorted((tokens or {}).get(seat, ()))),
            neutral=(neutral or {}).get(seat, 0),
            ledger=(Ledger(FIXTURE, "earlier play", points[seat]),) if points.get(seat) else (),
        )
        for seat in seats
    )
    pool = t.neutral - sum(p.neutral for p in people)
    assert pool >= 0, "more neutral pawns held than the game has"
    s = State(
        options=opts,
        players=people,
        guildhall=hall,
        supply=tuple(supply),
        plantation=planted,
        neutral_pool=pool,
        city=city,
        beadle=beadle,
        plantation_side=side,
        tile_supply=tuple(sorted(tiles.elements())),
        token_bag=tuple(sorted(bag.elements())),
        deck=tuple(sorted(deck.elements())),
        discard=tuple(sorted(discard)),
        lm_deck=tuple(sorted(lm.elements())),
        round=round,
        stage=stage,
        scan=scan,
        next_stamp=max(marks.values()) + 1,
        queue=tuple(queue),
        rng=None,
        external_chance=True,
    )
    order = turn_order(s)
    s = replace(s, order=order)
    if turn is not None:
        s = replace(s, turn=Turn(seat=turn), turn_index=order.index(turn) + 1)
    if seed is not None:
        from engines.core.rng import Rng

        s = replace(s, rng=Rng.seeded(seed), external_chance=False)
    return s


# ---- driving the engine --------------------------------------------------------------------------------------


def settled(s: State) -> State:
    """The state after every automatic step (stops at the first decision, chance included)."""
    s = ENGINE.settle(s)
    ENGINE.check(s)
    return s


def act(s: State, action: Any, seat: int | None = None) -> State:
    """Apply ``action`` for ``seat`` (default: the pending seat) and check the result."""
    who = ENGINE.pending(s).seats[0] if seat is None else seat
    after = ENGINE.apply(s, mv.Move(who, action))
    ENGINE.check(after)
    return after


def chance(s: State, action: Any) -> State:
    """Apply a chance outcome."""
    return act(s, action, CHANCE)


def codes(s: State, action: Any, seat: int | None = None) -> list[str]:
    """The violation codes of ``action`` for ``seat`` (default: the pending seat)."""
    who = ENGINE.pending(s).seats[0] if seat is None else seat
    return [v.code for v in ENGINE.validate(s, mv.Move(who, action))]


def legal(s: State) -> list[Any]:
    """The actions of the pending decision."""
    return [m.action for m in ENGINE.legal_moves(s)]


def kind(s: State) -> str:
    return ENGINE.pending(s).kind


def tile(s: State, tile_id: str) -> CityTile:
    """The city tile ``tile_id``."""
    return next(c for c in s.city if c.tile == tile_id)


def vp(s: State) -> list[int]:
    return [p.vp for p in s.players]


def draw_cards(s: State, card: str = "CROSS_DRAW") -> State:
    """Answer every pending action-card draw with ``card``."""
    while kind(s) == "chance.draw_card":
        s = chance(s, mv.ChanceCard(card))
    return s
