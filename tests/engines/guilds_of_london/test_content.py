"""Guilds of London content (§9.2 data model, §9.3 loader rules, §9.4 synthetic set).

The shipped files load; their counts and the §9.4 formulas hold item by item; a content pack
replaces one family; and every §9.3 rule is refused by a named test that corrupts one field of a
shipped file (loaded as plain JSON, changed, written to a pack) and reads the message for the file,
the item and the numbers.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.content import ContentError
from engines.guilds_of_london.content import (
    DATA_DIR,
    Content,
    Continuous,
    ContinuousEffect,
    DrawAction,
    DrawLm,
    DrawModifier,
    GainNeutral,
    GuildTile,
    Hire,
    Move,
    Origin,
    PerScoring,
    SpecialBuilding,
    ToPlantation,
    Vp,
    content,
    load_content,
)

Doc = dict[str, Any]
Mutation = Callable[[Doc], None]

S = ("COMPASS", "ANCHOR", "CROSS", "SCYTHE", "CROWN")
EVERYWHERE: list[Origin] = ["GUILDHALL", "FACE_UP", "FACE_DOWN"]
#: The six families of the §9.4 synthetic set.
SYNTHETIC = (
    "guild_tiles.json",
    "special_buildings.json",
    "plantation.json",
    "action_cards.json",
    "lord_mayor_cards.json",
    "second_place_tokens.json",
)
PROPS = settings(max_examples=25)


def shipped(name: str) -> Doc:
    doc: Doc = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    return doc


def write_pack(pack: Path, name: str, mutate: Mutation) -> Path:
    """A content pack holding ``name`` as shipped, changed by ``mutate``."""
    pack.mkdir(parents=True, exist_ok=True)
    doc = shipped(name)
    mutate(doc)
    (pack / name).write_text(json.dumps(doc), encoding="utf-8")
    return pack


def refusal(pack: Path, name: str, mutate: Mutation) -> str:
    """The loader's message for the shipped files with ``name`` changed by ``mutate``."""
    with pytest.raises(ContentError) as caught:
        load_content(write_pack(pack, name, mutate))
    return str(caught.value)


def by_id(items: list[Doc], key: str, value: str) -> Doc:
    return next(item for item in items if item[key] == value)


def tile(doc: Doc, tile_id: str) -> Doc:
    return by_id(doc["items"], "id", tile_id)


def building(doc: Doc, name: str) -> Doc:
    return by_id(doc["items"], "name", name)


def card(doc: Doc, card_id: str) -> Doc:
    return by_id(doc["items"], "id", card_id)


@pytest.fixture(scope="module")
def c() -> Content:
    return content()


# ---------------------------------------------------------------------------------------------
# The shipped set
# ---------------------------------------------------------------------------------------------


def test_the_shipped_set_loads_once_without_warnings(c: Content) -> None:
    assert c.warnings == ()
    assert content() is c
    assert content(DATA_DIR) is content(DATA_DIR)


def test_component_counts(c: Content) -> None:
    """§2.1: 40 guild tiles, 5 special buildings, 105 action cards, 21 Lord Mayor cards, 30 tokens."""
    assert len(c.guild_tiles) == 40
    assert len(c.special_buildings) == 5
    assert len(c.deck) == 105
    assert len(c.lord_mayor_cards) == 21
    assert len(c.token_bag) == 30
    assert len(c.tile) == 45


def test_the_deck_and_the_bag_expand_counts_in_file_order(c: Content) -> None:
    """§9.4: 5 card types of 21 copies; 10 VP 2, 10 draw 1, 5 hire 1, 5 neutral 1 tokens."""
    order = ["SCYTHE_HIRE", "ANCHOR_PLANTATION", "COMPASS_MOVE", "CROSS_DRAW", "CROWN_VP"]
    assert c.deck == tuple(card_id for card_id in order for _ in range(21))
    assert Counter(c.token_bag) == {"T_VP2": 10, "T_DRAW1": 10, "T_HIRE1": 5, "T_NEUTRAL1": 5}
    assert c.token_bag[:10] == ("T_VP2",) * 10 and c.token_bag[-5:] == ("T_NEUTRAL1",) * 5


@pytest.mark.parametrize(
    ("tile_id", "number", "symbols", "majority"),
    [
        ("G01", 1, ["ANCHOR"], 3),
        ("G25", 1, ["COMPASS"], 3),
        ("G26", 2, ["ANCHOR", "CROSS"], 4),
        ("G40", 4, ["COMPASS", "ANCHOR"], 3),
    ],
)
def test_synthetic_tiles_follow_the_formulas(
    c: Content, tile_id: str, number: int, symbols: list[str], majority: int
) -> None:
    """§9.4: number (i-1) mod 12 + 1; one symbol S[i mod 5] up to G25, two after; majority 2 + i mod 3."""
    t = c.tile[tile_id]
    assert isinstance(t, GuildTile)
    assert (t.number, t.front_symbols, t.back_symbols, t.majority) == (number, symbols, symbols, majority)
    assert t.resolution_bonus == [Vp(n=majority)]


def test_every_synthetic_tile_follows_the_formulas(c: Content) -> None:
    """§9.4 for all 40 tiles: odd tiles move 1 anywhere, even ones draw 1; two symbols give a neutral pawn."""
    for i in range(1, 41):
        t = c.tile[f"G{i:02d}"]
        assert isinstance(t, GuildTile)
        symbols = [S[i % 5]] if i <= 25 else [S[i % 5], S[(i + 1) % 5]]
        assert (t.number, t.front_symbols, t.majority) == ((i - 1) % 12 + 1, symbols, 2 + i % 3), t.id
        move = Move(n=1, symbol_filter=None, from_=EVERYWHERE, include_resolving_tile=True)
        assert t.first_place == ([move] if i % 2 else [DrawAction(n=1)]), t.id
        if t.name != "Merchant Importers":
            assert t.second_place_extra == ([GainNeutral(n=1)] if i > 25 else []), t.id


def test_merchant_importers_gives_3_vp_to_second_place(c: Content) -> None:
    """R-RES-15: Merchant Importers' additional second-place reward is +3 VP."""
    (merchant,) = [t for t in c.guild_tiles if t.name == "Merchant Importers"]
    assert merchant.second_place_extra == [Vp(n=3)]
    assert len(merchant.front_symbols) == 1


def test_the_special_buildings(c: Content) -> None:
    """§6.3, §9.4: the five names, each missing a different symbol; majority 4, VP 4, draw 2; the fixed facts."""
    named = {b.name: b for b in c.special_buildings}
    assert set(named) == {
        "Church of St Lawrence Jewry",
        "Gog & Magog",
        "Company Hall",
        "Lord Mayor's Parade",
        "University of London",
    }
    missing = [next(s for s in S if s not in b.front_symbols) for b in c.special_buildings]
    assert sorted(missing) == sorted(S)
    for b in c.special_buildings:
        assert (b.number, b.majority, b.resolution_bonus, b.first_place) == (None, 4, [Vp(n=4)], [DrawAction(n=2)])
    university = named["University of London"]
    assert university.continuous == [Continuous(effect=ContinuousEffect(hand_limit_delta=1))]
    assert [b.name for b in c.special_buildings if not b.used_in_2p] == ["Gog & Magog"]
    assert [b.name for b in c.special_buildings if b.fixed_start_position == "EAST_OF_GUILDHALL"] == [
        "Church of St Lawrence Jewry"
    ]
    assert [b.name for b in c.special_buildings if b.continuous] == ["University of London"]


def test_the_plantation_sides(c: Content) -> None:
    """§9.4: Ulster 6 VP + draw 3 keep 1 (return 2) / 3 VP (return 1); Virginia 5 VP (2) / 2 VP (1)."""
    ulster, virginia = c.plantation_side["ULSTER"], c.plantation_side["VIRGINIA"]
    assert (ulster.left.effects, ulster.left.return_n) == ([Vp(n=6), DrawLm(draw=3, keep=1)], 2)
    assert (ulster.right.effects, ulster.right.return_n) == ([Vp(n=3)], 1)
    assert (virginia.left.effects, virginia.left.return_n) == ([Vp(n=5)], 2)
    assert (virginia.right.effects, virginia.right.return_n) == ([Vp(n=2)], 1)


def test_the_action_card_types(c: Content) -> None:
    """§9.4: one type per symbol with its cost and ability."""
    cards = c.action_card
    assert (cards["SCYTHE_HIRE"].symbols, cards["SCYTHE_HIRE"].cost.discard) == (["SCYTHE"], 0)
    assert cards["SCYTHE_HIRE"].ability == [Hire(n=2)]
    assert cards["ANCHOR_PLANTATION"].cost.discard == 1
    assert cards["ANCHOR_PLANTATION"].ability == [ToPlantation(n=2, from_=EVERYWHERE)]
    (move,) = cards["COMPASS_MOVE"].ability
    assert isinstance(move, Move) and (move.n, move.symbol_filter, move.include_resolving_tile) == (2, None, False)
    assert cards["CROSS_DRAW"].ability == [DrawModifier(delta=1)]
    assert (cards["CROWN_VP"].cost.discard, cards["CROWN_VP"].ability) == (2, [Vp(n=2)])
    assert all(card.cost.return_figures is None for card in c.action_cards)


def test_the_lord_mayor_cards(c: Content) -> None:
    """§9.4: LM01–LM15 2 VP per controlled guild with back symbol S[i mod 5]; LM16–LM21 3 VP per guild
    numbered in [1 + 2(i-16), 2 + 2(i-16)]."""
    for i in range(1, 22):
        scoring = c.lord_mayor_card[f"LM{i:02d}"].scoring
        assert isinstance(scoring, PerScoring)
        f = scoring.count
        assert (f.what, f.kind) == ("controlled_tiles", "GUILD")
        if i <= 15:
            assert (f.back_symbol, f.number_min, f.number_max, scoring.vp_each) == (S[i % 5], None, None, 2)
        else:
            low = 1 + 2 * (i - 16)
            assert (f.back_symbol, f.number_min, f.number_max, scoring.vp_each) == (None, low, low + 1, 3)


def test_effects_default_to_the_a19_reading(c: Content) -> None:
    """A-19: VP, action draws and Lord Mayor draws are mandatory; the rest is "up to"."""
    assert Vp(n=1).mandatory and DrawAction(n=1).mandatory and DrawLm(draw=2).mandatory
    assert not (Hire(n=1).mandatory or GainNeutral(n=1).mandatory or DrawModifier(delta=1).mandatory)
    first = c.tile["G01"].first_place[0]
    assert isinstance(first, Move) and not first.mandatory


def test_a_mandatory_flag_in_the_data_overrides_the_default(tmp_path: Path) -> None:
    def mandatory_hire(doc: Doc) -> None:
        card(doc, "SCYTHE_HIRE")["ability"][0]["mandatory"] = True

    loaded = load_content(write_pack(tmp_path, "action_cards.json", mandatory_hire))
    assert loaded.action_card["SCYTHE_HIRE"].ability == [Hire(n=2, mandatory=True)]


@pytest.mark.parametrize(
    ("players", "last", "growth", "resolution", "expansion", "per_expansion", "neutral", "most_tiles"),
    [
        (2, 16, [4, 8, 12, 16], [2, 4, 6, 8, 10, 12, 14, 16], {}, 0, 4, 24),
        (3, 15, [3, 6, 9, 12, 15], "all", {3: "N", 6: "E", 9: "S", 12: "W"}, 5, 6, 30),
        (4, 12, [3, 6, 9, 12], "all", {3: "N", 6: "E", 9: "S"}, 6, 8, 28),
    ],
)
def test_the_tracks_per_player_count(
    c: Content,
    players: int,
    last: int,
    growth: list[int],
    resolution: Any,
    expansion: dict[int, str],
    per_expansion: int,
    neutral: int,
    most_tiles: int,
) -> None:
    """§3.5, §4.1, A-03; the largest city of §3.5 (24 / 30 / 28 tiles besides the Guildhall)."""
    t = c.tracks_for(players)
    assert (t.last_round, t.growth, t.resolution, t.expansion) == (last, growth, resolution, expansion)
    assert (t.tiles_per_expansion, t.neutral) == (per_expansion, neutral)
    counts = (t.hand_size, t.lm_dealt, t.lm_kept, t.liverymen_on_guildhall, t.liverymen_per_colour)
    assert counts == (6, 3, 1, 4, 16)
    assert (t.hand_limit, t.draw_none_played, t.draw_played) == (7, 4, 2)
    layout = t.layout
    start = len(layout.fixed) + len(layout.special_cells) + len(layout.drawn)
    assert start + per_expansion * len(expansion) == most_tiles


def test_the_city_layout_of_3_and_4_players(c: Content) -> None:
    """§3.3, R-SETUP-12, A-05: two Guildhall cells, the compass rose on the western one, St Lawrence at (1, 3),
    one drawn tile to the west, four above, four below."""
    for players in (3, 4):
        layout = c.tracks_for(players).layout
        assert (layout.guildhall, layout.compass_rose) == ([(1, 1), (1, 2)], (1, 1))
        assert (layout.fixed, layout.special_cells) == ({"EAST_OF_GUILDHALL": (1, 3)}, [])
        assert layout.drawn == [(1, 0), (0, 0), (0, 1), (0, 2), (0, 3), (2, 0), (2, 1), (2, 2), (2, 3)]


def test_the_city_layout_of_2_players(c: Content) -> None:
    """§3.4, A-04: the Guildhall at (2, 2), the special buildings on its four sides, 20 guild cells."""
    layout = c.tracks_for(2).layout
    assert (layout.guildhall, layout.compass_rose, layout.fixed) == ([(2, 2)], None, {})
    assert sorted(layout.special_cells) == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert len(layout.drawn) == 20
    everything = {*layout.guildhall, *layout.special_cells, *layout.drawn}
    assert everything == {(row, col) for row in range(5) for col in range(5)}


def test_a_player_count_without_tracks_is_refused(c: Content) -> None:
    with pytest.raises(ContentError, match="no entry for 5 players"):
        c.tracks_for(5)


def test_every_synthetic_item_is_marked_reconstructed() -> None:
    """§9.4: the stand-in set never passes for the real game: every family and item says it is synthetic."""
    for name in SYNTHETIC:
        doc = shipped(name)
        assert doc["provenance"] == "reconstructed" and "synthetic" in doc["source"].lower(), name
        for item in doc["items"]:
            assert item["provenance"] == "reconstructed", (name, item)
            assert "synthetic stand-in" in item["source"].lower(), (name, item)


def test_the_rulebook_families_say_where_they_come_from(c: Content) -> None:
    """§0.3 symbols and the §4.1 tracks are rulebook facts; the 2-player resolution rounds (A-03) and the
    layouts (A-04, A-05) are reconstructed."""
    assert c.families["symbols.json"].provenance == "rulebook"
    assert [(s.id, s.colour) for s in c.symbols] == list(
        zip(S, ("red", "blue", "green", "yellow", "purple"), strict=True)
    )
    assert {n: t.provenance for n, t in c.tracks.items()} == {2: "reconstructed", 3: "rulebook", 4: "rulebook"}
    assert {t.layout.provenance for t in c.tracks.values()} == {"reconstructed"}
    assert "A-03" in c.tracks_for(2).source and "A-04" in c.tracks_for(2).layout.source
    assert all(f.source for f in c.families.values()) and len(c.families) == 8


def test_a_content_pack_replaces_one_family(tmp_path: Path, c: Content) -> None:
    """A pack's file replaces the shipped file of the same name; the other families stay as shipped."""

    def thirty_vp(doc: Doc) -> None:
        doc["items"] = [dict(doc["items"][0], type="T_VP1", count=30, effects=[{"op": "VP", "n": 1}])]

    pack = write_pack(tmp_path / "pack", "second_place_tokens.json", thirty_vp)
    packed = content(pack)
    assert packed.token_bag == ("T_VP1",) * 30
    assert packed.token["T_VP1"].effects == [Vp(n=1)]
    assert packed.guild_tiles == c.guild_tiles and packed.deck == c.deck
    assert content(pack) is packed


# ---------------------------------------------------------------------------------------------
# §9.3 rule 1: guild tiles
# ---------------------------------------------------------------------------------------------


def set_g07(field: str, value: Any) -> Mutation:
    def mutate(doc: Doc) -> None:
        tile(doc, "G07")[field] = value

    return mutate


def drop_last_tile(doc: Doc) -> None:
    doc["items"].pop()


def g08_takes_g07s_id(doc: Doc) -> None:
    tile(doc, "G08")["id"] = "G07"


def g08_takes_g07s_name(doc: Doc) -> None:
    tile(doc, "G08")["name"] = "Guild 7"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (drop_last_tile, "guild_tiles.json: 39 tiles; must be exactly 40"),
        (g08_takes_g07s_id, "guild_tiles.json: id G07 repeated; ids must be unique"),
        (g08_takes_g07s_name, "guild_tiles.json: name Guild 7 repeated; names must be unique"),
        (set_g07("majority", 0), "guild_tiles.json: G07 majority 0; must be at least 1"),
        (set_g07("number", 13), "guild_tiles.json: G07 number 13; must be 1 to 12"),
        (set_g07("number", 0), "guild_tiles.json: G07 number 0; must be 1 to 12"),
        (set_g07("front_symbols", ["COMPASS", "ANCHOR", "CROSS"]), "G07 has 3 front_symbols; must be 1 or 2"),
        (set_g07("front_symbols", []), "guild_tiles.json: G07 has 0 front_symbols; must be 1 or 2 distinct"),
        (set_g07("front_symbols", ["CROSS", "CROSS"]), "guild_tiles.json: G07 front_symbols repeat a symbol"),
        (set_g07("back_symbols", []), "guild_tiles.json: G07 has 0 back_symbols; must be 1 to 5 distinct"),
        (set_g07("resolution_bonus", [{"op": "VP", "n": 0}]), "guild_tiles.json: G07 VP n 0; must be at least 1"),
    ],
)
def test_rule_1_guild_tiles_are_refused(tmp_path: Path, mutate: Mutation, message: str) -> None:
    assert message in refusal(tmp_path, "guild_tiles.json", mutate)


def test_rule_1_back_symbols_unlike_the_front_are_a_warning(tmp_path: Path) -> None:
    loaded = load_content(write_pack(tmp_path, "guild_tiles.json", set_g07("back_symbols", ["CROWN"])))
    assert loaded.warnings == ("guild_tiles.json: G07 back_symbols ['CROWN'] differ from front ['CROSS']",)


@given(majority=st.integers(-3, 8), index=st.integers(1, 40))
@PROPS
def test_rule_1_any_majority_below_1_is_refused(
    tmp_path_factory: pytest.TempPathFactory, majority: int, index: int
) -> None:
    tile_id = f"G{index:02d}"

    def mutate(doc: Doc) -> None:
        tile(doc, tile_id)["majority"] = majority

    pack = write_pack(tmp_path_factory.mktemp("pack"), "guild_tiles.json", mutate)
    if majority >= 1:
        assert load_content(pack).tile[tile_id].majority == majority
    else:
        with pytest.raises(ContentError, match=f"{tile_id} majority {majority}; must be at least 1"):
            load_content(pack)


# ---------------------------------------------------------------------------------------------
# §9.3 rules 2 and 3: double-symbol guilds, Merchant Importers
# ---------------------------------------------------------------------------------------------


def test_rule_2_a_double_symbol_guild_without_a_neutral_pawn_is_only_a_warning(tmp_path: Path) -> None:
    def no_neutral(doc: Doc) -> None:
        tile(doc, "G26")["second_place_extra"] = []

    loaded = load_content(write_pack(tmp_path, "guild_tiles.json", no_neutral))
    assert loaded.warnings == ("guild_tiles.json: G26 has 2 front symbols but no GAIN_NEUTRAL in second_place_extra",)
    assert loaded.tile["G26"].second_place_extra == []


def merchant(doc: Doc) -> Doc:
    return by_id(doc["items"], "name", "Merchant Importers")


def test_rule_3_merchant_importers_must_give_3_vp(tmp_path: Path) -> None:
    def two_vp(doc: Doc) -> None:
        merchant(doc)["second_place_extra"] = [{"op": "VP", "n": 2}]

    message = refusal(tmp_path, "guild_tiles.json", two_vp)
    assert message == "guild_tiles.json: G12 second_place_extra VP [2]; must include VP 3"


def test_rule_3_merchant_importers_must_exist(tmp_path: Path) -> None:
    def renamed(doc: Doc) -> None:
        merchant(doc)["name"] = "Guild 12"

    message = refusal(tmp_path, "guild_tiles.json", renamed)
    assert message == "guild_tiles.json: 0 tiles named Merchant Importers; must be exactly 1"


# ---------------------------------------------------------------------------------------------
# §9.3 rule 4: special buildings
# ---------------------------------------------------------------------------------------------


def set_building(name: str, field: str, value: Any) -> Mutation:
    def mutate(doc: Doc) -> None:
        building(doc, name)[field] = value

    return mutate


def drop_company_hall(doc: Doc) -> None:
    doc["items"] = [b for b in doc["items"] if b["name"] != "Company Hall"]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (drop_company_hall, "special_buildings.json: 4 buildings; must be 5"),
        (
            set_building("Company Hall", "name", "Town Hall"),
            "special_buildings.json: unknown names ['Town Hall'], missing names ['Company Hall']",
        ),
        (set_building("Company Hall", "majority", 0), "special_buildings.json: S_COMPANY_HALL majority 0; must be at"),
        (set_building("Company Hall", "number", 3), "special_buildings.json: S_COMPANY_HALL number 3; a special"),
        (
            set_building("Company Hall", "front_symbols", ["COMPASS", "ANCHOR", "SCYTHE"]),
            "special_buildings.json: S_COMPANY_HALL has 3 front_symbols; must be 4 distinct",
        ),
        (
            set_building("University of London", "continuous", []),
            "special_buildings.json: S_UNIVERSITY continuous hand_limit_delta []; must include 1",
        ),
        (
            set_building(
                "University of London", "continuous", [{"op": "CONTINUOUS", "effect": {"hand_limit_delta": 2}}]
            ),
            "special_buildings.json: S_UNIVERSITY continuous hand_limit_delta [2]; must include 1",
        ),
        (set_building("Gog & Magog", "used_in_2p", True), "special_buildings.json: S_GOG_MAGOG used_in_2p true"),
        (
            set_building("Church of St Lawrence Jewry", "fixed_start_position", None),
            "special_buildings.json: S_ST_LAWRENCE fixed_start_position None; must be EAST_OF_GUILDHALL",
        ),
        (
            set_building("Company Hall", "continuous", [{"op": "CONTINUOUS", "effect": {"hand_limit_delta": 1}}]),
            "special_buildings.json: S_COMPANY_HALL has continuous effects",
        ),
    ],
)
def test_rule_4_special_buildings_are_refused(tmp_path: Path, mutate: Mutation, message: str) -> None:
    assert message in refusal(tmp_path, "special_buildings.json", mutate)


# ---------------------------------------------------------------------------------------------
# §9.3 rule 5: the plantation
# ---------------------------------------------------------------------------------------------


def side(doc: Doc, side_id: str) -> Doc:
    return by_id(doc["items"], "id", side_id)


def ulster_without_lm(doc: Doc) -> None:
    side(doc, "ULSTER")["left"]["effects"] = [{"op": "VP", "n": 6}]


def ulster_draws_two(doc: Doc) -> None:
    side(doc, "ULSTER")["left"]["effects"][1]["draw"] = 2


def virginia_returns_minus_one(doc: Doc) -> None:
    side(doc, "VIRGINIA")["right"]["return_n"] = -1


def no_virginia(doc: Doc) -> None:
    doc["items"] = [side(doc, "ULSTER")]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (ulster_without_lm, "plantation.json: ULSTER left DRAW_LM (draw, keep) []; must include (3, 1)"),
        (ulster_draws_two, "plantation.json: ULSTER left DRAW_LM (draw, keep) [(2, 1)]; must include (3, 1)"),
        (virginia_returns_minus_one, "plantation.json: VIRGINIA right return_n -1; must be at least 0"),
        (no_virginia, "plantation.json: sides ['ULSTER']; must be ULSTER and VIRGINIA once each"),
    ],
)
def test_rule_5_the_plantation_is_refused(tmp_path: Path, mutate: Mutation, message: str) -> None:
    assert refusal(tmp_path, "plantation.json", mutate) == message


# ---------------------------------------------------------------------------------------------
# §9.3 rule 6: action cards
# ---------------------------------------------------------------------------------------------


def set_card(card_id: str, field: str, value: Any) -> Mutation:
    def mutate(doc: Doc) -> None:
        card(doc, card_id)[field] = value

    return mutate


def scythe_none_cross_double(doc: Doc) -> None:
    card(doc, "SCYTHE_HIRE")["count"] = 0
    card(doc, "CROSS_DRAW")["count"] = 42


def crown_takes_scythe_id(doc: Doc) -> None:
    card(doc, "CROWN_VP")["id"] = "SCYTHE_HIRE"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (set_card("CROWN_VP", "count", 20), "action_cards.json: counts add up to 104; must be 105"),
        (scythe_none_cross_double, "action_cards.json: SCYTHE_HIRE count 0; must be at least 1"),
        (crown_takes_scythe_id, "action_cards.json: id SCYTHE_HIRE repeated; ids must be unique"),
        (set_card("CROWN_VP", "symbols", []), "action_cards.json: CROWN_VP has 0 symbols; must be 1 or 2 distinct"),
        (
            set_card("CROWN_VP", "symbols", ["CROWN", "CROSS", "SCYTHE"]),
            "action_cards.json: CROWN_VP has 3 symbols; must be 1 or 2 distinct",
        ),
        (
            set_card("ANCHOR_PLANTATION", "cost", {"discard": -1}),
            "action_cards.json: ANCHOR_PLANTATION cost discard -1; must be at least 0",
        ),
        (
            set_card("CROWN_VP", "cost", {"return_figures": {"n": 0, "from": ["GUILDHALL"]}}),
            "action_cards.json: CROWN_VP cost return_figures n 0; must be at least 1",
        ),
        (set_card("CROWN_VP", "ability", []), "action_cards.json: CROWN_VP has no ability"),
        (
            set_card("CROSS_DRAW", "ability", [{"op": "DRAW_MODIFIER", "delta": 0}]),
            "action_cards.json: CROSS_DRAW DRAW_MODIFIER delta 0; must change the draw",
        ),
    ],
)
def test_rule_6_action_cards_are_refused(tmp_path: Path, mutate: Mutation, message: str) -> None:
    assert refusal(tmp_path, "action_cards.json", mutate) == message


def test_rule_6_a_card_may_show_two_symbols(tmp_path: Path) -> None:
    """A-27: one symbol is expected, but a transcription showing two is accepted."""
    pack = write_pack(tmp_path, "action_cards.json", set_card("CROWN_VP", "symbols", ["CROWN", "CROSS"]))
    assert load_content(pack).action_card["CROWN_VP"].symbols == ["CROWN", "CROSS"]


def test_rule_6_card_abilities_may_draw_at_the_end_of_the_turn_and_trigger(tmp_path: Path) -> None:
    """§9.2.1: end-of-turn draws and "whenever ... this turn" effects belong in card abilities."""
    ability = [
        {"op": "DRAW_ACTION", "n": 1, "timing": "end_of_turn"},
        {"op": "TRIGGER", "event": "OWN_MOVE", "scope": "this_turn", "effects": [{"op": "VP", "n": 1}]},
    ]
    loaded = load_content(write_pack(tmp_path, "action_cards.json", set_card("CROSS_DRAW", "ability", ability)))
    assert loaded.action_card["CROSS_DRAW"].ability[0] == DrawAction(n=1, timing="end_of_turn")


# ---------------------------------------------------------------------------------------------
# §9.2.1 placement: ops only where the effect language allows them
# ---------------------------------------------------------------------------------------------

TRIGGER = {"op": "TRIGGER", "event": "OWN_HIRE", "scope": "this_turn", "effects": [{"op": "VP", "n": 1}]}
VP1 = {"op": "VP", "n": 1}


@pytest.mark.parametrize(
    ("name", "mutate", "message"),
    [
        (
            "guild_tiles.json",
            set_g07("first_place", [{"op": "CONTINUOUS", "effect": {"hand_limit_delta": 1}}]),
            "guild_tiles.json: G07 CONTINUOUS only in Gog & Magog's or University's continuous",
        ),
        (
            "special_buildings.json",
            set_building("University of London", "continuous", [VP1]),
            "special_buildings.json: S_UNIVERSITY VP cannot stand in a continuous list; only CONTINUOUS can",
        ),
        (
            "guild_tiles.json",
            set_g07("first_place", [{"op": "DRAW_ACTION", "n": 1, "timing": "end_of_turn"}]),
            "guild_tiles.json: G07 DRAW_ACTION (end of turn) is allowed only in card abilities",
        ),
        (
            "guild_tiles.json",
            set_g07("first_place", [{"op": "DRAW_MODIFIER", "delta": 1}]),
            "guild_tiles.json: G07 DRAW_MODIFIER (end of turn) is allowed only in card abilities",
        ),
        ("guild_tiles.json", set_g07("first_place", [TRIGGER]), "G07 TRIGGER (end of turn) is allowed only in card"),
        (
            "action_cards.json",
            set_card("CROWN_VP", "ability", [{"op": "CHOICE", "options": [[TRIGGER], [VP1]]}]),
            "action_cards.json: CROWN_VP TRIGGER cannot be nested in CHOICE",
        ),
        (
            "action_cards.json",
            set_card(
                "CROWN_VP",
                "ability",
                [{"op": "CHOICE", "options": [[{"op": "CHOICE", "options": [[VP1], [VP1]]}], [VP1]]}],
            ),
            "action_cards.json: CROWN_VP CHOICE cannot be nested in another CHOICE",
        ),
        (
            "action_cards.json",
            set_card("CROWN_VP", "ability", [{"op": "CHOICE", "options": [[VP1]]}]),
            "action_cards.json: CROWN_VP CHOICE has 1 options; must be at least 2",
        ),
        (
            "guild_tiles.json",
            set_g07("first_place", [{"op": "PER", "count": {"what": "masters"}, "effects": []}]),
            "guild_tiles.json: G07 PER has an empty effect list",
        ),
        (
            "guild_tiles.json",
            set_g07(
                "first_place",
                [
                    {
                        "op": "PER",
                        "count": {"what": "masters"},
                        "effects": [{"op": "PER", "count": {"what": "masters"}, "effects": [VP1]}],
                    }
                ],
            ),
            "guild_tiles.json: G07 PER cannot be nested in another PER",
        ),
        (
            "guild_tiles.json",
            set_g07("first_place", [{"op": "DRAW_LM", "draw": 2, "keep": 3}]),
            "guild_tiles.json: G07 DRAW_LM draw 2 keep 3; need 1 <= keep <= draw",
        ),
        (
            "guild_tiles.json",
            set_g07("first_place", [{"op": "MOVE", "n": 1, "symbol_filter": None, "from": []}]),
            "guild_tiles.json: G07 MOVE from []",
        ),
    ],
)
def test_effects_out_of_place_are_refused(tmp_path: Path, name: str, mutate: Mutation, message: str) -> None:
    assert message in refusal(tmp_path, name, mutate)


def test_a_per_effect_counting_masters_is_accepted_on_a_tile(tmp_path: Path) -> None:
    per = {"op": "PER", "count": {"what": "masters", "back_symbol": "CROWN"}, "effects": [VP1]}
    loaded = load_content(write_pack(tmp_path, "guild_tiles.json", set_g07("first_place", [per])))
    assert loaded.tile["G07"].first_place[0].op == "PER"


# ---------------------------------------------------------------------------------------------
# §9.3 rules 7 and 8: Lord Mayor cards, tokens
# ---------------------------------------------------------------------------------------------


def set_count(card_id: str, field: str, value: Any) -> Mutation:
    def mutate(doc: Doc) -> None:
        card(doc, card_id)["scoring"]["count"][field] = value

    return mutate


def drop_lm21(doc: Doc) -> None:
    doc["items"].pop()


def lm02_takes_lm01s_id(doc: Doc) -> None:
    card(doc, "LM02")["id"] = "LM01"


def lm03_scores_nothing(doc: Doc) -> None:
    card(doc, "LM03")["scoring"]["vp_each"] = 0


def lm04_empty_table(doc: Doc) -> None:
    card(doc, "LM04")["scoring"] = {"kind": "table", "count": {"what": "controlled_tiles"}, "vp": []}


def lm05_sets_of_nothing(doc: Doc) -> None:
    card(doc, "LM05")["scoring"] = {"kind": "sets", "of": [], "vp_per_set": 4, "tile_in_two_slots": False}


def lm06_threshold_zero(doc: Doc) -> None:
    card(doc, "LM06")["scoring"] = {"kind": "threshold", "count": {"what": "masters"}, "k": 0, "vp": 5}


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (drop_lm21, "lord_mayor_cards.json: 20 cards; must be exactly 21"),
        (lm02_takes_lm01s_id, "lord_mayor_cards.json: id LM01 repeated; ids must be unique"),
        (lm03_scores_nothing, "lord_mayor_cards.json: LM03 vp_each 0; must be at least 1"),
        (lm04_empty_table, "lord_mayor_cards.json: LM04 table vp []; must be non-empty, each >= 0"),
        (lm05_sets_of_nothing, "lord_mayor_cards.json: LM05 sets of no symbol"),
        (lm06_threshold_zero, "lord_mayor_cards.json: LM06 k 0; must be at least 1"),
        (set_count("LM16", "number_max", 13), "lord_mayor_cards.json: LM16 filter numbers [1, 13]; must be 1 to 12"),
        (set_count("LM17", "number_min", 5), "lord_mayor_cards.json: LM17 filter number_min above number_max [5, 4]"),
        (set_count("LM18", "kind", "ANY"), "lord_mayor_cards.json: LM18 filter numbers need kind GUILD, not ANY"),
        (set_count("LM01", "location", "PLANTATION"), "lord_mayor_cards.json: LM01 filter location needs liverymen_on"),
    ],
)
def test_rule_7_lord_mayor_cards_are_refused(tmp_path: Path, mutate: Mutation, message: str) -> None:
    assert refusal(tmp_path, "lord_mayor_cards.json", mutate) == message


def test_rule_7_every_scoring_kind_is_accepted(tmp_path: Path) -> None:
    def kinds(doc: Doc) -> None:
        card(doc, "LM04")["scoring"] = {"kind": "table", "count": {"what": "masters"}, "vp": [0, 1, 3, 6]}
        card(doc, "LM05")["scoring"] = {"kind": "sets", "of": list(S), "vp_per_set": 4, "tile_in_two_slots": False}
        card(doc, "LM06")["scoring"] = {"kind": "threshold", "count": {"what": "lm_cards"}, "k": 3, "vp": 5}

    loaded = load_content(write_pack(tmp_path, "lord_mayor_cards.json", kinds))
    assert [type(loaded.lord_mayor_card[i].scoring).__name__ for i in ("LM04", "LM05", "LM06")] == [
        "TableScoring",
        "SetsScoring",
        "ThresholdScoring",
    ]


def test_rule_8_tokens_must_number_30(tmp_path: Path) -> None:
    def nine_vp2(doc: Doc) -> None:
        by_id(doc["items"], "type", "T_VP2")["count"] = 9

    message = refusal(tmp_path, "second_place_tokens.json", nine_vp2)
    assert message == "second_place_tokens.json: counts add up to 29; must be 30"


def test_rule_8_a_token_type_needs_copies_and_an_effect(tmp_path: Path) -> None:
    def empty_type(doc: Doc) -> None:
        doc["items"].append(dict(doc["items"][0], type="T_NONE", count=0, effects=[]))

    message = refusal(tmp_path, "second_place_tokens.json", empty_type)
    assert message == "second_place_tokens.json: T_NONE count 0; must be at least 1"


# ---------------------------------------------------------------------------------------------
# §9.3 rule 9 (cross-file) and rule 10 (CUSTOM handlers)
# ---------------------------------------------------------------------------------------------


def test_rule_9_guild_and_special_ids_share_one_space(tmp_path: Path) -> None:
    message = refusal(tmp_path, "special_buildings.json", set_building("Company Hall", "id", "G01"))
    assert message == "guild_tiles.json + special_buildings.json: tile id G01 repeated; tile ids must be unique"


def set_players(players: str, field: str, value: Any) -> Mutation:
    def mutate(doc: Doc) -> None:
        doc["players"][players][field] = value

    return mutate


def four_hands_of_27(doc: Doc) -> None:
    doc["players"]["4"].update(hand_size=27, hand_limit=27)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            set_players("3", "tiles_per_expansion", 9),
            "tracks.json: 3 players need 45 tiles from the supply; it holds 44",
        ),
        (
            set_players("3", "tiles_per_expansion", 6),
            "tracks.json: 3 players' city reaches 34 tiles; there are 30 tokens",
        ),
        (set_players("4", "lm_dealt", 6), "tracks.json: 4 players are dealt 24 Lord Mayor cards of 21"),
        (four_hands_of_27, "tracks.json: 4 players are dealt 108 action cards of 105"),
    ],
)
def test_rule_9_supplies_must_cover_every_player_count(tmp_path: Path, mutate: Mutation, message: str) -> None:
    assert refusal(tmp_path, "tracks.json", mutate) == message


def test_rule_9_the_2_player_city_has_a_cell_for_every_building_used(tmp_path: Path) -> None:
    message = refusal(tmp_path, "special_buildings.json", set_building("Company Hall", "used_in_2p", False))
    assert message == "tracks.json: 2 players: 3 special buildings used, 4 special cells"


def test_rule_9_a_fixed_start_needs_a_cell(tmp_path: Path) -> None:
    def no_fixed_cell(doc: Doc) -> None:
        doc["players"]["3"]["layout"]["fixed"] = {}
        doc["players"]["3"]["layout"]["drawn"].append([1, 3])

    message = refusal(tmp_path, "tracks.json", no_fixed_cell)
    assert message == "tracks.json: 3 players: no cell for the fixed start of ['S_ST_LAWRENCE']"


def test_rule_10_a_custom_handler_is_not_implemented(tmp_path: Path) -> None:
    custom = [{"op": "CUSTOM", "handler": "parade_bonus", "params": {"vp": 2}}]
    message = refusal(tmp_path, "special_buildings.json", set_building("Lord Mayor's Parade", "first_place", custom))
    assert message == "special_buildings.json: S_LORD_MAYORS_PARADE CUSTOM parade_bonus is not implemented"


def test_rule_10_reaches_nested_effects(tmp_path: Path) -> None:
    nested = [{"op": "CHOICE", "options": [[VP1], [{"op": "CUSTOM", "handler": "odd"}]]}]
    message = refusal(tmp_path, "second_place_tokens.json", lambda doc: doc["items"][0].update(effects=nested))
    assert message == "second_place_tokens.json: T_VP2 CUSTOM odd is not implemented"


# ---------------------------------------------------------------------------------------------
# tracks.json
# ---------------------------------------------------------------------------------------------


def layout_of(players: str, field: str, value: Any) -> Mutation:
    def mutate(doc: Doc) -> None:
        doc["players"][players]["layout"][field] = value

    return mutate


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (set_players("4", "growth", [3, 6, 9]), "tracks.json: 4 players growth [3, 6, 9]; must ascend to 12"),
        (set_players("4", "growth", [3, 9, 6, 12]), "tracks.json: 4 players growth [3, 9, 6, 12]; must ascend to 12"),
        (set_players("2", "resolution", [2, 18]), "tracks.json: 2 players resolution [2, 18] outside 1..16"),
        (
            set_players("4", "expansion", {"3": "N", "12": "E"}),
            "tracks.json: 4 players expansion rounds [3, 12]; must be Growth rounds but the last",
        ),
        (set_players("3", "expansion", {"3": "N", "6": "N"}), "tracks.json: 3 players expansion repeats a direction"),
        (set_players("2", "lm_kept", 4), "tracks.json: 2 players lm_dealt 3; must be at least 4"),
        (layout_of("2", "guildhall", []), "tracks.json: 2 players layout has no Guildhall cell"),
        (
            layout_of("3", "compass_rose", [0, 0]),
            "tracks.json: 3 players layout compass_rose (0, 0) is not a Guildhall",
        ),
        (layout_of("4", "compass_rose", None), "tracks.json: 4 players layout grows but has no compass_rose"),
        (layout_of("3", "drawn", [[1, 0], [1, 0]]), "tracks.json: 3 players layout uses a cell twice"),
        (layout_of("4", "drawn", [[5, 5]]), "tracks.json: 4 players layout is not one connected city"),
    ],
)
def test_tracks_are_refused(tmp_path: Path, mutate: Mutation, message: str) -> None:
    assert message in refusal(tmp_path, "tracks.json", mutate)


def test_the_symbols_file_must_list_the_five_in_order(tmp_path: Path) -> None:
    def swapped(doc: Doc) -> None:
        doc["items"][0], doc["items"][1] = doc["items"][1], doc["items"][0]

    message = refusal(tmp_path, "symbols.json", swapped)
    assert message.startswith("symbols.json: symbols ['ANCHOR', 'COMPASS', 'CROSS', 'SCYTHE', 'CROWN']; must be")


def test_an_unknown_field_is_refused_naming_the_file(tmp_path: Path) -> None:
    """A misspelt field (``mandtory``) would otherwise be ignored silently."""
    message = refusal(tmp_path, "action_cards.json", lambda doc: doc["items"][0]["ability"][0].update(mandtory=True))
    assert "action_cards.json" in message and "mandtory" in message


def test_tiles_of_both_kinds_share_the_lookup(c: Content) -> None:
    assert isinstance(c.tile["G01"], GuildTile) and c.tile["G01"].kind == "GUILD"
    assert isinstance(c.tile["S_UNIVERSITY"], SpecialBuilding) and c.tile["S_UNIVERSITY"].kind == "SPECIAL"
