"""Every move can be shown to a person, for every registered game: each legal move has a non-empty label
unique within its decision and a path of choices, and walking the paths (a menu per step) reaches exactly
the legal moves; every applied move has a public log line. (That the log hides what it must is part of
``test_views``: a hidden-only change may not change a line a seat is shown.)"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tests.conformance.support import Setup, setup_sample

SETUPS_PER_GAME = 4
MAX_MOVES = 5_000
#: The most options a chat menu may show (a Discord select menu holds 25).
MENU_LIMIT = 25


def walk_problems(labels: list[Any]) -> list[str]:
    """What keeps the paths from leading to exactly these moves in menus a chat client can show: a move
    without a path, two moves with one path, a path that ends where another goes on (the menu could not
    tell them apart), or a menu step with more than ``MENU_LIMIT`` choices."""
    paths = [tuple((t.id, tuple((p.name, p.value) for p in t.params), t.english) for t in lab.path) for lab in labels]
    problems = [f"move {i} has no path" for i, p in enumerate(paths) if not p]
    problems += [f"{count} moves share the path {path}" for path, count in Counter(paths).items() if count > 1]
    whole = set(paths)
    for path in whole:
        problems += [f"the path {path[:k]} ends a move and goes on" for k in range(1, len(path)) if path[:k] in whole]
    menus: dict[tuple[Any, ...], set[Any]] = {}
    for path in whole:
        for k in range(len(path)):
            menus.setdefault(path[:k], set()).add(path[k])
    problems += [
        f"a menu after {prefix} offers {len(options)} choices (at most {MENU_LIMIT})"
        for prefix, options in menus.items()
        if len(options) > MENU_LIMIT
    ]
    return problems


def play_and_check(setup: Setup) -> int:
    """One random game to the end; every decision's labels and paths checked, every move logged. Returns the
    number of decisions checked."""
    engine = setup.engine
    rng = random.Random(setup.bot_seed)
    state = setup.new_game()
    for decisions in range(MAX_MOVES):
        legal = list(engine.legal_moves(state))
        if not legal:
            return decisions
        labels = engine.labels(state, legal)
        assert len(labels) == len(legal)
        texts = [label.label.english for label in labels]
        assert all(texts), engine.pending(state)
        repeated = [t for t, n in Counter(texts).items() if n > 1]
        assert not repeated, f"labels repeated within {engine.pending(state).kind}: {repeated[:3]}"
        assert not walk_problems(labels), walk_problems(labels)[:3]
        move = rng.choice(legal)
        after = engine.apply(state, move)
        entry = engine.log(state, move, after)
        assert entry.seat == move.seat and entry.public_line.english, move
        state = after
    raise AssertionError(f"the game did not end within {MAX_MOVES} moves")


@pytest.mark.parametrize("setup", setup_sample(SETUPS_PER_GAME), ids=lambda s: s.id)
def test_every_move_has_a_label_a_path_and_a_log_line(setup: Setup) -> None:
    assert play_and_check(setup) > 0


def test_the_walk_check_sees_a_path_that_goes_on() -> None:
    from engines.core.text import MoveLabel, Text

    short = MoveLabel(Text("a", (), "A"), (Text("kind", (), "build"),))
    longer = MoveLabel(Text("b", (), "B"), (Text("kind", (), "build"), Text("card", (), "Manor")))
    assert walk_problems([short, longer]) and not walk_problems([longer])
    wide = [MoveLabel(Text(str(i), (), str(i)), (Text("card", (), f"card {i}"),)) for i in range(MENU_LIMIT + 1)]
    assert walk_problems(wide) and not walk_problems(wide[:MENU_LIMIT])
