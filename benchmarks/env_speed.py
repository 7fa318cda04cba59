"""Speed of the PettingZoo environment with observations, in one process.

Workload: whole games of the base game without empty clues (HLE's game), 2 and 4 players, each
encoding. Every step is the PettingZoo loop a learner runs: ``last()`` (which builds the seat's
observation: its view, the encoding and the action mask), then ``step()`` with a move drawn
uniformly from the mask. A step is one player action; the steps that retire agents at the end of
a game (``step(None)``) are not counted. Each configuration runs ``--repeats`` times and the best
run counts (the machine may be busy; the best run is the least disturbed one).

    python benchmarks/env_speed.py [--steps 20000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

from openhanabi.env import env


def steps_per_second(players: int, encoding: str, steps: int, seed: int) -> float:
    table = env(players=players, encoding=encoding, empty_clues=False)
    table.reset(seed=seed)
    choice = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        for _agent in table.agent_iter():
            observation, _reward, termination, truncation, _info = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            table.step(int(choice.choice(legal)))
            done += 1
        table.reset()
    return done / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20000, help="steps per run (default: 20000)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per setting (default: 3)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default: 0)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()} on {platform.machine()}, load {load:.1f};")
    print(f"{args.steps} steps a run, best of {args.repeats}; steps per second\n")
    header = f"{'players':>7} {'encoding':>9} {'steps/s':>9}"
    print(header)
    print("-" * len(header))
    for players in (2, 4):
        for encoding in ("hle", "extended"):
            best = max(
                steps_per_second(players, encoding, args.steps, args.seed)
                for _ in range(args.repeats)
            )
            print(f"{players:>7} {encoding:>9} {best:>9,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
