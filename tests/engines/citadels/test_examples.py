"""The rulebook's worked examples (spec §8.6, EX-1 … EX-6) replayed through the public engine API."""

from __future__ import annotations

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels.state import Built, Reveal, State
from tests.engines.citadels.helpers import (
    Round,
    Seat,
    acting,
    chance_cards,
    city,
    codes,
    gold,
    hand,
    kind,
    legal_actions,
    make_state,
    options,
    play,
    score_of,
    turn,
)

# ---- EX-1 -------------------------------------------------------------------------------------


def test_ex1_example_turn_warlord_robbed() -> None:
    """EX-1 (§8.6): Lizi (Warlord) is robbed by Anna (Thief), gathers 2, destroys Máté's
    Market for 1, takes military income 2 (Prison + School of Magic) → 3, builds a Barracks
    for 3 → 0; her income is not paid again; the Warlord was the last character."""
    mate, lizi, anna, dora = 0, 1, 2, 3
    opts = options(4)  # first-game cast: no rank 9, the Warlord is the last character
    s = make_state(
        opts,
        [
            Seat(gold=1, city=("market",), characters=("architect",)),
            Seat(gold=4, hand=("barracks",), city=("prison", "school_of_magic", "manor"), characters=("warlord",)),
            Seat(gold=0, characters=("thief",)),
            Seat(gold=2, characters=("king",)),
        ],
        crown=dora,
        start_rank=7,
        rnd=Round(robbed="warlord", thief_seat=anna, revealed=(Reveal("thief", anna), Reveal("king", dora))),
    )
    # Máté has just played his Architect turn.
    assert acting(s) == ("architect", mate)
    s = play(s, mv.GatherGold())
    s = play(s, mv.EndTurn())

    # 1–2. Rank 8 is called: Lizi reveals the Warlord; Anna takes all her gold (X = 4).
    assert acting(s) == ("warlord", lizi)
    assert Reveal("warlord", lizi) in s.revealed
    assert gold(s, lizi) == 0
    assert gold(s, anna) == 0 + 4

    # 3. Lizi gathers 2 gold.
    s = play(s, mv.GatherGold())
    assert gold(s, lizi) == 2

    # 4. She pays 1 (= 2 − 1) to destroy Máté's Market; it goes under the deck.
    s = play(s, mv.Destroy(mate, "market"))
    assert gold(s, lizi) == 1
    assert city(s, mate) == []
    assert s.deck_bottom[-1] == "market"

    # 5. Military income with the School of Magic declared military: Prison + SoM = 2 → 3.
    incomes = [a for a in legal_actions(s) if isinstance(a, mv.Income)]
    assert incomes == [mv.Income(gold=2)]
    assert codes(s, mv.Income(gold=1)) == ["CITADELS_WRONG_INCOME"]
    s = play(s, mv.Income(gold=2))
    assert gold(s, lizi) == 3

    # 6. She builds a Barracks for 3 → 0; no second income for it.
    s = play(s, mv.Build("barracks"))
    assert gold(s, lizi) == 0
    assert city(s, lizi) == ["prison", "school_of_magic", "manor", "barracks"]
    assert "barracks" not in hand(s, lizi)
    assert codes(s, mv.Income(gold=3)) == ["CITADELS_ABILITY_USED"]
    assert not any(isinstance(a, mv.Income | mv.Destroy | mv.Build) for a in legal_actions(s))

    # 7. The Warlord was the last character: the round ends, nobody else plays.
    s = play(s, mv.EndTurn())
    assert s.turn is None
    assert s.phase == "selection"
    assert s.round == 2
    assert kind(s).startswith("chance.discard_character")
    assert gold(s, lizi) == 0
    assert gold(s, anna) == 4
    assert s.crown == dora


# ---- EX-2 -------------------------------------------------------------------------------------


def test_ex2_final_scoring_constructed() -> None:
    """EX-2 (§8.6, constructed): Castle 4, Haunted Quarter 2 (as military), Monastery 3,
    Docks 3, Church 2, Cathedral 5, Laboratory 5; completed, not first → 24 + 3 + 2 = 29."""
    opts = options(4)
    mate_city = ("castle", "haunted_quarter", "monastery", "docks", "church", "cathedral", "laboratory")
    first_city = ("manor", "manor", "temple", "tavern", "watchtower", "prison", "palace")
    s = make_state(
        opts,
        [
            Seat(gold=3, city=mate_city),
            Seat(gold=0, city=first_city),
            Seat(gold=1, city=("market",)),
            Seat(gold=1),
        ],
        crown=2,
        end_triggered=True,
        first_completer=1,
        phase="over",
    )
    mate = score_of(s, 0)
    assert mate["Districts"] == 24
    assert mate["One district of each type"] == 3
    assert mate["Completed city"] == 2
    assert mate["total"] == 29
    assert set(mate) == {"Districts", "One district of each type", "Completed city", "Haunted Quarter", "total"}
    details = {e.category: e.detail for e in ENGINE.score(s).seats[0].entries}
    assert "military" in details["Haunted Quarter"]
    # The first completer gets 4 (costs 3+3+1+1+1+2+5 = 16; no unique district → no all-types).
    first = score_of(s, 1)
    assert first["Completed city"] == 4
    assert first["total"] == 16 + 4


# ---- EX-3 -------------------------------------------------------------------------------------


def test_ex3_two_player_architect_warlord() -> None:
    """EX-3 (§8.6, R-4.5): with 2 players one player holds the Architect and the Warlord. In the
    Architect turn he gains 2 cards and builds up to 3; he keeps a gained card and builds it in
    his Warlord turn, where the limit is 1."""
    opts = options(2)
    s = make_state(
        opts,
        [
            Seat(gold=10, hand=("manor", "temple", "tavern"), characters=("architect", "warlord")),
            Seat(gold=2, hand=("market",), characters=("king", "bishop")),
        ],
        crown=1,
        start_rank=7,
    )
    assert acting(s) == ("architect", 0)
    s = play(s, mv.GatherGold())
    assert gold(s, 0) == 12
    s = play(s, mv.ArchitectDraw())
    s = chance_cards(s, "castle", "prison")
    assert sorted(hand(s, 0)) == ["castle", "manor", "prison", "tavern", "temple"]
    for card in ("manor", "temple", "tavern"):
        s = play(s, mv.Build(card))
    assert turn(s).builds == 3
    assert gold(s, 0) == 12 - 3 - 1 - 1
    assert codes(s, mv.Build("castle")) == ["CITADELS_BUILD_LIMIT"]
    assert codes(s, mv.ArchitectDraw()) == ["CITADELS_ABILITY_USED"]
    s = play(s, mv.EndTurn())

    # The same player's Warlord turn: the Architect's limit of 3 no longer applies.
    assert acting(s) == ("warlord", 0)
    s = play(s, mv.GatherGold())
    assert gold(s, 0) == 7 + 2
    s = play(s, mv.Build("castle"))
    assert gold(s, 0) == 9 - 4
    assert codes(s, mv.Build("prison")) == ["CITADELS_BUILD_LIMIT"]
    assert city(s, 0) == ["manor", "temple", "tavern", "castle"]
    assert hand(s, 0) == ("prison",)
    assert not s.end_triggered  # 2 players: a completed city needs 8 districts
    s = play(s, mv.EndTurn())
    assert s.phase == "selection" and s.round == 2


# ---- EX-4 -------------------------------------------------------------------------------------


def test_ex4_abbot_split() -> None:
    """EX-4 (§8.6): an Abbot with 3 religious districts may declare (3,0), (2,1), (1,2) or
    (0,3) gold/cards, nothing else."""
    cast = ("assassin", "thief", "magician", "king", "abbot", "merchant", "architect", "warlord")
    opts = options(4, cast)
    s = make_state(
        opts,
        [
            Seat(gold=1, city=("temple", "church", "monastery", "manor"), characters=("abbot",)),
            Seat(gold=1, characters=("king",)),
            Seat(gold=1, characters=("merchant",)),
            Seat(gold=1, characters=("warlord",)),
        ],
        crown=1,
        start_rank=5,
    )
    assert acting(s) == ("abbot", 0)
    incomes = {(a.gold, a.cards) for a in legal_actions(s) if isinstance(a, mv.Income)}
    assert incomes == {(3, 0), (2, 1), (1, 2), (0, 3)}
    for g, c in ((2, 0), (4, 0), (2, 2), (1, 1), (0, 4), (3, 1)):
        assert codes(s, mv.Income(gold=g, cards=c)) == ["CITADELS_WRONG_INCOME"]
    s = play(s, mv.Income(gold=1, cards=2))
    s = chance_cards(s, "castle", "docks")
    assert gold(s, 0) == 2
    assert sorted(hand(s, 0)) == ["castle", "docks"]
    assert codes(s, mv.Income(gold=3)) == ["CITADELS_ABILITY_USED"]


# ---- EX-5 -------------------------------------------------------------------------------------


def test_ex5_warlord_prices() -> None:
    """EX-5 (§8.6): destroying a district costs cost − 1 (1 → 0, 2 → 1, 3 → 2, 4 → 3); the Great
    Wall in the target city adds 1 (also on itself, §11 C2); a beautified district costs 1 more."""
    cases: list[tuple[tuple[str | Built, ...], str, int]] = [
        (("watchtower",), "watchtower", 0),
        (("prison",), "prison", 1),
        (("barracks",), "barracks", 2),
        (("castle",), "castle", 3),
        (("palace",), "palace", 4),
        (("prison", "great_wall"), "prison", 2),
        (("watchtower", "great_wall"), "watchtower", 1),
        (("great_wall",), "great_wall", 6),
        ((Built("prison", beautified=True),), "prison", 2),
        ((Built("barracks", beautified=True), "great_wall"), "barracks", 4),
    ]
    opts = options(4, uniques=("great_wall",))
    for target_city, card, price in cases:

        def state(warlord_gold: int, target_city: tuple[str | Built, ...] = target_city) -> State:
            return make_state(
                opts,
                [
                    Seat(gold=warlord_gold, characters=("warlord",)),
                    Seat(gold=0, city=target_city, characters=("king",)),
                    Seat(gold=0),
                    Seat(gold=0),
                ],
                start_rank=8,
            )

        s = state(price)
        assert acting(s) == ("warlord", 0)
        before = list(city(s, 1))
        s = play(s, mv.Destroy(1, card))
        assert gold(s, 0) == 0, (card, price)
        after = list(before)
        after.remove(card)
        assert city(s, 1) == after
        assert s.deck_bottom[-1] == card
        if price > 0:
            short = state(price - 1)
            assert codes(short, mv.Destroy(1, card)) == ["CITADELS_NOT_ENOUGH_GOLD"], (card, price)


# ---- EX-6 -------------------------------------------------------------------------------------


def _bishop_state(bishop_gold: int) -> State:
    return make_state(
        options(4),
        [
            Seat(gold=bishop_gold, hand=("cathedral",), city=("temple", "church", "monastery"), characters=("bishop",)),
            Seat(gold=0, characters=("king",)),
            Seat(gold=0, characters=("merchant",)),
            Seat(gold=0, characters=("warlord",)),
        ],
        crown=1,
        start_rank=5,
    )


def test_ex6_bishop_timing() -> None:
    """EX-6 (§8.6): income before building (2 → 5 → build Cathedral → 0), or building first
    (5 → 0) and counting the new Cathedral (4 religious → +4)."""
    # Income first.
    s = _bishop_state(0)
    assert acting(s) == ("bishop", 0)
    assert s.protected_seat == 0
    s = play(s, mv.GatherGold())
    assert gold(s, 0) == 2
    assert codes(s, mv.Build("cathedral")) == ["CITADELS_NOT_ENOUGH_GOLD"]
    s = play(s, mv.Income(gold=3))
    assert gold(s, 0) == 5
    s = play(s, mv.Build("cathedral"))
    assert gold(s, 0) == 0
    assert city(s, 0) == ["temple", "church", "monastery", "cathedral"]
    assert codes(s, mv.Income(gold=4)) == ["CITADELS_ABILITY_USED"]

    # Build first, then income counts the Cathedral.
    s = _bishop_state(3)
    s = play(s, mv.GatherGold())
    assert gold(s, 0) == 5
    s = play(s, mv.Build("cathedral"))
    assert gold(s, 0) == 0
    assert [a for a in legal_actions(s) if isinstance(a, mv.Income)] == [mv.Income(gold=4)]
    assert codes(s, mv.Income(gold=3)) == ["CITADELS_WRONG_INCOME"]
    s = play(s, mv.Income(gold=4))
    assert gold(s, 0) == 4
