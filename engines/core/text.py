"""Words for people: labels of moves, their choice paths, the log of what a move did, prompts, refusals,
score lines and pictures.

Every text is a message id, its parameters and the English rendered from them (``Text``). A game writes
each of its messages once, as a module constant beside the rule that uses it: ``Message(id, English
template)`` (``Message("citadels.move.destroy", "Destroy {target}'s {district} ({cost} gold)")``), and
makes a text by calling it with the parameters. A parameter is a number, a thing of the game (a ``Name``:
its kind, content id and name, from ``names``), a seat (``seat``), a phrase (another text: a count, a
``listing``), or a token no language translates; so a text can be rendered in any language, by the service
(``engines.core.locale``) or by a client with catalogues of its own. The messages are the source of the
gettext catalogues (``tools.catalogues``; docs/translating.md).
"""

from __future__ import annotations

import string
from collections.abc import Sequence

import msgspec

_FORMATTER = string.Formatter()


class TextParam(msgspec.Struct, frozen=True, gc=False):
    """One parameter of a text: its name in the template, its value as the English shows it, and what it
    refers to, so a client with its own catalogue can render it in any language:

    * ``kind`` ``number``: a number (``value`` holds its digits);
    * ``kind`` ``seat``: a seat (``ref`` its number, ``-1`` for the chance seat);
    * another ``kind`` (``district``, ``character``, ``guild``, ``resource`` ...): a thing of the game,
      ``ref`` its content id;
    * ``kind`` ``text``: a phrase of its own (a count, a list, a part of a sentence);
    * no ``kind``: a token no language translates (a street ``H 3 4``, a field ``3,4``).

    ``text`` holds the value as a ``Text`` of its own (for a seat, a thing or a phrase), which a client
    renders the way it renders any text."""

    name: str
    value: str
    kind: str = ""
    ref: str = ""
    text: Text | None = None


class Text(msgspec.Struct, frozen=True, gc=False):
    """A stable message id, its parameters, and the English text rendered from them."""

    id: str
    params: tuple[TextParam, ...] = ()
    english: str = ""
    localized: str = ""
    """The text in the language a call asked for, set by the service on its way out (``Words``); engines
    leave it empty."""


class MoveLabel(msgspec.Struct, frozen=True, gc=False):
    """How a legal move is shown: a label unique within its decision, and the path of choices a
    player makes to reach it (the kind of action first, then each parameter)."""

    label: Text
    path: tuple[Text, ...] = ()


class LogEntry(msgspec.Struct, frozen=True, gc=False):
    """What a move did: the line every player at the table saw, and the line only the mover saw."""

    seat: int
    public_line: Text
    private_line: Text | None = None


class Name(msgspec.Struct, frozen=True, gc=False):
    """A thing of a game as a text names it: its kind (``district``), its content id (``manor``) and its
    name as a text (id ``citadels.district.manor``, English ``Manor``). Pass it as a message's parameter;
    ``str()`` of it is the English name."""

    kind: str
    ref: str
    text: Text

    def __str__(self) -> str:
        return self.text.english

    @property
    def english(self) -> str:
        """The English name."""
        return self.text.english


#: What a message's parameter may be: a number, a thing of the game, a phrase, or a token no language
#: translates.
Param = int | Name | Text | str

_PLURAL_PARAM = "n"


class Message:
    """One message of the catalogue: a stable id and its English template, written once as a module constant
    beside the rule that uses it (``DESTROY = Message("citadels.move.destroy", "Destroy {target}'s
    {district}")``); calling it with the parameters makes the ``Text``. A message that counts has a plural
    template too and a parameter ``n`` that chooses between them (by each language's plural rules).

    The messages of a game are its catalogue's source: ``tools.catalogues`` collects every ``Message`` and
    ``Name`` of a game's modules into the game's ``messages.pot``, which every language translates."""

    __slots__ = ("_keys", "_names", "_numbered", "_numbered_plural", "id", "plural", "template")

    def __init__(self, id: str, template: str, plural: str = "") -> None:
        self.id = id
        self.template = template
        self.plural = plural
        self._names = _placeholders(template)
        self._keys = frozenset(self._names)
        if plural and (_PLURAL_PARAM not in _placeholders(plural) or set(_placeholders(plural)) != set(self._names)):
            raise ValueError(
                f"{id}: a counting message names {{{_PLURAL_PARAM}}} and the same parameters in both forms"
            )
        #: The templates with each parameter numbered by its place in ``names``, filled by ``str.format``.
        self._numbered = _numbered(template, self._names)
        self._numbered_plural = _numbered(plural, self._names) if plural else ""

    @property
    def names(self) -> tuple[str, ...]:
        """The parameters the template names, in order."""
        return self._names

    def __repr__(self) -> str:
        return f"Message({self.id!r}, {self.template!r}" + (f", {self.plural!r})" if self.plural else ")")

    def __call__(self, **params: Param) -> Text:
        """The text with these parameters (each one the template names, no other), the English rendered."""
        names = self._names
        if params.keys() != self._keys:
            missing = [n for n in names if n not in params]
            extra = [n for n in params if n not in names]
            raise KeyError(f"{self.id}: missing {missing}, unexpected {extra}")
        numbered = self._numbered
        if self.plural:
            count = params[_PLURAL_PARAM]
            if not isinstance(count, int):
                raise TypeError(f"{self.id}: {{{_PLURAL_PARAM}}} counts and must be a number")
            if count != 1:
                numbered = self._numbered_plural
        shaped = tuple(map(param, names, map(params.__getitem__, names)))
        return Text(self.id, shaped, numbered.format(*[p.value for p in shaped]))


def param(name: str, value: Param) -> TextParam:
    """A message's parameter: a number, a thing of the game (``Name``), a phrase (``Text``) or a token."""
    if isinstance(value, bool):
        raise TypeError(f"{name}: a yes/no is not a parameter; choose a message instead")
    if isinstance(value, int):
        return TextParam(name, str(value), "number")
    if isinstance(value, Name):
        return TextParam(name, value.text.english, value.kind, value.ref, value.text)
    if isinstance(value, Text):
        return TextParam(name, value.english, "text", "", value)
    return TextParam(name, value)


def _placeholders(template: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(field for _, field, _, _ in _FORMATTER.parse(template) if field))


def _numbered(template: str, names: tuple[str, ...]) -> str:
    """``template`` with each named field numbered by the name's place in ``names`` (``"{a} and {b}"`` with
    ``("a", "b")``: ``"{0} and {1}"``), its literal braces kept, so that ``str.format`` fills it from a list."""
    parts = []
    for literal, field, spec, conversion in _FORMATTER.parse(template):
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            conversion = f"!{conversion}" if conversion else ""
            parts.append(f"{{{names.index(field)}{conversion}{':' + spec if spec else ''}}}")
    return "".join(parts)


def names(game: str, kind: str, english: dict[str, str]) -> dict[str, Name]:
    """The names of one kind of thing of a game, by content id: ``{"manor": Name("district", "manor",
    Text("citadels.district.manor", (), "Manor"))}``."""
    return {ref: Name(kind, ref, Text(f"{game}.{kind}.{ref}", (), word)) for ref, word in english.items()}


SEAT = Message("core.seat", "Seat {n}")
CHANCE_SEAT = Message("core.seat.chance", "Chance")
LIST_AND = "core.list.and"
"""A list joined as a language joins the items of a list with "and" (English: ``A, B and C``)."""
LIST_COMMA = "core.list.comma"
"""A list joined by commas alone (``A, B, C``)."""
LIST_OR = "core.list.or"
"""A list joined as a language joins alternatives (English: ``A or B or C``)."""
LIST_IDS = (LIST_AND, LIST_COMMA, LIST_OR)
NONE = Message("core.none", "none")
AS_WRITTEN = Message("core.as_written", "{words}")
"""Words kept as they were written (in a state kept from before the words were texts), shown as they are."""


def seat(number: int) -> Name:
    """A seat as a text names it: ``Seat 2``; ``Chance`` for the chance seat (-1)."""
    shown = CHANCE_SEAT() if number < 0 else SEAT(n=number)
    return Name("seat", str(number), shown)


def listing(items: Sequence[Param], *, joined: str = LIST_AND, empty: Message = NONE) -> Text:
    """A list as one phrase: ``A, B and C`` (``joined=LIST_AND``), ``A, B, C`` (``LIST_COMMA``) or ``A or B``
    (``LIST_OR``); an empty
    list is ``empty`` (``none``). Each language joins the items its own way (CLDR list patterns)."""
    if not items:
        return empty()
    shaped = tuple(param(str(i), item) for i, item in enumerate(items))
    words = [p.value for p in shaped]
    if joined == LIST_AND and len(words) > 1:
        english = f"{', '.join(words[:-1])} and {words[-1]}"
    elif joined == LIST_OR:
        english = " or ".join(words)
    else:
        english = ", ".join(words)
    return Text(joined, shaped, english)


MENU = 25
"""The most choices a menu shows (a Discord select menu's limit)."""


SEATED = Message("core.seated", "{seat}: {label}")
CHOOSE_SEAT = Message("core.choice.seat", "{seat}")


def seated(number: int, several_seats: bool, label: Text, path: Sequence[Text]) -> MoveLabel:
    """A move's label and path; when several seats decide at once, both name the seat first
    (``Seat 2: Keep the Manor``)."""
    if not several_seats:
        return MoveLabel(label, tuple(path))
    who = seat(number)
    return MoveLabel(SEATED(seat=who, label=label), (CHOOSE_SEAT(seat=who), *path))


def menu_steps(chosen: Message, group: Message, value: str, everything: Sequence[tuple[str, Param]]) -> list[Text]:
    """The menu step(s) choosing ``value`` among ``everything`` ((value, words) pairs in menu order): one
    step (``chosen``, a message of ``{value}``), or with more than ``MENU`` values first the group of at most
    ``MENU`` consecutive ones holding it (``group``, a message of ``{first}`` and ``{last}``). The groups come
    from the whole range, so every move of a decision walks menus of the same shape."""
    keys = [key for key, _ in everything]
    picked = chosen(value=dict(everything).get(value, value))
    if len(keys) <= MENU or value not in keys:
        return [picked]
    start = keys.index(value) // MENU * MENU
    chunk = everything[start : start + MENU]
    return [group(first=chunk[0][1], last=chunk[-1][1]), picked]
