"""Guilds of London content: symbols, tiles, plantation, cards, tokens and tracks (§2, §6, §9.2).

One JSON file per component family in ``data/`` (or a content pack's file of the same name,
``engines.core.content.pack_dir``), decoded into frozen msgspec structs and checked against the
loader rules of §9.3 before anything uses them. The printed components are not known (§9.1), so
the shipped tiles, cards, tokens and plantation are the synthetic stand-in set of §9.4, every item
marked ``reconstructed``; a pack of transcribed components replaces them without code changes.

* §9.2.1: the effect language, a union tagged by ``op`` (``Vp``, ``DrawAction``, ... ``Custom``),
  each with its A-19 ``mandatory`` default, and the ``Filter`` shared with Lord Mayor scoring.
* §9.2.2–§9.2.8: ``GuildTile``, ``SpecialBuilding``, ``PlantationSide``, ``ActionCardType``,
  ``LordMayorCard`` (scoring tagged by ``kind``), ``TokenType``, ``Tracks`` with its ``CityLayout``
  (§3.3, §3.4, A-04, A-05).
* §9.3: ``validate`` applies rules 1–10; rule 2 and rule 1's back-symbol check are warnings
  (``Content.warnings``), everything else raises ``ContentError`` naming the file, the item and the
  numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache, cached_property
from itertools import pairwise
from pathlib import Path
from typing import Any, Final, Generic, Literal, NamedTuple, TypeAlias, TypeVar, get_args

import msgspec

from engines.core.content import ContentError, Provenance, load, pack_dir
from engines.guilds_of_london.city import Cell, Direction, is_connected

DATA_DIR = Path(__file__).parent / "data"
GAME_ID = "guilds_of_london"

T = TypeVar("T")

Symbol = Literal["COMPASS", "ANCHOR", "CROSS", "SCYTHE", "CROWN"]
"""§0.3: the five guild symbols (a card's colour shows the same symbol)."""

#: §0.3: the symbols in the rulebook's order (§9.4 indexes them as ``S[0..4]``).
SYMBOLS: Final[tuple[Symbol, ...]] = get_args(Symbol)

Origin = Literal["GUILDHALL", "FACE_UP", "FACE_DOWN"]
"""§9.2.1 ``from``: where a moved figure may come from (the Guildhall, a face-up tile, a master)."""

Timing = Literal["immediate", "end_of_turn"]
"""R-TURN-5: when a draw happens."""

Event = Literal["OWN_MOVE", "OWN_HIRE", "OWN_TO_PLANTATION"]
"""§9.2.1 ``TRIGGER``: what a "whenever you ... this turn" effect waits for."""

TileKind = Literal["GUILD", "SPECIAL", "ANY"]
"""§9.2.1 filter ``kind``; A-23: Lord Mayor cards count guild tiles only unless they say otherwise."""

Counted = Literal["controlled_tiles", "masters", "liverymen_on", "second_place_tokens", "lm_cards", "cards_in_hand"]
"""§9.2.1 filter ``what``."""

Location = Literal["PLANTATION", "GUILDHALL"]
"""§9.2.1 filter ``location`` (liverymen counts only)."""

StartPosition = Literal["EAST_OF_GUILDHALL"]
"""§9.2.3 ``fixed_start_position``: R-SETUP-12 puts St Lawrence Jewry east of the Guildhall."""

SideId = Literal["ULSTER", "VIRGINIA"]
"""§6.4: the two sides of the plantation tile."""

#: §2.1 component counts the loader insists on (§9.3 rules 1, 4, 6, 7, 8).
GUILD_TILES: Final = 40
SPECIAL_BUILDINGS: Final = 5
ACTION_CARDS: Final = 105
LORD_MAYOR_CARDS: Final = 21
TOKENS: Final = 30
#: §2.2: guild order numbers run from 1 to 12.
NUMBERS: Final = range(1, 13)

#: §6.3: the five special buildings the rulebook names (§9.3 rule 4).
ST_LAWRENCE: Final = "Church of St Lawrence Jewry"
GOG_MAGOG: Final = "Gog & Magog"
UNIVERSITY: Final = "University of London"
SPECIAL_NAMES: Final[frozenset[str]] = frozenset(
    {ST_LAWRENCE, GOG_MAGOG, "Company Hall", "Lord Mayor's Parade", UNIVERSITY}
)
#: R-TURN-5: only these two special buildings have continuous effects.
CONTINUOUS_BUILDINGS: Final[frozenset[str]] = frozenset({GOG_MAGOG, UNIVERSITY})
#: R-RES-15: the rulebook's own example of a second-place extra (§9.3 rule 3).
MERCHANT_IMPORTERS: Final = "Merchant Importers"
MERCHANT_EXTRA_VP: Final = 3

#: §9.3 rule 10: the ``CUSTOM`` handlers the rules implement (none yet).
CUSTOM_HANDLERS: Final[frozenset[str]] = frozenset()


# ---------------------------------------------------------------------------------------------
# §9.2.1 the effect language
# ---------------------------------------------------------------------------------------------


class _Op(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag_field="op"):
    """One effect of the §9.2.1 language; ``op`` names it in the JSON."""

    @property
    def op(self) -> str:
        """The JSON name of this effect (``VP``, ``MOVE``, ...)."""
        return str(type(self).__struct_config__.tag)


class Vp(_Op, frozen=True, tag="VP"):
    """§6.7 ``VP(n)``: gain ``n`` VP; mandatory unless the data says otherwise (A-19)."""

    n: int
    mandatory: bool = True


class DrawAction(_Op, frozen=True, tag="DRAW_ACTION"):
    """§6.7 ``DRAW_ACTION(n)``: draw ``n`` action cards, now or at the end of the turn (R-TURN-5); mandatory (A-19)."""

    n: int
    timing: Timing = "immediate"
    mandatory: bool = True


class DrawModifier(_Op, frozen=True, tag="DRAW_MODIFIER"):
    """§9.2.1: change this turn's end-of-turn draw by ``delta`` (R-TURN-6 step 3); card abilities only."""

    delta: int
    mandatory: bool = False


class DrawLm(_Op, frozen=True, tag="DRAW_LM"):
    """§6.7 ``DRAW_LM(x)``: draw ``draw`` Lord Mayor cards, keep ``keep``, the rest to the bottom; mandatory (A-19)."""

    draw: int
    keep: int = 1
    mandatory: bool = True


class Hire(_Op, frozen=True, tag="HIRE"):
    """§6.7 ``HIRE(n)``: up to ``n`` own liverymen from the supply onto the Guildhall (A-14, A-19)."""

    n: int
    mandatory: bool = False


class Move(_Op, frozen=True, tag="MOVE"):
    """§6.7 ``MOVE_ANY``, §9.2.1 ``MOVE``: move up to ``n`` own figures (A-19).

    ``symbol_filter``: ``None`` any face-up tile, ``"card"`` the played card's symbol, or a list
    (A-13: the data must say which); ``from_`` (``"from"`` in the JSON) where the figures may
    come from; ``include_resolving_tile``: the figure may leave the tile being resolved (R-RES-14).
    """

    n: int
    symbol_filter: list[Symbol] | Literal["card"] | None
    from_: list[Origin] = msgspec.field(name="from")
    include_resolving_tile: bool = False
    mandatory: bool = False


class ToPlantation(_Op, frozen=True, tag="TO_PLANTATION"):
    """§6.7 ``TO_PLANTATION(n)``: put up to ``n`` own figures from ``from_`` on the plantation (A-19)."""

    n: int
    from_: list[Origin] = msgspec.field(name="from")
    mandatory: bool = False


class GainNeutral(_Op, frozen=True, tag="GAIN_NEUTRAL"):
    """§6.7 ``GAIN_NEUTRAL(n)``: up to ``n`` neutral pawns from the pool (A-09, A-19)."""

    n: int
    mandatory: bool = False


class Filter(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """§9.2.1 filter (``PER`` and Lord Mayor scoring): what to count, narrowed by kind, symbol, number, place.

    ``kind`` defaults to ``GUILD`` (A-23); a double-symbol tile matches each of its ``back_symbol`` s (§6.6).
    """

    what: Counted
    kind: TileKind = "GUILD"
    back_symbol: Symbol | None = None
    number_min: int | None = None
    number_max: int | None = None
    location: Location | None = None


class Per(_Op, frozen=True, tag="PER"):
    """§9.2.1 ``PER``: apply ``effects`` once per item ``count`` matches."""

    count: Filter
    effects: list[Effect]
    mandatory: bool = False


class Trigger(_Op, frozen=True, tag="TRIGGER"):
    """§9.2.1 ``TRIGGER``, R-TURN-5 (circular arrow): whenever ``event`` happens this turn, apply ``effects``."""

    event: Event
    scope: Literal["this_turn"]
    effects: list[Effect]
    mandatory: bool = False


class ContinuousEffect(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """§9.2.1 ``CONTINUOUS`` payload: what holds while the owner is the building's master."""

    hand_limit_delta: int = 0


class Continuous(_Op, frozen=True, tag="CONTINUOUS"):
    """§9.2.1 ``CONTINUOUS``, R-TURN-5: a permanent effect of Gog & Magog or University of London."""

    effect: ContinuousEffect
    mandatory: bool = False


class Choice(_Op, frozen=True, tag="CHOICE"):
    """§9.2.1 ``CHOICE``: apply one of ``options`` (each an ordered effect list)."""

    options: list[list[Effect]]
    mandatory: bool = False


class Custom(_Op, frozen=True, tag="CUSTOM"):
    """§9.2.1 ``CUSTOM``: a unique text handled in code by ``handler`` (§9.3 rule 10)."""

    handler: str
    params: dict[str, Any] = msgspec.field(default_factory=dict)
    mandatory: bool = False


Effect: TypeAlias = (
    Vp
    | DrawAction
    | DrawModifier
    | DrawLm
    | Hire
    | Move
    | ToPlantation
    | GainNeutral
    | Per
    | Trigger
    | Continuous
    | Choice
    | Custom
)
"""§9.2.1: one effect; an effect list is ordered left to right as printed."""


# ---------------------------------------------------------------------------------------------
# §9.2.2–§9.2.8 the component families
# ---------------------------------------------------------------------------------------------


class _Item(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """An item of content with its provenance and where it comes from."""

    provenance: Provenance
    source: str


class SymbolInfo(_Item, frozen=True):
    """§0.3: a guild symbol, its English name and its card colour."""

    id: Symbol
    name: str
    colour: str


class _TileBase(_Item, frozen=True):
    """§2.2, §6.2: what guild tiles and special buildings share."""

    id: str
    name: str
    front_symbols: list[Symbol]
    back_symbols: list[Symbol]
    majority: int
    resolution_bonus: list[Effect]
    first_place: list[Effect]
    second_place_extra: list[Effect]


class GuildTile(_TileBase, frozen=True):
    """§9.2.2: a guild tile; ``number`` is its guild order number (1–12)."""

    number: int

    @property
    def kind(self) -> Literal["GUILD"]:
        return "GUILD"


class SpecialBuilding(_TileBase, frozen=True):
    """§9.2.3, §6.3: a special building: no number, maybe continuous effects, maybe a fixed start cell."""

    continuous: list[Effect]
    used_in_2p: bool
    number: int | None = None
    fixed_start_position: StartPosition | None = None

    @property
    def kind(self) -> Literal["SPECIAL"]:
        return "SPECIAL"


Tile: TypeAlias = GuildTile | SpecialBuilding
"""A city tile other than the Guildhall (guild tiles and special buildings share one id space)."""


class PlantationReward(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """§6.4, R-PLANT-3/4: one reward of a plantation side and the liverymen its recipient returns."""

    effects: list[Effect]
    return_n: int


class PlantationSide(_Item, frozen=True):
    """§9.2.4: a side of the plantation tile: the left (most) and right (second) rewards."""

    id: SideId
    left: PlantationReward
    right: PlantationReward


class ReturnFigures(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """§9.2.1 cost component: return ``n`` own figures from ``from_`` to the common supply."""

    n: int
    from_: list[Origin] = msgspec.field(name="from")


class Cost(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """§2.3, §5.2 ``PlayAbility``: discard ``discard`` other cards and/or return figures; ``{}`` is free."""

    discard: int = 0
    return_figures: ReturnFigures | None = None


class ActionCardType(_Item, frozen=True):
    """§9.2.5: an action card type, ``count`` copies in the deck; ``symbols`` has one entry (A-27)."""

    id: str
    symbols: list[Symbol]
    count: int
    cost: Cost
    ability: list[Effect]


class _Scoring(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, tag_field="kind"):
    """§9.2.6: how a Lord Mayor card scores at the end; ``kind`` names it in the JSON."""


class PerScoring(_Scoring, frozen=True, tag="per"):
    """``vp_each`` VP per item ``count`` matches."""

    count: Filter
    vp_each: int


class TableScoring(_Scoring, frozen=True, tag="table"):
    """``vp[c]`` VP for ``c`` matching items (more than the table covers: its last entry)."""

    count: Filter
    vp: list[int]


class SetsScoring(_Scoring, frozen=True, tag="sets"):
    """``vp_per_set`` VP per set of the symbols ``of`` on controlled ``tiles`` (§6.6: a double-symbol tile
    may give either symbol); ``tile_in_two_slots``: whether one tile may fill two slots of this card."""

    of: list[Symbol]
    vp_per_set: int
    tile_in_two_slots: bool
    tiles: TileKind = "GUILD"


class ThresholdScoring(_Scoring, frozen=True, tag="threshold"):
    """``vp`` VP when at least ``k`` items match ``count``."""

    count: Filter
    k: int
    vp: int


Scoring: TypeAlias = PerScoring | TableScoring | SetsScoring | ThresholdScoring


class LordMayorCard(_Item, frozen=True):
    """§9.2.6, §6.6: a Lord Mayor reward card and its secret end-game scoring."""

    id: str
    scoring: Scoring


class TokenType(_Item, frozen=True):
    """§9.2.7, §6.5: a kind of second-place token, ``count`` of them in the bag; applied when taken (A-30)."""

    type: str
    count: int
    effects: list[Effect]
    timing: Literal["immediate"] = "immediate"


class CityLayout(_Item, frozen=True):
    """§3.3, §3.4: the starting city as cells ``(row, col)`` (row grows south).

    ``guildhall`` the Guildhall cells; ``compass_rose`` the Guildhall cell the expansions start from
    (A-05; none with 2 players); ``fixed`` the cell of each fixed start position (R-SETUP-12);
    ``special_cells`` the cells the special buildings used take in random assignment (2 players,
    A-04), the drawn cells then being filled from the guild tiles alone; otherwise the special
    buildings without a fixed position are shuffled into the tile supply. ``drawn``: the cells of
    randomly drawn tiles, in placement order.
    """

    guildhall: list[Cell]
    compass_rose: Cell | None
    fixed: dict[StartPosition, Cell]
    special_cells: list[Cell]
    drawn: list[Cell]


class Tracks(_Item, frozen=True):
    """§9.2.8, §3.5, §4.1: the constants of one player count and its starting city."""

    last_round: int
    growth: list[int]
    resolution: list[int] | Literal["all"]
    expansion: dict[int, Direction]
    tiles_per_expansion: int
    neutral: int
    hand_size: int
    lm_dealt: int
    lm_kept: int
    liverymen_on_guildhall: int
    liverymen_per_colour: int
    hand_limit: int
    draw_none_played: int
    draw_played: int
    layout: CityLayout


class Family(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True, kw_only=True):
    """A data file's own provenance and source (every family carries one)."""

    provenance: Provenance
    source: str


class _File(Family, Generic[T], frozen=True):
    """A data file of one family: its provenance and source, and its items in order (§9.2)."""

    items: list[T]


class _Tracks(Family, frozen=True):
    players: dict[int, Tracks]


# ---------------------------------------------------------------------------------------------
# The bundle
# ---------------------------------------------------------------------------------------------


class Content(msgspec.Struct, frozen=True, dict=True):
    """All Guilds of London content, validated (§9.3); lookups by id, the deck and the token bag."""

    symbols: tuple[SymbolInfo, ...]
    guild_tiles: tuple[GuildTile, ...]
    special_buildings: tuple[SpecialBuilding, ...]
    plantation: tuple[PlantationSide, ...]
    action_cards: tuple[ActionCardType, ...]
    lord_mayor_cards: tuple[LordMayorCard, ...]
    second_place_tokens: tuple[TokenType, ...]
    tracks: dict[int, Tracks]
    #: Each data file's own provenance and source, by file name.
    families: dict[str, Family]
    #: §9.3 rule 2 and rule 1's back-symbol check: accepted, but worth a look.
    warnings: tuple[str, ...] = ()

    @cached_property
    def tile(self) -> dict[str, Tile]:
        """Every guild tile and special building by id (one id space, §9.3 rule 9)."""
        tiles: tuple[Tile, ...] = (*self.guild_tiles, *self.special_buildings)
        return {t.id: t for t in tiles}

    @cached_property
    def action_card(self) -> dict[str, ActionCardType]:
        return {c.id: c for c in self.action_cards}

    @cached_property
    def token(self) -> dict[str, TokenType]:
        return {t.type: t for t in self.second_place_tokens}

    @cached_property
    def lord_mayor_card(self) -> dict[str, LordMayorCard]:
        return {c.id: c for c in self.lord_mayor_cards}

    @cached_property
    def plantation_side(self) -> dict[str, PlantationSide]:
        return {s.id: s for s in self.plantation}

    @cached_property
    def deck(self) -> tuple[str, ...]:
        """The action deck (R-SETUP-7): one card type id per card, ``count`` times each, in file order."""
        return tuple(c.id for c in self.action_cards for _ in range(c.count))

    @cached_property
    def token_bag(self) -> tuple[str, ...]:
        """The second-place tokens (R-SETUP-2): one token type per token, in file order."""
        return tuple(t.type for t in self.second_place_tokens for _ in range(t.count))

    def tracks_for(self, players: int) -> Tracks:
        """The §4.1 constants and starting city for ``players`` players."""
        found = self.tracks.get(players)
        if found is None:
            raise ContentError(f"tracks.json: no entry for {players} players")
        return found


# ---------------------------------------------------------------------------------------------
# §9.3 validation
# ---------------------------------------------------------------------------------------------

EffectPlace = Literal["tile", "continuous", "card", "token", "plantation"]
"""Where an effect list is printed: tile rewards, a building's continuous list, a card ability, ..."""


class _At(NamedTuple):
    """Where an effect list stands: the file, the item id, and the kind of list."""

    file: str
    item: str
    place: EffectPlace


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ContentError(message)


def _repeated(values: Iterable[str]) -> list[str]:
    """The values that occur more than once."""
    return sorted(v for v, n in Counter(values).items() if n > 1)


def _check_unique(file: str, what: str, values: Iterable[str]) -> None:
    """Unique ids or names (§9.3 rules 1, 6, 7)."""
    twice = _repeated(values)
    _check(not twice, f"{file}: {what} {', '.join(twice)} repeated; {what}s must be unique")


def _check_at_least(file: str, item: str, field: str, value: int, least: int) -> None:
    _check(value >= least, f"{file}: {item} {field} {value}; must be at least {least}")


def _check_symbols(file: str, item: str, field: str, symbols: Sequence[str], sizes: range) -> None:
    """§9.3 rules 1, 4, 6: a symbol list of an allowed size without repeats."""
    _check(len(set(symbols)) == len(symbols), f"{file}: {item} {field} repeat a symbol: {list(symbols)}")
    allowed = " or ".join(str(n) for n in sizes) if len(sizes) <= 2 else f"{sizes[0]} to {sizes[-1]}"
    _check(len(symbols) in sizes, f"{file}: {item} has {len(symbols)} {field}; must be {allowed} distinct")


def _check_origins(at: _At, op: str, origins: Sequence[str]) -> None:
    """§9.2.1 ``from``: a non-empty list of distinct places."""
    _check(bool(origins) and len(set(origins)) == len(origins), f"{at.file}: {at.item} {op} from {list(origins)}")


def _children(effect: Effect) -> list[list[Effect]]:
    """The effect lists nested in ``effect`` (``PER``, ``TRIGGER``, ``CHOICE``)."""
    if isinstance(effect, Per | Trigger):
        return [effect.effects]
    if isinstance(effect, Choice):
        return effect.options
    return []


def _check_placement(effect: Effect, at: _At, inside: tuple[str, ...]) -> None:
    """§9.2.1, §9.3 rules 4 and 6: effects only where the language allows them.

    ``CONTINUOUS`` only heads a special building's continuous list, which holds nothing else
    (R-TURN-5); ``TRIGGER`` (until the end of a turn) only heads a card ability; ``DRAW_MODIFIER``
    and end-of-turn draws only in card abilities; no ``PER`` inside ``PER``, no ``CHOICE`` inside
    ``CHOICE``.
    """
    op = effect.op
    where = f"{at.file}: {at.item} {op}"
    if isinstance(effect, Continuous) or at.place == "continuous":
        _check(isinstance(effect, Continuous), f"{where} cannot stand in a continuous list; only CONTINUOUS can")
        _check(at.place == "continuous" and not inside, f"{where} only in Gog & Magog's or University's continuous")
    turn_only = isinstance(effect, DrawModifier | Trigger) or (
        isinstance(effect, DrawAction) and effect.timing == "end_of_turn"
    )
    _check(not turn_only or at.place == "card", f"{where} (end of turn) is allowed only in card abilities")
    _check(not isinstance(effect, Trigger) or not inside, f"{where} cannot be nested in {'/'.join(inside)}")
    _check(op not in ("PER", "CHOICE") or op not in inside, f"{where} cannot be nested in another {op}")


def _check_filter(file: str, item: str, f: Filter) -> None:
    """§9.2.1 filter: numbers within 1–12 and in order, on guild tiles only; fields that fit ``what``."""
    bounds = [b for b in (f.number_min, f.number_max) if b is not None]
    _check(all(b in NUMBERS for b in bounds), f"{file}: {item} filter numbers {bounds}; must be 1 to 12")
    _check(len(bounds) < 2 or bounds[0] <= bounds[1], f"{file}: {item} filter number_min above number_max {bounds}")
    _check(not bounds or f.kind == "GUILD", f"{file}: {item} filter numbers need kind GUILD, not {f.kind}")
    tiles = f.what in ("controlled_tiles", "masters")
    _check(f.back_symbol is None or tiles, f"{file}: {item} filter back_symbol cannot narrow {f.what}")
    _check(f.location is None or f.what == "liverymen_on", f"{file}: {item} filter location needs liverymen_on")


def _check_amounts(effect: Effect, at: _At) -> None:
    """§9.2.1: every amount of an effect is meaningful (a zero gain would be a transcription slip)."""
    where = f"{at.file}: {at.item} {effect.op}"
    if isinstance(effect, Vp | DrawAction | Hire | GainNeutral | Move | ToPlantation):
        _check_at_least(at.file, at.item, f"{effect.op} n", effect.n, 1)
    if isinstance(effect, Move | ToPlantation):
        _check_origins(at, effect.op, effect.from_)
    if isinstance(effect, Move) and isinstance(effect.symbol_filter, list):
        _check_symbols(at.file, at.item, "MOVE symbol_filter symbols", effect.symbol_filter, range(1, 6))
    if isinstance(effect, DrawModifier):
        _check(effect.delta != 0, f"{where} delta 0; must change the draw")
    if isinstance(effect, DrawLm):
        _check(
            1 <= effect.keep <= effect.draw, f"{where} draw {effect.draw} keep {effect.keep}; need 1 <= keep <= draw"
        )
    if isinstance(effect, Per):
        _check_filter(at.file, at.item, effect.count)
    if isinstance(effect, Continuous):
        _check(effect.effect.hand_limit_delta != 0, f"{where} changes nothing")
    if isinstance(effect, Choice):
        _check(len(effect.options) >= 2, f"{where} has {len(effect.options)} options; must be at least 2")
    _check(all(_children(effect)), f"{where} has an empty effect list")


def _check_custom(effect: Effect, at: _At) -> None:
    """§9.3 rule 10: every ``CUSTOM`` handler must be implemented (none is yet)."""
    if isinstance(effect, Custom):
        _check(effect.handler in CUSTOM_HANDLERS, f"{at.file}: {at.item} CUSTOM {effect.handler} is not implemented")


def _check_effects(effects: Sequence[Effect], at: _At, inside: tuple[str, ...] = ()) -> None:
    """§9.3 rules 1 and 6 ("every effect valid per §9.2.1") and rule 10, through nested lists."""
    for effect in effects:
        _check_placement(effect, at, inside)
        _check_amounts(effect, at)
        _check_custom(effect, at)
        for nested in _children(effect):
            _check_effects(nested, at, (*inside, effect.op))


def _tile_effects(file: str, tile: Tile) -> None:
    """The three reward lists of a tile (§6.2)."""
    at = _At(file, tile.id, "tile")
    for effects in (tile.resolution_bonus, tile.first_place, tile.second_place_extra):
        _check_effects(effects, at)


def _check_symbol_file(c: Content) -> None:
    """§0.3: ``symbols.json`` lists the five symbols in order, each with its own colour."""
    ids = tuple(s.id for s in c.symbols)
    _check(ids == SYMBOLS, f"symbols.json: symbols {list(ids)}; must be {list(SYMBOLS)} in that order")
    _check_unique("symbols.json", "colour", (s.colour for s in c.symbols))


def _check_guild_tiles(c: Content) -> list[str]:
    """§9.3 rule 1; returns the back-symbol warnings."""
    file, tiles = "guild_tiles.json", c.guild_tiles
    _check(len(tiles) == GUILD_TILES, f"{file}: {len(tiles)} tiles; must be exactly {GUILD_TILES}")
    _check_unique(file, "id", (t.id for t in tiles))
    _check_unique(file, "name", (t.name for t in tiles))
    warnings = []
    for t in tiles:
        _check(t.number in NUMBERS, f"{file}: {t.id} number {t.number}; must be 1 to 12")
        _check_symbols(file, t.id, "front_symbols", t.front_symbols, range(1, 3))
        _check_symbols(file, t.id, "back_symbols", t.back_symbols, range(1, 6))
        _check_at_least(file, t.id, "majority", t.majority, 1)
        _tile_effects(file, t)
        if set(t.back_symbols) != set(t.front_symbols):
            warnings.append(f"{file}: {t.id} back_symbols {t.back_symbols} differ from front {t.front_symbols}")
    return warnings


def _warn_double_symbol_guilds(c: Content) -> list[str]:
    """§9.3 rule 2 (a warning, not an error): the rulebook's double-symbol example gives a neutral pawn
    for second place (R-RES-15), which is not proven for every double-symbol guild."""
    return [
        f"guild_tiles.json: {t.id} has 2 front symbols but no GAIN_NEUTRAL in second_place_extra"
        for t in c.guild_tiles
        if len(t.front_symbols) == 2 and not any(isinstance(e, GainNeutral) for e in t.second_place_extra)
    ]


def _check_merchant_importers(c: Content) -> None:
    """§9.3 rule 3, R-RES-15: Merchant Importers exists and gives +3 VP to second place."""
    file = "guild_tiles.json"
    found = [t for t in c.guild_tiles if t.name == MERCHANT_IMPORTERS]
    _check(len(found) == 1, f"{file}: {len(found)} tiles named {MERCHANT_IMPORTERS}; must be exactly 1")
    tile = found[0]
    vps = [e.n for e in tile.second_place_extra if isinstance(e, Vp)]
    _check(
        MERCHANT_EXTRA_VP in vps, f"{file}: {tile.id} second_place_extra VP {vps}; must include VP {MERCHANT_EXTRA_VP}"
    )


def _check_special_buildings(c: Content) -> None:
    """§9.3 rule 4: the five named buildings; no number, majority >= 1, 4 distinct symbols, each one's facts."""
    file, buildings = "special_buildings.json", c.special_buildings
    _check(len(buildings) == SPECIAL_BUILDINGS, f"{file}: {len(buildings)} buildings; must be {SPECIAL_BUILDINGS}")
    names = {b.name for b in buildings}
    unknown, missing = sorted(names - SPECIAL_NAMES), sorted(SPECIAL_NAMES - names)
    _check(not unknown and not missing, f"{file}: unknown names {unknown}, missing names {missing}")
    for b in buildings:
        _check(b.number is None, f"{file}: {b.id} number {b.number}; a special building has none")
        _check_at_least(file, b.id, "majority", b.majority, 1)
        _check_symbols(file, b.id, "front_symbols", b.front_symbols, range(4, 5))
        _check(len(set(b.back_symbols)) == len(b.back_symbols), f"{file}: {b.id} back_symbols repeat a symbol")
        _check(not b.continuous or b.name in CONTINUOUS_BUILDINGS, f"{file}: {b.id} has continuous effects")
        _tile_effects(file, b)
        _check_effects(b.continuous, _At(file, b.id, "continuous"))
        _check_building_facts(file, b)


def _check_building_facts(file: str, b: SpecialBuilding) -> None:
    """§9.3 rule 4: University's hand limit +1 (R-TURN-6), Gog & Magog not with 2 players (R-SETUP-13),
    St Lawrence Jewry east of the Guildhall (R-SETUP-12)."""
    if b.name == UNIVERSITY:
        deltas = [e.effect.hand_limit_delta for e in b.continuous if isinstance(e, Continuous)]
        _check(1 in deltas, f"{file}: {b.id} continuous hand_limit_delta {deltas}; must include 1")
    if b.name == GOG_MAGOG:
        _check(not b.used_in_2p, f"{file}: {b.id} used_in_2p true; must be false")
    if b.name == ST_LAWRENCE:
        where = b.fixed_start_position
        _check(where == "EAST_OF_GUILDHALL", f"{file}: {b.id} fixed_start_position {where}; must be EAST_OF_GUILDHALL")


def _check_plantation(c: Content) -> None:
    """§9.3 rule 5: the two sides, return numbers >= 0, Ulster's left reward draws 3 Lord Mayor cards keeping 1."""
    file = "plantation.json"
    ids = sorted(s.id for s in c.plantation)
    _check(ids == sorted(get_args(SideId)), f"{file}: sides {ids}; must be ULSTER and VIRGINIA once each")
    for side in c.plantation:
        for name, reward in (("left", side.left), ("right", side.right)):
            _check_at_least(file, f"{side.id} {name}", "return_n", reward.return_n, 0)
            _check_effects(reward.effects, _At(file, f"{side.id} {name}", "plantation"))
    ulster = c.plantation_side["ULSTER"].left.effects
    draws = [(e.draw, e.keep) for e in ulster if isinstance(e, DrawLm)]
    _check((3, 1) in draws, f"{file}: ULSTER left DRAW_LM (draw, keep) {draws}; must include (3, 1)")


def _check_action_cards(c: Content) -> None:
    """§9.3 rule 6: 105 cards, unique ids, one symbol (two if printed so, A-27), counts >= 1, costs >= 0."""
    file, cards = "action_cards.json", c.action_cards
    total = sum(card.count for card in cards)
    _check(total == ACTION_CARDS, f"{file}: counts add up to {total}; must be {ACTION_CARDS}")
    _check_unique(file, "id", (card.id for card in cards))
    for card in cards:
        _check_symbols(file, card.id, "symbols", card.symbols, range(1, 3))
        _check_at_least(file, card.id, "count", card.count, 1)
        _check_at_least(file, card.id, "cost discard", card.cost.discard, 0)
        back = card.cost.return_figures
        if back is not None:
            _check_at_least(file, card.id, "cost return_figures n", back.n, 1)
            _check_origins(_At(file, card.id, "card"), "cost return_figures", back.from_)
        _check(bool(card.ability), f"{file}: {card.id} has no ability")
        _check_effects(card.ability, _At(file, card.id, "card"))


def _check_scoring(file: str, card: LordMayorCard) -> None:
    """§9.3 rule 7, §9.2.6: a scoring object that can score."""
    s, item = card.scoring, card.id
    if isinstance(s, PerScoring | TableScoring | ThresholdScoring):
        _check_filter(file, item, s.count)
    if isinstance(s, PerScoring):
        _check_at_least(file, item, "vp_each", s.vp_each, 1)
    if isinstance(s, TableScoring):
        _check(bool(s.vp) and min(s.vp) >= 0, f"{file}: {item} table vp {s.vp}; must be non-empty, each >= 0")
    if isinstance(s, SetsScoring):
        _check(bool(s.of), f"{file}: {item} sets of no symbol")
        _check_at_least(file, item, "vp_per_set", s.vp_per_set, 1)
    if isinstance(s, ThresholdScoring):
        _check_at_least(file, item, "k", s.k, 1)
        _check_at_least(file, item, "vp", s.vp, 1)


def _check_lord_mayor_cards(c: Content) -> None:
    """§9.3 rule 7: exactly 21 unique ids, every scoring object valid."""
    file, cards = "lord_mayor_cards.json", c.lord_mayor_cards
    _check(len(cards) == LORD_MAYOR_CARDS, f"{file}: {len(cards)} cards; must be exactly {LORD_MAYOR_CARDS}")
    _check_unique(file, "id", (card.id for card in cards))
    for card in cards:
        _check_scoring(file, card)


def _check_tokens(c: Content) -> None:
    """§9.3 rule 8: 30 tokens; types unique, each at least once, each with a valid reward."""
    file, tokens = "second_place_tokens.json", c.second_place_tokens
    total = sum(t.count for t in tokens)
    _check(total == TOKENS, f"{file}: counts add up to {total}; must be {TOKENS}")
    _check_unique(file, "type", (t.type for t in tokens))
    for t in tokens:
        _check_at_least(file, t.type, "count", t.count, 1)
        _check(bool(t.effects), f"{file}: {t.type} has no effect")
        _check_effects(t.effects, _At(file, t.type, "token"))


def _check_rounds(n: int, t: Tracks) -> None:
    """§4.1: Growth rounds ascend to the last round (R-END-1); resolution rounds within the game; tiles are
    added in Growth phases other than the last (R-GROW-2), each direction once (R-GROW-3)."""
    file, item = "tracks.json", f"{n} players"
    _check_at_least(file, item, "last_round", t.last_round, 1)
    rounds = range(1, t.last_round + 1)
    grows = t.growth
    ordered = all(a < b for a, b in pairwise(grows))
    _check(ordered and grows[-1:] == [t.last_round], f"{file}: {item} growth {grows}; must ascend to {t.last_round}")
    _check(all(r in rounds for r in grows), f"{file}: {item} growth {grows}; must lie in 1..{t.last_round}")
    res = t.resolution
    _check(res == "all" or all(r in rounds for r in res), f"{file}: {item} resolution {res} outside 1..{t.last_round}")
    adds = sorted(t.expansion)
    _check(
        all(r in grows[:-1] for r in adds),
        f"{file}: {item} expansion rounds {adds}; must be Growth rounds but the last",
    )
    _check(len(set(t.expansion.values())) == len(adds), f"{file}: {item} expansion repeats a direction")
    _check((t.tiles_per_expansion > 0) == bool(adds), f"{file}: {item} tiles_per_expansion {t.tiles_per_expansion}")


def _check_counts(n: int, t: Tracks) -> None:
    """§3.2, §3.5, R-TURN-6: hands, Lord Mayor cards, liverymen and draws are sensible numbers."""
    file, item = "tracks.json", f"{n} players"
    _check_at_least(file, item, "players", n, 1)
    for name in ("neutral", "liverymen_on_guildhall", "draw_none_played", "draw_played"):
        _check_at_least(file, item, name, getattr(t, name), 0)
    _check_at_least(file, item, "hand_size", t.hand_size, 1)
    _check_at_least(file, item, "hand_limit", t.hand_limit, t.hand_size)
    _check_at_least(file, item, "lm_kept", t.lm_kept, 1)
    _check_at_least(file, item, "lm_dealt", t.lm_dealt, t.lm_kept)
    _check_at_least(file, item, "liverymen_per_colour", t.liverymen_per_colour, t.liverymen_on_guildhall)


def _layout_cells(layout: CityLayout) -> list[Cell]:
    """Every cell of a starting city: Guildhall, fixed, special and drawn cells."""
    return [*layout.guildhall, *layout.fixed.values(), *layout.special_cells, *layout.drawn]


def _check_layout(n: int, t: Tracks) -> None:
    """§3.3, §3.4: a Guildhall, distinct cells, one 4-connected city (invariant 10 of §11), and a compass
    rose on the Guildhall whenever the city grows (R-GROW-3, A-05)."""
    file, item, layout = "tracks.json", f"{n} players layout", t.layout
    cells = _layout_cells(layout)
    _check(bool(layout.guildhall), f"{file}: {item} has no Guildhall cell")
    _check(len(set(cells)) == len(cells), f"{file}: {item} uses a cell twice: {cells}")
    _check(is_connected(cells), f"{file}: {item} is not one connected city")
    rose = layout.compass_rose
    _check(rose is None or rose in layout.guildhall, f"{file}: {item} compass_rose {rose} is not a Guildhall cell")
    _check(rose is not None or not t.expansion, f"{file}: {item} grows but has no compass_rose")


def _check_tracks(c: Content) -> None:
    """§9.2.8 ``tracks.json``: every player count's rounds, numbers and starting city."""
    _check(bool(c.tracks), "tracks.json: no player count")
    for n, t in c.tracks.items():
        _check_rounds(n, t)
        _check_counts(n, t)
        _check_layout(n, t)


def _max_city_tiles(t: Tracks) -> int:
    """§3.5: the most non-Guildhall tiles a city of this player count ever holds."""
    layout = t.layout
    return len(layout.fixed) + len(layout.special_cells) + len(layout.drawn) + t.tiles_per_expansion * len(t.expansion)


def _check_supplies(c: Content, n: int, t: Tracks) -> None:
    """§9.3 rule 9 (A-26): the tile supply, the token bag and the decks cover ``n`` players' game."""
    file, layout = "tracks.json", t.layout
    fixed = [b for b in c.special_buildings if b.fixed_start_position in layout.fixed]
    if layout.special_cells:
        used = [b for b in c.special_buildings if b.used_in_2p]
        cells = len(layout.special_cells)
        _check(len(used) == cells, f"{file}: {n} players: {len(used)} special buildings used, {cells} special cells")
        supply, needed = len(c.guild_tiles), len(layout.drawn)
    else:
        supply = len(c.guild_tiles) + len(c.special_buildings) - len(fixed)
        needed = len(layout.drawn) + t.tiles_per_expansion * len(t.expansion)
    _check(needed <= supply, f"{file}: {n} players need {needed} tiles from the supply; it holds {supply}")
    most = _max_city_tiles(t)
    _check(most <= TOKENS, f"{file}: {n} players' city reaches {most} tiles; there are {TOKENS} tokens")
    lm = n * t.lm_dealt
    _check(lm <= len(c.lord_mayor_cards), f"{file}: {n} players are dealt {lm} Lord Mayor cards of {LORD_MAYOR_CARDS}")
    hands = n * t.hand_size
    _check(hands <= len(c.deck), f"{file}: {n} players are dealt {hands} action cards of {len(c.deck)}")


def _check_fixed_positions(c: Content, n: int, t: Tracks) -> None:
    """§9.3 rule 9, R-SETUP-12: each fixed start cell belongs to one special building; a city without
    special cells (3–4 players) places every building that has a fixed position."""
    file, fixed = "tracks.json", t.layout.fixed
    for position in fixed:
        owners = [b.id for b in c.special_buildings if b.fixed_start_position == position]
        _check(len(owners) == 1, f"{file}: {n} players: fixed {position} claimed by {owners}; must be exactly 1")
    if not t.layout.special_cells:
        loose = [b.id for b in c.special_buildings if b.fixed_start_position not in (None, *fixed)]
        _check(not loose, f"{file}: {n} players: no cell for the fixed start of {loose}")


def _check_cross_file(c: Content) -> None:
    """§9.3 rule 9: one id space for tiles; supplies and fixed cells fit every player count."""
    _check_unique(
        "guild_tiles.json + special_buildings.json", "tile id", (t.id for t in (*c.guild_tiles, *c.special_buildings))
    )
    for n, t in sorted(c.tracks.items()):
        _check_fixed_positions(c, n, t)
        _check_supplies(c, n, t)


def validate(c: Content) -> Content:
    """§9.3 rules 1–10 (rule 10 with every effect); returns ``c`` with the warnings of rules 1 and 2."""
    _check_symbol_file(c)
    warnings = _check_guild_tiles(c)
    warnings += _warn_double_symbol_guilds(c)
    _check_merchant_importers(c)
    _check_special_buildings(c)
    _check_plantation(c)
    _check_action_cards(c)
    _check_lord_mayor_cards(c)
    _check_tokens(c)
    _check_tracks(c)
    _check_cross_file(c)
    return msgspec.structs.replace(c, warnings=tuple(warnings))


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------


def load_content(pack: Path | None = None) -> Content:
    """Load and validate the shipped files, each replaced by the pack's file of the same name if any."""
    symbols = load(DATA_DIR, "symbols.json", _File[SymbolInfo], pack)
    guilds = load(DATA_DIR, "guild_tiles.json", _File[GuildTile], pack)
    specials = load(DATA_DIR, "special_buildings.json", _File[SpecialBuilding], pack)
    plantation = load(DATA_DIR, "plantation.json", _File[PlantationSide], pack)
    cards = load(DATA_DIR, "action_cards.json", _File[ActionCardType], pack)
    lord_mayor = load(DATA_DIR, "lord_mayor_cards.json", _File[LordMayorCard], pack)
    tokens = load(DATA_DIR, "second_place_tokens.json", _File[TokenType], pack)
    tracks = load(DATA_DIR, "tracks.json", _Tracks, pack)
    files: dict[str, Family] = {
        "symbols.json": symbols,
        "guild_tiles.json": guilds,
        "special_buildings.json": specials,
        "plantation.json": plantation,
        "action_cards.json": cards,
        "lord_mayor_cards.json": lord_mayor,
        "second_place_tokens.json": tokens,
        "tracks.json": tracks,
    }
    return validate(
        Content(
            symbols=tuple(symbols.items),
            guild_tiles=tuple(guilds.items),
            special_buildings=tuple(specials.items),
            plantation=tuple(plantation.items),
            action_cards=tuple(cards.items),
            lord_mayor_cards=tuple(lord_mayor.items),
            second_place_tokens=tuple(tokens.items),
            tracks=tracks.players,
            families={name: Family(provenance=f.provenance, source=f.source) for name, f in files.items()},
        )
    )


@cache
def _configured_pack() -> Path | None:
    """The content pack configured at start-up (``$RULES_ENGINE_CONTENT_DIR/guilds_of_london``), read once."""
    return pack_dir(GAME_ID)


@cache
def _content_of(pack: Path | None) -> Content:
    return load_content(pack)


def content(pack: Path | None = None) -> Content:
    """The validated content of ``pack`` (default: the configured pack, else the shipped files), loaded
    once per pack path."""
    chosen = pack if pack is not None else _configured_pack()
    return _content_of(chosen.resolve() if chosen is not None else None)
