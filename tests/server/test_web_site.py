"""The HTTP port's static site (server/web.py): the page at ``/`` and its files, with their types, caching by
ETag and the security headers; nothing else is served as a file, and the files ship in the wheel."""

from __future__ import annotations

import http.client
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from server import web
from server.app import Running, start_server
from server.config import Config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def running() -> Iterator[Running]:
    server = start_server(Config(host="127.0.0.1", port=0, http_port=0, threads=2))
    try:
        yield server
    finally:
        server.stop(None)


def get(
    running: Running, path: str, method: str = "GET", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request: status, headers (lower-case names), body."""
    assert running.http_port is not None
    connection = http.client.HTTPConnection("127.0.0.1", running.http_port, timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def test_the_root_is_the_page_with_its_security_headers(running: Running) -> None:
    status, headers, body = get(running, "/")
    assert status == 200
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["x-content-type-options"] == "nosniff"
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert re.fullmatch(r'"[0-9a-f]{16}"', headers["etag"])
    assert int(headers["content-length"]) == len(body)
    assert body == (ROOT / "server" / "site" / "index.html").read_bytes()
    assert b'<script type="module" src="app.js">' in body


def test_a_known_etag_gives_304_without_a_body(running: Running) -> None:
    _, headers, _ = get(running, "/")
    status, again, body = get(running, "/", headers={"If-None-Match": headers["etag"]})
    assert (status, body) == (304, b"")
    assert again["etag"] == headers["etag"]
    changed, _, body = get(running, "/", headers={"If-None-Match": '"0000000000000000"'})
    assert changed == 200 and body


def test_head_gives_the_headers_and_no_body(running: Running) -> None:
    status, headers, body = get(running, "/", method="HEAD")
    assert status == 200 and body == b""
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert int(headers["content-length"]) == len((ROOT / "server" / "site" / "index.html").read_bytes())


@pytest.mark.parametrize("path", sorted(web.FILES))
def test_every_file_is_served_with_its_type(running: Running, path: str) -> None:
    name, media_type = web.FILES[path]
    status, headers, body = get(running, path)
    assert status == 200
    assert headers["content-type"] == media_type
    assert headers["x-content-type-options"] == "nosniff"
    assert body == (ROOT / "server" / "site" / name).read_bytes()


def test_every_file_of_the_site_folder_is_listed() -> None:
    on_disk = {path.name for path in (ROOT / "server" / "site").iterdir()}
    assert on_disk == {name for name, _ in web.FILES.values()}


@pytest.mark.parametrize("path", ["/../pyproject.toml", "/secret.js", "/site/app.js", "/server/web.py", "/app.js/"])
def test_no_other_path_is_served_as_a_file(running: Running, path: str) -> None:
    status, headers, body = get(running, path)
    assert status == 404
    assert "content-security-policy" not in headers  # the service layer answered, not the site
    assert b"<html" not in body and b"import" not in body and b"[project]" not in body


def test_the_site_is_package_data_of_the_server() -> None:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        package_data = tomllib.load(handle)["tool"]["setuptools"]["package-data"]
    assert "site/*" in package_data["server"]
