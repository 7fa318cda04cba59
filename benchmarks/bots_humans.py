"""How often each bot chooses the move people chose: every game record in a folder is replayed,
and before each recorded move a bot in the acting seat says what it would do there
(:mod:`openhanabi.bench.review`). Prints, per bot, the share of moves where it chose the very
move (± its standard error, the moves of one game taken together), the share where it chose a
move of the same kind (a play, a discard or a clue), and the very-move share by the kind of the
recorded move. A progress bar follows each bot on the terminal.

The default folder holds 148 three-player games people played on hanab.live (the AH2AC2
validation games, ../shared/data/ah2ac2-3p, read in place).

    python benchmarks/bots_humans.py [FOLDER] [--bot NAME ...] [--jobs J]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from openhanabi.bench import default_jobs
from openhanabi.bench.progress import progress_bar
from openhanabi.bench.review import Agreement, Move, agreement, review
from openhanabi.bots import bot_classes
from openhanabi.records import RecordError, read_record

ROOT = Path(__file__).resolve().parents[1]
HUMAN_GAMES = ROOT.parent / "shared" / "data" / "ah2ac2-3p"
DEFAULT_BOTS = ("basic", "hat", "conventions")


def reviewed(path: Path, bot: str) -> list[Move]:
    return review(read_record(path), bot)


def row(bot: str, result: Agreement) -> str:
    kinds = "  ".join(f"{kind} {share}" for kind, share in result.by_kind.items())
    return f"{bot:<20} {result.same.moves:>6} {result.same!s:>14} {result.same_kind!s:>14}  {kinds}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=HUMAN_GAMES,
        help="a folder of game records, *.json (default: the hanab.live games of ../shared/data)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        metavar="NAME",
        help=f"a bot by name, repeated for several (default: {' '.join(DEFAULT_BOTS)})",
    )
    parser.add_argument(
        "--jobs", type=int, default=default_jobs(), help="worker processes (default: every core)"
    )
    args = parser.parse_args(argv)
    bots = args.bot or list(DEFAULT_BOTS)
    unknown = [name for name in bots if name not in bot_classes()]
    if unknown:
        parser.error(f"unknown bot {unknown[0]!r} (known bots: {', '.join(bot_classes())})")
    paths = sorted(args.folder.glob("*.json"))
    if not paths:
        parser.error(f"no game records (*.json) in {args.folder}")
    try:
        for path in paths:
            read_record(path)
    except RecordError as error:
        parser.error(f"{path}: {error}")
    print(f"{len(paths)} game records in {args.folder}")
    print(f"{'bot':<20} {'moves':>6} {'same move':>14} {'same kind':>14}  same move by kind")
    with ProcessPoolExecutor(args.jobs) as pool:
        for bot in bots:
            futures = [pool.submit(reviewed, path, bot) for path in paths]
            games = []
            with progress_bar() as progress:
                task = progress.add_task(bot, total=len(paths))
                for future in as_completed(futures):
                    games.append(future.result())
                    progress.advance(task)
            print(row(bot, agreement(games)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
