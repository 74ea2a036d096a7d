"""Viscounts of the West Kingdom in words (engines/viscounts/words.py): every kind of move has a label and a path
of choices; over seeded random games for 1-4 players the labels are unique within each decision and the paths
walk menus of at most 25 choices that lead to exactly the legal moves; the public log line of a card drawn into
a hand names no card while the private line does (§9, §12 invariant 19); a blind play, discard or destroy shows
its card; a log replays the same (§12 invariant 17); and each kind of move is worded as a player says it, with
the exact strings.

States are dealt through the engine with external chance, every chance answered with the first piece on offer
(segments A..E at ring positions 1..5, rotation 0, the pile tops Acolyte, Antagonist, Architect, Aristocrat,
Artisan and M-05, M-08, M-10, M-23, M-30), then changed with ``msgspec.structs.replace`` where an example needs
a particular hand, space, pile or queued decision.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from engines.core.engine import CHANCE
from engines.core.text import LogEntry, MoveLabel
from engines.viscounts import moves as mv
from engines.viscounts import state as vs
from engines.viscounts import words
from engines.viscounts.board import space_name
from engines.viscounts.common import CONTENT, owned, set_player
from engines.viscounts.content import Effect
from engines.viscounts.engine import ACTIONS, ENGINE
from engines.viscounts.names import scheme_words
from engines.viscounts.state import DrawCard, DrawScheme, State, Step
from tests.engines.setups import new_state

Move = mv.Move
MENU_LIMIT = 25
PROPS = settings(max_examples=12)


# ---- dealing states ---------------------------------------------------------------------------------------------


def deal(players: int, stop: Callable[[State], bool], seed: int | None = None) -> State:
    """A game of ``players`` from its start, every decision answered with the first legal move, up to the first
    state where ``stop`` holds."""
    s = new_state(ENGINE, players, seed=seed)
    while not stop(s):
        s = ENGINE.apply(s, ENGINE.legal_moves(s)[0])
    return s


def pending(kind: str) -> Callable[[State], bool]:
    return lambda s: ENGINE.pending(s).kind == kind


TABLE = deal(2, lambda s: s.stage == "turns")
"""Seat 0 (player card 2, Bertha; on segment 1 outer-right with 6 silver, 2 ink) is about to play; its hand is
Abbot, Bertha, Financier."""


def at(s: State, *steps: Step, **player: Any) -> State:
    """``s`` with ``steps`` as its queue and seat 0's holdings changed."""
    return set_player(replace(s, queue=steps), 0, **player)


def phase(s: State, name: str, **player: Any) -> State:
    """``s`` at seat 0's turn phase ``name`` with nothing queued."""
    assert s.turn is not None
    return at(replace(s, turn=replace(s.turn, phase=name)), **player)


def worded(s: State, action: Any, seat: int = 0) -> MoveLabel:
    return ENGINE.labels(s, [Move(seat, action)])[0]


def english(s: State, action: Any, seat: int = 0) -> str:
    return worded(s, action, seat).label.english


def path(s: State, action: Any, seat: int = 0) -> list[str]:
    return [t.english for t in worded(s, action, seat).path]


def logged(s: State, action: Any, seat: int = 0) -> LogEntry:
    move = Move(seat, action)
    return ENGINE.log(s, move, ENGINE.apply(s, move))


# ---- every decision of random games -------------------------------------------------------------------------


def menu_problems(labels: list[MoveLabel]) -> list[str]:
    """What keeps the paths from leading to exactly these moves in chat menus: two moves sharing a path, a path
    ending where another goes on, a menu of more than 25 choices."""
    paths = [tuple(t.english for t in lab.path) for lab in labels]
    problems = [f"shared path {p}" for p, n in Counter(paths).items() if n > 1]
    whole = set(paths)
    problems += [f"{p[:k]} ends and goes on" for p in whole for k in range(1, len(p)) if p[:k] in whole]
    menus: dict[tuple[str, ...], set[str]] = {}
    for p in whole:
        for k, step in enumerate(p):
            menus.setdefault(p[:k], set()).add(step)
    return problems + [f"menu {k} has {len(v)} choices" for k, v in menus.items() if len(v) > MENU_LIMIT]


def play_checked(players: int, seed: int | None, rng: random.Random, seen: Counter[str]) -> int:
    """One random game to the end, every decision's labels and paths checked and every move logged; counts in
    ``seen`` the kinds of move worded and the decisions whose paths were split into groups."""
    s = new_state(ENGINE, players, seed=seed)
    decisions = 0
    while legal := ENGINE.legal_moves(s):
        labels = ENGINE.labels(s, legal)
        texts = [lab.label.english for lab in labels]
        assert all(texts) and len(set(texts)) == len(texts), (ENGINE.pending(s).kind, Counter(texts).most_common(2))
        assert not menu_problems(labels), (ENGINE.pending(s).kind, menu_problems(labels)[:3])
        assert all(lab.label.id.startswith("viscounts.move.") for lab in labels)
        seen["grouped"] += any(t.id.endswith("_group") for lab in labels for t in lab.path)
        move = rng.choice(legal)
        after = ENGINE.apply(s, move)
        entry = ENGINE.log(s, move, after)
        assert entry.seat == move.seat and entry.public_line.id.startswith("viscounts.log.")
        seen[type(move.action).__name__] += 1
        s, decisions = after, decisions + 1
    return decisions


@pytest.mark.parametrize("external", [False, True], ids=["seeded", "external"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_labels_are_unique_and_paths_walk_menus_of_at_most_25(players: int, external: bool) -> None:
    seen: Counter[str] = Counter()
    for game in range(3):
        seed = None if external else 1000 * players + game
        assert play_checked(players, seed, random.Random(players * 31 + game), seen) > 20
    assert seen["Play"] and seen["MoveTo"] and seen["NoAction"]
    if external:
        assert seen["grouped"] > 0  # a townsfolk drawn among 68 is chosen in two steps


def test_every_kind_of_move_is_worded() -> None:
    kinds = set(get_args(mv.Action))
    assert len(kinds) == 32 and kinds == set(ACTIONS)
    assert all(act.label is not None and act.log is not None for act in ACTIONS.values())


# ---- hidden and shown cards (§9) -----------------------------------------------------------------------------------


def test_a_card_drawn_into_a_hand_is_named_only_in_the_private_line() -> None:
    s = deal(2, lambda s: any(isinstance(step, DrawCard) for step in s.queue[:1]))
    assert s.queue[0] == DrawCard(1, "hand")
    entries = [ENGINE.log(s, m, ENGINE.apply(s, m)) for m in ENGINE.legal_moves(s)]
    assert len(entries) == 9  # the 8 starting cards and Ada: one public line for them all
    assert {e.public_line.english for e in entries} == {"Seat 1 drew a card"}
    assert {e.public_line.params[1].text.id for e in entries} == {"viscounts.did.card_drawn_hand_hidden"}
    assert [e.private_line.english for e in entries if e.private_line] == [
        "Seat 1 drew Abbot (2)",
        "Seat 1 drew Ada (2)",
        "Seat 1 drew Financier (3)",
        "Seat 1 drew Journeyman (2)",
        "Seat 1 drew Labourer (2)",
        "Seat 1 drew Lender (1)",
        "Seat 1 drew Squire (2)",
        "Seat 1 drew Thief (1)",
        "Seat 1 drew Trader (1)",
    ]
    assert all(e.seat == CHANCE for e in entries)


@pytest.mark.parametrize(
    ("purpose", "line"),
    [
        ("play", "Seat 0 played Thief (1) blind from the draw pile"),
        ("discard", "Seat 0 discarded Thief (1) from the top of the draw pile"),
        ("destroy", "Seat 0 destroyed Thief (1) from the top of the draw pile (+1 silver)"),
    ],
)
def test_a_blind_play_discard_or_destroy_shows_its_card(purpose: str, line: str) -> None:
    s = at(TABLE, DrawCard(0, purpose))  # type: ignore[arg-type]
    entry = ENGINE.log(s, Move(CHANCE, mv.CardDrawn("thief")), s)
    assert entry.public_line.english == line and entry.private_line is None


def test_the_hand_draw_rule_holds_in_every_game() -> None:
    """§12 invariant 19 over random external games: every hand draw's alternatives share one public line that
    names none of them, and the private line names the card drawn."""
    rng = random.Random(5)
    draws = 0
    for players in (1, 2, 3, 4):
        s = new_state(ENGINE, players)
        while legal := ENGINE.legal_moves(s):
            head = s.queue[0] if s.queue else None
            if isinstance(head, DrawCard) and head.purpose == "hand":
                entries = [(m, ENGINE.log(s, m, ENGINE.apply(s, m))) for m in legal]
                assert len({e.public_line for _, e in entries}) == 1
                for m, e in entries:
                    name = words.card_name(m.action.card).english
                    assert name not in e.public_line.english and e.private_line is not None
                    assert e.private_line.english.startswith(f"Seat {head.seat} drew {name}")
                draws += 1
            s = ENGINE.apply(s, rng.choice(legal))
    assert draws > 40


def test_a_future_scheme_shuffled_into_the_ai_pile_stays_hidden() -> None:
    s = deal(1, lambda s: bool(s.queue) and isinstance(s.queue[0], DrawScheme))
    assert s.queue[0] == DrawScheme(1, future=True, setup=True)
    scheme = ENGINE.legal_moves(s)[0]
    entry = ENGINE.log(s, scheme, ENGINE.apply(s, scheme))
    assert entry.public_line.english.startswith("Chance shuffled a Future Scheme into the pile of Seat 1 (AI)")
    assert scheme_words(scheme.action.scheme).english not in entry.public_line.english
    assert entry.private_line is not None
    assert entry.private_line.english.startswith(f"Chance shuffled {scheme_words(scheme.action.scheme).english} into")


def test_the_movers_private_line_names_the_cards_their_move_made_them_draw() -> None:
    s = deal(2, pending("recruit"), seed=11)
    seat = ENGINE.pending(s).seats[0]
    move = Move(seat, mv.Pass())
    after = ENGINE.apply(s, move)
    drawn = sorted((Counter(after.players[seat].hand) - Counter(s.players[seat].hand)).elements())
    entry = ENGINE.log(s, move, after)
    assert drawn and entry.private_line is not None
    counted = f"{len(drawn)} cards" if len(drawn) > 1 else "a card"
    assert entry.public_line.english.startswith(f"Seat {seat} hired nobody — then Seat {seat} drew {counted}")
    assert not any(words.card_name(c).english in entry.public_line.english for c in drawn)
    said = entry.private_line.english
    assert said.startswith("You hired nobody — then you drew ") and "Seat" not in said.split(";")[0]
    assert sorted(said.split(";")[0].removeprefix("You hired nobody — then you drew ").split(", ")) == sorted(
        words.card_name(c).english for c in drawn
    )


@PROPS
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(1, 4))
def test_a_replayed_game_logs_the_same_lines(seed: int, players: int) -> None:
    """§12 invariant 17: the same seed and moves give the same log, line for line."""

    def lines() -> list[LogEntry]:
        rng = random.Random(seed)
        s = new_state(ENGINE, players, seed=seed)
        out = []
        for _ in range(60):
            legal = ENGINE.legal_moves(s)
            if not legal:
                break
            move = rng.choice(legal)
            after = ENGINE.apply(s, move)
            out.append(ENGINE.log(s, move, after))
            s = after
        return out

    first = lines()
    assert first and first == lines()


# ---- what followed by itself ---------------------------------------------------------------------------------


def test_a_solo_move_says_what_the_ai_did_and_the_round_reached() -> None:
    """§8.4: in a seeded solo game the human's last move of a turn is followed by the AI's whole turn."""
    rng = random.Random(2)
    s = new_state(ENGINE, 1, seed=21)
    turns = 0
    while legal := ENGINE.legal_moves(s):
        move = rng.choice(legal)
        after = ENGINE.apply(s, move)
        line = ENGINE.log(s, move, after).public_line.english
        ai_before, ai_after = s.players[1], after.players[1]
        if ai_after.slots[0] not in ("", ai_before.slots[0]):
            assert f"Seat 1 (AI) took its turn: revealed {scheme_words(ai_after.slots[0]).english}" in line
            turns += 1
        if after.stage == "turns" and after.round > s.round:
            assert line.endswith(f"round {after.round} began"), line
        if after.stage == "over":
            assert line.endswith(f"the game ended after round {after.round}"), line
        s = after
    assert turns >= 5 and s.stage == "over"


def test_the_ai_revealing_its_scheme_is_followed_by_what_it_did() -> None:
    s = deal(1, lambda s: bool(s.queue) and s.queue[0] == DrawScheme(1))
    move = Move(CHANCE, mv.SchemeDrawn("S-1"))
    after = ENGINE.apply(s, move)
    line = ENGINE.log(s, move, after).public_line.english
    space = space_name(after.players[1].space)
    expected = f"Seat 1 (AI) revealed starting scheme 1 (builder and noble icons) — then Seat 1 (AI) moved to {space}"
    assert line.startswith(expected), line
    assert "took its turn" not in line


def test_round_changes_and_reveals_are_said() -> None:
    s = replace(TABLE, debts_left=1)
    s = at(s, vs.ChooseCost(0, Effect(op="cost", pay=Effect(op="silver", n=2), gain=Effect(op="gain_debt"))))
    entry = logged(s, mv.Accept())
    assert entry.public_line.english == "Seat 0 paid 2 silver for 1 debt — then the Poverty card was revealed"


# ---- each kind of move, as a player says it --------------------------------------------------------------------


def test_chance_at_setup_is_worded() -> None:
    s = new_state(ENGINE, 2)
    assert english(s, mv.Segment("C"), CHANCE) == "Lay board segment C as segment 1"
    assert path(s, mv.Segment("C"), CHANCE) == ["Lay a board segment", "C"]
    s = deal(2, pending("chance.draw_rotation"))
    assert english(s, mv.Rotation(2), CHANCE) == (
        "Turn the castle so that section 1 lies by segment 4 (1 ink + 1 stone)"
    )
    assert path(s, mv.Rotation(2), CHANCE) == ["Turn the castle", "section 1 by segment 4 (1 ink + 1 stone)"]
    s = deal(2, pending("chance.draw_folk"))
    assert english(s, mv.FolkDrawn("overseer_3"), CHANCE) == "Reveal Overseer (3) on the townsfolk pile of segment 1"
    assert path(s, mv.FolkDrawn("woodcutter_3"), CHANCE) == [
        "Reveal a townsfolk",
        "Scoundrel (1, 1 stone) … Woodcutter (3)",
        "Woodcutter (3)",
    ]
    s = deal(2, pending("chance.draw_manuscript"))
    assert english(s, mv.ManuscriptDrawn("M-05"), CHANCE) == (
        "Reveal the manuscript (cost 3, grey ribbon, flip 1 debt or deed) on the manuscript pile of segment 1"
    )
    assert path(s, mv.ManuscriptDrawn("M-05"), CHANCE) == [
        "Reveal a manuscript",
        "cost 3, grey ribbon, flip 1 debt or deed",
    ]
    s = deal(2, pending("chance.draw_start"))
    assert english(s, mv.StartDrawn(1), CHANCE) == "Start with Seat 1"
    s = deal(2, pending("chance.draw_player_card"))
    assert english(s, mv.PlayerCardDrawn(9), CHANCE) == (
        "Lay out player card 9 (5 silver, 2 stone, 1 deed, 1 debt; then destroy 1 card)"
    )
    s = deal(2, pending("chance.draw_hero"))
    assert english(s, mv.HeroDrawn("emma"), CHANCE) == "Put Emma (3) under player card 1"
    assert path(s, mv.HeroDrawn("emma"), CHANCE) == ["Lay out a hero", "Emma (3)"]


def test_a_card_from_the_draw_pile_is_worded_by_its_purpose() -> None:
    s = at(TABLE, DrawCard(1, "hand"))
    assert english(s, mv.CardDrawn("lender"), CHANCE) == "Draw Lender (1) into the hand of Seat 1"
    assert path(s, mv.CardDrawn("lender"), CHANCE) == [
        "Card from the draw pile",
        "Disciple (1) … Pastor (1)",
        "Lender (1)",
    ]


def test_the_ai_scheme_draws_are_worded() -> None:
    s = deal(1, lambda s: bool(s.queue) and isinstance(s.queue[0], DrawScheme))
    assert english(s, mv.SchemeDrawn("F-2"), CHANCE) == (
        "Shuffle Future Scheme 2 (2 builder icons) into the pile of Seat 1 (AI)"
    )
    s = replace(s, queue=(DrawScheme(1, future=True),))
    assert english(s, mv.SchemeDrawn("F-2"), CHANCE) == "Give Seat 1 (AI) Future Scheme 2 (2 builder icons)"
    s = replace(s, queue=(DrawScheme(1),))
    assert (
        english(s, mv.SchemeDrawn("S-4"), CHANCE)
        == "Reveal starting scheme 4 (cleric and merchant icons) for Seat 1 (AI)"
    )
    assert path(s, mv.SchemeDrawn("S-4"), CHANCE) == ["Scheme card", "starting scheme 4 (cleric and merchant icons)"]


def test_the_draft_pick_names_the_card_its_goods_and_the_hero() -> None:
    s = deal(2, pending("pick_pair"))
    assert english(s, mv.PickPair(0), 1) == (
        "Take player card 1 (8 silver, 2 ink, 1 stone, 2 deeds, 1 debt; then 1 virtue) with Ada (2)"
    )
    assert path(s, mv.PickPair(2), 1) == [
        "Take a player card and hero",
        "player card 3 (4 silver, 1 ink, 1 deed, 1 debt; then place 2 free workers on any section) with Clovis (3)",
    ]


def test_play_and_move_are_worded() -> None:
    assert english(TABLE, mv.Play("financier")) == "Play Financier (3)"
    assert path(TABLE, mv.Play("financier")) == ["Play a card", "Financier (3)"]
    entry = logged(TABLE, mv.Play("abbot"))
    assert entry.public_line.english == "Seat 0 played Abbot (2)" and entry.private_line is None
    s = ENGINE.apply(TABLE, Move(0, mv.Play("abbot")))  # a move of 2 from segment 1 outer-right, 6 silver
    labels = [lab.label.english for lab in ENGINE.labels(s, ENGINE.legal_moves(s))]
    assert len(labels) == 15 and labels[3:7] == [
        "Move to segment 2 outer-left (6 silver for extra steps)",
        "Move to segment 2 inner",
        "Move to segment 2 outer-right",
        "Move to segment 3 outer-left (1 silver for extra steps)",
    ]
    assert labels[2] == "Move to segment 1 outer-right (5 silver for extra steps)"  # the full loop (§4.7)
    assert path(s, mv.MoveTo(5)) == ["Move the viscount", "segment 2 outer-right"]


def test_the_primary_actions_name_their_target_and_payment() -> None:
    # Seat 0 on segment 1 outer-right (the ink exchange): 2 merchant and 1 builder icon printed in empty slots.
    s = phase(TABLE, "action", stone=2)
    legal = [lab.label.english for lab in ENGINE.labels(s, ENGINE.legal_moves(s))]
    assert "Trade 2 times (2 merchant icons -> 1 ink): pay 2 silver" in legal
    assert "Trade 2 times (2 merchant icons -> 1 ink): pay 1 silver, dismiss Acolyte (3 silver)" in legal
    assert "Build Workshop 1 (discard when hiring) on segment 1 right spot 1 (1 free hire): pay 2 stone" in legal
    assert legal[-1] == "Take no primary action"
    assert path(s, mv.Trade(2, pay=1, dismiss=True)) == [
        "Trade",
        "2 times (2 merchant icons -> 1 ink)",
        "pay 1 silver, dismiss Acolyte (3 silver)",
    ]
    assert path(s, mv.Build("workshop_1", 2, pay=2)) == [
        "Build",
        "Workshop 1 (discard when hiring)",
        "segment 1 right spot 1 (1 free hire)",
        "pay 2 stone",
    ]
    assert path(s, mv.NoAction()) == ["No primary action"]


def test_place_workers_spells_out_the_gold_and_the_dismissal() -> None:
    """The brief's example: 3 workers need 5 noble icons; 2 on the board (Guildhall 2 built, slot 2's printed
    icon), the dismissed Overseer's 1, 2 gold bought."""
    s = replace(TABLE, folk_tops=("overseer_3", *TABLE.folk_tops[1:]))
    s = phase(s, "action", space=1, gold=2, built=("guildhall_2",))
    move = mv.PlaceWorkers(3, pay=2, dismiss=True)
    assert not ENGINE.validate(s, Move(0, move))
    assert english(s, move) == "Place 3 workers: pay 2 gold, dismiss Overseer (3 silver)"
    assert path(s, move) == ["Place workers", "3 workers", "pay 2 gold, dismiss Overseer (3 silver)"]
    assert english(s, mv.Transcribe(pay=2)) == (
        "Transcribe the manuscript (cost 3, grey ribbon, flip 1 debt or deed): pay 2 ink"
    )
    assert english(s, mv.PlaceWorkers(1)) == "Place 1 worker: no payment"


def test_a_silver_conversion_names_its_card() -> None:
    s = phase(TABLE, "action", space=1, slots=("diplomat", "", ""), silver=6)
    labels = [lab.label.english for lab in ENGINE.labels(s, ENGINE.legal_moves(s))]
    assert "Place 2 workers: 2 silver as icons (Diplomat)" in labels


def test_recruit_is_worded() -> None:
    s = phase(TABLE, "recruit")
    assert english(s, mv.Hire()) == "Hire Acolyte (3) for 3 silver"
    assert english(s, mv.Pass()) == "Hire nobody"
    assert path(s, mv.Hire()) == ["Hire Acolyte (3)"] and path(s, mv.Pass()) == ["Hire nobody"]


def test_effect_decisions_are_worded() -> None:
    s = at(TABLE, vs.ChooseBranch(0, CONTENT.castle.sections[3], "castle section 4"))
    assert english(s, mv.Branch(0)) == "Take option 1: 1 free hire"
    assert english(s, mv.Branch(1)) == "Take option 2: destroy 1 card"
    assert path(s, mv.Branch(1)) == ["Option 2: destroy 1 card"]
    s = at(TABLE, vs.ChooseCost(0, Effect(op="cost", pay=Effect(op="ink", n=2), gain=Effect(op="gain_deed"))))
    assert english(s, mv.Accept()) == "Pay 2 ink for 1 deed"
    assert english(s, mv.Pass()) == "Do not pay 2 ink for 1 deed"
    s = at(TABLE, vs.ChooseResource(0))
    assert english(s, mv.Take("stone")) == "Take 1 stone" and path(s, mv.Take("stone")) == ["Take a resource", "stone"]
    s = at(TABLE, vs.ChooseFlip(0))
    assert english(s, mv.Flip("debt")) == "Flip a debt (then any 1 resource)"
    assert english(s, mv.Flip("deed")) == "Flip a deed"


def test_card_decisions_are_worded() -> None:
    s = at(TABLE, vs.Rearrange(0), slots=("abbot", "thief", ""))
    assert (
        english(s, mv.Arrange(("thief", "abbot", ""))) == "Rearrange: slot 1 Thief (1), slot 2 Abbot (2), slot 3 empty"
    )
    assert english(s, mv.Pass()) == "Keep the order of your slots"
    s = at(TABLE, vs.DiscardStep(0))
    assert english(s, mv.Discard("abbot")) == "Discard Abbot (2)"
    assert english(s, mv.Discard(mv.TOP)) == "Discard the top card of your draw pile (unseen)"
    assert path(s, mv.Discard(mv.TOP)) == ["Discard", "the top of the draw pile (unseen)"]
    assert english(s, mv.Pass()) == "Discard nothing"
    s = at(TABLE, vs.DestroyStep(0))
    assert english(s, mv.Destroy("financier")) == "Destroy Financier (3) (+3 silver)"
    assert english(s, mv.Destroy(mv.TOP)) == "Destroy the top card of your draw pile (unseen)"
    assert english(s, mv.Pass()) == "Destroy nothing"
    s = at(TABLE, vs.DestroyStep(0, setup=True))
    assert english(s, mv.Destroy("thief")) == "Destroy Thief (1) from your starting cards (+1 silver)"
    s = at(TABLE, vs.FreeHire(0))
    assert english(s, mv.HireFrom(2)) == "Hire Architect (1) from segment 3 for free"
    assert path(s, mv.HireFrom(2)) == ["Free hire", "segment 3: Architect (1)"]
    assert english(s, mv.Pass()) == "Decline the free hire"
    s = at(TABLE, vs.FreeManuscript(0, (3, 4)))
    assert english(s, mv.TakeManuscript(4)) == (
        "Take the manuscript (cost 4, blue ribbon, 2 gold) from segment 5 for free"
    )


def test_castle_and_building_decisions_are_worded() -> None:
    s = at(TABLE, vs.CastleMove(0))
    assert english(s, mv.MoveWorker(0, 1)) == (
        "Move a worker from section 1 by segment 1 (1 ink + 1 stone) to section 2 by segment 2 (flip 1 debt or deed)"
    )
    assert english(s, mv.Pass()) == "Make no castle move"
    s = at(TABLE, vs.PlaceSection(0, 2))
    assert english(s, mv.Section(2)) == "Place 2 workers on section 3 by segment 3 (1 gold + 1 castle move)"
    assert path(s, mv.Section(2)) == ["Place 2 workers", "section 3 by segment 3 (1 gold + 1 castle move)"]
    s = at(TABLE, vs.CastleSection(0, 1))
    assert english(s, mv.Section(4)) == "Resolve section 5 by segment 5 (2 virtue) first (tier 1)"
    s = at(TABLE, vs.Bump(0))
    assert (
        english(s, mv.BumpWorker(0, 2, 1))
        == "Bump Seat 1's worker from tier 2 of section 1 by segment 1 (1 ink + 1 stone)"
    )
    assert path(s, mv.BumpWorker(0, 2, 1)) == ["Bump", "tier 2 of section 1 by segment 1 (1 ink + 1 stone)", "Seat 1"]
    s = at(TABLE, vs.BuildFree(0, "trading_post"))
    assert english(s, mv.PlaceBuilding("trading_post_2", 5)) == (
        "Build Trading Post 2 (dismiss for 1 silver) on segment 2 left spot 2 (1 ink) for free"
    )
    assert path(s, mv.PlaceBuilding("trading_post_3", 0)) == [
        "Free building",
        "Trading Post 3 (+2 merchant icons)",
        "segment 1 left spot 1 (1 virtue)",
    ]


def test_cards_sharing_a_name_and_value_are_told_apart() -> None:
    assert words.card_name("peddler_ink").english == "Peddler (2, 1 ink)"
    assert words.card_name("benefactor").english == "Benefactor (2)"
    assert len(set(words.CARD_NAMES.values())) == len(CONTENT.townsfolk)


# ---- prompts and lines that say what truly happened ---------------------------------------------------------------


def test_prompts_say_what_is_decided_without_naming_the_seat() -> None:
    assert ENGINE.pending(TABLE).prompt == "Play a card from your hand into slot 1"
    assert ENGINE.pending(deal(2, pending("pick_pair"))).prompt == "Pick a player card and hero"
    assert ENGINE.pending(at(TABLE, vs.DestroyStep(0))).prompt == (
        "Destroy a card from your hand or your draw pile, or none"
    )
    assert ENGINE.pending(at(TABLE, vs.DiscardStep(0, 2))).prompt == (
        "Discard a card from your hand or your draw pile, or nothing (2 left)"
    )
    branch = vs.ChooseBranch(0, CONTENT.castle.sections[3], "castle section 4")
    assert ENGINE.pending(at(TABLE, branch)).prompt == "Choose one: 1 free hire or destroy 1 card"
    assert ENGINE.pending(at(TABLE, vs.Bump(0))).prompt == "Choose a worker to bump from a crowded castle section"
    assert ENGINE.pending(at(TABLE, DrawCard(1, "hand"))).prompt == (
        "Draw the top card of the draw pile of Seat 1 into their hand"
    )


def owning_three(s: State, *steps: Step, **player: Any) -> State:
    """``s`` with ``steps`` queued and seat 0 owning only the three cards of its hand (A-21: the fewest), and
    ``player``'s changes."""
    cards: dict[str, Any] = {"hand": ("abbot", "bertha", "financier"), "draw": (), "discard": ()}
    return at(s, *steps, **{**cards, "slots": ("", "", ""), **player})


def test_a_destroy_that_cannot_happen_is_not_said_to_have_happened() -> None:
    """§4.6, A-21: a player keeps at least three townsfolk cards, so choosing "destroy 1 card" with three cards
    destroys nothing: the engine drops the destroy, and the line says so instead of leaving it implied."""
    branch = vs.ChooseBranch(0, CONTENT.castle.sections[3], "castle section 4")
    s = owning_three(TABLE, branch)
    after = ENGINE.apply(s, Move(0, mv.Branch(1)))
    assert len(owned(after.players[0])) == 3 and ENGINE.pending(after).kind == "play"
    assert logged(s, mv.Branch(1)).public_line.english == (
        "Seat 0 chose option 2: destroy 1 card — then Seat 0 could not destroy a card "
        "(a player keeps at least 3 townsfolk cards)"
    )
    # With a fourth card the destroy is still to decide, and nothing more is said.
    s = owning_three(TABLE, branch, draw=("thief",))
    assert logged(s, mv.Branch(1)).public_line.english == "Seat 0 chose option 2: destroy 1 card"
    assert ENGINE.pending(ENGINE.apply(s, Move(0, mv.Branch(1)))).kind == "destroy_step"


def test_a_second_destroy_left_without_a_card_to_spare_is_said() -> None:
    s = owning_three(TABLE, vs.DestroyStep(0, 2), draw=("thief",))
    entry = logged(s, mv.Destroy("abbot"))
    assert entry.public_line.english == (
        "Seat 0 destroyed Abbot (2) (+2 silver) — then Seat 0 could not destroy a card "
        "(a player keeps at least 3 townsfolk cards)"
    )
    assert entry.private_line is None


def test_a_seeded_discard_of_the_unseen_top_card_names_the_card_discarded() -> None:
    s = deal(2, pending("play"), seed=11)
    seat = ENGINE.pending(s).seats[0]
    s = replace(s, queue=(vs.DiscardStep(seat),))
    move = Move(seat, mv.Discard(mv.TOP))
    after = ENGINE.apply(s, move)
    top = after.players[seat].discard[-1]
    line = ENGINE.log(s, move, after).public_line.english
    assert line == f"Seat {seat} discarded {words.card_name(top).english} from the top of the draw pile"
    # With external chance the card is not drawn yet: the line says only what was chosen.
    s = replace(TABLE, queue=(vs.DiscardStep(0),))
    assert logged(s, mv.Discard(mv.TOP)).public_line.english == (
        "Seat 0 chose to discard the top card of the draw pile unseen"
    )


def test_a_log_line_given_another_state_after_says_only_the_move() -> None:
    """The engine's own steps are replayed from the move; a state after that the move does not lead to (a
    caller's mistake) adds nothing made up."""
    s = owning_three(TABLE, vs.DestroyStep(0, 2), draw=("thief",))
    entry = ENGINE.log(s, Move(0, mv.Destroy("abbot")), s)
    assert entry.public_line.english == "Seat 0 destroyed Abbot (2) (+2 silver)"


# ---- prompts of queued steps (the rows of engine.py) -----------------------------------------------------------


def test_the_queued_prompts_say_what_is_decided_and_how_often() -> None:
    """Each queued step's prompt in the decider's words: a scheme drawn at setup, for the future or revealed
    (§8), a free destroy at setup or in play and a free hire with how many are left, a free building's spot."""
    solo = new_state(ENGINE, 1, seed=3)
    ai = words.who(solo, 1).english
    assert ai == "Seat 1 (AI)"

    def prompt(step: Any, s: State = solo) -> str:
        shown = ENGINE.table.queued[type(step)].words(s, step)
        return shown if isinstance(shown, str) else shown.english

    assert prompt(vs.DrawScheme(1, setup=True)) == f"Draw a Future Scheme to shuffle into the pile of {ai}"
    assert prompt(vs.DrawScheme(1, future=True)) == f"Draw a Future Scheme for {ai}"
    assert prompt(vs.DrawScheme(1)) == f"Reveal the next scheme card of {ai}"
    assert prompt(vs.DestroyStep(0, left=1, setup=True)) == "Destroy one of your starting cards, or none"
    assert prompt(vs.DestroyStep(0, left=2)) == "Destroy a card from your hand or your draw pile, or none (2 left)"
    hire = "Hire the top card of any townsfolk pile for free"
    strict = replace(solo, options=replace(solo.options, free_hire_optional=False))
    optional = replace(solo, options=replace(solo.options, free_hire_optional=True))
    assert prompt(vs.FreeHire(0, left=3), strict) == f"{hire} (3 left)"
    assert prompt(vs.FreeHire(0, left=1), optional) == f"{hire}, or decline"
    assert prompt(vs.BuildFree(0, "")) == "Choose a spot for your free building"
