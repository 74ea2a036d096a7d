"""Test tooling that is neither a test nor a benchmark: ``fuzz`` (a fuzz of a running server on both its
ports), ``message_mutations`` (copies of protobuf messages with one change each, for the conformance suite
and the fuzz) and ``mutation_testing`` (mutants of a game's rule modules, run against its tests)."""
