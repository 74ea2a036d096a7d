from rulesengine.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CitadelsState(_message.Message):
    __slots__ = ("options", "players", "deck", "deck_bottom", "crown", "tax_token", "end_triggered", "first_completer", "round", "phase", "character_pile", "faceup", "facedown", "first_facedown", "called_rank", "killed", "bewitched", "witch_seat", "robbed", "thief_seat", "warrants", "magistrate_seat", "threats", "blackmailer_seat", "revealed", "protected_seat", "queen_seat", "turn", "building", "queue", "rng", "external_chance", "redacted", "viewer")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    DECK_BOTTOM_FIELD_NUMBER: _ClassVar[int]
    CROWN_FIELD_NUMBER: _ClassVar[int]
    TAX_TOKEN_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    FIRST_COMPLETER_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CHARACTER_PILE_FIELD_NUMBER: _ClassVar[int]
    FACEUP_FIELD_NUMBER: _ClassVar[int]
    FACEDOWN_FIELD_NUMBER: _ClassVar[int]
    FIRST_FACEDOWN_FIELD_NUMBER: _ClassVar[int]
    CALLED_RANK_FIELD_NUMBER: _ClassVar[int]
    KILLED_FIELD_NUMBER: _ClassVar[int]
    BEWITCHED_FIELD_NUMBER: _ClassVar[int]
    WITCH_SEAT_FIELD_NUMBER: _ClassVar[int]
    ROBBED_FIELD_NUMBER: _ClassVar[int]
    THIEF_SEAT_FIELD_NUMBER: _ClassVar[int]
    WARRANTS_FIELD_NUMBER: _ClassVar[int]
    MAGISTRATE_SEAT_FIELD_NUMBER: _ClassVar[int]
    THREATS_FIELD_NUMBER: _ClassVar[int]
    BLACKMAILER_SEAT_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    PROTECTED_SEAT_FIELD_NUMBER: _ClassVar[int]
    QUEEN_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    BUILDING_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_CHANCE_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    options: CitadelsOptions
    players: _containers.RepeatedCompositeFieldContainer[CitadelsPlayer]
    deck: _containers.RepeatedScalarFieldContainer[str]
    deck_bottom: _containers.RepeatedScalarFieldContainer[str]
    crown: int
    tax_token: int
    end_triggered: bool
    first_completer: int
    round: int
    phase: str
    character_pile: _containers.RepeatedScalarFieldContainer[str]
    faceup: _containers.RepeatedScalarFieldContainer[str]
    facedown: _containers.RepeatedScalarFieldContainer[str]
    first_facedown: str
    called_rank: int
    killed: str
    bewitched: str
    witch_seat: int
    robbed: str
    thief_seat: int
    warrants: _containers.RepeatedCompositeFieldContainer[CitadelsMarker]
    magistrate_seat: int
    threats: _containers.RepeatedCompositeFieldContainer[CitadelsMarker]
    blackmailer_seat: int
    revealed: _containers.RepeatedCompositeFieldContainer[CitadelsReveal]
    protected_seat: int
    queen_seat: int
    turn: CitadelsTurn
    building: CitadelsPendingBuild
    queue: _containers.RepeatedCompositeFieldContainer[CitadelsStep]
    rng: _common_pb2.Rng
    external_chance: bool
    redacted: bool
    viewer: int
    def __init__(self, options: _Optional[_Union[CitadelsOptions, _Mapping]] = ..., players: _Optional[_Iterable[_Union[CitadelsPlayer, _Mapping]]] = ..., deck: _Optional[_Iterable[str]] = ..., deck_bottom: _Optional[_Iterable[str]] = ..., crown: _Optional[int] = ..., tax_token: _Optional[int] = ..., end_triggered: _Optional[bool] = ..., first_completer: _Optional[int] = ..., round: _Optional[int] = ..., phase: _Optional[str] = ..., character_pile: _Optional[_Iterable[str]] = ..., faceup: _Optional[_Iterable[str]] = ..., facedown: _Optional[_Iterable[str]] = ..., first_facedown: _Optional[str] = ..., called_rank: _Optional[int] = ..., killed: _Optional[str] = ..., bewitched: _Optional[str] = ..., witch_seat: _Optional[int] = ..., robbed: _Optional[str] = ..., thief_seat: _Optional[int] = ..., warrants: _Optional[_Iterable[_Union[CitadelsMarker, _Mapping]]] = ..., magistrate_seat: _Optional[int] = ..., threats: _Optional[_Iterable[_Union[CitadelsMarker, _Mapping]]] = ..., blackmailer_seat: _Optional[int] = ..., revealed: _Optional[_Iterable[_Union[CitadelsReveal, _Mapping]]] = ..., protected_seat: _Optional[int] = ..., queen_seat: _Optional[int] = ..., turn: _Optional[_Union[CitadelsTurn, _Mapping]] = ..., building: _Optional[_Union[CitadelsPendingBuild, _Mapping]] = ..., queue: _Optional[_Iterable[_Union[CitadelsStep, _Mapping]]] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ..., external_chance: _Optional[bool] = ..., redacted: _Optional[bool] = ..., viewer: _Optional[int] = ...) -> None: ...

class CitadelsOptions(_message.Message):
    __slots__ = ("players", "cast", "uniques", "preset", "first_crowned_seat", "build_requires_gather", "allow_naming_faceup_discards", "emperor_resource_chooser", "emperor_may_return_to_holder", "bishop_blocks_own_rank8", "allow_targeting_own_character", "warlord_may_destroy_in_own_completed_city", "great_wall_surcharge_to", "keep_blocks_diplomat_outgoing", "beautify_gold_on_destroy", "armory_self_in_completed_city", "great_wall_covers_itself", "great_wall_in_own_city", "bottom_order")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CAST_FIELD_NUMBER: _ClassVar[int]
    UNIQUES_FIELD_NUMBER: _ClassVar[int]
    PRESET_FIELD_NUMBER: _ClassVar[int]
    FIRST_CROWNED_SEAT_FIELD_NUMBER: _ClassVar[int]
    BUILD_REQUIRES_GATHER_FIELD_NUMBER: _ClassVar[int]
    ALLOW_NAMING_FACEUP_DISCARDS_FIELD_NUMBER: _ClassVar[int]
    EMPEROR_RESOURCE_CHOOSER_FIELD_NUMBER: _ClassVar[int]
    EMPEROR_MAY_RETURN_TO_HOLDER_FIELD_NUMBER: _ClassVar[int]
    BISHOP_BLOCKS_OWN_RANK8_FIELD_NUMBER: _ClassVar[int]
    ALLOW_TARGETING_OWN_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    WARLORD_MAY_DESTROY_IN_OWN_COMPLETED_CITY_FIELD_NUMBER: _ClassVar[int]
    GREAT_WALL_SURCHARGE_TO_FIELD_NUMBER: _ClassVar[int]
    KEEP_BLOCKS_DIPLOMAT_OUTGOING_FIELD_NUMBER: _ClassVar[int]
    BEAUTIFY_GOLD_ON_DESTROY_FIELD_NUMBER: _ClassVar[int]
    ARMORY_SELF_IN_COMPLETED_CITY_FIELD_NUMBER: _ClassVar[int]
    GREAT_WALL_COVERS_ITSELF_FIELD_NUMBER: _ClassVar[int]
    GREAT_WALL_IN_OWN_CITY_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_ORDER_FIELD_NUMBER: _ClassVar[int]
    players: int
    cast: _containers.RepeatedScalarFieldContainer[str]
    uniques: _containers.RepeatedScalarFieldContainer[str]
    preset: str
    first_crowned_seat: int
    build_requires_gather: bool
    allow_naming_faceup_discards: bool
    emperor_resource_chooser: str
    emperor_may_return_to_holder: bool
    bishop_blocks_own_rank8: bool
    allow_targeting_own_character: bool
    warlord_may_destroy_in_own_completed_city: bool
    great_wall_surcharge_to: str
    keep_blocks_diplomat_outgoing: bool
    beautify_gold_on_destroy: str
    armory_self_in_completed_city: bool
    great_wall_covers_itself: bool
    great_wall_in_own_city: bool
    bottom_order: str
    def __init__(self, players: _Optional[int] = ..., cast: _Optional[_Iterable[str]] = ..., uniques: _Optional[_Iterable[str]] = ..., preset: _Optional[str] = ..., first_crowned_seat: _Optional[int] = ..., build_requires_gather: _Optional[bool] = ..., allow_naming_faceup_discards: _Optional[bool] = ..., emperor_resource_chooser: _Optional[str] = ..., emperor_may_return_to_holder: _Optional[bool] = ..., bishop_blocks_own_rank8: _Optional[bool] = ..., allow_targeting_own_character: _Optional[bool] = ..., warlord_may_destroy_in_own_completed_city: _Optional[bool] = ..., great_wall_surcharge_to: _Optional[str] = ..., keep_blocks_diplomat_outgoing: _Optional[bool] = ..., beautify_gold_on_destroy: _Optional[str] = ..., armory_self_in_completed_city: _Optional[bool] = ..., great_wall_covers_itself: _Optional[bool] = ..., great_wall_in_own_city: _Optional[bool] = ..., bottom_order: _Optional[str] = ...) -> None: ...

class CitadelsPlayer(_message.Message):
    __slots__ = ("gold", "hand", "city", "characters")
    GOLD_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    CHARACTERS_FIELD_NUMBER: _ClassVar[int]
    gold: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    city: _containers.RepeatedCompositeFieldContainer[CitadelsBuilt]
    characters: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, gold: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., city: _Optional[_Iterable[_Union[CitadelsBuilt, _Mapping]]] = ..., characters: _Optional[_Iterable[str]] = ...) -> None: ...

class CitadelsBuilt(_message.Message):
    __slots__ = ("card", "beautified", "museum")
    CARD_FIELD_NUMBER: _ClassVar[int]
    BEAUTIFIED_FIELD_NUMBER: _ClassVar[int]
    MUSEUM_FIELD_NUMBER: _ClassVar[int]
    card: str
    beautified: bool
    museum: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card: _Optional[str] = ..., beautified: _Optional[bool] = ..., museum: _Optional[_Iterable[str]] = ...) -> None: ...

class CitadelsMarker(_message.Message):
    __slots__ = ("character", "real", "revealed")
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    REAL_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    character: str
    real: bool
    revealed: bool
    def __init__(self, character: _Optional[str] = ..., real: _Optional[bool] = ..., revealed: _Optional[bool] = ...) -> None: ...

class CitadelsReveal(_message.Message):
    __slots__ = ("character", "seat")
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    character: str
    seat: int
    def __init__(self, character: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class CitadelsTurn(_message.Message):
    __slots__ = ("character", "seat", "mode", "gathered", "builds", "used", "gold_paid_for_builds", "paid_build_seen", "drawn", "threat_open", "wizard_duplicates")
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    GATHERED_FIELD_NUMBER: _ClassVar[int]
    BUILDS_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    GOLD_PAID_FOR_BUILDS_FIELD_NUMBER: _ClassVar[int]
    PAID_BUILD_SEEN_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    THREAT_OPEN_FIELD_NUMBER: _ClassVar[int]
    WIZARD_DUPLICATES_FIELD_NUMBER: _ClassVar[int]
    character: str
    seat: int
    mode: str
    gathered: bool
    builds: int
    used: _containers.RepeatedScalarFieldContainer[str]
    gold_paid_for_builds: int
    paid_build_seen: bool
    drawn: _containers.RepeatedScalarFieldContainer[str]
    threat_open: bool
    wizard_duplicates: bool
    def __init__(self, character: _Optional[str] = ..., seat: _Optional[int] = ..., mode: _Optional[str] = ..., gathered: _Optional[bool] = ..., builds: _Optional[int] = ..., used: _Optional[_Iterable[str]] = ..., gold_paid_for_builds: _Optional[int] = ..., paid_build_seen: _Optional[bool] = ..., drawn: _Optional[_Iterable[str]] = ..., threat_open: _Optional[bool] = ..., wizard_duplicates: _Optional[bool] = ...) -> None: ...

class CitadelsPendingBuild(_message.Message):
    __slots__ = ("card", "seat", "counts", "price", "gold_paid", "cards_paid", "paid")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNTS_FIELD_NUMBER: _ClassVar[int]
    PRICE_FIELD_NUMBER: _ClassVar[int]
    GOLD_PAID_FIELD_NUMBER: _ClassVar[int]
    CARDS_PAID_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    card: str
    seat: int
    counts: bool
    price: int
    gold_paid: int
    cards_paid: int
    paid: bool
    def __init__(self, card: _Optional[str] = ..., seat: _Optional[int] = ..., counts: _Optional[bool] = ..., price: _Optional[int] = ..., gold_paid: _Optional[int] = ..., cards_paid: _Optional[int] = ..., paid: _Optional[bool] = ...) -> None: ...

class CitadelsStep(_message.Message):
    __slots__ = ("draw_card", "discard_character", "take_random_card", "take_random_character", "pick_character", "theater_choice", "keep_drawn", "order_bottom", "give_cards", "wizard_choice", "confiscate", "bribe", "reveal_threat", "emperor_resource", "advisor_crown")
    DRAW_CARD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    TAKE_RANDOM_CARD_FIELD_NUMBER: _ClassVar[int]
    TAKE_RANDOM_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    PICK_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    THEATER_CHOICE_FIELD_NUMBER: _ClassVar[int]
    KEEP_DRAWN_FIELD_NUMBER: _ClassVar[int]
    ORDER_BOTTOM_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARDS_FIELD_NUMBER: _ClassVar[int]
    WIZARD_CHOICE_FIELD_NUMBER: _ClassVar[int]
    CONFISCATE_FIELD_NUMBER: _ClassVar[int]
    BRIBE_FIELD_NUMBER: _ClassVar[int]
    REVEAL_THREAT_FIELD_NUMBER: _ClassVar[int]
    EMPEROR_RESOURCE_FIELD_NUMBER: _ClassVar[int]
    ADVISOR_CROWN_FIELD_NUMBER: _ClassVar[int]
    draw_card: CitadelsDrawCard
    discard_character: CitadelsDiscardCharacter
    take_random_card: CitadelsTakeRandomCard
    take_random_character: CitadelsTakeRandomCharacter
    pick_character: CitadelsPickCharacter
    theater_choice: CitadelsTheaterChoice
    keep_drawn: CitadelsKeepDrawn
    order_bottom: CitadelsOrderBottom
    give_cards: CitadelsGiveCards
    wizard_choice: CitadelsWizardChoice
    confiscate: CitadelsConfiscate
    bribe: CitadelsBribe
    reveal_threat: CitadelsRevealThreat
    emperor_resource: CitadelsEmperorRecipientResource
    advisor_crown: CitadelsAdvisorCrown
    def __init__(self, draw_card: _Optional[_Union[CitadelsDrawCard, _Mapping]] = ..., discard_character: _Optional[_Union[CitadelsDiscardCharacter, _Mapping]] = ..., take_random_card: _Optional[_Union[CitadelsTakeRandomCard, _Mapping]] = ..., take_random_character: _Optional[_Union[CitadelsTakeRandomCharacter, _Mapping]] = ..., pick_character: _Optional[_Union[CitadelsPickCharacter, _Mapping]] = ..., theater_choice: _Optional[_Union[CitadelsTheaterChoice, _Mapping]] = ..., keep_drawn: _Optional[_Union[CitadelsKeepDrawn, _Mapping]] = ..., order_bottom: _Optional[_Union[CitadelsOrderBottom, _Mapping]] = ..., give_cards: _Optional[_Union[CitadelsGiveCards, _Mapping]] = ..., wizard_choice: _Optional[_Union[CitadelsWizardChoice, _Mapping]] = ..., confiscate: _Optional[_Union[CitadelsConfiscate, _Mapping]] = ..., bribe: _Optional[_Union[CitadelsBribe, _Mapping]] = ..., reveal_threat: _Optional[_Union[CitadelsRevealThreat, _Mapping]] = ..., emperor_resource: _Optional[_Union[CitadelsEmperorRecipientResource, _Mapping]] = ..., advisor_crown: _Optional[_Union[CitadelsAdvisorCrown, _Mapping]] = ...) -> None: ...

class CitadelsDrawCard(_message.Message):
    __slots__ = ("seat", "to")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    seat: int
    to: str
    def __init__(self, seat: _Optional[int] = ..., to: _Optional[str] = ...) -> None: ...

class CitadelsDiscardCharacter(_message.Message):
    __slots__ = ("face",)
    FACE_FIELD_NUMBER: _ClassVar[int]
    face: str
    def __init__(self, face: _Optional[str] = ...) -> None: ...

class CitadelsTakeRandomCard(_message.Message):
    __slots__ = ("source", "seat", "reason")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    source: int
    seat: int
    reason: str
    def __init__(self, source: _Optional[int] = ..., seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class CitadelsTakeRandomCharacter(_message.Message):
    __slots__ = ("source", "seat", "give")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    source: int
    seat: int
    give: str
    def __init__(self, source: _Optional[int] = ..., seat: _Optional[int] = ..., give: _Optional[str] = ...) -> None: ...

class CitadelsPickCharacter(_message.Message):
    __slots__ = ("seat", "discard", "last", "special")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    LAST_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    discard: bool
    last: bool
    special: bool
    def __init__(self, seat: _Optional[int] = ..., discard: _Optional[bool] = ..., last: _Optional[bool] = ..., special: _Optional[bool] = ...) -> None: ...

class CitadelsTheaterChoice(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CitadelsKeepDrawn(_message.Message):
    __slots__ = ("seat", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    reason: str
    def __init__(self, seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class CitadelsOrderBottom(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CitadelsGiveCards(_message.Message):
    __slots__ = ("seat", "reason", "count", "target")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    seat: int
    reason: str
    count: int
    target: int
    def __init__(self, seat: _Optional[int] = ..., reason: _Optional[str] = ..., count: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class CitadelsWizardChoice(_message.Message):
    __slots__ = ("seat", "target")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    seat: int
    target: int
    def __init__(self, seat: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class CitadelsConfiscate(_message.Message):
    __slots__ = ("seat", "victim")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    seat: int
    victim: int
    def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class CitadelsBribe(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CitadelsRevealThreat(_message.Message):
    __slots__ = ("seat", "victim")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VICTIM_FIELD_NUMBER: _ClassVar[int]
    seat: int
    victim: int
    def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ...) -> None: ...

class CitadelsEmperorRecipientResource(_message.Message):
    __slots__ = ("seat", "emperor")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EMPEROR_FIELD_NUMBER: _ClassVar[int]
    seat: int
    emperor: int
    def __init__(self, seat: _Optional[int] = ..., emperor: _Optional[int] = ...) -> None: ...

class CitadelsAdvisorCrown(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class CitadelsAction(_message.Message):
    __slots__ = ("chance_card", "chance_character", "pick", "theater", "accept", "gather_gold", "gather_cards", "keep", "bottom", "give", "done", "build", "smithy", "laboratory", "museum", "armory", "income", "kill", "bewitch", "warrants", "rob", "spy", "threats", "magic_swap", "magic_redraw", "wizard_look", "wizard_take", "seer_take", "emperor", "hand_over", "abbot_charity", "merchant_bonus", "architect_draw", "navigator", "scholar_draw", "destroy", "exchange", "seize", "beautify", "collect_tax", "end_turn")
    CHANCE_CARD_FIELD_NUMBER: _ClassVar[int]
    CHANCE_CHARACTER_FIELD_NUMBER: _ClassVar[int]
    PICK_FIELD_NUMBER: _ClassVar[int]
    THEATER_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    GATHER_GOLD_FIELD_NUMBER: _ClassVar[int]
    GATHER_CARDS_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    BOTTOM_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    SMITHY_FIELD_NUMBER: _ClassVar[int]
    LABORATORY_FIELD_NUMBER: _ClassVar[int]
    MUSEUM_FIELD_NUMBER: _ClassVar[int]
    ARMORY_FIELD_NUMBER: _ClassVar[int]
    INCOME_FIELD_NUMBER: _ClassVar[int]
    KILL_FIELD_NUMBER: _ClassVar[int]
    BEWITCH_FIELD_NUMBER: _ClassVar[int]
    WARRANTS_FIELD_NUMBER: _ClassVar[int]
    ROB_FIELD_NUMBER: _ClassVar[int]
    SPY_FIELD_NUMBER: _ClassVar[int]
    THREATS_FIELD_NUMBER: _ClassVar[int]
    MAGIC_SWAP_FIELD_NUMBER: _ClassVar[int]
    MAGIC_REDRAW_FIELD_NUMBER: _ClassVar[int]
    WIZARD_LOOK_FIELD_NUMBER: _ClassVar[int]
    WIZARD_TAKE_FIELD_NUMBER: _ClassVar[int]
    SEER_TAKE_FIELD_NUMBER: _ClassVar[int]
    EMPEROR_FIELD_NUMBER: _ClassVar[int]
    HAND_OVER_FIELD_NUMBER: _ClassVar[int]
    ABBOT_CHARITY_FIELD_NUMBER: _ClassVar[int]
    MERCHANT_BONUS_FIELD_NUMBER: _ClassVar[int]
    ARCHITECT_DRAW_FIELD_NUMBER: _ClassVar[int]
    NAVIGATOR_FIELD_NUMBER: _ClassVar[int]
    SCHOLAR_DRAW_FIELD_NUMBER: _ClassVar[int]
    DESTROY_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    SEIZE_FIELD_NUMBER: _ClassVar[int]
    BEAUTIFY_FIELD_NUMBER: _ClassVar[int]
    COLLECT_TAX_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    chance_card: CitadelsChanceCard
    chance_character: CitadelsChanceCharacter
    pick: CitadelsPick
    theater: CitadelsTheater
    accept: CitadelsAccept
    gather_gold: CitadelsGatherGold
    gather_cards: CitadelsGatherCards
    keep: CitadelsKeep
    bottom: CitadelsBottom
    give: CitadelsGive
    done: CitadelsDone
    build: CitadelsBuild
    smithy: CitadelsSmithy
    laboratory: CitadelsLaboratory
    museum: CitadelsMuseum
    armory: CitadelsArmory
    income: CitadelsIncome
    kill: CitadelsKill
    bewitch: CitadelsBewitch
    warrants: CitadelsWarrants
    rob: CitadelsRob
    spy: CitadelsSpy
    threats: CitadelsThreats
    magic_swap: CitadelsMagicSwap
    magic_redraw: CitadelsMagicRedraw
    wizard_look: CitadelsWizardLook
    wizard_take: CitadelsWizardTake
    seer_take: CitadelsSeerTake
    emperor: CitadelsEmperor
    hand_over: CitadelsHandOver
    abbot_charity: CitadelsAbbotCharity
    merchant_bonus: CitadelsMerchantBonus
    architect_draw: CitadelsArchitectDraw
    navigator: CitadelsNavigator
    scholar_draw: CitadelsScholarDraw
    destroy: CitadelsDestroy
    exchange: CitadelsExchange
    seize: CitadelsSeize
    beautify: CitadelsBeautify
    collect_tax: CitadelsCollectTax
    end_turn: CitadelsEndTurn
    def __init__(self, chance_card: _Optional[_Union[CitadelsChanceCard, _Mapping]] = ..., chance_character: _Optional[_Union[CitadelsChanceCharacter, _Mapping]] = ..., pick: _Optional[_Union[CitadelsPick, _Mapping]] = ..., theater: _Optional[_Union[CitadelsTheater, _Mapping]] = ..., accept: _Optional[_Union[CitadelsAccept, _Mapping]] = ..., gather_gold: _Optional[_Union[CitadelsGatherGold, _Mapping]] = ..., gather_cards: _Optional[_Union[CitadelsGatherCards, _Mapping]] = ..., keep: _Optional[_Union[CitadelsKeep, _Mapping]] = ..., bottom: _Optional[_Union[CitadelsBottom, _Mapping]] = ..., give: _Optional[_Union[CitadelsGive, _Mapping]] = ..., done: _Optional[_Union[CitadelsDone, _Mapping]] = ..., build: _Optional[_Union[CitadelsBuild, _Mapping]] = ..., smithy: _Optional[_Union[CitadelsSmithy, _Mapping]] = ..., laboratory: _Optional[_Union[CitadelsLaboratory, _Mapping]] = ..., museum: _Optional[_Union[CitadelsMuseum, _Mapping]] = ..., armory: _Optional[_Union[CitadelsArmory, _Mapping]] = ..., income: _Optional[_Union[CitadelsIncome, _Mapping]] = ..., kill: _Optional[_Union[CitadelsKill, _Mapping]] = ..., bewitch: _Optional[_Union[CitadelsBewitch, _Mapping]] = ..., warrants: _Optional[_Union[CitadelsWarrants, _Mapping]] = ..., rob: _Optional[_Union[CitadelsRob, _Mapping]] = ..., spy: _Optional[_Union[CitadelsSpy, _Mapping]] = ..., threats: _Optional[_Union[CitadelsThreats, _Mapping]] = ..., magic_swap: _Optional[_Union[CitadelsMagicSwap, _Mapping]] = ..., magic_redraw: _Optional[_Union[CitadelsMagicRedraw, _Mapping]] = ..., wizard_look: _Optional[_Union[CitadelsWizardLook, _Mapping]] = ..., wizard_take: _Optional[_Union[CitadelsWizardTake, _Mapping]] = ..., seer_take: _Optional[_Union[CitadelsSeerTake, _Mapping]] = ..., emperor: _Optional[_Union[CitadelsEmperor, _Mapping]] = ..., hand_over: _Optional[_Union[CitadelsHandOver, _Mapping]] = ..., abbot_charity: _Optional[_Union[CitadelsAbbotCharity, _Mapping]] = ..., merchant_bonus: _Optional[_Union[CitadelsMerchantBonus, _Mapping]] = ..., architect_draw: _Optional[_Union[CitadelsArchitectDraw, _Mapping]] = ..., navigator: _Optional[_Union[CitadelsNavigator, _Mapping]] = ..., scholar_draw: _Optional[_Union[CitadelsScholarDraw, _Mapping]] = ..., destroy: _Optional[_Union[CitadelsDestroy, _Mapping]] = ..., exchange: _Optional[_Union[CitadelsExchange, _Mapping]] = ..., seize: _Optional[_Union[CitadelsSeize, _Mapping]] = ..., beautify: _Optional[_Union[CitadelsBeautify, _Mapping]] = ..., collect_tax: _Optional[_Union[CitadelsCollectTax, _Mapping]] = ..., end_turn: _Optional[_Union[CitadelsEndTurn, _Mapping]] = ..., **kwargs) -> None: ...

class CitadelsChanceCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class CitadelsChanceCharacter(_message.Message):
    __slots__ = ("character",)
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    character: str
    def __init__(self, character: _Optional[str] = ...) -> None: ...

class CitadelsPick(_message.Message):
    __slots__ = ("character", "discard")
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    character: str
    discard: str
    def __init__(self, character: _Optional[str] = ..., discard: _Optional[str] = ...) -> None: ...

class CitadelsTheater(_message.Message):
    __slots__ = ("target", "give")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    target: int
    give: str
    def __init__(self, target: _Optional[int] = ..., give: _Optional[str] = ...) -> None: ...

class CitadelsPass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsAccept(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsGatherGold(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsGatherCards(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsKeep(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class CitadelsBottom(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class CitadelsGive(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class CitadelsDone(_message.Message):
    __slots__ = ("lender",)
    LENDER_FIELD_NUMBER: _ClassVar[int]
    lender: int
    def __init__(self, lender: _Optional[int] = ...) -> None: ...

class CitadelsBuild(_message.Message):
    __slots__ = ("card", "method", "destroy", "lender", "destroy_copy")
    CARD_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    DESTROY_FIELD_NUMBER: _ClassVar[int]
    LENDER_FIELD_NUMBER: _ClassVar[int]
    DESTROY_COPY_FIELD_NUMBER: _ClassVar[int]
    card: str
    method: str
    destroy: str
    lender: int
    destroy_copy: int
    def __init__(self, card: _Optional[str] = ..., method: _Optional[str] = ..., destroy: _Optional[str] = ..., lender: _Optional[int] = ..., destroy_copy: _Optional[int] = ...) -> None: ...

class CitadelsSmithy(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsLaboratory(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class CitadelsMuseum(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class CitadelsArmory(_message.Message):
    __slots__ = ("target", "district", "copy")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DISTRICT_FIELD_NUMBER: _ClassVar[int]
    COPY_FIELD_NUMBER: _ClassVar[int]
    target: int
    district: str
    copy: int
    def __init__(self, target: _Optional[int] = ..., district: _Optional[str] = ..., copy: _Optional[int] = ...) -> None: ...

class CitadelsIncome(_message.Message):
    __slots__ = ("gold", "cards")
    GOLD_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    gold: int
    cards: int
    def __init__(self, gold: _Optional[int] = ..., cards: _Optional[int] = ...) -> None: ...

class CitadelsKill(_message.Message):
    __slots__ = ("character",)
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    character: str
    def __init__(self, character: _Optional[str] = ...) -> None: ...

class CitadelsBewitch(_message.Message):
    __slots__ = ("character",)
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    character: str
    def __init__(self, character: _Optional[str] = ...) -> None: ...

class CitadelsWarrants(_message.Message):
    __slots__ = ("signed", "unsigned")
    SIGNED_FIELD_NUMBER: _ClassVar[int]
    UNSIGNED_FIELD_NUMBER: _ClassVar[int]
    signed: str
    unsigned: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, signed: _Optional[str] = ..., unsigned: _Optional[_Iterable[str]] = ...) -> None: ...

class CitadelsRob(_message.Message):
    __slots__ = ("character",)
    CHARACTER_FIELD_NUMBER: _ClassVar[int]
    character: str
    def __init__(self, character: _Optional[str] = ...) -> None: ...

class CitadelsSpy(_message.Message):
    __slots__ = ("target", "district_type")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DISTRICT_TYPE_FIELD_NUMBER: _ClassVar[int]
    target: int
    district_type: str
    def __init__(self, target: _Optional[int] = ..., district_type: _Optional[str] = ...) -> None: ...

class CitadelsThreats(_message.Message):
    __slots__ = ("flowered", "blank")
    FLOWERED_FIELD_NUMBER: _ClassVar[int]
    BLANK_FIELD_NUMBER: _ClassVar[int]
    flowered: str
    blank: str
    def __init__(self, flowered: _Optional[str] = ..., blank: _Optional[str] = ...) -> None: ...

class CitadelsMagicSwap(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class CitadelsMagicRedraw(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsWizardLook(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class CitadelsWizardTake(_message.Message):
    __slots__ = ("card", "build", "method", "destroy", "destroy_copy")
    CARD_FIELD_NUMBER: _ClassVar[int]
    BUILD_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    DESTROY_FIELD_NUMBER: _ClassVar[int]
    DESTROY_COPY_FIELD_NUMBER: _ClassVar[int]
    card: str
    build: bool
    method: str
    destroy: str
    destroy_copy: int
    def __init__(self, card: _Optional[str] = ..., build: _Optional[bool] = ..., method: _Optional[str] = ..., destroy: _Optional[str] = ..., destroy_copy: _Optional[int] = ...) -> None: ...

class CitadelsSeerTake(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsEmperor(_message.Message):
    __slots__ = ("recipient", "resource")
    RECIPIENT_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    recipient: int
    resource: str
    def __init__(self, recipient: _Optional[int] = ..., resource: _Optional[str] = ...) -> None: ...

class CitadelsHandOver(_message.Message):
    __slots__ = ("resource",)
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    resource: str
    def __init__(self, resource: _Optional[str] = ...) -> None: ...

class CitadelsAbbotCharity(_message.Message):
    __slots__ = ("source",)
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    source: int
    def __init__(self, source: _Optional[int] = ...) -> None: ...

class CitadelsMerchantBonus(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsArchitectDraw(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsNavigator(_message.Message):
    __slots__ = ("resource",)
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    resource: str
    def __init__(self, resource: _Optional[str] = ...) -> None: ...

class CitadelsScholarDraw(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsDestroy(_message.Message):
    __slots__ = ("target", "district", "copy")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DISTRICT_FIELD_NUMBER: _ClassVar[int]
    COPY_FIELD_NUMBER: _ClassVar[int]
    target: int
    district: str
    copy: int
    def __init__(self, target: _Optional[int] = ..., district: _Optional[str] = ..., copy: _Optional[int] = ...) -> None: ...

class CitadelsExchange(_message.Message):
    __slots__ = ("own", "target", "theirs", "own_copy", "theirs_copy")
    OWN_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    THEIRS_FIELD_NUMBER: _ClassVar[int]
    OWN_COPY_FIELD_NUMBER: _ClassVar[int]
    THEIRS_COPY_FIELD_NUMBER: _ClassVar[int]
    own: str
    target: int
    theirs: str
    own_copy: int
    theirs_copy: int
    def __init__(self, own: _Optional[str] = ..., target: _Optional[int] = ..., theirs: _Optional[str] = ..., own_copy: _Optional[int] = ..., theirs_copy: _Optional[int] = ...) -> None: ...

class CitadelsSeize(_message.Message):
    __slots__ = ("target", "district", "copy")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DISTRICT_FIELD_NUMBER: _ClassVar[int]
    COPY_FIELD_NUMBER: _ClassVar[int]
    target: int
    district: str
    copy: int
    def __init__(self, target: _Optional[int] = ..., district: _Optional[str] = ..., copy: _Optional[int] = ...) -> None: ...

class CitadelsBeautify(_message.Message):
    __slots__ = ("district", "copy")
    DISTRICT_FIELD_NUMBER: _ClassVar[int]
    COPY_FIELD_NUMBER: _ClassVar[int]
    district: str
    copy: int
    def __init__(self, district: _Optional[str] = ..., copy: _Optional[int] = ...) -> None: ...

class CitadelsCollectTax(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CitadelsEndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
