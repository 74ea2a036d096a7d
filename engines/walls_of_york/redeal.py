"""A whole state dealt from one seat's view (``engines.core.game.Game.redeal``), for the searching bots.

The only hidden information (§8) is the other seats' simultaneous commitments (§4.4): a placement committed
and not yet revealed (``Player.submitted``, shown as ``hidden``) and the rooms of a city being declared in the
closing step (``Player.selection``, shown empty). Everything else (walls, cities, coins, the decree, the
layout, the supply, who has committed, who has decided, who passed, who owes lifts) is public and kept.
Each hidden commitment is made up again as a choice legal for its seat, drawn at random with the given
generator: what the seat really chose is never looked at (the view does not hold it).
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from engines.core.redeal import fresh_generator
from engines.core.rng import Rng
from engines.walls_of_york import building, closing
from engines.walls_of_york import geometry as geo
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import EDGE_NAMES, field_mask, field_names, rooms, wall_mask
from engines.walls_of_york.content import CONTENT
from engines.walls_of_york.state import NO_SEAT, Player, State, Submission

#: A closing choice still being made: the seat stops here, undecided, with the rooms chosen so far.
_UNDECIDED = None
#: How often a random walk through the closing choices may restart before it settles for the first room chosen.
_WALKS = 16


def _with(s: State, seat: int, player: Player) -> State:
    """``s`` with ``seat``'s player replaced."""
    return replace(s, players=tuple(player if k == seat else p for k, p in enumerate(s.players)))


def _pick(items: Sequence[object], rng: Rng) -> tuple[int, Rng]:
    """A uniformly random index into ``items``."""
    return rng.below(len(items))


def placement(s: State, seat: int, rng: Rng) -> tuple[Submission, Rng]:
    """§4.4, §5.2–§5.4: a placement committed in secret in the placement step, drawn uniformly from the seat's
    legal placements now (every fit of the rolled formation, every single piece on a free street, else the
    pass): a committed placement was legal on the seat's board, which nothing has changed since (§8)."""
    options = building.placement_options(s, seat)
    index, rng = _pick(options, rng)
    return building.submission(options[index]), rng


def _lift_choices(s: State, seat: int) -> list[tuple[Submission, int]]:
    """§10 A6: the placements ``seat`` may be waiting with in the lift step, each with the pieces it holds in
    hand (taken from the supply or lifted, not yet put down), given the lifts it still owes (public):

    * owing none: the fallback single piece whose street is still to choose (holding its one piece);
    * owing one: that fallback single (its piece still to lift), or a single piece on a free street;
    * owing some: a fit of the rolled formation of at least as many pieces (a formation the supply fell short of).
    """
    p = s.players[seat]
    walls = wall_mask(p)
    free = [EDGE_NAMES[i] for i in range(geo.EDGES) if not walls >> i & 1]
    choosing = Submission("single")
    if p.lift == 0:
        return [(choosing, 1)] if free else []
    out: list[tuple[Submission, int]] = []
    if p.lift == 1:
        out += [(choosing, 0)] if free else []
        out += [(Submission("single", edge=edge), 0) for edge in free]
    if p.lift <= len(p.walls):
        for option in building.placement_options(s, seat):
            if isinstance(option, mv.PlaceFormation):
                sub = building.submission(option)
                need = building.pieces(s, sub)
                if need >= p.lift:
                    out.append((sub, need - p.lift))
    return out


def _held_known(s: State, hidden: Sequence[int]) -> int:
    """Pieces in hand in the lift step of the seats whose placement the view shows (the viewer's)."""
    held = 0
    for k, p in enumerate(s.players):
        sub = p.submitted
        if k in hidden or sub is None:
            continue
        need = 1 if sub.kind == "single" and not sub.edge else building.pieces(s, sub)
        held += need - p.lift
    return held


def lifting(s: State, hidden: Sequence[int], rng: Rng) -> tuple[dict[int, Submission], Rng]:
    """§10 A6, §4.4: the placements the seats ``hidden`` wait with in the lift step (strict supply), each legal
    for its seat and owing the lifts the view shows; together they hold in hand exactly the wall pieces the
    view does not account for (the supply, the boards and the shown hands make up the 150, §2). Each seat's is
    drawn uniformly from those that leave the others a way to make up the rest; which seat took how many pieces
    from the supply in the clockwise hand-out is not inferred further (the view does not show the order)."""
    missing = CONTENT.supply.walls - s.supply_walls - sum(len(p.walls) for p in s.players) - _held_known(s, hidden)
    choices = [_lift_choices(s, k) for k in hidden]
    # reach[i]: the sums of pieces in hand the seats hidden[i:] can make up together.
    reach: list[set[int]] = [set() for _ in range(len(hidden) + 1)]
    reach[-1] = {0}
    for i in range(len(hidden) - 1, -1, -1):
        reach[i] = {held + rest for _, held in choices[i] for rest in reach[i + 1]}
    out: dict[int, Submission] = {}
    for i, k in enumerate(hidden):
        fits = [sub for sub, held in choices[i] if missing - held in reach[i + 1]] or [sub for sub, _ in choices[i]]
        if not fits:  # no legal placement at all (not a state the rules reach): nothing to make up
            continue
        index, rng = _pick(fits, rng)
        out[k] = fits[index]
        missing -= next(held for sub, held in choices[i] if sub == fits[index])
    return out, rng


def _walk(s: State, seat: int, decided: bool, rng: Rng) -> tuple[tuple[str, ...] | None, Rng]:
    """One random walk through ``seat``'s closing choices (§5.5), each step uniform among the legal ones: a
    decided seat ends on Continue (no city: ``()``) or on Seal (the rooms chosen); an undecided seat may stop
    after any room (or before the first). ``None`` when the walk runs into no choice at all."""
    p = replace(s.players[seat], selection=(), decided=False)
    while True:
        options: list[mv.Continue | mv.CloseRoom | mv.Seal | None] = list(
            closing.closing_options(_with(s, seat, p), seat)
        )
        if not decided:
            options = [_UNDECIDED, *(o for o in options if isinstance(o, mv.CloseRoom))]
        if not options:
            return None, rng
        index, rng = _pick(options, rng)
        choice = options[index]
        if choice is _UNDECIDED:
            return p.selection, rng
        if isinstance(choice, mv.Continue):
            return (), rng
        if isinstance(choice, mv.Seal):
            return p.selection, rng
        assert isinstance(choice, mv.CloseRoom)
        room = next(r for r in rooms(wall_mask(p)) if r >> (choice.c + 8 * choice.r) & 1)
        p = replace(p, selection=field_names(field_mask(p.selection) | room))


def selection(s: State, seat: int, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """§4.4, §5.5, §6.4, rule F: the rooms of the city ``seat`` is declaring in the closing step, hidden until
    every open player has decided, made up by a random walk through its legal closing choices from an empty
    city: a seat that has decided (public) chose Continue (when rule F allows it) or sealed a valid city that
    meets the decree; one still deciding has chosen some rooms joined to rooms that meet the decree, or none."""
    decided = s.players[seat].decided
    for _ in range(_WALKS):
        chosen, rng = _walk(s, seat, decided, rng)
        if chosen is not None:
            return chosen, rng
    return (), rng


def redeal(view: State, seat: int, rng: Rng) -> State:
    """A whole seeded state ``seat`` cannot tell from the real one (§8): every other seat's committed placement
    (§4.4, §5.2–§5.4; in the lift step, §10 A6, consistent with the lifts owed and the pieces in hand) and the
    rooms of the city it is declaring (§5.5) made up as legal choices of that seat; the chance in a fresh
    generator drawn from ``rng``."""
    s = replace(view, external_chance=False, rng=None, redacted=False, viewer=NO_SEAT)
    others = [k for k, p in enumerate(s.players) if k != seat and p.submitted is not None]
    if s.step == "lift":
        made, rng = lifting(s, others, rng)
    else:
        made = {}
        for k in others:
            made[k], rng = placement(s, k, rng)
    for k, sub in made.items():
        s = _with(s, k, replace(s.players[k], submitted=sub))
    if s.step == "close":
        for k, p in enumerate(s.players):
            if k != seat and p.open:
                chosen, rng = selection(s, k, rng)
                s = _with(s, k, replace(p, selection=chosen))
    generator, rng = fresh_generator(rng)
    return replace(s, rng=generator)
