"""Screenshots of the web page (server/site/) for docs/web.md, written as PNGs into ``docs/web/``.

It starts a server with its HTTP port on 127.0.0.1 and drives Debian's Chromium (``/usr/bin/chromium`` or
``RULES_ENGINE_CHROMIUM``) with Playwright: for every game the table as seat 0 (a person against bots at
100 ms) sees it after a few of its decisions (each the first choice of every menu), the hand-over screen of a
game between two people, the record viewer at the illegal move of a tampered sample record, and the table
on a phone-sized screen. Run it from the repository root::

    .venv/bin/python -m tools.web_screenshots [--out docs/web] [--decisions 6] [--games citadels,viscounts]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import tempfile
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engines.registry import engines
from server.app import start_server
from server.config import Config

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parent.parent
SERVICE = "/rulesengine.v1.RulesEngineService/"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 375, "height": 812}


def rpc(base_url: str, method: str, request: dict[str, Any]) -> dict[str, Any]:
    """One Connect JSON call of the service."""
    sent = urllib.request.Request(
        base_url + SERVICE + method, data=json.dumps(request).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(sent, timeout=60) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def tampered(base_url: str, game: str) -> dict[str, Any]:
    """The game's sample record with a move near the middle sent by a seat that is not deciding."""
    record: dict[str, Any] = json.loads((ROOT / "examples" / "records" / f"{game}.json").read_text())
    players = max(record["setup"].get("players", 0), 2)
    for k in range(len(record["moves"]) // 2, len(record["moves"])):
        seat = record["moves"][k].get("seat", 0)
        if seat < 0:
            continue
        changed = copy.deepcopy(record)
        changed["moves"][k]["seat"] = (seat + 1) % players
        if not rpc(base_url, "ReplayGame", {"record": changed})["result"].get("legal"):
            return changed
    raise SystemExit(f"no move of the {game} record could be made illegal")


def start_table(page: Any, game: str, kinds: list[str]) -> None:
    """The setup form filled in for ``game`` (seats as ``kinds``, bots at 100 ms) and the game started."""
    page.goto("/#/table")
    page.select_option("#game", game)
    for seat, kind in enumerate(kinds):
        page.select_option(f"#seat-kind-{seat}", kind)
    page.select_option("#bot-millis", "100")
    page.click("#start")


def decide(page: Any, decisions: int) -> None:
    """Make ``decisions`` decisions of the person, each by the first choice of every menu."""
    made = 0
    while made < decisions:
        page.wait_for_selector("#choices button.choice, #winners", timeout=120_000)
        if page.locator("#winners").count():
            return
        before = page.locator("#table-title").inner_text()
        page.locator("#choices button.choice").first.click()
        page.wait_for_function(
            "([title]) => document.querySelector('#table-title')?.innerText !== title"
            " || document.querySelector('#choices .trail')",
            arg=[before],
            timeout=120_000,
        )
        if page.locator("#table-title").inner_text() != before:
            made += 1
    page.wait_for_selector("#choices button.choice, #winners", timeout=120_000)


def shoot(page: Any, path: Path) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=False)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "web", help="folder of the PNGs")
    parser.add_argument("--decisions", type=int, default=6, help="decisions of the person before the shot")
    parser.add_argument(
        "--games", default=",".join(engines()), help="the games whose table is shot, comma-separated (default: all)"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    chromium = os.environ.get("RULES_ENGINE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

    from playwright.sync_api import sync_playwright

    running = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=4, log_level="warning"))
    base_url = f"http://127.0.0.1:{running.http_port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)

            def page_of(viewport: ViewportSize) -> Any:
                page = browser.new_context(base_url=base_url, viewport=viewport, locale="en-US").new_page()
                page.set_default_timeout(120_000)
                return page

            for game in args.games.split(","):
                page = page_of(DESKTOP)
                start_table(page, game, ["person", "bot"])
                decide(page, args.decisions)
                shoot(page, args.out / f"table-{game}.png")
                page.context.close()

            page = page_of(DESKTOP)
            start_table(page, "citadels", ["person", "person"])
            page.wait_for_selector("#handover-ready")
            shoot(page, args.out / "handover.png")
            page.context.close()

            page = page_of(DESKTOP)
            with tempfile.TemporaryDirectory() as folder:
                record = Path(folder) / "citadels.json"
                record.write_text(json.dumps(tampered(base_url, "citadels")))
                page.goto("/#/record")
                page.set_input_files("#record-file", str(record))
                page.wait_for_selector("#illegal")
            page.locator("#verdict").scroll_into_view_if_needed()
            shoot(page, args.out / "viewer-illegal.png")
            page.context.close()

            page = page_of(PHONE)
            start_table(page, "walled_city", ["person", "bot"])
            decide(page, 2)
            shoot(page, args.out / "table-phone.png")
            page.context.close()
            browser.close()
    finally:
        running.stop(None)


if __name__ == "__main__":
    main()
