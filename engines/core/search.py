"""A searching player for every game: information-set Monte Carlo tree search over redealt states.

The search is written once, on the engine seam, and knows no game. It plays for one seat and starts from
that seat's view only (``suggest`` makes the view and hands nothing else on), so it cannot peek: every
iteration deals a whole state the seat cannot tell from the real one (``Engine.redeal``), walks a tree of
the decisions made so far in the search, plays the rest of the game out at random and credits every seat
with its share of the win.

This is single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012):

* one tree, whose nodes are decisions (a seat's move) reached from the root's information set, shared by all
  the deals; a node's statistics are kept for the seat that made its move, so every seat plays for itself;
* a move that only some deals allow (an opponent plays a card it may not hold) is chosen by UCB1 over the
  deals in which it was available (``available``), not over all of them;
* chance is sampled inside ``Engine.advance`` by the deal's own generator, so one deal's dice are not the
  next one's;
* at a decision several seats make at once, the tree lets the root's seat choose first and the others in
  seat order. Inside a simulated deal a later seat could react to an earlier seat's secret choice, which
  can only make opponents look stronger than they are, never the searching seat;
* rewards come from the final score sheet: a winner's share is 1 divided among the tied winners. A game may
  cut playouts short (``Knobs.horizon``) and score the unfinished game by its provisional scores instead.

The search is a pure function of the view, the budget and the seed, except when it is given a clock
(``clock``, the caller's: an engine reads none): with a playout budget and no clock, the same request
gives the same answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from engines.core.rng import Rng
from engines.core.scoring import ScoreSheet

#: UCB1's exploration constant (rewards are in 0..1).
EXPLORATION = 0.7
#: The most iterations a search makes, whatever its budget says: a bound on the work one request can ask for.
MAX_PLAYOUTS = 100_000
#: The most moves one simulated deal may take before it is scored as it stands (a rule bug, never a real game).
MAX_PLAYOUT_MOVES = 20_000


class Knobs(msgspec.Struct, frozen=True, gc=False):
    """What one game may tune, where measurements show it pays.

    ``horizon``: a playout stops after this many moves and the game is scored by its provisional scores
    (``None``: every playout plays to the end). ``spread``: how many points of lead count as a sure win when an
    unfinished game is scored (the reward is a logistic curve in the lead over the best other seat).
    ``by_kind``: a playout picks a kind of action first (uniformly among the kinds legal now), then one move of
    that kind, so a kind with hundreds of moves (a single wall piece on every free street) is not played
    hundreds of times more often than one with a few."""

    horizon: int | None = None
    spread: float = 10.0
    by_kind: bool = False


#: No tuning: every playout plays to the end.
PLAIN = Knobs()


class Candidate(msgspec.Struct, frozen=True, gc=False):
    """A move the search tried at the root: how often (``visits``) and how well it did for the seat
    (``value``: its mean reward, 0..1, about the seat's chance of winning after it)."""

    move: Any
    visits: int
    value: float


class Suggestion(msgspec.Struct, frozen=True, gc=False):
    """The search's answer: the move to play, the leading candidates (most visited first), how many playouts
    it made and why it stopped (``budget``: its playouts; ``time``: its clock; ``forced``: one legal move)."""

    move: Any
    candidates: tuple[Candidate, ...]
    playouts: int
    stopped: str


class NotToDecide(ValueError):
    """The seat the search plays for has no decision to make in the state."""


@dataclass(slots=True)
class _Arm:
    """One seat's statistics for one move at one decision: the iterations that chose it, the deals in which
    it was available, and the seat's summed reward after it."""

    visits: int = 0
    available: int = 0
    reward: float = 0.0


@dataclass(slots=True)
class _Node:
    """A decision in the tree: for each seat deciding here, its arms by move; the decisions that follow, by
    the moves made here (one per deciding seat)."""

    arms: dict[int, dict[Any, _Arm]] = field(default_factory=dict)
    children: dict[tuple[Any, ...], _Node] = field(default_factory=dict)


def suggest(
    engine: Any,
    state: Any,
    seat: int,
    playouts: int,
    seed: int,
    clock: Callable[[], float] | None = None,
    seconds: float | None = None,
    knobs: Knobs | None = None,
) -> Suggestion:
    """The search's move for ``seat`` in ``state``, made from ``seat``'s view alone (see ``search``)."""
    return search(engine, engine.view(state, seat), seat, playouts, seed, clock, seconds, knobs)


def search(
    engine: Any,
    view: Any,
    seat: int,
    playouts: int,
    seed: int,
    clock: Callable[[], float] | None = None,
    seconds: float | None = None,
    knobs: Knobs | None = None,
) -> Suggestion:
    """Search from ``view`` (``seat``'s view of the game) for at most ``playouts`` iterations and, given a
    ``clock`` (seconds, any origin), at most ``seconds`` by it; at least one iteration is made.

    ``knobs``: the game's own (``Engine.knobs``) unless given. ``NotToDecide`` when the seat has no decision in
    the state the view shows."""
    tuning: Knobs = engine.knobs if knobs is None else knobs
    rng = Rng.seeded(seed)
    deal, rng = _deal(engine, view, seat, rng)
    mine = [m for m in engine.legal_moves(deal) if m.seat == seat]
    if not mine:
        raise NotToDecide(f"seat {seat} has no decision to make now")
    if len(mine) == 1:
        return Suggestion(mine[0], (Candidate(mine[0], 0, 0.0),), 0, "forced")
    root = _Node()
    ends = None if clock is None or seconds is None else clock() + seconds
    budget = max(1, min(playouts, MAX_PLAYOUTS))
    done = 0
    stopped = "budget"
    while done < budget:
        if done:
            deal, rng = _deal(engine, view, seat, rng)
        rng = _iterate(engine, root, deal, rng, tuning)
        done += 1
        if ends is not None and clock is not None and clock() >= ends:
            stopped = "time"
            break
    return _answer(root.arms.get(seat, {}), done, stopped)


def _deal(engine: Any, view: Any, seat: int, rng: Rng) -> tuple[Any, Rng]:
    """A whole state dealt from the view, and the advanced generator (the redeal gets a generator of its own)."""
    high, rng = rng.next_u32()
    low, rng = rng.next_u32()
    return engine.redeal(view, seat, Rng.seeded((high << 32) | low)), rng


def _deciding(legal: Sequence[Any]) -> dict[int, list[Any]]:
    """The legal moves by deciding seat, in seat order."""
    out: dict[int, list[Any]] = {}
    for move in legal:
        out.setdefault(move.seat, []).append(move)
    return dict(sorted(out.items()))


def _iterate(engine: Any, root: _Node, state: Any, rng: Rng, knobs: Knobs) -> Rng:
    """One iteration on one deal: select down the tree, add one node, play out, credit every arm chosen.

    Every seat deciding at a node chooses from its own arms there (decoupled UCB), so at a decision several
    seats make at once nobody's choice depends on another's; the moves are then made in seat order."""
    chosen: list[tuple[int, _Arm]] = []
    node = root
    while True:
        legal = engine.legal_moves(state)
        if not legal:
            break
        joint: list[Any] = []
        expanded = False
        for seat, moves in _deciding(legal).items():
            arms = node.arms.setdefault(seat, {})
            move, arm, new, rng = _choose(arms, moves, rng)
            expanded = expanded or new
            joint.append(move)
            chosen.append((seat, arm))
        state = _make(engine, state, joint)
        key = tuple(joint)
        child = node.children.get(key)
        if child is None:
            node.children[key] = child = _Node()
            expanded = True
        node = child
        if expanded:
            break
    rewards, rng = _playout(engine, state, rng, knobs)
    for seat, arm in chosen:
        arm.visits += 1
        arm.reward += rewards.get(seat, 0.0)
    return rng


def _choose(arms: dict[Any, _Arm], moves: Sequence[Any], rng: Rng) -> tuple[Any, _Arm, bool, Rng]:
    """One seat's move at a node: a move never tried here if there is one (at random), else the best by UCB1
    over the deals in which each was available. Also whether the arm is new."""
    untried = []
    for move in moves:
        arm = arms.get(move)
        if arm is None:
            untried.append(move)
        else:
            arm.available += 1
    if untried:
        index, rng = rng.below(len(untried))
        arm = arms[untried[index]] = _Arm(available=1)
        return untried[index], arm, True, rng
    best, best_arm, best_score = moves[0], arms[moves[0]], -math.inf
    for move in moves:
        arm = arms[move]
        score = arm.reward / arm.visits + EXPLORATION * math.sqrt(math.log(arm.available) / arm.visits)
        if score > best_score:
            best, best_arm, best_score = move, arm, score
    return best, best_arm, False, rng


def _make(engine: Any, state: Any, joint: Sequence[Any]) -> Any:
    """The moves chosen at one node, in seat order. A later seat's move was chosen in the state before the
    earlier ones; if one of them made it illegal it is not made (its seat decides again at the next node)."""
    state = engine.advance(state, joint[0])
    for move in joint[1:]:
        if engine.validate(state, move):
            break
        state = engine.advance(state, move)
    return state


def _playout(engine: Any, state: Any, rng: Rng, knobs: Knobs) -> tuple[dict[int, float], Rng]:
    """Random moves from ``state`` to the end (or the game's horizon), and each seat's reward."""
    limit = MAX_PLAYOUT_MOVES if knobs.horizon is None else knobs.horizon
    for _ in range(limit):
        legal = engine.legal_moves(state)
        if not legal:
            return won(engine.score(state)), rng
        if knobs.by_kind:
            legal, rng = _one_kind(legal, rng)
        index, rng = rng.below(len(legal))
        state = engine.advance(state, legal[index])
    sheet = engine.score(state)
    return (won(sheet) if sheet.final else leading(sheet, knobs.spread)), rng


def _one_kind(legal: Sequence[Any], rng: Rng) -> tuple[list[Any], Rng]:
    """The legal moves of one kind of action, the kind chosen uniformly among those legal now."""
    kinds: dict[type, list[Any]] = {}
    for move in legal:
        kinds.setdefault(type(move.action), []).append(move)
    index, rng = rng.below(len(kinds))
    return list(kinds.values())[index], rng


def won(sheet: ScoreSheet) -> dict[int, float]:
    """Each seat's reward for a finished game: the winners share 1 (a draw splits it), the others get 0."""
    winners = sheet.winners or sheet.leaders
    return {s.seat: (1.0 / len(winners) if s.seat in winners else 0.0) for s in sheet.seats}


def leading(sheet: ScoreSheet, spread: float) -> dict[int, float]:
    """Each seat's reward for an unfinished game: a logistic curve in its lead over the best other seat,
    ``spread`` points of lead counting as nearly sure (0.5 for a tie)."""
    totals = {s.seat: s.total for s in sheet.seats}
    out = {}
    for seat, total in totals.items():
        others = [t for s, t in totals.items() if s != seat]
        lead = total - max(others) if others else 0
        out[seat] = 1.0 / (1.0 + math.exp(-4.0 * lead / spread))
    return out


def _answer(arms: dict[Any, _Arm], playouts: int, stopped: str) -> Suggestion:
    """The most visited move (ties: the better value, then the order tried), with every candidate."""
    ranked = sorted(arms.items(), key=lambda item: (-item[1].visits, -(item[1].reward / max(1, item[1].visits))))
    candidates = tuple(
        Candidate(move, arm.visits, round(arm.reward / arm.visits, 4) if arm.visits else 0.0) for move, arm in ranked
    )
    return Suggestion(candidates[0].move, candidates, playouts, stopped)
