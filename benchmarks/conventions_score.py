"""Self-play scores of the ``conventions`` bot: seeds 0..N-1 for each player count, one row per
count with the mean score ± its standard error, the share of perfect games, the share of
strikeouts and games per second on one core (games divided by the CPU time of the workers).

    python benchmarks/conventions_score.py [--games 2000] [--players 2 3 4 5]
                                           [--variant base] [--jobs J]
"""

from __future__ import annotations

import argparse
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor

from openhanabi.bots import make_bot, play_game
from openhanabi.rules import Game, Termination, find_variant


def run(variant_name: str, players: int, seeds: range) -> tuple[list[int], int, int, float]:
    """Scores, perfect games, strikeouts and CPU seconds for ``seeds``."""
    variant = find_variant(variant_name, players=players)
    start = time.process_time()
    scores = []
    perfect = strikeouts = 0
    for seed in seeds:
        bots = [make_bot("conventions", seat, variant, seed) for seat in range(players)]
        game = play_game(Game.new(variant, seed), bots)
        assert game.outcome is not None
        scores.append(game.outcome.score)
        perfect += game.outcome.score == variant.max_score
        strikeouts += game.outcome.termination is Termination.STRIKEOUT
    return scores, perfect, strikeouts, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="seeds 0..N-1 (default 2000)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--variant", default="base", help="a preset of `hanabi variants`")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args()
    chunk = max(1, math.ceil(args.games / (4 * args.jobs)))
    print(f"conventions, {args.variant}, seeds 0..{args.games - 1}")
    print(f"{'players':>7} {'mean':>7} {'± SE':>6} {'perfect':>8} {'strikeout':>9} {'games/s':>8}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for players in args.players:
            parts = [
                pool.submit(run, args.variant, players, range(lo, min(lo + chunk, args.games)))
                for lo in range(0, args.games, chunk)
            ]
            scores: list[int] = []
            perfect = strikeouts = 0
            cpu = 0.0
            for part in parts:
                got, p, s, seconds = part.result()
                scores.extend(got)
                perfect += p
                strikeouts += s
                cpu += seconds
            n = len(scores)
            mean = sum(scores) / n
            var = sum((x - mean) ** 2 for x in scores) / max(1, n - 1)
            print(
                f"{players:>7} {mean:>7.3f} {math.sqrt(var / n):>6.3f} "
                f"{100 * perfect / n:>7.1f}% {100 * strikeouts / n:>8.1f}% {n / cpu:>8.1f}"
            )


if __name__ == "__main__":
    main()
