"""The web table (server/site/table.js) driven in Chromium as a player would: every game played to its end
through clicks with a leak check at every decision, the hand-over screen between two people, a reload, the
keyboard alone, a phone-sized screen and the page's other languages."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from engines.registry import engines
from tests.web.conftest import Console, open_page
from tests.web.leaks import fair_text, hidden_names, leaks, rpc, texts

#: What the page shows once it has settled: a person's choices, the hand-over screen, the end, or a refusal.
SETTLED = "button.choice, #handover-ready, #winners, #error"

#: (game id, players) for the every-game test: the smallest count of at least 2 of every registered game, and
#: Viscounts solo (seat 1 is then the service's own Cleric AI).
GAMES = [(game_id, max(2, engine.info.min_players)) for game_id, engine in engines().items()]
GAMES.append(("viscounts", 1))

#: The games whose leak check must have found names hidden from the person at some decision (so it was not
#: vacuous). The others, though hidden-information games, give it nothing to find: in Walled City and Walls of
#: York the seats' views of a 2-player game never differ in a named thing (what is hidden is hidden from both),
#: and Viscounts' solo Cleric AI sees nothing the person does not.
LEAK_CHECK_BITES = {("citadels", 2), ("viscounts", 2), ("guilds_of_london", 2)}

#: Options that keep a game short: Walls of York's ready-made board skips the setup steps.
SHORT_OPTIONS: dict[str, dict[str, str]] = {"walls_of_york": {"board": "ts1"}}


def seed_the_page(page: Any, seed: int) -> None:
    """Make the page's crypto.getRandomValues (the game's seed, the bots' seeds) a seeded generator, so a run's
    game is the same each time (the bots' time-bounded searches may still differ)."""
    page.add_init_script(
        "(() => { let s = " + str(seed) + " >>> 0; crypto.getRandomValues = (a) => {"
        " for (let i = 0; i < a.length; i++) { s = (Math.imul(s, 1103515245) + 12345) >>> 0; a[i] = s; }"
        " return a; }; })()"
    )


def stored(page: Any) -> dict[str, Any]:
    """The table as the page keeps it in localStorage."""
    table: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('rulesengine.table')") or "null")
    assert table, "the page keeps no table in localStorage"
    return table


def settle(page: Any) -> None:
    """Wait until the page shows something to act on; fail on a refusal."""
    page.wait_for_selector(SETTLED, timeout=90_000)
    if page.locator("#error").count():
        pytest.fail(f"the page reported an error: {page.locator('#error').inner_text()}")


def main_text(page: Any) -> str:
    text: str = page.evaluate("document.querySelector('main').textContent")
    return text


def deciding_seat(table: dict[str, Any]) -> int:
    """The person the page shows: the lowest deciding seat (bots have moved before a person decides)."""
    return min(s for s in table["pending"].get("seats", [0]) if s >= 0)


def seats_of(table: dict[str, Any]) -> int:
    """How many seats have views: the players, or 2 in a solo game with an automated seat."""
    return max(2, int(table["setup"]["players"]))


def start_game(
    page: Any,
    game_id: str,
    players: int,
    kinds: list[str],
    options: dict[str, str] | None = None,
    bot_millis: int = 100,
) -> None:
    """Fill the setup form (select_option needs no mouse) and press Start with a click."""
    page.goto("/")
    page.wait_for_selector("#start")
    page.select_option("#game", game_id)
    page.select_option("#players", str(players))
    for seat, kind in enumerate(kinds):
        page.select_option(f"#seat-kind-{seat}", kind)
    page.select_option("#bot-millis", str(bot_millis))
    if options:
        page.click("#options summary")
        for name, value in options.items():
            page.select_option(f"[data-option={name}]", value)
    page.click("#start")
    settle(page)


def check_leaks(page: Any, base_url: str, locale: str, where: str) -> int:
    """The page shows the deciding seat nothing another seat holds hidden from it (tests/web/leaks.py); how
    many names were hidden from it (so a caller can tell the check was not empty)."""
    table = stored(page)
    seat = deciding_seat(table)
    hidden = hidden_names(base_url, table["state"], seat, seats_of(table), locale)
    fair = fair_text(base_url, table["state"], seat, table["log"], locale)
    found = leaks(main_text(page), hidden, fair)
    assert not found, f"{where}: the page shows Seat {seat} names hidden from it: {found}"
    return len(hidden)


def click_choice(page: Any, rng: random.Random) -> None:
    """Click one of the choice buttons, chosen by ``rng``."""
    buttons = page.locator("button.choice")
    buttons.nth(rng.randrange(buttons.count())).click()


def play_moves(page: Any, rng: random.Random, moves: int, tap: bool = False) -> None:
    """Click (or tap) choices until ``moves`` more moves are made (or the game ends)."""
    goal = len(stored(page)["moves"]) + moves
    while len(stored(page)["moves"]) < goal and not page.locator("#winners").count():
        buttons = page.locator("button.choice")
        chosen = buttons.nth(rng.randrange(buttons.count()))
        chosen.tap() if tap else chosen.click()
        settle(page)


def no_sideways_scrolling(page: Any, where: str) -> None:
    """The page is no wider than the screen. (On a mobile viewport window.innerWidth grows with the content, so
    the width compared with is the viewport's own.)"""
    wide = page.evaluate("document.documentElement.scrollWidth")
    screen = page.viewport_size["width"]
    sticking_out = page.evaluate(
        "w => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w)"
        ".slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : ''))",
        screen,
    )
    assert wide <= screen, f"{where}: the page is {wide} px wide on a {screen} px screen ({sticking_out} stick out)"


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[f"{g}-{n}p" for g, n in GAMES])
def test_every_game_plays_to_the_end_through_clicks(page: Any, base_url: str, game_id: str, players: int) -> None:
    began = time.monotonic()
    rng = random.Random(f"{game_id}/{players}")
    seed_the_page(page, rng.randrange(2**32))
    start_game(page, game_id, players, ["person"] + ["bot"] * (players - 1), SHORT_OPTIONS.get(game_id))
    checked = -1
    with_hidden = 0  # decisions at which some name was hidden from the person: the leak check had work to do
    while not page.locator("#winners").count():
        made = len(stored(page)["moves"])
        if made != checked:
            with_hidden += check_leaks(page, base_url, "en", f"{game_id} {players}p, move {made + 1}") > 0
            checked = made
        click_choice(page, rng)
        settle(page)
        assert time.monotonic() - began < 240, f"{game_id} {players}p: still playing at move {made + 1}"

    if (game_id, players) in LEAK_CHECK_BITES:
        assert with_hidden, f"{game_id}: no decision had a name hidden from the person; the leak check saw nothing"

    table = stored(page)
    score = rpc(base_url, "Score", {"state": table["state"], "viewer": {"spectator": {}}})["score"]
    expected = {f"Seat {s.get('seat', 0)}": int(s.get("total", 0)) for s in score["seats"]}
    shown = {}
    for row in page.locator("#scores tbody tr").all():
        shown[row.locator("th").inner_text().strip()] = int(row.locator("td.total").inner_text())
    assert shown == expected, f"{game_id}: the page's totals {shown} are not the service's {expected}"
    winners = page.locator("#winners").inner_text()
    for seat in expected:
        named = int(seat.split()[1]) in score.get("winners", [])
        assert (seat in winners) == named, f"{game_id}: '{winners}' vs the service's winners {score.get('winners')}"


def test_hand_over_hides_every_hand_between_two_people(page: Any, base_url: str) -> None:
    rng = random.Random("handover")
    start_game(page, "citadels", 2, ["person", "person"])
    page.click("#handover-ready")
    settle(page)
    assert "Seat 0" in page.locator("#turn").inner_text()
    while not page.locator("#handover-ready").count():
        assert deciding_seat(stored(page)) == 0
        click_choice(page, rng)
        settle(page)

    table = stored(page)
    assert deciding_seat(table) == 1 and len(table["moves"]) >= 1
    assert page.locator("#handover").count() == 1
    assert page.locator("#picture").count() == 0, "the hand-over screen shows a picture"
    hidden = set()
    for seat in (0, 1):
        hidden |= hidden_names(base_url, table["state"], seat, 2, "en")
    assert hidden, "nothing is hidden from either seat, so the check below could not fail"
    public = "\n".join(line for entry in table["log"] for line in texts(entry.get("publicLine", {})))
    found = leaks(main_text(page), hidden, public)
    assert not found, f"the hand-over screen shows hidden names: {found}"

    page.click("#handover-ready")
    settle(page)
    assert "Seat 1" in page.locator("#turn").inner_text()
    check_leaks(page, base_url, "en", "citadels, Seat 1 after the hand-over")


def test_a_reload_resumes_the_game(page: Any) -> None:
    rng = random.Random("reload")
    start_game(page, "citadels", 2, ["person", "bot"])
    play_moves(page, rng, 3)
    title = page.locator("#table-title").inner_text()
    prompt = page.locator("#prompt").inner_text()
    made = len(stored(page)["moves"])

    page.reload()
    settle(page)
    assert page.locator("#table-title").inner_text() == title
    assert page.locator("#prompt").inner_text() == prompt
    play_moves(page, rng, 2)
    assert len(stored(page)["moves"]) >= made + 2


def focused(page: Any) -> str:
    """The focused element as `tag#id.class`."""
    described: str = page.evaluate(
        "(() => { const e = document.activeElement;"
        " return e ? e.tagName.toLowerCase() + '#' + e.id + '.' + e.className : ''; })()"
    )
    return described


def tab_to(page: Any, element_id: str, key: str = "Tab") -> None:
    """Press ``key`` (Tab or Shift+Tab) until the element with ``element_id`` has the focus."""
    for _ in range(40):
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return
        page.keyboard.press(key)
    pytest.fail(f"{key} never reaches #{element_id} (focus is on {focused(page)})")


def test_keyboard_alone_starts_and_plays(page: Any) -> None:
    rng = random.Random("keyboard")
    page.goto("/")
    page.wait_for_selector("#start")
    assert page.locator("#game").input_value() == "citadels"
    tab_to(page, "seat-name-1")
    tab_to(page, "seat-kind-1", "Shift+Tab")
    page.keyboard.press("ArrowDown")
    assert page.locator("#seat-kind-1").input_value() == "bot"
    tab_to(page, "bot-millis")
    page.keyboard.press("ArrowUp")
    assert page.locator("#bot-millis").input_value() == "100"
    tab_to(page, "start")
    page.keyboard.press("Enter")
    settle(page)

    decisions = 0
    while decisions < 5:
        made = len(stored(page)["moves"])
        assert focused(page).startswith("button#.choice"), f"no choice has the focus, {focused(page)} has"
        count = page.locator("button.choice").count()
        for _ in range(rng.randrange(count)):
            page.keyboard.press("Tab")
        assert focused(page).startswith("button#.choice"), f"Tab left the choices for {focused(page)}"
        page.keyboard.press(rng.choice(["Enter", "Space"]))
        settle(page)
        assert not page.locator("#winners").count()
        decisions += len(stored(page)["moves"]) > made


@pytest.mark.parametrize("game_id", ["citadels", "walled_city"])
def test_a_phone_sized_screen_needs_no_sideways_scrolling(
    browser: Any, base_url: str, console: Console, game_id: str
) -> None:
    phone = open_page(
        browser, base_url, console, viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True
    )
    try:
        phone.goto("/")
        phone.wait_for_selector("#start")
        phone.select_option("#game", game_id)
        phone.tap("#options summary")
        no_sideways_scrolling(phone, f"{game_id}: the setup form")
        phone.select_option("#seat-kind-1", "bot")
        phone.select_option("#bot-millis", "100")
        phone.tap("#start")
        settle(phone)
        no_sideways_scrolling(phone, f"{game_id}: the first decision")
        rng = random.Random(f"phone/{game_id}")
        play_moves(phone, rng, 4, tap=True)
        no_sideways_scrolling(phone, f"{game_id}: a decision a few moves in")
        if game_id == "citadels":  # its end (the scores table) in about 20 s
            play_moves(phone, rng, 10_000, tap=True)
            assert phone.locator("#scores").count() == 1
            no_sideways_scrolling(phone, f"{game_id}: the end screen")
    finally:
        phone.context.close()


@pytest.mark.parametrize("code", ["hu", "de"])
def test_the_page_speaks_hungarian_and_german(page: Any, base_url: str, code: str) -> None:
    page.goto("/")
    page.wait_for_selector("#start")
    english = {"start": page.locator("#start").inner_text(), "title": page.locator("header h1").inner_text()}
    page.select_option("#locale", code)
    page.wait_for_function(
        "([code, english]) => document.documentElement.lang === code && document.querySelector('#start')"
        " && document.querySelector('#start').textContent !== english",
        arg=[code, english["start"]],
    )
    assert page.locator("header h1").inner_text() != english["title"]
    page.select_option("#seat-kind-1", "bot")
    page.select_option("#bot-millis", "100")
    page.click("#start")
    settle(page)

    table = stored(page)
    legal = rpc(base_url, "LegalMoves", {"state": table["state"], "seat": deciding_seat(table)}, code)
    prompt = legal["pending"]["promptText"]
    assert prompt.get("localized") and prompt["localized"] != prompt["english"], f"no {code} prompt: {prompt}"
    assert page.locator("#prompt").inner_text() == prompt["localized"]
    assert "Seat 0" not in page.locator("#turn").inner_text()
