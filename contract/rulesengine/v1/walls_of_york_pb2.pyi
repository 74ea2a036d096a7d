from rulesengine.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WallsOfYorkState(_message.Message):
    __slots__ = ("options", "players", "layout", "step", "first_player", "setup_count", "age", "decree", "turn", "roller", "age_start_roller", "face", "supply_walls", "rng", "external_chance", "aborted", "redacted", "viewer")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    SETUP_COUNT_FIELD_NUMBER: _ClassVar[int]
    AGE_FIELD_NUMBER: _ClassVar[int]
    DECREE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ROLLER_FIELD_NUMBER: _ClassVar[int]
    AGE_START_ROLLER_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_WALLS_FIELD_NUMBER: _ClassVar[int]
    RNG_FIELD_NUMBER: _ClassVar[int]
    EXTERNAL_CHANCE_FIELD_NUMBER: _ClassVar[int]
    ABORTED_FIELD_NUMBER: _ClassVar[int]
    REDACTED_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    options: WallsOfYorkOptions
    players: _containers.RepeatedCompositeFieldContainer[WallsOfYorkPlayer]
    layout: _containers.RepeatedCompositeFieldContainer[WallsOfYorkLayoutEntry]
    step: str
    first_player: int
    setup_count: int
    age: int
    decree: _containers.RepeatedScalarFieldContainer[int]
    turn: int
    roller: int
    age_start_roller: int
    face: int
    supply_walls: int
    rng: _common_pb2.Rng
    external_chance: bool
    aborted: str
    redacted: bool
    viewer: int
    def __init__(self, options: _Optional[_Union[WallsOfYorkOptions, _Mapping]] = ..., players: _Optional[_Iterable[_Union[WallsOfYorkPlayer, _Mapping]]] = ..., layout: _Optional[_Iterable[_Union[WallsOfYorkLayoutEntry, _Mapping]]] = ..., step: _Optional[str] = ..., first_player: _Optional[int] = ..., setup_count: _Optional[int] = ..., age: _Optional[int] = ..., decree: _Optional[_Iterable[int]] = ..., turn: _Optional[int] = ..., roller: _Optional[int] = ..., age_start_roller: _Optional[int] = ..., face: _Optional[int] = ..., supply_walls: _Optional[int] = ..., rng: _Optional[_Union[_common_pb2.Rng, _Mapping]] = ..., external_chance: _Optional[bool] = ..., aborted: _Optional[str] = ..., redacted: _Optional[bool] = ..., viewer: _Optional[int] = ...) -> None: ...

class WallsOfYorkOptions(_message.Message):
    __slots__ = ("players", "board", "perfect_planning", "longest_wall", "strict_supply", "king_dice", "negative_scores", "max_turns_per_age")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    PERFECT_PLANNING_FIELD_NUMBER: _ClassVar[int]
    LONGEST_WALL_FIELD_NUMBER: _ClassVar[int]
    STRICT_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    KING_DICE_FIELD_NUMBER: _ClassVar[int]
    NEGATIVE_SCORES_FIELD_NUMBER: _ClassVar[int]
    MAX_TURNS_PER_AGE_FIELD_NUMBER: _ClassVar[int]
    players: int
    board: str
    perfect_planning: bool
    longest_wall: bool
    strict_supply: bool
    king_dice: str
    negative_scores: bool
    max_turns_per_age: int
    def __init__(self, players: _Optional[int] = ..., board: _Optional[str] = ..., perfect_planning: _Optional[bool] = ..., longest_wall: _Optional[bool] = ..., strict_supply: _Optional[bool] = ..., king_dice: _Optional[str] = ..., negative_scores: _Optional[bool] = ..., max_turns_per_age: _Optional[int] = ...) -> None: ...

class WallsOfYorkLayoutEntry(_message.Message):
    __slots__ = ("quadrant", "gem", "side", "rotation")
    QUADRANT_FIELD_NUMBER: _ClassVar[int]
    GEM_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    quadrant: str
    gem: str
    side: str
    rotation: int
    def __init__(self, quadrant: _Optional[str] = ..., gem: _Optional[str] = ..., side: _Optional[str] = ..., rotation: _Optional[int] = ...) -> None: ...

class WallsOfYorkPlayer(_message.Message):
    __slots__ = ("walls", "open", "city", "coins", "viking_tiles", "raid_tiles", "shield", "ledger", "submitted", "passed", "lift", "selection", "decided")
    WALLS_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    CITY_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    VIKING_TILES_FIELD_NUMBER: _ClassVar[int]
    RAID_TILES_FIELD_NUMBER: _ClassVar[int]
    SHIELD_FIELD_NUMBER: _ClassVar[int]
    LEDGER_FIELD_NUMBER: _ClassVar[int]
    SUBMITTED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    LIFT_FIELD_NUMBER: _ClassVar[int]
    SELECTION_FIELD_NUMBER: _ClassVar[int]
    DECIDED_FIELD_NUMBER: _ClassVar[int]
    walls: _containers.RepeatedScalarFieldContainer[str]
    open: bool
    city: _containers.RepeatedScalarFieldContainer[str]
    coins: int
    viking_tiles: int
    raid_tiles: int
    shield: bool
    ledger: _containers.RepeatedCompositeFieldContainer[WallsOfYorkLedger]
    submitted: WallsOfYorkSubmission
    passed: bool
    lift: int
    selection: _containers.RepeatedScalarFieldContainer[str]
    decided: bool
    def __init__(self, walls: _Optional[_Iterable[str]] = ..., open: _Optional[bool] = ..., city: _Optional[_Iterable[str]] = ..., coins: _Optional[int] = ..., viking_tiles: _Optional[int] = ..., raid_tiles: _Optional[int] = ..., shield: _Optional[bool] = ..., ledger: _Optional[_Iterable[_Union[WallsOfYorkLedger, _Mapping]]] = ..., submitted: _Optional[_Union[WallsOfYorkSubmission, _Mapping]] = ..., passed: _Optional[bool] = ..., lift: _Optional[int] = ..., selection: _Optional[_Iterable[str]] = ..., decided: _Optional[bool] = ...) -> None: ...

class WallsOfYorkLedger(_message.Message):
    __slots__ = ("category", "points", "detail")
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    category: str
    points: int
    detail: str
    def __init__(self, category: _Optional[str] = ..., points: _Optional[int] = ..., detail: _Optional[str] = ...) -> None: ...

class WallsOfYorkSubmission(_message.Message):
    __slots__ = ("kind", "variant", "dx", "dy", "edge")
    KIND_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    DX_FIELD_NUMBER: _ClassVar[int]
    DY_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    variant: int
    dx: int
    dy: int
    edge: str
    def __init__(self, kind: _Optional[str] = ..., variant: _Optional[int] = ..., dx: _Optional[int] = ..., dy: _Optional[int] = ..., edge: _Optional[str] = ...) -> None: ...

class WallsOfYorkAction(_message.Message):
    __slots__ = ("chance_seat", "chance_decree", "chance_face", "setup_tile", "place_formation", "place_single", "lift", "close_room", "seal")
    CHANCE_SEAT_FIELD_NUMBER: _ClassVar[int]
    CHANCE_DECREE_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FACE_FIELD_NUMBER: _ClassVar[int]
    SETUP_TILE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FORMATION_FIELD_NUMBER: _ClassVar[int]
    PLACE_SINGLE_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    LIFT_FIELD_NUMBER: _ClassVar[int]
    CONTINUE_FIELD_NUMBER: _ClassVar[int]
    CLOSE_ROOM_FIELD_NUMBER: _ClassVar[int]
    SEAL_FIELD_NUMBER: _ClassVar[int]
    chance_seat: WallsOfYorkChanceSeat
    chance_decree: WallsOfYorkChanceDecree
    chance_face: WallsOfYorkChanceFace
    setup_tile: WallsOfYorkSetupTile
    place_formation: WallsOfYorkPlaceFormation
    place_single: WallsOfYorkPlaceSingle
    lift: WallsOfYorkLift
    close_room: WallsOfYorkCloseRoom
    seal: WallsOfYorkSeal
    def __init__(self, chance_seat: _Optional[_Union[WallsOfYorkChanceSeat, _Mapping]] = ..., chance_decree: _Optional[_Union[WallsOfYorkChanceDecree, _Mapping]] = ..., chance_face: _Optional[_Union[WallsOfYorkChanceFace, _Mapping]] = ..., setup_tile: _Optional[_Union[WallsOfYorkSetupTile, _Mapping]] = ..., place_formation: _Optional[_Union[WallsOfYorkPlaceFormation, _Mapping]] = ..., place_single: _Optional[_Union[WallsOfYorkPlaceSingle, _Mapping]] = ..., lift: _Optional[_Union[WallsOfYorkLift, _Mapping]] = ..., close_room: _Optional[_Union[WallsOfYorkCloseRoom, _Mapping]] = ..., seal: _Optional[_Union[WallsOfYorkSeal, _Mapping]] = ..., **kwargs) -> None: ...

class WallsOfYorkChanceSeat(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class WallsOfYorkChanceDecree(_message.Message):
    __slots__ = ("church", "well", "market")
    CHURCH_FIELD_NUMBER: _ClassVar[int]
    WELL_FIELD_NUMBER: _ClassVar[int]
    MARKET_FIELD_NUMBER: _ClassVar[int]
    church: int
    well: int
    market: int
    def __init__(self, church: _Optional[int] = ..., well: _Optional[int] = ..., market: _Optional[int] = ...) -> None: ...

class WallsOfYorkChanceFace(_message.Message):
    __slots__ = ("face",)
    FACE_FIELD_NUMBER: _ClassVar[int]
    face: int
    def __init__(self, face: _Optional[int] = ...) -> None: ...

class WallsOfYorkSetupTile(_message.Message):
    __slots__ = ("gem", "side", "rotation", "quadrant")
    GEM_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    QUADRANT_FIELD_NUMBER: _ClassVar[int]
    gem: str
    side: str
    rotation: int
    quadrant: str
    def __init__(self, gem: _Optional[str] = ..., side: _Optional[str] = ..., rotation: _Optional[int] = ..., quadrant: _Optional[str] = ...) -> None: ...

class WallsOfYorkPlaceFormation(_message.Message):
    __slots__ = ("variant", "dx", "dy")
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    DX_FIELD_NUMBER: _ClassVar[int]
    DY_FIELD_NUMBER: _ClassVar[int]
    variant: int
    dx: int
    dy: int
    def __init__(self, variant: _Optional[int] = ..., dx: _Optional[int] = ..., dy: _Optional[int] = ...) -> None: ...

class WallsOfYorkPlaceSingle(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: str
    def __init__(self, edge: _Optional[str] = ...) -> None: ...

class WallsOfYorkPass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class WallsOfYorkLift(_message.Message):
    __slots__ = ("edge",)
    EDGE_FIELD_NUMBER: _ClassVar[int]
    edge: str
    def __init__(self, edge: _Optional[str] = ...) -> None: ...

class WallsOfYorkContinue(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class WallsOfYorkCloseRoom(_message.Message):
    __slots__ = ("c", "r")
    C_FIELD_NUMBER: _ClassVar[int]
    R_FIELD_NUMBER: _ClassVar[int]
    c: int
    r: int
    def __init__(self, c: _Optional[int] = ..., r: _Optional[int] = ...) -> None: ...

class WallsOfYorkSeal(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
