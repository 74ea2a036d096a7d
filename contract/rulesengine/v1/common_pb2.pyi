from google.protobuf import empty_pb2 as _empty_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ChanceMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHANCE_MODE_UNSPECIFIED: _ClassVar[ChanceMode]
    CHANCE_MODE_SEEDED: _ClassVar[ChanceMode]
    CHANCE_MODE_EXTERNAL: _ClassVar[ChanceMode]
CHANCE_MODE_UNSPECIFIED: ChanceMode
CHANCE_MODE_SEEDED: ChanceMode
CHANCE_MODE_EXTERNAL: ChanceMode

class Rng(_message.Message):
    __slots__ = ("state", "inc")
    STATE_FIELD_NUMBER: _ClassVar[int]
    INC_FIELD_NUMBER: _ClassVar[int]
    state: int
    inc: int
    def __init__(self, state: _Optional[int] = ..., inc: _Optional[int] = ...) -> None: ...

class Pending(_message.Message):
    __slots__ = ("seats", "kind", "prompt", "prompt_text")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    PROMPT_TEXT_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    kind: str
    prompt: str
    prompt_text: Text
    def __init__(self, seats: _Optional[_Iterable[int]] = ..., kind: _Optional[str] = ..., prompt: _Optional[str] = ..., prompt_text: _Optional[_Union[Text, _Mapping]] = ...) -> None: ...

class Violation(_message.Message):
    __slots__ = ("code", "message", "field", "message_text")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    FIELD_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_TEXT_FIELD_NUMBER: _ClassVar[int]
    code: str
    message: str
    field: str
    message_text: Text
    def __init__(self, code: _Optional[str] = ..., message: _Optional[str] = ..., field: _Optional[str] = ..., message_text: _Optional[_Union[Text, _Mapping]] = ...) -> None: ...

class Text(_message.Message):
    __slots__ = ("id", "params", "english", "localized")
    ID_FIELD_NUMBER: _ClassVar[int]
    PARAMS_FIELD_NUMBER: _ClassVar[int]
    ENGLISH_FIELD_NUMBER: _ClassVar[int]
    LOCALIZED_FIELD_NUMBER: _ClassVar[int]
    id: str
    params: _containers.RepeatedCompositeFieldContainer[TextParam]
    english: str
    localized: str
    def __init__(self, id: _Optional[str] = ..., params: _Optional[_Iterable[_Union[TextParam, _Mapping]]] = ..., english: _Optional[str] = ..., localized: _Optional[str] = ...) -> None: ...

class TextParam(_message.Message):
    __slots__ = ("name", "value", "kind", "ref", "text")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    REF_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    name: str
    value: str
    kind: str
    ref: str
    text: Text
    def __init__(self, name: _Optional[str] = ..., value: _Optional[str] = ..., kind: _Optional[str] = ..., ref: _Optional[str] = ..., text: _Optional[_Union[Text, _Mapping]] = ...) -> None: ...

class MoveLabel(_message.Message):
    __slots__ = ("label", "path")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    label: Text
    path: _containers.RepeatedCompositeFieldContainer[Text]
    def __init__(self, label: _Optional[_Union[Text, _Mapping]] = ..., path: _Optional[_Iterable[_Union[Text, _Mapping]]] = ...) -> None: ...

class LogEntry(_message.Message):
    __slots__ = ("seat", "public_line", "private_line")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_LINE_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_LINE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    public_line: Text
    private_line: Text
    def __init__(self, seat: _Optional[int] = ..., public_line: _Optional[_Union[Text, _Mapping]] = ..., private_line: _Optional[_Union[Text, _Mapping]] = ...) -> None: ...

class ScoreEntry(_message.Message):
    __slots__ = ("category", "points", "detail", "category_text", "detail_text")
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_TEXT_FIELD_NUMBER: _ClassVar[int]
    DETAIL_TEXT_FIELD_NUMBER: _ClassVar[int]
    category: str
    points: int
    detail: str
    category_text: Text
    detail_text: Text
    def __init__(self, category: _Optional[str] = ..., points: _Optional[int] = ..., detail: _Optional[str] = ..., category_text: _Optional[_Union[Text, _Mapping]] = ..., detail_text: _Optional[_Union[Text, _Mapping]] = ...) -> None: ...

class SeatScore(_message.Message):
    __slots__ = ("seat", "total", "entries", "place", "tiebreak", "tiebreak_text")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_TEXT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    total: int
    entries: _containers.RepeatedCompositeFieldContainer[ScoreEntry]
    place: int
    tiebreak: str
    tiebreak_text: Text
    def __init__(self, seat: _Optional[int] = ..., total: _Optional[int] = ..., entries: _Optional[_Iterable[_Union[ScoreEntry, _Mapping]]] = ..., place: _Optional[int] = ..., tiebreak: _Optional[str] = ..., tiebreak_text: _Optional[_Union[Text, _Mapping]] = ...) -> None: ...

class ScoreSheet(_message.Message):
    __slots__ = ("seats", "winners", "final", "leaders")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    FINAL_FIELD_NUMBER: _ClassVar[int]
    LEADERS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[SeatScore]
    winners: _containers.RepeatedScalarFieldContainer[int]
    final: bool
    leaders: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[_Union[SeatScore, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., final: _Optional[bool] = ..., leaders: _Optional[_Iterable[int]] = ...) -> None: ...

class OptionInfo(_message.Message):
    __slots__ = ("name", "type", "default", "choices", "doc", "doc_text")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    DOC_TEXT_FIELD_NUMBER: _ClassVar[int]
    name: str
    type: str
    default: str
    choices: _containers.RepeatedScalarFieldContainer[str]
    doc: str
    doc_text: Text
    def __init__(self, name: _Optional[str] = ..., type: _Optional[str] = ..., default: _Optional[str] = ..., choices: _Optional[_Iterable[str]] = ..., doc: _Optional[str] = ..., doc_text: _Optional[_Union[Text, _Mapping]] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("game_id", "title", "rules_version", "min_players", "max_players", "options", "variants", "game_type")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    title: str
    rules_version: str
    min_players: int
    max_players: int
    options: _containers.RepeatedCompositeFieldContainer[OptionInfo]
    variants: _containers.RepeatedScalarFieldContainer[str]
    game_type: GameType
    def __init__(self, game_id: _Optional[str] = ..., title: _Optional[str] = ..., rules_version: _Optional[str] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., options: _Optional[_Iterable[_Union[OptionInfo, _Mapping]]] = ..., variants: _Optional[_Iterable[str]] = ..., game_type: _Optional[_Union[GameType, _Mapping]] = ...) -> None: ...

class GameType(_message.Message):
    __slots__ = ("simultaneous", "hidden_information", "chance", "automated_seats")
    SIMULTANEOUS_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_INFORMATION_FIELD_NUMBER: _ClassVar[int]
    CHANCE_FIELD_NUMBER: _ClassVar[int]
    AUTOMATED_SEATS_FIELD_NUMBER: _ClassVar[int]
    simultaneous: bool
    hidden_information: bool
    chance: bool
    automated_seats: _containers.RepeatedCompositeFieldContainer[AutomatedSeat]
    def __init__(self, simultaneous: _Optional[bool] = ..., hidden_information: _Optional[bool] = ..., chance: _Optional[bool] = ..., automated_seats: _Optional[_Iterable[_Union[AutomatedSeat, _Mapping]]] = ...) -> None: ...

class AutomatedSeat(_message.Message):
    __slots__ = ("players", "seat", "name", "name_text")
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    NAME_TEXT_FIELD_NUMBER: _ClassVar[int]
    players: int
    seat: int
    name: str
    name_text: Text
    def __init__(self, players: _Optional[int] = ..., seat: _Optional[int] = ..., name: _Optional[str] = ..., name_text: _Optional[_Union[Text, _Mapping]] = ...) -> None: ...

class Viewer(_message.Message):
    __slots__ = ("seat", "spectator")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_FIELD_NUMBER: _ClassVar[int]
    seat: int
    spectator: _empty_pb2.Empty
    def __init__(self, seat: _Optional[int] = ..., spectator: _Optional[_Union[_empty_pb2.Empty, _Mapping]] = ...) -> None: ...

class GameSetup(_message.Message):
    __slots__ = ("game_id", "players", "overrides", "chance_mode", "seed")
    class OverridesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OVERRIDES_FIELD_NUMBER: _ClassVar[int]
    CHANCE_MODE_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    players: int
    overrides: _containers.ScalarMap[str, str]
    chance_mode: ChanceMode
    seed: int
    def __init__(self, game_id: _Optional[str] = ..., players: _Optional[int] = ..., overrides: _Optional[_Mapping[str, str]] = ..., chance_mode: _Optional[_Union[ChanceMode, str]] = ..., seed: _Optional[int] = ...) -> None: ...
