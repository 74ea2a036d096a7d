"""Viscounts of the West Kingdom (1-4 players, solo against the Cleric AI)."""
