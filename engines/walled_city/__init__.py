"""The Walled City: Londonderry & Borderlands, 2–4 players, 2 rounds.

Rules: ``shared/rules/walled-city.md``; functions cite its sections (§n), resolutions (A-n) and
invariants (§11). Board files and loader (``board``), districts and faction values
(``districts``), scoring routines (``scoring``), and the engine (``engine``): setup, both
rounds, build turns, defence. Guild abilities (§6) are not implemented yet.
"""
