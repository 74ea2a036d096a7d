"""The Walled City: Londonderry & Borderlands — foundations of a future engine (2–4 players, 2 rounds).

Rules: ``shared/rules/walled-city.md``; functions cite its sections (§n), resolutions (A-n) and
invariants (§11). This package holds the board files and loader (§9.5–§9.7, ``board``), districts
and faction values (§5.0.2, §5.0.4, ``districts``) and the scoring routines (§7, ``scoring``).
There is no engine protocol, move set or guild logic yet, and the game is not registered.
"""
