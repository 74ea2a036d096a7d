"""Words for players, not for the code, in every registered game (issue #23, item 3).

Everything a player reads of a seeded game — option descriptions, prompts, move labels and their choice
paths, public and private log lines, score categories and details, and the messages of refused moves — is
collected from a few random games of every game and checked:

- no rule IDs or spec section numbers (``R-4.2``, ``§11 B25``): the rule behind a violation is its code's,
  documented in ``docs/<game>.md``;
- no code words (``SCYTHE_HIRE``, ``all_types``, ``GameAborted``) and no short ids (``LM01``) a player cannot look up: a
  short id is allowed only when the game's picture prints it (the board's coordinates), so a player can
  find it;
- a prompt does not name the seat it is addressed to (the client says whose decision it is, so a seat is
  never named twice), and a private line does not start with a speaker (``You: …``);
- every public log line says what happened, in the past tense, its first word after the actor a verb in
  the past tense;
- no move that does nothing is offered as a quantity of zero (``Take 0 gold``): where the rules let a
  player decline, the label says so in words;
- every option is described in words, not only by a citation.

Nothing here names a game: the checks run over ``registry.engines()``.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest

from engines.core.errors import IllegalMove
from tests.conformance.support import ENGINES, Setup, near_misses, setup_sample

SETUPS_PER_GAME = 3
#: Refused near-miss moves tried at every this many decisions (each costs a validate per near miss).
NEAR_MISS_EVERY = 7

RULE_CITATION = re.compile(r"\bR-\d|§|\b[A-D]-\d{1,2}\s*:|\bspec\b")
CODE_WORD = re.compile(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b")
SHORT_ID = re.compile(r"\b[A-Z]{1,3}-?\d{1,3}\b")
SPEAKER = re.compile(r"^(Seat \d+|Chance|Every player|Open players|All players|You)\s*:")
ZERO_QUANTITY = re.compile(r"(?<![\w/.+-])0 [a-z]")
#: A log line's verb: regular past tense, or one of these irregular ones.
IRREGULAR_PAST = frozenset(
    [
        "began",
        "bought",
        "built",
        "chose",
        "came",
        "did",
        "drew",
        "fell",
        "forgot",
        "gave",
        "got",
        "had",
        "held",
        "hid",
        "kept",
        "knew",
        "laid",
        "left",
        "lost",
        "made",
        "met",
        "paid",
        "put",
        "ran",
        "rode",
        "said",
        "sold",
        "sent",
        "set",
        "shot",
        "showed",
        "sought",
        "spent",
        "spun",
        "stood",
        "stole",
        "swept",
        "swore",
        "swung",
        "took",
        "tore",
        "threw",
        "told",
        "went",
        "won",
        "wove",
        "wrote",
    ]
)


@dataclass
class Words:
    """The distinct texts a game showed, by where they were shown."""

    by_place: dict[str, set[str]] = field(default_factory=dict)
    public_lines: set[str] = field(default_factory=set)
    picture_words: set[str] = field(default_factory=set)

    def add(self, place: str, texts: Iterable[str]) -> None:
        self.by_place.setdefault(place, set()).update(t for t in texts if t)

    def everything(self) -> Iterable[tuple[str, str]]:
        for place, texts in self.by_place.items():
            for text in texts:
                yield place, text


def picture_words(engine: Any, state: Any, seat: int | None) -> set[str]:
    """Every word printed on the picture of ``seat``'s view (texts and tooltips)."""
    root = ElementTree.fromstring(engine.picture(engine.view(state, seat), seat).svg)
    texts = [node.text or "" for node in root.iter() if node.tag.rsplit("}", 1)[-1] in ("text", "title", "tspan")]
    return {word for t in texts for word in re.findall(r"[\w-]+", t)}


def collect(setup: Setup) -> Words:
    """Play one random game of ``setup`` to its end, keeping every text a player reads."""
    engine, binding = setup.engine, setup.binding
    rng = random.Random(setup.bot_seed)
    words = Words()
    words.add("option description", (option.doc for option in engine.info.options))
    state = setup.new_game()
    for decision in range(20_000):
        legal = list(engine.legal_moves(state))
        if not legal:
            break
        words.add("prompt", [engine.pending(state).prompt])
        labels = engine.labels(state, legal)
        words.add("label", (label.label.english for label in labels))
        words.add("choice path", (step.english for label in labels for step in label.path))
        move = rng.choice(legal)
        if decision % NEAR_MISS_EVERY == 0:
            for other in near_misses(binding, len(setup.seats), move, rng, 4):
                words.add("refusal", (v.message for v in engine.validate(state, other)))
        after = engine.apply(state, move)
        entry = engine.log(state, move, after)
        words.add("public log line", [entry.public_line.english])
        words.public_lines.add(entry.public_line.english)
        if entry.private_line is not None:
            words.add("private log line", [entry.private_line.english])
        if decision % 50 == 0:
            words.picture_words |= picture_words(engine, after, None)
            add_score(words, engine, after)
        state = after
    add_score(words, engine, state)
    words.picture_words |= picture_words(engine, state, None)
    return words


def add_score(words: Words, engine: Any, state: Any) -> None:
    sheet = engine.score(state)
    words.add("score category", (e.category for s in sheet.seats for e in s.entries))
    words.add("score detail", (e.detail for s in sheet.seats for e in s.entries))
    words.add("tiebreak", (s.tiebreak for s in sheet.seats))


SETUPS = setup_sample(SETUPS_PER_GAME)


@pytest.fixture(scope="module", params=SETUPS, ids=lambda s: s.id)
def words(request: pytest.FixtureRequest) -> Words:
    try:
        return collect(request.param)
    except IllegalMove as error:  # pragma: no cover - a legal move refused is another test's failure
        pytest.fail(f"a legal move was refused: {error}")


def found(words: Words, pattern: re.Pattern[str], places: Iterable[str] | None = None) -> list[str]:
    wanted = set(places) if places is not None else None
    hits = {
        f"{place}: {text!r}"
        for place, text in words.everything()
        if (wanted is None or place in wanted) and pattern.search(text)
    }
    return sorted(hits)[:12]


def test_no_rule_ids_or_section_numbers(words: Words) -> None:
    assert found(words, RULE_CITATION) == []


def test_no_code_words(words: Words) -> None:
    assert found(words, CODE_WORD) == []


def test_short_ids_are_ones_the_picture_prints(words: Words) -> None:
    unknown = sorted(
        {
            f"{place}: {token} in {text!r}"
            for place, text in words.everything()
            for token in SHORT_ID.findall(text)
            if token not in words.picture_words
        }
    )
    assert unknown[:12] == []


def test_a_prompt_does_not_name_its_seat_and_a_private_line_has_no_speaker(words: Words) -> None:
    assert found(words, SPEAKER, ["prompt", "private log line"]) == []


def test_log_lines_say_what_happened_in_the_past_tense(words: Words) -> None:
    assert sorted(line for line in words.public_lines if not in_past_tense(line))[:12] == []


def test_no_move_of_nothing_is_offered_as_zero(words: Words) -> None:
    assert found(words, ZERO_QUANTITY, ["label", "choice path"]) == []


@pytest.mark.parametrize("game_id", sorted(ENGINES))
def test_every_option_is_described_in_words(game_id: str) -> None:
    bare = [
        option.name
        for option in ENGINES[game_id].info.options
        if len(re.findall(r"[A-Za-z]{3,}", RULE_CITATION.sub("", option.doc))) < 4
    ]
    assert bare == []


def in_past_tense(line: str) -> bool:
    """Whether ``line`` reads ``<actor> <verb in the past tense> …``: the actor is a seat (optionally with a
    role in parentheses) or Chance, and the first word after it is a past-tense verb."""
    match = re.match(r"^(?:Seat \d+|Chance)(?: \([^)]*\))?,? (\w+)", line)
    if match is None:
        return False
    verb = match.group(1)
    return verb in IRREGULAR_PAST or verb.endswith("ed")


def test_the_checks_see_what_they_look_for() -> None:
    assert RULE_CITATION.search("Rank-9 character (R-3.1.2).") and RULE_CITATION.search("§11 B25.")
    assert RULE_CITATION.search("A-34: a first-place tie adds 1")
    assert CODE_WORD.search("Hire a liveryman with SCYTHE_HIRE") and CODE_WORD.search("all_types")
    assert SHORT_ID.findall("Keep Lord Mayor card LM01") == ["LM01"]
    assert SPEAKER.search("Seat 0: keep a character") and SPEAKER.search("You: You picked the King")
    assert not in_past_tense("Seat 2: Hire a liveryman") and not in_past_tense("Seat 1 keeps a card")
    assert in_past_tense("Seat 2 hired 2 liverymen") and in_past_tense("Seat 0 (Thief) robbed the King")
    assert ZERO_QUANTITY.search("Take 0 gold") and not ZERO_QUANTITY.search("Place card 2/0 in Z1")
    assert not CODE_WORD.search("Seat 0 built the Haunted Quarter")
    assert CODE_WORD.search("ended early: GameAborted: Age 2 passed 301 turns")
