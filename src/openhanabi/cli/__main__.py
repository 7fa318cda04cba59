"""``python -m openhanabi.cli``: the ``hanabi`` command, for an environment without the script."""

import sys

from openhanabi.cli import main

sys.exit(main())
