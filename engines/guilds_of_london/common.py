"""What the rule modules share: the content, small immutable updates of the state, and the figures'
locations (§5.0: the Guildhall, face-up tiles, masters on face-down tiles, the plantation)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.guilds_of_london.content import Content, Tile, Tracks, content
from engines.guilds_of_london.state import GUILDHALL, NO_SEAT, CityTile, Origin, State

CONTENT: Content = content()
"""The validated content (§9.3), loaded once at start-up."""


def tracks(s: State) -> Tracks:
    """§4.1: the constants and starting city of this game's player count."""
    return CONTENT.tracks_for(s.options.players)


def tile_of(placed: CityTile) -> Tile:
    """The content of a city tile."""
    return CONTENT.tile[placed.tile]


# ---- small updates ----------------------------------------------------------------------------------


def bump(counts: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    """``counts`` with ``counts[seat]`` changed by ``delta``."""
    return (*counts[:seat], counts[seat] + delta, *counts[seat + 1 :])


def set_player(s: State, seat: int, **changes: Any) -> State:
    """``s`` with seat ``seat``'s player changed."""
    players = s.players
    return replace(s, players=(*players[:seat], replace(players[seat], **changes), *players[seat + 1 :]))


def set_tile(s: State, index: int, **changes: Any) -> State:
    """``s`` with the city tile at ``index`` changed."""
    city = s.city
    return replace(s, city=(*city[:index], replace(city[index], **changes), *city[index + 1 :]))


def tile_index(s: State, tile_id: str) -> int:
    """The city index of the tile ``tile_id`` (``-1`` when it is not in the city)."""
    for i, placed in enumerate(s.city):
        if placed.tile == tile_id:
            return i
    return -1


def cell_index(s: State, row: int, col: int) -> int:
    """The city index of the tile at ``(row, col)`` (``-1`` for an empty or Guildhall cell)."""
    for i, placed in enumerate(s.city):
        if placed.row == row and placed.col == col:
            return i
    return -1


# ---- figures ------------------------------------------------------------------------------------------


def figure_sources(s: State, seat: int, origins: tuple[Origin, ...], exclude: str = "") -> list[str]:
    """Where ``seat`` has a figure to take, among ``origins`` (§5.2 ``PlayMove`` precondition 1, §6.7):
    ``GUILDHALL``, each face-up tile holding one of their liverymen, each face-down tile holding their
    master; never the plantation, never the tile ``exclude``."""
    out: list[str] = []
    if "GUILDHALL" in origins and s.guildhall[seat] > 0:
        out.append(GUILDHALL)
    up, down = "FACE_UP" in origins, "FACE_DOWN" in origins
    for placed in s.city:
        held = placed.liverymen[seat] > 0 if placed.face_up else placed.master == seat
        if held and placed.tile != exclude and (up if placed.face_up else down):
            out.append(placed.tile)
    return out


def has_figure(s: State, seat: int, source: str, origins: tuple[Origin, ...], exclude: str = "") -> bool:
    """Whether ``source`` is one of ``figure_sources(s, seat, origins, exclude)`` (without listing them)."""
    if source == GUILDHALL:
        return "GUILDHALL" in origins and s.guildhall[seat] > 0
    if source == exclude:
        return False
    placed = next((t for t in s.city if t.tile == source), None)
    if placed is None:
        return False
    if placed.face_up:
        return "FACE_UP" in origins and placed.liverymen[seat] > 0
    return "FACE_DOWN" in origins and placed.master == seat


def take_figure(s: State, seat: int, source: str) -> State:
    """One of ``seat``'s figures leaves ``source`` (A-12: a master leaving leaves its tile uncontrolled)."""
    if source == GUILDHALL:
        return replace(s, guildhall=bump(s.guildhall, seat, -1))
    i = tile_index(s, source)
    placed = s.city[i]
    if placed.face_up:
        return set_tile(s, i, liverymen=bump(placed.liverymen, seat, -1))
    return set_tile(s, i, master=NO_SEAT)


def put_on_tile(s: State, seat: int, tile_id: str) -> State:
    """One of ``seat``'s figures arrives on the face-up tile ``tile_id`` as a liveryman (§5.2 action B)."""
    i = tile_index(s, tile_id)
    return set_tile(s, i, liverymen=bump(s.city[i].liverymen, seat, 1))


def move_figure(s: State, seat: int, source: str, to: str) -> State:
    """§5.2 action B, §6.7 ``MOVE``: a figure from ``source`` onto the tile ``to``."""
    return put_on_tile(take_figure(s, seat, source), seat, to)


def masters_of(s: State, seat: int) -> list[CityTile]:
    """The face-down tiles ``seat`` controls (§5.0: their master stands there)."""
    return [placed for placed in s.city if not placed.face_up and placed.master == seat]
