"""``python -m rulesengine_client`` runs the CLI."""

import sys

from rulesengine_client.cli import main

sys.exit(main())
