"""A module holding a message id with a template other than the core's (``test_catalogues``)."""

from engines.core.text import Message

SEAT = Message("core.seat", "Player {n}")
