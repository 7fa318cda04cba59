"""The ``hanabi`` command: one subcommand per module in this package."""

from __future__ import annotations

import argparse
import importlib
import io
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from openhanabi import __version__

# each names a module of this package; they are imported by ``build_parser`` inside ``main``'s
# guard, so that a Ctrl-C while they load (a third of a second) stops quietly too
COMMANDS = ("bench", "bots", "play", "replay", "serve", "simulate", "variants")


class Parser(argparse.ArgumentParser):
    """A parser that refuses bad options in one line, as the commands refuse theirs
    (:func:`openhanabi.cli.options.fail`), rather than after a usage block that buries it; the
    subcommands' parsers are of this class too."""

    command = False  # a subcommand's parser, set by :func:`build_parser`

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extra = super().parse_known_args(args, namespace)
        if extra and self.command:
            # the rest of the line is the subcommand's: it names what it does not know, and its
            # own help (``hanabi play --seeds 3``: see hanabi play --help, not hanabi --help)
            self.error(f"unrecognized arguments: {' '.join(extra)}")
        return parsed, extra


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="hanabi",
        description="Hanabi for players, bot builders and researchers.",
    )
    parser.add_argument("--version", action="version", version=f"openhanabi {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").add_parser(subparsers)
    for command in subparsers.choices.values():
        if isinstance(command, Parser):
            command.command = True
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 fine, 2 bad input)."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        # a terminal or a file in another encoding (cp1252 on Windows) shows "?" for what it
        # cannot hold (a histogram's bars, a name in another script), rather than a traceback
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    try:
        args = build_parser().parse_args(argv)
        status: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader stopped reading (``hanabi variants | head``): stop quietly, and keep
        # Python from complaining again when it flushes standard output at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
