"""Citadels in words: every decision of random games (2–8 players, engine and external chance, every
preset) has unique labels whose choice paths reach exactly its moves with no menu step over 25 choices;
log lines hide what the table cannot see; refusals give their precise reason."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import pytest
from msgspec.structs import replace

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels.content import CONTENT
from engines.citadels.state import State
from engines.citadels.words import MENU
from engines.core.engine import CHANCE
from engines.core.rng import Rng
from tests.conformance.test_words import walk_problems
from tests.engines.citadels.helpers import Seat, chance_cards, make_state, options, play, turn
from tests.engines.citadels.test_properties import options_for
from tests.engines.setups import new_state

PRESETS = [p.id for p in CONTENT.presets]


def menu_sizes(labels: list[Any]) -> dict[tuple[str, ...], int]:
    """For each menu a player meets walking the paths (keyed by the choices made so far), how many
    choices it offers."""
    menus: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for lab in labels:
        path = [t.english for t in lab.path]
        for k in range(len(path)):
            menus[tuple(path[:k])].add(path[k])
    return {prefix: len(choices) for prefix, choices in menus.items()}


def words_playout(players: int, seed: int, preset: str, external: bool) -> tuple[int, list[str]]:
    """One random game, every decision's labels and paths checked, every move logged. Returns the
    largest decision's size and the public log."""
    options = options_for(players, preset, seed % 2 == 0)
    state: State = ENGINE.new_game(options, None if external else seed)
    rng = Rng.seeded(seed ^ 0x0ACE)
    largest, lines = 0, []
    while ENGINE.pending(state).seats:
        legal = ENGINE.legal_moves(state)
        labels = ENGINE.labels(state, legal)
        texts = Counter(lab.label.english for lab in labels)
        assert all(texts) and max(texts.values()) == 1, [t for t, n in texts.items() if n > 1][:3]
        assert not walk_problems(labels), walk_problems(labels)[:3]
        sizes = menu_sizes(labels)
        too_big = {prefix: n for prefix, n in sizes.items() if n > MENU}
        assert not too_big, (ENGINE.pending(state).kind, too_big)
        largest = max(largest, len(legal))
        index, rng = rng.below(len(legal))
        after = ENGINE.apply(state, legal[index])
        entry = ENGINE.log(state, legal[index], after)
        assert entry.public_line.english and entry.seat == legal[index].seat
        lines.append(entry.public_line.english)
        state = after
    return largest, lines


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("external", [False, True], ids=["seeded", "external"])
def test_every_menu_offers_at_most_25_choices(players: int, external: bool) -> None:
    largest = 0
    for i, preset in enumerate(PRESETS):
        size, lines = words_playout(players, 1000 * players + i, preset, external)
        largest = max(largest, size)
        assert lines
    assert largest > MENU  # the grouping was needed somewhere: some decision has more moves than a menu


def test_robbing_the_killed_king_and_the_assassin_give_different_reasons() -> None:
    s = _first_game_thief_turn(killed="king")
    killed = ENGINE.validate(s, mv.Move(turn(s).seat, mv.Rob("king")))
    rank1 = ENGINE.validate(s, mv.Move(turn(s).seat, mv.Rob("assassin")))
    himself = ENGINE.validate(s, mv.Move(turn(s).seat, mv.Rob("thief")))
    assert [v.code for v in killed + rank1 + himself] == ["CITADELS_BAD_TARGET"] * 3
    assert killed[0].message == "The Thief cannot rob the King: the King was killed this round."
    assert rank1[0].message == "The Assassin cannot be robbed (rank 1 is out of the Thief's reach)."
    assert himself[0].message == "The Thief cannot rob the Thief (its own card)."


def _first_game_thief_turn(killed: str = "") -> State:
    """The Thief's turn of a 4-player first game; the Assassin killed ``killed`` (else the King)."""
    s = ENGINE.new_game(options_for(4, "first_game", False), 7)
    while ENGINE.pending(s).kind != "turn" or turn(s).character != "thief":
        legal = ENGINE.legal_moves(s)
        pick = legal[0]
        kind = ENGINE.pending(s).kind
        if kind == "pick_character":
            order = ("assassin", "thief", "king", "bishop", "merchant", "architect", "warlord", "magician")
            wanted = [m for c in order for m in legal if m.action.character == c]
            pick = wanted[0]
        elif kind == "turn" and turn(s).character == "assassin":
            pick = next((m for m in legal if m.action == mv.Kill(killed or "king")), pick)
        s = ENGINE.apply(s, pick)
        if ENGINE.pending(s).kind == "game_over":
            raise AssertionError("no Thief turn")
    return s


def test_the_public_log_hides_the_pick_and_the_card_drawn_by_chance() -> None:
    options = options_for(4, "first_game", False)
    s = ENGINE.new_game(options, None)
    while ENGINE.pending(s).kind != "pick_character":
        move = ENGINE.legal_moves(s)[0]
        after = ENGINE.apply(s, move)
        entry = ENGINE.log(s, move, after)
        if move.seat == CHANCE and isinstance(move.action, mv.ChanceCard):
            assert CONTENT.district[move.action.card].name_en not in entry.public_line.english
            assert entry.public_line.english.endswith("drew a card")
        s = after
    move = ENGINE.legal_moves(s)[0]
    entry = ENGINE.log(s, move, ENGINE.apply(s, move))
    character = CONTENT.character[move.action.character].name_en
    assert entry.public_line.english == f"Seat {move.seat} picked a character"
    assert entry.private_line is not None and entry.private_line.english == f"You picked the {character}"


def test_a_build_is_logged_with_its_name_and_cost_and_a_keep_hides_the_card() -> None:
    s = ENGINE.new_game(options_for(3, "first_game", False), 11)
    seen_build = seen_keep = False
    rng = Rng.seeded(3)
    while ENGINE.pending(s).seats and not (seen_build and seen_keep):
        legal = ENGINE.legal_moves(s)
        builds = [m for m in legal if isinstance(m.action, mv.Build)]
        index, rng = rng.below(len(legal))
        move = builds[0] if builds else legal[index]
        after = ENGINE.apply(s, move)
        entry = ENGINE.log(s, move, after)
        if isinstance(move.action, mv.Build):
            district = CONTENT.district[move.action.card]
            assert f"built the {district.name_en} for {district.cost} gold" in entry.public_line.english
            seen_build = True
        if isinstance(move.action, mv.Keep):
            character = CONTENT.character[turn(s).character].name_en
            drawn = len(turn(s).drawn)
            assert entry.public_line.english == f"Seat {move.seat} ({character}) drew {drawn} cards and kept 1"
            kept = CONTENT.district[move.action.card].name_en
            assert entry.private_line is not None and entry.private_line.english == f"You kept the {kept}"
            seen_keep = True
        s = after
    assert seen_build and seen_keep


def test_gold_refusals_name_the_cost_and_the_gold_held() -> None:
    s = ENGINE.new_game(options_for(4, "first_game", False), 5)
    while not (ENGINE.pending(s).kind == "turn" and turn(s).gathered):
        s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    seat = turn(s).seat
    players = list(s.players)
    players[seat] = replace(players[seat], gold=3, hand=("cathedral", *players[seat].hand))
    s = replace(s, players=tuple(players))
    refusals = ENGINE.validate(s, mv.Move(seat, mv.Build("cathedral")))
    assert [(v.code, v.message) for v in refusals] == [
        ("CITADELS_NOT_ENOUGH_GOLD", "Cathedral costs 5 gold; you have 3.")
    ]


def test_naming_a_face_up_discard_gives_its_reason() -> None:
    s = _first_game_thief_turn()
    seat = turn(s).seat
    faceup = ENGINE.validate(s, mv.Move(seat, mv.Rob(s.faceup[0])))
    character = CONTENT.character[s.faceup[0]].name_en
    assert [(v.code, v.message) for v in faceup] == [
        (
            "CITADELS_UNKNOWN_CHARACTER",
            f"The {character} was discarded face up this round and cannot be named.",
        )
    ]


def test_warrants_are_logged_in_rank_order_and_only_the_mover_learns_the_signed_one() -> None:
    s = ENGINE.new_game(options_for(4, "ambitious_aristocrats", False), 3)
    rng = Rng.seeded(4)
    while ENGINE.pending(s).seats:
        legal = ENGINE.legal_moves(s)
        warrants = [m for m in legal if isinstance(m.action, mv.Warrants)]
        if warrants:
            move = warrants[-1]
            entry = ENGINE.log(s, move, ENGINE.apply(s, move))
            marked = sorted((move.action.signed, *move.action.unsigned), key=lambda c: CONTENT.character[c].rank)
            shown = [CONTENT.character[c].name_en for c in marked]
            expected = (
                f"Seat {move.seat} (Magistrate) put warrants on the {shown[0]}, the {shown[1]} and the {shown[2]}"
            )
            assert entry.public_line.english == expected
            signed = CONTENT.character[move.action.signed].name_en
            assert entry.private_line is not None
            assert entry.private_line.english == f"You signed the warrant for the {signed}"
            return
        index, rng = rng.below(len(legal))
        s = ENGINE.apply(s, legal[index])
    raise AssertionError("no Magistrate turn in the game")


@pytest.mark.parametrize("players", [2, 4])
def test_the_pick_prompt_mentions_the_discard_only_when_there_is_one(players: int) -> None:
    """With 2 players most picks also discard a character face down (R-4.2); the prompt says so exactly
    then, and never in a larger game."""
    from engines.citadels import ENGINE

    state = new_state(ENGINE, players, seed=3)
    discards = []
    while state.phase == "selection" and state.queue:
        pending = ENGINE.pending(state)
        assert pending.prompt.startswith("Keep a character")
        discards.append("discard" in pending.prompt)
        assert discards[-1] == state.queue[0].discard, pending.prompt
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    assert any(discards) == (players == 2)


def test_every_character_and_unique_district_says_what_it_does() -> None:
    """Issue 9: a plain line for each of the 27 characters and the 30 unique districts, none for a basic
    district, each short enough for one line of a menu (``MAX_TEXT``)."""
    from engines.citadels.content import MAX_TEXT

    uniques = [d for d in CONTENT.districts if d.type == "unique"]
    basics = [d for d in CONTENT.districts if d.type != "unique"]
    assert len(CONTENT.characters) == 27 and len(uniques) == 30
    missing = [i.id for i in (*CONTENT.characters, *uniques) if not i.text_en.strip()]
    assert missing == []
    assert [d.id for d in basics if d.text_en] == []
    assert max(len(i.text_en) for i in (*CONTENT.characters, *uniques)) <= MAX_TEXT
    assert len({c.text_en for c in CONTENT.characters}) == 27
    assert all("text_en" in i.source for i in (*CONTENT.characters, *uniques))


@pytest.mark.parametrize("players", [2, 5])
def test_pick_labels_say_what_the_character_does(players: int) -> None:
    """Every pick of the selection shows the kept character's ability after its name; the path is
    unchanged (kind of action, character, and with 2 players the discard)."""
    state = ENGINE.new_game(options_for(players, "first_game", False), 7)
    seen = set()
    while state.phase == "selection" and state.queue:
        legal = ENGINE.legal_moves(state)
        for move, lab in zip(legal, ENGINE.labels(state, legal), strict=True):
            kept = CONTENT.character[move.action.character]
            assert lab.label.english.startswith(f"Pick the {kept.name_en} — {kept.text_en}")
            assert dict((p.name, p.value) for p in lab.label.params)["ability"] == f" — {kept.text_en}"
            assert [t.english for t in lab.path[:2]] == ["Pick a character", kept.name_en]
            seen.add(kept.id)
        state = ENGINE.apply(state, legal[0])
    assert len(seen) >= 6


def test_build_labels_say_what_a_unique_district_does_and_a_basic_one_only_its_cost() -> None:
    s = ENGINE.new_game(options_for(4, "first_game", False), 5)
    while not (ENGINE.pending(s).kind == "turn" and turn(s).gathered):
        s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    seat = turn(s).seat
    players = list(s.players)
    players[seat] = replace(players[seat], gold=6, hand=("library", "manor"), city=())
    s = replace(s, players=tuple(players))
    legal = ENGINE.legal_moves(s)
    builds = {
        m.action.card: lab
        for m, lab in zip(legal, ENGINE.labels(s, legal), strict=True)
        if isinstance(m.action, mv.Build)
    }
    library = CONTENT.district["library"].text_en
    assert builds["library"].label.english == f"Build the Library (pay 6 gold) — {library}"
    assert builds["manor"].label.english == "Build the Manor (pay 3 gold)"
    assert [t.english for t in builds["library"].path] == ["Build", "Library", "Pay 6 gold"]


def test_describe_game_lists_the_texts() -> None:
    from engines.citadels.engine import GAME

    content = GAME.describe()
    magician = next(c for c in content["characters"] if c["id"] == "magician")
    assert magician["text_en"] == CONTENT.character["magician"].text_en != ""
    museum = next(d for d in content["districts"] if d["id"] == "museum")
    assert museum["text_en"].startswith("once a turn")


def test_a_content_pack_without_texts_still_loads(tmp_path: Any) -> None:
    """A pack written before the texts existed leaves ``text_en`` out: it loads, with empty texts."""
    import json

    from engines.citadels.content import DATA_DIR, load_content

    for name in ("characters.json", "districts.json"):
        data = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        for item in next(iter(data.values())):
            item.pop("text_en", None)
        (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    content = load_content(tmp_path)
    assert {c.text_en for c in content.characters} == {""}
    assert {d.text_en for d in content.districts} == {""}


def test_content_refuses_a_text_too_long_for_a_menu_or_on_a_basic_district() -> None:
    from engines.citadels.content import MAX_TEXT, validate_content
    from engines.core.content import ContentError

    chars = list(CONTENT.characters)
    chars[0] = replace(chars[0], text_en="x" * (MAX_TEXT + 1))
    with pytest.raises(ContentError, match=f"at most {MAX_TEXT} characters: \\['{chars[0].id}'\\]"):
        validate_content(replace(CONTENT, characters=tuple(chars)))
    districts = [replace(d, text_en="does something") if d.id == "manor" else d for d in CONTENT.districts]
    with pytest.raises(ContentError, match="basic district manor"):
        validate_content(replace(CONTENT, districts=tuple(districts)))


# ---- words for players (issue #23): no zero offered as a quantity, log lines that tell the truth ----------


def _label(s: State, action: Any, seat: int | None = None) -> str:
    """The label of the legal move ``action`` (of the pending seat unless ``seat`` is given)."""
    move = mv.Move(ENGINE.pending(s).seats[0] if seat is None else seat, action)
    assert move in ENGINE.legal_moves(s), move
    return ENGINE.labels(s, [move])[0].label.english


def _logged(s: State, action: Any) -> str:
    move = mv.Move(ENGINE.pending(s).seats[0], action)
    return ENGINE.log(s, move, ENGINE.apply(s, move)).public_line.english


def test_a_bribe_of_half_of_one_gold_is_offered_and_logged_as_nothing() -> None:
    """§11 B21: with 1 gold the bribe is ⌊1/2⌋ = 0 and still a choice (paying removes the threat), so it is
    offered in words, not as "0 gold"; the log says the same."""
    from tests.engines.citadels.test_rules import _blackmail_state, _king_refuses

    s = _king_refuses(_blackmail_state(1, flowered="king", blank="merchant"))
    s = play(s, mv.GatherCards())
    s = chance_cards(s, "manor", "manor")
    s = play(s, mv.Keep("manor"))
    assert ENGINE.pending(s).prompt == "Pay the Blackmailer half your gold?"
    assert _label(s, mv.Accept()) == "Pay the Blackmailer nothing (half your gold, rounded down)"
    assert _logged(s, mv.Accept()) == "Seat 0 (Merchant) paid the Blackmailer nothing (half their gold, rounded down)"


def test_income_with_no_district_of_the_type_says_no_income() -> None:
    """An income ability used with no district of its type takes nothing: the label and the line say so in
    words (the move stays legal: the ability may be used, and is then used up, at any time of the turn)."""
    s = make_state(
        options(4),
        [Seat(characters=("king",)), Seat(characters=("thief",)), Seat(), Seat()],
        start_rank=4,
    )
    assert ENGINE.pending(s).prompt == "Your turn as the King"
    assert _label(s, mv.Income(gold=0)) == "Take no income (no noble districts to count)"
    assert _logged(s, mv.Income(gold=0)) == "Seat 0 (King) took no income (no districts to count)"


def test_destroying_a_district_of_cost_one_is_offered_as_free() -> None:
    s = make_state(
        options(4),
        [
            Seat(gold=2, characters=("warlord",)),
            Seat(city=("temple", "manor"), characters=("king",)),
            Seat(),
            Seat(),
        ],
        start_rank=8,
    )
    s = play(s, mv.GatherGold())
    destroy = ENGINE.labels(s, [mv.Move(0, mv.Destroy(1, "temple"))])[0]
    assert destroy.label.english == "Destroy Seat 1's Temple (free)"
    assert [t.english for t in destroy.path] == ["Destroy", "Seat 1", "Temple (free)"]
    assert _label(s, mv.Destroy(1, "manor")) == "Destroy Seat 1's Manor (2 gold)"
    assert _logged(s, mv.Destroy(1, "temple")) == "Seat 0 (Warlord) destroyed Seat 1's Temple for free"


def test_chance_is_worded_without_a_seat_speaking() -> None:
    """External chance: the prompt and the labels say what chance decides; the lines say what happened."""
    s = ENGINE.new_game(options_for(2, "first_game", False), None)
    assert ENGINE.pending(s).seats == (CHANCE,)
    prompts, lines = set(), set()
    while ENGINE.pending(s).seats == (CHANCE,):
        prompts.add(ENGINE.pending(s).prompt)
        move = ENGINE.legal_moves(s)[0]
        label = ENGINE.labels(s, [move])[0].label.english
        if isinstance(move.action, mv.ChanceCard):
            assert label.startswith("Draw the ") and label.endswith((" for Seat 0", " for Seat 1")), label
        after = ENGINE.apply(s, move)
        lines.add(ENGINE.log(s, move, after).public_line.english)
        s = after
    assert {"Draw a district card for Seat 0", "Discard a character face down"} <= prompts
    assert "Chance discarded a character face down" in lines
    assert not any(":" in p for p in prompts)


def test_an_architect_chooses_to_draw_and_each_card_drawn_is_its_own_line() -> None:
    """The Architect's 2 extra cards are drawn by chance afterwards (a line each): his own line says what he
    chose, not that he drew them already."""
    s = make_state(
        options(4),
        [Seat(characters=("architect",)), Seat(characters=("king",)), Seat(), Seat()],
        start_rank=7,
    )
    s = play(s, mv.GatherGold())
    move = mv.Move(0, mv.ArchitectDraw())
    after = ENGINE.apply(s, move)
    assert ENGINE.log(s, move, after).public_line.english == "Seat 0 (Architect) chose to draw 2 extra cards"
    assert ENGINE.pending(after).seats == (CHANCE,)
    draw = ENGINE.legal_moves(after)[0]
    assert ENGINE.log(after, draw, ENGINE.apply(after, draw)).public_line.english == "Seat 0 drew a card"


def test_a_refused_ability_is_named_in_words() -> None:
    s = _first_game_thief_turn()
    refusal = ENGINE.validate(s, mv.Move(turn(s).seat, mv.MagicSwap(0)))
    assert [v.message for v in refusal] == ["The Thief cannot exchange hands."]
    wrong_seat = ENGINE.validate(s, mv.Move(turn(s).seat + 1, mv.EndTurn()))
    assert (
        wrong_seat[0].message
        == f"It is seat {turn(s).seat}'s decision (Your turn as the Thief), not seat {turn(s).seat + 1}'s."
    )
