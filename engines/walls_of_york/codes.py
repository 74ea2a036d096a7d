"""The catalogue of Walls of York violation codes (stable; documented for clients)."""

from __future__ import annotations

CODES: dict[str, str] = {
    "WALLS_OF_YORK_NO_SUCH_SEAT": "The named seat does not exist.",
    "WALLS_OF_YORK_GEM_UNAVAILABLE": "That terrain board is already placed (or no such gem).",
    "WALLS_OF_YORK_QUADRANT_TAKEN": "That quadrant already holds a terrain board (or is no quadrant).",
    "WALLS_OF_YORK_BAD_SIDE": "A terrain board's side is black or white.",
    "WALLS_OF_YORK_BAD_ROTATION": "Rotation is 0..3 quarter turns clockwise.",
    "WALLS_OF_YORK_IMPOSSIBLE_DECREE": "The king dice cannot show that decree.",
    "WALLS_OF_YORK_NO_SUCH_FACE": "The building die has no such face.",
    "WALLS_OF_YORK_NO_SUCH_EDGE": "The named street does not exist on the board.",
    "WALLS_OF_YORK_EDGE_OCCUPIED": "A wall already stands on that street.",
    "WALLS_OF_YORK_NO_SUCH_VARIANT": "The rolled formation has no such orientation.",
    "WALLS_OF_YORK_OFF_BOARD": "The formation would leave the board.",
    "WALLS_OF_YORK_MUST_BUILD": "An open player passes only when nothing can be placed.",
    "WALLS_OF_YORK_NO_WALL_THERE": "Strict supply: there is no own wall on that street to lift.",
    "WALLS_OF_YORK_CLOSING_STARTED": "A city being chosen must be sealed.",
    "WALLS_OF_YORK_MUST_CLOSE": "Rule F: a player who passed and can close must close.",
    "WALLS_OF_YORK_NO_CITY": "No room of the city has been chosen yet.",
    "WALLS_OF_YORK_CITY_INVALID": "The chosen rooms are not a valid city (the message names the problem).",
    "WALLS_OF_YORK_DECREE_UNMET": "The city lacks buildings the King demands (the message names them).",
    "WALLS_OF_YORK_NO_SUCH_FIELD": "The named field is not on the board.",
    "WALLS_OF_YORK_NOT_ENCLOSED": "The named field is outside every walled room.",
    "WALLS_OF_YORK_NAME_ROOM": "A room is named by its first field (lowest row, then column).",
    "WALLS_OF_YORK_ROOM_CHOSEN": "That room is already part of the city being chosen.",
    "WALLS_OF_YORK_ROOM_APART": "That room does not touch the city being chosen.",
}
