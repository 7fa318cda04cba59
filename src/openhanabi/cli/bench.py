"""``hanabi bench``: evaluate bots over many games dealt from the same seeds."""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from openhanabi.bench import (
    GameResult,
    MoveTimeoutError,
    Plan,
    Run,
    compare,
    default_jobs,
    document,
    run_all,
    summaries_of,
)
from openhanabi.bench.cluster import RayCluster, RayUnavailableError
from openhanabi.bench.crossplay import CrossPlay, cross_play, cross_play_table, pairs
from openhanabi.bench.executors import Executor, executor_for
from openhanabi.bench.plot import PLOT_FORMATS, plot_cross_play, plot_scores
from openhanabi.bench.progress import progress_bar
from openhanabi.bench.report import (
    comparison_table,
    histogram_lines,
    move_lines,
    options_text,
    rate_text,
    summary_table,
)
from openhanabi.bots import bot_classes, resolve_bot
from openhanabi.cli.options import (
    RulesError,
    add_variant_options,
    check_seed_range,
    fail,
    seed_option,
    variant_from,
)
from openhanabi.rules import Variant

PROG = "hanabi bench"
MOVE_SECONDS = 60.0  # --move-seconds: ample for any bot meant for thousands of games
DESCRIPTION = """\
Play N games per player count, dealt from seeds S..S+N-1 (the same decks for every bot),
and report per player count the mean score ± its standard error, the share of perfect games
and of strikeouts, the score histogram, games/s, and the bots' mean time a move and slowest
move (its number and its game's seed, to play it again).

A strikeout scores 0 ("score"); "points kept" counts the fireworks' points anyway. The games/s
of a player count is one worker's (the games' own time); the last line gives the whole run's."""
EXAMPLES = """\
examples:
  hanabi bench --bot basic --players 2 3 4 5 --games 2000
  hanabi bench --bot basic,random --players 3           a mixed table: basic, random, basic
  hanabi bench --compare --bot hat --bot basic --json out.json --plot out.png
  hanabi bench --cross-play --bot basic --bot hat --bot conventions --plot matrix.png
  hanabi bench --variant rainbow --bonus-tiles --ray local"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="evaluate bots over many games on the same seeds",
        description=DESCRIPTION,
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        conflict_handler="resolve",  # our --players takes several counts
    )
    add_variant_options(parser)
    table = parser.add_argument_group("bench")
    table.add_argument(
        "--bot",
        action="append",
        metavar="NAME",
        help="a bot by name, or one not installed as FILE.py:CLASS or MODULE:CLASS; repeat it "
        "or give a comma list for a mixed table, one name per seat, cycled (default: basic; "
        "known: " + ", ".join(bot_classes()) + ")",
    )
    table.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[2],
        metavar="P",
        help="one or more player counts, 2 to 5 (default: 2)",
    )
    table.add_argument(
        "--games",
        type=int,
        default=1000,
        metavar="N",
        help="games per player count (default: 1000)",
    )
    table.add_argument(
        "--seed",
        type=seed_option,
        default=0,
        metavar="S",
        help="the first game's seed, 0 to 2**64 - 1 (default: 0)",
    )
    table.add_argument(
        "--compare",
        action="store_true",
        help="paired comparison of exactly two bots, each playing every seat, on the same "
        "seeds: mean score difference ± SE, wins/ties/losses",
    )
    table.add_argument(
        "--cross-play",
        action="store_true",
        help="every pair of the bots named at one table, the first in seats 1, 3, 5, the "
        "second in seats 2, 4 (a bot with itself: its self-play), on the same seeds: a matrix "
        "of mean scores per player count",
    )
    table.add_argument(
        "--move-seconds",
        type=float,
        default=MOVE_SECONDS,
        metavar="SECONDS",
        help="the most one bot may spend on one move: a bot that takes longer stops the run, "
        f"naming the game and the move (default: {MOVE_SECONDS:g})",
    )
    where = parser.add_argument_group("where the games run")
    where.add_argument(
        "--jobs",
        type=int,
        default=default_jobs(),
        metavar="J",
        help=f"worker processes (default: every core, {default_jobs()} here)",
    )
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run on the Ray cluster at ADDRESS ('local' starts one here; needs the 'ray' "
        "extra); --jobs then only sizes a local instance",
    )
    output = parser.add_argument_group("output")
    output.add_argument("--json", metavar="FILE", help="write every result, per game, as JSON")
    output.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw the score distributions per player count (.png, .svg or .pdf)",
    )
    output.add_argument(
        "--records",
        metavar="FOLDER",
        help="write each game's record to FOLDER (made if missing), one hanab.live JSON file a "
        "game named BOTS-Pp-SEED.json, to watch with hanabi replay FILE --bot NAME",
    )
    output.add_argument(
        "--records-below",
        type=int,
        metavar="SCORE",
        help="with --records, only the games that scored below SCORE (25: the games not won)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        plans = _plans(args)
    except (RulesError, ValueError) as error:
        return fail(f"{PROG}: {error}")
    problem = _check_outputs(args)
    if problem:
        return fail(f"{PROG}: {problem}")
    try:
        runs = _play(plans, args)
    except (RayUnavailableError, MoveTimeoutError) as error:
        return fail(f"{PROG}: {error}")
    # the files first: a reader that stops reading the text (| head) must not lose them
    try:
        _write(runs, args)
    except OSError as error:
        _print(runs, args)
        return fail(f"{PROG}: cannot write the output: {error}")
    _print(runs, args)
    errors = sum(s.errors for r in runs for s in summaries_of(r))
    if errors:
        first = next(g.error for r in runs for games in r.results for g in games if g.error)
        ended = f"{_games(errors)} ended in a bot error"
        print(f"{PROG}: {ended}; the first: {first}", file=sys.stderr)
        return 1
    return 0


def _bot_names(args: argparse.Namespace) -> list[str]:
    names = [name.strip() for value in args.bot or ["basic"] for name in value.split(",")]
    names = [name for name in names if name]
    for name in names:
        resolve_bot(name)  # UnknownNameError, a ValueError, for a name no bot has
    if not names:
        raise ValueError("--bot needs a bot name")
    return names


def _plans(args: argparse.Namespace) -> list[Plan]:
    names = _bot_names(args)
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.jobs < 1:
        raise ValueError("--jobs must be at least 1")
    if not (args.move_seconds > 0 and math.isfinite(args.move_seconds)):
        raise ValueError(
            f"--move-seconds must be a number of seconds above 0, not {args.move_seconds:g}"
        )
    if args.compare and len(names) != 2:
        raise ValueError(f"--compare needs exactly two bots, not {len(names)}")
    if args.cross_play and args.compare:
        raise ValueError("--cross-play and --compare do not go together")
    if args.cross_play and len(set(names)) != len(names):
        raise ValueError("--cross-play names each bot once")
    if args.cross_play and len(names) < 2:
        raise ValueError(f"--cross-play needs two bots or more, not {len(names)}")
    check_seed_range(args.seed, args.games)
    players = sorted(set(args.players))
    # the rules name a player count they do not play before the seats are counted
    variants = tuple(
        variant_from(argparse.Namespace(**{**vars(args), "players": p})) for p in players
    )
    if not (args.compare or args.cross_play) and len(names) > players[0]:
        raise ValueError(
            f"--bot names {len(names)} bots, more than the {players[0]} seats of a "
            f"{players[0]}-player game: a mixed table seats one bot a seat"
        )
    if args.cross_play:
        tables: list[tuple[str, ...]] = list(pairs(names))
    else:
        tables = [(name,) for name in names] if args.compare else [tuple(names)]
    records = args.records is not None
    return [
        Plan(variants, bots, args.games, args.seed, args.move_seconds, records) for bots in tables
    ]


def _check_outputs(args: argparse.Namespace) -> str | None:
    for option, value in (("--json", args.json), ("--plot", args.plot)):
        if value == "":
            return f"{option} needs a file name"
        if value is not None and not Path(value).resolve().parent.is_dir():
            return f"{option} {value}: no such folder"
        if value is not None and Path(value).is_dir():  # found only once every game was played
            return f"{option} {value}: it is a folder"
    if args.plot is not None and Path(args.plot).suffix.lower().lstrip(".") not in PLOT_FORMATS:
        *others, last = (f".{name}" for name in PLOT_FORMATS)
        return f"--plot {args.plot}: name a {', '.join(others)} or {last} file"
    if args.plot is not None and importlib.util.find_spec("matplotlib") is None:
        return "--plot needs matplotlib: pip install 'openhanabi[bench]'"
    if args.records_below is not None and args.records is None:
        return "--records-below needs --records FOLDER"
    if args.records is not None:
        if not args.records:
            return "--records needs a folder name"
        try:  # made now, not once every game was played
            Path(args.records).mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            return f"--records {args.records}: it is a file, not a folder"
        except OSError as error:
            return f"--records {args.records}: cannot make the folder: {error.strerror or error}"
    if args.ray is not None and not args.ray.strip():
        return "--ray needs an address: a cluster's host:port, or local"
    if args.ray is not None and importlib.util.find_spec("ray") is None:
        return "--ray needs Ray: pip install 'openhanabi[ray]'"
    return None


def _play(plans: Sequence[Plan], args: argparse.Namespace) -> list[Run]:
    total = sum(plan.games * len(plan.variants) for plan in plans)
    with progress_bar() as bar:
        task = bar.add_task("games", total=total)

        def progress(done: int) -> None:
            bar.update(task, completed=done)

        if args.ray is not None:
            with RayCluster(args.ray, workers=args.jobs) as cluster:
                return run_all(plans, cluster, progress)
        # no more processes than games: a worker with nothing to play only costs its start
        executor: Executor = executor_for(min(args.jobs, total))
        return run_all(plans, executor, progress)


def _where(args: argparse.Namespace) -> str:
    if args.ray is not None:
        return f"on Ray at {args.ray}"
    return f"with {args.jobs} job{'s' if args.jobs != 1 else ''}"


def _print(runs: Sequence[Run], args: argparse.Namespace) -> None:
    plan = runs[0].plan
    variant: Variant = plan.variants[0]
    last = plan.seed + plan.games - 1
    print(f"variant:  {options_text(variant)}")
    print(f"seeds:    {plan.seed}..{last} ({_games(plan.games)} per player count)")
    low = min(0, variant.min_score)
    if args.cross_play:
        print()
        print("cross-play: mean score (a strikeout 0), the row's bot in seats 1, 3, 5, the")
        print("            column's in seats 2, 4")
        for matrix in _matrices(runs, args):
            print("\n".join(cross_play_table(matrix)))
    for current in [] if args.cross_play else runs:
        summaries = summaries_of(current)
        print()
        print(f"bots:     {', '.join(current.plan.bots)}")
        print("\n".join(summary_table(summaries)))
        for s in summaries:
            if s.errors:  # counted as 0 in the line above: said where the figures are read
                print(
                    f"{s.players:>7}  {s.errors} of {_games(s.games)} ended in a bot error, "
                    "each counted as a score of 0"
                )
        print(f"scores    games per score, {low} to the maximum:")
        print("\n".join(histogram_lines(summaries, low)))
        if moves := move_lines(summaries):
            print("\n".join(moves))
    if args.compare:
        first, second = runs
        print()
        print(f"paired:   {first.plan.bots[0]} minus {second.plan.bots[0]}, seed by seed")
        print("\n".join(comparison_table(compare(_all(first), _all(second)))))
    games = sum(plan.games * len(plan.variants) for plan in (r.plan for r in runs))
    wall = max(r.wall_seconds for r in runs)
    rate = games / wall if wall > 0 else float("inf")
    print()
    print(f"run:      {_games(games)} in {wall:.1f} s {_where(args)}: {rate_text(rate)} games/s")
    if args.records is not None:
        written = sum(1 for _ in _records(runs, Path(args.records), args.records_below))
        print(f"records:  {_games(written)} written to {args.records}")


def _games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"


def _all(current: Run) -> list[GameResult]:
    return [game for games in current.results for game in games]


def _matrices(runs: Sequence[Run], args: argparse.Namespace) -> list[CrossPlay]:
    return cross_play(runs, _bot_names(args))


def _write(runs: Sequence[Run], args: argparse.Namespace) -> None:
    comparisons = compare(_all(runs[0]), _all(runs[1])) if args.compare else None
    matrices = _matrices(runs, args) if args.cross_play else None
    if args.json is not None:
        content = document(runs, comparisons, jobs=args.jobs, ray=args.ray)
        content["cross_play"] = None if matrices is None else [m.to_json() for m in matrices]
        Path(args.json).write_text(json.dumps(content, ensure_ascii=False, indent=1) + "\n")
    if args.plot is not None and matrices is not None:
        title = f"hanabi bench --cross-play: {options_text(runs[0].plan.variants[0])}"
        plot_cross_play(args.plot, matrices, title=title)
    elif args.plot is not None:
        labels = [(" + ".join(r.plan.bots), summaries_of(r)) for r in runs]
        plot_scores(
            args.plot, labels, title=f"hanabi bench: {options_text(runs[0].plan.variants[0])}"
        )
    if args.records is not None:
        for path, record in _records(runs, Path(args.records), args.records_below):
            path.write_text(json.dumps(record, ensure_ascii=False) + "\n")


def _records(
    runs: Sequence[Run], folder: Path, below: int | None
) -> Iterator[tuple[Path, dict[str, Any]]]:
    """The records to write, each with its file: every game's, or those that scored below."""
    for current in runs:
        # the bots' names as a file name: a bot named by its file (/x/bot.py:Bot) has slashes
        bots = re.sub(r"[^\w.,+-]+", "_", ",".join(current.plan.bots)).strip("_")
        for game in _all(current):
            if game.record is not None and (below is None or game.score < below):
                yield folder / f"{bots}-{game.players}p-{game.seed}.json", game.record
