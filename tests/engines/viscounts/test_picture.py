"""Viscounts of the West Kingdom pictures (``RenderView``): seeded games drawn for every viewer.

Each picture must be well-formed SVG of the size it claims and show, by the titles of its shapes, every
viscount, building, worker, board slot card, manuscript and pile top of the view, and the viewer's own
hand; it must never name a card the view hides (other hands, draw piles, the cards below the pile tops);
a view of a different hidden deal draws the same picture. Solo games show the Cleric AI's board.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from msgspec.structs import replace

from engines.core.locale import Words
from engines.core.playout import random_playout
from engines.core.rng import Rng
from engines.viscounts.board import space_name
from engines.viscounts.common import CONTENT
from engines.viscounts.engine import ENGINE
from engines.viscounts.picture import ICONS
from engines.viscounts.state import State
from engines.viscounts.words import effect_words, slot_name
from tests.engines.picture_helpers import check_png, parsed, svg_titles, svg_words
from tests.engines.setups import new_state

GAMES = ((1, 3), (2, 5), (4, 9))
"""(players, seed) of the seeded games drawn."""


@cache
def _states(players: int, seed: int) -> tuple[State, ...]:
    """Early in a seeded game, in the draft, two mid-game states, the final state, and a state of an
    external-chance game while the segments are being laid (``deal``)."""
    seen: list[State] = []
    start = new_state(ENGINE, players, seed=seed)
    final, _ = random_playout(ENGINE, start, Rng.seeded(seed), on_move=lambda before, move, after: seen.append(after))
    draft = next(s for s in seen if s.stage == "draft")
    dealing = new_state(ENGINE, players)
    for _ in range(3):
        dealing = ENGINE.apply(dealing, ENGINE.legal_moves(dealing)[0])
    return (seen[2], draft, seen[len(seen) // 3], seen[2 * len(seen) // 3], final, dealing)


def _cases() -> list[tuple[int, int, int]]:
    """(game, state index, viewer + 1) for every state of every game and every viewer (0: spectator)."""
    return [
        (g, i, v)
        for g, (players, _) in enumerate(GAMES)
        for i in range(6)
        for v in range(len(new_state(ENGINE, players, seed=1).players) + 1)
    ]


def _folk_name(card: str) -> str:
    """A townsfolk card's printed name."""
    return CONTENT.townsfolk[card].name


def _public(view: State) -> tuple[set[str], set[str]]:
    """The townsfolk names and manuscript ids a view shows somewhere."""
    folk = [c for p in view.players if not p.ai for c in (*p.hand, *p.discard, *p.slots)]
    folk += [*view.folk_tops, *view.folk_removed, *(p.hero for p in view.players), *(q.hero for q in view.pairs)]
    if view.turn is not None:
        folk.append(view.turn.played)
    names = {_folk_name(c) for c in folk if c in CONTENT.townsfolk}
    scripts = {m for p in view.players for m in p.manuscripts} | set(view.script_tops)
    return names, scripts


def _check_board(state: State, titles: list[str]) -> None:
    """Every viscount, building, worker and pile top of ``state`` (all public) has its titled shape."""
    for seat, p in enumerate(state.players):
        if p.space >= 0:
            assert any(
                t.startswith(f"viscount of seat {seat} (") and t.endswith(f"on {space_name(p.space)}") for t in titles
            )
    built = [t for t in titles if re.search(r" on segment \d (left|right) spot", t) and not t.startswith("empty")]
    assert len(built) == sum(1 for entry in state.spots if entry)
    for entry in state.spots:
        if entry:
            seat, _, slot = entry.partition(":")
            assert any(t.startswith(f"{slot_name(slot).english} of seat {seat} (") for t in built)
    for tier, rows in (("tier 1", state.castle.tier1), ("tier 2", state.castle.tier2)):
        for section, counts in enumerate(rows):
            for seat, n in enumerate(counts):
                if n and state.rotation >= 0:
                    shown = f"{n} worker{'s' if n != 1 else ''} of seat {seat} ("
                    assert any(t.startswith(shown) and f"in {tier} of section {section + 1} " in t for t in titles)
    for pos, top in enumerate(state.folk_tops):
        if top:
            assert any(t.startswith(f"townsfolk pile of segment {pos + 1}: {_folk_name(top)}") for t in titles)
    for pos, top in enumerate(state.script_tops):
        if top:
            assert any(t.startswith(f"manuscript pile of segment {pos + 1}: {top} ") for t in titles)


def _check_boards(state: State, titles: list[str]) -> None:
    """Every player board's slot cards, manuscripts and the viewer's own hand have their titled shapes."""
    for seat, p in enumerate(state.players):
        for number, card in enumerate(p.slots, start=1):
            if card and p.ai:
                assert f"scheme card {card} in slot {number} of seat {seat}" in titles
            elif card:
                assert any(
                    t.startswith(_folk_name(card)) and t.endswith(f"in slot {number} of seat {seat}") for t in titles
                )
        for m in p.manuscripts:
            assert any(t.startswith(f"manuscript {m} (") and t.endswith(f"of seat {seat}") for t in titles)
        assert f"{p.silver} silver of seat {seat}" in titles
        assert f"corruption marker of seat {seat} at {p.corruption}" in titles
        assert f"virtue marker of seat {seat} at {p.virtue}" in titles


@pytest.mark.parametrize(("game", "index", "who"), _cases())
def test_picture_shows_the_view_and_hides_the_rest(game: int, index: int, who: int) -> None:
    players, seed = GAMES[game]
    state = _states(players, seed)[index]
    viewer = None if who == 0 else who - 1
    view = ENGINE.view(state, viewer)
    pic = ENGINE.picture(view, viewer)
    root = parsed(pic)
    assert 800 <= pic.width <= 1400 and pic.height < 3000
    titles, words = svg_titles(root), svg_words(root)
    _check_board(state, titles)
    _check_boards(state, titles)
    if viewer is not None and not state.players[viewer].ai:
        flat = words.replace("\n", " ")
        hand = flat.split(f"Seat {viewer} (you)")[1].split("draw pile:")[0]
        assert f"hand ({len(state.players[viewer].hand)}): " in hand
        for card in state.players[viewer].hand:
            assert f"{_folk_name(card)} ({CONTENT.townsfolk[card].cost})" in hand
    names, scripts = _public(view)
    hidden = [c for seat, p in enumerate(state.players) if seat != viewer and not p.ai for c in p.hand]
    hidden += [c for p in state.players if not p.ai for c in p.draw] + list(state.folk_unseen)
    for card in {_folk_name(c) for c in hidden} - names:
        assert not re.search(rf"\b{re.escape(card)}\b", words), card
    for script in set(state.script_unseen) | set(state.grey_unseen) - scripts:
        assert not re.search(rf"\b{re.escape(script)}\b", words), script


def _other_deal(state: State, viewer: int) -> State:
    """``state`` with every hidden pile dealt differently: other hands, every draw pile, the unseen cards."""
    pool = sorted(CONTENT.neutral)
    players = tuple(
        p
        if p.ai
        else replace(
            p,
            hand=p.hand if seat == viewer else tuple(pool[: len(p.hand)]),
            draw=tuple(pool[-len(p.draw) :]) if p.draw else (),
        )
        for seat, p in enumerate(state.players)
    )
    return replace(state, players=players, folk_unseen=tuple(pool[1 : 1 + len(state.folk_unseen)]))


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_picture_is_the_same_for_another_hidden_deal(game: int) -> None:
    players, seed = GAMES[game]
    for state in _states(players, seed)[2:5]:
        for viewer in (None, 0):
            other = _other_deal(state, -1 if viewer is None else viewer)
            assert other != state
            first = ENGINE.picture(ENGINE.view(state, viewer), viewer)
            assert ENGINE.picture(ENGINE.view(other, viewer), viewer) == first


def test_solo_picture_shows_the_cleric_ai() -> None:
    state = _states(1, 3)[3]
    ai = next(seat for seat, p in enumerate(state.players) if p.ai)
    root = parsed(ENGINE.picture(ENGINE.view(state, 0), 0))
    assert any(t.startswith(f"seat {ai} (") and "Cleric AI" in t for t in svg_titles(root))
    assert f"Seat {ai} - Cleric AI" in svg_words(root)


def test_png_of_a_picture() -> None:
    state = _states(4, 9)[3]
    pic = ENGINE.picture(ENGINE.view(state, 1), 1)
    check_png(pic)


def test_the_shorthand_is_explained_in_words() -> None:
    """Issue 23: the picture's letters and abbreviations are explained on it: every exchange (what it costs and
    gives), the spaces, the castle sections; workers are counted per seat in words, not ``s0 2``."""
    for players, seed in GAMES:
        for state in _states(players, seed):
            words = " ".join(svg_words(parsed(ENGINE.picture(ENGINE.view(state, None), None))).split())
            for x in CONTENT.board.exchanges:
                icons = f"{x.cost} merchant icon" + ("" if x.cost == 1 else "s")
                assert f"{x.kind} ({icons}: {effect_words(x.reward).english})" in words, x.kind
            for explained in ("OL outer-left", "IN inner", "OR outer-right", "S1-S5 its sections", "+N: the cards"):
                assert explained in words
            for icon, letter in ICONS.items():
                assert f"{letter} {icon.lower()}" in words
            assert not re.search(r"\bs\d \d", words)


def test_a_full_row_of_manuscripts_stays_on_the_panel() -> None:
    """§6.12, §6.8: ten manuscripts, every Cleric Bonus card and the Castle Leader on one seat fit the panel (the
    manuscripts sit closer together; a long row once ran past the canvas's right edge), and no two texts overlap."""
    from engines.core.picture import text_boxes
    from engines.viscounts.picture import picture
    from tests.conformance.test_picture_bounds import overlapping

    s = _states(2, 3)[-1]
    ribbons = sorted({m.ribbon for m in CONTENT.manuscripts.values()})
    for seat in (0, 1):
        players = tuple(
            replace(p, manuscripts=tuple(CONTENT.manuscripts)[:10], cleric_bonus=tuple(ribbons)) if i == seat else p
            for i, p in enumerate(s.players)
        )
        full = replace(s, players=players, castle=replace(s.castle, leader=seat))
        drawn = picture(ENGINE.view(full, seat), seat, Words("en"))
        boxes = text_boxes(drawn.svg)
        assert "Castle Leader" in {box.text for box in boxes}
        assert all(box.left >= 0 and box.right <= drawn.width for box in boxes), seat
        assert list(overlapping(boxes)) == []
