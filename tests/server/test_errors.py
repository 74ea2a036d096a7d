"""Errors stay small whatever a client sends: messages and field descriptions are clipped."""

from __future__ import annotations

import grpc
from google.rpc import error_details_pb2, status_pb2

from server.errors import MAX_TEXT, ServiceError, clip, state_invalid


def test_clip_keeps_short_text_and_cuts_long_text_with_an_ellipsis() -> None:
    assert clip("abc") == "abc"
    assert clip("x" * MAX_TEXT) == "x" * MAX_TEXT
    cut = clip("y" * (MAX_TEXT * 50))
    assert len(cut) == MAX_TEXT and cut.endswith("…")


def test_a_message_quoting_a_huge_client_value_fits_the_trailers() -> None:
    """A state check quoting 1,000 repeated entries (a mutated list) must not overflow gRPC's trailers,
    which would answer RESOURCE_EXHAUSTED instead of the refusal."""
    error = state_invalid("players[1].built", "Built slots must be distinct: " + "workshop_1, " * 1000)
    assert isinstance(error, ServiceError) and error.code == grpc.StatusCode.INVALID_ARGUMENT
    status = status_pb2.Status.FromString(dict(error.to_status().trailing_metadata)["grpc-status-details-bin"])
    assert len(status.message) == MAX_TEXT
    bad = error_details_pb2.BadRequest()
    assert any(d.Unpack(bad) for d in status.details)
    assert all(len(v.description) <= MAX_TEXT for v in bad.field_violations)
    assert len(status.SerializeToString()) < 8 * 1024
