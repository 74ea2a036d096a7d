"""Setup (§3): options, the random first player, assembling the identical play areas."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.core.engine import convert_options
from engines.core.errors import StateInvalid, Violation, violation
from engines.core.rng import Rng
from engines.core.text import LIST_COMMA, Message, listing
from engines.walls_of_york import moves as mv
from engines.walls_of_york.content import (
    CONTENT,
    GEM_NAMES,
    GEMS,
    QUADRANT_NAMES,
    QUADRANTS,
    SIDES,
    LayoutEntry,
)
from engines.walls_of_york.state import Options, Player, State

OPTION_DOCS: dict[str, Message] = {
    "board": Message(
        "walls_of_york.option.board",
        (
            "A ready-made play area by name (e.g. ts1): the terrain boards lie as that layout says and the setup "
            "steps are skipped."
        ),
    ),
    "perfect_planning": Message(
        "walls_of_york.option.perfect_planning",
        ("Perfect planning: a player who closes a city without removing a single wall piece gains 2 coins."),
    ),
    "longest_wall": Message(
        "walls_of_york.option.longest_wall",
        ("Each Age, the player with the longest straight wall gains 3 coins; tied players all gain them."),
    ),
    "strict_supply": Message(
        "walls_of_york.option.strict_supply",
        (
            "The 150 wall pieces are a real limit: a player short of pieces must lift walls of their own to reuse"
            " them (by default the supply never runs out and is only counted)."
        ),
    ),
    "king_dice": Message(
        "walls_of_york.option.king_dice",
        (
            "Which dice roll the King's Decree: the custom king dice of the review (the default) or three "
            "ordinary six-sided dice."
        ),
    ),
    "negative_scores": Message(
        "walls_of_york.option.negative_scores",
        ("Raid tiles may take a player's total below 0 (when off, each deduction stops at 0)."),
    ),
    "max_turns_per_age": Message(
        "walls_of_york.option.max_turns_per_age",
        ("A safeguard (1 to 1000): an Age still open after this many turns ends the game as aborted."),
    ),
}
"""Each option in players' words (the rules behind them: §7.5.1, §7.5.2 and the rulings §10 A2, A6, A8, A9 in the
docs)."""


MAX_TURNS_PER_AGE = 1000
"""§10 A8: the safeguard itself is bounded (the default is 300), so a game's die income and its ledger are."""

PLAYERS = range(2, 5)
"""§1: 2–4 players (the one place the player counts are stated; ``GameInfo`` and the checks read it)."""


def make_options(players: int, overrides: dict[str, Any]) -> Options:
    """§1, §7.5, §10: options for 2–4 players with named overrides (strings are parsed)."""
    options = convert_options(Options, "Walls of York", players, overrides, PLAYERS)
    validate_options(options)
    return options


def validate_options(o: Options) -> None:
    """§1, §10 A8: 2 to 4 players, a known board preset, and the turn safeguard within its bound."""
    if o.players not in PLAYERS:
        raise StateInvalid(f"Walls of York is for 2 to 4 players, not {o.players}.", "options.players")
    if o.board and o.board not in CONTENT.preset:
        raise StateInvalid(f"Unknown board preset {o.board!r}; known: {', '.join(CONTENT.preset)}.", "options.board")
    if not 1 <= o.max_turns_per_age <= MAX_TURNS_PER_AGE:
        raise StateInvalid(
            f"max_turns_per_age must be 1..{MAX_TURNS_PER_AGE}, not {o.max_turns_per_age}.", "options.max_turns_per_age"
        )


def new_game(options: Options, seed: int | None) -> State:
    """Players start with 0 coins and tiles (§3.2); a preset board skips the setup steps."""
    validate_options(options)
    s = State(
        options=options,
        players=tuple(Player() for _ in range(options.players)),
        rng=None if seed is None else Rng.seeded(seed),
        external_chance=seed is None,
        supply_walls=CONTENT.supply.walls,
    )
    if options.board:
        layout = tuple(CONTENT.preset[options.board].layout)
        return replace(s, layout=layout, first_player=0, roller=options.players - 1, step="decree")
    return s


def setup_seat(s: State) -> int:
    """§3.4: boards are placed clockwise from the first player until 4 quadrants are filled."""
    return (s.first_player + s.setup_count) % len(s.players)


def setup_options(s: State) -> list[mv.SetupTile]:
    """§3.4, §5.7: every unused gem on either side, in each rotation, in every free quadrant."""
    used = {e.gem for e in s.layout}
    taken = {e.quadrant for e in s.layout}
    return [
        mv.SetupTile(gem, side, k, q)  # type: ignore[arg-type]
        for gem in GEMS
        if gem not in used
        for side in SIDES
        for k in range(4)
        for q in QUADRANTS
        if q not in taken
    ]


NO_SUCH_GEM = Message(
    "walls_of_york.refusal.no_such_gem", "There is no terrain board with gem {gem} (the gems are {gems})."
)
GEM_PLACED = Message(
    "walls_of_york.refusal.gem_placed", "The {gem} board is already placed in the {quadrant} quadrant."
)
BAD_SIDE = Message("walls_of_york.refusal.bad_side", "A board side is black or white, not {side}.")
NO_SUCH_QUADRANT = Message("walls_of_york.refusal.no_such_quadrant", "{quadrant} is not a quadrant (TL, TR, BL, BR).")
QUADRANT_TAKEN = Message(
    "walls_of_york.refusal.quadrant_taken", "The {quadrant} quadrant already holds the {gem} board."
)
BAD_ROTATION = Message(
    "walls_of_york.refusal.bad_rotation", "Rotation is 0..3 quarter turns clockwise, not {rotation}."
)


def check_setup(s: State, a: mv.SetupTile) -> list[Violation]:
    """§5.1 preconditions."""
    if a.gem not in GEMS:
        gems = listing([GEM_NAMES[gem] for gem in GEMS], joined=LIST_COMMA)
        return violation("WALLS_OF_YORK_GEM_UNAVAILABLE", NO_SUCH_GEM(gem=repr(a.gem), gems=gems), "action.gem")
    placed = next((e for e in s.layout if e.gem == a.gem), None)
    if placed is not None:
        message = GEM_PLACED(gem=GEM_NAMES[a.gem], quadrant=QUADRANT_NAMES[placed.quadrant])
        return violation("WALLS_OF_YORK_GEM_UNAVAILABLE", message, "action.gem")
    if a.side not in SIDES:
        return violation("WALLS_OF_YORK_BAD_SIDE", BAD_SIDE(side=repr(a.side)), "action.side")
    if a.quadrant not in QUADRANTS:
        return violation("WALLS_OF_YORK_QUADRANT_TAKEN", NO_SUCH_QUADRANT(quadrant=repr(a.quadrant)), "action")
    holder = next((e for e in s.layout if e.quadrant == a.quadrant), None)
    if holder is not None:
        message = QUADRANT_TAKEN(quadrant=QUADRANT_NAMES[a.quadrant], gem=GEM_NAMES[holder.gem])
        return violation("WALLS_OF_YORK_QUADRANT_TAKEN", message, "action.quadrant")
    if not 0 <= a.rotation <= 3:
        message = BAD_ROTATION(rotation=a.rotation)
        return violation("WALLS_OF_YORK_BAD_ROTATION", message, "action.rotation")
    return []


def apply_setup(s: State, a: mv.SetupTile) -> State:
    """§3.4, §5.1: every player's board of that gem goes in the quadrant; after the fourth, the decree."""
    layout = (*s.layout, LayoutEntry(a.quadrant, a.gem, a.side, a.rotation))
    s = replace(s, layout=layout, setup_count=s.setup_count + 1)
    if len(layout) == 4:
        return replace(s, step="decree", roller=(s.first_player - 1) % len(s.players))
    return s
