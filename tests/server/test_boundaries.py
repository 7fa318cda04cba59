"""The server builds on the rules, the records and the bots, never the other way: importing
those (and the command line) loads no web framework, so they work without the server extra."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import openhanabi.rules, openhanabi.records, openhanabi.bots, openhanabi.cli
web = sorted(name for name in sys.modules
             if name.split(".")[0] in {"fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn"}
             or name.startswith("openhanabi.server"))
print(" ".join(web))
"""


def test_rules_records_bots_and_cli_load_nothing_of_the_server() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.split() == []
