"""The seam between a game and the engine protocol: a game is a table of rows that one small generic
engine walks.

A game's ``table`` (``engines.core.table``) has a row for every kind of action and every kind of step: the
actions a step accepts, its legal options, the complete check of an action, its effect, its prompt, who
decides it, and for chance how the physical process draws. ``TableEngine`` turns that into the uniform
``Engine`` protocol the server speaks:

* ``pending``, ``legal_moves``, ``validate`` and ``apply`` come from the row owed now, with the
  ``COMMON_*`` checks (view, game over, whose decision, which kind) made once, here;
* ``apply`` runs the automatic steps and, with a seeded game, answers every chance decision from the
  row's ``Draw`` (``table.sample``), until a real seat must decide. That loop is bounded by construction
  (``MAX_AUTOMATIC_STEPS``), so a broken rule cannot hang a server thread; the loop hands the game's log
  what it did (``Happened``), so the log never walks the steps a second time (``apply_logged``);
* ``check`` checks the generator (``Rng.check``) before the game's own integrity check.

The rules stay in the game's modules; this file knows none. A new game is a ``Game`` (what it is and
which functions hold its rules, declared) and a line in ``engines.registry``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, Pending, common_violations
from engines.core.errors import IllegalMove, NotImplementedRule, StateInvalid, Violation
from engines.core.locale import Words
from engines.core.picture import Picture
from engines.core.rng import Rng
from engines.core.scoring import ScoreSheet
from engines.core.search import PLAIN, Knobs
from engines.core.table import Act, Happened, Owed, Step, Table, odds, sample
from engines.core.text import LogEntry, Message, MoveLabel, Name, Text

#: The most automatic steps and engine-answered chance decisions one ``apply`` may take. The longest
#: real sequence (a seeded game's whole setup, every deal and shuffle) is a few hundred; reaching the
#: bound means a rule loops, which is reported as an error instead of hanging the caller.
MAX_AUTOMATIC_STEPS = 100_000


class EngineLoop(RuntimeError):
    """A game's automatic steps did not reach a decision within ``MAX_AUTOMATIC_STEPS`` (a rule bug)."""


class GameState(Protocol):
    """What the generic engine reads of every game's state: the chance mode (``external_chance``: the
    caller answers every chance decision), the generator (present exactly when the chance is not
    external) and whether the state is a view (not playable)."""

    @property
    def external_chance(self) -> bool: ...

    @property
    def rng(self) -> Rng | None: ...

    @property
    def redacted(self) -> bool: ...


S = TypeVar("S", bound=GameState)
OptT = TypeVar("OptT")


def _players(state: Any) -> range:
    return range(len(state.players))


GAME_OVER = Message("core.prompt.game_over", "The game is over.")
DECISION_KIND = Message("core.prompt.decision_kind", "{kind}")


def _over(state: Any) -> Text:
    return GAME_OVER()


@dataclass(frozen=True, slots=True)
class Game(Generic[S, OptT]):
    """One game, declared: what it is (``info``: its id, player counts, options and ``GameType``), its table of
    rows, its types, and the functions that hold its rules. Every function is pure.

    ``table``: every kind of action and step and the walk over them (``engines.core.table``).
    ``move_type``: the move struct, exactly ``seat: int`` and ``action`` (a tagged union of the action structs).
    ``make_options(players, overrides)``: options for ``players`` seats with named overrides (``StateInvalid``).
    ``setup(options, seed)``: the state before anything happens; ``seed=None`` selects external chance.
    ``integrity(state)``: raise ``StateInvalid`` if a received state is malformed or inconsistent; closed under
    legal moves (a state it accepts never leads by a legal move to one it refuses).
    ``score(state)``: provisional (running game) or final score with a breakdown per seat.
    ``view(state, seat)``: what ``seat`` may see (``None``: a spectator); never the generator.
    ``describe()``: the game's content with provenance, for clients to render.
    ``label(state, move, several_seats, act)``: how a legal move is shown, with ``act`` its action's row: a
    label unique within the decision (``several_seats``: the label names the seat) and its path of choices.
    ``log(before, move, after, act, happened)``: what a move did, in words, with ``happened`` what the engine
    did by itself after it; the public line names nothing hidden from any other seat.
    ``seats(state)``: the seats of a state or view, the players and any seat the engine plays itself
    (``GameType.automated_seats``), numbered from 0 (default: one per entry of ``state.players``).
    ``game_over(state)``: what a finished game says (``Pending.prompt``), e.g. why it ended.
    ``picture(view, viewer)``: the picture of what ``viewer`` (a seat, ``None``: a spectator) sees of ``view``
    (a view made for that viewer): the board and public areas, the viewer's own hidden items, nothing of
    anyone else's (``RenderView``; ``None``: the game draws none).
    ``facts(view)``: public facts computed only from what a view shows, for clients to draw (``ViewState``'s
    ``facts``; ``None``: none).
    ``names``: the names of the game's things (``engines.core.text.names``), one mapping of content id to
    ``Name`` per kind, for ``DescribeGame``.
    ``redeal(view, seat, rng)``: a whole state dealt from ``view`` (``view(state, seat)`` for a real seat) that
    ``seat`` cannot tell from the real one: everything the view shows kept, everything it hides (others'
    hands, face-down cards, deck orders, committed secret choices) dealt from what remains possible with
    ``rng``, and its chance in a fresh generator drawn from ``rng`` (a seeded state, whatever the view's
    chance mode). The searching bots (``engines.core.search``) see a game only through it, so they cannot
    peek. It passes the state check, and ``view(redealt, seat)`` is ``view`` (as a seeded game's view).
    ``knobs``: how the search tunes its playouts for this game (``engines.core.search.Knobs``), where
    measurements showed it pays.
    """

    info: GameInfo
    table: Table[S]
    state_type: type[S]
    move_type: type[Any]
    options_type: type[OptT]
    make_options: Callable[[int, dict[str, Any]], OptT]
    setup: Callable[[OptT, int | None], S]
    integrity: Callable[[S], None]
    score: Callable[[S], ScoreSheet]
    view: Callable[[S, int | None], S]
    describe: Callable[[], dict[str, Any]]
    label: Callable[[S, Any, bool, Act], MoveLabel]
    log: Callable[[S, Any, S, Act, Sequence[Happened]], LogEntry]
    seats: Callable[[S], range] = _players
    game_over: Callable[[S], Text] = _over
    picture: Callable[[S, int | None, Words], Picture] | None = None
    facts: Callable[[S], dict[str, Any]] | None = None
    names: tuple[Mapping[str, Name], ...] = ()
    redeal: Callable[[S, int, Rng], S] | None = None
    knobs: Knobs = PLAIN


def _in_words(now: Owed[Any] | None) -> Text:
    """The pending decision as a player reads it, for a refusal's message: its prompt."""
    return DECISION_KIND(kind="") if now is None else now.prompt


def _pending(seats: tuple[int, ...], kind: str, prompt: Text) -> Pending:
    return Pending(seats, kind, prompt.english, prompt)


class TableEngine(Generic[S, OptT]):
    """The ``Engine`` protocol (``engines.core.engine``) over a ``Game``."""

    def __init__(self, game: Game[S, OptT]) -> None:
        self.game = game
        self.info: GameInfo = game.info
        self.state_type: type[S] = game.state_type
        self.move_type: Any = game.move_type
        self.options_type: type[OptT] = game.options_type
        self.table: Table[S] = game.table
        self.knobs: Knobs = game.knobs

    # ---- the protocol ---------------------------------------------------------------------------

    def make_options(self, players: int, overrides: dict[str, Any]) -> OptT:
        return self.game.make_options(players, overrides)

    def new_game(self, options: OptT, seed: int | None) -> S:
        return self.settle(self.game.setup(options, seed))

    def check(self, state: S) -> None:
        """The generator, the game's own integrity check, then what every game's states share: the
        generator is there exactly when the chance is not external, a state the engine returns waits for a
        decision (nothing automatic is due), and a seeded game never waits for chance (its generator
        answers at once)."""
        if state.rng is not None:
            state.rng.check("rng")
        self.game.integrity(state)
        if (state.rng is None) != state.external_chance:
            mode = "external chance has no generator" if state.external_chance else "a seeded game has a generator"
            raise StateInvalid(f"The chance mode and the generator disagree: {mode}.", "rng")
        if self.table.automatic(state) is not None:
            message = "The game would move on by itself here; send the state the service returned."
            raise StateInvalid(message, "state")
        now = self.table.now(state)
        if state.rng is not None and now is not None and now.seats == (CHANCE,):
            message = "A seeded game never waits for chance (its generator answers); remove rng for external chance."
            raise StateInvalid(message, "rng")

    def seats(self, state: S) -> range:
        return self.game.seats(state)

    def pending(self, state: S) -> Pending:
        now = self.table.now(state)
        if now is None:
            return _pending((), "game_over", self.game.game_over(state))
        return _pending(now.seats, now.kind, now.prompt)

    def legal_moves(self, state: S) -> list[Any]:
        now = self._playable_now(state)
        if now is None:
            return []
        make = self.move_type
        return [make(seat, action) for seat in now.seats for action in now.options(state, seat)]

    def validate(self, state: S, move: Any) -> list[Violation]:
        now = self._playable_now(state)
        seats = now.seats if now is not None else ()
        takes = now.row.takes if now is not None else ()
        common = common_violations(state.redacted, seats, move.seat, move.action, takes, lambda: _in_words(now))
        if common or now is None:
            return common
        return now.check(state, move.seat, move.action)

    def apply(self, state: S, move: Any) -> S:
        return self.walk(state, move)[0]

    def apply_logged(self, state: S, move: Any) -> tuple[S, LogEntry]:
        """``apply`` and ``log`` in one walk: the state after ``move`` and what it did, in words."""
        after, happened = self.walk(state, move)
        return after, self._log(state, move, after, happened)

    def chance_odds(self, state: S) -> list[tuple[Any, int]]:
        """With a chance decision owed (external chance), every outcome as a move with its weight, from the
        same ``Draw`` the engine's generator samples in a seeded game; empty when no chance decision is owed."""
        now = self._playable_now(state)
        if now is None or now.seats != (CHANCE,) or now.row.draw is None:
            return []
        make = self.move_type
        return [(make(CHANCE, action), weight) for action, weight in odds(now.draw(state))]

    def advance(self, state: S, move: Any) -> S:
        """``apply`` for a move taken from ``legal_moves(state)``, without checking it again: the search's
        playouts, which only ever play such moves, spend their time on the game instead of on its checks."""
        now = self.table.now(state)
        assert now is not None  # a legal move exists only while a decision is owed
        return self._settle(now.effect(state, move.seat, move.action))[0]

    def redeal(self, view: S, seat: int, rng: Rng) -> S:
        """A whole seeded state dealt from ``seat``'s ``view``, with what it hides redealt (``Game.redeal``);
        ``NotImplementedRule`` for a game that has no redeal."""
        if self.game.redeal is None:
            raise NotImplementedRule("redeal", f"dealing a state from a view of {self.info.title}")
        return self.game.redeal(view, seat, rng)

    def score(self, state: S) -> ScoreSheet:
        return self.game.score(state)

    def view(self, state: S, seat: int | None) -> S:
        return self.game.view(state, seat)

    def describe(self) -> dict[str, Any]:
        return self.game.describe()

    def names(self) -> list[Name]:
        """The name of every thing of the game, kind by kind in the order declared, each kind by content id."""
        return [named for kind in self.game.names for _, named in sorted(kind.items())]

    def labels(self, state: S, moves: Sequence[Any]) -> list[MoveLabel]:
        """The label and choice path of each of ``moves`` (legal moves of ``state``)."""
        now = self.table.now(state)
        several = now is not None and len(now.seats) > 1
        acts = self.table.actions
        return [self.game.label(state, move, several, acts[type(move.action)]) for move in moves]

    def log(self, before: S, move: Any, after: S) -> LogEntry:
        """What ``move`` (applied to ``before``, giving ``after``) did, in words (``apply_logged`` does both
        in one walk)."""
        happened: list[Happened] = []
        if not self.validate(before, move):
            walked, happened = self.walk(before, move)
            if walked != after:
                happened = []
        return self._log(before, move, after, happened)

    def _log(self, before: S, move: Any, after: S, happened: Sequence[Happened]) -> LogEntry:
        return self.game.log(before, move, after, self.table.actions[type(move.action)], happened)

    def facts(self, view: S) -> dict[str, Any]:
        """Public facts derived from a view (empty for a game that derives none)."""
        return {} if self.game.facts is None else self.game.facts(view)

    def picture(self, view: S, viewer: int | None, words: Words | None = None) -> Picture:
        """The picture of ``view`` as ``viewer`` sees it, its words in ``words``' language (English unless
        given); ``NotImplementedRule`` for a game that draws none."""
        if self.game.picture is None:
            raise NotImplementedRule("picture", f"a picture of {self.info.title}")
        return self.game.picture(view, viewer, words or Words())

    # ---- the walk -------------------------------------------------------------------------------

    def _playable_now(self, state: S) -> Owed[S] | None:
        return None if state.redacted else self.table.now(state)

    def walk(self, state: S, move: Any) -> tuple[S, list[Happened]]:
        """The state after a legal ``move`` and what the engine did by itself after it (``settle``)."""
        violations = self.validate(state, move)
        if violations:
            raise IllegalMove(violations)
        now = self.table.now(state)
        assert now is not None  # validate refuses every move of a finished game
        return self._settle(now.effect(state, move.seat, move.action))

    def settle(self, state: S) -> S:
        """Take the automatic steps and, with the engine's generator, answer chance decisions, until a
        real seat must decide or the game is over (bounded: ``MAX_AUTOMATIC_STEPS``)."""
        return self._settle(state)[0]

    def _settle(self, state: S) -> tuple[S, list[Happened]]:
        table = self.table
        happened: list[Happened] = []
        for _ in range(MAX_AUTOMATIC_STEPS):
            following = table.automatic(state)
            if following is not None:
                head = table.queue(state)[:1]
                if head and isinstance(table.queued[type(head[0])], Step):
                    happened.append(Happened(head[0], None, state))
                state = following
                continue
            rng = state.rng
            now = table.now(state)
            if rng is None or now is None or now.seats != (CHANCE,):
                return state, happened
            action, rng = sample(now.draw(state), rng)
            happened.append(Happened(now.at, action, state))
            state = now.effect(replace(state, rng=rng), CHANCE, action)  # type: ignore[type-var]
        raise EngineLoop(f"{self.info.game_id}: no decision after {MAX_AUTOMATIC_STEPS} automatic steps")
