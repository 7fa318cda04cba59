"""Score and speed of the ``hat`` bot in self-play, in one process on one core.

Plays the games dealt from seeds ``0 .. N-1`` (a strikeout scores 0) for each player count and
prints the mean score with its standard error, the share of perfect games and games per second
(bots and engine together, views included), by the wall clock and per second of this
process's CPU time (the fair figure on a busy machine).

    python benchmarks/hat_speed.py [--games 2000] [--players 3 4 5] [--variant base]
                                   [--no-empty-clues]

Measured with the defaults (seeds 0-1999, base game; Python 3.11, one core of a shared VM):

    3p  24.9320 ± 0.0081  perfect  95.7 %   about 90-115 games/s
    4p  24.9640 ± 0.0052  perfect  97.2 %   about 73-93 games/s
    5p  24.9395 ± 0.0070  perfect  95.5 %   about 64-77 games/s
    2p  23.8685 ± 0.0331  perfect  48.5 %   about 110-120 games/s

Reference: hanabi.rs's information strategy, 22.55 / 24.80 / 24.94 / 24.92 for 2 / 3 / 4 / 5
players. With --no-empty-clues (its rule for hints): 22.995 / 24.851 / 24.9305 / 24.9355.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time

from openhanabi.bots import find_bot, play_game, seat_seed
from openhanabi.rules import Game, find_variant


def run(variant_name: str, players: int, games: int, first_seed: int, empty: bool) -> str:
    variant = find_variant(variant_name, players=players, empty_clues=empty)
    # looked up once: make_bot() scans the installed entry points on every call (~10 ms)
    hat = find_bot("hat")
    scores = []
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in range(first_seed, first_seed + games):
        bots = [hat(seat, variant, seat_seed(seed, seat)) for seat in range(players)]
        game = play_game(Game.new(variant, seed), bots)
        assert game.outcome is not None
        scores.append(game.outcome.score)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    mean = sum(scores) / games
    spread = sum((s - mean) ** 2 for s in scores) / (games - 1) if games > 1 else 0.0
    error = math.sqrt(spread / games)
    perfect = 100.0 * sum(s == variant.max_score for s in scores) / games
    return (
        f"{players}p  {mean:7.4f} ± {error:.4f}  perfect {perfect:5.1f} %  "
        f"strikeouts {scores.count(0):3d}  {games / seconds:6.1f} games/s "
        f"({games / cpu:.1f} per CPU second)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=2000, help="games per player count (default 2000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[3, 4, 5], help="player counts (default 3 4 5)"
    )
    parser.add_argument(
        "--variant", default="base", help="a preset of `hanabi variants` (default base)"
    )
    parser.add_argument(
        "--no-empty-clues",
        action="store_true",
        help="forbid clues that touch no card (default: allowed)",
    )
    args = parser.parse_args(argv)
    empty = not args.no_empty_clues
    print(
        f"hat bot, {args.variant}{'' if empty else ', no empty clues'}, seeds "
        f"{args.seed}..{args.seed + args.games - 1}, Python {platform.python_version()}, "
        "one process"
    )
    for players in args.players:
        print(run(args.variant, players, args.games, args.seed, empty), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
