"""What every test shares: the hypothesis profile ``rules``, registered and loaded once.

A property here plays whole games, builds states or writes content packs per example, so no example has a
deadline and no health check stops a run (slow or large data, filtered draws, function-scoped fixtures such
as ``tmp_path`` are expected). A test's own ``@settings`` names only what is its own: ``max_examples``, and
``derandomize=True`` where its examples must be the same on every run (the profile leaves it off, as
hypothesis does). ``--hypothesis-profile`` still picks another registered profile.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("rules", deadline=None, suppress_health_check=list(HealthCheck))
settings.load_profile("rules")
