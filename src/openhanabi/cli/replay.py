"""``hanabi replay FILE``: replay a game record and print how it ended."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help="replay a game record and print its outcome")
    parser.add_argument("file", help="a game record (hanab.live JSON)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    raise NotImplementedError
