"""PNG pictures for ``RenderView``: the engines draw SVG (``engines.core.picture``), this module has it
drawn (``server.drawing``: Skia, straight from the writer's vocabulary) in worker processes
(``Rasterizer``) and within a pixel budget.

The font is bundled (``server/fonts``: DejaVu Sans, whose licence is beside it) and system fonts are not
looked up, so a picture draws to the same PNG on every machine and in a container without fonts.
"""

from __future__ import annotations

import collections
import functools
import os
import shutil
import struct
import tempfile
import threading
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from engines.core.picture import Picture
from server import errors
from server.metrics import Metrics
from server.workers import WorkerPool

if TYPE_CHECKING:
    from server.drawing import Drawing

#: The zoom range a caller may ask for (a PNG of at most 16 times the picture's pixels).
MIN_SCALE = 0.25
MAX_SCALE = 4.0


def png(picture: Picture, scale: float = 1.0) -> tuple[bytes, int, int]:
    """The PNG of ``picture`` zoomed by ``scale`` (``MIN_SCALE``..``MAX_SCALE``), with its width and height
    (each side of the picture times ``scale``, rounded)."""
    if not MIN_SCALE <= scale <= MAX_SCALE:
        raise ValueError(f"scale must be {MIN_SCALE}..{MAX_SCALE}, got {scale}")
    data = _drawing().png(picture.svg, scale)
    width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk, first after the signature
    return data, width, height


@functools.cache
def _drawing() -> Drawing:
    """This process's drawing (its faces and fonts loaded once), made when it draws its first PNG: Skia is
    imported only by the processes that draw."""
    from server.drawing import Drawing

    return Drawing()


#: The default pixel budget of one PNG: 16 million pixels (4096 x 4096; drawn 1 MiB of pixels at a time, it
#: takes its drawing process about 10 MiB over its own 75 MiB, and about 1.6 MiB of PNG for a table picture).
MAX_PIXELS = 16 * 1024 * 1024


def _png_file(svg: str, scale: float, folder: str) -> str:
    """What a drawing process does: the PNG of ``svg`` at ``scale``, written to a new file in ``folder``,
    whose path it answers (module level, so it can be pickled). A file, not the bytes: bytes answered through
    the pool's pipe cost the server's process about 2 ms of CPU and dozens of wake-ups a megabyte (read 64 KiB
    at a time, then unpickled), while reading a file is one call that holds no lock."""
    data = png(Picture(svg=svg, width=0, height=0), scale)[0]
    handle, path = tempfile.mkstemp(prefix="picture-", suffix=".png", dir=folder)
    with os.fdopen(handle, "wb") as file:
        file.write(data)
    return path


def _taken(path: str) -> bytes:
    """The bytes of a drawn PNG's file, which is removed."""
    try:
        with open(path, "rb") as file:
            return file.read()
    finally:
        os.unlink(path)


class RecentPictures:
    """The last ``size`` pictures drawn, by what decides them (the state's memo key, the viewer, the language):
    a PNG asked for right after the SVG of the same view, as a client learning the picture's size does, or
    the same view asked for by several clients, is drawn once. A picture is immutable, so sharing one is
    safe; the memory is ``size`` SVG texts and keys (tens of KiB each)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._pictures: collections.OrderedDict[Hashable, Picture] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get_or_draw(self, key: Hashable, draw: Callable[[], Picture]) -> Picture:
        """The picture remembered under ``key``, or ``draw()`` remembered (drawn outside the lock)."""
        with self._lock:
            picture = self._pictures.get(key)
            if picture is not None:
                self._pictures.move_to_end(key)
                return picture
        picture = draw()
        with self._lock:
            self._pictures[key] = picture
            while len(self._pictures) > self.size:
                self._pictures.popitem(last=False)
        return picture


class Rasterizer:
    """PNGs drawn by ``processes`` worker processes, at a lower CPU priority than the server's.

    Drawing holds the interpreter lock (up to a tenth of a second for the largest picture at the largest
    scale), so a PNG drawn on a server thread would stall every other call; in a process of its own it takes
    one core at most and yields to the server's. A picture over ``max_pixels`` is refused before anything is
    drawn. The processes start when the first PNG is asked for; one that dies (killed for memory) is replaced
    and the call answers UNAVAILABLE (and is counted in ``metrics``, if any). A drawing process writes each
    PNG to a file of its folder (``folder``), which the server reads and removes."""

    def __init__(
        self,
        processes: int = 1,
        max_pixels: int = MAX_PIXELS,
        metrics: Metrics | None = None,
        cpus: frozenset[int] | None = None,
    ) -> None:
        """``cpus``: the CPUs the drawing processes may run on (``None``: any)."""
        self.processes = processes
        self.max_pixels = max_pixels
        self._workers = WorkerPool(processes, errors.picture_worker_lost, cpus, name="pictures", metrics=metrics)
        self._folder: str | None = None  # where the drawing processes write PNGs, made at the first one
        self._folder_lock = threading.Lock()

    def check_size(self, picture: Picture, scale: float) -> None:
        """Refuse (PICTURE_TOO_LARGE) a picture whose PNG at ``scale`` is over the pixel budget."""
        if round(picture.width * scale) * round(picture.height * scale) > self.max_pixels:
            raise errors.picture_too_large(picture.width, picture.height, scale, self.max_pixels)

    def png(self, picture: Picture, scale: float, timeout: float | None) -> tuple[bytes, int, int]:
        """The PNG of ``picture`` at ``scale`` with its width and height, waiting at most ``timeout`` seconds
        (``None``: as long as it takes) before DEADLINE_EXCEEDED."""
        self.check_size(picture, scale)
        path = self._workers.run(_png_file, picture.svg, scale, self.folder(), timeout=timeout, abandoned=os.unlink)
        data = _taken(path)
        width, height = struct.unpack(">II", data[16:24])
        return data, width, height

    def folder(self) -> str:
        """The folder the drawing processes write PNGs to (a new temporary folder, made on first use)."""
        with self._folder_lock:
            if self._folder is None:
                self._folder = tempfile.mkdtemp(prefix="rules-engine-pictures-")
            return self._folder

    def close(self) -> None:
        """Stop the drawing processes, a picture under way included (the server is stopping), and remove their
        folder."""
        self._workers.close()
        with self._folder_lock:
            if self._folder is not None:
                shutil.rmtree(self._folder, ignore_errors=True)
                self._folder = None
