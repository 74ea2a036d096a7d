"""The catalogue of Guilds of London violation codes (stable; documented for clients)."""

from __future__ import annotations

CODES: dict[str, str] = {
    "GUILDS_OF_LONDON_NOT_OFFERED": "That card, tile, token, order or side cannot be drawn or chosen now.",
    "GUILDS_OF_LONDON_NOT_IN_HAND": "The card is not in the player's hand.",
    "GUILDS_OF_LONDON_SUPPLY_EMPTY": "No liveryman of the player's colour is left in the common supply.",
    "GUILDS_OF_LONDON_NO_FIGURE": "The player has no figure there that may be taken.",
    "GUILDS_OF_LONDON_BAD_DESTINATION": "A figure can only go onto another face-up tile of the city.",
    "GUILDS_OF_LONDON_SYMBOL_MISMATCH": "The destination tile does not show the symbol required.",
    "GUILDS_OF_LONDON_CANNOT_PAY": "The player cannot pay the ability's full cost.",
    "GUILDS_OF_LONDON_BAD_COUNT": "The number is outside what the effect and the supplies allow.",
    "GUILDS_OF_LONDON_MUST_CONTINUE": "A mandatory effect cannot stop while it can still be used.",
    "GUILDS_OF_LONDON_NOTHING_TO_SWAP": "That seat has no liveryman here that may be swapped.",
    "GUILDS_OF_LONDON_NO_SUCH_OPTION": "The effect has no option of that number.",
}
