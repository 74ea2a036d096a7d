from rulesengine.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WalledCityState(_message.Message):
    __slots__ = ("options", "seats", "neutral_nobles", "neutral_peasants", "round", "phase", "start_player", "paths", "gaps", "citizens", "dice", "tiles", "zones", "offer", "order", "index", "turn", "starting_roads_left", "defence_only_left", "votes", "out_nobles", "activation", "fences", "rng", "external_chance", "redacted", "viewer")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_NOBLES_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_PEASANTS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    PATHS_FIELD_NUMBER: _ClassVar[int]
    GAPS_FIELD_NUMBER: _ClassVar[int]
    CITIZENS_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    ZONES_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    STARTING_ROADS_LEFT_FIELD_NUMBER: _ClassVar[int]
    DEFENCE_ONLY_LEFT_FIELD_NUMBER: _ClassVar[int]
    VOTES_FIELD_NUMBER: _ClassVar[int]
    OUT_NOBLES_FIELD_NUMBER: _ClassVar[int]
    ACTIVATION_FIELD_NUMBER: _ClassVar[int]
    FENCES_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_CHANCE_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    options: WalledCityOptions
    seats: _containers.RepeatedCompositeFieldContainer[WalledCitySeat]
    neutral_nobles: int
    neutral_peasants: int
    round: int
    phase: str
    start_player: int
    paths: _containers.RepeatedCompositeFieldContainer[WalledCitySpot]
    gaps: _containers.RepeatedCompositeFieldContainer[WalledCitySpot]
    citizens: _containers.RepeatedCompositeFieldContainer[WalledCityPlaced]
    dice: _containers.RepeatedCompositeFieldContainer[WalledCityDie]
    tiles: _containers.RepeatedCompositeFieldContainer[WalledCitySurveyTile]
    zones: _containers.RepeatedCompositeFieldContainer[WalledCityZoneCard]
    offer: _containers.RepeatedScalarFieldContainer[str]
    order: _containers.RepeatedScalarFieldContainer[int]
    index: int
    turn: WalledCityTurn
    starting_roads_left: int
    defence_only_left: _containers.RepeatedCompositeFieldContainer[WalledCityCard]
    votes: _containers.RepeatedCompositeFieldContainer[WalledCityVote]
    out_nobles: _containers.RepeatedCompositeFieldContainer[WalledCityPlaced]
    activation: WalledCityActivation
    fences: _containers.RepeatedCompositeFieldContainer[WalledCityFence]
    rng: _common_pb2.Rng
    external_chance: bool
    redacted: bool
    viewer: int
    def __init__(self, options: _Optional[_Union[WalledCityOptions, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[WalledCitySeat, _Mapping]]] = ..., neutral_nobles: _Optional[int] = ..., neutral_peasants: _Optional[int] = ..., round: _Optional[int] = ..., phase: _Optional[str] = ..., start_player: _Optional[int] = ..., paths: _Optional[_Iterable[_Union[WalledCitySpot, _Mapping]]] = ..., gaps: _Optional[_Iterable[_Union[WalledCitySpot, _Mapping]]] = ..., citizens: _Optional[_Iterable[_Union[WalledCityPlaced, _Mapping]]] = ..., dice: _Optional[_Iterable[_Union[WalledCityDie, _Mapping]]] = ..., tiles: _Optional[_Iterable[_Union[WalledCitySurveyTile, _Mapping]]] = ..., zones: _Optional[_Iterable[_Union[WalledCityZoneCard, _Mapping]]] = ..., offer: _Optional[_Iterable[str]] = ..., order: _Optional[_Iterable[int]] = ..., index: _Optional[int] = ..., turn: _Optional[_Union[WalledCityTurn, _Mapping]] = ..., starting_roads_left: _Optional[int] = ..., defence_only_left: _Optional[_Iterable[_Union[WalledCityCard, _Mapping]]] = ..., votes: _Optional[_Iterable[_Union[WalledCityVote, _Mapping]]] = ..., out_nobles: _Optional[_Iterable[_Union[WalledCityPlaced, _Mapping]]] = ..., activation: _Optional[_Union[WalledCityActivation, _Mapping]] = ..., fences: _Optional[_Iterable[_Union[WalledCityFence, _Mapping]]] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ..., external_chance: _Optional[bool] = ..., redacted: _Optional[bool] = ..., viewer: _Optional[int] = ...) -> None: ...

class WalledCityOptions(_message.Message):
    __slots__ = ("players", "board", "guild_deck", "start_player", "tower_second_place", "split_rounding", "neutral_in_factions", "saddlers_cross_fence")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    GUILD_DECK_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TOWER_SECOND_PLACE_FIELD_NUMBER: _ClassVar[int]
    SPLIT_ROUNDING_FIELD_NUMBER: _ClassVar[int]
    NEUTRAL_IN_FACTIONS_FIELD_NUMBER: _ClassVar[int]
    SADDLERS_CROSS_FENCE_FIELD_NUMBER: _ClassVar[int]
    players: int
    board: str
    guild_deck: str
    start_player: int
    tower_second_place: str
    split_rounding: str
    neutral_in_factions: bool
    saddlers_cross_fence: bool
    def __init__(self, players: _Optional[int] = ..., board: _Optional[str] = ..., guild_deck: _Optional[str] = ..., start_player: _Optional[int] = ..., tower_second_place: _Optional[str] = ..., split_rounding: _Optional[str] = ..., neutral_in_factions: _Optional[bool] = ..., saddlers_cross_fence: _Optional[bool] = ...) -> None: ...

class WalledCityCard(_message.Message):
    __slots__ = ("a", "b", "defence_only")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    DEFENCE_ONLY_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    defence_only: bool
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ..., defence_only: _Optional[bool] = ...) -> None: ...

class WalledCitySeat(_message.Message):
    __slots__ = ("roads", "walls", "nobles", "peasants", "hand", "guild", "guild_used", "round1_guild", "votes")
    ROADS_FIELD_NUMBER: _ClassVar[int]
    WALLS_FIELD_NUMBER: _ClassVar[int]
    NOBLES_FIELD_NUMBER: _ClassVar[int]
    PEASANTS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    GUILD_FIELD_NUMBER: _ClassVar[int]
    GUILD_USED_FIELD_NUMBER: _ClassVar[int]
    ROUND1_GUILD_FIELD_NUMBER: _ClassVar[int]
    VOTES_FIELD_NUMBER: _ClassVar[int]
    roads: int
    walls: int
    nobles: int
    peasants: int
    hand: _containers.RepeatedCompositeFieldContainer[WalledCityCard]
    guild: str
    guild_used: bool
    round1_guild: str
    votes: int
    def __init__(self, roads: _Optional[int] = ..., walls: _Optional[int] = ..., nobles: _Optional[int] = ..., peasants: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[WalledCityCard, _Mapping]]] = ..., guild: _Optional[str] = ..., guild_used: _Optional[bool] = ..., round1_guild: _Optional[str] = ..., votes: _Optional[int] = ...) -> None: ...

class WalledCitySpot(_message.Message):
    __slots__ = ("id", "kind", "height")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    id: str
    kind: str
    height: int
    def __init__(self, id: _Optional[str] = ..., kind: _Optional[str] = ..., height: _Optional[int] = ...) -> None: ...

class WalledCityPlaced(_message.Message):
    __slots__ = ("place", "who", "peasants", "nobles")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    WHO_FIELD_NUMBER: _ClassVar[int]
    PEASANTS_FIELD_NUMBER: _ClassVar[int]
    NOBLES_FIELD_NUMBER: _ClassVar[int]
    place: str
    who: str
    peasants: int
    nobles: int
    def __init__(self, place: _Optional[str] = ..., who: _Optional[str] = ..., peasants: _Optional[int] = ..., nobles: _Optional[int] = ...) -> None: ...

class WalledCityZoneCard(_message.Message):
    __slots__ = ("zone", "owner", "toward_ccw", "toward_cw", "revealed")
    ZONE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    TOWARD_CCW_FIELD_NUMBER: _ClassVar[int]
    TOWARD_CW_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    zone: str
    owner: int
    toward_ccw: int
    toward_cw: int
    revealed: bool
    def __init__(self, zone: _Optional[str] = ..., owner: _Optional[int] = ..., toward_ccw: _Optional[int] = ..., toward_cw: _Optional[int] = ..., revealed: _Optional[bool] = ...) -> None: ...

class WalledCityVote(_message.Message):
    __slots__ = ("who", "category", "points", "detail", "detail_text")
    WHO_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    DETAIL_TEXT_FIELD_NUMBER: _ClassVar[int]
    who: str
    category: str
    points: int
    detail: str
    detail_text: _common_pb2.Text
    def __init__(self, who: _Optional[str] = ..., category: _Optional[str] = ..., points: _Optional[int] = ..., detail: _Optional[str] = ..., detail_text: _Optional[_Union[_common_pb2.Text, _Mapping]] = ...) -> None: ...

class WalledCityTurn(_message.Message):
    __slots__ = ("seat", "step", "spot", "a", "b", "promote_left", "promoted", "drapers")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    SPOT_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    PROMOTE_LEFT_FIELD_NUMBER: _ClassVar[int]
    PROMOTED_FIELD_NUMBER: _ClassVar[int]
    DRAPERS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    step: str
    spot: str
    a: int
    b: int
    promote_left: int
    promoted: int
    drapers: bool
    def __init__(self, seat: _Optional[int] = ..., step: _Optional[str] = ..., spot: _Optional[str] = ..., a: _Optional[int] = ..., b: _Optional[int] = ..., promote_left: _Optional[int] = ..., promoted: _Optional[int] = ..., drapers: _Optional[bool] = ...) -> None: ...

class WalledCityActivation(_message.Message):
    __slots__ = ("seat", "guild", "via", "count", "chosen", "items", "cards", "arrived", "rolling")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GUILD_FIELD_NUMBER: _ClassVar[int]
    VIA_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    CHOSEN_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    ARRIVED_FIELD_NUMBER: _ClassVar[int]
    ROLLING_FIELD_NUMBER: _ClassVar[int]
    seat: int
    guild: str
    via: str
    count: int
    chosen: _containers.RepeatedScalarFieldContainer[str]
    items: _containers.RepeatedScalarFieldContainer[str]
    cards: _containers.RepeatedCompositeFieldContainer[WalledCityCard]
    arrived: _containers.RepeatedCompositeFieldContainer[WalledCityPlaced]
    rolling: bool
    def __init__(self, seat: _Optional[int] = ..., guild: _Optional[str] = ..., via: _Optional[str] = ..., count: _Optional[int] = ..., chosen: _Optional[_Iterable[str]] = ..., items: _Optional[_Iterable[str]] = ..., cards: _Optional[_Iterable[_Union[WalledCityCard, _Mapping]]] = ..., arrived: _Optional[_Iterable[_Union[WalledCityPlaced, _Mapping]]] = ..., rolling: _Optional[bool] = ...) -> None: ...

class WalledCityFence(_message.Message):
    __slots__ = ("area", "first", "first_inside", "second", "second_inside")
    AREA_FIELD_NUMBER: _ClassVar[int]
    FIRST_FIELD_NUMBER: _ClassVar[int]
    FIRST_INSIDE_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    SECOND_INSIDE_FIELD_NUMBER: _ClassVar[int]
    area: str
    first: str
    first_inside: bool
    second: str
    second_inside: bool
    def __init__(self, area: _Optional[str] = ..., first: _Optional[str] = ..., first_inside: _Optional[bool] = ..., second: _Optional[str] = ..., second_inside: _Optional[bool] = ...) -> None: ...

class WalledCityDie(_message.Message):
    __slots__ = ("faction", "value", "location")
    FACTION_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    faction: str
    value: int
    location: str
    def __init__(self, faction: _Optional[str] = ..., value: _Optional[int] = ..., location: _Optional[str] = ...) -> None: ...

class WalledCitySurveyTile(_message.Message):
    __slots__ = ("value", "area")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    AREA_FIELD_NUMBER: _ClassVar[int]
    value: int
    area: str
    def __init__(self, value: _Optional[int] = ..., area: _Optional[str] = ...) -> None: ...

class WalledCityAction(_message.Message):
    __slots__ = ("chance_seat", "chance_die", "chance_tile", "chance_guild", "chance_card", "starting_road", "choose_guild", "build_road", "settle", "build_wall", "settle_wall", "promote", "adjust", "done", "place_defence_card", "activate_guild", "pick_noble", "pick_peasant", "move_noble", "place_citizen", "pick_spot", "pick_marker", "chance_reroll", "cross", "build_fence", "split_citizens", "markers_to", "give_card", "return_card", "take_card")
    CHANCE_SEAT_FIELD_NUMBER: _ClassVar[int]
    CHANCE_DIE_FIELD_NUMBER: _ClassVar[int]
    CHANCE_TILE_FIELD_NUMBER: _ClassVar[int]
    CHANCE_GUILD_FIELD_NUMBER: _ClassVar[int]
    CHANCE_CARD_FIELD_NUMBER: _ClassVar[int]
    STARTING_ROAD_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_GUILD_FIELD_NUMBER: _ClassVar[int]
    BUILD_ROAD_FIELD_NUMBER: _ClassVar[int]
    SETTLE_FIELD_NUMBER: _ClassVar[int]
    BUILD_WALL_FIELD_NUMBER: _ClassVar[int]
    SETTLE_WALL_FIELD_NUMBER: _ClassVar[int]
    PROMOTE_FIELD_NUMBER: _ClassVar[int]
    ADJUST_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    PLACE_DEFENCE_CARD_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_GUILD_FIELD_NUMBER: _ClassVar[int]
    PICK_NOBLE_FIELD_NUMBER: _ClassVar[int]
    PICK_PEASANT_FIELD_NUMBER: _ClassVar[int]
    MOVE_NOBLE_FIELD_NUMBER: _ClassVar[int]
    PLACE_CITIZEN_FIELD_NUMBER: _ClassVar[int]
    PICK_SPOT_FIELD_NUMBER: _ClassVar[int]
    PICK_MARKER_FIELD_NUMBER: _ClassVar[int]
    CHANCE_REROLL_FIELD_NUMBER: _ClassVar[int]
    CROSS_FIELD_NUMBER: _ClassVar[int]
    BUILD_FENCE_FIELD_NUMBER: _ClassVar[int]
    SPLIT_CITIZENS_FIELD_NUMBER: _ClassVar[int]
    MARKERS_TO_FIELD_NUMBER: _ClassVar[int]
    GIVE_CARD_FIELD_NUMBER: _ClassVar[int]
    RETURN_CARD_FIELD_NUMBER: _ClassVar[int]
    TAKE_CARD_FIELD_NUMBER: _ClassVar[int]
    chance_seat: WalledCityChanceSeat
    chance_die: WalledCityChanceDie
    chance_tile: WalledCityChanceTile
    chance_guild: WalledCityChanceGuild
    chance_card: WalledCityChanceCard
    starting_road: WalledCityStartingRoad
    choose_guild: WalledCityChooseGuild
    build_road: WalledCityBuildRoad
    settle: WalledCitySettle
    build_wall: WalledCityBuildWall
    settle_wall: WalledCitySettleWall
    promote: WalledCityPromote
    adjust: WalledCityAdjust
    done: WalledCityDone
    place_defence_card: WalledCityPlaceDefenceCard
    activate_guild: WalledCityActivateGuild
    pick_noble: WalledCityPickNoble
    pick_peasant: WalledCityPickPeasant
    move_noble: WalledCityMoveNoble
    place_citizen: WalledCityPlaceCitizen
    pick_spot: WalledCityPickSpot
    pick_marker: WalledCityPickMarker
    chance_reroll: WalledCityChanceReroll
    cross: WalledCityCross
    build_fence: WalledCityBuildFence
    split_citizens: WalledCitySplitCitizens
    markers_to: WalledCityMarkersTo
    give_card: WalledCityGiveCard
    return_card: WalledCityReturnCard
    take_card: WalledCityTakeCard
    def __init__(self, chance_seat: _Optional[_Union[WalledCityChanceSeat, _Mapping]] = ..., chance_die: _Optional[_Union[WalledCityChanceDie, _Mapping]] = ..., chance_tile: _Optional[_Union[WalledCityChanceTile, _Mapping]] = ..., chance_guild: _Optional[_Union[WalledCityChanceGuild, _Mapping]] = ..., chance_card: _Optional[_Union[WalledCityChanceCard, _Mapping]] = ..., starting_road: _Optional[_Union[WalledCityStartingRoad, _Mapping]] = ..., choose_guild: _Optional[_Union[WalledCityChooseGuild, _Mapping]] = ..., build_road: _Optional[_Union[WalledCityBuildRoad, _Mapping]] = ..., settle: _Optional[_Union[WalledCitySettle, _Mapping]] = ..., build_wall: _Optional[_Union[WalledCityBuildWall, _Mapping]] = ..., settle_wall: _Optional[_Union[WalledCitySettleWall, _Mapping]] = ..., promote: _Optional[_Union[WalledCityPromote, _Mapping]] = ..., adjust: _Optional[_Union[WalledCityAdjust, _Mapping]] = ..., done: _Optional[_Union[WalledCityDone, _Mapping]] = ..., place_defence_card: _Optional[_Union[WalledCityPlaceDefenceCard, _Mapping]] = ..., activate_guild: _Optional[_Union[WalledCityActivateGuild, _Mapping]] = ..., pick_noble: _Optional[_Union[WalledCityPickNoble, _Mapping]] = ..., pick_peasant: _Optional[_Union[WalledCityPickPeasant, _Mapping]] = ..., move_noble: _Optional[_Union[WalledCityMoveNoble, _Mapping]] = ..., place_citizen: _Optional[_Union[WalledCityPlaceCitizen, _Mapping]] = ..., pick_spot: _Optional[_Union[WalledCityPickSpot, _Mapping]] = ..., pick_marker: _Optional[_Union[WalledCityPickMarker, _Mapping]] = ..., chance_reroll: _Optional[_Union[WalledCityChanceReroll, _Mapping]] = ..., cross: _Optional[_Union[WalledCityCross, _Mapping]] = ..., build_fence: _Optional[_Union[WalledCityBuildFence, _Mapping]] = ..., split_citizens: _Optional[_Union[WalledCitySplitCitizens, _Mapping]] = ..., markers_to: _Optional[_Union[WalledCityMarkersTo, _Mapping]] = ..., give_card: _Optional[_Union[WalledCityGiveCard, _Mapping]] = ..., return_card: _Optional[_Union[WalledCityReturnCard, _Mapping]] = ..., take_card: _Optional[_Union[WalledCityTakeCard, _Mapping]] = ...) -> None: ...

class WalledCityChanceSeat(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class WalledCityChanceDie(_message.Message):
    __slots__ = ("faction", "value")
    FACTION_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    faction: str
    value: int
    def __init__(self, faction: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...

class WalledCityChanceTile(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class WalledCityChanceGuild(_message.Message):
    __slots__ = ("guild",)
    GUILD_FIELD_NUMBER: _ClassVar[int]
    guild: str
    def __init__(self, guild: _Optional[str] = ...) -> None: ...

class WalledCityChanceCard(_message.Message):
    __slots__ = ("a", "b")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...

class WalledCityStartingRoad(_message.Message):
    __slots__ = ("path",)
    PATH_FIELD_NUMBER: _ClassVar[int]
    path: str
    def __init__(self, path: _Optional[str] = ...) -> None: ...

class WalledCityChooseGuild(_message.Message):
    __slots__ = ("guild",)
    GUILD_FIELD_NUMBER: _ClassVar[int]
    guild: str
    def __init__(self, guild: _Optional[str] = ...) -> None: ...

class WalledCityBuildRoad(_message.Message):
    __slots__ = ("path", "a", "b")
    PATH_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    path: str
    a: int
    b: int
    def __init__(self, path: _Optional[str] = ..., a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...

class WalledCitySettle(_message.Message):
    __slots__ = ("first", "area1", "placed1", "nobles1", "area2", "placed2", "nobles2")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    AREA1_FIELD_NUMBER: _ClassVar[int]
    PLACED1_FIELD_NUMBER: _ClassVar[int]
    NOBLES1_FIELD_NUMBER: _ClassVar[int]
    AREA2_FIELD_NUMBER: _ClassVar[int]
    PLACED2_FIELD_NUMBER: _ClassVar[int]
    NOBLES2_FIELD_NUMBER: _ClassVar[int]
    first: int
    area1: str
    placed1: int
    nobles1: int
    area2: str
    placed2: int
    nobles2: int
    def __init__(self, first: _Optional[int] = ..., area1: _Optional[str] = ..., placed1: _Optional[int] = ..., nobles1: _Optional[int] = ..., area2: _Optional[str] = ..., placed2: _Optional[int] = ..., nobles2: _Optional[int] = ...) -> None: ...

class WalledCityBuildWall(_message.Message):
    __slots__ = ("gap", "a", "b")
    GAP_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    gap: str
    a: int
    b: int
    def __init__(self, gap: _Optional[str] = ..., a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...

class WalledCitySettleWall(_message.Message):
    __slots__ = ("number", "nobles", "peasants")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    NOBLES_FIELD_NUMBER: _ClassVar[int]
    PEASANTS_FIELD_NUMBER: _ClassVar[int]
    number: int
    nobles: int
    peasants: int
    def __init__(self, number: _Optional[int] = ..., nobles: _Optional[int] = ..., peasants: _Optional[int] = ...) -> None: ...

class WalledCityPromote(_message.Message):
    __slots__ = ("who", "area", "tower")
    WHO_FIELD_NUMBER: _ClassVar[int]
    AREA_FIELD_NUMBER: _ClassVar[int]
    TOWER_FIELD_NUMBER: _ClassVar[int]
    who: str
    area: str
    tower: str
    def __init__(self, who: _Optional[str] = ..., area: _Optional[str] = ..., tower: _Optional[str] = ...) -> None: ...

class WalledCityAdjust(_message.Message):
    __slots__ = ("kind", "index", "delta")
    KIND_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    DELTA_FIELD_NUMBER: _ClassVar[int]
    kind: str
    index: int
    delta: int
    def __init__(self, kind: _Optional[str] = ..., index: _Optional[int] = ..., delta: _Optional[int] = ...) -> None: ...

class WalledCityDone(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class WalledCityPlaceDefenceCard(_message.Message):
    __slots__ = ("zone", "a", "b", "toward_ccw", "defence_only")
    ZONE_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    TOWARD_CCW_FIELD_NUMBER: _ClassVar[int]
    DEFENCE_ONLY_FIELD_NUMBER: _ClassVar[int]
    zone: str
    a: int
    b: int
    toward_ccw: int
    defence_only: bool
    def __init__(self, zone: _Optional[str] = ..., a: _Optional[int] = ..., b: _Optional[int] = ..., toward_ccw: _Optional[int] = ..., defence_only: _Optional[bool] = ...) -> None: ...

class WalledCityActivateGuild(_message.Message):
    __slots__ = ("guild", "copy")
    GUILD_FIELD_NUMBER: _ClassVar[int]
    COPY_FIELD_NUMBER: _ClassVar[int]
    guild: str
    copy: str
    def __init__(self, guild: _Optional[str] = ..., copy: _Optional[str] = ...) -> None: ...

class WalledCityPickNoble(_message.Message):
    __slots__ = ("who", "place")
    WHO_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    who: str
    place: str
    def __init__(self, who: _Optional[str] = ..., place: _Optional[str] = ...) -> None: ...

class WalledCityPickPeasant(_message.Message):
    __slots__ = ("who", "area")
    WHO_FIELD_NUMBER: _ClassVar[int]
    AREA_FIELD_NUMBER: _ClassVar[int]
    who: str
    area: str
    def __init__(self, who: _Optional[str] = ..., area: _Optional[str] = ...) -> None: ...

class WalledCityMoveNoble(_message.Message):
    __slots__ = ("who", "area", "tower")
    WHO_FIELD_NUMBER: _ClassVar[int]
    AREA_FIELD_NUMBER: _ClassVar[int]
    TOWER_FIELD_NUMBER: _ClassVar[int]
    who: str
    area: str
    tower: str
    def __init__(self, who: _Optional[str] = ..., area: _Optional[str] = ..., tower: _Optional[str] = ...) -> None: ...

class WalledCityPlaceCitizen(_message.Message):
    __slots__ = ("kind", "place")
    KIND_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    place: str
    def __init__(self, kind: _Optional[str] = ..., place: _Optional[str] = ...) -> None: ...

class WalledCityPickSpot(_message.Message):
    __slots__ = ("spot",)
    SPOT_FIELD_NUMBER: _ClassVar[int]
    spot: str
    def __init__(self, spot: _Optional[str] = ...) -> None: ...

class WalledCityPickMarker(_message.Message):
    __slots__ = ("kind", "index")
    KIND_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    kind: str
    index: int
    def __init__(self, kind: _Optional[str] = ..., index: _Optional[int] = ...) -> None: ...

class WalledCityChanceReroll(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class WalledCityCross(_message.Message):
    __slots__ = ("who", "kind", "area", "path", "to")
    WHO_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    AREA_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    who: str
    kind: str
    area: str
    path: str
    to: str
    def __init__(self, who: _Optional[str] = ..., kind: _Optional[str] = ..., area: _Optional[str] = ..., path: _Optional[str] = ..., to: _Optional[str] = ...) -> None: ...

class WalledCityBuildFence(_message.Message):
    __slots__ = ("area", "first", "first_inside", "second", "second_inside")
    AREA_FIELD_NUMBER: _ClassVar[int]
    FIRST_FIELD_NUMBER: _ClassVar[int]
    FIRST_INSIDE_FIELD_NUMBER: _ClassVar[int]
    SECOND_FIELD_NUMBER: _ClassVar[int]
    SECOND_INSIDE_FIELD_NUMBER: _ClassVar[int]
    area: str
    first: str
    first_inside: bool
    second: str
    second_inside: bool
    def __init__(self, area: _Optional[str] = ..., first: _Optional[str] = ..., first_inside: _Optional[bool] = ..., second: _Optional[str] = ..., second_inside: _Optional[bool] = ...) -> None: ...

class WalledCitySplitCitizens(_message.Message):
    __slots__ = ("who", "peasants", "nobles")
    WHO_FIELD_NUMBER: _ClassVar[int]
    PEASANTS_FIELD_NUMBER: _ClassVar[int]
    NOBLES_FIELD_NUMBER: _ClassVar[int]
    who: str
    peasants: int
    nobles: int
    def __init__(self, who: _Optional[str] = ..., peasants: _Optional[int] = ..., nobles: _Optional[int] = ...) -> None: ...

class WalledCityMarkersTo(_message.Message):
    __slots__ = ("area",)
    AREA_FIELD_NUMBER: _ClassVar[int]
    area: str
    def __init__(self, area: _Optional[str] = ...) -> None: ...

class WalledCityGiveCard(_message.Message):
    __slots__ = ("a", "b")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...

class WalledCityReturnCard(_message.Message):
    __slots__ = ("a", "b")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...

class WalledCityTakeCard(_message.Message):
    __slots__ = ("a", "b")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...
