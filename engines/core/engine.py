"""The protocol every game engine implements (OpenSpiel-like: chance is an explicit seat).

An engine is a stateless object whose methods are pure functions over immutable states
(msgspec ``Struct(frozen=True)``). The server holds no game rules: it only converts messages
and calls these methods.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from engines.core.errors import Violation, violation
from engines.core.locale import Words
from engines.core.picture import Picture
from engines.core.rng import Rng
from engines.core.scoring import ScoreSheet
from engines.core.search import Knobs
from engines.core.text import LIST_OR, LogEntry, Message, MoveLabel, Text, listing

#: The chance seat: in external-chance mode every shuffle, draw or random pick is a decision
#: owed by this seat, supplied by the caller (real dice, real cards at a real table).
CHANCE = -1


class Pending(msgspec.Struct, frozen=True, gc=False):
    """Who may act now and the kind of decision owed; ``seats == ()`` once the game is over."""

    seats: tuple[int, ...]
    kind: str
    prompt: str = ""
    prompt_text: Text | None = None
    """The prompt as a ``Text`` (``prompt`` is its English)."""


VIEW_NOT_PLAYABLE = Message("core.refusal.view_not_playable", "A view cannot be played; send the full state.")
GAME_OVER = Message("core.refusal.game_over", "The game is over.")
NOT_YOUR_TURN = Message("core.refusal.not_your_turn", "It is {whose} decision ({decision}), not seat {seat}'s.")
WHOSE_SEAT = Message("core.refusal.whose_seat", "seat {seat}'s")
WHOSE_CHANCE = Message("core.refusal.whose_chance", "CHANCE's")
WRONG_DECISION = Message("core.refusal.wrong_decision", "The pending decision ({decision}) takes: {kinds}.")


def common_violations(
    redacted: bool,
    deciders: tuple[int, ...],
    seat: int,
    action: object,
    takes: tuple[type, ...],
    decision: Callable[[], Text],
) -> list[Violation]:
    """The checks every game makes before its own rules, with the shared ``COMMON_*`` codes: a view cannot be
    played; nothing is decided once the game is over (no ``deciders``); only a deciding seat moves; the action
    is of a kind the pending decision ``takes`` (msgspec tagged structs). ``decision()`` names the pending
    decision for the messages (called only when one is needed)."""
    if redacted:
        return violation("COMMON_VIEW_NOT_PLAYABLE", VIEW_NOT_PLAYABLE(), "state")
    if not deciders:
        return violation("COMMON_GAME_OVER", GAME_OVER(), "move")
    if seat not in deciders:
        whose = (
            WHOSE_CHANCE() if deciders == (CHANCE,) else listing([WHOSE_SEAT(seat=d) for d in deciders], joined=LIST_OR)
        )
        return violation(
            "COMMON_NOT_YOUR_TURN", NOT_YOUR_TURN(whose=whose, decision=decision(), seat=seat), "move.seat"
        )
    if not isinstance(action, takes):
        # The kinds of action are the API's names of them (``Move.action``'s tags), as a developer sends them.
        kinds = ", ".join(str(t.__struct_config__.tag).replace("_", " ") for t in takes)  # type: ignore[attr-defined]
        return violation("COMMON_WRONG_DECISION", WRONG_DECISION(decision=decision(), kinds=kinds), "move.action")
    return []


class OptionInfo(msgspec.Struct, frozen=True, gc=False):
    """One variant option or rule ruling, as ``ListGames`` reports it."""

    name: str
    type: str
    default: str
    choices: tuple[str, ...] = ()
    doc: str = ""
    doc_text: Text | None = None
    """The doc as a ``Text`` (``doc`` is its English)."""


class AutomatedSeat(msgspec.Struct, frozen=True, gc=False):
    """A seat the engine plays for itself (it is never pending): seat ``seat`` of every game of ``players``
    players, played by ``name`` (Viscounts' solo game: seat 1, "Cleric AI")."""

    players: int
    seat: int
    name: str
    name_text: Text | None = None
    """The name as a ``Text`` (``name`` is its English)."""


class GameType(msgspec.Struct, frozen=True, gc=False):
    """What kind of game it is, declared (like OpenSpiel's ``GameType``), as ``ListGames`` reports it.

    ``simultaneous``: some decision is owed by several seats at once (``Pending.seats`` names more than one
    real seat), each choosing without seeing the others' choices. ``hidden_information``: some seat's view
    hides part of the state. ``chance``: the game has chance events (draws, shuffles, dice): a seeded game's
    generator decides them, and with external chance each is a decision owed by the ``CHANCE`` seat.
    ``automated_seats``: the seats the engine plays itself, by player count (they count in ``Engine.seats``
    and on the score sheet, but are never pending).

    The conformance suite (tests/conformance/test_game_type.py) checks every declaration against play.
    """

    simultaneous: bool
    hidden_information: bool
    chance: bool
    automated_seats: tuple[AutomatedSeat, ...] = ()

    def automated(self, players: int) -> tuple[int, ...]:
        """The seats the engine plays itself in a game of ``players`` players."""
        return tuple(a.seat for a in self.automated_seats if a.players == players)


class GameInfo(msgspec.Struct, frozen=True, gc=False):
    """What ``ListGames`` says about a game: its ids, player counts and options, and what kind of game it
    is (``game_type``, part of the same answer so that a client learns it with the rest)."""

    game_id: str
    title: str
    rules_version: str
    min_players: int
    max_players: int
    options: tuple[OptionInfo, ...]
    game_type: GameType
    variants: tuple[str, ...] = ()


S = TypeVar("S")
M = TypeVar("M")
OptT = TypeVar("OptT")


class Engine(Protocol, Generic[S, M, OptT]):
    """One game's rules. All methods are pure; none mutates its arguments."""

    info: GameInfo
    state_type: type[S]
    move_type: type[M]
    options_type: type[OptT]

    def make_options(self, players: int, overrides: dict[str, Any]) -> OptT:
        """Options for ``players`` seats with named overrides; raises ``StateInvalid``."""
        ...

    def new_game(self, options: OptT, seed: int | None) -> S:
        """A new game; ``seed=None`` selects external chance (the CHANCE seat decides)."""
        ...

    def check(self, state: S) -> None:
        """Raise ``StateInvalid`` if the state is malformed or inconsistent."""
        ...

    def seats(self, state: S) -> range:
        """The seats of ``state`` (or of a view): ``0..n-1``, the players and any automated seat
        (``GameType.automated_seats``); the score sheet has one entry per seat."""
        ...

    def pending(self, state: S) -> Pending:
        """The decision owed now."""
        ...

    def legal_moves(self, state: S) -> Sequence[M]:
        """Every legal move of the pending decision, each exactly once."""
        ...

    def validate(self, state: S, move: M) -> list[Violation]:
        """Empty exactly when ``move`` is in ``legal_moves(state)``."""
        ...

    def apply(self, state: S, move: M) -> S:
        """The state after ``move``; raises ``IllegalMove`` when ``validate`` is non-empty.

        With engine randomness, chance decisions that follow are resolved by the state's PRNG
        before returning, so the returned state always waits for a real seat (or is over).
        """
        ...

    def apply_logged(self, state: S, move: M) -> tuple[S, LogEntry]:
        """``apply`` and ``log`` at once (one walk of the steps that follow ``move``)."""
        ...

    knobs: Knobs
    """How the searching bots tune their playouts for this game (``engines.core.search``)."""

    def advance(self, state: S, move: M) -> S:
        """``apply`` for a move taken from ``legal_moves(state)``, not checked again (the search's playouts)."""
        ...

    def redeal(self, view: S, seat: int, rng: Rng) -> S:
        """A whole seeded state dealt from ``seat``'s view, with everything the view hides redealt by ``rng``:
        what a search may play on without peeking (``NotImplementedRule`` for a game without one)."""
        ...

    def chance_odds(self, state: S) -> list[tuple[M, int]]:
        """With a chance decision owed, each of its legal moves with its weight (how many of the equally likely
        ways the physical process can go give it); empty when a player decides."""
        ...

    def score(self, state: S) -> ScoreSheet:
        """Provisional (running game) or final score with a breakdown per seat."""
        ...

    def view(self, state: S, seat: int | None) -> S:
        """What ``seat`` may see (``None``: a spectator); PRNG state never included."""
        ...

    def describe(self) -> dict[str, Any]:
        """The game's content (cards, boards) with provenance, for clients to render."""
        ...

    def labels(self, state: S, moves: Sequence[M]) -> list[MoveLabel]:
        """The label (unique within the decision) and choice path of each of ``moves``."""
        ...

    def log(self, before: S, move: M, after: S) -> LogEntry:
        """What ``move`` did: a public line for every seat, a private line for the mover."""
        ...

    def facts(self, view: S) -> dict[str, Any]:
        """Public facts derived from a view, for clients to draw (districts, leaders, ...)."""
        ...

    def picture(self, view: S, viewer: int | None, words: Words | None = None) -> Picture:
        """A picture (SVG) of what ``viewer`` (``None``: a spectator) sees of ``view``, a view made for them."""
        ...


def option_infos(
    options_type: type[msgspec.Struct],
    docs: Mapping[str, Message | str],
    skip: tuple[str, ...] = ("players",),
    choices: dict[str, tuple[str, ...]] | None = None,
) -> tuple[OptionInfo, ...]:
    """``OptionInfo`` for every defaulted field of an options struct, for ``ListGames``.

    The kind and, for ``Literal`` fields, the choices come from the type; defaults are shown as
    strings (booleans as ``true``/``false``); ``choices`` adds choices the type cannot express.
    """
    out = []
    for field in msgspec.inspect.type_info(options_type).fields:  # type: ignore[attr-defined]
        if field.name in skip or field.default is msgspec.NODEFAULT:
            continue
        info = field.type
        default = field.default
        if isinstance(info, msgspec.inspect.LiteralType):
            kind, allowed = "string", tuple(str(v) for v in info.values)
        else:
            kind = {bool: "bool", int: "int"}.get(type(default), "string")
            allowed = ()
        text = str(default).lower() if isinstance(default, bool) else str(default)
        allowed = (choices or {}).get(field.name, allowed)
        doc = docs.get(field.name, "")
        if isinstance(doc, Message):
            shown = doc()
            out.append(OptionInfo(field.name, kind, text, allowed, shown.english, shown))
        else:
            out.append(OptionInfo(field.name, kind, text, allowed, doc))
    return tuple(out)


def convert_options(
    options_type: type[OptT], title: str, players: int, overrides: dict[str, Any], seats: range
) -> OptT:
    """An options struct from a player count and named overrides (strings parsed by msgspec).

    Raises ``StateInvalid`` naming the problem: a player count outside ``seats``, an unknown
    option, or a value of the wrong kind.
    """
    from engines.core.errors import StateInvalid

    if not isinstance(players, int) or players not in seats:
        raise StateInvalid(f"{title} is for {seats.start} to {seats.stop - 1} players, not {players}.", "players")
    unknown = set(overrides) - set(options_type.__struct_fields__)  # type: ignore[attr-defined]
    if unknown:
        raise StateInvalid(f"Unknown {title} options: {', '.join(sorted(unknown))}.", "options")
    for name, value in overrides.items():
        problem = option_value_problem(options_type, name, value)
        if problem:
            raise StateInvalid(problem, f"options.{name}")
    try:
        return msgspec.convert({"players": players, **overrides}, options_type, strict=False)
    except msgspec.ValidationError as exc:
        raise StateInvalid(f"Invalid {title} option: {exc}", "options") from exc


def option_value_problem(options_type: type[Any], name: str, value: Any) -> str:
    """Why ``value`` cannot be option ``name`` of ``options_type``, in a player's words
    (``Option strict_supply takes true or false, not 'maybe'.``), or ``""`` when it can."""
    field = next((f for f in msgspec.inspect.type_info(options_type).fields if f.name == name), None)  # type: ignore[attr-defined]
    if field is None:
        return ""
    annotation = typing.get_type_hints(options_type, include_extras=True)[name]
    try:
        msgspec.convert(value, annotation, strict=False)
    except msgspec.ValidationError:
        return f"Option {name} takes {expected_words(field.type)}, not {value!r}."
    return ""


def expected_words(info: msgspec.inspect.Type) -> str:
    """What a value of type ``info`` looks like, in a player's words (``a whole number``)."""
    inspect = msgspec.inspect
    if isinstance(info, inspect.BoolType):
        return "true or false"
    if isinstance(info, inspect.IntType):
        bounds = [
            f"at least {info.ge}" if info.ge is not None else "",
            f"at most {info.le}" if info.le is not None else "",
        ]
        limits = " and ".join(b for b in bounds if b)
        return f"a whole number {limits}".rstrip() if limits else "a whole number"
    if isinstance(info, inspect.FloatType):
        return "a number"
    if isinstance(info, inspect.StrType):
        return "text"
    if isinstance(info, inspect.LiteralType):
        values = [str(v) for v in info.values]
        return " or ".join([", ".join(values[:-1]), values[-1]]) if len(values) > 1 else values[0]
    if isinstance(info, inspect.VarTupleType | inspect.ListType):
        return f"a list of {expected_words(info.item_type)}"
    return f"a value of type {type(info).__name__.removesuffix('Type').lower()}"
