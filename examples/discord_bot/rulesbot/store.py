"""Every game of the bot in SQLite (stdlib ``sqlite3``), one game per channel.

The rules service keeps no state, so the bot keeps it all here: the setup (game, seats, options,
chance), the members in the seats and the seats the search bot plays, the game's state as the service
returned it (protobuf bytes), its match id and move number; and the language each channel (or server) chose
with ``/language``.
Every command reads the game back from the file, so stopping and starting the bot loses nothing. A
move is saved only if the game is still at the move number it was read at, so two members answering
at once cannot both move from the same state. A file of an older bot is brought up to date when
opened (``SCHEMA_VERSION``).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    channel INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    chance TEXT NOT NULL,
    seed INTEGER,
    creator INTEGER NOT NULL,
    seats TEXT NOT NULL,
    match_id TEXT NOT NULL DEFAULT '',
    move_number INTEGER NOT NULL DEFAULT 0,
    state BLOB,
    over INTEGER NOT NULL DEFAULT 0
)
"""

LANGUAGES = """
CREATE TABLE IF NOT EXISTS languages (
    place TEXT NOT NULL CHECK (place IN ('channel', 'server')),
    id INTEGER NOT NULL,
    locale TEXT NOT NULL,
    PRIMARY KEY (place, id)
)
"""

#: Version 2 adds the seats the search bot plays (a JSON list of seat numbers; none in an older bot's games).
BOTS = "ALTER TABLE games ADD COLUMN bots TEXT NOT NULL DEFAULT '[]'"

#: The schema's version (``PRAGMA user_version``): 0, the games alone (a file of an older bot); 1, with the
#: languages; 2, with the search bot's seats. Opening a file brings it to this version, keeping every game it
#: holds.
SCHEMA_VERSION = 2

COLUMNS = "channel, game_id, players, options, chance, seed, creator, seats, match_id, move_number, state, over, bots"


class MovedOn(Exception):
    """The game was saved by someone else since it was read (it is at another move number)."""


@dataclass(frozen=True)
class StoredGame:
    """One channel's game: its setup, the members in its seats (``None``: free), and once started
    the state's bytes, match id and move number."""

    channel: int
    game_id: str
    players: int
    options: dict[str, str]
    chance: str
    seed: int | None
    creator: int
    seats: tuple[int | None, ...]
    match_id: str = ""
    move_number: int = 0
    state: bytes | None = None
    over: bool = False
    bots: tuple[int, ...] = ()
    """The seats the search bot plays (``SuggestMove``), in order; their ``seats`` entries are ``None``."""

    @property
    def started(self) -> bool:
        """Whether the game has a state (``/game start`` was run)."""
        return self.state is not None

    @property
    def table_chance(self) -> bool:
        """Whether the table's real box decides chance (the creator answers for the CHANCE seat)."""
        return self.chance == "table"

    def free(self, seat: int) -> bool:
        """Whether ``seat`` has neither a member nor the search bot."""
        return self.seats[seat] is None and seat not in self.bots

    def seats_of(self, member: int) -> list[int]:
        """The seats ``member`` holds."""
        return [seat for seat, holder in enumerate(self.seats) if holder == member]

    def with_seat(self, seat: int, member: int) -> StoredGame:
        """The game with ``member`` in ``seat``."""
        seats = list(self.seats)
        seats[seat] = member
        return replace(self, seats=tuple(seats), bots=tuple(s for s in self.bots if s != seat))

    def with_bot(self, seat: int) -> StoredGame:
        """The game with the search bot in ``seat`` (instead of its member, if it had one)."""
        seats = list(self.seats)
        seats[seat] = None
        return replace(self, seats=tuple(seats), bots=tuple(sorted({*self.bots, seat})))


class Store:
    """The SQLite file of every game (``:memory:`` for a throwaway store)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._migrate()

    def _migrate(self) -> None:
        """Bring the file's schema to ``SCHEMA_VERSION`` in one transaction: a new file gets every table,
        an older bot's file the tables it lacks (its games stay as they are)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
            if version < 1:
                self._db.execute(SCHEMA)
                self._db.execute(LANGUAGES)
            if version < 2:
                self._db.execute(BOTS)
            if version < SCHEMA_VERSION:
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def load(self, channel: int) -> StoredGame | None:
        """The game of ``channel``, read from the file, or ``None``."""
        row = self._db.execute(f"SELECT {COLUMNS} FROM games WHERE channel = ?", (channel,)).fetchone()
        if row is None:
            return None
        channel_, game_id, players, options, chance, seed, creator, seats, match_id, number, state, over, bots = row
        return StoredGame(
            channel=channel_,
            game_id=game_id,
            players=players,
            options=json.loads(options),
            chance=chance,
            seed=seed,
            creator=creator,
            seats=tuple(json.loads(seats)),
            match_id=match_id,
            move_number=number,
            state=bytes(state) if state is not None else None,
            over=bool(over),
            bots=tuple(json.loads(bots)),
        )

    def create(self, game: StoredGame) -> None:
        """Store a new game for its channel, replacing the channel's previous game."""
        values = (
            game.channel,
            game.game_id,
            game.players,
            json.dumps(game.options),
            game.chance,
            game.seed,
            game.creator,
            json.dumps(list(game.seats)),
            game.match_id,
            game.move_number,
            game.state,
            int(game.over),
            json.dumps(list(game.bots)),
        )
        self._db.execute(f"INSERT OR REPLACE INTO games ({COLUMNS}) VALUES ({', '.join('?' * 13)})", values)

    def save_seats(self, game: StoredGame) -> None:
        """Store who sits where: the members and the search bot's seats."""
        self._db.execute(
            "UPDATE games SET seats = ?, bots = ? WHERE channel = ?",
            (json.dumps(list(game.seats)), json.dumps(list(game.bots)), game.channel),
        )

    def save_state(self, game: StoredGame, read_at: int | None) -> None:
        """Store the game's state, match id, move number and end; ``MovedOn`` unless the stored game is
        still at move number ``read_at`` (``None``: it had no state yet)."""
        arguments: tuple[int, ...] = (game.channel,)
        if read_at is None:
            condition = "state IS NULL"
        else:
            condition, arguments = "state IS NOT NULL AND move_number = ?", (game.channel, read_at)
        cursor = self._db.execute(
            f"UPDATE games SET state = ?, match_id = ?, move_number = ?, over = ? WHERE channel = ? AND {condition}",
            (game.state, game.match_id, game.move_number, int(game.over), *arguments),
        )
        if cursor.rowcount != 1:
            raise MovedOn(f"the game of channel {game.channel} moved on")

    def delete(self, channel: int) -> None:
        """Forget the channel's game."""
        self._db.execute("DELETE FROM games WHERE channel = ?", (channel,))

    def language(self, channel: int, server: int | None = None) -> str | None:
        """The language chosen for ``channel``, else for its ``server``; ``None`` when neither chose one."""
        row = self._db.execute(
            "SELECT locale FROM languages WHERE (place = 'channel' AND id = ?) OR (place = 'server' AND id = ?)"
            " ORDER BY place = 'channel' DESC LIMIT 1",
            (channel, server),
        ).fetchone()
        return str(row[0]) if row is not None else None

    def set_language(self, place: str, id_: int, locale: str | None) -> None:
        """Choose the language of a ``channel`` or a ``server`` (``place``); ``None`` forgets the choice."""
        if locale is None:
            self._db.execute("DELETE FROM languages WHERE place = ? AND id = ?", (place, id_))
        else:
            self._db.execute(
                "INSERT OR REPLACE INTO languages (place, id, locale) VALUES (?, ?, ?)", (place, id_, locale)
            )
