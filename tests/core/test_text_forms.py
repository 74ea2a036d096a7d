"""The forms ``engines.core.text`` chooses: a counting message's plural form (and its refusal of a count
that is not a whole number), the seat's name (``Chance`` for the chance seat, ``Seat n`` otherwise), how
``listing`` joins its items and how ``menu_steps`` groups a long menu. Mutation testing found these choices
pinned by no test; each test here asserts the exact text, id and parameters a changed line would alter."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.text import (
    CHANCE_SEAT,
    LIST_AND,
    LIST_COMMA,
    LIST_OR,
    MENU,
    NONE,
    SEAT,
    Message,
    Name,
    Text,
    TextParam,
    listing,
    menu_steps,
    names,
    seat,
)

CARDS = Message("test.cards", "{n} card in {pile}", "{n} cards in {pile}")
PLAIN = Message("test.plain", "{n} points")


# A counting message: the plural form for every count but 1.


@pytest.mark.parametrize(
    ("count", "english"),
    [
        (1, "1 card in the deck"),
        (0, "0 cards in the deck"),
        (2, "2 cards in the deck"),
        (3, "3 cards in the deck"),
        (-1, "-1 cards in the deck"),
    ],
)
def test_a_count_of_one_takes_the_singular_and_any_other_the_plural(count: int, english: str) -> None:
    text = CARDS(n=count, pile="the deck")
    assert text == Text(
        "test.cards",
        (TextParam("n", str(count), "number"), TextParam("pile", "the deck")),
        english,
    )


def test_one_is_singular_and_zero_plural_on_the_same_message() -> None:
    assert CARDS(n=1, pile="hand").english == "1 card in hand"
    assert CARDS(n=0, pile="hand").english == "0 cards in hand"


@pytest.mark.parametrize("count", ["2", "1", 2.0, 1.0, None])
def test_a_count_that_is_not_a_whole_number_is_refused(count: Any) -> None:
    with pytest.raises(TypeError) as raised:
        CARDS(n=count, pile="the deck")
    assert str(raised.value) == "test.cards: {n} counts and must be a number"


def test_a_message_without_a_plural_takes_any_parameter_as_it_is() -> None:
    # Only a counting message checks its count: ``n`` in a message of one form is a parameter like any other.
    assert PLAIN(n="2").english == "2 points"
    assert PLAIN(n=1).english == "1 points"


# A seat's name.


@pytest.mark.parametrize("number", [-1, -2, -7])
def test_a_negative_seat_is_the_chance_seat(number: int) -> None:
    name = seat(number)
    assert name == Name("seat", str(number), Text("core.seat.chance", (), "Chance"))
    assert name.text == CHANCE_SEAT()
    assert str(name) == "Chance"


@pytest.mark.parametrize("number", [0, 1, 2, 5])
def test_a_seat_from_zero_up_is_named_by_its_number(number: int) -> None:
    name = seat(number)
    assert name == Name(
        "seat",
        str(number),
        Text("core.seat", (TextParam("n", str(number), "number"),), f"Seat {number}"),
    )
    assert name.text == SEAT(n=number)
    assert str(name) == f"Seat {number}"


def test_seat_zero_and_the_chance_seat_differ() -> None:
    assert seat(0).english == "Seat 0"
    assert seat(0).ref == "0"
    assert seat(-1).english == "Chance"
    assert seat(-1).ref == "-1"


# A list as one phrase.


def _items(*words: str) -> tuple[TextParam, ...]:
    return tuple(TextParam(str(i), word) for i, word in enumerate(words))


@pytest.mark.parametrize(
    ("items", "english"),
    [
        (["A"], "A"),
        (["A", "B"], "A and B"),
        (["A", "B", "C"], "A, B and C"),
        (["A", "B", "C", "D"], "A, B, C and D"),
    ],
)
def test_a_list_with_and_joins_the_last_item_with_and(items: list[str], english: str) -> None:
    text = listing(items)
    assert text == Text(LIST_AND, _items(*items), english)
    assert listing(items, joined=LIST_AND) == text


@pytest.mark.parametrize(
    ("items", "english"),
    [
        (["A"], "A"),
        (["A", "B"], "A or B"),
        (["A", "B", "C"], "A or B or C"),
    ],
)
def test_a_list_with_or_joins_every_item_with_or(items: list[str], english: str) -> None:
    assert listing(items, joined=LIST_OR) == Text(LIST_OR, _items(*items), english)


@pytest.mark.parametrize(
    ("items", "english"),
    [
        (["A"], "A"),
        (["A", "B"], "A, B"),
        (["A", "B", "C"], "A, B, C"),
    ],
)
def test_a_list_with_commas_joins_every_item_with_a_comma(items: list[str], english: str) -> None:
    assert listing(items, joined=LIST_COMMA) == Text(LIST_COMMA, _items(*items), english)


@pytest.mark.parametrize("joined", [LIST_AND, LIST_OR, LIST_COMMA])
def test_an_empty_list_is_none(joined: str) -> None:
    assert listing([], joined=joined) == Text("core.none", (), "none")
    assert listing([], joined=joined) == NONE()


def test_an_empty_list_is_the_empty_message_given() -> None:
    nothing = Message("test.nothing", "nothing at all")
    assert listing([], empty=nothing) == Text("test.nothing", (), "nothing at all")


def test_a_list_shapes_each_item_as_a_parameter_named_by_its_place() -> None:
    manor = names("test", "district", {"manor": "Manor"})["manor"]
    phrase = CARDS(n=2, pile="hand")
    text = listing([manor, 3, phrase, "H 3 4"])
    assert text == Text(
        LIST_AND,
        (
            TextParam("0", "Manor", "district", "manor", manor.text),
            TextParam("1", "3", "number"),
            TextParam("2", "2 cards in hand", "text", "", phrase),
            TextParam("3", "H 3 4"),
        ),
        "Manor, 3, 2 cards in hand and H 3 4",
    )
    assert [p.name for p in text.params] == ["0", "1", "2", "3"]


def test_a_list_of_seats_names_each_seat() -> None:
    assert listing([seat(0), seat(-1)]).english == "Seat 0 and Chance"
    assert listing([seat(2), seat(3)], joined=LIST_OR).english == "Seat 2 or Seat 3"


# A menu of more than MENU choices: first the group of MENU consecutive choices holding the one chosen.

CHOSEN = Message("test.chosen", "{value}")
GROUP = Message("test.group", "{first} to {last}")


def choices(count: int) -> list[tuple[str, Any]]:
    return [(f"k{i}", f"Choice {i}") for i in range(count)]


def test_a_menu_of_at_most_menu_choices_is_one_step_in_the_choice_s_words() -> None:
    assert menu_steps(CHOSEN, GROUP, "k7", choices(MENU)) == [CHOSEN(value="Choice 7")]
    assert menu_steps(CHOSEN, GROUP, "elsewhere", choices(MENU)) == [CHOSEN(value="elsewhere")]


@pytest.mark.parametrize(("index", "first", "last"), [(0, 0, 24), (24, 0, 24), (25, 25, 49), (61, 50, 61)])
def test_a_longer_menu_groups_the_choices_by_menu_from_the_first(index: int, first: int, last: int) -> None:
    steps = menu_steps(CHOSEN, GROUP, f"k{index}", choices(62))
    assert steps == [GROUP(first=f"Choice {first}", last=f"Choice {last}"), CHOSEN(value=f"Choice {index}")]


def test_a_value_not_in_a_longer_menu_is_one_step() -> None:
    assert menu_steps(CHOSEN, GROUP, "k99", choices(MENU + 1)) == [CHOSEN(value="k99")]
    assert len(menu_steps(CHOSEN, GROUP, "k25", choices(MENU + 1))) == 2  # one more than MENU: grouped
