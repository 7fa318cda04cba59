"""``hanabi simulate``: play simulated games of any variant and report the engine's speed."""

from __future__ import annotations

import argparse
from typing import Any

from openhanabi.bench.progress import progress_bar
from openhanabi.cli.options import (
    RulesError,
    add_variant_options,
    check_seed_range,
    fail,
    seed_option,
    variant_from,
)
from openhanabi.simulate import POLICIES, simulate


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play simulated games and print games/s and steps/s",
        description="Play whole games with a simulated policy, dealt from consecutive seeds, "
        "and report the engine's speed and the scores.",
    )
    parser.add_argument("--games", type=int, default=1000, help="how many games (default: 1000)")
    parser.add_argument(
        "--seed",
        type=seed_option,
        default=0,
        help="the first game's seed, 0 to 2**64 - 1 (default: 0)",
    )
    parser.add_argument(
        "--policy",
        choices=POLICIES,
        default="random",
        help="random: uniform legal actions; no-misplay: never plays a card that does not fit "
        "(peeks, for games of natural length) (default: random)",
    )
    add_variant_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        variant = variant_from(args)
    except RulesError as error:
        return fail(f"hanabi simulate: {error}")
    if args.games < 1:
        return fail("hanabi simulate: --games must be at least 1")
    try:
        check_seed_range(args.seed, args.games)
    except ValueError as error:
        return fail(f"hanabi simulate: {error}")
    with progress_bar() as bar:
        task = bar.add_task("games", total=args.games)
        result = simulate(
            variant,
            args.games,
            args.seed,
            args.policy,
            progress=lambda done: bar.update(task, completed=done),
        )
    print(f"variant:  {variant.describe()}")
    print(f"policy:   {args.policy}")
    print(f"games:    {result.games} (seeds {args.seed}..{args.seed + args.games - 1})")
    print(f"steps:    {result.steps} ({result.steps / result.games:.1f} per game)")
    print(f"score:    {result.mean_score:.2f} mean")
    print(
        f"speed:    {result.games_per_second:,.0f} games/s, {result.steps_per_second:,.0f} steps/s"
    )
    return 0
