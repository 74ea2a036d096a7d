"""What the command layer answers: messages for the channel or for one member, with a picture, a
select menu or buttons. Plain data: ``discord_app.py`` turns it into Discord messages, tests read it."""

from __future__ import annotations

from dataclasses import dataclass

#: The most options a Discord select menu holds.
MENU_LIMIT = 25
#: The longest label, description or value of a select option Discord accepts.
OPTION_TEXT_LIMIT = 100
#: The longest message text Discord accepts.
MESSAGE_LIMIT = 2000


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters (an ellipsis marks a cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Option:
    """One option of a select menu: the value sent back when chosen and the words shown."""

    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Menu:
    """A select menu: a placeholder (the question) and at most ``MENU_LIMIT`` options."""

    placeholder: str
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Button:
    """A button that runs a command of the bot for whoever presses it (``play``, ``view``)."""

    label: str
    command: str


@dataclass(frozen=True)
class Image:
    """A picture to attach: its file name and bytes (PNG)."""

    filename: str
    data: bytes


@dataclass(frozen=True)
class Reply:
    """One message: to the whole channel (``member`` is ``None``) or, ephemerally, to one member only."""

    text: str
    member: int | None = None
    image: Image | None = None
    menu: Menu | None = None
    buttons: tuple[Button, ...] = ()

    @property
    def public(self) -> bool:
        """Whether everyone in the channel sees this message."""
        return self.member is None


def post(
    text: str,
    member: int | None = None,
    *,
    image: Image | None = None,
    menu: Menu | None = None,
    buttons: tuple[Button, ...] = (),
) -> Reply:
    """A ``Reply`` whose text is clipped to what Discord accepts. (Not named ``say``: every call named
    ``say`` is one of the bot's messages to translate, ``rulesbot.words``.)"""
    return Reply(clip(text, MESSAGE_LIMIT), member, image, menu, buttons)
