"""Rules engines: pure functions over immutable game states, one package per game."""
