"""Every registered bot on every preset of ``hanabi variants``: 200 games each (players 2 to 5 in
turn, seeds 0..199), every answer checked against the view's legal actions; prints one row per
bot and preset as it is done, with the illegal actions, crashes, mean score and strikeouts
(a progress bar on the terminal meanwhile).

    python benchmarks/bots_legality.py [--games 200] [--jobs J] [--bot NAME ...] [--preset P ...]

``--bot`` and ``--preset`` split the check into parts, for a bot too slow to play every preset
in one sitting. Under a row with illegal actions or crashes, the first of them is said in one
line: the bot, its seat, the game's seed and player count and what went wrong (a bot that cannot
be made counts as a crash too). Exits with status 1 if any bot chose an illegal action or
crashed.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from openhanabi.bench import default_jobs
from openhanabi.bench.progress import progress_bar
from openhanabi.bench.report import rate_text
from openhanabi.bots import BotError, bot_classes, resolve_bot, seat_seed
from openhanabi.bots.table import act, legal, new_bot
from openhanabi.rules import PRESETS, Game, Termination, UnknownNameError, find_variant


@dataclass(frozen=True)
class Tally:
    bot: str
    preset: str
    games: int
    illegal: int
    crashes: int
    total_score: int
    strikeouts: int
    seconds: float
    first_failure: str | None = None  # the first illegal action or crash, in one line


def check(bot_name: str, preset: str, games: int) -> Tally:
    bot = resolve_bot(bot_name)
    illegal = crashes = total = strikeouts = 0
    first_failure = None
    start = time.perf_counter()
    for seed in range(games):
        variant = find_variant(preset, players=2 + seed % 4)
        game = Game.new(variant, seed)
        try:
            bots = [
                new_bot(bot, seat, variant, seat_seed(seed, seat))
                for seat in range(variant.players)
            ]
            while game.outcome is None:
                view = game.view(game.seat)
                chosen = act(bots[game.seat], view)  # a BotError naming it, if it raises
                try:  # as every tool takes it: one of the view's legal actions
                    action = legal(bots[game.seat], chosen, view, game)
                except BotError as error:
                    illegal += 1
                    first_failure = first_failure or _failure(seed, variant.players, error)
                    game.abandon("an illegal action")
                    break
                game.apply(action)
        except Exception as error:  # a crash is counted, and the check goes on
            crashes += 1
            first_failure = first_failure or _failure(seed, variant.players, error)
            continue
        assert game.outcome is not None
        total += game.outcome.score
        strikeouts += game.outcome.termination is Termination.STRIKEOUT
    return Tally(
        bot_name,
        preset,
        games,
        illegal,
        crashes,
        total,
        strikeouts,
        time.perf_counter() - start,
        first_failure,
    )


def _failure(seed: int, players: int, error: Exception) -> str:
    said = str(error) if isinstance(error, BotError) else f"{type(error).__name__}: {error}"
    return f"seed {seed}, {players} players: {' '.join(said.split())}"


def main(argv: list[str] | None = None) -> int:
    keys = [preset.key for preset in PRESETS]
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per preset (default: 200)")
    parser.add_argument(
        "--jobs", type=int, default=default_jobs(), help="worker processes (default: every core)"
    )
    parser.add_argument(
        "--bot",
        action="append",
        help="only this bot, by name or as FILE.py:CLASS (repeatable; default: every bot)",
    )
    parser.add_argument(
        "--preset",
        action="append",
        choices=keys,
        metavar="PRESET",
        help="only this preset of `hanabi variants` (repeatable; default: every preset)",
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    names = args.bot or sorted(bot_classes())
    try:  # refused before any game is played, not as a worker's traceback
        for name in names:
            resolve_bot(name)
    except UnknownNameError as error:
        parser.error(str(error))
    work = [(name, preset) for name in names for preset in args.preset or keys]
    print(f"{args.games} games per bot and preset, players 2-5 in turn, seeds 0..{args.games - 1}")
    width = max(len("bot"), *map(len, names))
    print(f"{'bot':<{width}} {'preset':<26} {'games':>5} {'illegal':>7} {'crashes':>7} "
          f"{'mean':>6} {'strikeouts':>10} {'games/s':>7}")  # fmt: skip
    bad = 0
    # a row for each bot and preset as soon as it is done, under a bar of the games played
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, progress_bar() as progress:
        task = progress.add_task("games", total=len(work) * args.games)
        futures = [pool.submit(check, name, preset, args.games) for name, preset in work]
        for future in as_completed(futures):
            t = future.result()
            progress.advance(task, t.games)
            played = t.games - t.crashes - t.illegal
            mean = f"{t.total_score / played:.2f}" if played else "n/a"  # no game finished
            print(
                f"{t.bot:<{width}} {t.preset:<26} {t.games:>5} {t.illegal:>7} {t.crashes:>7} "
                f"{mean:>6} {t.strikeouts / t.games:>10.1%} {rate_text(t.games / t.seconds):>7}"
            )
            if t.first_failure is not None:
                print(f"{'':<{width}}   the first: {t.first_failure}")
            bad += t.illegal + t.crashes
    print(f"illegal actions and crashes in all: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
