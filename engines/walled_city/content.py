"""The Walled City content besides the boards: factions, building cards, allotments, guilds (§2–§3, §6.2).

Loaded from ``data/game.json`` (or a content pack's file of the same name), each item with its
provenance; the boards are in ``board.py``.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

import msgspec

from engines.core.content import ContentError, Provenance, load, pack_dir

DATA_DIR = Path(__file__).parent / "data"


class Factions(msgspec.Struct, frozen=True, gc=False):
    ids: list[str]
    dice_per_faction: int
    faces: list[int]
    provenance: Provenance
    source: str


class Deck(msgspec.Struct, frozen=True, gc=False):
    cards: list[tuple[int, int]]
    provenance: Provenance
    source: str


class Allotment(msgspec.Struct, frozen=True, gc=False):
    """Pieces and cards per player for a board side and player count (§3.2, §3.3)."""

    board: str
    players: int
    roads: int
    walls: int
    nobles: int
    peasants: int
    decks: int
    remove: list[tuple[int, int]]
    provenance: Provenance
    source: str


class Cards(msgspec.Struct, frozen=True, gc=False):
    cards: list[tuple[int, int]]
    provenance: Provenance
    source: str


class Guild(msgspec.Struct, frozen=True, gc=False):
    """A guild card (§6.2): its deck and priority (``b``: Borderlands-style number, acts after the plain one)."""

    id: str
    name_en: str
    name_hu: str
    deck: str
    priority: int
    b: bool
    permanent: bool
    provenance: Provenance
    source: str

    @property
    def key(self) -> tuple[int, int]:
        """§4.2 sort key: ``n`` < ``nb`` < ``n+1``."""
        return (self.priority, 1 if self.b else 0)

    @property
    def label(self) -> str:
        return f"{self.priority}{'b' if self.b else ''}"


class Values(msgspec.Struct, frozen=True, gc=False):
    values: list[int]
    provenance: Provenance
    source: str


class GameContent(msgspec.Struct, frozen=True, dict=True):
    factions: Factions
    deck: Deck
    allotments: list[Allotment]
    defence_only_cards: Cards
    offer_size: dict[str, int | str]
    starting_roads: dict[str, int | str]
    place_values: Values
    guilds: list[Guild]

    @cached_property
    def guild(self) -> dict[str, Guild]:
        return {g.id: g for g in self.guilds}

    def allotment(self, board: str, players: int) -> Allotment:
        for a in self.allotments:
            if a.board == board and a.players == players:
                return a
        raise ContentError(f"no allotment for {board} with {players} players")

    def guild_deck(self, board: str, mixed: bool) -> tuple[str, ...]:
        """§3.4: the board's 12 cards (its own 8 + the 4 shared), or all 20 when mixed."""
        return tuple(g.id for g in self.guilds if mixed or g.deck in (board, "both"))


def validate_content(c: GameContent) -> GameContent:
    """Content fits the game: 5 factions of 4 dice (§2.5), 20 guilds (§2.7), each board's deck of 12 cards
    with distinct priorities (§3.4, §4.2) and an allotment for 2–4 players on each board (§3.2, §3.3)."""
    if len(c.factions.ids) != 5 or c.factions.dice_per_faction != 4:
        raise ContentError("5 factions of 4 dice are needed (§2.5)")
    if len(c.guilds) != 20 or len({g.id for g in c.guilds}) != 20:
        raise ContentError("20 distinct guilds are needed (§2.7)")
    for board in ("londonderry", "borderlands"):
        keys = [c.guild[g].key for g in c.guild_deck(board, False)]
        if len(keys) != 12 or len(set(keys)) != 12:
            raise ContentError(f"the {board} guild deck needs 12 cards with distinct priorities (§3.4, §4.2)")
        for n in (2, 3, 4):
            c.allotment(board, n)
    return c


def load_content(pack: Path | None = None) -> GameContent:
    return validate_content(load(DATA_DIR, "game.json", GameContent, pack))


#: The content in force (a pack's, else the shipped file); immutable data.
CONTENT = load_content(pack_dir("walled_city"))
