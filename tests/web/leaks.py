"""Whether a seat's page shows a name it must not: a thing another seat holds hidden from it.

The hidden names are found from the service, not from the page: the content ids another seat's view shows
and this seat's view does not (a card in another hand, another seat's face-down character), named as the
service names them in the page's language. Such a name may still be on the page for a fair reason: it is
also a word of the prompt ("Keep a character" and the Keep), a move's label, a public log line, one of this
seat's private lines, the picture the service draws for this seat, or the page's own words. So a leak is a
hidden name that occurs on the page **more often** than in all those fair sources together."""

from __future__ import annotations

import base64
import json
import re
import urllib.request
from collections.abc import Iterable, Iterator
from typing import Any

SERVICE = "/rulesengine.v1.RulesEngineService/"


def rpc(base_url: str, method: str, request: dict[str, Any], locale: str = "en") -> dict[str, Any]:
    """One Connect JSON call of the service."""
    sent = urllib.request.Request(
        base_url + SERVICE + method,
        data=json.dumps(request).encode(),
        headers={"Content-Type": "application/json", "Accept-Language": locale},
    )
    with urllib.request.urlopen(sent, timeout=60) as answer:
        result: dict[str, Any] = json.loads(answer.read())
        return result


def strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def texts(value: Any) -> Iterator[str]:
    """The words of every service ``Text`` inside a JSON value (localized where present)."""
    if isinstance(value, dict):
        if "english" in value and "id" in value:
            yield value.get("localized") or value["english"]
        for item in value.values():
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


def names(base_url: str, game_id: str, locale: str) -> dict[str, set[str]]:
    """Every content id of the game and the names it goes by in ``locale``."""
    described = rpc(base_url, "DescribeGame", {"gameId": game_id}, locale)
    out: dict[str, set[str]] = {}
    for entry in described.get("names", []):
        name = entry.get("name", {})
        out.setdefault(entry.get("ref", ""), set()).add(name.get("localized") or name.get("english", ""))
    return out


def seen_ids(base_url: str, state: dict[str, Any], seat: int, known: Iterable[str]) -> set[str]:
    """The content ids one seat's view of ``state`` mentions."""
    view = rpc(base_url, "ViewState", {"state": state, "viewer": {"seat": seat}})
    present = set(strings(view.get("state", {})))
    return {ref for ref in known if ref in present}


def hidden_names(base_url: str, state: dict[str, Any], seat: int, seats: int, locale: str) -> set[str]:
    """The names of the things other seats see and ``seat`` does not."""
    by_id = names(base_url, state["gameId"], locale)
    mine = seen_ids(base_url, state, seat, by_id)
    theirs: set[str] = set()
    for other in range(seats):
        if other != seat:
            theirs |= seen_ids(base_url, state, other, by_id)
    return {name for ref in theirs - mine for name in by_id[ref] if len(name) > 2}


def fair_text(base_url: str, state: dict[str, Any], seat: int, log: list[dict[str, Any]], locale: str) -> str:
    """Everything the page may fairly show ``seat``: its picture's words, its decision's prompt and moves,
    the public log and its own private lines."""
    legal = rpc(base_url, "LegalMoves", {"state": state, "seat": seat}, locale)
    request = {"state": state, "viewer": {"seat": seat}, "format": "IMAGE_FORMAT_SVG"}
    drawn = rpc(base_url, "RenderView", request, locale)
    svg = base64.b64decode(drawn["image"]).decode()
    parts = [re.sub(r"<[^>]+>", " ", svg), *texts(legal.get("pending", {})), *texts(legal.get("labels", []))]
    for entry in log:
        parts.extend(texts(entry.get("publicLine", {})))
        if entry.get("seat", 0) == seat:
            parts.extend(texts(entry.get("privateLine", {})))
    return "\n".join(parts)


def occurrences(name: str, text: str) -> int:
    """How often ``name`` occurs in ``text`` as whole words."""
    return len(re.findall(rf"(?<!\w){re.escape(name)}(?!\w)", text))


def leaks(page_text: str, hidden: set[str], fair: str) -> list[str]:
    """The hidden names the page shows more often than its fair sources do."""
    return sorted(name for name in hidden if occurrences(name, page_text) > occurrences(name, fair))
