"""Integrity of a client's Walls of York state (DESIGN: nothing a client sends may crash the engine).

``check_state`` refuses, with ``StateInvalid`` naming the field and the numbers, every state the rules cannot
reach in a way the engine relies on, and bounds everything a client could inflate:

* every collection by what the components allow: the layout by the quadrants, walls by the streets, cities
  and selections by the fields (each named once), the decree by the three tower shafts, each ledger by what a
  game's scoring, die income and bonuses can write into it (measured first, before anything walks them);
* every number by what a game can produce: coins are the sum of the ledger, each line worth what its kind
  can be worth (city coins at most the coins on the board, die income a face's coins, the bonuses theirs);
  viking and raid tiles by the Ages scored; the turn by ``max_turns_per_age``; wall pieces are conserved
  (supply + walls on the boards + pieces in hand = the supply's 150);
* every id by the content: gems, quadrants, streets, fields, building-die faces, decrees the king dice show.

Each rule is an invariant every legal move keeps, so an accepted state only ever leads to accepted states
(``tests/engines/walls_of_york/test_integrity.py`` plays random games, changes one field and checks that).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from engines.core.integrity import at_most, fail, require
from engines.walls_of_york import building, closing, decree, scoring, setup
from engines.walls_of_york import geometry as geo
from engines.walls_of_york import moves as mv
from engines.walls_of_york.board import EDGE_INDEX, FIELD_INDEX, counts, field_mask, meets, rooms, wall_mask
from engines.walls_of_york.content import BUILDINGS, CONTENT, GEMS, QUADRANTS
from engines.walls_of_york.state import NO_SEAT, Player, State, Submission

AGES = (1, 2)
"""§4: the game has two Ages."""
ROTATIONS = 4
"""§3.4: a terrain board turns 0..3 quarter turns."""
BEFORE_PLAY = ("first_player", "setup")
BUILDING = ("place", "lift", "close")
"""The steps of a building turn, after the roll (§4.3)."""
AGE_END_LINES = ("city_coins", "longest_wall")
"""Ledger lines written once per player when an Age is scored (§7.1, §7.5.2)."""


def check_state(s: State) -> None:
    """§11: structural consistency of a client's state: sizes first, then the layout, the step and its
    counters, each player's board and holdings, the wall pieces and the ledgers."""
    require(not s.redacted, "A view (ViewState) cannot be played; send the full state.", "redacted")
    require(s.viewer == NO_SEAT, f"Only a view names a viewer (here {s.viewer}); send the full state.", "viewer")
    setup.validate_options(s.options)
    n = s.options.players
    require(len(s.players) == n, f"{len(s.players)} players in a {n}-player game.", "players")
    _check_sizes(s)
    _check_layout(s)
    _check_progress(s)
    on_board = counts(s.layout, geo.ALL_FIELDS)
    for i, p in enumerate(s.players):
        _check_player(s, i, p, on_board["VIKINGS"])
    require(sum(1 for p in s.players if p.shield) <= 1, "Only one player holds the King's shield.", "players")
    _check_supply(s)
    for i, p in enumerate(s.players):
        _check_ledger(s, i, p, on_board["COINS"])


# ---- sizes ----------------------------------------------------------------------------------------------------


def ledger_cap(s: State) -> int:
    """The most lines a player's ledger can hold: per Age a die income line per turn, the Age's city coins and
    longest wall and a perfect planning bonus, and once the shield tie (§4.3 a, §7.1, §7.2, §7.5)."""
    return len(AGES) * (s.options.max_turns_per_age + len(AGE_END_LINES) + 1) + 1


def _check_sizes(s: State) -> None:
    """§2, §3: no collection holds more than the quadrants, streets, fields, shafts and scoring can fill."""
    at_most(len(s.layout), len(QUADRANTS), "layout", "terrain boards (one per quadrant)")
    require(len(s.decree) in (0, len(BUILDINGS)), f"A decree names {len(BUILDINGS)} buildings.", "decree")
    cap = ledger_cap(s)
    for i, p in enumerate(s.players):
        at_most(len(p.walls), geo.EDGES, f"players[{i}].walls", "walls (one per street)")
        at_most(len(p.city), geo.FIELDS, f"players[{i}].city", "fields")
        at_most(len(p.selection), geo.FIELDS, f"players[{i}].selection", "fields")
        at_most(len(p.ledger), cap, f"players[{i}].ledger", "lines (all a game's scoring can write)")


# ---- layout and progress --------------------------------------------------------------------------------------


def _check_layout(s: State) -> None:
    """§3.4: each gem's board at most once, each quadrant filled once, a quarter-turn rotation; the boards are
    placed in the setup step (counted by ``setup_count``) unless a preset gives all four at once."""
    gems = [e.gem for e in s.layout]
    quads = [e.quadrant for e in s.layout]
    fine = len(set(gems)) == len(gems) and set(gems) <= set(GEMS) and len(set(quads)) == len(quads)
    require(fine, f"The layout repeats a gem or a quadrant, or names no gem: {gems} in {quads}.", "layout")
    for e in s.layout:
        ok = 0 <= e.rotation < ROTATIONS and e.quadrant in QUADRANTS
        require(ok, f"Board {e.gem} in {e.quadrant!r} turned {e.rotation} quarter turns.", "layout")
    placed = len(s.layout)
    if s.step == "first_player":
        require(not placed, "No terrain board is placed before the first player is drawn.", "layout")
    elif s.step == "setup":
        require(placed < len(QUADRANTS), "Setup is over once every quadrant holds a board.", "layout")
    else:
        require(placed == len(QUADRANTS), f"{placed} terrain boards; play needs {len(QUADRANTS)}.", "layout")
    counted = 0 if s.options.board else placed
    require(s.setup_count == counted, f"setup_count {s.setup_count}, but {counted} boards were placed.", "setup_count")
    require(not (s.options.board and s.step in BEFORE_PLAY), "A preset board skips the setup.", "step")


def ages_scored(s: State) -> int:
    """How many Ages have been scored (§4.7): the ones before the current Age, and Age 2 once the game has
    ended normally."""
    last = s.step == "over" and s.age == AGES[-1] and not s.aborted
    return s.age - 1 + (1 if last else 0)


def _check_progress(s: State) -> None:
    """§3–§5: the first player, the Age, the decree (one the king dice show), the turn (1..``max_turns_per_age``
    while building), the rollers, the rolled face; only a finished game says why it was aborted, and only in the
    engine's words (§9.4: the decree it could not meet, or the Age that ran too long)."""
    n = len(s.players)
    require(-1 <= s.first_player < n, f"The first player {s.first_player} is no seat.", "first_player")
    drawn = s.step != "first_player"
    require((s.first_player >= 0) == drawn, "The first player is drawn in the first step (§3.4).", "first_player")
    require(s.age in AGES, f"The game has Ages {AGES[0]} and {AGES[-1]}, not {s.age}.", "age")
    require(s.age == AGES[0] or s.step not in BEFORE_PLAY, "Setup happens in Age 1.", "age")
    shown = decree.possible_decrees(s.options.king_dice)
    require(not s.decree or tuple(s.decree) in shown, f"The king dice cannot show {list(s.decree)}.", "decree")
    needed = s.step in (*BUILDING, "roll", "over")
    require(bool(s.decree) or not needed, f"Step {s.step} needs the King's Decree.", "decree")
    require(not s.decree or s.step not in BEFORE_PLAY, "The decree is rolled after setup.", "decree")
    most = s.options.max_turns_per_age
    require(0 <= s.turn <= most, f"Turn {s.turn} is outside 0..{most} (max_turns_per_age).", "turn")
    require(s.turn >= 1 or s.step not in BUILDING, f"Step {s.step} belongs to a turn, not turn 0.", "turn")
    require(s.turn == 0 or s.step not in (*BEFORE_PLAY, "decree"), f"Turn {s.turn} before the decree.", "turn")
    for name, seat in (("roller", s.roller), ("age_start_roller", s.age_start_roller)):
        require(-1 <= seat < n, f"The {name} {seat} is no seat.", name)
    faces = len(CONTENT.building_die)
    require(s.face == -1 or 1 <= s.face <= faces, f"Face {s.face} is none of 1..{faces}.", "face")
    require(s.face >= 1 or s.step not in BUILDING, f"Step {s.step} needs a rolled face.", "face")
    require(not s.aborted or s.step == "over", "Only a finished game was aborted.", "aborted")
    reasons = decree.abort_reasons(s)
    require(not s.aborted or s.aborted in reasons, f"A game ends early only saying {' or '.join(reasons)}.", "aborted")
    owing = {"place": building.place_seats, "lift": building.lift_seats, "close": closing.close_seats}.get(s.step)
    waiting = owing is None or bool(owing(s))
    require(waiting, f"Step {s.step} waits for a player; with none it resolves by itself (§4.4).", "step")


# ---- players --------------------------------------------------------------------------------------------------


def _fields(names: tuple[str, ...]) -> bool:
    """Known fields, each once."""
    return all(name in FIELD_INDEX for name in names) and len(set(names)) == len(names)


def _check_player(s: State, i: int, p: Player, vikings_on_board: int) -> None:
    """§5, §6, §7: a player's walls are streets, each once; the city (once closed) and the selection (while
    closing) are fields, each once; a committed placement is the player's own legal one and exists only while
    it waits (placement, or the lift step); viking and raid tiles come only from the Ages scored."""
    field = f"players[{i}]"
    walls_ok = all(name in EDGE_INDEX for name in p.walls) and len(set(p.walls)) == len(p.walls)
    require(walls_ok, f"Seat {i} has an unknown or repeated wall.", f"{field}.walls")
    require(_fields(p.city), f"Seat {i}'s city names fields badly.", f"{field}.city")
    require(_fields(p.selection), f"Seat {i}'s selection names fields badly.", f"{field}.selection")
    require(p.open != bool(p.city), f"Seat {i} is {'open' if p.open else 'closed'} with its city.", f"{field}.city")
    _check_submission(s, i, p)
    closing_now = s.step == "close" and p.open
    require(closing_now or not (p.selection or p.decided), f"Seat {i} closes outside.", f"{field}.selection")
    if p.selection:
        reason = _selection_error(s, p)
        require(reason is None, f"Seat {i}'s selection {list(p.selection)}: {reason}.", f"{field}.selection")
    scored = ages_scored(s)
    vikings = scored * vikings_on_board
    require(0 <= p.viking_tiles <= vikings, f"Seat {i} has {p.viking_tiles} viking tiles, not 0..{vikings}.", field)
    require(0 <= p.raid_tiles <= scored, f"Seat {i} has {p.raid_tiles} raid tiles, not 0..{scored}.", field)
    require(not p.shield or scored == len(AGES), "The King's shield is given at the end.", f"{field}.shield")


def _selection_error(s: State, p: Player) -> str | None:
    """§5.5, §6.4: a city is chosen room by room within rooms joined to a first one that meet the decree (so it
    can always be completed), and a sealed one is a valid city meeting the decree."""
    selected = field_mask(p.selection)
    walls = wall_mask(p)
    touched = [room for room in rooms(walls) if room & selected]
    if sum(touched) != selected:  # the rooms are disjoint
        return "it is not made of whole rooms"
    if not any(selected & ~union == 0 for union in closing.satisfying_components(s, p)):
        return "its rooms are not joined to rooms that meet the decree"
    if p.decided and not (geo.is_valid_city(selected, walls) and meets(s.decree, counts(s.layout, selected))):
        return "it was sealed without being a valid city that meets the decree"
    return None


def _check_submission(s: State, i: int, p: Player) -> None:
    """§4.4, §5.2–§5.4, §10 A6: a committed placement waits in the placement step, or in the lift step while the
    player owes lifts or a fallback single's street; it is legal on the player's board and spelt as the move
    made it; a player owes no more lifts than the placement has pieces, nor than walls to lift."""
    field = f"players[{i}]"
    sub = p.submitted
    lifting = s.step == "lift" and i in building.lift_seats(s)
    require(p.lift >= 0, f"Seat {i} owes {p.lift} lifts.", f"{field}.lift")
    if sub is None:
        require(not p.lift, f"Seat {i} owes lifts without a placement.", f"{field}.lift")
        return
    waits = sub.kind != "hidden" and p.open and (s.step == "place" or lifting)
    require(waits, f"Seat {i} has a placement outside the placement step.", f"{field}.submitted")
    require(_spelt(sub), f"Seat {i}'s placement is not spelt as a {sub.kind}.", f"{field}.submitted")
    choosing = sub.kind == "single" and not sub.edge
    require(not choosing or s.step == "lift", f"Seat {i}'s single piece has no street.", f"{field}.submitted")
    require(not choosing or len(p.walls) < geo.EDGES, f"Seat {i} has no free street.", f"{field}.submitted")
    if not choosing:
        require(
            not building.check_placement(s, i, _action(sub)),
            f"Seat {i}'s committed placement is not legal.",
            f"{field}.submitted",
        )
    need = 1 if choosing else building.pieces(s, sub)
    owed = p.lift <= min(need, len(p.walls))
    require(owed, f"Seat {i} owes {p.lift} lifts for {need} pieces, {len(p.walls)} walls.", f"{field}.lift")
    require(not p.lift or s.step == "lift", f"Seat {i} owes lifts outside the lift step.", f"{field}.lift")


def _spelt(sub: Submission) -> bool:
    """A submission as ``building.submission`` writes it: only its kind's fields set."""
    if sub.kind == "formation":
        return not sub.edge
    return sub.variant == sub.dx == sub.dy == 0 and (sub.kind == "single" or not sub.edge)


def _action(sub: Submission) -> mv.PlaceFormation | mv.PlaceSingle | mv.Pass:
    if sub.kind == "formation":
        return mv.PlaceFormation(sub.variant, sub.dx, sub.dy)
    if sub.kind == "single":
        return mv.PlaceSingle(sub.edge)
    return mv.Pass()


# ---- wall pieces ----------------------------------------------------------------------------------------------


def _in_hand(s: State, p: Player) -> int:
    """Pieces taken from the supply or lifted but not yet put down: a placement waiting in the lift step."""
    sub = p.submitted
    if s.step != "lift" or sub is None:
        return 0
    need = 1 if sub.kind == "single" and not sub.edge else building.pieces(s, sub)
    return need - p.lift


def _check_supply(s: State) -> None:
    """§2, §10 A6: every wall piece is in the supply, on a board, or in hand during the lift step: their sum is
    the supply's; with the strict supply it never goes below 0 (by default it is only counted)."""
    total = CONTENT.supply.walls
    on = sum(len(p.walls) for p in s.players)
    held = sum(_in_hand(s, p) for p in s.players)
    pieces = s.supply_walls + on + held
    message = f"supply {s.supply_walls} + {on} walls on the boards + {held} in hand = {pieces}, not {total}."
    require(pieces == total, f"Wall pieces are not conserved: {message}", "supply_walls")
    strict_ok = s.supply_walls >= 0 or not s.options.strict_supply
    require(strict_ok, f"The strict supply holds {s.supply_walls} pieces.", "supply_walls")


# ---- ledgers --------------------------------------------------------------------------------------------------


def _scored(s: State, age: int) -> bool:
    return age <= ages_scored(s)


def _line_error(s: State, p: Player, category: str, points: int, coins_on_board: int) -> str | None:
    """Why a ledger line is none the game writes now (§4.3 a, §7.1, §7.2, §7.5), or ``None``."""
    kind, _, suffix = category.rpartition("_age")
    age = int(suffix) if suffix in {str(a) for a in AGES} else 0
    values: Collection[int]
    if kind == "city_coins" and age:
        fine, values = _scored(s, age), range(coins_on_board + 1)
    elif kind == "longest_wall" and age:
        fine, values = _scored(s, age) and s.options.longest_wall, (scoring.LONGEST_WALL_COINS,)
    elif kind == "die_income" and age:
        fine, values = age <= s.age, {face.coins for face in CONTENT.building_die}
    elif category == "perfect_planning":
        fine, values = s.options.perfect_planning, (closing.PERFECT_PLANNING_COINS,)
    elif category == "shield_tie":
        fine, values = ages_scored(s) == len(AGES) and not p.shield, (scoring.SHIELD_TIE_COINS,)
    else:
        return "the game writes no such line"
    if not fine:
        return "no such line can exist now"
    return None if points in values else f"it is worth {min(values)}..{max(values)}, not {points}"


def _line_limit(s: State, p: Player, category: str) -> int:
    """How many lines of ``category`` a player's ledger can hold now: one per Age for the city coins and the
    longest wall, one per turn while closed for the die income (§4.3 a), one per closing for perfect
    planning, one shield tie."""
    if category.startswith("die_income_age"):
        age = int(category.rpartition("_age")[2])
        if age < s.age:
            return s.options.max_turns_per_age
        return 0 if p.open else s.turn
    if category == "perfect_planning":
        return s.age - 1 + (0 if p.open else 1)
    return 1


def _check_ledger(s: State, i: int, p: Player, coins_on_board: int) -> None:
    """§7: every ledger line is one the game writes (a kind it writes, at a time it can have, worth what such a
    line is worth), no more of a kind than the game writes; the coins are the sum of the lines."""
    field = f"players[{i}].ledger"
    seen: Counter[str] = Counter()
    for j, line in enumerate(p.ledger):
        error = _line_error(s, p, line.category, line.points, coins_on_board)
        if error is not None:
            fail(f"Seat {i}'s line {j} ({line.category}, {line.points}): {error}.", field)
        seen[line.category] += 1
    for category, count in sorted(seen.items()):
        limit = _line_limit(s, p, category)
        require(count <= limit, f"Seat {i} has {count} {category} lines; at most {limit} now.", field)
    total = sum(line.points for line in p.ledger)
    require(p.coins == total, f"Seat {i} has {p.coins} coins; its ledger sums to {total}.", f"players[{i}].coins")
