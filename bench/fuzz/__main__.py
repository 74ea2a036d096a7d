"""``python -m bench.fuzz``: see ``bench/fuzz/__init__.py``."""

from bench.fuzz.cli import main

raise SystemExit(main())
