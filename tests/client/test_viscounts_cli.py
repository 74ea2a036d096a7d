"""Viscounts of the West Kingdom in the terminal: the words and codes the drawing uses (the drawings of
real states through the service come with the game's registration).
"""

from __future__ import annotations

from rulesengine_client.viscounts import Content, effect_text, icons, per_seat, space_text

# ---- the pieces of the drawing ------------------------------------------------------------------


def test_effects_icons_and_spaces_in_words() -> None:
    assert effect_text({"op": "silver", "n": 2}) == "2 silver"
    assert effect_text({"op": "all", "of": [{"op": "ink"}, {"op": "stone"}]}) == "ink + stone"
    assert effect_text({"op": "choice", "of": [{"op": "free_hire"}, {"op": "destroy"}]}) == "free hire or destroy"
    cost = {"op": "cost", "pay": {"op": "gold"}, "gain": {"op": "virtue", "n": 2}}
    assert effect_text(cost) == "pay gold for 2 virtue"
    assert effect_text({"op": "if", "criminals": ">=1", "then": {"op": "gain_debt"}}) == "if criminals >=1: debt"
    assert effect_text({"op": "free_manuscript", "costs": [3.0, 4.0]}) == "free manuscript (cost 3/4)"
    assert effect_text({"op": "place_workers", "n": 2, "where": "any_section"}) == "2 workers (any section)"
    assert effect_text({"op": "build_free", "building": ""}) == "free any building"
    assert effect_text({"op": "draw", "n": 2}) == "draw x2" and effect_text(None) == "nothing"
    assert icons(["CLERIC", "MERCHANT", "CRIMINAL"]) == "C M X" and icons([]) == "-"
    assert space_text(0) == "segment 1 outer-left (space 0)" and space_text(13) == "segment 5 inner (space 13)"
    assert space_text(-1) == "not on the board"
    assert per_seat((2, 0, 1)) == "2/0/1" and per_seat((0, 0)) == "-"
    assert Content.from_data({"guild_tiles": []}) is None  # another game's content
