"""The record viewer (``#/record``, server/site/viewer.js) on the sample records and on tampered ones: the
verdict is ReplayGame's, the positions step forward and back (buttons and keys), the standings are the
service's score, a seat's view shows no other seat's hidden things, and an illegal record lands on its
illegal move. Unreadable input gets its verdict without a call to the service."""

from __future__ import annotations

import copy
import functools
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import Console
from tests.web.leaks import SERVICE, fair_text, hidden_names, leaks, rpc

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted(p for p in (ROOT / "examples" / "records").glob("*.json") if not p.name.endswith(".score.json"))
#: How many positions from the start the seat views are checked at (and the last two).
EARLY = 3


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text())
    return record


@functools.cache
def replayed(base_url: str, name: str) -> dict[str, Any]:
    """ReplayGame's result for a sample record."""
    result: dict[str, Any] = rpc(base_url, "ReplayGame", {"record": load(ROOT / "examples/records" / name)})["result"]
    return result


def verdict_of(result: dict[str, Any]) -> str:
    """The verdict as `verify` words it, for a record ReplayGame read."""
    if not result.get("legal"):
        return "illegal"
    pending = result.get("pending", {})
    return "unfinished" if pending.get("seats") or not result.get("score", {}).get("final") else "ok"


def seat_count(record: dict[str, Any], result: dict[str, Any]) -> int:
    scored = [s.get("seat", 0) + 1 for s in result.get("score", {}).get("seats", [])]
    return max([record["setup"].get("players", 0), *scored])


def positions(base_url: str, record: dict[str, Any], wanted: set[int]) -> dict[int, tuple[dict[str, Any], list]]:
    """The state after ``n`` moves and the log up to it, for every ``n`` in ``wanted`` (as the page makes them)."""
    started = rpc(base_url, "NewGame", {"setup": record["setup"], "matchId": record.get("matchId", "")})
    state, log = started["state"], []
    out = {0: (state, [])} if 0 in wanted else {}
    for n, move in enumerate(record["moves"][: max(wanted)], start=1):
        after = rpc(base_url, "ApplyMove", {"state": state, "move": move})
        state = after["state"]
        log.append({"seat": move.get("seat", 0), **after.get("log", {})})
        if n in wanted:
            out[n] = (state, list(log))
    return out


def open_file(page: Any, path: Path) -> None:
    page.goto("/#/record")
    page.set_input_files("#record-file", str(path))


def at(page: Any, n: int, count: int) -> None:
    expect(page.locator("#position")).to_have_text(f"After move {n} of {count}", timeout=60_000)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_sample_record_gets_the_services_verdict_and_steps(page: Any, base_url: str, path: Path) -> None:
    record = load(path)
    result = replayed(base_url, path.name)
    count = len(record["moves"])
    assert result["movesApplied"] == count
    open_file(page, path)
    at(page, 0, count)
    expect(page.locator("#verdict")).to_have_class(f"verdict {verdict_of(result)}")
    expect(page.locator("#jump-illegal")).to_have_count(0)
    expect(page.locator("#first")).to_be_disabled()
    for n in range(1, EARLY + 1):
        page.click("#forward")
        at(page, n, count)
    page.click("#last")
    at(page, count, count)
    expect(page.locator("#forward")).to_be_disabled()
    page.click("#back")
    at(page, count - 1, count)
    page.click("#forward")
    at(page, count, count)
    page.click("#first")
    at(page, 0, count)

    # The standings: the service's totals, best place first.
    ranked = sorted(result["score"]["seats"], key=lambda s: s.get("place", 0))
    totals = page.locator("#standings #scores tbody td.total").all_inner_texts()
    assert totals == [str(s.get("total", 0)) for s in ranked]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_seat_sees_no_other_seats_hidden_things(page: Any, base_url: str, path: Path) -> None:
    record = load(path)
    result = replayed(base_url, path.name)
    count = len(record["moves"])
    seats = seat_count(record, result)
    steps = [0, *range(1, EARLY + 1), count, count - 1]
    states = positions(base_url, record, set(steps))
    open_file(page, path)
    at(page, 0, count)
    for seat in range(seats):
        with page.expect_response(lambda r: r.url.endswith("/RenderView")) as drawn:
            page.select_option("#viewer", str(seat))
        drawn.value.finished()
        page.wait_for_timeout(200)
        for n in steps:
            if n == count:
                page.click("#last")
            elif n == count - 1:
                page.click("#back")
            elif n > 0:
                page.click("#forward")
            at(page, n, count)
            state, log = states[n]
            hidden = hidden_names(base_url, state, seat, seats, "en")
            if not hidden:
                continue
            shown = page.locator("main").inner_text()
            fair = "\n".join([fair_text(base_url, state, seat, log, "en"), page.locator("#standings").inner_text()])
            assert leaks(shown, hidden, fair) == [], f"seat {seat} after move {n}"
        page.click("#first")
        at(page, 0, count)


def tampered(base_url: str, path: Path) -> tuple[dict[str, Any], int]:
    """The sample with one move near the middle sent by a seat that is not deciding, and that move's index
    (ReplayGame confirms it is the first illegal one)."""
    record = load(path)
    players = max(record["setup"].get("players", 0), 2)
    moves = record["moves"]
    for k in range(len(moves) // 2, len(moves)):
        seat = moves[k].get("seat", 0)
        if seat < 0:
            continue  # a chance move
        changed = copy.deepcopy(record)
        changed["moves"][k]["seat"] = (seat + 1) % players
        result = rpc(base_url, "ReplayGame", {"record": changed})["result"]
        if not result.get("legal") and result.get("illegalMoveIndex", 0) == k:
            return changed, k
    raise AssertionError(f"no move of {path.name} could be made illegal")


def lands_on_the_illegal_move(page: Any, k: int, count: int) -> None:
    at(page, k, count)
    expect(page.locator("#verdict")).to_have_class("verdict illegal")
    expect(page.locator("#illegal")).to_be_visible()
    expect(page.locator("#illegal h3")).to_contain_text(f"Move {k + 1} ")
    expect(page.locator("#forward")).to_be_disabled()
    expect(page.locator("#standings")).to_have_count(0)
    page.click("#first")
    at(page, 0, count)
    expect(page.locator("#illegal")).to_have_count(0)
    page.click("#jump-illegal")
    at(page, k, count)
    expect(page.locator("#illegal")).to_be_visible()


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_tampered_record_lands_on_its_illegal_move(page: Any, base_url: str, path: Path, tmp_path: Path) -> None:
    record, k = tampered(base_url, path)
    file = tmp_path / path.name
    file.write_text(json.dumps(record))
    open_file(page, file)
    lands_on_the_illegal_move(page, k, len(record["moves"]))


class CorsHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server any page may fetch from."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def file_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A web address serving ``tmp_path`` from another origin than the page's."""
    handler = functools.partial(CorsHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", tmp_path
    finally:
        server.shutdown()
        server.server_close()


def test_a_record_address_in_the_page_address_is_fetched_and_viewed(
    page: Any, base_url: str, file_server: tuple[str, Path]
) -> None:
    origin, folder = file_server
    record, k = tampered(base_url, ROOT / "examples/records/viscounts.json")
    (folder / "viscounts.json").write_text(json.dumps(record))
    page.goto(f"/#/record?url={origin}/viscounts.json")
    lands_on_the_illegal_move(page, k, len(record["moves"]))
    expect(page.locator("#record-url")).to_have_value(f"{origin}/viscounts.json")


def test_the_open_button_fetches_the_address_typed_in(page: Any, file_server: tuple[str, Path]) -> None:
    origin, folder = file_server
    (folder / "viscounts.json").write_text((ROOT / "examples/records/viscounts.json").read_text())
    page.goto("/#/record")
    page.fill("#record-url", f"{origin}/viscounts.json")
    page.click("#record-load")
    count = len(load(ROOT / "examples/records/viscounts.json")["moves"])
    at(page, 0, count)
    expect(page.locator("#verdict")).to_have_class("verdict ok")


def test_arrow_keys_home_and_end_step_in_the_record_area(page: Any) -> None:
    path = ROOT / "examples/records/viscounts.json"
    count = len(load(path)["moves"])
    open_file(page, path)
    at(page, 0, count)
    page.locator("#record").focus()
    for key, n in [("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", count), ("ArrowRight", count)]:
        page.keyboard.press(key)
        at(page, n, count)
    page.keyboard.press("ArrowLeft")
    at(page, count - 1, count)
    page.keyboard.press("Home")
    at(page, 0, count)
    page.keyboard.press("ArrowLeft")
    at(page, 0, count)


@pytest.mark.parametrize(
    "content", [b"this is not JSON {", b'{"moves": [], "rulesVersion": "0.1.0"}', b"[1, 2, 3]", b"null"]
)
def test_a_file_that_is_no_record_is_unreadable_without_asking_the_service(page: Any, content: bytes) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if SERVICE in request.url else None)
    page.goto("/#/record")
    page.set_input_files("#record-file", {"name": "game.json", "mimeType": "application/json", "buffer": content})
    expect(page.locator("#verdict")).to_have_class("verdict unreadable")
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#position")).to_have_count(0)
    assert asked == []


def test_a_record_that_stops_early_is_unfinished(page: Any, base_url: str, tmp_path: Path) -> None:
    record = load(ROOT / "examples/records/viscounts.json")
    record["moves"] = record["moves"][:20]
    result = rpc(base_url, "ReplayGame", {"record": record})["result"]
    assert verdict_of(result) == "unfinished"
    file = tmp_path / "short.json"
    file.write_text(json.dumps(record))
    open_file(page, file)
    at(page, 0, 20)
    expect(page.locator("#verdict")).to_have_class("verdict unfinished")
    expect(page.locator("#verdict")).to_contain_text("after move 20")
    page.click("#last")
    at(page, 20, 20)
    expect(page.locator("#illegal")).to_have_count(0)


def test_a_record_of_other_rules_is_unsupported(page: Any, console: Console, tmp_path: Path) -> None:
    record = load(ROOT / "examples/records/viscounts.json")
    record["rulesVersion"] = "99.0.0"
    file = tmp_path / "future.json"
    file.write_text(json.dumps(record))
    page.goto("/#/record")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url.rsplit("/", 1)[-1]))
    page.set_input_files("#record-file", str(file))
    expect(page.locator("#verdict")).to_have_class("verdict unsupported-version")
    expect(page.locator("#error")).to_contain_text("99.0.0")
    # The page knew from ListGames that the service would refuse it, so it sent nothing to be refused.
    assert "ReplayGame" not in sent and "ListGames" in sent
    assert console.errors == []


def test_a_record_of_a_game_the_service_does_not_play_is_unreadable(
    page: Any, console: Console, tmp_path: Path
) -> None:
    record = load(ROOT / "examples/records/citadels.json")
    record["setup"]["gameId"] = "chess"
    file = tmp_path / "chess.json"
    file.write_text(json.dumps(record))
    page.goto("/#/record")
    page.set_input_files("#record-file", str(file))
    expect(page.locator("#verdict")).to_have_class("verdict unreadable")
    expect(page.locator("#error")).to_contain_text("chess")
    assert console.errors == []
