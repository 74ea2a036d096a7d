"""Option errors name the option and the value it takes in a player's words, not msgspec's."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.engine import convert_options
from engines.core.errors import StateInvalid
from engines.walled_city.state import Options as WalledCityOptions
from engines.walls_of_york.state import Options as WallsOfYorkOptions


@pytest.mark.parametrize(
    ("options_type", "overrides", "message"),
    [
        (WallsOfYorkOptions, {"strict_supply": "maybe"}, "Option strict_supply takes true or false, not 'maybe'."),
        (WallsOfYorkOptions, {"max_turns_per_age": "x"}, "Option max_turns_per_age takes a whole number, not 'x'."),
        (WallsOfYorkOptions, {"king_dice": "d20"}, "Option king_dice takes custom or standard_d6, not 'd20'."),
        (WalledCityOptions, {"board": "moon"}, "Option board takes borderlands or londonderry, not 'moon'."),
        (WalledCityOptions, {"start_player": "first"}, "Option start_player takes a whole number, not 'first'."),
    ],
)
def test_a_bad_value_names_the_option_and_what_it_takes(
    options_type: type[Any], overrides: dict[str, str], message: str
) -> None:
    with pytest.raises(StateInvalid) as raised:
        convert_options(options_type, "A game", 2, overrides, range(2, 5))
    assert str(raised.value) == message
    assert "Expected" not in str(raised.value) and "$." not in str(raised.value)  # none of msgspec's words
    (name,) = overrides
    assert raised.value.field == f"options.{name}"


def test_good_values_given_as_text_are_converted() -> None:
    options = convert_options(
        WallsOfYorkOptions,
        "Walls of York",
        3,
        {"strict_supply": "true", "max_turns_per_age": "12", "king_dice": "standard_d6"},
        range(2, 5),
    )
    assert options.strict_supply is True and options.max_turns_per_age == 12 and options.king_dice == "standard_d6"


def test_citadels_option_errors_are_in_a_players_words_too() -> None:
    from engines.citadels import ENGINE

    with pytest.raises(StateInvalid) as raised:
        ENGINE.make_options(4, {"build_requires_gather": "perhaps"})
    assert str(raised.value) == "Option build_requires_gather takes true or false, not 'perhaps'."
    assert raised.value.field == "options.build_requires_gather"
