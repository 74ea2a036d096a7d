"""Citadels words, sampled: the largest decision met in random games (its menus, step by step) and the
public log of one whole random game, as pasted into docs/citadels.md ("Labels, menus and the log").

Usage: ``.venv/bin/python scripts/citadels_words_sample.py [games-per-setup] [log-seed] [log-preset]``.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from typing import Any

from engines.citadels import ENGINE
from engines.citadels.content import CONTENT
from engines.core.rng import Rng


def options_for(players: int, preset: str) -> Any:
    """The preset's cast (the King for a 2-player Emperor), its rank-9 character where it may play."""
    p = CONTENT.preset[preset]
    cast = list(p.characters)
    if players == 2 and "emperor" in cast:
        cast[3] = "king"
    rank9 = p.rank9 or "artist"
    if players < 5 and rank9 == "queen":
        rank9 = "tax_collector"
    overrides = {"cast": ",".join(cast), "uniques": ",".join(p.uniques), "rank9": "none" if players == 2 else rank9}
    return ENGINE.make_options(players, overrides)


def largest_decision(games: int, kinds: int = 1) -> tuple[int, Any, str]:
    """The state with the most legal moves over ``games`` random games per (players, preset), among the
    decisions offering at least ``kinds`` kinds of action (a turn with builds and abilities: 4 or more)."""
    best: tuple[int, Any, str] = (0, None, "")
    for players in range(2, 9):
        for preset in CONTENT.preset:
            for seed in range(games):
                state = ENGINE.new_game(options_for(players, preset), seed)
                rng = Rng.seeded(seed)
                while ENGINE.pending(state).seats:
                    legal = ENGINE.legal_moves(state)
                    if len(legal) > best[0] and len({type(m.action) for m in legal}) >= kinds:
                        best = (len(legal), state, f"{players} players, {preset}, seed {seed}")
                    index, rng = rng.below(len(legal))
                    state = ENGINE.apply(state, legal[index])
    return best


def walk(state: Any) -> None:
    """Each menu along the path of the decision's most common first choice, with its number of choices."""
    labels = ENGINE.labels(state, ENGINE.legal_moves(state))
    paths = [[t.english for t in lab.path] for lab in labels]
    prefix: list[str] = []
    while True:
        choices: dict[str, int] = defaultdict(int)
        for path in paths:
            if path[: len(prefix)] == prefix and len(path) > len(prefix):
                choices[path[len(prefix)]] += 1
        if not choices:
            break
        pick = max(choices, key=lambda c: choices[c])
        shown = ", ".join(f"{c} ({n})" for c, n in sorted(choices.items(), key=lambda cn: -cn[1])[:8])
        print(f"step {len(prefix) + 1}: {len(choices)} choices: {shown}{', ...' if len(choices) > 8 else ''}")
        prefix.append(pick)
    print("label:", next(lab.label.english for lab, p in zip(labels, paths, strict=True) if p == prefix))


def public_log(seed: int, preset: str) -> list[str]:
    """The public lines of one random 4-player game of ``preset``, with external chance."""
    state = ENGINE.new_game(options_for(4, preset), None)
    rng = Rng.seeded(seed)
    lines = []
    while ENGINE.pending(state).seats:
        legal = ENGINE.legal_moves(state)
        index, rng = rng.below(len(legal))
        after = ENGINE.apply(state, legal[index])
        lines.append(ENGINE.log(state, legal[index], after).public_line.english)
        state = after
    return lines


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    preset = sys.argv[3] if len(sys.argv) > 3 else "first_game"
    for kinds in (1, 5):
        size, state, where = largest_decision(games, kinds)
        print(f"largest decision with {kinds}+ kinds: {size} legal moves ({where}), {ENGINE.pending(state).prompt}")
        walk(state)
        print()
    for line in public_log(seed, preset):
        print(line)


if __name__ == "__main__":
    main()
