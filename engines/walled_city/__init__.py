"""The Walled City: Londonderry & Borderlands, 2–4 players, 2 rounds.

Functions cite the rules' sections (§n), resolutions (A-n) and invariants (§11); docs/walled_city.md
explains the model. Board files and loader (``board``), districts and faction values
(``districts``), scoring routines (``scoring``), and the engine (``engine``): setup, both
rounds, build turns, defence, and the 20 guild abilities (``guilds``, §6).
"""
