"""The web table and record viewer (server/site/), driven in a real headless Chromium by Playwright.

Chromium is Debian's (``/usr/bin/chromium``, or ``RULES_ENGINE_CHROMIUM``); ``.ci/run`` installs it when it is
missing. Without it these tests fail (they are never skipped): a green run means the page was really driven.
Every page a test opens fails the test on any console error or uncaught exception (``page`` fixture)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from server.app import Running, start_server
from server.config import Config

#: Flags for a root, headless, offline Chromium (its background connections would be refused here).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    """The Chromium to drive; fails the test (never skips it) when there is none."""
    path = os.environ.get("RULES_ENGINE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail("no Chromium: install Debian's chromium package (.ci/run does) or set RULES_ENGINE_CHROMIUM")
    return path


@pytest.fixture(scope="session")
def web_server() -> Iterator[Running]:
    """A server with its HTTP port (the page and its API) on a free local port."""
    running = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=4))
    try:
        yield running
    finally:
        running.stop(None)


@pytest.fixture(scope="session")
def base_url(web_server: Running) -> str:
    return f"http://127.0.0.1:{web_server.http_port}"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@dataclass
class Console:
    """What a page said on its console that counts as a failure."""

    errors: list[str] = field(default_factory=list)

    def watch(self, page: Any) -> None:
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))


def open_page(browser: Any, base_url: str, console: Console, **context: Any) -> Any:
    """A fresh browser context (empty storage) and a page of it, watched by ``console``."""
    page = browser.new_context(base_url=base_url, **context).new_page()
    page.set_default_timeout(60_000)
    console.watch(page)
    return page


@pytest.fixture
def console() -> Iterator[Console]:
    watched = Console()
    yield watched
    assert not watched.errors, f"the browser console reported errors: {watched.errors}"


@pytest.fixture
def page(browser: Any, base_url: str, console: Console) -> Iterator[Any]:
    """A desktop-sized page with empty storage; the test fails on any console error."""
    opened = open_page(browser, base_url, console, viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        yield opened
    finally:
        opened.context.close()
