"""Every word of one seeded game, in one language: the transcript the language tests scan and the review page
(docs/languages.md) samples.

    .venv/bin/python -m tools.transcript citadels --locale hu [--players 3] [--seed 1] > citadels.hu.txt

A game is played from a seeded setup to its end (at most ``--moves`` moves, 5,000 unless given) by a
generator seeded with the same seed, so the same arguments give the same game in every language. Each
line is ``kind<TAB>words``:

* ``option``: every option's doc; ``seat``: the name of every seat the service plays itself;
* ``prompt``: the pending decision's prompt, at every decision and at the end;
* ``label`` / ``path``: the labels of the decision's legal moves (the first ``--labels`` of them and the
  chosen one) and the path of choices of the chosen one;
* ``log`` / ``private``: the public and private log lines of every move;
* ``refusal``: the messages of near misses of the chosen move (another seat, a number one more or less, a
  word of another legal move of the decision), each distinct message once;
* ``score``: the category, detail and tiebreak of every line of the score sheet, mid-game and at the end;
* ``picture``: the words drawn in the picture of every seat's view and a spectator's, now and then.

English comes from the texts' own English, so the same tool read against older code (``PYTHONPATH``)
gives that code's English transcript.
"""

from __future__ import annotations

import argparse
import html
import importlib
import inspect
import random
import re
import sys
from collections.abc import Iterator
from typing import Any

import msgspec

_TEXT = re.compile(r"<text[^>]*>(.*?)</text>", re.DOTALL)
_TSPAN = re.compile(r"<[^>]+>")


def _say(words: Any, text: Any) -> str:
    if text is None:
        return ""
    return text.english if words is None else words(text)


def _plain(words: Any, obj: Any, field: str) -> str:
    """A plain string field in the language (its ``<field>_text`` sibling rendered when there is one)."""
    text = getattr(obj, f"{field}_text", None)
    if words is not None and text is not None:
        return str(words(text))
    return str(getattr(obj, field))


def _picture_words(engine: Any, view: Any, viewer: int | None, words: Any) -> list[str]:
    draw = engine.game.picture
    if draw is None:
        return []
    picture = draw(view, viewer, words) if len(inspect.signature(draw).parameters) >= 3 else draw(view, viewer)
    return [html.unescape(_TSPAN.sub("", found)).strip() for found in _TEXT.findall(picture.svg)]


def _near_misses(engine: Any, state: Any, move: Any, legal: list[Any], players: int) -> Iterator[Any]:
    yield type(move)((move.seat + 1) % max(players, 2), move.action)
    action = move.action
    for name in action.__struct_fields__:
        value = getattr(action, name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            for changed in (value + 1, value - 1):
                yield type(move)(move.seat, msgspec.structs.replace(action, **{name: changed}))
        elif isinstance(value, str):
            other = next(
                (
                    getattr(m.action, name)
                    for m in legal
                    if type(m.action) is type(action) and getattr(m.action, name) != value
                ),
                None,
            )
            if other is not None:
                yield type(move)(move.seat, msgspec.structs.replace(action, **{name: other}))


def transcript(
    game_id: str,
    words: Any = None,
    *,
    players: int | None = None,
    seed: int = 1,
    moves: int = 5000,
    labels: int = 12,
    pictures_every: int = 40,
    pictures: bool = True,
) -> list[tuple[str, str]]:
    """The transcript of one seeded game of ``game_id`` (``words``: a ``Words``; ``None``: English). Without
    ``pictures`` the lines of every language correspond one to one (a picture wraps its words to its width,
    so the number of its lines differs by language)."""
    engine = importlib.import_module(f"engines.{game_id}.engine").ENGINE
    info = engine.info
    players = players or info.min_players
    lines: list[tuple[str, str]] = [("option", _plain(words, o, "doc")) for o in info.options]
    lines += [("seat", _plain(words, a, "name")) for a in info.game_type.automated_seats]
    state = engine.new_game(engine.make_options(players, {}), seed)
    chooser = random.Random(seed)
    seen_refusals: set[str] = set()
    for number in range(moves):
        legal = list(engine.legal_moves(state))
        if not legal:
            break
        lines.append(("prompt", _plain(words, engine.pending(state), "prompt")))
        move = chooser.choice(legal)
        shown = engine.labels(state, legal)
        chosen = legal.index(move)
        for index, label in enumerate(shown):
            if index < labels or index == chosen:
                lines.append(("label", _say(words, label.label)))
        lines += [("path", _say(words, step)) for step in shown[chosen].path]
        for miss in _near_misses(engine, state, move, legal, players):
            try:
                refused = engine.validate(state, miss)
            except Exception:  # a variant the engine cannot even read is no refusal to show
                continue
            for violation in refused:
                if violation.message not in seen_refusals:  # each distinct refusal once, in any language
                    seen_refusals.add(violation.message)
                    lines.append(("refusal", _plain(words, violation, "message")))
        after = engine.apply(state, move)
        entry = engine.log(state, move, after)
        lines.append(("log", _say(words, entry.public_line)))
        if entry.private_line is not None:
            lines.append(("private", _say(words, entry.private_line)))
        if number % pictures_every == 0:
            lines += _sheet(engine, after, words)
            for viewer in (None, *engine.seats(after)) if pictures else ():
                lines += [("picture", w) for w in _picture_words(engine, engine.view(after, viewer), viewer, words)]
        state = after
    lines.append(("prompt", _plain(words, engine.pending(state), "prompt")))
    lines += _sheet(engine, state, words)
    for viewer in (None, *engine.seats(state)) if pictures else ():
        lines += [("picture", w) for w in _picture_words(engine, engine.view(state, viewer), viewer, words)]
    return [(kind, said) for kind, said in lines if said or not pictures]


def _sheet(engine: Any, state: Any, words: Any) -> list[tuple[str, str]]:
    lines = []
    for seat in engine.score(state).seats:
        for entry in seat.entries:
            lines += [("score", _plain(words, entry, "category")), ("score", _plain(words, entry, "detail"))]
        lines.append(("score", _plain(words, seat, "tiebreak")))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.transcript", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=5000)
    args = parser.parse_args(argv)
    words = None
    if args.locale != "en":
        from engines.core.locale import Words

        words = Words(args.locale)
    for kind, said in transcript(args.game, words, players=args.players, seed=args.seed, moves=args.moves):
        sys.stdout.write(f"{kind}\t{said.replace(chr(10), ' / ')}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
