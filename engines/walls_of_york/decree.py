"""The King's Decree (§4.2) and the building-die roll (§4.3): the game's chance events."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from msgspec.structs import replace

from engines.core.table import Draw
from engines.core.text import Message, Text
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import CODE_OF, fields
from engines.walls_of_york.content import BUILDINGS, CONTENT
from engines.walls_of_york.state import Ledger, State


@lru_cache(maxsize=4)
def possible_decrees(dice_variant: str) -> tuple[tuple[int, int, int], ...]:
    """Every (church, well, market) some assignment of the dice to the shafts can show."""
    dice = CONTENT.king_dice[dice_variant].dice
    out = {
        (a, b, c)
        for order in permutations(range(3))
        for a in dice[order[0]]
        for b in dice[order[1]]
        for c in dice[order[2]]
    }
    return tuple(sorted(out))


#: The ways of handing the three king dice to the three tower shafts (§4.2 engine model).
SHAFT_ORDERS = tuple(permutations(range(3)))


def decree_draw(dice_variant: str) -> Draw:
    """§4.2 engine model, the physical process as data: a random die per shaft (one of the ``SHAFT_ORDERS``),
    then each die rolled."""
    dice = CONTENT.king_dice[dice_variant].dice
    faces = range(len(dice[0]))

    def shown(order: int, *rolled: int) -> mv.ChanceDecree:
        perm = SHAFT_ORDERS[order]
        values = [dice[perm[shaft]][face] for shaft, face in enumerate(rolled)]
        by_type = dict(zip(CONTENT.tower_shafts, values, strict=True))
        return mv.ChanceDecree(by_type["CHURCH"], by_type["WELL"], by_type["MARKET"])

    return Draw((range(len(SHAFT_ORDERS)), faces, faces, faces), shown)


def decree_satisfiable(s: State, decree: tuple[int, ...]) -> bool:
    """§4.2 step 7: the whole board holds at least the decreed buildings of each type."""
    board = fields(s.layout)
    return all(board.count(CODE_OF[b]) >= need for b, need in zip(BUILDINGS, decree, strict=True))


def unsatisfiable(decree: tuple[int, ...]) -> str:
    """Why a game ended at a decree the board cannot meet (§4.2, §9.4 V5)."""
    return f"DecreeUnsatisfiable: the board cannot meet {tuple(decree)}"


def too_long(age: int, max_turns: int) -> str:
    """Why a game ended at an Age that passed ``max_turns_per_age`` turns (§9.4)."""
    return f"GameAborted: Age {age} passed {max_turns} turns"


DECREE_UNSATISFIABLE = Message("walls_of_york.over.decree_unsatisfiable", "DecreeUnsatisfiable: {reason}")
BOARD_CANNOT_MEET = Message("walls_of_york.over.board_cannot_meet", "the board cannot meet {decree}")
GAME_ABORTED = Message("walls_of_york.over.game_aborted", "GameAborted: {reason}")
AGE_TOO_LONG = Message("walls_of_york.over.age_too_long", "Age {age} passed {turns} turns")


def abort_reason(s: State) -> Text | None:
    """Why a finished game in ``s`` ended early, in words without the leading kind (``None``: it did not)."""
    if not s.aborted:
        return None
    if s.aborted == unsatisfiable(s.decree):
        return BOARD_CANNOT_MEET(decree=str(tuple(s.decree)))
    if s.aborted == too_long(s.age, s.options.max_turns_per_age):
        return AGE_TOO_LONG(age=s.age, turns=s.options.max_turns_per_age)
    return None


def abort_words(s: State) -> Text | None:
    """Why a finished game in ``s`` ended early (``State.aborted`` as a text), ``None`` when it did not."""
    reason = abort_reason(s)
    if reason is None:
        return None
    return (DECREE_UNSATISFIABLE if s.aborted == unsatisfiable(s.decree) else GAME_ABORTED)(reason=reason)


def abort_reasons(s: State) -> tuple[str, ...]:
    """The reasons a finished game in ``s`` can give for ending early (``State.aborted``): the engine writes
    nothing else."""
    return (unsatisfiable(s.decree), too_long(s.age, s.options.max_turns_per_age))


def apply_decree(s: State, a: mv.ChanceDecree) -> State:
    """Set the decree for the Age; an unsatisfiable decree aborts the game (§4.2, §9.4 V5)."""
    decree = (a.church, a.well, a.market)
    if not decree_satisfiable(s, decree):
        return replace(s, decree=decree, step="over", aborted=unsatisfiable(decree))
    return replace(s, decree=decree, step="roll", turn=0)


def apply_roll(s: State, a: mv.ChanceFace) -> State:
    """A turn starts: closed players collect the face's coins (§4.3 a), open players build."""
    face = CONTENT.building_die[a.face - 1]
    n = len(s.players)
    players = tuple(
        p
        if p.open
        else replace(
            p,
            coins=p.coins + face.coins,
            ledger=(*p.ledger, Ledger(f"die_income_age{s.age}", face.coins, f"Age {s.age}: die income while closed")),
        )
        for p in s.players
    )
    turn = s.turn + 1
    if turn > s.options.max_turns_per_age:
        return replace(s, step="over", aborted=too_long(s.age, s.options.max_turns_per_age))
    players = tuple(replace(p, submitted=None, passed=False) for p in players)
    roller = (s.roller + 1) % n
    start = roller if turn == 1 else s.age_start_roller
    return replace(s, players=players, turn=turn, roller=roller, age_start_roller=start, face=a.face, step="place")
