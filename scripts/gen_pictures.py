"""Draw the pictures of docs/pictures.md: a mid-game state of every game, as seat 0 sees it.

Every registered game (``engines.registry``) is a seeded game (:func:`setups`: players, seed ``SEED``) played
by uniformly random legal moves (the engine's own generator, seeded the same) to ``MIDGAME`` of its length;
the picture is what ``RenderView`` answers for seat 0 there: ``docs/pictures/<game>.svg`` and ``<game>.png``.
The player count is the one the picture's caption on docs/pictures.md names (``![Citadels, 4 players, ...]
(pictures/citadels.png)``); a game the page does not show yet is drawn at 3 players, or the nearest count it
allows. The same code path as the service (``engine.view`` then ``engine.picture``, ``server.pictures.png``),
so the docs show what callers get.

Usage: ``python scripts/gen_pictures.py [--check]`` (``--check``: exit 1 when a committed SVG differs from a
fresh drawing, as after a change to a picture module; the test tests/test_pictures_docs.py runs it).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from engines import registry  # noqa: E402
from engines.core.picture import Picture  # noqa: E402
from engines.core.playout import random_playout  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from server.pictures import png  # noqa: E402

OUT = ROOT / "docs" / "pictures"
PAGE = ROOT / "docs" / "pictures.md"
#: The seed of every game pictured.
SEED = 7
#: The players of a game the page shows no picture of yet (within the game's range).
PLAYERS = 3
#: A picture on the page, its caption naming the players: ``![Citadels, 4 players, ...](pictures/citadels.png)``.
CAPTION = re.compile(r"!\[[^\]]*?\b(\d+) players?\b[^\]]*\]\(pictures/(\w+)\.png\)")
#: How far into the game the picture is taken (a share of the whole game's moves).
MIDGAME = 0.5
#: The seat whose view is drawn (its own hidden items shown, the others' face down).
SEAT = 0


def setups() -> dict[str, tuple[int, int]]:
    """Each registered game's setup for its picture, in the registry's order: players and seed."""
    captioned = {game: int(players) for players, game in CAPTION.findall(PAGE.read_text())}
    found: dict[str, tuple[int, int]] = {}
    for game, engine in registry.engines().items():
        players = captioned.get(game, min(max(PLAYERS, engine.info.min_players), engine.info.max_players))
        found[game] = (players, SEED)
    return found


def midgame(game: str) -> Any:
    """The state ``MIDGAME`` of the way through the seeded random game of ``game``."""
    engine = registry.get(game)
    players, seed = setups()[game]
    first = engine.new_game(engine.make_options(players, {}), seed)
    _, moves = random_playout(engine, first, Rng.seeded(seed))
    state = first
    for move in moves[: int(len(moves) * MIDGAME)]:
        state = engine.apply(state, move)
    return state


def draw(game: str) -> Picture:
    """Seat ``SEAT``'s picture of the mid-game state of ``game``."""
    engine = registry.get(game)
    return engine.picture(engine.view(midgame(game), SEAT), SEAT)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail when a committed SVG is stale")
    args = parser.parse_args(argv)
    stale: list[str] = []
    for game in setups():
        picture = draw(game)
        svg_path, png_path = OUT / f"{game}.svg", OUT / f"{game}.png"
        if args.check:
            if not svg_path.exists() or svg_path.read_text() != picture.svg or not png_path.exists():
                stale.append(game)
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        svg_path.write_text(picture.svg)
        image, width, height = png(picture)
        png_path.write_bytes(image)
        print(f"{game}: {width}x{height}, {len(picture.svg) // 1024} KiB SVG, {len(image) // 1024} KiB PNG")
    if stale:
        print(f"stale pictures: {', '.join(stale)}; run python scripts/gen_pictures.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
