"""The names of the things of The Walled City, as texts name them (``engines.core.text.Name``): guilds,
factions, pieces, citizens, the board sides and the seats' colours; and the competitors (a seat, the 2-player
neutral) as a message's parameter. The English comes from the content (``content.py``, ``data/game.json``)."""

from __future__ import annotations

from engines.core.picture import SEAT_COLOUR_NAMES
from engines.core.text import Message, Name, Param, names, seat
from engines.walled_city.content import CONTENT

GAME = "walled_city"

GUILDS: dict[str, Name] = names(GAME, "guild", {g.id: g.name_en for g in CONTENT.guilds})
"""The guilds by id (§6.2), named as the content names them (``Merchant Taylors``)."""
FACTIONS: dict[str, Name] = names(GAME, "faction", {f: f for f in CONTENT.factions.ids})
"""The factions by id (§2.5): the content names them by their colour (``blue``)."""
FACTIONS_TITLE: dict[str, Name] = names(GAME, "faction_title", {f: f[:1].upper() + f[1:] for f in CONTENT.factions.ids})
"""A faction's name at the start of a sentence (``Blue``)."""
PIECES: dict[str, Name] = names(GAME, "piece", {"road": "road", "wall": "wall"})
"""What a player builds (§2.6): a road on a path (round 1), a wall in a gap (round 2)."""
CITIZEN_KINDS: dict[str, Name] = names(GAME, "citizen", {"noble": "noble", "peasant": "peasant"})
"""The two kinds of citizen (§2.3)."""
BOARD_SIDES: dict[str, Name] = names(GAME, "board", {"londonderry": "Londonderry", "borderlands": "Borderlands"})
"""The two sides of the board (§2.1)."""
COLOURS: dict[str, Name] = names(GAME, "colour", {c: c for c in SEAT_COLOUR_NAMES})
"""The seats' colours as the pictures draw them."""

NOBLES = Message("walled_city.count.nobles", "{n} noble", "{n} nobles")
PEASANTS = Message("walled_city.count.peasants", "{n} peasant", "{n} peasants")
CITIZENS = Message("walled_city.count.citizens", "{n} citizen", "{n} citizens")
NO_NOBLES = Message("walled_city.count.no_nobles", "no nobles")
NO_PEASANTS = Message("walled_city.count.no_peasants", "no peasants")

THE_NEUTRAL = Message("walled_city.who.neutral", "the neutral")
THE_NEUTRAL_START = Message("walled_city.who.neutral_start", "The neutral")


def guild(guild_id: str) -> Param:
    """A guild by its name; an id the content lacks as it is."""
    return GUILDS.get(guild_id, guild_id)


def faction(faction_id: str) -> Param:
    """A faction by its name; an id the content lacks as it is."""
    return FACTIONS.get(faction_id, faction_id)


def faction_title(faction_id: str) -> Param:
    """A faction by its name at the start of a sentence."""
    return FACTIONS_TITLE[faction_id] if faction_id in FACTIONS_TITLE else faction_id[:1].upper() + faction_id[1:]


def board_side(side: str) -> Param:
    """A board side by its name (``Londonderry``, ``Borderlands``)."""
    return BOARD_SIDES[side] if side in BOARD_SIDES else side.replace("_", " ").title()


def colour(seat_number: int) -> Name:
    """A seat's colour in the pictures (``blue``)."""
    return COLOURS[SEAT_COLOUR_NAMES[seat_number % len(SEAT_COLOUR_NAMES)]]


def competitor(who: str, start: bool = False, quoted: bool = True) -> Param:
    """A competitor (``"0"``..``"3"``, ``"neutral"``, §3.6) as a parameter: a seat, the neutral (``start``: at
    the start of a sentence), any other id as it is (``quoted``: as its repr, as the moves' words show it)."""
    if who == "neutral":
        return THE_NEUTRAL_START() if start else THE_NEUTRAL()
    if who.isascii() and who.isdigit():
        return seat(int(who))
    return repr(who) if quoted else who
