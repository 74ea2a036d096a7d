"""Guilds of London: liverymen, guild majorities and a city that grows, 2–4 players."""
