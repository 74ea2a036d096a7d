from google.protobuf import struct_pb2 as _struct_pb2
from rulesengine.v1 import citadels_pb2 as _citadels_pb2
from rulesengine.v1 import common_pb2 as _common_pb2
from rulesengine.v1 import guilds_of_london_pb2 as _guilds_of_london_pb2
from rulesengine.v1 import viscounts_pb2 as _viscounts_pb2
from rulesengine.v1 import walled_city_pb2 as _walled_city_pb2
from rulesengine.v1 import walls_of_york_pb2 as _walls_of_york_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ImageFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    IMAGE_FORMAT_UNSPECIFIED: _ClassVar[ImageFormat]
    IMAGE_FORMAT_SVG: _ClassVar[ImageFormat]
    IMAGE_FORMAT_PNG: _ClassVar[ImageFormat]

class SearchStop(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEARCH_STOP_UNSPECIFIED: _ClassVar[SearchStop]
    SEARCH_STOP_PLAYOUTS: _ClassVar[SearchStop]
    SEARCH_STOP_TIME: _ClassVar[SearchStop]
    SEARCH_STOP_FORCED: _ClassVar[SearchStop]
IMAGE_FORMAT_UNSPECIFIED: ImageFormat
IMAGE_FORMAT_SVG: ImageFormat
IMAGE_FORMAT_PNG: ImageFormat
SEARCH_STOP_UNSPECIFIED: SearchStop
SEARCH_STOP_PLAYOUTS: SearchStop
SEARCH_STOP_TIME: SearchStop
SEARCH_STOP_FORCED: SearchStop

class GameState(_message.Message):
    __slots__ = ("game_id", "rules_version", "signature", "match_id", "move_number", "citadels", "walls_of_york", "walled_city", "guilds_of_london", "viscounts")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    MOVE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    CITADELS_FIELD_NUMBER: _ClassVar[int]
    WALLS_OF_YORK_FIELD_NUMBER: _ClassVar[int]
    WALLED_CITY_FIELD_NUMBER: _ClassVar[int]
    GUILDS_OF_LONDON_FIELD_NUMBER: _ClassVar[int]
    VISCOUNTS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    rules_version: str
    signature: bytes
    match_id: str
    move_number: int
    citadels: _citadels_pb2.CitadelsState
    walls_of_york: _walls_of_york_pb2.WallsOfYorkState
    walled_city: _walled_city_pb2.WalledCityState
    guilds_of_london: _guilds_of_london_pb2.GuildsOfLondonState
    viscounts: _viscounts_pb2.ViscountsState
    def __init__(self, game_id: _Optional[str] = ..., rules_version: _Optional[str] = ..., signature: _Optional[bytes] = ..., match_id: _Optional[str] = ..., move_number: _Optional[int] = ..., citadels: _Optional[_Union[_citadels_pb2.CitadelsState, _Mapping]] = ..., walls_of_york: _Optional[_Union[_walls_of_york_pb2.WallsOfYorkState, _Mapping]] = ..., walled_city: _Optional[_Union[_walled_city_pb2.WalledCityState, _Mapping]] = ..., guilds_of_london: _Optional[_Union[_guilds_of_london_pb2.GuildsOfLondonState, _Mapping]] = ..., viscounts: _Optional[_Union[_viscounts_pb2.ViscountsState, _Mapping]] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("seat", "citadels", "walls_of_york", "walled_city", "guilds_of_london", "viscounts")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CITADELS_FIELD_NUMBER: _ClassVar[int]
    WALLS_OF_YORK_FIELD_NUMBER: _ClassVar[int]
    WALLED_CITY_FIELD_NUMBER: _ClassVar[int]
    GUILDS_OF_LONDON_FIELD_NUMBER: _ClassVar[int]
    VISCOUNTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    citadels: _citadels_pb2.CitadelsAction
    walls_of_york: _walls_of_york_pb2.WallsOfYorkAction
    walled_city: _walled_city_pb2.WalledCityAction
    guilds_of_london: _guilds_of_london_pb2.GuildsOfLondonAction
    viscounts: _viscounts_pb2.ViscountsAction
    def __init__(self, seat: _Optional[int] = ..., citadels: _Optional[_Union[_citadels_pb2.CitadelsAction, _Mapping]] = ..., walls_of_york: _Optional[_Union[_walls_of_york_pb2.WallsOfYorkAction, _Mapping]] = ..., walled_city: _Optional[_Union[_walled_city_pb2.WalledCityAction, _Mapping]] = ..., guilds_of_london: _Optional[_Union[_guilds_of_london_pb2.GuildsOfLondonAction, _Mapping]] = ..., viscounts: _Optional[_Union[_viscounts_pb2.ViscountsAction, _Mapping]] = ...) -> None: ...

class GameRecord(_message.Message):
    __slots__ = ("setup", "rules_version", "moves", "seat_labels", "event", "match_id")
    SETUP_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    SEAT_LABELS_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    setup: _common_pb2.GameSetup
    rules_version: str
    moves: _containers.RepeatedCompositeFieldContainer[Move]
    seat_labels: _containers.RepeatedScalarFieldContainer[str]
    event: RecordEvent
    match_id: str
    def __init__(self, setup: _Optional[_Union[_common_pb2.GameSetup, _Mapping]] = ..., rules_version: _Optional[str] = ..., moves: _Optional[_Iterable[_Union[Move, _Mapping]]] = ..., seat_labels: _Optional[_Iterable[str]] = ..., event: _Optional[_Union[RecordEvent, _Mapping]] = ..., match_id: _Optional[str] = ...) -> None: ...

class RecordEvent(_message.Message):
    __slots__ = ("name", "round", "table", "date")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    DATE_FIELD_NUMBER: _ClassVar[int]
    name: str
    round: str
    table: str
    date: str
    def __init__(self, name: _Optional[str] = ..., round: _Optional[str] = ..., table: _Optional[str] = ..., date: _Optional[str] = ...) -> None: ...

class ReplayResult(_message.Message):
    __slots__ = ("legal", "moves_applied", "illegal_move_index", "violations", "state", "pending", "score", "log")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    MOVES_APPLIED_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_MOVE_INDEX_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    moves_applied: int
    illegal_move_index: int
    violations: _containers.RepeatedCompositeFieldContainer[_common_pb2.Violation]
    state: GameState
    pending: _common_pb2.Pending
    score: _common_pb2.ScoreSheet
    log: _containers.RepeatedCompositeFieldContainer[_common_pb2.LogEntry]
    def __init__(self, legal: _Optional[bool] = ..., moves_applied: _Optional[int] = ..., illegal_move_index: _Optional[int] = ..., violations: _Optional[_Iterable[_Union[_common_pb2.Violation, _Mapping]]] = ..., state: _Optional[_Union[GameState, _Mapping]] = ..., pending: _Optional[_Union[_common_pb2.Pending, _Mapping]] = ..., score: _Optional[_Union[_common_pb2.ScoreSheet, _Mapping]] = ..., log: _Optional[_Iterable[_Union[_common_pb2.LogEntry, _Mapping]]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[_common_pb2.GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[_common_pb2.GameInfo, _Mapping]]] = ...) -> None: ...

class DescribeGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class DescribeGameResponse(_message.Message):
    __slots__ = ("game_id", "rules_version", "content", "names")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    rules_version: str
    content: _struct_pb2.Struct
    names: _containers.RepeatedCompositeFieldContainer[ContentName]
    def __init__(self, game_id: _Optional[str] = ..., rules_version: _Optional[str] = ..., content: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., names: _Optional[_Iterable[_Union[ContentName, _Mapping]]] = ...) -> None: ...

class ContentName(_message.Message):
    __slots__ = ("kind", "ref", "name")
    KIND_FIELD_NUMBER: _ClassVar[int]
    REF_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    kind: str
    ref: str
    name: _common_pb2.Text
    def __init__(self, kind: _Optional[str] = ..., ref: _Optional[str] = ..., name: _Optional[_Union[_common_pb2.Text, _Mapping]] = ...) -> None: ...

class NewGameRequest(_message.Message):
    __slots__ = ("setup", "match_id")
    SETUP_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    setup: _common_pb2.GameSetup
    match_id: str
    def __init__(self, setup: _Optional[_Union[_common_pb2.GameSetup, _Mapping]] = ..., match_id: _Optional[str] = ...) -> None: ...

class NewGameResponse(_message.Message):
    __slots__ = ("state", "pending")
    STATE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    pending: _common_pb2.Pending
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., pending: _Optional[_Union[_common_pb2.Pending, _Mapping]] = ...) -> None: ...

class LegalMovesRequest(_message.Message):
    __slots__ = ("state", "seat")
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    seat: int
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., seat: _Optional[int] = ...) -> None: ...

class LegalMovesResponse(_message.Message):
    __slots__ = ("pending", "moves", "labels", "chance_weights")
    PENDING_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    LABELS_FIELD_NUMBER: _ClassVar[int]
    CHANCE_WEIGHTS_FIELD_NUMBER: _ClassVar[int]
    pending: _common_pb2.Pending
    moves: _containers.RepeatedCompositeFieldContainer[Move]
    labels: _containers.RepeatedCompositeFieldContainer[_common_pb2.MoveLabel]
    chance_weights: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, pending: _Optional[_Union[_common_pb2.Pending, _Mapping]] = ..., moves: _Optional[_Iterable[_Union[Move, _Mapping]]] = ..., labels: _Optional[_Iterable[_Union[_common_pb2.MoveLabel, _Mapping]]] = ..., chance_weights: _Optional[_Iterable[int]] = ...) -> None: ...

class ValidateMoveRequest(_message.Message):
    __slots__ = ("state", "move")
    STATE_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    move: Move
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., move: _Optional[_Union[Move, _Mapping]] = ...) -> None: ...

class ValidateMoveResponse(_message.Message):
    __slots__ = ("legal", "violations")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    violations: _containers.RepeatedCompositeFieldContainer[_common_pb2.Violation]
    def __init__(self, legal: _Optional[bool] = ..., violations: _Optional[_Iterable[_Union[_common_pb2.Violation, _Mapping]]] = ...) -> None: ...

class ApplyMoveRequest(_message.Message):
    __slots__ = ("state", "move")
    STATE_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    move: Move
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., move: _Optional[_Union[Move, _Mapping]] = ...) -> None: ...

class ApplyMoveResponse(_message.Message):
    __slots__ = ("state", "pending", "log")
    STATE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    pending: _common_pb2.Pending
    log: _common_pb2.LogEntry
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., pending: _Optional[_Union[_common_pb2.Pending, _Mapping]] = ..., log: _Optional[_Union[_common_pb2.LogEntry, _Mapping]] = ...) -> None: ...

class ScoreRequest(_message.Message):
    __slots__ = ("state", "viewer")
    STATE_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    viewer: _common_pb2.Viewer
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., viewer: _Optional[_Union[_common_pb2.Viewer, _Mapping]] = ...) -> None: ...

class ScoreResponse(_message.Message):
    __slots__ = ("score",)
    SCORE_FIELD_NUMBER: _ClassVar[int]
    score: _common_pb2.ScoreSheet
    def __init__(self, score: _Optional[_Union[_common_pb2.ScoreSheet, _Mapping]] = ...) -> None: ...

class ViewStateRequest(_message.Message):
    __slots__ = ("state", "viewer")
    STATE_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    viewer: _common_pb2.Viewer
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., viewer: _Optional[_Union[_common_pb2.Viewer, _Mapping]] = ...) -> None: ...

class ViewStateResponse(_message.Message):
    __slots__ = ("state", "pending", "facts")
    STATE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    FACTS_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    pending: _common_pb2.Pending
    facts: _struct_pb2.Struct
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., pending: _Optional[_Union[_common_pb2.Pending, _Mapping]] = ..., facts: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class ReplayGameRequest(_message.Message):
    __slots__ = ("record",)
    RECORD_FIELD_NUMBER: _ClassVar[int]
    record: GameRecord
    def __init__(self, record: _Optional[_Union[GameRecord, _Mapping]] = ...) -> None: ...

class ReplayGameResponse(_message.Message):
    __slots__ = ("result",)
    RESULT_FIELD_NUMBER: _ClassVar[int]
    result: ReplayResult
    def __init__(self, result: _Optional[_Union[ReplayResult, _Mapping]] = ...) -> None: ...

class ReplayGameStreamRequest(_message.Message):
    __slots__ = ("header", "move")
    HEADER_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    header: GameRecord
    move: Move
    def __init__(self, header: _Optional[_Union[GameRecord, _Mapping]] = ..., move: _Optional[_Union[Move, _Mapping]] = ...) -> None: ...

class ReplayGameStreamResponse(_message.Message):
    __slots__ = ("result",)
    RESULT_FIELD_NUMBER: _ClassVar[int]
    result: ReplayResult
    def __init__(self, result: _Optional[_Union[ReplayResult, _Mapping]] = ...) -> None: ...

class RenderViewRequest(_message.Message):
    __slots__ = ("state", "viewer", "format", "scale")
    STATE_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    SCALE_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    viewer: _common_pb2.Viewer
    format: ImageFormat
    scale: float
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., viewer: _Optional[_Union[_common_pb2.Viewer, _Mapping]] = ..., format: _Optional[_Union[ImageFormat, str]] = ..., scale: _Optional[float] = ...) -> None: ...

class RenderViewResponse(_message.Message):
    __slots__ = ("image", "media_type", "width", "height")
    IMAGE_FIELD_NUMBER: _ClassVar[int]
    MEDIA_TYPE_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    image: bytes
    media_type: str
    width: int
    height: int
    def __init__(self, image: _Optional[bytes] = ..., media_type: _Optional[str] = ..., width: _Optional[int] = ..., height: _Optional[int] = ...) -> None: ...

class SuggestMoveRequest(_message.Message):
    __slots__ = ("state", "seat", "max_playouts", "max_millis", "seed", "candidates")
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYOUTS_FIELD_NUMBER: _ClassVar[int]
    MAX_MILLIS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    state: GameState
    seat: int
    max_playouts: int
    max_millis: int
    seed: int
    candidates: int
    def __init__(self, state: _Optional[_Union[GameState, _Mapping]] = ..., seat: _Optional[int] = ..., max_playouts: _Optional[int] = ..., max_millis: _Optional[int] = ..., seed: _Optional[int] = ..., candidates: _Optional[int] = ...) -> None: ...

class SearchCandidate(_message.Message):
    __slots__ = ("move", "label", "visits", "value")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    VISITS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    move: Move
    label: _common_pb2.MoveLabel
    visits: int
    value: float
    def __init__(self, move: _Optional[_Union[Move, _Mapping]] = ..., label: _Optional[_Union[_common_pb2.MoveLabel, _Mapping]] = ..., visits: _Optional[int] = ..., value: _Optional[float] = ...) -> None: ...

class SuggestMoveResponse(_message.Message):
    __slots__ = ("move", "label", "candidates", "playouts", "stopped", "millis")
    MOVE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    PLAYOUTS_FIELD_NUMBER: _ClassVar[int]
    STOPPED_FIELD_NUMBER: _ClassVar[int]
    MILLIS_FIELD_NUMBER: _ClassVar[int]
    move: Move
    label: _common_pb2.MoveLabel
    candidates: _containers.RepeatedCompositeFieldContainer[SearchCandidate]
    playouts: int
    stopped: SearchStop
    millis: int
    def __init__(self, move: _Optional[_Union[Move, _Mapping]] = ..., label: _Optional[_Union[_common_pb2.MoveLabel, _Mapping]] = ..., candidates: _Optional[_Iterable[_Union[SearchCandidate, _Mapping]]] = ..., playouts: _Optional[int] = ..., stopped: _Optional[_Union[SearchStop, str]] = ..., millis: _Optional[int] = ...) -> None: ...
