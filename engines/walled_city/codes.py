"""The catalogue of Walled City violation codes (stable; documented for clients)."""

from __future__ import annotations

CODES: dict[str, str] = {
    "WALLED_CITY_IMPOSSIBLE_CHANCE": "That chance outcome cannot happen now (no such die, guild or card left).",
    "WALLED_CITY_NO_SUCH_PATH": "There is no buildable path of that name.",
    "WALLED_CITY_PATH_TAKEN": "That path already has a road.",
    "WALLED_CITY_NO_SUCH_GAP": "There is no gap of that name.",
    "WALLED_CITY_GAP_TAKEN": "That gap already has a wall.",
    "WALLED_CITY_WRONG_ROUND": "Round 1 builds roads, round 2 walls.",
    "WALLED_CITY_NO_SUCH_CARD": "The player holds no such building card.",
    "WALLED_CITY_NOT_OFFERED": "That guild is not in the offer.",
    "WALLED_CITY_BAD_SETTLE": "The settlement does not match the card, the sides of the spot or the reserve.",
    "WALLED_CITY_BAD_PROMOTE": "That noble cannot be promoted to that tower.",
    "WALLED_CITY_BAD_ADJUST": "That die or tile may not be adjusted now (place, bounds 1..3).",
    "WALLED_CITY_BAD_DEFENCE": "That card, zone or orientation is not possible.",
    "WALLED_CITY_CAN_BUILD": "A piece is given up only when there is nowhere to build.",
    "WALLED_CITY_GUILD_NOT_NOW": "Guilds are used only between the steps of your own build turn.",
    "WALLED_CITY_NOT_YOUR_GUILD": "That is not the guild you hold this round.",
    "WALLED_CITY_GUILD_USED": "Your guild was already used this round.",
    "WALLED_CITY_BAD_COPY": "Grocers copy a guild another player holds; other guilds copy nothing.",
    "WALLED_CITY_GUILD_BLOCKED": "The ability's timing or preconditions are not met now (the message says which).",
    "WALLED_CITY_BAD_GUILD_CHOICE": "That choice is not open to the ability in progress (the message says what).",
}
