from rulesengine.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GuildsOfLondonState(_message.Message):
    __slots__ = ("options", "players", "guildhall", "supply", "plantation", "plantation_neutral", "neutral_pool", "neutral_removed", "city", "beadle", "plantation_side", "tile_supply", "token_bag", "tokens_removed", "deck", "discard", "in_play", "lm_deck", "lm_bottom", "round", "stage", "order", "turn_index", "turn", "scan", "reward", "ending", "next_stamp", "queue", "rng", "external_chance", "redacted", "viewer")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    GUILDHALL_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    PLANTATION_FIELD_NUMBER: _ClassVar[int]
    PLANTATION_NEUTRAL_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_POOL_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_REMOVED_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    BEADLE_FIELD_NUMBER: _ClassVar[int]
    PLANTATION_SIDE_FIELD_NUMBER: _ClassVar[int]
    TILE_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    TOKEN_BAG_FIELD_NUMBER: _ClassVar[int]
    TOKENS_REMOVED_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    IN_PLAY_FIELD_NUMBER: _ClassVar[int]
    LM_DECK_FIELD_NUMBER: _ClassVar[int]
    LM_BOTTOM_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    TURN_INDEX_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    SCAN_FIELD_NUMBER: _ClassVar[int]
    REWARD_FIELD_NUMBER: _ClassVar[int]
    ENDING_FIELD_NUMBER: _ClassVar[int]
    NEXT_STAMP_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_CHANCE_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    options: GuildsOfLondonOptions
    players: _containers.RepeatedCompositeFieldContainer[GuildsOfLondonPlayer]
    guildhall: _containers.RepeatedScalarFieldContainer[int]
    supply: _containers.RepeatedScalarFieldContainer[int]
    plantation: _containers.RepeatedScalarFieldContainer[int]
    plantation_neutral: int
    neutral_pool: int
    neutral_removed: int
    city: _containers.RepeatedCompositeFieldContainer[GuildsOfLondonCityTile]
    beadle: str
    plantation_side: str
    tile_supply: _containers.RepeatedScalarFieldContainer[str]
    token_bag: _containers.RepeatedScalarFieldContainer[str]
    tokens_removed: _containers.RepeatedScalarFieldContainer[str]
    deck: _containers.RepeatedScalarFieldContainer[str]
    discard: _containers.RepeatedScalarFieldContainer[str]
    in_play: _containers.RepeatedScalarFieldContainer[str]
    lm_deck: _containers.RepeatedScalarFieldContainer[str]
    lm_bottom: _containers.RepeatedScalarFieldContainer[str]
    round: int
    stage: str
    order: _containers.RepeatedScalarFieldContainer[int]
    turn_index: int
    turn: GuildsOfLondonTurn
    scan: int
    reward: GuildsOfLondonReward
    ending: bool
    next_stamp: int
    queue: _containers.RepeatedCompositeFieldContainer[GuildsOfLondonStep]
    rng: _common_pb2.Rng
    external_chance: bool
    redacted: bool
    viewer: int
    def __init__(self, options: _Optional[_Union[GuildsOfLondonOptions, _Mapping]] = ..., players: _Optional[_Iterable[_Union[GuildsOfLondonPlayer, _Mapping]]] = ..., guildhall: _Optional[_Iterable[int]] = ..., supply: _Optional[_Iterable[int]] = ..., plantation: _Optional[_Iterable[int]] = ..., plantation_neutral: _Optional[int] = ..., neutral_pool: _Optional[int] = ..., neutral_removed: _Optional[int] = ..., city: _Optional[_Iterable[_Union[GuildsOfLondonCityTile, _Mapping]]] = ..., beadle: _Optional[str] = ..., plantation_side: _Optional[str] = ..., tile_supply: _Optional[_Iterable[str]] = ..., token_bag: _Optional[_Iterable[str]] = ..., tokens_removed: _Optional[_Iterable[str]] = ..., deck: _Optional[_Iterable[str]] = ..., discard: _Optional[_Iterable[str]] = ..., in_play: _Optional[_Iterable[str]] = ..., lm_deck: _Optional[_Iterable[str]] = ..., lm_bottom: _Optional[_Iterable[str]] = ..., round: _Optional[int] = ..., stage: _Optional[str] = ..., order: _Optional[_Iterable[int]] = ..., turn_index: _Optional[int] = ..., turn: _Optional[_Union[GuildsOfLondonTurn, _Mapping]] = ..., scan: _Optional[int] = ..., reward: _Optional[_Union[GuildsOfLondonReward, _Mapping]] = ..., ending: _Optional[bool] = ..., next_stamp: _Optional[int] = ..., queue: _Optional[_Iterable[_Union[GuildsOfLondonStep, _Mapping]]] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ..., external_chance: _Optional[bool] = ..., redacted: _Optional[bool] = ..., viewer: _Optional[int] = ...) -> None: ...

class GuildsOfLondonOptions(_message.Message):
    __slots__ = ("players", "plantation_side", "negotiation_own_colour", "tiebreak_adjacent_masters", "setup_special_west_of_guildhall", "neutral_return")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLANTATION_SIDE_FIELD_NUMBER: _ClassVar[int]
    NEGOTIATION_OWN_COLOUR_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_ADJACENT_MASTERS_FIELD_NUMBER: _ClassVar[int]
    SETUP_SPECIAL_WEST_OF_GUILDHALL_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_RETURN_FIELD_NUMBER: _ClassVar[int]
    players: int
    plantation_side: str
    negotiation_own_colour: bool
    tiebreak_adjacent_masters: str
    setup_special_west_of_guildhall: bool
    neutral_return: str
    def __init__(self, players: _Optional[int] = ..., plantation_side: _Optional[str] = ..., negotiation_own_colour: _Optional[bool] = ..., tiebreak_adjacent_masters: _Optional[str] = ..., setup_special_west_of_guildhall: _Optional[bool] = ..., neutral_return: _Optional[str] = ...) -> None: ...

class GuildsOfLondonLedger(_message.Message):
    __slots__ = ("category", "detail", "points")
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    category: str
    detail: str
    points: int
    def __init__(self, category: _Optional[str] = ..., detail: _Optional[str] = ..., points: _Optional[int] = ...) -> None: ...

class GuildsOfLondonPlayer(_message.Message):
    __slots__ = ("vp", "stamp", "hand", "lm_cards", "lm_offer", "lm_choice", "tokens", "neutral", "ledger")
    VP_FIELD_NUMBER: _ClassVar[int]
    STAMP_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    LM_CARDS_FIELD_NUMBER: _ClassVar[int]
    LM_OFFER_FIELD_NUMBER: _ClassVar[int]
    LM_CHOICE_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_FIELD_NUMBER: _ClassVar[int]
    LEDGER_FIELD_NUMBER: _ClassVar[int]
    vp: int
    stamp: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    lm_cards: _containers.RepeatedScalarFieldContainer[str]
    lm_offer: _containers.RepeatedScalarFieldContainer[str]
    lm_choice: _containers.RepeatedScalarFieldContainer[str]
    tokens: _containers.RepeatedScalarFieldContainer[str]
    neutral: int
    ledger: _containers.RepeatedCompositeFieldContainer[GuildsOfLondonLedger]
    def __init__(self, vp: _Optional[int] = ..., stamp: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., lm_cards: _Optional[_Iterable[str]] = ..., lm_offer: _Optional[_Iterable[str]] = ..., lm_choice: _Optional[_Iterable[str]] = ..., tokens: _Optional[_Iterable[str]] = ..., neutral: _Optional[int] = ..., ledger: _Optional[_Iterable[_Union[GuildsOfLondonLedger, _Mapping]]] = ...) -> None: ...

class GuildsOfLondonCityTile(_message.Message):
    __slots__ = ("row", "col", "tile", "face_up", "liverymen", "master", "token", "neutral")
    ROW_FIELD_NUMBER: _ClassVar[int]
    COL_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    LIVERYMEN_FIELD_NUMBER: _ClassVar[int]
    MASTER_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_FIELD_NUMBER: _ClassVar[int]
    row: int
    col: int
    tile: str
    face_up: bool
    liverymen: _containers.RepeatedScalarFieldContainer[int]
    master: int
    token: str
    neutral: int
    def __init__(self, row: _Optional[int] = ..., col: _Optional[int] = ..., tile: _Optional[str] = ..., face_up: _Optional[bool] = ..., liverymen: _Optional[_Iterable[int]] = ..., master: _Optional[int] = ..., token: _Optional[str] = ..., neutral: _Optional[int] = ...) -> None: ...

class GuildsOfLondonReward(_message.Message):
    __slots__ = ("winner", "second")
    WINNER_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    winner: int
    second: int
    def __init__(self, winner: _Optional[int] = ..., second: _Optional[int] = ...) -> None: ...

class GuildsOfLondonTriggerRef(_message.Message):
    __slots__ = ("card", "index")
    CARD_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    card: str
    index: int
    def __init__(self, card: _Optional[str] = ..., index: _Optional[int] = ...) -> None: ...

class GuildsOfLondonTurn(_message.Message):
    __slots__ = ("seat", "played", "draw_modifier", "end_draws", "triggers")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    DRAW_MODIFIER_FIELD_NUMBER: _ClassVar[int]
    END_DRAWS_FIELD_NUMBER: _ClassVar[int]
    TRIGGERS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    played: int
    draw_modifier: int
    end_draws: int
    triggers: _containers.RepeatedCompositeFieldContainer[GuildsOfLondonTriggerRef]
    def __init__(self, seat: _Optional[int] = ..., played: _Optional[int] = ..., draw_modifier: _Optional[int] = ..., end_draws: _Optional[int] = ..., triggers: _Optional[_Iterable[_Union[GuildsOfLondonTriggerRef, _Mapping]]] = ...) -> None: ...

class GuildsOfLondonEffectRef(_message.Message):
    __slots__ = ("source", "item", "part", "path")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    ITEM_FIELD_NUMBER: _ClassVar[int]
    PART_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    source: str
    item: str
    part: str
    path: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, source: _Optional[str] = ..., item: _Optional[str] = ..., part: _Optional[str] = ..., path: _Optional[_Iterable[int]] = ...) -> None: ...

class GuildsOfLondonStep(_message.Message):
    __slots__ = ("draw_order", "draw_side", "draw_tile", "draw_token", "draw_card", "draw_lord_mayor", "choose_lord_mayor", "run", "hire_step", "neutral_step", "move_step", "plant_step", "choice_step", "pay_discard", "pay_return", "negotiate", "return_from_plantation", "discard_to_limit")
    DRAW_ORDER_FIELD_NUMBER: _ClassVar[int]
    DRAW_SIDE_FIELD_NUMBER: _ClassVar[int]
    DRAW_TILE_FIELD_NUMBER: _ClassVar[int]
    DRAW_TOKEN_FIELD_NUMBER: _ClassVar[int]
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    DRAW_LORD_MAYOR_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_LORD_MAYOR_FIELD_NUMBER: _ClassVar[int]
    RUN_FIELD_NUMBER: _ClassVar[int]
    HIRE_STEP_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_STEP_FIELD_NUMBER: _ClassVar[int]
    MOVE_STEP_FIELD_NUMBER: _ClassVar[int]
    PLANT_STEP_FIELD_NUMBER: _ClassVar[int]
    CHOICE_STEP_FIELD_NUMBER: _ClassVar[int]
    PAY_DISCARD_FIELD_NUMBER: _ClassVar[int]
    PAY_RETURN_FIELD_NUMBER: _ClassVar[int]
    NEGOTIATE_FIELD_NUMBER: _ClassVar[int]
    RETURN_FROM_PLANTATION_FIELD_NUMBER: _ClassVar[int]
    DISCARD_TO_LIMIT_FIELD_NUMBER: _ClassVar[int]
    draw_order: GuildsOfLondonDrawOrder
    draw_side: GuildsOfLondonDrawSide
    draw_tile: GuildsOfLondonDrawTile
    draw_token: GuildsOfLondonDrawToken
    draw_card: GuildsOfLondonDrawCard
    draw_lord_mayor: GuildsOfLondonDrawLordMayor
    choose_lord_mayor: GuildsOfLondonChooseLordMayor
    run: GuildsOfLondonRun
    hire_step: GuildsOfLondonHireStep
    neutral_step: GuildsOfLondonNeutralStep
    move_step: GuildsOfLondonMoveStep
    plant_step: GuildsOfLondonPlantStep
    choice_step: GuildsOfLondonChoiceStep
    pay_discard: GuildsOfLondonPayDiscard
    pay_return: GuildsOfLondonPayReturn
    negotiate: GuildsOfLondonNegotiate
    return_from_plantation: GuildsOfLondonReturnFromPlantation
    discard_to_limit: GuildsOfLondonDiscardToLimit
    def __init__(self, draw_order: _Optional[_Union[GuildsOfLondonDrawOrder, _Mapping]] = ..., draw_side: _Optional[_Union[GuildsOfLondonDrawSide, _Mapping]] = ..., draw_tile: _Optional[_Union[GuildsOfLondonDrawTile, _Mapping]] = ..., draw_token: _Optional[_Union[GuildsOfLondonDrawToken, _Mapping]] = ..., draw_card: _Optional[_Union[GuildsOfLondonDrawCard, _Mapping]] = ..., draw_lord_mayor: _Optional[_Union[GuildsOfLondonDrawLordMayor, _Mapping]] = ..., choose_lord_mayor: _Optional[_Union[GuildsOfLondonChooseLordMayor, _Mapping]] = ..., run: _Optional[_Union[GuildsOfLondonRun, _Mapping]] = ..., hire_step: _Optional[_Union[GuildsOfLondonHireStep, _Mapping]] = ..., neutral_step: _Optional[_Union[GuildsOfLondonNeutralStep, _Mapping]] = ..., move_step: _Optional[_Union[GuildsOfLondonMoveStep, _Mapping]] = ..., plant_step: _Optional[_Union[GuildsOfLondonPlantStep, _Mapping]] = ..., choice_step: _Optional[_Union[GuildsOfLondonChoiceStep, _Mapping]] = ..., pay_discard: _Optional[_Union[GuildsOfLondonPayDiscard, _Mapping]] = ..., pay_return: _Optional[_Union[GuildsOfLondonPayReturn, _Mapping]] = ..., negotiate: _Optional[_Union[GuildsOfLondonNegotiate, _Mapping]] = ..., return_from_plantation: _Optional[_Union[GuildsOfLondonReturnFromPlantation, _Mapping]] = ..., discard_to_limit: _Optional[_Union[GuildsOfLondonDiscardToLimit, _Mapping]] = ...) -> None: ...

class GuildsOfLondonDrawOrder(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GuildsOfLondonDrawSide(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GuildsOfLondonDrawTile(_message.Message):
    __slots__ = ("row", "col", "pool")
    ROW_FIELD_NUMBER: _ClassVar[int]
    COL_FIELD_NUMBER: _ClassVar[int]
    POOL_FIELD_NUMBER: _ClassVar[int]
    row: int
    col: int
    pool: str
    def __init__(self, row: _Optional[int] = ..., col: _Optional[int] = ..., pool: _Optional[str] = ...) -> None: ...

class GuildsOfLondonDrawToken(_message.Message):
    __slots__ = ("row", "col")
    ROW_FIELD_NUMBER: _ClassVar[int]
    COL_FIELD_NUMBER: _ClassVar[int]
    row: int
    col: int
    def __init__(self, row: _Optional[int] = ..., col: _Optional[int] = ...) -> None: ...

class GuildsOfLondonDrawCard(_message.Message):
    __slots__ = ("seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class GuildsOfLondonDrawLordMayor(_message.Message):
    __slots__ = ("seat", "count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class GuildsOfLondonChooseLordMayor(_message.Message):
    __slots__ = ("seat", "keep")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    keep: int
    def __init__(self, seat: _Optional[int] = ..., keep: _Optional[int] = ...) -> None: ...

class GuildsOfLondonRun(_message.Message):
    __slots__ = ("seat", "ref", "index", "repeat", "card", "chained")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REF_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    REPEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    CHAINED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    ref: GuildsOfLondonEffectRef
    index: int
    repeat: int
    card: str
    chained: bool
    def __init__(self, seat: _Optional[int] = ..., ref: _Optional[_Union[GuildsOfLondonEffectRef, _Mapping]] = ..., index: _Optional[int] = ..., repeat: _Optional[int] = ..., card: _Optional[str] = ..., chained: _Optional[bool] = ...) -> None: ...

class GuildsOfLondonHireStep(_message.Message):
    __slots__ = ("seat", "n", "mandatory", "chained")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    MANDATORY_FIELD_NUMBER: _ClassVar[int]
    CHAINED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    n: int
    mandatory: bool
    chained: bool
    def __init__(self, seat: _Optional[int] = ..., n: _Optional[int] = ..., mandatory: _Optional[bool] = ..., chained: _Optional[bool] = ...) -> None: ...

class GuildsOfLondonNeutralStep(_message.Message):
    __slots__ = ("seat", "n", "mandatory")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    MANDATORY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    n: int
    mandatory: bool
    def __init__(self, seat: _Optional[int] = ..., n: _Optional[int] = ..., mandatory: _Optional[bool] = ...) -> None: ...

class GuildsOfLondonMoveStep(_message.Message):
    __slots__ = ("seat", "left", "origins", "any_symbol", "symbols", "not_to", "not_from", "mandatory", "chained")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    ORIGINS_FIELD_NUMBER: _ClassVar[int]
    ANY_SYMBOL_FIELD_NUMBER: _ClassVar[int]
    SYMBOLS_FIELD_NUMBER: _ClassVar[int]
    NOT_TO_FIELD_NUMBER: _ClassVar[int]
    NOT_FROM_FIELD_NUMBER: _ClassVar[int]
    MANDATORY_FIELD_NUMBER: _ClassVar[int]
    CHAINED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    origins: _containers.RepeatedScalarFieldContainer[str]
    any_symbol: bool
    symbols: _containers.RepeatedScalarFieldContainer[str]
    not_to: str
    not_from: str
    mandatory: bool
    chained: bool
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ..., origins: _Optional[_Iterable[str]] = ..., any_symbol: _Optional[bool] = ..., symbols: _Optional[_Iterable[str]] = ..., not_to: _Optional[str] = ..., not_from: _Optional[str] = ..., mandatory: _Optional[bool] = ..., chained: _Optional[bool] = ...) -> None: ...

class GuildsOfLondonPlantStep(_message.Message):
    __slots__ = ("seat", "left", "origins", "mandatory", "chained")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    ORIGINS_FIELD_NUMBER: _ClassVar[int]
    MANDATORY_FIELD_NUMBER: _ClassVar[int]
    CHAINED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    origins: _containers.RepeatedScalarFieldContainer[str]
    mandatory: bool
    chained: bool
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ..., origins: _Optional[_Iterable[str]] = ..., mandatory: _Optional[bool] = ..., chained: _Optional[bool] = ...) -> None: ...

class GuildsOfLondonChoiceStep(_message.Message):
    __slots__ = ("seat", "ref", "card", "chained")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REF_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    CHAINED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    ref: GuildsOfLondonEffectRef
    card: str
    chained: bool
    def __init__(self, seat: _Optional[int] = ..., ref: _Optional[_Union[GuildsOfLondonEffectRef, _Mapping]] = ..., card: _Optional[str] = ..., chained: _Optional[bool] = ...) -> None: ...

class GuildsOfLondonPayDiscard(_message.Message):
    __slots__ = ("seat", "left")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ...) -> None: ...

class GuildsOfLondonPayReturn(_message.Message):
    __slots__ = ("seat", "left", "origins")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    ORIGINS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    left: int
    origins: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., left: _Optional[int] = ..., origins: _Optional[_Iterable[str]] = ...) -> None: ...

class GuildsOfLondonNegotiate(_message.Message):
    __slots__ = ("seat", "plantation")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLANTATION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    plantation: bool
    def __init__(self, seat: _Optional[int] = ..., plantation: _Optional[bool] = ...) -> None: ...

class GuildsOfLondonReturnFromPlantation(_message.Message):
    __slots__ = ("seat", "n")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    N_FIELD_NUMBER: _ClassVar[int]
    seat: int
    n: int
    def __init__(self, seat: _Optional[int] = ..., n: _Optional[int] = ...) -> None: ...

class GuildsOfLondonDiscardToLimit(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class GuildsOfLondonAction(_message.Message):
    __slots__ = ("starting_order", "chance_side", "chance_tile", "chance_token", "chance_card", "chance_lord_mayor", "keep_lord_mayor", "put_under", "play_hire", "play_move", "play_ability", "end_turn", "pay_card", "return_figure", "hire", "take_neutral", "move_figure", "plant_figure", "choose_option", "swap", "stop", "discard")
    STARTING_ORDER_FIELD_NUMBER: _ClassVar[int]
    CHANCE_SIDE_FIELD_NUMBER: _ClassVar[int]
    CHANCE_TILE_FIELD_NUMBER: _ClassVar[int]
    CHANCE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    CHANCE_CARD_FIELD_NUMBER: _ClassVar[int]
    CHANCE_LORD_MAYOR_FIELD_NUMBER: _ClassVar[int]
    KEEP_LORD_MAYOR_FIELD_NUMBER: _ClassVar[int]
    PUT_UNDER_FIELD_NUMBER: _ClassVar[int]
    PLAY_HIRE_FIELD_NUMBER: _ClassVar[int]
    PLAY_MOVE_FIELD_NUMBER: _ClassVar[int]
    PLAY_ABILITY_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    PAY_CARD_FIELD_NUMBER: _ClassVar[int]
    RETURN_FIGURE_FIELD_NUMBER: _ClassVar[int]
    HIRE_FIELD_NUMBER: _ClassVar[int]
    TAKE_NEUTRAL_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIGURE_FIELD_NUMBER: _ClassVar[int]
    PLANT_FIGURE_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_OPTION_FIELD_NUMBER: _ClassVar[int]
    SWAP_FIELD_NUMBER: _ClassVar[int]
    STOP_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    starting_order: GuildsOfLondonStartingOrder
    chance_side: GuildsOfLondonChanceSide
    chance_tile: GuildsOfLondonChanceTile
    chance_token: GuildsOfLondonChanceToken
    chance_card: GuildsOfLondonChanceCard
    chance_lord_mayor: GuildsOfLondonChanceLordMayor
    keep_lord_mayor: GuildsOfLondonKeepLordMayor
    put_under: GuildsOfLondonPutUnder
    play_hire: GuildsOfLondonPlayHire
    play_move: GuildsOfLondonPlayMove
    play_ability: GuildsOfLondonPlayAbility
    end_turn: GuildsOfLondonEndTurn
    pay_card: GuildsOfLondonPayCard
    return_figure: GuildsOfLondonReturnFigure
    hire: GuildsOfLondonHire
    take_neutral: GuildsOfLondonTakeNeutral
    move_figure: GuildsOfLondonMoveFigure
    plant_figure: GuildsOfLondonPlantFigure
    choose_option: GuildsOfLondonChooseOption
    swap: GuildsOfLondonSwap
    stop: GuildsOfLondonStop
    discard: GuildsOfLondonDiscard
    def __init__(self, starting_order: _Optional[_Union[GuildsOfLondonStartingOrder, _Mapping]] = ..., chance_side: _Optional[_Union[GuildsOfLondonChanceSide, _Mapping]] = ..., chance_tile: _Optional[_Union[GuildsOfLondonChanceTile, _Mapping]] = ..., chance_token: _Optional[_Union[GuildsOfLondonChanceToken, _Mapping]] = ..., chance_card: _Optional[_Union[GuildsOfLondonChanceCard, _Mapping]] = ..., chance_lord_mayor: _Optional[_Union[GuildsOfLondonChanceLordMayor, _Mapping]] = ..., keep_lord_mayor: _Optional[_Union[GuildsOfLondonKeepLordMayor, _Mapping]] = ..., put_under: _Optional[_Union[GuildsOfLondonPutUnder, _Mapping]] = ..., play_hire: _Optional[_Union[GuildsOfLondonPlayHire, _Mapping]] = ..., play_move: _Optional[_Union[GuildsOfLondonPlayMove, _Mapping]] = ..., play_ability: _Optional[_Union[GuildsOfLondonPlayAbility, _Mapping]] = ..., end_turn: _Optional[_Union[GuildsOfLondonEndTurn, _Mapping]] = ..., pay_card: _Optional[_Union[GuildsOfLondonPayCard, _Mapping]] = ..., return_figure: _Optional[_Union[GuildsOfLondonReturnFigure, _Mapping]] = ..., hire: _Optional[_Union[GuildsOfLondonHire, _Mapping]] = ..., take_neutral: _Optional[_Union[GuildsOfLondonTakeNeutral, _Mapping]] = ..., move_figure: _Optional[_Union[GuildsOfLondonMoveFigure, _Mapping]] = ..., plant_figure: _Optional[_Union[GuildsOfLondonPlantFigure, _Mapping]] = ..., choose_option: _Optional[_Union[GuildsOfLondonChooseOption, _Mapping]] = ..., swap: _Optional[_Union[GuildsOfLondonSwap, _Mapping]] = ..., stop: _Optional[_Union[GuildsOfLondonStop, _Mapping]] = ..., discard: _Optional[_Union[GuildsOfLondonDiscard, _Mapping]] = ...) -> None: ...

class GuildsOfLondonStartingOrder(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class GuildsOfLondonChanceSide(_message.Message):
    __slots__ = ("side",)
    SIDE_FIELD_NUMBER: _ClassVar[int]
    side: str
    def __init__(self, side: _Optional[str] = ...) -> None: ...

class GuildsOfLondonChanceTile(_message.Message):
    __slots__ = ("tile",)
    TILE_FIELD_NUMBER: _ClassVar[int]
    tile: str
    def __init__(self, tile: _Optional[str] = ...) -> None: ...

class GuildsOfLondonChanceToken(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class GuildsOfLondonChanceCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class GuildsOfLondonChanceLordMayor(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class GuildsOfLondonKeepLordMayor(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class GuildsOfLondonPutUnder(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class GuildsOfLondonPlayHire(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class GuildsOfLondonPlayMove(_message.Message):
    __slots__ = ("card", "source", "to")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    card: str
    source: str
    to: str
    def __init__(self, card: _Optional[str] = ..., source: _Optional[str] = ..., to: _Optional[str] = ...) -> None: ...

class GuildsOfLondonPlayAbility(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class GuildsOfLondonEndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GuildsOfLondonPayCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class GuildsOfLondonReturnFigure(_message.Message):
    __slots__ = ("source",)
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    source: str
    def __init__(self, source: _Optional[str] = ...) -> None: ...

class GuildsOfLondonHire(_message.Message):
    __slots__ = ("count",)
    COUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    def __init__(self, count: _Optional[int] = ...) -> None: ...

class GuildsOfLondonTakeNeutral(_message.Message):
    __slots__ = ("count",)
    COUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    def __init__(self, count: _Optional[int] = ...) -> None: ...

class GuildsOfLondonMoveFigure(_message.Message):
    __slots__ = ("source", "to")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    source: str
    to: str
    def __init__(self, source: _Optional[str] = ..., to: _Optional[str] = ...) -> None: ...

class GuildsOfLondonPlantFigure(_message.Message):
    __slots__ = ("source",)
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    source: str
    def __init__(self, source: _Optional[str] = ...) -> None: ...

class GuildsOfLondonChooseOption(_message.Message):
    __slots__ = ("option",)
    OPTION_FIELD_NUMBER: _ClassVar[int]
    option: int
    def __init__(self, option: _Optional[int] = ...) -> None: ...

class GuildsOfLondonSwap(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class GuildsOfLondonStop(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GuildsOfLondonDiscard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...
