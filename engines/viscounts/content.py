"""Viscounts of the West Kingdom content: townsfolk, manuscripts, player cards, boards, castle, AI (§2, §6, §8, §10).

One JSON file per component family in ``data/`` (or a content pack's file of the same name,
``engines.core.content.pack_dir``), decoded into frozen msgspec structs and checked against the
loader rules of §10.4 before anything uses them. Every item says where it comes from:

* ``townsfolk.json`` (§6.4–§6.6, Appendix A): the 68 neutral, 10 hero and 8 starter kinds of the
  fan card list; a card pictured in the rulebook is ``rulebook``, the others ``reconstructed``.
  The Strongman's hire effect is a placeholder (a file-level ``placeholders`` entry, so a warning).
* ``manuscripts.json`` (§6.12, Appendix C): the 10 manuscripts read from the rulebook pictures and
  25 reconstructed ones, so that §10.4 rules 1 and 7 hold; which 5 are grey-backed is reconstructed.
* ``player_cards.json`` (§6.11, Appendix B): cards 1, 2, 8, 9, 10 read, 3–7 reconstructed.
* ``board.json`` (§6.7–§6.9, Appendix B): the player board and the rule constants; the grey and yellow
  Cleric Bonus icons are reconstructed (its ``parts`` give each sub-item its own provenance).
* ``castle.json`` (§6.10): the tier-2 rewards, K2 read as gold and a castle move (A-35).
* ``segments.json`` (§6.13): the 10 segment sides, all reconstructed (the printed board is not known).
* ``ai.json`` (§8.1, §8.3): the Cleric AI board; ``schemes.json`` (§8.2): 4 scheme cards read, 12
  reconstructed.

The effect language is §6.2 normalised into one struct, ``Effect``, tagged by ``op``; an ability
(§10.3) says when it works (``timing``) and how (an effect, a trigger or a funding modifier).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, Final, Generic, Literal, NamedTuple, TypeVar, get_args

import msgspec

from engines.core.content import ContentError, Provenance, load, pack_dir

DATA_DIR = Path(__file__).parent / "data"
GAME_ID = "viscounts"

T = TypeVar("T")

Icon = Literal["MERCHANT", "BUILDER", "NOBLE", "CLERIC", "CRIMINAL"]
"""§4.3, §6.1: the five icons printed down a townsfolk card's left edge."""

ActionName = Literal["TRADE", "BUILD", "NOBLE", "TRANSCRIBE"]
"""§5.3: the four primary actions."""

Resource = Literal["ink", "gold", "stone"]
"""§0.2: the three resources (silver is not one)."""

Building = Literal["trading_post", "guildhall", "workshop"]
"""§6.9: the three building types."""

Op = Literal[
    "silver",
    "ink",
    "gold",
    "stone",
    "any_resource",
    "gain_debt",
    "gain_deed",
    "flip_debt",
    "flip_deed",
    "flip_debt_or_deed",
    "virtue",
    "corruption",
    "rearrange",
    "discard",
    "destroy",
    "shuffle",
    "draw",
    "free_hire",
    "free_manuscript",
    "castle_move",
    "place_workers",
    "build_free",
    "all",
    "choice",
    "cost",
    "if",
]
"""§6.2: the atoms, then the combinators ``all``, ``choice``, ``cost`` (``pay -> gain``) and ``if``."""

Criminals = Literal["", ">=1", "==0"]
"""§6.2 conditions of the collision track's ``others`` row, read on the receiving player's board."""

Where = Literal["", "any_section", "viscount_section", "any_spot", "viscount_space"]
"""§6.2: where ``place_workers`` puts workers and where ``build_free`` may build."""

Trigger = Literal["", "after_action", "on_flip_debt", "on_gain_debt", "on_any_collision"]
"""§6.2 triggers of ongoing abilities."""

Modifier = Literal["", "convert_icons", "convert_silver", "one_resource_counts_double", "resources_as_icons"]
"""§5.3: the funding conversions of ongoing abilities."""

Timing = Literal["none", "immediate", "dropoff", "ongoing"]
"""§6.1: the timing icon at the right end of a card's title bar."""

Deck = Literal["neutral", "hero", "starter"]
"""§6.1: the colour of the title bar."""

Ribbon = Literal["grey", "black", "yellow", "blue"]
"""§6.8: the four ribbon colours (one Cleric Bonus card each)."""

Back = Literal["grey", "black"]
"""§2: a manuscript's back (grey-backed ones are the visible tops at setup, §3 step 4)."""

VpPer = Literal[
    "building",
    "icon_MERCHANT",
    "icon_BUILDER",
    "icon_NOBLE",
    "icon_CLERIC",
    "icon_CRIMINAL",
    "paid_debt",
    "approved_deed",
    "deed",
    "resource_held",
    "worker_tier1",
    "worker_tier2",
    "worker_tier3",
    "flat",
]
"""§7.2 item 3, §10.3: what a manuscript's end-game VP counts (``flat``: ``amount`` VP outright)."""

Scope = Literal["", "any_segment", "viscount_space", "own_cards_before_shuffle"]
"""§3 step 9.3: where a player card's extra setup step applies."""

Exchange = Literal["silver", "ink", "gold", "stone", "destroy", "flip"]
"""§5.4: the six trade exchanges printed at the outer spaces."""

SlotAbility = Literal["", "free_extra_move", "dismiss_cost_one", "discard_on_hire", "collision_virtue", "hand_limit"]
"""§6.9: the abilities revealed under a constructed building (icons are listed apart)."""

AiOp = Literal[
    "criminal_corruption",
    "move",
    "primary_focus",
    "TRADE",
    "BUILD",
    "NOBLE",
    "TRANSCRIBE",
    "dismiss",
    "gain_future_scheme",
    "effect",
    "all",
]
"""§8.2, §10.3: the steps of a scheme card (``effect`` wraps an ``Effect``, ``all`` a sequence)."""

SchemeDeck = Literal["starting", "future"]
"""§8.1 step 4: Starting Schemes (brown header) and Future Schemes (black header)."""

#: §2 component counts the loader insists on (§10.4 rule 1).
NEUTRAL_CARDS: Final = 68
HERO_CARDS: Final = 10
STARTER_KINDS: Final = 8
MANUSCRIPTS: Final = 35
GREY_BACKED: Final = 5
SEGMENTS: Final = 5
SIDES_PER_SEGMENT: Final = 2
CASTLE_SECTIONS: Final = 5
SCHEMES_PER_DECK: Final = 8
#: §6.11: player cards are numbered 1..10, one per start number (two per segment, §4.1).
PLAYER_CARD_NUMBERS: Final = range(1, 2 * SEGMENTS + 1)
#: §6.1, §10.4 rules 2 and 3: a townsfolk card costs 1..3 and shows 1..3 icons.
TOWNSFOLK_COSTS: Final = range(1, 4)
ICONS_PER_CARD: Final = range(1, 4)
#: §10.4 rule 7: a ribbon colour on fewer manuscripts could never win its Cleric Bonus card (§6.8).
RIBBON_MINIMUM: Final = 3
#: §6.9: three slots of each building type; three card slots on the board.
SLOTS_PER_BUILDING: Final = 3
CARD_SLOTS: Final = 3
#: §8.1 step 4: the first symbol removes a Starting Scheme, the other two Future Schemes.
SCHEMES_REMOVED: Final[tuple[SchemeDeck, ...]] = ("starting", "future", "future")
#: §6.13, §10.3: a link's far end in the next segment (that segment's first spot).
NEXT_SEGMENT_FIRST: Final = "NEXT_SEGMENT_FIRST"
#: §6.2: where each placing op may act.
WHERE_BY_OP: Final[dict[str, tuple[Where, ...]]] = {
    "place_workers": ("any_section", "viscount_section"),
    "build_free": ("any_spot", "viscount_space"),
}
#: §8.2: scheme steps that take a primary action, so a bottom alternative made of them may be infeasible.
AI_ACTIONS: Final[frozenset[str]] = frozenset({"primary_focus", "TRADE", "BUILD", "NOBLE", "TRANSCRIBE"})


# ---------------------------------------------------------------------------------------------
# §6.2, §10.3 effects and abilities
# ---------------------------------------------------------------------------------------------


class _Strict(msgspec.Struct, frozen=True, gc=False, omit_defaults=True, forbid_unknown_fields=True):
    """A struct decoded strictly: an unknown key in the JSON is an error, defaults are left out when encoding."""


class Effect(_Strict, frozen=True, kw_only=True):
    """§6.2: one effect. Atoms use ``n`` (default 1); ``all``/``choice`` list their branches in ``of``;
    ``cost`` is the optional "``pay`` -> ``gain``"; ``if`` applies ``then`` when ``criminals`` holds;
    ``free_manuscript`` names the ``costs`` it may take; ``place_workers`` and ``build_free`` say
    ``where`` (and ``build_free`` which ``building``)."""

    op: Op
    n: int = 1
    of: tuple[Effect, ...] = ()
    pay: Effect | None = None
    gain: Effect | None = None
    criminals: Criminals = ""
    then: Effect | None = None
    costs: tuple[int, ...] = ()
    where: Where = ""
    building: Building | Literal[""] = ""


class Ability(_Strict, frozen=True, kw_only=True):
    """§6.1 bottom band, §10.3: ``none``; ``immediate``/``dropoff`` with an effect; ``ongoing`` with a
    trigger and an effect (``after_action`` names the action) or a funding ``modifier`` (§5.3):
    ``convert_icons`` (2 MERCHANT -> 1, ``per``), ``convert_silver`` (``per`` silver -> 1),
    ``one_resource_counts_double`` (``resource``), ``resources_as_icons`` (``resources``, Emma)."""

    timing: Timing = "none"
    effect: Effect | None = None
    trigger: Trigger = ""
    action: ActionName | Literal[""] = ""
    modifier: Modifier = ""
    per: int = 0
    resource: Resource | Literal[""] = ""
    resources: tuple[Resource, ...] = ()


class _Item(_Strict, frozen=True, kw_only=True):
    """An item of content with its provenance and where, in the repository's words, it comes from."""

    provenance: Provenance
    source: str


class Part(_Item, frozen=True, kw_only=True):
    """The provenance of one part of a singleton (a board's Cleric Bonus icon, an AI board's slots)."""


# ---------------------------------------------------------------------------------------------
# §6.4–§6.6 townsfolk, §6.12 manuscripts, §6.11 player cards
# ---------------------------------------------------------------------------------------------


class TownsfolkCard(_Item, frozen=True, kw_only=True):
    """§6.1: cost (silver value), left-edge icons, the hire/dismiss effect (neutral cards only) and the ability."""

    id: str
    name: str
    name_hu: str = ""
    deck: Deck
    cost: int
    icons: tuple[Icon, ...]
    hire_effect: Effect | None
    ability: Ability


class ManuscriptVp(_Strict, frozen=True, kw_only=True):
    """§7.2 item 3, §10.3: ``amount * (count of per // divisor)`` VP at game end (``flat``: ``amount``)."""

    per: VpPer
    amount: int = 1
    divisor: int = 1


class Manuscript(_Item, frozen=True, kw_only=True):
    """§6.12: back colour, cost in cleric icons, ribbon, an immediate effect and/or an end-game VP."""

    id: str
    back: Back
    cost: int
    ribbon: Ribbon
    immediate: Effect | None
    vp: ManuscriptVp | None


class Gains(_Strict, frozen=True, kw_only=True):
    """§3 step 9.2: the goods a player card gives (``debts`` unpaid, ``deeds`` acquired)."""

    silver: int = 0
    ink: int = 0
    gold: int = 0
    stone: int = 0
    any_resource: int = 0
    debts: int = 0
    deeds: int = 0


class PlayerCard(_Item, frozen=True, kw_only=True):
    """§6.11: the start number (= ``number``), the goods and the extra setup step and where it applies."""

    number: int
    gains: Gains
    extra: Effect | None
    extra_scope: Scope


# ---------------------------------------------------------------------------------------------
# §4.1, §6.13 segment sides
# ---------------------------------------------------------------------------------------------


class Spot(_Strict, frozen=True, kw_only=True):
    """§4.1: a building spot, left (reachable from ``OL``) or right (from ``OR``) of the river; ``order`` is its
    clockwise position on the side (1, 2, ...); ``reward`` is gained by whoever builds there (§5.5)."""

    id: str
    side: Literal["left", "right"]
    order: int
    reward: Effect


class Link(_Strict, frozen=True, kw_only=True):
    """§5.5 step 4: the link between spots ``a`` and ``b`` (``b`` may be ``NEXT_SEGMENT_FIRST``)."""

    a: str
    b: str
    effect: Effect


class Fallback(_Strict, frozen=True, kw_only=True):
    """§4.1, A-25: the townsfolk printed under a pile: it can be dismissed, never hired."""

    cost: int
    icons: tuple[Icon, ...]
    hire_effect: Effect


class FallbackManuscript(_Strict, frozen=True, kw_only=True):
    """§5.7, §6.12: the manuscript printed under a pile: transcribed for its effect, never collected."""

    cost: int
    immediate: Effect


class SegmentSide(_Item, frozen=True, kw_only=True):
    """§4.1, §6.13: one side of a physical segment, used for the player counts in ``players``."""

    id: str
    segment: str
    players: tuple[int, ...]
    start_ol: int
    start_or: int
    exchange_ol: Exchange
    exchange_or: Exchange
    spots: tuple[Spot, ...]
    links: tuple[Link, ...]
    fallback_townsfolk: Fallback
    fallback_manuscript: FallbackManuscript


# ---------------------------------------------------------------------------------------------
# §6.10 castle, §6.7–§6.9 player board and rule constants
# ---------------------------------------------------------------------------------------------


class Castle(_Item, frozen=True, kw_only=True):
    """§6.10, §5.8: tier-2 rewards clockwise in the castle's frame, the centre reward, VP per worker by tier,
    what a bumped worker's owner gains per tier, and how many workers a tier-1/tier-2 section keeps."""

    sections: tuple[Effect, ...]
    centre: Effect
    worker_vp: tuple[int, int, int]
    bump_tier1: Effect
    bump_tier2: Effect
    capacity: int


class TradeExchange(_Strict, frozen=True, kw_only=True):
    """§5.4: an exchange kind, its cost in merchant icons per use and the reward per use."""

    kind: Exchange
    cost: int
    reward: Effect


class BuildingSlot(_Strict, frozen=True, kw_only=True):
    """§6.9: a building slot (``trading_post_1`` .. ``workshop_3``) and what building there reveals."""

    id: str
    building: Building
    index: int
    icons: tuple[Icon, ...] = ()
    ability: SlotAbility = ""


class BuildingType(_Strict, frozen=True, kw_only=True):
    """§6.9, §7.2 item 1: cost in builder icons and VP for 1 / 2 / 3 built."""

    building: Building
    cost: int
    vp: tuple[int, int, int]


class CollisionColumn(_Strict, frozen=True, kw_only=True):
    """§4.7 phase 5, §6.9: what the active player (``active``) and every other player (``others``) gain."""

    column: int
    active: Effect
    others: Effect


class ActionRow(_Strict, frozen=True, kw_only=True):
    """§5.3: an action's icon, the goods that buy icons for it, and where it is taken."""

    action: ActionName
    icon: Icon
    resource: Literal["silver", "ink", "gold", "stone"]
    spaces: Literal["outer", "inner"]


class Board(_Item, frozen=True, kw_only=True):
    """§6.9 and Appendix B: the human player board and the rule constants.

    ``debts_on_poverty`` / ``deeds_on_prosperity`` and ``set_vp`` are indexed by players / set size (index
    0 unused); ``worker_thresholds`` are (icons, workers) pairs; ``starting_icons`` maps card slot 1..3 to
    its printed icons; ``parts`` gives sub-items their own provenance (``"cleric_bonus_icons.grey"``)."""

    hand_limit: int
    track_length: int
    corruption_start: int
    virtue_start: int
    debts_on_poverty: tuple[int, ...]
    deeds_on_prosperity: tuple[int, ...]
    awards_3plus: tuple[int, ...]
    awards_2: tuple[int, ...]
    debt_unpaid_vp: int
    deed_acquired_vp: int
    deed_approved_vp: int
    set_vp: tuple[int, ...]
    ribbons: tuple[str, ...]
    cleric_bonus_vp: int
    cleric_bonus_icons: dict[str, Icon]
    castle_leader_vp: int
    castle_leader_hand: int
    worker_thresholds: tuple[tuple[int, int], ...]
    actions: tuple[ActionRow, ...]
    exchanges: tuple[TradeExchange, ...]
    building_types: tuple[BuildingType, ...]
    slots: tuple[BuildingSlot, ...]
    starting_icons: dict[int, tuple[Icon, ...]]
    collision: tuple[CollisionColumn, ...]
    workers: int
    parts: dict[str, Part] = msgspec.field(default_factory=dict)

    @property
    def player_counts(self) -> range:
        """§1: the player counts the stacks are given for (1..4)."""
        return range(1, len(self.debts_on_poverty))


# ---------------------------------------------------------------------------------------------
# §8 solo: AI boards and scheme cards
# ---------------------------------------------------------------------------------------------


class ResourceRule(_Strict, frozen=True, kw_only=True):
    """§8.3: take ``resource`` while holding fewer than ``while_below`` (the last rule has no bound)."""

    resource: Resource
    while_below: int | None = None


class AiBoard(_Item, frozen=True, kw_only=True):
    """§8.1, §8.3: an AI board. ``starting_built`` stays empty in the shipped Cleric AI: its first Guildhall
    is the ``build_free guildhall viscount_space`` of ``starting_items`` (§8.1 step 6), which takes the
    leftmost Guildhall slot (§8.5); listing it here as well would build it twice."""

    id: str
    focus: ActionName
    resource_chart: tuple[ResourceRule, ...]
    worker_thresholds: tuple[tuple[int, int], ...]
    starting_items: tuple[Effect, ...]
    starting_built: tuple[str, ...] = ()
    slots: tuple[BuildingSlot, ...]
    starting_icons: dict[int, tuple[Icon, ...]]
    collision: tuple[CollisionColumn, ...]
    vp_per_leftover_resource: int
    schemes_removed: tuple[str, ...]
    parts: dict[str, Part] = msgspec.field(default_factory=dict)


class AiStep(_Strict, frozen=True, kw_only=True):
    """§8.2: a step of a scheme card row (``move`` uses ``n``; ``effect`` an ``Effect``; ``all`` ``of``)."""

    op: AiOp
    n: int = 1
    effect: Effect | None = None
    of: tuple[AiStep, ...] = ()


class SchemeCard(_Item, frozen=True, kw_only=True):
    """§8.2: header icons, rows executed top to bottom, and the bottom row's alternatives (first feasible)."""

    id: str
    deck: SchemeDeck
    header_icons: tuple[Icon, ...]
    rows: tuple[AiStep, ...]
    bottom: tuple[AiStep, ...]


# ---------------------------------------------------------------------------------------------
# The files and the bundle
# ---------------------------------------------------------------------------------------------


class Placeholder(_Strict, frozen=True, kw_only=True):
    """A value in a file that stands in for one nobody could read: a warning at load (§10.2)."""

    id: str
    field: str
    why: str


class Family(_Strict, frozen=True, kw_only=True):
    """A data file's own provenance and source."""

    provenance: Provenance
    source: str


class _File(Family, Generic[T], frozen=True, kw_only=True):
    """A data file of one family: its provenance and source, its items in order, and its placeholders."""

    items: tuple[T, ...]
    placeholders: tuple[Placeholder, ...] = ()


class Content(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """All Viscounts content, validated (§10.4); lookups by id and the decks in file order."""

    townsfolk: dict[str, TownsfolkCard]
    neutral: tuple[str, ...]
    heroes: tuple[str, ...]
    starters: tuple[str, ...]
    manuscripts: dict[str, Manuscript]
    grey_backed: tuple[str, ...]
    black_backed: tuple[str, ...]
    player_cards: dict[int, PlayerCard]
    segments: dict[str, SegmentSide]
    castle: Castle
    board: Board
    ai_boards: dict[str, AiBoard]
    schemes: dict[str, SchemeCard]
    starting_schemes: tuple[str, ...]
    future_schemes: tuple[str, ...]
    #: Each data file's own provenance and source, by file name.
    families: dict[str, Family]
    #: Placeholders and wholly reconstructed files: accepted, but not the printed game.
    warnings: tuple[str, ...] = ()

    def sides_for(self, players: int) -> tuple[str, ...]:
        """§3 step 1, §10.4 rule 9: the side of every segment used by ``players`` players, segments A..E."""
        sides = [s for s in self.segments.values() if players in s.players]
        if not sides:
            raise ContentError(f"segments.json: no segment side for {players} players")
        return tuple(s.id for s in sorted(sides, key=lambda s: s.segment))


# ---------------------------------------------------------------------------------------------
# §10.4 validation: helpers
# ---------------------------------------------------------------------------------------------


class _At(NamedTuple):
    """Where an effect stands: the file, the item id, and the field path inside the item."""

    file: str
    item: str
    field: str

    def inside(self, field: str) -> _At:
        return _At(self.file, self.item, f"{self.field}.{field}")


def _check(condition: object, message: str) -> None:
    if not condition:
        raise ContentError(message)


def _unique(file: str, what: str, values: Iterable[object]) -> None:
    """Ids unique within a file (§10.4 rule 8 for spot ids, every file for item ids)."""
    twice = sorted(str(v) for v, n in Counter(values).items() if n > 1)
    _check(not twice, f"{file}: {what} {', '.join(twice)} repeated; must be unique")


def _least(file: str, item: str, field: str, value: int, least: int) -> None:
    _check(value >= least, f"{file}: {item} {field} {value}; must be at least {least}")


def _within(file: str, item: str, field: str, value: int, allowed: range) -> None:
    _check(value in allowed, f"{file}: {item} {field} {value}; must be {allowed[0]} to {allowed[-1]}")


def _exactly(file: str, what: str, found: int, wanted: int) -> None:
    _check(found == wanted, f"{file}: {found} {what}; must be exactly {wanted}")


def _increasing(file: str, item: str, field: str, values: Sequence[int]) -> None:
    ordered = all(a < b for a, b in pairwise(values))
    _check(ordered, f"{file}: {item} {field} {list(values)}; must increase")


# ---------------------------------------------------------------------------------------------
# §10.4 rule 6: every effect well formed
# ---------------------------------------------------------------------------------------------


def _children(e: Effect) -> Iterator[tuple[str, Effect]]:
    """The effects nested in ``e``, each with its field name."""
    for i, branch in enumerate(e.of):
        yield f"of[{i}]", branch
    for name, nested in (("pay", e.pay), ("gain", e.gain), ("then", e.then)):
        if nested is not None:
            yield name, nested


def _check_amount(e: Effect, at: _At) -> None:
    """§6.2: every amount is at least 1 (a zero gain is a transcription slip)."""
    _least(at.file, at.item, f"{at.field} {e.op} n", e.n, 1)


def _check_branches(e: Effect, at: _At) -> None:
    """§6.2, §10.4 rule 6: ``choice`` offers at least 2 branches, ``all`` at least 1; no other op has any."""
    where = f"{at.file}: {at.item} {at.field} {e.op}"
    least = {"choice": 2, "all": 1}.get(e.op, 0)
    if least:
        _check(len(e.of) >= least, f"{where} has {len(e.of)} branches; must be at least {least}")
    else:
        _check(not e.of, f"{where} has branches; only all and choice do")


def _check_cost(e: Effect, at: _At, in_cost: bool) -> None:
    """§6.2, §10.4 rule 6: ``cost`` has both a ``pay`` and a ``gain``, never inside another ``cost``."""
    where = f"{at.file}: {at.item} {at.field} {e.op}"
    if e.op == "cost":
        _check(not in_cost, f"{where} inside another cost; costs do not nest")
        _check(e.pay is not None and e.gain is not None, f"{where} needs both pay and gain")
    else:
        _check(e.pay is None and e.gain is None, f"{where} has pay or gain; only cost does")


def _check_condition(e: Effect, at: _At) -> None:
    """§6.2: ``if`` has a criminals condition and a ``then``; nothing else has either."""
    where = f"{at.file}: {at.item} {at.field} {e.op}"
    if e.op == "if":
        _check(e.criminals and e.then is not None, f"{where} needs a criminals condition and a then")
    else:
        _check(not e.criminals and e.then is None, f"{where} has a condition; only if does")


def _check_target(e: Effect, at: _At) -> None:
    """§6.2: ``free_manuscript`` names its costs (each >= 1); ``place_workers``/``build_free`` say where,
    ``build_free`` also which building; no other op carries these fields."""
    where = f"{at.file}: {at.item} {at.field} {e.op}"
    if e.op == "free_manuscript":
        _check(e.costs and min(e.costs) >= 1, f"{where} costs {list(e.costs)}; must list costs of at least 1")
    else:
        _check(not e.costs, f"{where} has costs; only free_manuscript does")
    allowed = WHERE_BY_OP.get(e.op, ("",))
    _check(e.where in allowed, f"{where} where '{e.where}'; must be one of {list(allowed)}")
    _check(
        bool(e.building) == (e.op == "build_free"),
        f"{where} building '{e.building}'; build_free needs one, no other op has one",
    )


def _check_effect(e: Effect, at: _At, in_cost: bool = False) -> None:
    """§10.4 rule 6: ``e`` and every effect nested in it are well formed."""
    _check_amount(e, at)
    _check_branches(e, at)
    _check_cost(e, at, in_cost)
    _check_condition(e, at)
    _check_target(e, at)
    for name, nested in _children(e):
        _check_effect(nested, at.inside(name), in_cost or e.op == "cost")


def _check_optional(e: Effect | None, at: _At) -> None:
    if e is not None:
        _check_effect(e, at)


# ---------------------------------------------------------------------------------------------
# §10.4 rules 1–5: townsfolk
# ---------------------------------------------------------------------------------------------

#: §10.3 Ability: the fields an ongoing ability sets, by trigger and by modifier.
_TRIGGER_FIELDS: Final[dict[str, frozenset[str]]] = {
    "after_action": frozenset({"trigger", "action", "effect"}),
    "on_flip_debt": frozenset({"trigger", "effect"}),
    "on_gain_debt": frozenset({"trigger", "effect"}),
    "on_any_collision": frozenset({"trigger", "effect"}),
}
_MODIFIER_FIELDS: Final[dict[str, frozenset[str]]] = {
    "convert_icons": frozenset({"modifier", "action", "per"}),
    "convert_silver": frozenset({"modifier", "action", "per"}),
    "one_resource_counts_double": frozenset({"modifier", "action", "resource"}),
    "resources_as_icons": frozenset({"modifier", "action", "resources"}),
}
_ABILITY_FIELDS: Final = ("effect", "trigger", "action", "modifier", "per", "resource", "resources")


def _ability_fields(a: Ability) -> frozenset[str]:
    """§10.3 Ability: the fields ``a``'s timing, trigger or modifier calls for."""
    if a.timing == "none":
        return frozenset()
    if a.timing in ("immediate", "dropoff"):
        return frozenset({"effect"})
    if a.trigger:
        return _TRIGGER_FIELDS[a.trigger]
    return _MODIFIER_FIELDS.get(a.modifier, frozenset({"trigger", "effect"}))


_HIRE_RULE: Final = "neutral cards must have one, heroes and starters none"


def _check_ability(file: str, item: str, a: Ability) -> None:
    """§10.4 rule 5: none has nothing; immediate/dropoff an effect; ongoing a trigger and an effect (an action
    after ``after_action``) or a modifier with its parameter; nothing else is set."""
    wanted = _ability_fields(a)
    filled = frozenset(f for f in _ABILITY_FIELDS if getattr(a, f) not in (None, "", 0, ()))
    _check(
        filled == wanted, f"{file}: {item} ability {a.timing} sets {sorted(filled)}; must set exactly {sorted(wanted)}"
    )
    _least(file, item, "ability per", a.per, 1 if "per" in wanted else 0)
    _check(len(set(a.resources)) == len(a.resources), f"{file}: {item} ability resources repeat {list(a.resources)}")
    _check_optional(a.effect, _At(file, item, "ability.effect"))


def _check_icons(file: str, item: str, field: str, icons: Sequence[str]) -> None:
    """§10.4 rule 3: 1 to 3 icons."""
    n = len(icons)
    _check(n in ICONS_PER_CARD, f"{file}: {item} has {n} {field}; must be {ICONS_PER_CARD[0]} to {ICONS_PER_CARD[-1]}")


def _check_deck_counts(file: str, cards: Sequence[TownsfolkCard]) -> None:
    """§10.4 rule 1: 68 neutral, 10 heroes, 8 starter kinds."""
    counts: Counter[str] = Counter(c.deck for c in cards)
    for deck, wanted in (("neutral", NEUTRAL_CARDS), ("hero", HERO_CARDS), ("starter", STARTER_KINDS)):
        _exactly(file, f"{deck} cards", counts[deck], wanted)


def _check_card(file: str, c: TownsfolkCard) -> None:
    """§10.4 rules 2–6 for one card: cost, icons, a hire effect exactly on neutral cards, the ability."""
    _within(file, c.id, "cost", c.cost, TOWNSFOLK_COSTS)
    _check_icons(file, c.id, "icons", c.icons)
    hire = c.hire_effect.op if c.hire_effect is not None else None
    _check((hire is not None) == (c.deck == "neutral"), f"{file}: {c.id} ({c.deck}) hire_effect {hire}; " + _HIRE_RULE)
    _check_optional(c.hire_effect, _At(file, c.id, "hire_effect"))
    _check_ability(file, c.id, c.ability)


def _check_townsfolk(cards: Sequence[TownsfolkCard]) -> None:
    """§10.4 rules 1–6: ``townsfolk.json``."""
    file = "townsfolk.json"
    _unique(file, "id", (c.id for c in cards))
    _check_deck_counts(file, cards)
    for c in cards:
        _check_card(file, c)


# ---------------------------------------------------------------------------------------------
# §10.4 rules 1, 2, 7: manuscripts; rule 1: player cards
# ---------------------------------------------------------------------------------------------


def _check_manuscript(file: str, m: Manuscript) -> None:
    """§10.4 rule 2: cost >= 1; the immediate effect well formed; the VP amount and divisor >= 1."""
    _least(file, m.id, "cost", m.cost, 1)
    _check_optional(m.immediate, _At(file, m.id, "immediate"))
    if m.vp is not None:
        _least(file, m.id, "vp amount", m.vp.amount, 1)
        _least(file, m.id, "vp divisor", m.vp.divisor, 1)


def _check_ribbons(file: str, manuscripts: Sequence[Manuscript], ribbons: Sequence[str]) -> None:
    """§10.4 rule 7: every ribbon colour on at least 3 manuscripts."""
    counts: Counter[str] = Counter(m.ribbon for m in manuscripts)
    for ribbon in ribbons:
        n = counts[ribbon]
        _check(n >= RIBBON_MINIMUM, f"{file}: ribbon {ribbon} on {n} manuscripts; must be at least {RIBBON_MINIMUM}")


def _check_manuscripts(manuscripts: Sequence[Manuscript], board: Board) -> None:
    """§10.4 rules 1, 2, 7: 35 manuscripts, 5 grey-backed and 30 black-backed."""
    file = "manuscripts.json"
    _unique(file, "id", (m.id for m in manuscripts))
    _exactly(file, "manuscripts", len(manuscripts), MANUSCRIPTS)
    _exactly(file, "grey-backed manuscripts", sum(m.back == "grey" for m in manuscripts), GREY_BACKED)
    for m in manuscripts:
        _check_manuscript(file, m)
    _check_ribbons(file, manuscripts, board.ribbons)


def _check_player_cards(cards: Sequence[PlayerCard]) -> None:
    """§10.4 rule 1: cards numbered 1..10 each once; goods >= 0; a scope only with an extra effect."""
    file = "player_cards.json"
    _unique(file, "number", (c.number for c in cards))
    numbers = sorted(c.number for c in cards)
    wanted = list(PLAYER_CARD_NUMBERS)
    _check(numbers == wanted, f"{file}: numbers {numbers}; must be {wanted[0]} to {wanted[-1]} once each")
    for c in cards:
        item = f"card {c.number}"
        for field, value in msgspec.structs.asdict(c.gains).items():
            _least(file, item, f"gains {field}", value, 0)
        _check(c.extra is not None or not c.extra_scope, f"{file}: {item} extra_scope {c.extra_scope} without extra")
        _check_optional(c.extra, _At(file, item, "extra"))


# ---------------------------------------------------------------------------------------------
# §10.4 rules 8 and 9: segment sides
# ---------------------------------------------------------------------------------------------


def _check_side_counts(file: str, sides: Sequence[SegmentSide]) -> None:
    """§10.4 rule 1: 5 segments of 2 sides each."""
    per_segment = Counter(s.segment for s in sides)
    _exactly(file, "segments", len(per_segment), SEGMENTS)
    for segment, n in sorted(per_segment.items()):
        _check(n == SIDES_PER_SEGMENT, f"{file}: segment {segment} has {n} sides; must be exactly {SIDES_PER_SEGMENT}")


def _check_side_sets(file: str, sides: Sequence[SegmentSide], players: range) -> None:
    """§10.4 rule 9: each player count selects exactly one side of every segment (and no other count is used)."""
    for s in sides:
        stray = [n for n in s.players if n not in players]
        _check(not stray, f"{file}: {s.id} players {stray}; must be {players[0]} to {players[-1]}")
    for n in players:
        for segment in sorted({s.segment for s in sides}):
            found = [s.id for s in sides if s.segment == segment and n in s.players]
            _check(len(found) == 1, f"{file}: {n} players use sides {found} of segment {segment}; must be exactly 1")


_PAIR: Final = "must be a pair (2k-1, 2k)"


def _check_start_numbers(file: str, sides: Sequence[SegmentSide], players: range) -> None:
    """§10.4 rule 8: a side carries the pair (2k-1 at OL, 2k at OR); a side set carries 1..10 once each."""
    for s in sides:
        pair = (s.start_ol, s.start_or)
        _check(s.start_ol % 2 == 1 and s.start_or == s.start_ol + 1, f"{file}: {s.id} start numbers {pair}; " + _PAIR)
    wanted = list(PLAYER_CARD_NUMBERS)
    for n in players:
        found = sorted(x for s in sides if n in s.players for x in (s.start_ol, s.start_or))
        _check(found == wanted, f"{file}: {n} players' sides carry start numbers {found}; must be {wanted}")


def _check_spots(file: str, s: SegmentSide) -> None:
    """§10.4 rule 8: spots listed clockwise (left group, then right group) with orders 1, 2, ...; at least one
    on each side of the river; rewards well formed."""
    sides = [spot.side for spot in s.spots]
    _check(sides == sorted(sides), f"{file}: {s.id} spots {sides}; the left group must come first")
    for side in ("left", "right"):
        _check(side in sides, f"{file}: {s.id} has no spot {side} of the river; must have at least 1")
    orders = [spot.order for spot in s.spots]
    _check(orders == list(range(1, len(orders) + 1)), f"{file}: {s.id} spot orders {orders}; must be 1, 2, ...")
    for spot in s.spots:
        _check_effect(spot.reward, _At(file, s.id, f"spot {spot.id} reward"))


def _check_links(file: str, s: SegmentSide) -> None:
    """§10.4 rule 8: a link joins two clockwise-consecutive spots, or the last spot and the next segment's first."""
    order = {spot.id: spot.order for spot in s.spots}
    last = len(s.spots)
    _unique(file, f"{s.id} link", (f"{link.a}-{link.b}" for link in s.links))
    for link in s.links:
        a = order.get(link.a)
        b = last + 1 if link.b == NEXT_SEGMENT_FIRST and a == last else order.get(link.b)
        joined = a is not None and b is not None and b == a + 1
        _check(joined, f"{file}: {s.id} link {link.a} -> {link.b}; must join consecutive spots")
        _check_effect(link.effect, _At(file, s.id, f"link {link.a}-{link.b}"))


def _check_fallbacks(file: str, s: SegmentSide) -> None:
    """§4.1, §10.4 rules 2, 3, 6: the printed townsfolk and manuscript under the piles."""
    t, m = s.fallback_townsfolk, s.fallback_manuscript
    _within(file, s.id, "fallback_townsfolk cost", t.cost, TOWNSFOLK_COSTS)
    _check_icons(file, s.id, "fallback_townsfolk icons", t.icons)
    _check_effect(t.hire_effect, _At(file, s.id, "fallback_townsfolk.hire_effect"))
    _least(file, s.id, "fallback_manuscript cost", m.cost, 1)
    _check_effect(m.immediate, _At(file, s.id, "fallback_manuscript.immediate"))


def _check_segments(sides: Sequence[SegmentSide], board: Board) -> None:
    """§10.4 rules 1, 8, 9: ``segments.json``."""
    file = "segments.json"
    _unique(file, "id", (s.id for s in sides))
    _unique(file, "spot id", (spot.id for s in sides for spot in s.spots))
    _check_side_counts(file, sides)
    _check_side_sets(file, sides, board.player_counts)
    _check_start_numbers(file, sides, board.player_counts)
    for s in sides:
        _check_spots(file, s)
        _check_links(file, s)
        _check_fallbacks(file, s)


# ---------------------------------------------------------------------------------------------
# §6.9, §6.10: board and castle
# ---------------------------------------------------------------------------------------------


def _check_castle(c: Castle) -> None:
    """§10.4 rule 1: 5 sections; every reward well formed; VP per tier rising; a capacity of at least 1."""
    file = "castle.json"
    _exactly(file, "sections", len(c.sections), CASTLE_SECTIONS)
    for i, section in enumerate(c.sections):
        _check_effect(section, _At(file, "castle", f"sections[{i}]"))
    for name, e in (("centre", c.centre), ("bump_tier1", c.bump_tier1), ("bump_tier2", c.bump_tier2)):
        _check_effect(e, _At(file, "castle", name))
    _increasing(file, "castle", "worker_vp", c.worker_vp)
    _least(file, "castle", "capacity", c.capacity, 1)


def _check_slots(file: str, item: str, slots: Sequence[BuildingSlot]) -> None:
    """§6.9: 9 building slots, 3 per type, ids ``<type>_<index>`` unique; icons only of the five kinds."""
    _unique(file, f"{item} slot id", (s.id for s in slots))
    _exactly(file, f"{item} building slots", len(slots), len(get_args(Building)) * SLOTS_PER_BUILDING)
    for building in get_args(Building):
        indexes = sorted(s.index for s in slots if s.building == building)
        wanted = list(range(1, SLOTS_PER_BUILDING + 1))
        _check(indexes == wanted, f"{file}: {item} {building} slots {indexes}; must be {wanted}")
    for s in slots:
        _check(s.id == f"{s.building}_{s.index}", f"{file}: {item} slot {s.id}; must be named {s.building}_{s.index}")


def _check_collision(file: str, item: str, columns: Sequence[CollisionColumn], board: Board) -> None:
    """§6.9: one collision column per track space, 1..7 in order, each effect well formed."""
    found = [c.column for c in columns]
    wanted = list(range(1, board.track_length + 1))
    _check(found == wanted, f"{file}: {item} collision columns {found}; must be {wanted}")
    for c in columns:
        _check_effect(c.active, _At(file, item, f"collision {c.column} active"))
        _check_effect(c.others, _At(file, item, f"collision {c.column} others"))


def _check_thresholds(file: str, item: str, thresholds: Sequence[tuple[int, int]]) -> None:
    """§5.6: worker thresholds (icons, workers), both increasing, from at least 1."""
    _check(bool(thresholds), f"{file}: {item} has no worker thresholds")
    for k, name in ((0, "icons"), (1, "workers")):
        values = [t[k] for t in thresholds]
        _least(file, item, f"worker threshold {name}", values[0], 1)
        _increasing(file, item, f"worker threshold {name}", values)


def _check_starting_icons(file: str, item: str, icons: dict[int, tuple[Icon, ...]]) -> None:
    """§4.3: printed starting icons for card slots 1..3."""
    wanted = list(range(1, CARD_SLOTS + 1))
    _check(sorted(icons) == wanted, f"{file}: {item} starting_icons slots {sorted(icons)}; must be {wanted}")


def _check_parts(file: str, item: str, parts: dict[str, Part], fields: Iterable[str]) -> None:
    """Each part names a field of its item (``"field"`` or ``"field.key"``) and says where it comes from."""
    known = set(fields)
    for key, part in parts.items():
        _check(key.split(".")[0] in known, f"{file}: {item} part {key} names no field")
        _check(part.source.strip(), f"{file}: {item} part {key} has no source")


def _check_track(file: str, b: Board) -> None:
    """§4.4: ``1 <= corruption_start <= virtue_start <= track_length``."""
    marks = (b.corruption_start, b.virtue_start, b.track_length)
    _check(1 <= marks[0] <= marks[1] <= marks[2], f"{file}: track (corruption, virtue, length) {marks}; must rise")


def _check_stacks(file: str, b: Board) -> None:
    """§3 step 10: debts and deeds on Poverty/Prosperity for the same player counts, at least 1 each."""
    debts, deeds = b.debts_on_poverty, b.deeds_on_prosperity
    _check(len(debts) == len(deeds) >= 2, f"{file}: stacks given for {len(debts) - 1} and {len(deeds) - 1} counts")
    for n in b.player_counts:
        _least(file, f"{n} players", "debts_on_poverty", debts[n], 1)
        _least(file, f"{n} players", "deeds_on_prosperity", deeds[n], 1)


def _check_ribbon_table(file: str, b: Board) -> None:
    """§6.8, §7.2: the four ribbons once each, a Cleric Bonus icon (with its provenance) per ribbon, set VP
    for every set size."""
    ribbons = sorted(b.ribbons)
    wanted = sorted(get_args(Ribbon))
    _check(ribbons == wanted, f"{file}: ribbons {list(b.ribbons)}; must be {wanted} once each")
    keys = sorted(b.cleric_bonus_icons)
    _check(keys == wanted, f"{file}: cleric_bonus_icons for {keys}; must be {wanted}")
    missing = [r for r in wanted if f"cleric_bonus_icons.{r}" not in b.parts]
    _check(not missing, f"{file}: cleric_bonus_icons {missing} have no part saying where they come from")
    _check(len(b.set_vp) == len(wanted) + 1, f"{file}: set_vp {list(b.set_vp)}; must give sets of 1 to {len(wanted)}")


def _check_kinds(file: str, what: str, found: Sequence[str], every: tuple[str, ...]) -> None:
    """One row per kind: actions, exchanges and building types each listed once."""
    _check(sorted(found) == sorted(every), f"{file}: {what} {list(found)}; must be {list(every)} once each")


def _check_tables(file: str, b: Board) -> None:
    """§5.3, §5.4, §6.9: the action, exchange and building tables."""
    _check_kinds(file, "actions", [a.action for a in b.actions], get_args(ActionName))
    _check_kinds(file, "exchanges", [x.kind for x in b.exchanges], get_args(Exchange))
    _check_kinds(file, "building types", [t.building for t in b.building_types], get_args(Building))
    for x in b.exchanges:
        _least(file, f"exchange {x.kind}", "cost", x.cost, 1)
        _check_effect(x.reward, _At(file, f"exchange {x.kind}", "reward"))
    for t in b.building_types:
        _least(file, t.building, "cost", t.cost, 1)
        _increasing(file, t.building, "vp", t.vp)


def _check_board(b: Board) -> None:
    """§6.9, Appendix B: ``board.json``."""
    file = "board.json"
    _check_track(file, b)
    _check_stacks(file, b)
    _check_ribbon_table(file, b)
    _check_tables(file, b)
    _check_slots(file, "board", b.slots)
    _check_collision(file, "board", b.collision, b)
    _check_thresholds(file, "board", b.worker_thresholds)
    _check_starting_icons(file, "board", b.starting_icons)
    _check_parts(file, "board", b.parts, b.__struct_fields__)
    _least(file, "board", "hand_limit", b.hand_limit, 1)
    _least(file, "board", "workers", b.workers, 1)


# ---------------------------------------------------------------------------------------------
# §8: AI boards and scheme cards
# ---------------------------------------------------------------------------------------------


def _check_chart(file: str, item: str, chart: Sequence[ResourceRule]) -> None:
    """§8.3: a priority chart of distinct resources, every rule bounded but the last."""
    _check(bool(chart), f"{file}: {item} has no resource_chart")
    _unique(file, f"{item} resource_chart resource", (r.resource for r in chart))
    bounds = [r.while_below for r in chart]
    ok = bounds[-1] is None and all(b is not None and b >= 1 for b in bounds[:-1])
    _check(ok, f"{file}: {item} resource_chart bounds {bounds}; every rule but the last needs one >= 1")


_REMOVED: Final = f"must be {list(SCHEMES_REMOVED)}"


def _check_removed(file: str, ai: AiBoard, schemes: dict[str, SchemeCard]) -> None:
    """§8.1 step 4: the schemes returned to the box: one Starting, then two Future Schemes."""
    decks = tuple(schemes[s].deck if s in schemes else "unknown" for s in ai.schemes_removed)
    removed = list(ai.schemes_removed)
    _check(decks == SCHEMES_REMOVED, f"{file}: {ai.id} schemes_removed {removed} are {list(decks)}; " + _REMOVED)


def _check_ai(ai: AiBoard, board: Board, schemes: dict[str, SchemeCard]) -> None:
    """§8.1, §8.3: one AI board."""
    file = "ai.json"
    _check_chart(file, ai.id, ai.resource_chart)
    _check_thresholds(file, ai.id, ai.worker_thresholds)
    for i, e in enumerate(ai.starting_items):
        _check_effect(e, _At(file, ai.id, f"starting_items[{i}]"))
    _check_slots(file, ai.id, ai.slots)
    slot_ids = {s.id for s in ai.slots}
    stray = [s for s in ai.starting_built if s not in slot_ids]
    _check(not stray, f"{file}: {ai.id} starting_built {stray} are not slots")
    _check_starting_icons(file, ai.id, ai.starting_icons)
    _check_collision(file, ai.id, ai.collision, board)
    _least(file, ai.id, "vp_per_leftover_resource", ai.vp_per_leftover_resource, 0)
    _check_removed(file, ai, schemes)
    _check_parts(file, ai.id, ai.parts, ai.__struct_fields__)


def _check_step(file: str, item: str, step: AiStep) -> None:
    """§8.2: ``effect`` wraps one effect, ``all`` at least one step; no other op has either; ``n >= 1``."""
    where = f"{file}: {item} {step.op}"
    _check((step.effect is not None) == (step.op == "effect"), f"{where} effect {step.effect}; only effect has one")
    _check(bool(step.of) == (step.op == "all"), f"{where} has {len(step.of)} steps; only all has steps")
    _least(file, item, f"{step.op} n", step.n, 1)
    _check_optional(step.effect, _At(file, item, "step"))
    for nested in step.of:
        _check_step(file, item, nested)


def _takes_action(step: AiStep) -> bool:
    """Whether ``step`` (or a step inside it) is a primary action, which may be impossible (§8.2)."""
    return step.op in AI_ACTIONS or any(_takes_action(s) for s in step.of)


_OPENING: Final = "a card opens with criminal_corruption exactly when its header shows CRIMINAL"


def _check_scheme(file: str, card: SchemeCard) -> None:
    """§8.2: header icons 1–3; a criminal header opens with criminal_corruption (and only it does); one move
    row; a bottom row whose last alternative is always feasible (no primary action)."""
    _check_icons(file, card.id, "header_icons", card.header_icons)
    for step in (*card.rows, *card.bottom):
        _check_step(file, card.id, step)
    first = card.rows[0].op if card.rows else None
    header = list(card.header_icons)
    opens = first == "criminal_corruption"
    _check(opens == ("CRIMINAL" in header), f"{file}: {card.id} header {header}, first row {first}; " + _OPENING)
    later = [s.op for s in card.rows[1:] if s.op == "criminal_corruption"]
    _check(not later, f"{file}: {card.id} criminal_corruption must be the first row only")
    moves = [s.n for s in card.rows if s.op == "move"]
    _check(len(moves) == 1, f"{file}: {card.id} has {len(moves)} move rows; must be exactly 1")
    _check(card.bottom and not _takes_action(card.bottom[-1]), f"{file}: {card.id} last bottom alternative may fail")


def _check_schemes(cards: Sequence[SchemeCard]) -> None:
    """§10.4 rule 1: 8 Starting and 8 Future Schemes, ids unique, each card well formed."""
    file = "schemes.json"
    _unique(file, "id", (c.id for c in cards))
    decks = Counter(c.deck for c in cards)
    for deck in get_args(SchemeDeck):
        _exactly(file, f"{deck} schemes", decks[deck], SCHEMES_PER_DECK)
    for card in cards:
        _check_scheme(file, card)


# ---------------------------------------------------------------------------------------------
# Warnings and loading
# ---------------------------------------------------------------------------------------------


def _placeholder_warnings(file: str, f: _File[T], ids: Sequence[str]) -> list[str]:
    """§10.2: each placeholder names an item of its file; each is a warning."""
    for p in f.placeholders:
        _check(p.id in ids, f"{file}: placeholder for {p.id}, which is no item")
    return [f"{file}: {p.id} {p.field} is a placeholder: {p.why}" for p in f.placeholders]


def _reconstructed_warning(file: str, provenances: Sequence[str]) -> list[str]:
    """A file none of whose items was read from a component or the rulebook."""
    if provenances and all(p == "reconstructed" for p in provenances):
        return [f"{file}: all {len(provenances)} items are reconstructed; the printed ones are not known"]
    return []


def _item_ids(f: _File[T]) -> list[str]:
    return [str(getattr(item, "id", getattr(item, "number", ""))) for item in f.items]


def _check_sources(files: dict[str, _File[Any]], singles: dict[str, _Item]) -> None:
    """§0.1: every item, and every file, says where it comes from (a non-empty ``source``)."""
    for name, f in files.items():
        _check(f.source.strip(), f"{name}: the file has no source")
        for item_id, item in zip(_item_ids(f), f.items, strict=True):
            _check(item.source.strip(), f"{name}: {item_id} has no source")
    for name, single in singles.items():
        _check(single.source.strip(), f"{name}: the file has no source")


def _warnings(files: dict[str, _File[Any]]) -> tuple[str, ...]:
    """The warnings of every item file."""
    found: list[str] = []
    for name, f in files.items():
        found += _reconstructed_warning(name, [getattr(item, "provenance", "") for item in f.items])
        found += _placeholder_warnings(name, f, _item_ids(f))
    return tuple(found)


def validate(
    townsfolk: Sequence[TownsfolkCard],
    manuscripts: Sequence[Manuscript],
    player_cards: Sequence[PlayerCard],
    segments: Sequence[SegmentSide],
    castle: Castle,
    board: Board,
    ai_boards: Sequence[AiBoard],
    schemes: Sequence[SchemeCard],
) -> None:
    """§10.4 rules 1–9 over every file, each refusal a ``ContentError`` naming the file, the item and the numbers."""
    _check_board(board)
    _check_castle(castle)
    _check_townsfolk(townsfolk)
    _check_manuscripts(manuscripts, board)
    _check_player_cards(player_cards)
    _check_segments(segments, board)
    _check_schemes(schemes)
    _unique("ai.json", "id", (ai.id for ai in ai_boards))
    by_id = {s.id: s for s in schemes}
    for ai in ai_boards:
        _check_ai(ai, board, by_id)


def load_content(pack: Path | None = None) -> Content:
    """Load and validate the shipped files, each replaced by the pack's file of the same name if any."""
    townsfolk = load(DATA_DIR, "townsfolk.json", _File[TownsfolkCard], pack)
    manuscripts = load(DATA_DIR, "manuscripts.json", _File[Manuscript], pack)
    player_cards = load(DATA_DIR, "player_cards.json", _File[PlayerCard], pack)
    segments = load(DATA_DIR, "segments.json", _File[SegmentSide], pack)
    ai = load(DATA_DIR, "ai.json", _File[AiBoard], pack)
    schemes = load(DATA_DIR, "schemes.json", _File[SchemeCard], pack)
    board = load(DATA_DIR, "board.json", Board, pack)
    castle = load(DATA_DIR, "castle.json", Castle, pack)
    validate(
        townsfolk.items, manuscripts.items, player_cards.items, segments.items, castle, board, ai.items, schemes.items
    )
    files: dict[str, _File[Any]] = {
        "townsfolk.json": townsfolk,
        "manuscripts.json": manuscripts,
        "player_cards.json": player_cards,
        "segments.json": segments,
        "ai.json": ai,
        "schemes.json": schemes,
    }
    singles: dict[str, _Item] = {"board.json": board, "castle.json": castle}
    _check_sources(files, singles)
    everything: dict[str, Family | _Item] = {**files, **singles}
    families = {name: Family(provenance=f.provenance, source=f.source) for name, f in everything.items()}
    cards, papers = townsfolk.items, manuscripts.items
    return Content(
        townsfolk={c.id: c for c in cards},
        neutral=tuple(c.id for c in cards if c.deck == "neutral"),
        heroes=tuple(c.id for c in cards if c.deck == "hero"),
        starters=tuple(c.id for c in cards if c.deck == "starter"),
        manuscripts={m.id: m for m in papers},
        grey_backed=tuple(m.id for m in papers if m.back == "grey"),
        black_backed=tuple(m.id for m in papers if m.back == "black"),
        player_cards={c.number: c for c in player_cards.items},
        segments={s.id: s for s in segments.items},
        castle=castle,
        board=board,
        ai_boards={a.id: a for a in ai.items},
        schemes={s.id: s for s in schemes.items},
        starting_schemes=tuple(s.id for s in schemes.items if s.deck == "starting"),
        future_schemes=tuple(s.id for s in schemes.items if s.deck == "future"),
        families=families,
        warnings=_warnings(files),
    )


CONTENT: Content = load_content(pack_dir(GAME_ID))
"""The content the engine plays with: the configured pack's files over the shipped ones, validated at import."""
