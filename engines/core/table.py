"""A game's table: one row per kind of action and one row per kind of step, and the machine that walks them.

A game is written as rows, and its ``engine.py`` is the index of its rules:

* an ``Act`` row per action type: how a legal one is shown (its label) and what one did (its log words),
  and, for a decision that takes several kinds of action, its own check and effect;
* a ``Step`` row per kind of step that asks for a decision: what it takes, its candidates, its check, its
  effect, its prompt, who decides, what settles it without a decision, and for a chance step how the
  physical process draws (``Draw``: chance as data);
* an ``Auto`` row per kind of queued step that never asks anyone (an effect running, a cascade).

``Table`` walks the rows. A state is either waiting on the head of its queue (games whose turns are a
queue of small steps) or on its stage's decision (``decision(state)`` names the row); between decisions
the queue's head settles itself or the stage moves on (``progress``). The machine is the only
``now``/``automatic`` of every game, and the one sampler of every chance step: ``sample`` takes one
uniform pick per stage of a ``Draw`` from the engine's generator, and ``odds`` lists the same process's
outcomes with their weights for clients. A table missing a row (an action type without an ``Act``, a
step type without a row, a row taking an action nobody words) fails when the game is imported.

The rule functions stay in the game's modules; the rows name them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, Generic, TypeVar, get_args

import msgspec

from engines.core.engine import CHANCE
from engines.core.errors import Violation
from engines.core.rng import Rng
from engines.core.text import Message, Text

#: The stage every game ends in.
OVER = "over"


class TableError(TypeError):
    """A game's table is incomplete or inconsistent (raised when the game is imported)."""


# ---- chance as data ---------------------------------------------------------------------------------------


def _first(pick: Any) -> Any:
    return pick


@dataclass(frozen=True, slots=True)
class Draw:
    """A physical random process, as data: one uniform pick from each stage in turn (a card from the deck;
    a die from the bag, then its face), and the action the picks make. A piece listed twice is twice as
    likely (a deck holding two copies of a card)."""

    stages: tuple[Sequence[Any], ...]
    outcome: Callable[..., Any] = _first


def uniform(pieces: Sequence[Any], outcome: Callable[..., Any] = _first) -> Draw:
    """One uniform pick among ``pieces`` (copies weigh as many), made into an action by ``outcome``."""
    return Draw((pieces,), outcome)


def sample(draw: Draw, rng: Rng) -> tuple[Any, Rng]:
    """The engine's generator answering a chance step: ``rng.below`` once per stage, in stage order."""
    picks = []
    for stage in draw.stages:
        index, rng = rng.below(len(stage))
        picks.append(stage[index])
    return draw.outcome(*picks), rng


def odds(draw: Draw) -> list[tuple[Any, int]]:
    """Every outcome of ``draw`` once, in the order first reached, with its weight: how many of the equally
    likely combinations of picks make it (the probability is the weight over their sum)."""
    weights: dict[Any, int] = {}
    for picks in product(*draw.stages):
        action = draw.outcome(*picks)
        weights[action] = weights.get(action, 0) + 1
    return list(weights.items())


# ---- rows -------------------------------------------------------------------------------------------------

S = TypeVar("S")

Check = Callable[[S, Any, Any], list[Violation]]
Effect = Callable[[S, Any, Any], S]


@dataclass(frozen=True, slots=True)
class Act:
    """One kind of action (an action type): its words and, when the step taking it takes several kinds,
    its own check and effect (``dispatch``).

    ``label``: how a legal action of this kind is shown; ``log``: what one did, in the past tense (``None``:
    the game's common line). Their signatures are the game's own: its words module calls them.
    ``check(state, at, action)``/``effect(state, at, action)``: see ``Step``.
    """

    label: Callable[..., Any]
    log: Callable[..., Any] | None = None
    check: Callable[..., list[Violation]] | None = None
    effect: Callable[..., Any] | None = None


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """One kind of step that asks for a decision (one row of a game's table).

    Every function takes the state and ``at``: the queued step itself for a row of the queue, the deciding
    seat for a row of a stage.

    ``takes``: the action types it accepts (anything else is ``COMMON_WRONG_DECISION``).
    ``candidates(state, at)``: actions that may be legal, each once; the legal ones are those the check
    passes (``exact``: the candidates are already exactly the legal actions, and are not checked again).
    ``check(state, at, action)``: the violations of an accepted action; empty exactly when it is legal.
    ``effect(state, at, action)``: the state after a checked action (before automatic steps).
    ``prompt``: what the decision asks, in the decider's words: a template filled with the queued step's
    fields, or a function of ``(state, at)``.
    ``seats(state)``: who decides a stage's step (several: at once; ``CHANCE``: chance); a queued step is
    decided by its ``seat``, or by chance when it has a ``draw``.
    ``draw(state, at)``: how the engine's generator answers when chance decides (``Draw``).
    ``settle(state, at)``: the state after the step settles itself without a decision (nothing to decide,
    a draw with one outcome), or ``None`` when it needs one.
    """

    takes: tuple[type, ...]
    candidates: Callable[[S, Any], Iterable[Any]]
    check: Check[S]
    effect: Effect[S]
    prompt: Message | Callable[[S, Any], Text]
    seats: Callable[[S], tuple[int, ...]] | None = None
    draw: Callable[[S, Any], Draw] | None = None
    settle: Callable[[S, Any], S | None] | None = None
    exact: bool = False

    def options(self, state: S, at: Any) -> list[Any]:
        """Every legal action at ``at``: the candidates the check passes (or the exact candidates)."""
        if self.exact:
            return list(self.candidates(state, at))
        return [a for a in self.candidates(state, at) if not self.check(state, at, a)]

    def words(self, state: S, at: Any) -> Text:
        """The prompt, filled in: a message gets the fields of the queued step it names."""
        prompt = self.prompt
        if isinstance(prompt, Message):
            fields = msgspec.structs.asdict(at) if isinstance(at, msgspec.Struct) else {}
            return prompt(**{name: fields[name] for name in prompt.names})
        return prompt(state, at)


@dataclass(frozen=True, slots=True)
class Auto(Generic[S]):
    """One kind of queued step that never asks anyone: ``run(state, step)`` is the state after it."""

    run: Callable[[S, Any], S | None]


def no_check(state: Any, at: Any, action: Any) -> list[Violation]:
    """The check of an action that is legal whenever the step takes it."""
    return []


def dispatch(actions: Mapping[type, Act], kinds: Iterable[type]) -> tuple[Check[Any], Effect[Any]]:
    """The check and effect of a step that takes several kinds of action, each with its own (``Act.check``,
    ``Act.effect``): the rows of ``actions`` for ``kinds``."""
    rows = {kind: actions[kind] for kind in kinds}
    for kind, row in rows.items():
        if row.check is None or row.effect is None:
            raise TableError(f"{kind.__name__} is taken by a dispatching step but has no check or effect")

    def check(state: Any, at: Any, action: Any) -> list[Violation]:
        return rows[type(action)].check(state, at, action)  # type: ignore[misc]

    def effect(state: Any, at: Any, action: Any) -> Any:
        return rows[type(action)].effect(state, at, action)  # type: ignore[misc]

    return check, effect


# ---- the machine ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Owed(Generic[S]):
    """The decision owed in a state: its row, where it is (``at``), who decides, its kind and its prompt."""

    row: Step[S]
    at: Any
    seats: tuple[int, ...]
    kind: str
    prompt: Text

    def _where(self, seat: int) -> Any:
        """What the row's functions receive: the queued step, or the seat for a stage's decision."""
        return seat if self.at is None else self.at

    def options(self, state: S, seat: int) -> list[Any]:
        """The legal actions of ``seat`` (a stage's row asks each deciding seat; a queued step its own)."""
        return self.row.options(state, self._where(seat))

    def check(self, state: S, seat: int, action: Any) -> list[Violation]:
        return self.row.check(state, self._where(seat), action)

    def effect(self, state: S, seat: int, action: Any) -> S:
        return self.row.effect(state, self._where(seat), action)

    def draw(self, state: S) -> Draw:
        """How the engine's generator answers this chance decision."""
        assert self.row.draw is not None, f"{self.kind} is decided by chance but has no draw"
        return self.row.draw(state, self._where(CHANCE))


@dataclass(frozen=True, slots=True)
class Happened:
    """Something the engine did by itself after a move: a chance step its generator answered (``action``),
    or a queued decision that settled itself (``action`` is ``None``); ``step`` is the queued step, ``then``
    the state just before."""

    step: Any
    action: Any
    then: Any


def _tag(step: Any) -> str:
    return str(type(step).__struct_config__.tag)


class Table(Generic[S]):
    """The rows of one game and the walk over them.

    ``stage(state)``: the stage the game is in (``OVER`` once it has ended).
    ``queue(state)``: the queued steps (the head is the step being decided); omit for a game without one.
    ``decision(state)``: with the queue empty, the kind of the stage's decision (a key of ``stages``), or
    ``None`` when none is owed (something automatic is due).
    ``progress[stage](state)``: with the queue empty and no decision owed, the stage's next automatic step
    (``None``: nothing to do).
    ``queued``: a row per queued step type; ``stages``: a row per stage decision kind; ``actions``: an
    ``Act`` per action type of ``action_union``.
    """

    def __init__(
        self,
        *,
        actions: Mapping[type, Act],
        action_union: Any,
        stage: Callable[[S], str],
        decision: Callable[[S], str | None],
        stages: Mapping[str, Step[S]],
        progress: Mapping[str, Callable[[S], S | None]],
        queue: Callable[[S], Sequence[Any]] | None = None,
        queued: Mapping[type, Step[S] | Auto[S]] | None = None,
        step_union: Any = None,
    ) -> None:
        self.actions = dict(actions)
        self.stage = stage
        self.decision = decision
        self.stages = dict(stages)
        self.progress = dict(progress)
        self.queue = queue or (lambda state: ())
        self.queued = dict(queued or {})
        self._complete(action_union, step_union)

    def _complete(self, action_union: Any, step_union: Any) -> None:
        """A missing row fails here, when the game is imported, not in a playout."""
        action_types = set(get_args(action_union)) or {action_union}
        missing = sorted(t.__name__ for t in action_types - set(self.actions))
        extra = sorted(t.__name__ for t in set(self.actions) - action_types)
        if missing or extra:
            raise TableError(f"actions without an Act row: {missing}; Act rows of no action: {extra}")
        rows: list[Step[S]] = [*self.stages.values(), *(r for r in self.queued.values() if isinstance(r, Step))]
        for row in rows:
            untaken = [t.__name__ for t in row.takes if t not in action_types]
            if untaken:
                raise TableError(f"a step takes {untaken}, which are not actions of the game")
        if step_union is not None:
            step_types = set(get_args(step_union)) or {step_union}
            missing = sorted(t.__name__ for t in step_types - set(self.queued))
            if missing:
                raise TableError(f"queued steps without a row: {missing}")

    # ---- now ----------------------------------------------------------------------------------------------

    def now(self, state: S) -> Owed[S] | None:
        """The decision owed: the head of the queue's, else the stage's; ``None`` when the game is over or
        something automatic is due."""
        if self.stage(state) == OVER:
            return None
        queue = self.queue(state)
        if queue:
            head = queue[0]
            row = self.queued[type(head)]
            if not isinstance(row, Step):
                return None
            if row.draw is not None:
                return Owed(row, head, (CHANCE,), f"chance.{_tag(head)}", row.words(state, head))
            return Owed(row, head, (head.seat,), _tag(head), row.words(state, head))
        kind = self.decision(state)
        if kind is None:
            return None
        row = self.stages[kind]
        assert row.seats is not None, f"the stage decision {kind} says nobody decides it"
        seats = row.seats(state)
        if not seats:
            return None
        return Owed(row, None, seats, kind, row.words(state, seats[0]))

    # ---- automatic --------------------------------------------------------------------------------------------

    def automatic(self, state: S) -> S | None:
        """One automatic step, or ``None`` when a decision is owed (or the game is over): the queue's head
        settles itself (an ``Auto`` row runs, a ``Step`` row's ``settle``), else the stage moves on."""
        stage = self.stage(state)
        if stage == OVER:
            return None
        queue = self.queue(state)
        if queue:
            head = queue[0]
            row = self.queued[type(head)]
            if isinstance(row, Auto):
                return row.run(state, head)
            return None if row.settle is None else row.settle(state, head)
        step = self.progress.get(stage)
        return None if step is None else step(state)
