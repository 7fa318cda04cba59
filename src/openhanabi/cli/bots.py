"""``hanabi bots``: list the bots the other commands can seat, built in and installed."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console
from rich.table import Table

from openhanabi.bots import BESIDE_PEOPLE, Bot, bot_classes, broken_bots

BUILT_IN = "openhanabi."


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bots",
        help="list the bots by name",
        description="List every bot the other commands can seat (--bot NAME): the built-in "
        "bots, and those that installed packages add through the openhanabi.bots entry point "
        "group (docs/bots.md).",
    )
    parser.set_defaults(run=run)


def origin(bot: type[Bot]) -> str:
    """Where ``bot`` comes from: "built in", or the module of the package that added it."""
    module = bot.__module__
    return "built in" if module.startswith(BUILT_IN) else module


def run(args: argparse.Namespace) -> int:
    table = Table(title="Bots (--bot NAME)", title_justify="left")
    for column in ("name", "how it plays", "from"):
        table.add_column(column)
    for name, bot in bot_classes().items():
        summary = getattr(bot, "summary", "")
        if name == BESIDE_PEOPLE:
            summary += " (the default of hanabi play, and its suggestions)"
        table.add_row(name, summary, origin(bot))
    Console().print(table)
    for problem in broken_bots().values():  # installed, but no command can seat them
        print(f"hanabi bots: {problem}", file=sys.stderr)
    return 0
