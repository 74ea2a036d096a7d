"""A score sheet names winners only once the game is over (issue #23): a running game's sheet names its
leaders, the seats in first place now, and no winners."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.scoring import ScoreEntry, ScoreSheet, rank, seat_score


def _sheet(final: bool) -> ScoreSheet:
    scores = [seat_score(0, [ScoreEntry("districts", 5)]), seat_score(1, [ScoreEntry("districts", 7)])]
    return rank(scores, lambda seat: (0, ""), final=final)


def test_a_provisional_sheet_names_leaders_and_no_winners() -> None:
    sheet = _sheet(final=False)
    assert sheet.winners == () and sheet.leaders == (1,)


def test_a_final_sheet_names_its_winners_and_the_same_leaders() -> None:
    sheet = _sheet(final=True)
    assert sheet.winners == sheet.leaders == (1,)


@pytest.mark.parametrize("game_id", sorted(registry.engines()))
def test_a_new_game_of_every_game_has_leaders_but_no_winner(game_id: str) -> None:
    engine = registry.engines()[game_id]
    state = engine.new_game(engine.make_options(engine.info.min_players, {}), 1)
    sheet = engine.score(state)
    assert not sheet.final and sheet.winners == () and sheet.leaders
