"""Structured logging (structlog): JSON lines for machines, or a console format for people.

Every line carries the structlog context bound for the current RPC (``server.handlers``).
"""

from __future__ import annotations

import logging
import sys
from typing import Literal, TextIO

import structlog

LogFormat = Literal["json", "console"]


def configure(log_format: LogFormat, level: str = "info", stream: TextIO | None = None) -> None:
    """Configure structlog process-wide: ``log_format`` lines at ``level`` and above to
    ``stream`` (default: standard output)."""
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer() if log_format == "json" else structlog.dev.ConsoleRenderer(colors=False)
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelNamesMapping()[level.upper()]),
        logger_factory=structlog.WriteLoggerFactory(sys.stdout if stream is None else stream),
        cache_logger_on_first_use=True,
    )
