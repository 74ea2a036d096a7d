"""Walls of York game state (spec Appendix A), as immutable msgspec structs.

Walls are edge names ``"H x y"`` / ``"V x y"`` (§3.3) kept in edge-index order, cities and
selections are field names ``"c,r"``, so states and records stay readable. The engine works on
bitmasks internally (``geometry``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engines.core.rng import Rng
from engines.walls_of_york.content import LayoutEntry

NO_SEAT = -1

Step = Literal["first_player", "setup", "decree", "roll", "place", "lift", "close", "over"]


class Options(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """Game configuration and the §7.5 / §10 options."""

    players: int
    board: str = ""
    """A board preset id (e.g. ``ts1``): the play area is assembled without setup steps."""
    perfect_planning: bool = False
    """§7.5.1: +2 coins for closing without removing a piece."""
    longest_wall: bool = False
    """§7.5.2: +3 coins each Age to the longest straight wall (ties all score)."""
    strict_supply: bool = False
    """§10 A6: the 150 wall pieces are a real limit (default: unlimited, only counted)."""
    king_dice: Literal["custom", "standard_d6"] = "custom"
    """§10 A2: the reviewed custom king dice, or three standard d6."""
    negative_scores: bool = True
    """§10 A9: raid tiles may take a total below 0 (else each deduction stops at 0)."""
    max_turns_per_age: int = 300
    """§10 A8 safeguard: an Age still open after this many turns aborts the game."""


class Ledger(msgspec.Struct, frozen=True, gc=False):
    """One scored item: the score breakdown is these entries (plus raid and shield at the end)."""

    category: str
    points: int
    detail: str


class Submission(msgspec.Struct, frozen=True, gc=False):
    """A committed placement (hidden until every open player has committed, §4.4).

    ``kind``: ``formation`` (``variant``, ``dx``, ``dy``), ``single`` (``edge``), ``pass``;
    ``hidden`` in another seat's view.
    """

    kind: Literal["formation", "single", "pass", "hidden"]
    variant: int = 0
    dx: int = 0
    dy: int = 0
    edge: str = ""


class Player(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One player's board and holdings."""

    walls: tuple[str, ...] = ()
    open: bool = True
    city: tuple[str, ...] = ()
    coins: int = 0
    viking_tiles: int = 0
    raid_tiles: int = 0
    shield: bool = False
    ledger: tuple[Ledger, ...] = ()
    submitted: Submission | None = None
    """This turn's placement, committed and not yet revealed."""
    passed: bool = False
    """Passed in this turn's placement (rule F: must close if able)."""
    lift: int = 0
    """Strict supply (§10 A6): own walls still to lift and reuse for this turn's placement."""
    selection: tuple[str, ...] = ()
    """Fields of the city being declared in this closing step (hidden until revealed)."""
    decided: bool = False
    """This closing step's decision is final (Continue, or a sealed city)."""


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The whole game; ``rng is None`` means external chance."""

    options: Options
    players: tuple[Player, ...]
    layout: tuple[LayoutEntry, ...] = ()
    step: Step = "first_player"
    first_player: int = NO_SEAT
    setup_count: int = 0
    age: int = 1
    decree: tuple[int, ...] = ()
    """Buildings required this Age: (church, well, market)."""
    turn: int = 0
    roller: int = NO_SEAT
    age_start_roller: int = NO_SEAT
    """The first roller of the current Age (the shield tie goes clockwise from here, §5.6)."""
    face: int = -1
    """Index of the rolled building-die face this turn (-1 before the roll)."""
    supply_walls: int = 150
    rng: Rng | None = None
    external_chance: bool = False
    aborted: str = ""
    redacted: bool = False
    viewer: int = NO_SEAT
