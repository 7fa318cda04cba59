"""Engine speed, side by side with DeepMind's Hanabi Learning Environment (HLE), in one run.

Workload: whole games of the base game with HLE's rules (no empty clues), 2 and 4 players, two
policies: ``random`` (uniform over the legal actions) and ``no-misplay`` (uniform over the legal
actions except plays that would not fit, so games reach their natural length). A step is one
player action; both engines list the legal actions before every step and apply one. HLE runs
through ``pyhanabi``, its C++ engine behind its Python bindings.

Each configuration runs ``--repeats`` times, alternating the engines, and the best run of each
counts (the machine may be busy; the best run is the least disturbed one).

    python benchmarks/engine_speed.py [--games 500] [--repeats 3]

HLE is optional: ``CMAKE_POLICY_VERSION_MINIMUM=3.5 pip install hanabi-learning-environment``.
"""

from __future__ import annotations

import argparse
import platform
import sys

import hle_reference  # beside this script
from openhanabi.rules import find_variant
from openhanabi.simulate import simulate


def openhanabi_rate(players: int, policy: str, games: int, seed: int) -> float:
    variant = find_variant("base", players=players, empty_clues=False)
    return simulate(variant, games, seed, policy).steps_per_second


def hle_rate(players: int, policy: str, games: int, seed: int) -> float:
    steps, _, seconds = hle_reference.run_hle(players, policy, games, seed)
    return steps / seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per run (default: 500)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per engine (default: 3)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default: 0)")
    args = parser.parse_args(argv)
    have_hle = hle_reference.available()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games} games a run,")
    print(f"best of {args.repeats} runs; steps per second (one player action = one step)\n")
    header = f"{'players':>7} {'policy':>10} {'openhanabi':>11} {'HLE pyhanabi':>13} {'ratio':>6}"
    print(header)
    print("-" * len(header))
    for players in (2, 4):
        for policy in ("random", "no-misplay"):
            ours: list[float] = []
            theirs: list[float] = []
            for _ in range(args.repeats):
                ours.append(openhanabi_rate(players, policy, args.games, args.seed))
                if have_hle:
                    theirs.append(hle_rate(players, policy, args.games, args.seed))
            best = max(ours)
            reference = f"{max(theirs):>13,.0f}" if theirs else f"{'-':>13}"
            ratio = f"{best / max(theirs):>5.1f}x" if theirs else f"{'-':>6}"
            print(f"{players:>7} {policy:>10} {best:>11,.0f} {reference} {ratio}")
    if not have_hle:
        print("\nHLE is not installed: only openhanabi was measured.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
