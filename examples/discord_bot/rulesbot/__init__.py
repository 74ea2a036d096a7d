"""The game logic of the Discord bot example, with no Discord in it.

``commands.RulesBot`` takes plain inputs (a channel id, a member id, a command and its arguments,
the value of a chosen menu option) and answers with ``replies.Reply`` objects (channel messages,
ephemeral messages for one member, menus, PNG pictures); ``store.Store`` keeps every game in SQLite;
``menus`` walks a move's choice path one menu of at most 25 options at a time. ``discord_app.py``
(next to this package) is the thin layer that maps Discord's slash commands, select menus and
buttons onto ``RulesBot``.
"""

from rulesbot.commands import RulesBot
from rulesbot.replies import Button, Image, Menu, Option, Reply
from rulesbot.store import Store, StoredGame

__all__ = ["Button", "Image", "Menu", "Option", "Reply", "RulesBot", "Store", "StoredGame"]
