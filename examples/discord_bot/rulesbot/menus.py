"""Walking a move's choice path with select menus of at most 25 options.

``LegalMoves`` words every legal move with a label and a path of choices (the kind of action, then
each parameter). A member reaches a move by choosing one step of the path per menu; a step offering
more than 25 options is first narrowed to a range of them ("1-25", "26-50", ...). Everything a menu
needs to go on is in the value of the chosen option (a ``Token``): the seat, the explicit choices so
far as indices, the range being narrowed, and a digest of the seat's legal moves, so a menu answered
after the game moved on (or after the bot restarted) is either still right or recognised as stale.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from rulesbot.replies import MENU_LIMIT, OPTION_TEXT_LIMIT, Menu, Option, clip
from rulesbot.words import DEFAULT_LOCALE, Words, words

#: The placeholder of a menu is at most this long (Discord's limit).
PLACEHOLDER_LIMIT = 150

Path = Sequence[str]


class StaleMenu(ValueError):
    """A menu value that does not fit the seat's legal moves now (the game moved on)."""


@dataclass(frozen=True)
class Token:
    """Where a walk stands: whose it is, the explicit choices made, the range of the next step's
    options being narrowed (``None``: all of them), and the digest of the legal moves walked."""

    digest: str
    seat: int
    steps: tuple[int, ...] = ()
    span: tuple[int, int] | None = None

    def encode(self) -> str:
        """The token as a select option's value (at most 100 characters for any real walk)."""
        text = f"{self.digest}:{self.seat}:{'.'.join(map(str, self.steps))}"
        return text + (f":{self.span[0]}-{self.span[1]}" if self.span else "")

    @classmethod
    def decode(cls, value: str) -> Token:
        """The token of an option value; ``StaleMenu`` for a value no menu of this bot made."""
        parts = value.split(":")
        try:
            digest, seat, steps = parts[0], int(parts[1]), tuple(int(s) for s in parts[2].split(".") if s)
            span = None
            if len(parts) == 4:
                low, high = parts[3].split("-")
                span = (int(low), int(high))
            elif len(parts) != 3:
                raise ValueError(value)
        except (IndexError, ValueError) as error:
            raise StaleMenu(f"not a menu value of this bot: {value!r}") from error
        return cls(digest, seat, steps, span)


def choice_paths(labels: Sequence[str], paths: Sequence[Path]) -> list[list[str]]:
    """The paths walked: the moves' own labels as one step when they fit one menu (or a move has no
    path), else the service's choice paths."""
    if len(labels) <= MENU_LIMIT or not all(paths):
        return [[label] for label in labels]
    return [list(path) for path in paths]


def digest(paths: Sequence[Path]) -> str:
    """A short fingerprint of a seat's legal moves as walked (changes when they change)."""
    joined = "\n".join("\x1f".join(path) for path in paths)
    return hashlib.sha256(joined.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Walked:
    """The end of a walk so far: the move reached (``move``), or the options of the next step."""

    move: int | None
    chosen: tuple[str, ...]
    options: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()


def _left(paths: Sequence[Path], chosen: Sequence[str]) -> list[int]:
    """The moves whose path starts with ``chosen``."""
    return [i for i, path in enumerate(paths) if list(path[: len(chosen)]) == list(chosen)]


def walk(paths: Sequence[Path], steps: Sequence[int]) -> Walked:
    """Follow the explicit choices ``steps`` (option indices) along ``paths``; a step with one option
    is taken without asking, except the very first when only one move is legal (the member still
    confirms it). ``StaleMenu`` when a step index does not exist."""
    chosen: list[str] = []
    used = 0
    while True:
        left = _left(paths, chosen)
        if not left:
            raise StaleMenu("no legal move follows these choices")
        options = list(dict.fromkeys(paths[i][len(chosen)] for i in left if len(paths[i]) > len(chosen)))
        if not options or (len(left) == 1 and used):
            return Walked(left[0], tuple(chosen))
        if len(options) == 1 and len(left) > 1:
            chosen.append(options[0])
            continue
        if used == len(steps):
            step = len(chosen)
            counts = tuple(sum(1 for i in left if len(paths[i]) > step and paths[i][step] == o) for o in options)
            return Walked(None, tuple(chosen), tuple(options), counts)
        index = steps[used]
        if not 0 <= index < len(options):
            raise StaleMenu(f"option {index} does not exist at this step")
        chosen.append(options[index])
        used += 1


def _group_size(count: int) -> int:
    """The size of each range when ``count`` options are split into at most ``MENU_LIMIT`` ranges."""
    size = 1
    while -(-count // size) > MENU_LIMIT:
        size *= MENU_LIMIT
    return size


def _shared(text: str, other: str) -> int:
    """The length of the longest common prefix of ``text`` and ``other``."""
    n = 0
    for a, b in zip(text, other, strict=False):
        if a != b:
            break
        n += 1
    return n


def _differs(texts: Sequence[str]) -> list[int]:
    """For each text, where it first differs from the one closest to it (the longest prefix it shares
    with another text; its length when another text starts with all of it). The closest text is a
    neighbour in sorted order, so this takes one sort, not a comparison of every pair."""
    order = sorted(range(len(texts)), key=texts.__getitem__)
    differs = [0] * len(texts)
    for before, after in pairwise(order):
        shared = _shared(texts[before], texts[after])
        differs[before] = max(differs[before], shared)
        differs[after] = max(differs[after], shared)
    return differs


def _cut_before(text: str, differs: int, limit: int) -> int:
    """Where the label of a long ``text`` starts (after an ellipsis, in ``limit`` characters) so that
    it shows ``text[differs]``, a few words before it, and as much of the rest as fits: the start is
    moved on to the next word boundary when one is near."""
    context = limit // 4
    start = max(0, min(len(text) - (limit - 2), differs - context))
    space = text.find(" ", start, start + context)
    return space + 1 if space >= 0 and start > 0 else start


def tell_apart(texts: Sequence[str], limit: int = OPTION_TEXT_LIMIT) -> list[tuple[str, str]]:
    """A label of at most ``limit`` characters and a description (at most ``limit`` too, maybe
    empty) for each of ``texts``, the options of one step, such that the labels stay distinct and
    each shows where its text first differs from the others'. A text that fits is its own label;
    a longer one that differs early is cut at the end, the rest going to the description; one that
    shares a long start with another option shows, from a word boundary a little before the
    difference, the rest of its text ("… north tower (cost 3)"), the shared start going to the
    description. Labels still alike (never for a real game's options) get a number."""
    shown: list[tuple[str, str]] = []
    for text, differs in zip(texts, _differs(texts), strict=True):
        if len(text) <= limit:
            shown.append((text, ""))
        elif differs < limit - 1:  # clip() keeps text[: limit - 1]
            shown.append((clip(text, limit), clip("…" + text[limit - 1 :], limit)))
        else:  # the label keeps text[start : start + limit - 2], which holds text[differs]
            start = _cut_before(text, differs, limit)
            shown.append((clip("…" + text[start:], limit), clip(text[:start].rstrip() + " …", limit)))
    alike = Counter(label for label, _ in shown)
    return [
        (label if alike[label] == 1 else clip(label, limit - len(f" #{n}")) + f" #{n}", description)
        for n, (label, description) in enumerate(shown, 1)
    ]


def _joined(*parts: str) -> str:
    """The non-empty ``parts`` joined with a middle dot, clipped to an option's description."""
    return clip(" · ".join(part for part in parts if part), OPTION_TEXT_LIMIT)


def menu(token: Token, walked: Walked, question: str, said: Words | None = None) -> Menu:
    """The select menu of the next step of ``walked``: the options in ``token.span`` (all when
    ``None``) if they are at most 25, else at most 25 ranges of them. Options too long for Discord
    are shown by what tells them apart (``tell_apart``). ``said``: the bot's words (English by default)."""
    said = said or words(DEFAULT_LOCALE)
    low, high = token.span or (0, len(walked.options))
    so_far = " > ".join(walked.chosen)
    placeholder = clip(f"{question} ({so_far})" if so_far else question, PLACEHOLDER_LIMIT)
    size = _group_size(high - low)
    if size == 1:
        shown = tell_apart(walked.options)
        options = tuple(
            Option(
                Token(token.digest, token.seat, (*token.steps, i)).encode(),
                shown[i][0],
                _joined(
                    said.say_n("{n} move", "{n} moves", walked.counts[i]) if walked.counts[i] > 1 else "", shown[i][1]
                ),
            )
            for i in range(low, high)
        )
        return Menu(placeholder, options)
    ranges = [(start, min(start + size, high)) for start in range(low, high, size)]
    # Each end of a range gets half a label, after the "26-50: " and around the " … " between them.
    ends = tell_apart(walked.options, (OPTION_TEXT_LIMIT - len(f"{high}-{high}: ") - len(" … ")) // 2)
    options = tuple(
        Option(
            Token(token.digest, token.seat, token.steps, (start, end)).encode(),
            clip(f"{start + 1}-{end}: {ends[start][0]} … {ends[end - 1][0]}", OPTION_TEXT_LIMIT),
            said.say_n("{n} option", "{n} options", end - start),
        )
        for start, end in ranges
    )
    return Menu(placeholder, options)
