"""``python -m tools.fuzz``: see ``tools/fuzz/__init__.py``."""

from tools.fuzz.cli import main

raise SystemExit(main())
