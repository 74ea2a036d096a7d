"""Walls of York in words: labels and choice paths (every menu at most 25 choices), log lines that keep
the hidden placement hidden, precise refusals, and the formation variants DescribeGame gives clients."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.walls_of_york import ENGINE
from engines.walls_of_york import geometry as geo
from engines.walls_of_york import moves as mv
from engines.walls_of_york.building import formation_name, formation_variants, variant_streets
from engines.walls_of_york.content import CONTENT
from engines.walls_of_york.scoring import category_words, kings_shield
from tests.engines.setups import new_state
from tests.engines.walls_of_york.test_rules import (
    TSC_CITY,
    boundary,
    closing_state,
    codes,
    placing_state,
    play,
    rect,
    reject,
    scoring_state,
)

MENU_LIMIT = 25
"""A Discord select menu offers at most 25 options."""


def menus(labels: list[Any]) -> dict[tuple[str, ...], set[str]]:
    """For each prefix of a path (one menu), the distinct choices offered next."""
    out: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for label in labels:
        steps = [f"{t.id}|{t.english}" for t in label.path]
        for k in range(len(steps)):
            out[tuple(steps[:k])].add(steps[k])
    return out


def playout(players: int, seed: int | None, bot: int, **overrides: Any) -> tuple[int, int, set[str]]:
    """One random game; every decision's menus checked. Returns the largest menu, the largest decision
    and the kinds of decision seen."""
    rng = random.Random(bot)
    state = new_state(ENGINE, players, seed=seed, **overrides)
    widest, largest, kinds = 0, 0, set()
    for _ in range(20_000):
        legal = ENGINE.legal_moves(state)
        if not legal:
            return widest, largest, kinds
        kinds.add(ENGINE.pending(state).kind)
        labels = ENGINE.labels(state, legal)
        for prefix, choices in menus(labels).items():
            assert len(choices) <= MENU_LIMIT, (ENGINE.pending(state).kind, prefix, len(choices))
            widest = max(widest, len(choices))
        largest = max(largest, len(legal))
        state = ENGINE.apply(state, rng.choice(legal))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [None, 7], ids=["external_chance", "seeded"])
def test_every_menu_offers_at_most_25_choices(players: int, seed: int | None) -> None:
    widest, largest, kinds = playout(players, seed, bot=players, max_turns_per_age=40)
    assert largest > MENU_LIMIT, "the placement decision has far more moves than one menu holds"
    assert widest <= MENU_LIMIT and {"place", "close"} <= kinds, kinds
    if seed is None:
        assert {"chance.decree", "chance.roll", "setup"} <= kinds, kinds


def test_menus_stay_small_with_strict_supply_and_standard_dice() -> None:
    _, _, kinds = playout(3, None, bot=5, strict_supply=True, king_dice="standard_d6", max_turns_per_age=80)
    assert "chance.decree" in kinds


def test_a_formation_is_labelled_by_its_name_orientation_and_anchor_street() -> None:
    s = placing_state({}, face=4)  # face 4: L3
    labels = ENGINE.labels(s, [mv.Move(0, mv.PlaceFormation(4, 3, 4)), mv.Move(1, mv.PlaceSingle("V 2 5"))])
    placed, single = labels
    assert placed.label.english == "Seat 0: Place the 3-piece L at H 3 4, turned once"
    assert placed.label.id == "core.seated"
    assert [p.text.id for p in placed.label.params if p.text] == ["core.seat", "walls_of_york.move.place_formation"]
    assert [t.english for t in placed.path] == [
        "Seat 0",
        "The 3-piece L",
        "turned once",
        "anchor in row 4 (H street)",
        "at H 3 4",
    ]
    assert single.label.english == "Seat 1: Place a single piece on V 2 5"
    assert [t.english for t in single.path][1:] == [
        "Single piece",
        "vertical streets (V)",
        "V streets of row 5",
        "V 2 5",
    ]


def test_the_public_line_of_a_placement_does_not_say_where() -> None:
    s = placing_state({}, face=4)
    for action in (mv.PlaceFormation(4, 3, 4), mv.PlaceSingle("V 2 5")):
        move = mv.Move(0, action)
        entry = ENGINE.log(s, move, ENGINE.apply(s, move))
        assert entry.public_line.english == (
            "Seat 0 chose their placement in secret (shown once every open player has chosen)"
        )
        assert entry.private_line is not None
        shown = entry.private_line.english
        assert ("H 3 4" in shown) if isinstance(action, mv.PlaceFormation) else ("V 2 5" in shown), shown


def test_the_last_placement_reveals_every_placement() -> None:
    s = play(placing_state({}, face=4), 0, mv.PlaceFormation(4, 3, 4))
    last = mv.Move(1, mv.PlaceSingle("V 2 5"))
    line = ENGINE.log(s, last, ENGINE.apply(s, last)).public_line.english
    assert line == (
        "Seat 1 chose their placement; every placement was revealed: Seat 0 built on H 3 4, V 4 4 and V 4 5; "
        "Seat 1 built on V 2 5"
    )


def test_closing_choices_are_hidden_in_the_public_line() -> None:
    s = closing_state({0: boundary(TSC_CITY)})  # the 22-field city of TSC-1 meets the decree 3, 2, 2
    room = next(m for m in ENGINE.legal_moves(s) if m.seat == 0 and isinstance(m.action, mv.CloseRoom))
    entry = ENGINE.log(s, room, ENGINE.apply(s, room))
    assert "0,2" not in entry.public_line.english and entry.private_line is not None
    assert entry.private_line.english == "You chose the room of field 0,2 (22 fields)"
    s = play(s, 0, room.action)
    label = ENGINE.labels(s, [mv.Move(0, mv.Seal())])[0].label.english
    assert label == "Seat 0: Seal your city (22 fields)"
    sealed = ENGINE.log(s, mv.Move(0, mv.Seal()), ENGINE.apply(s, mv.Move(0, mv.Seal())))
    kept = ENGINE.log(s, mv.Move(1, mv.Continue()), ENGINE.apply(s, mv.Move(1, mv.Continue())))
    assert sealed.public_line.english.replace("Seat 0", "Seat 1") == kept.public_line.english
    s = play(s, 0, mv.Seal())
    last = ENGINE.log(s, mv.Move(1, mv.Continue()), ENGINE.apply(s, mv.Move(1, mv.Continue())))
    assert last.public_line.english == (
        "Seat 1 made their closing decision; every decision was revealed: Seat 0 closed a city of 22 fields; "
        "Seat 1 kept building"
    )


def test_chance_and_setup_lines_are_public_and_counted_right() -> None:
    s = new_state(ENGINE, 2)
    first = mv.Move(CHANCE, mv.ChanceSeat(1))
    after = ENGINE.apply(s, first)
    assert ENGINE.log(s, first, after).public_line.english == "Chance chose Seat 1 to place the first terrain board"
    tile = mv.Move(1, mv.SetupTile("blue", "white", 2, "TL"))
    assert ENGINE.log(after, tile, ENGINE.apply(after, tile)).public_line.english == (
        "Seat 1 placed the blue board, white side up, turned twice, in the top-left quadrant"
    )
    board = new_state(ENGINE, 2, board="ts1")
    decree = next(m for m in ENGINE.legal_moves(board) if m.action == mv.ChanceDecree(1, 2, 3))
    line = ENGINE.log(board, decree, ENGINE.apply(board, decree)).public_line.english
    assert line == "Chance rolled the King's Decree for Age 1: the King demands 1 church, 2 wells and 3 markets"


def test_off_board_and_occupied_refusals_name_the_streets() -> None:
    s = placing_state({0: ["H 4 4"]}, face=4)  # L3
    turned_once = 4
    assert variant_streets("L3", turned_once, 7, 4) == ("H 7 4", "V 8 4", "V 8 5")
    [off] = reject(s, 0, mv.PlaceFormation(turned_once, 8, 4))
    assert off.code == "WALLS_OF_YORK_OFF_BOARD"
    assert (
        off.message
        == "The 3-piece L turned once at H 8 4 would put 3 walls on H 8 4, V 9 4 and V 9 5, outside the board."
    )
    [one] = reject(s, 0, mv.PlaceFormation(turned_once, 7, 8))
    assert one.message == "The 3-piece L turned once at H 7 8 would put 2 walls on V 8 8 and V 8 9, outside the board."
    [taken] = reject(s, 0, mv.PlaceFormation(turned_once, 4, 4))
    assert taken.code == "WALLS_OF_YORK_EDGE_OCCUPIED"
    assert (
        taken.message == "The 3-piece L turned once at H 4 4 would put a wall on H 4 4, where you already have a wall."
    )
    [variant] = reject(s, 0, mv.PlaceFormation(8, 0, 0))
    assert variant.message == "The 3-piece L has 8 orientations (variants 0..7), not variant 8."
    assert codes(reject(s, 0, mv.Pass())) == ["WALLS_OF_YORK_MUST_BUILD"]
    assert "143 free streets" in reject(s, 0, mv.Pass())[0].message


def test_a_decree_refusal_counts_in_the_singular() -> None:
    s = closing_state({0: boundary(rect(4, 4, 1, 1))}, decree=(1, 2, 3))  # field 4,4 of ts1: 2 coins
    [violation] = reject(s, 0, mv.CloseRoom(4, 4))
    assert violation.code == "WALLS_OF_YORK_DECREE_UNMET"
    assert violation.message.endswith("missing 1 church, 2 wells, 3 markets."), violation.message


def test_formations_are_named_by_their_pieces_and_shape() -> None:
    """§5.2: a formation's id is for the code; a player reads its pieces and shape."""
    names = {f.id: formation_name(f.id) for f in CONTENT.formations}
    assert names == {
        "I1": "a single piece",
        "I2": "the 2-piece straight",
        "L2": "the 2-piece corner",
        "I3": "the 3-piece straight",
        "L3": "the 3-piece L",
        "U3": "the 3-piece U",
        "Z3": "the 3-piece zigzag",
        "T3": "the 3-piece T",
    }


def test_the_private_line_of_a_placement_is_a_sentence_to_the_mover() -> None:
    s = placing_state({}, face=4)
    for action, said in (
        (mv.PlaceFormation(4, 3, 4), "You placed the 3-piece L at H 3 4, turned once"),
        (mv.PlaceSingle("V 2 5"), "You placed a single piece on V 2 5"),
    ):
        entry = ENGINE.log(s, mv.Move(0, action), ENGINE.apply(s, mv.Move(0, action)))
        assert entry.private_line is not None and entry.private_line.english == said


def test_prompts_do_not_name_the_deciding_seats() -> None:
    """The client says whose decision it is: a prompt says only what is decided."""
    s = new_state(ENGINE, 2)
    assert ENGINE.pending(s).prompt == "Draw the player who places the first terrain board"
    s = ENGINE.apply(s, mv.Move(CHANCE, mv.ChanceSeat(1)))
    assert ENGINE.pending(s).prompt == (
        "Place a terrain board: choose the board, the side up, how it is turned and the quadrant"
    )
    placing = ENGINE.pending(placing_state({}, face=4))
    assert placing.seats == (0, 1) and placing.prompt == (
        "Each open player places the rolled formation or a single piece, in secret until every open player has placed"
    )
    closing = ENGINE.pending(closing_state({}))
    assert closing.prompt == "Each open player chooses a city room by room and seals it, or keeps building"


def test_a_decree_of_no_buildings_of_a_kind_says_so_in_words() -> None:
    """§4.2: the standard dice can show no church; the label and its path say "no churches", not "0"."""
    board = new_state(ENGINE, 2, board="ts1")
    decree = mv.Move(CHANCE, mv.ChanceDecree(0, 2, 1))
    [shown] = ENGINE.labels(board, [decree])
    assert shown.label.english == "The King decrees no churches, 2 wells and 1 market"
    assert [t.english for t in shown.path] == ["King's Decree", "no churches", "2 wells", "1 market"]


def test_the_score_sheet_names_its_categories_in_words() -> None:
    """§7: the ledger's categories (``city_coins_age1``) are shown as players read them."""
    assert category_words("city_coins_age1").english == "city coins, Age 1"
    assert category_words("die_income_age2").english == "die income, Age 2"
    assert category_words("longest_wall_age1").english == "longest wall, Age 1"
    assert category_words("shield_tie").english == "tied for the King's shield"
    assert category_words("perfect_planning").english == "perfect planning"
    s = kings_shield(scoring_state([1, 1, 3], age=2))
    s = replace(s, players=(replace(s.players[0], raid_tiles=1), *s.players[1:]))
    entries = {e.category: e.detail for seat in ENGINE.score(s).seats for e in seat.entries}
    assert entries["King's shield"] == "holds the King's shield"
    assert entries["tied for the King's shield"] == "tied for fewest viking tiles: +3 coins"
    assert entries["raid"] == "1 raid tile at −5 coins each"


def test_describe_gives_every_variant_in_move_order_with_its_streets() -> None:
    described = ENGINE.describe()["formation_variants"]
    assert set(described) == set(CONTENT.formation)
    for formation, entries in described.items():
        assert [e["variant"] for e in entries] == list(range(len(formation_variants(formation))))
        for e in entries:
            for dx, dy in ((0, 0), (2, 3)):
                shifted = [_shift(name, dx, dy) for name in e["streets"]]
                mask = geo.placement_mask(formation_variants(formation)[e["variant"]], dx, dy)
                assert mask is not None and sorted(geo.parse_edge(n) for n in shifted) == list(geo.bits(mask))
    l3 = described["L3"]
    assert len({tuple(sorted(e["streets"])) for e in l3}) == 8
    assert l3[4] == {
        "variant": 4,
        "quarter_turns": 1,
        "mirrored": False,
        "orientation": "turned once",
        "streets": ["H 0 0", "V 1 0", "V 1 1"],
    }


def _shift(name: str, dx: int, dy: int) -> str:
    kind, x, y = name.split()
    return f"{kind} {int(x) + dx} {int(y) + dy}"
