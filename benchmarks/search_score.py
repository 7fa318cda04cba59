"""Score of the ``search`` bot in 2-player self-play, paired with the ``hat`` bot on the same deals.

Plays the games dealt from seeds ``S .. S+N-1`` with ``search`` in both seats and with ``hat``
(its blueprint) in both seats, and prints both means with their standard errors, the paired
difference, strikeouts (a strikeout scores 0), the share of searched moves the search changed,
and the search bot's games per second (wall clock, all jobs together).

    python benchmarks/search_score.py [--games 200] [--seed 0] [--budget 0.05] [--jobs 1]
                                      [--variant base]

Run it under ``nice -n 19`` on a shared machine. Measured figures are in the README.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from openhanabi.bench.progress import progress_bar
from openhanabi.bench.stats import estimate
from openhanabi.bots import play_game, seat_seed
from openhanabi.bots.hat import HatBot
from openhanabi.bots.search import SearchBot
from openhanabi.rules import Game, find_variant

PLAYERS = 2


def play_seed(job: tuple[str, int, float]) -> tuple[int, int, int, int, int]:
    """The search score, hat score, searched moves, deviations and search actions of one seed."""
    variant_name, seed, budget = job
    variant = find_variant(variant_name, players=PLAYERS)
    searchers = [
        SearchBot(seat, variant, seat_seed(seed, seat), budget=budget) for seat in range(PLAYERS)
    ]
    game = play_game(Game.new(variant, seed), searchers)
    hat = play_game(
        Game.new(variant, seed), [HatBot(s, variant, seat_seed(seed, s)) for s in range(PLAYERS)]
    )
    assert game.outcome is not None and hat.outcome is not None
    searched = sum(bot.searched for bot in searchers)
    deviated = sum(bot.deviated for bot in searchers)
    return game.outcome.score, hat.outcome.score, searched, deviated, len(game.history)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeds to play (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument(
        "--budget", type=float, default=0.05, help="seconds of search per move (default 0.05)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument(
        "--variant", default="base", help="a preset of `hanabi variants` (default base)"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or not args.budget >= 0:
        parser.error("--games and --jobs must be at least 1, --budget 0 or more")
    jobs = [(args.variant, seed, args.budget) for seed in range(args.seed, args.seed + args.games)]
    start = time.perf_counter()
    results = []
    with (
        progress_bar() as bar,
        ProcessPoolExecutor(max_workers=args.jobs) as pool,
    ):
        task = bar.add_task("seeds", total=len(jobs))
        for result in pool.map(play_seed, jobs, chunksize=1):
            results.append(result)
            bar.advance(task)
    seconds = time.perf_counter() - start
    search = [float(r[0]) for r in results]
    hat = [float(r[1]) for r in results]
    diffs = [s - h for s, h in zip(search, hat, strict=True)]
    ours, theirs, paired = (estimate(v) for v in (search, hat, diffs))
    searched = sum(r[2] for r in results)
    deviated = sum(r[3] for r in results)
    print(
        f"{args.variant}, {PLAYERS}p, seeds {args.seed}..{args.seed + args.games - 1}, "
        f"budget {args.budget} s/move, {args.jobs} job(s)"
    )
    print(
        f"search {ours.mean:7.4f} ± {ours.error_text(4)}  "
        f"perfect {sum(s == 25 for s in search):4d}  "
        f"strikeouts {search.count(0)}"
    )
    print(
        f"hat    {theirs.mean:7.4f} ± {theirs.error_text(4)}  "
        f"perfect {sum(h == 25 for h in hat):4d}  "
        f"strikeouts {hat.count(0)}"
    )
    print(f"paired difference {paired.mean:+.4f} ± {paired.error_text(4)}")
    print(
        f"searched moves {searched}, changed {deviated}; "
        f"{args.games / seconds:.3f} games/s (search and hat games together)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
