from rulesengine.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ViscountsState(_message.Message):
    __slots__ = ("options", "players", "ring", "rotation", "spots", "folk_tops", "folk_left", "folk_unseen", "folk_removed", "script_tops", "script_left", "script_unseen", "grey_unseen", "castle", "cards_unseen", "heroes_unseen", "pairs", "debts_left", "deeds_left", "poverty", "prosperity", "future_unseen", "start", "round", "stage", "turn", "queue", "rng", "external_chance", "redacted", "viewer")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RING_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    SPOTS_FIELD_NUMBER: _ClassVar[int]
    FOLK_TOPS_FIELD_NUMBER: _ClassVar[int]
    FOLK_LEFT_FIELD_NUMBER: _ClassVar[int]
    FOLK_UNSEEN_FIELD_NUMBER: _ClassVar[int]
    FOLK_REMOVED_FIELD_NUMBER: _ClassVar[int]
    SCRIPT_TOPS_FIELD_NUMBER: _ClassVar[int]
    SCRIPT_LEFT_FIELD_NUMBER: _ClassVar[int]
    SCRIPT_UNSEEN_FIELD_NUMBER: _ClassVar[int]
    GREY_UNSEEN_FIELD_NUMBER: _ClassVar[int]
    CASTLE_FIELD_NUMBER: _ClassVar[int]
    CARDS_UNSEEN_FIELD_NUMBER: _ClassVar[int]
    HEROES_UNSEEN_FIELD_NUMBER: _ClassVar[int]
    PAIRS_FIELD_NUMBER: _ClassVar[int]
    DEBTS_LEFT_FIELD_NUMBER: _ClassVar[int]
    DEEDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    POVERTY_FIELD_NUMBER: _ClassVar[int]
    PROSPERITY_FIELD_NUMBER: _ClassVar[int]
    FUTURE_UNSEEN_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_CHANCE_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    options: ViscountsOptions
    players: _containers.RepeatedCompositeFieldContainer[ViscountsPlayer]
    ring: _containers.RepeatedScalarFieldContainer[str]
    rotation: int
    spots: _containers.RepeatedScalarFieldContainer[str]
    folk_tops: _containers.RepeatedScalarFieldContainer[str]
    folk_left: _containers.RepeatedScalarFieldContainer[int]
    folk_unseen: _containers.RepeatedScalarFieldContainer[str]
    folk_removed: _containers.RepeatedScalarFieldContainer[str]
    script_tops: _containers.RepeatedScalarFieldContainer[str]
    script_left: _containers.RepeatedScalarFieldContainer[int]
    script_unseen: _containers.RepeatedScalarFieldContainer[str]
    grey_unseen: _containers.RepeatedScalarFieldContainer[str]
    castle: ViscountsCastle
    cards_unseen: _containers.RepeatedScalarFieldContainer[int]
    heroes_unseen: _containers.RepeatedScalarFieldContainer[str]
    pairs: _containers.RepeatedCompositeFieldContainer[ViscountsPair]
    debts_left: int
    deeds_left: int
    poverty: int
    prosperity: int
    future_unseen: _containers.RepeatedScalarFieldContainer[str]
    start: int
    round: int
    stage: str
    turn: ViscountsTurn
    queue: _containers.RepeatedCompositeFieldContainer[ViscountsStep]
    rng: _common_pb2.Rng
    external_chance: bool
    redacted: bool
    viewer: int
    def __init__(self, options: _Optional[_Union[ViscountsOptions, _Mapping]] = ..., players: _Optional[_Iterable[_Union[ViscountsPlayer, _Mapping]]] = ..., ring: _Optional[_Iterable[str]] = ..., rotation: _Optional[int] = ..., spots: _Optional[_Iterable[str]] = ..., folk_tops: _Optional[_Iterable[str]] = ..., folk_left: _Optional[_Iterable[int]] = ..., folk_unseen: _Optional[_Iterable[str]] = ..., folk_removed: _Optional[_Iterable[str]] = ..., script_tops: _Optional[_Iterable[str]] = ..., script_left: _Optional[_Iterable[int]] = ..., script_unseen: _Optional[_Iterable[str]] = ..., grey_unseen: _Optional[_Iterable[str]] = ..., castle: _Optional[_Union[ViscountsCastle, _Mapping]] = ..., cards_unseen: _Optional[_Iterable[int]] = ..., heroes_unseen: _Optional[_Iterable[str]] = ..., pairs: _Optional[_Iterable[_Union[ViscountsPair, _Mapping]]] = ..., debts_left: _Optional[int] = ..., deeds_left: _Optional[int] = ..., poverty: _Optional[int] = ..., prosperity: _Optional[int] = ..., future_unseen: _Optional[_Iterable[str]] = ..., start: _Optional[int] = ..., round: _Optional[int] = ..., stage: _Optional[str] = ..., turn: _Optional[_Union[ViscountsTurn, _Mapping]] = ..., queue: _Optional[_Iterable[_Union[ViscountsStep, _Mapping]]] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ..., external_chance: _Optional[bool] = ..., redacted: _Optional[bool] = ..., viewer: _Optional[int] = ...) -> None: ...

class ViscountsOptions(_message.Message):
    __slots__ = ("players", "start_player", "future_schemes", "collision_column", "reshuffle_check", "castle_order", "rearrange_empty", "free_hire_optional", "conversion_dismiss", "icon_scope", "castle_gold_move", "bump_timing", "card8_building")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    FUTURE_SCHEMES_FIELD_NUMBER: _ClassVar[int]
    COLLISION_COLUMN_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLE_CHECK_FIELD_NUMBER: _ClassVar[int]
    CASTLE_ORDER_FIELD_NUMBER: _ClassVar[int]
    REARRANGE_EMPTY_FIELD_NUMBER: _ClassVar[int]
    FREE_HIRE_OPTIONAL_FIELD_NUMBER: _ClassVar[int]
    CONVERSION_DISMISS_FIELD_NUMBER: _ClassVar[int]
    ICON_SCOPE_FIELD_NUMBER: _ClassVar[int]
    CASTLE_GOLD_MOVE_FIELD_NUMBER: _ClassVar[int]
    BUMP_TIMING_FIELD_NUMBER: _ClassVar[int]
    CARD8_BUILDING_FIELD_NUMBER: _ClassVar[int]
    players: int
    start_player: int
    future_schemes: int
    collision_column: str
    reshuffle_check: str
    castle_order: str
    rearrange_empty: bool
    free_hire_optional: bool
    conversion_dismiss: bool
    icon_scope: str
    castle_gold_move: str
    bump_timing: str
    card8_building: str
    def __init__(self, players: _Optional[int] = ..., start_player: _Optional[int] = ..., future_schemes: _Optional[int] = ..., collision_column: _Optional[str] = ..., reshuffle_check: _Optional[str] = ..., castle_order: _Optional[str] = ..., rearrange_empty: _Optional[bool] = ..., free_hire_optional: _Optional[bool] = ..., conversion_dismiss: _Optional[bool] = ..., icon_scope: _Optional[str] = ..., castle_gold_move: _Optional[str] = ..., bump_timing: _Optional[str] = ..., card8_building: _Optional[str] = ...) -> None: ...

class ViscountsPlayer(_message.Message):
    __slots__ = ("ai", "player_card", "hero", "space", "hand", "draw", "discard", "slots", "silver", "ink", "gold", "stone", "debts", "paid", "deeds", "approved", "corruption", "virtue", "workers", "built", "manuscripts", "cleric_bonus", "bank")
    AI_FIELD_NUMBER: _ClassVar[int]
    PLAYER_CARD_FIELD_NUMBER: _ClassVar[int]
    HERO_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    SILVER_FIELD_NUMBER: _ClassVar[int]
    INK_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    STONE_FIELD_NUMBER: _ClassVar[int]
    DEBTS_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    DEEDS_FIELD_NUMBER: _ClassVar[int]
    APPROVED_FIELD_NUMBER: _ClassVar[int]
    CORRUPTION_FIELD_NUMBER: _ClassVar[int]
    VIRTUE_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    BUILT_FIELD_NUMBER: _ClassVar[int]
    MANUSCRIPTS_FIELD_NUMBER: _ClassVar[int]
    CLERIC_BONUS_FIELD_NUMBER: _ClassVar[int]
    BANK_FIELD_NUMBER: _ClassVar[int]
    ai: bool
    player_card: int
    hero: str
    space: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    draw: _containers.RepeatedScalarFieldContainer[str]
    discard: _containers.RepeatedScalarFieldContainer[str]
    slots: _containers.RepeatedScalarFieldContainer[str]
    silver: int
    ink: int
    gold: int
    stone: int
    debts: int
    paid: int
    deeds: int
    approved: int
    corruption: int
    virtue: int
    workers: int
    built: _containers.RepeatedScalarFieldContainer[str]
    manuscripts: _containers.RepeatedScalarFieldContainer[str]
    cleric_bonus: _containers.RepeatedScalarFieldContainer[str]
    bank: int
    def __init__(self, ai: _Optional[bool] = ..., player_card: _Optional[int] = ..., hero: _Optional[str] = ..., space: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., draw: _Optional[_Iterable[str]] = ..., discard: _Optional[_Iterable[str]] = ..., slots: _Optional[_Iterable[str]] = ..., silver: _Optional[int] = ..., ink: _Optional[int] = ..., gold: _Optional[int] = ..., stone: _Optional[int] = ..., debts: _Optional[int] = ..., paid: _Optional[int] = ..., deeds: _Optional[int] = ..., approved: _Optional[int] = ..., corruption: _Optional[int] = ..., virtue: _Optional[int] = ..., workers: _Optional[int] = ..., built: _Optional[_Iterable[str]] = ..., manuscripts: _Optional[_Iterable[str]] = ..., cleric_bonus: _Optional[_Iterable[str]] = ..., bank: _Optional[int] = ...) -> None: ...

class ViscountsSeatCounts(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class ViscountsCastle(_message.Message):
    __slots__ = ("tier1", "tier2", "centre", "leader")
    TIER1_FIELD_NUMBER: _ClassVar[int]
    TIER2_FIELD_NUMBER: _ClassVar[int]
    CENTRE_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    tier1: _containers.RepeatedCompositeFieldContainer[ViscountsSeatCounts]
    tier2: _containers.RepeatedCompositeFieldContainer[ViscountsSeatCounts]
    centre: _containers.RepeatedScalarFieldContainer[int]
    leader: int
    def __init__(self, tier1: _Optional[_Iterable[_Union[ViscountsSeatCounts, _Mapping]]] = ..., tier2: _Optional[_Iterable[_Union[ViscountsSeatCounts, _Mapping]]] = ..., centre: _Optional[_Iterable[int]] = ..., leader: _Optional[int] = ...) -> None: ...

class ViscountsPair(_message.Message):
    __slots__ = ("card", "hero", "taken_by")
    CARD_FIELD_NUMBER: _ClassVar[int]
    HERO_FIELD_NUMBER: _ClassVar[int]
    TAKEN_BY_FIELD_NUMBER: _ClassVar[int]
    card: int
    hero: str
    taken_by: int
    def __init__(self, card: _Optional[int] = ..., hero: _Optional[str] = ..., taken_by: _Optional[int] = ...) -> None: ...

class ViscountsTurn(_message.Message):
    __slots__ = ("seat", "phase", "value", "played", "dismissed", "acted", "hired")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    DISMISSED_FIELD_NUMBER: _ClassVar[int]
    ACTED_FIELD_NUMBER: _ClassVar[int]
    HIRED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    phase: str
    value: int
    played: str
    dismissed: bool
    acted: bool
    hired: bool
    def __init__(self, seat: _Optional[int] = ..., phase: _Optional[str] = ..., value: _Optional[int] = ..., played: _Optional[str] = ..., dismissed: _Optional[bool] = ..., acted: _Optional[bool] = ..., hired: _Optional[bool] = ...) -> None: ...

class ViscountsEffect(_message.Message):
    __slots__ = ("op", "n", "of", "pay", "gain", "criminals", "then", "costs", "where", "building")
    OP_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    OF_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    GAIN_FIELD_NUMBER: _ClassVar[int]
    CRIMINALS_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    COSTS_FIELD_NUMBER: _ClassVar[int]
    WHERE_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    op: str
    n: int
    of: _containers.RepeatedCompositeFieldContainer[ViscountsEffect]
    pay: ViscountsEffect
    gain: ViscountsEffect
    criminals: str
    then: ViscountsEffect
    costs: _containers.RepeatedScalarFieldContainer[int]
    where: str
    building: str
    def __init__(self, op: _Optional[str] = ..., n: _Optional[int] = ..., of: _Optional[_Iterable[_Union[ViscountsEffect, _Mapping]]] = ..., pay: _Optional[_Union[ViscountsEffect, _Mapping]] = ..., gain: _Optional[_Union[ViscountsEffect, _Mapping]] = ..., criminals: _Optional[str] = ..., then: _Optional[_Union[ViscountsEffect, _Mapping]] = ..., costs: _Optional[_Iterable[int]] = ..., where: _Optional[str] = ..., building: _Optional[str] = ...) -> None: ...

class ViscountsAiStep(_message.Message):
    __slots__ = ("op", "n", "effect", "of")
    OP_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    OF_FIELD_NUMBER: _ClassVar[int]
    op: str
    n: int
    effect: ViscountsEffect
    of: _containers.RepeatedCompositeFieldContainer[ViscountsAiStep]
    def __init__(self, op: _Optional[str] = ..., n: _Optional[int] = ..., effect: _Optional[_Union[ViscountsEffect, _Mapping]] = ..., of: _Optional[_Iterable[_Union[ViscountsAiStep, _Mapping]]] = ...) -> None: ...

class ViscountsStep(_message.Message):
    __slots__ = ("draw_segment", "draw_rotation", "draw_folk", "draw_manuscript", "draw_start", "draw_player_card", "draw_hero", "draw_card", "draw_scheme", "run", "choose_branch", "choose_cost", "choose_resource", "choose_flip", "rearrange", "discard_step", "destroy_step", "free_hire", "free_manuscript", "castle_move", "place_section", "build_free", "settle", "bump", "castle_section", "collide", "reset", "outcome", "after_action", "ai_do", "ai_first", "gather", "spread")
    DRAW_SEGMENT_FIELD_NUMBER: _ClassVar[int]
    DRAW_ROTATION_FIELD_NUMBER: _ClassVar[int]
    DRAW_FOLK_FIELD_NUMBER: _ClassVar[int]
    DRAW_MANUSCRIPT_FIELD_NUMBER: _ClassVar[int]
    DRAW_START_FIELD_NUMBER: _ClassVar[int]
    DRAW_PLAYER_CARD_FIELD_NUMBER: _ClassVar[int]
    DRAW_HERO_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    DRAW_SCHEME_FIELD_NUMBER: _ClassVar[int]
    RUN_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_BRANCH_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_COST_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_RESOURCE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_FLIP_FIELD_NUMBER: _ClassVar[int]
    REARRANGE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_STEP_FIELD_NUMBER: _ClassVar[int]
    DESTROY_STEP_FIELD_NUMBER: _ClassVar[int]
    FREE_HIRE_FIELD_NUMBER: _ClassVar[int]
    FREE_MANUSCRIPT_FIELD_NUMBER: _ClassVar[int]
    CASTLE_MOVE_FIELD_NUMBER: _ClassVar[int]
    PLACE_SECTION_FIELD_NUMBER: _ClassVar[int]
    BUILD_FREE_FIELD_NUMBER: _ClassVar[int]
    SETTLE_FIELD_NUMBER: _ClassVar[int]
    BUMP_FIELD_NUMBER: _ClassVar[int]
    CASTLE_SECTION_FIELD_NUMBER: _ClassVar[int]
    COLLIDE_FIELD_NUMBER: _ClassVar[int]
    RESET_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    AFTER_ACTION_FIELD_NUMBER: _ClassVar[int]
    AI_DO_FIELD_NUMBER: _ClassVar[int]
    AI_FIRST_FIELD_NUMBER: _ClassVar[int]
    GATHER_FIELD_NUMBER: _ClassVar[int]
    SPREAD_FIELD_NUMBER: _ClassVar[int]
    draw_segment: ViscountsDrawSegment
    draw_rotation: ViscountsDrawRotation
    draw_folk: ViscountsDrawFolk
    draw_manuscript: ViscountsDrawManuscript
    draw_start: ViscountsDrawStart
    draw_player_card: ViscountsDrawPlayerCard
    draw_hero: ViscountsDrawHero
    draw_card: ViscountsDrawCard
    draw_scheme: ViscountsDrawScheme
    run: ViscountsRun
    choose_branch: ViscountsChooseBranch
    choose_cost: ViscountsChooseCost
    choose_resource: ViscountsChooseResource
    choose_flip: ViscountsChooseFlip
    rearrange: ViscountsRearrange
    discard_step: ViscountsDiscardStep
    destroy_step: ViscountsDestroyStep
    free_hire: ViscountsFreeHire
    free_manuscript: ViscountsFreeManuscript
    castle_move: ViscountsCastleMove
    place_section: ViscountsPlaceSection
    build_free: ViscountsBuildFree
    settle: ViscountsSettle
    bump: ViscountsBump
    castle_section: ViscountsCastleSection
    collide: ViscountsCollide
    reset: ViscountsReset
    outcome: ViscountsOutcome
    after_action: ViscountsAfterAction
    ai_do: ViscountsAiDo
    ai_first: ViscountsAiFirst
    gather: ViscountsGather
    spread: ViscountsSpread
    def __init__(self, draw_segment: _Optional[_Union[ViscountsDrawSegment, _Mapping]] = ..., draw_rotation: _Optional[_Union[ViscountsDrawRotation, _Mapping]] = ..., draw_folk: _Optional[_Union[ViscountsDrawFolk, _Mapping]] = ..., draw_manuscript: _Optional[_Union[ViscountsDrawManuscript, _Mapping]] = ..., draw_start: _Optional[_Union[ViscountsDrawStart, _Mapping]] = ..., draw_player_card: _Optional[_Union[ViscountsDrawPlayerCard, _Mapping]] = ..., draw_hero: _Optional[_Union[ViscountsDrawHero, _Mapping]] = ..., draw_card: _Optional[_Union[ViscountsDrawCard, _Mapping]] = ..., draw_scheme: _Optional[_Union[ViscountsDrawScheme, _Mapping]] = ..., run: _Optional[_Union[ViscountsRun, _Mapping]] = ..., choose_branch: _Optional[_Union[ViscountsChooseBranch, _Mapping]] = ..., choose_cost: _Optional[_Union[ViscountsChooseCost, _Mapping]] = ..., choose_resource: _Optional[_Union[ViscountsChooseResource, _Mapping]] = ..., choose_flip: _Optional[_Union[ViscountsChooseFlip, _Mapping]] = ..., rearrange: _Optional[_Union[ViscountsRearrange, _Mapping]] = ..., discard_step: _Optional[_Union[ViscountsDiscardStep, _Mapping]] = ..., destroy_step: _Optional[_Union[ViscountsDestroyStep, _Mapping]] = ..., free_hire: _Optional[_Union[ViscountsFreeHire, _Mapping]] = ..., free_manuscript: _Optional[_Union[ViscountsFreeManuscript, _Mapping]] = ..., castle_move: _Optional[_Union[ViscountsCastleMove, _Mapping]] = ..., place_section: _Optional[_Union[ViscountsPlaceSection, _Mapping]] = ..., build_free: _Optional[_Union[ViscountsBuildFree, _Mapping]] = ..., settle: _Optional[_Union[ViscountsSettle, _Mapping]] = ..., bump: _Optional[_Union[ViscountsBump, _Mapping]] = ..., castle_section: _Optional[_Union[ViscountsCastleSection, _Mapping]] = ..., collide: _Optional[_Union[ViscountsCollide, _Mapping]] = ..., reset: _Optional[_Union[ViscountsReset, _Mapping]] = ..., outcome: _Optional[_Union[ViscountsOutcome, _Mapping]] = ..., after_action: _Optional[_Union[ViscountsAfterAction, _Mapping]] = ..., ai_do: _Optional[_Union[ViscountsAiDo, _Mapping]] = ..., ai_first: _Optional[_Union[ViscountsAiFirst, _Mapping]] = ..., gather: _Optional[_Union[ViscountsGather, _Mapping]] = ..., spread: _Optional[_Union[ViscountsSpread, _Mapping]] = ...) -> None: ...

class ViscountsDrawSegment(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: int
    def __init__(self, position: _Optional[int] = ...) -> None: ...

class ViscountsDrawRotation(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ViscountsDrawFolk(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: int
    def __init__(self, position: _Optional[int] = ...) -> None: ...

class ViscountsDrawManuscript(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: int
    def __init__(self, position: _Optional[int] = ...) -> None: ...

class ViscountsDrawStart(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ViscountsDrawPlayerCard(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ViscountsDrawHero(_message.Message):
    __slots__ = ("pair",)
    PAIR_FIELD_NUMBER: _ClassVar[int]
    pair: int
    def __init__(self, pair: _Optional[int] = ...) -> None: ...

class ViscountsDrawCard(_message.Message):
    __slots__ = ("seat", "purpose")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    purpose: str
    def __init__(self, seat: _Optional[int] = ..., purpose: _Optional[str] = ...) -> None: ...

class ViscountsDrawScheme(_message.Message):
    __slots__ = ("seat", "future", "setup")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FUTURE_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    future: bool
    setup: bool
    def __init__(self, seat: _Optional[int] = ..., future: _Optional[bool] = ..., setup: _Optional[bool] = ...) -> None: ...

class ViscountsRun(_message.Message):
    __slots__ = ("seat", "effects", "source")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EFFECTS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    effects: _containers.RepeatedCompositeFieldContainer[ViscountsEffect]
    source: str
    def __init__(self, seat: _Optional[int] = ..., effects: _Optional[_Iterable[_Union[ViscountsEffect, _Mapping]]] = ..., source: _Optional[str] = ...) -> None: ...

class ViscountsChooseBranch(_message.Message):
    __slots__ = ("seat", "effect", "source")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    effect: ViscountsEffect
    source: str
    def __init__(self, seat: _Optional[int] = ..., effect: _Optional[_Union[ViscountsEffect, _Mapping]] = ..., source: _Optional[str] = ...) -> None: ...

class ViscountsChooseCost(_message.Message):
    __slots__ = ("seat", "effect", "source")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    effect: ViscountsEffect
    source: str
    def __init__(self, seat: _Optional[int] = ..., effect: _Optional[_Union[ViscountsEffect, _Mapping]] = ..., source: _Optional[str] = ...) -> None: ...

class ViscountsChooseResource(_message.Message):
    __slots__ = ("seat", "left")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ...) -> None: ...

class ViscountsChooseFlip(_message.Message):
    __slots__ = ("seat", "left")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ...) -> None: ...

class ViscountsRearrange(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class ViscountsDiscardStep(_message.Message):
    __slots__ = ("seat", "left")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ...) -> None: ...

class ViscountsDestroyStep(_message.Message):
    __slots__ = ("seat", "left", "setup")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    setup: bool
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ..., setup: _Optional[bool] = ...) -> None: ...

class ViscountsFreeHire(_message.Message):
    __slots__ = ("seat", "left")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ...) -> None: ...

class ViscountsFreeManuscript(_message.Message):
    __slots__ = ("seat", "costs")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COSTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    costs: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., costs: _Optional[_Iterable[int]] = ...) -> None: ...

class ViscountsCastleMove(_message.Message):
    __slots__ = ("seat", "left")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ...) -> None: ...

class ViscountsPlaceSection(_message.Message):
    __slots__ = ("seat", "n")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    seat: int
    n: int
    def __init__(self, seat: _Optional[int] = ..., n: _Optional[int] = ...) -> None: ...

class ViscountsBuildFree(_message.Message):
    __slots__ = ("seat", "building", "near")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    NEAR_FIELD_NUMBER: _ClassVar[int]
    seat: int
    building: str
    near: bool
    def __init__(self, seat: _Optional[int] = ..., building: _Optional[str] = ..., near: _Optional[bool] = ...) -> None: ...

class ViscountsSettle(_message.Message):
    __slots__ = ("active", "seat")
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    active: int
    seat: int
    def __init__(self, active: _Optional[int] = ..., seat: _Optional[int] = ...) -> None: ...

class ViscountsBump(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class ViscountsCastleSection(_message.Message):
    __slots__ = ("seat", "tier")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TIER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    tier: int
    def __init__(self, seat: _Optional[int] = ..., tier: _Optional[int] = ...) -> None: ...

class ViscountsCollide(_message.Message):
    __slots__ = ("seat", "column")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    column: int
    def __init__(self, seat: _Optional[int] = ..., column: _Optional[int] = ...) -> None: ...

class ViscountsReset(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class ViscountsOutcome(_message.Message):
    __slots__ = ("seat", "action", "uses", "slot", "spot", "manuscript")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    USES_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    SPOT_FIELD_NUMBER: _ClassVar[int]
    MANUSCRIPT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    action: str
    uses: int
    slot: str
    spot: int
    manuscript: str
    def __init__(self, seat: _Optional[int] = ..., action: _Optional[str] = ..., uses: _Optional[int] = ..., slot: _Optional[str] = ..., spot: _Optional[int] = ..., manuscript: _Optional[str] = ...) -> None: ...

class ViscountsAfterAction(_message.Message):
    __slots__ = ("seat", "action")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    action: str
    def __init__(self, seat: _Optional[int] = ..., action: _Optional[str] = ...) -> None: ...

class ViscountsGather(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class ViscountsSpread(_message.Message):
    __slots__ = ("seat", "section")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    section: int
    def __init__(self, seat: _Optional[int] = ..., section: _Optional[int] = ...) -> None: ...

class ViscountsAiDo(_message.Message):
    __slots__ = ("seat", "row", "source")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    row: ViscountsAiStep
    source: str
    def __init__(self, seat: _Optional[int] = ..., row: _Optional[_Union[ViscountsAiStep, _Mapping]] = ..., source: _Optional[str] = ...) -> None: ...

class ViscountsAiFirst(_message.Message):
    __slots__ = ("seat", "rows", "source")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    rows: _containers.RepeatedCompositeFieldContainer[ViscountsAiStep]
    source: str
    def __init__(self, seat: _Optional[int] = ..., rows: _Optional[_Iterable[_Union[ViscountsAiStep, _Mapping]]] = ..., source: _Optional[str] = ...) -> None: ...

class ViscountsAction(_message.Message):
    __slots__ = ("segment", "rotation", "folk_drawn", "manuscript_drawn", "start_drawn", "player_card_drawn", "hero_drawn", "card_drawn", "scheme_drawn", "pick_pair", "play", "move_to", "trade", "build", "place_workers", "transcribe", "no_action", "hire", "branch", "accept", "take", "flip", "arrange", "discard", "destroy", "hire_from", "take_manuscript", "move_worker", "section", "place_building", "bump_worker")
    SEGMENT_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    FOLK_DRAWN_FIELD_NUMBER: _ClassVar[int]
    MANUSCRIPT_DRAWN_FIELD_NUMBER: _ClassVar[int]
    START_DRAWN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_CARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    HERO_DRAWN_FIELD_NUMBER: _ClassVar[int]
    CARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    SCHEME_DRAWN_FIELD_NUMBER: _ClassVar[int]
    PICK_PAIR_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    MOVE_TO_FIELD_NUMBER: _ClassVar[int]
    TRADE_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    PLACE_WORKERS_FIELD_NUMBER: _ClassVar[int]
    TRANSCRIBE_FIELD_NUMBER: _ClassVar[int]
    NO_ACTION_FIELD_NUMBER: _ClassVar[int]
    HIRE_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    BRANCH_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    FLIP_FIELD_NUMBER: _ClassVar[int]
    ARRANGE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    DESTROY_FIELD_NUMBER: _ClassVar[int]
    HIRE_FROM_FIELD_NUMBER: _ClassVar[int]
    TAKE_MANUSCRIPT_FIELD_NUMBER: _ClassVar[int]
    MOVE_WORKER_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    PLACE_BUILDING_FIELD_NUMBER: _ClassVar[int]
    BUMP_WORKER_FIELD_NUMBER: _ClassVar[int]
    segment: ViscountsSegment
    rotation: ViscountsRotation
    folk_drawn: ViscountsFolkDrawn
    manuscript_drawn: ViscountsManuscriptDrawn
    start_drawn: ViscountsStartDrawn
    player_card_drawn: ViscountsPlayerCardDrawn
    hero_drawn: ViscountsHeroDrawn
    card_drawn: ViscountsCardDrawn
    scheme_drawn: ViscountsSchemeDrawn
    pick_pair: ViscountsPickPair
    play: ViscountsPlay
    move_to: ViscountsMoveTo
    trade: ViscountsTrade
    build: ViscountsBuild
    place_workers: ViscountsPlaceWorkers
    transcribe: ViscountsTranscribe
    no_action: ViscountsNoAction
    hire: ViscountsHire
    branch: ViscountsBranch
    accept: ViscountsAccept
    take: ViscountsTake
    flip: ViscountsFlip
    arrange: ViscountsArrange
    discard: ViscountsDiscard
    destroy: ViscountsDestroy
    hire_from: ViscountsHireFrom
    take_manuscript: ViscountsTakeManuscript
    move_worker: ViscountsMoveWorker
    section: ViscountsSection
    place_building: ViscountsPlaceBuilding
    bump_worker: ViscountsBumpWorker
    def __init__(self, segment: _Optional[_Union[ViscountsSegment, _Mapping]] = ..., rotation: _Optional[_Union[ViscountsRotation, _Mapping]] = ..., folk_drawn: _Optional[_Union[ViscountsFolkDrawn, _Mapping]] = ..., manuscript_drawn: _Optional[_Union[ViscountsManuscriptDrawn, _Mapping]] = ..., start_drawn: _Optional[_Union[ViscountsStartDrawn, _Mapping]] = ..., player_card_drawn: _Optional[_Union[ViscountsPlayerCardDrawn, _Mapping]] = ..., hero_drawn: _Optional[_Union[ViscountsHeroDrawn, _Mapping]] = ..., card_drawn: _Optional[_Union[ViscountsCardDrawn, _Mapping]] = ..., scheme_drawn: _Optional[_Union[ViscountsSchemeDrawn, _Mapping]] = ..., pick_pair: _Optional[_Union[ViscountsPickPair, _Mapping]] = ..., play: _Optional[_Union[ViscountsPlay, _Mapping]] = ..., move_to: _Optional[_Union[ViscountsMoveTo, _Mapping]] = ..., trade: _Optional[_Union[ViscountsTrade, _Mapping]] = ..., build: _Optional[_Union[ViscountsBuild, _Mapping]] = ..., place_workers: _Optional[_Union[ViscountsPlaceWorkers, _Mapping]] = ..., transcribe: _Optional[_Union[ViscountsTranscribe, _Mapping]] = ..., no_action: _Optional[_Union[ViscountsNoAction, _Mapping]] = ..., hire: _Optional[_Union[ViscountsHire, _Mapping]] = ..., branch: _Optional[_Union[ViscountsBranch, _Mapping]] = ..., accept: _Optional[_Union[ViscountsAccept, _Mapping]] = ..., take: _Optional[_Union[ViscountsTake, _Mapping]] = ..., flip: _Optional[_Union[ViscountsFlip, _Mapping]] = ..., arrange: _Optional[_Union[ViscountsArrange, _Mapping]] = ..., discard: _Optional[_Union[ViscountsDiscard, _Mapping]] = ..., destroy: _Optional[_Union[ViscountsDestroy, _Mapping]] = ..., hire_from: _Optional[_Union[ViscountsHireFrom, _Mapping]] = ..., take_manuscript: _Optional[_Union[ViscountsTakeManuscript, _Mapping]] = ..., move_worker: _Optional[_Union[ViscountsMoveWorker, _Mapping]] = ..., section: _Optional[_Union[ViscountsSection, _Mapping]] = ..., place_building: _Optional[_Union[ViscountsPlaceBuilding, _Mapping]] = ..., bump_worker: _Optional[_Union[ViscountsBumpWorker, _Mapping]] = ..., **kwargs) -> None: ...

class ViscountsSegment(_message.Message):
    __slots__ = ("segment",)
    SEGMENT_FIELD_NUMBER: _ClassVar[int]
    segment: str
    def __init__(self, segment: _Optional[str] = ...) -> None: ...

class ViscountsRotation(_message.Message):
    __slots__ = ("rotation",)
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    rotation: int
    def __init__(self, rotation: _Optional[int] = ...) -> None: ...

class ViscountsFolkDrawn(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class ViscountsManuscriptDrawn(_message.Message):
    __slots__ = ("manuscript",)
    MANUSCRIPT_FIELD_NUMBER: _ClassVar[int]
    manuscript: str
    def __init__(self, manuscript: _Optional[str] = ...) -> None: ...

class ViscountsStartDrawn(_message.Message):
    __slots__ = ("start",)
    START_FIELD_NUMBER: _ClassVar[int]
    start: int
    def __init__(self, start: _Optional[int] = ...) -> None: ...

class ViscountsPlayerCardDrawn(_message.Message):
    __slots__ = ("number",)
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    number: int
    def __init__(self, number: _Optional[int] = ...) -> None: ...

class ViscountsHeroDrawn(_message.Message):
    __slots__ = ("hero",)
    HERO_FIELD_NUMBER: _ClassVar[int]
    hero: str
    def __init__(self, hero: _Optional[str] = ...) -> None: ...

class ViscountsCardDrawn(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class ViscountsSchemeDrawn(_message.Message):
    __slots__ = ("scheme",)
    SCHEME_FIELD_NUMBER: _ClassVar[int]
    scheme: str
    def __init__(self, scheme: _Optional[str] = ...) -> None: ...

class ViscountsPickPair(_message.Message):
    __slots__ = ("pair",)
    PAIR_FIELD_NUMBER: _ClassVar[int]
    pair: int
    def __init__(self, pair: _Optional[int] = ...) -> None: ...

class ViscountsPlay(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class ViscountsMoveTo(_message.Message):
    __slots__ = ("space",)
    SPACE_FIELD_NUMBER: _ClassVar[int]
    space: int
    def __init__(self, space: _Optional[int] = ...) -> None: ...

class ViscountsTrade(_message.Message):
    __slots__ = ("uses", "pay", "dismiss")
    USES_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    DISMISS_FIELD_NUMBER: _ClassVar[int]
    uses: int
    pay: int
    dismiss: bool
    def __init__(self, uses: _Optional[int] = ..., pay: _Optional[int] = ..., dismiss: _Optional[bool] = ...) -> None: ...

class ViscountsBuild(_message.Message):
    __slots__ = ("slot", "spot", "pay", "silver", "dismiss")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    SPOT_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    SILVER_FIELD_NUMBER: _ClassVar[int]
    DISMISS_FIELD_NUMBER: _ClassVar[int]
    slot: str
    spot: int
    pay: int
    silver: int
    dismiss: bool
    def __init__(self, slot: _Optional[str] = ..., spot: _Optional[int] = ..., pay: _Optional[int] = ..., silver: _Optional[int] = ..., dismiss: _Optional[bool] = ...) -> None: ...

class ViscountsPlaceWorkers(_message.Message):
    __slots__ = ("workers", "pay", "silver", "dismiss")
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    PAY_FIELD_NUMBER: _ClassVar[int]
    SILVER_FIELD_NUMBER: _ClassVar[int]
    DISMISS_FIELD_NUMBER: _ClassVar[int]
    workers: int
    pay: int
    silver: int
    dismiss: bool
    def __init__(self, workers: _Optional[int] = ..., pay: _Optional[int] = ..., silver: _Optional[int] = ..., dismiss: _Optional[bool] = ...) -> None: ...

class ViscountsTranscribe(_message.Message):
    __slots__ = ("pay", "silver", "gold", "stone", "dismiss")
    PAY_FIELD_NUMBER: _ClassVar[int]
    SILVER_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    STONE_FIELD_NUMBER: _ClassVar[int]
    DISMISS_FIELD_NUMBER: _ClassVar[int]
    pay: int
    silver: int
    gold: int
    stone: int
    dismiss: bool
    def __init__(self, pay: _Optional[int] = ..., silver: _Optional[int] = ..., gold: _Optional[int] = ..., stone: _Optional[int] = ..., dismiss: _Optional[bool] = ...) -> None: ...

class ViscountsNoAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ViscountsHire(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ViscountsPass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ViscountsBranch(_message.Message):
    __slots__ = ("index",)
    INDEX_FIELD_NUMBER: _ClassVar[int]
    index: int
    def __init__(self, index: _Optional[int] = ...) -> None: ...

class ViscountsAccept(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ViscountsTake(_message.Message):
    __slots__ = ("resource",)
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    resource: str
    def __init__(self, resource: _Optional[str] = ...) -> None: ...

class ViscountsFlip(_message.Message):
    __slots__ = ("what",)
    WHAT_FIELD_NUMBER: _ClassVar[int]
    what: str
    def __init__(self, what: _Optional[str] = ...) -> None: ...

class ViscountsArrange(_message.Message):
    __slots__ = ("slots",)
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    slots: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, slots: _Optional[_Iterable[str]] = ...) -> None: ...

class ViscountsDiscard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class ViscountsDestroy(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class ViscountsHireFrom(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: int
    def __init__(self, position: _Optional[int] = ...) -> None: ...

class ViscountsTakeManuscript(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: int
    def __init__(self, position: _Optional[int] = ...) -> None: ...

class ViscountsMoveWorker(_message.Message):
    __slots__ = ("source", "target")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    source: int
    target: int
    def __init__(self, source: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class ViscountsSection(_message.Message):
    __slots__ = ("section",)
    SECTION_FIELD_NUMBER: _ClassVar[int]
    section: int
    def __init__(self, section: _Optional[int] = ...) -> None: ...

class ViscountsPlaceBuilding(_message.Message):
    __slots__ = ("slot", "spot")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    SPOT_FIELD_NUMBER: _ClassVar[int]
    slot: str
    spot: int
    def __init__(self, slot: _Optional[str] = ..., spot: _Optional[int] = ...) -> None: ...

class ViscountsBumpWorker(_message.Message):
    __slots__ = ("section", "tier", "owner")
    SECTION_FIELD_NUMBER: _ClassVar[int]
    TIER_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    section: int
    tier: int
    owner: int
    def __init__(self, section: _Optional[int] = ..., tier: _Optional[int] = ..., owner: _Optional[int] = ...) -> None: ...
