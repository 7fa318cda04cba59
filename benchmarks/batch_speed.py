"""Speed of the batch engine across presets, encodings and batch sizes, in one process.

Workload: random legal play (moves drawn uniformly from each game's mask in NumPy); a step is
one player action (a bonus tile's decision counts as one), so one ``BatchEnv.step`` counts ``N``
steps, each with the acting seat's observation and legal-move mask. The base game's settings
come first, then the rules' options (declared play, bonus tiles, play until perfect,
hanab.live's ending), which the batch engine plays on a path of their own. Each setting runs
``--repeats`` times for about ``--seconds`` and the best run counts. Thread variables are set
to 1 before NumPy loads (one core). ``--clock cpu`` counts the process's CPU time instead of
the time on the wall, which is steadier on a machine other work shares.

    python benchmarks/batch_speed.py [--seconds 1] [--repeats 3] [--batches 64 256 1024]
                                     [--clock wall|cpu]
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402 (the thread variables must be set before NumPy loads)
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from openhanabi.env.batch import BatchEnv  # noqa: E402

SETTINGS: list[tuple[str, dict[str, Any]]] = [
    ("hle, base, 2 players", {"players": 2}),
    ("hle, base, 3 players", {"players": 3}),
    ("hle, base, 4 players", {"players": 4}),
    ("hle, base, 5 players", {"players": 5}),
    ("extended, base, 2 players", {"encoding": "extended", "players": 2}),
    ("extended, rainbow, 3 players", {"encoding": "extended", "variant": "rainbow", "players": 3}),
    (
        "extended, black-powder-rainbow, 4 players",
        {"encoding": "extended", "variant": "black-powder-rainbow", "players": 4},
    ),
    # the options, which take their own path
    ("hle, play until perfect, 2 players", {"players": 2, "all_or_nothing": True}),
    ("hle, hanab.live ending, 4 players", {"players": 4, "hanab_live_ending": True}),
    (
        "extended, declared play, 3 players",
        {"encoding": "extended", "variant": "declared-play", "players": 3},
    ),
    (
        "extended, bonus tiles, 3 players",
        {"encoding": "extended", "variant": "bonus-tiles", "players": 3},
    ),
    (
        "extended, rainbow, every option, 4 players",
        {
            "encoding": "extended",
            "variant": "rainbow",
            "players": 4,
            "declared_play": True,
            "bonus_tiles": True,
            "all_or_nothing": True,
            "hanab_live_ending": True,
        },
    ),
]


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def steps_per_second(
    games: int, options: dict[str, Any], seconds: float, seed: int, clock: str = "wall"
) -> float:
    now = CLOCKS[clock]
    batch = BatchEnv(games, **options)
    rng = np.random.default_rng(seed)
    start = now()
    _observations, masks = batch.reset(seed=seed)
    steps = 0
    while now() - start < seconds:
        for _ in range(10):
            moves = (rng.random(masks.shape) * masks).argmax(axis=1)
            _observations, masks, _rewards, _dones = batch.step(moves)
        steps += 10 * games
    return steps / (now() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per run (default: 1)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per setting (default: 3)")
    parser.add_argument(
        "--batches",
        type=int,
        nargs="+",
        default=[64, 256, 1024],
        help="batch sizes (default: 64 256 1024)",
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="time counted: the wall clock or the process's CPU time (default: wall)",
    )
    args = parser.parse_args(argv)
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    loads = " ".join(f"{value:.1f}" for value in load)
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, {platform.machine()}")
    print(f"{os.cpu_count()} CPUs, load average {loads} (1, 5, 15 minutes)")
    print(
        f"about {args.seconds:g} s ({args.clock} clock) a run, best of {args.repeats}; "
        "steps per second\n"
    )
    header = f"{'setting':<44}" + "".join(f"{'N = ' + str(n):>12}" for n in args.batches)
    print(header)
    print("-" * len(header))
    for name, options in SETTINGS:
        cells = []
        for games in args.batches:
            best = max(
                steps_per_second(games, options, args.seconds, seed, args.clock)
                for seed in range(args.repeats)
            )
            cells.append(f"{best:>12,.0f}")
        print(f"{name:<44}" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
