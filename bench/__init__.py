"""Benchmarks: print figures; not timed tests."""
