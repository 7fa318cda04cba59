"""Speed of the Gymnasium vector environment beside the batch engine it drives, in one process.

Workload: random legal play (moves drawn uniformly from each game's mask in NumPy), the base
game with HLE's rules; a step is one player action, so one call of ``step`` counts ``N``
steps, each with the acting seat's observation and legal-move mask. ``BatchEnv`` is the batch
engine called directly; ``SelfPlayVectorEnv`` is the same engine behind Gymnasium's vector API
(its infos, and the last observation of every game that ends, for same-step autoreset), with
and without those last observations (``final_observations=False``), as a share of the
engine's speed. Each
setting runs ``--repeats`` times for about ``--seconds`` and the best run counts; the two take
turns. Thread variables are set to 1 before NumPy loads (one core). ``--clock cpu`` (the
default) counts the process's CPU time, which is steadier on a machine other work shares.

    python benchmarks/vector_speed.py [--seconds 1] [--repeats 3] [--batches 64 256 1024]
                                      [--players 2 4] [--encoding hle|extended]
                                      [--clock cpu|wall]
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402 (the thread variables must be set before NumPy loads)
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from openhanabi.env import SelfPlayVectorEnv  # noqa: E402
from openhanabi.env.batch import BatchEnv  # noqa: E402

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
Masks = NDArray[np.int8]


def random_moves(masks: Masks, rng: np.random.Generator) -> NDArray[np.int64]:
    return np.asarray((rng.random(masks.shape) * masks).argmax(axis=1), np.int64)


def batch_steps(
    games: int, players: int, encoding: str
) -> tuple[Callable[[], Masks], Callable[[NDArray[np.int64]], Masks]]:
    batch = BatchEnv(games, players=players, encoding=encoding)

    def reset() -> Masks:
        return batch.reset(seed=0)[1]

    def step(moves: NDArray[np.int64]) -> Masks:
        return batch.step(moves)[1]

    return reset, step


def vector_steps(
    games: int, players: int, encoding: str, final_observations: bool = True
) -> tuple[Callable[[], Masks], Callable[[NDArray[np.int64]], Masks]]:
    vector = gymnasium.make_vec(
        "openhanabi/Hanabi-v0",
        num_envs=games,
        vectorization_mode="vector_entry_point",
        players=players,
        encoding=encoding,
        final_observations=final_observations,
    )
    assert isinstance(vector, SelfPlayVectorEnv)

    def reset() -> Masks:
        masks: Masks = vector.reset(seed=0)[1]["action_mask"]
        return masks

    def step(moves: NDArray[np.int64]) -> Masks:
        masks: Masks = vector.step(moves)[4]["action_mask"]
        return masks

    return reset, step


def lean_vector_steps(
    games: int, players: int, encoding: str
) -> tuple[Callable[[], Masks], Callable[[NDArray[np.int64]], Masks]]:
    return vector_steps(games, players, encoding, final_observations=False)


MAKERS = {
    "BatchEnv": batch_steps,
    "SelfPlayVectorEnv": vector_steps,
    "final_observations=False": lean_vector_steps,
}


def steps_per_second(
    maker: str, games: int, players: int, encoding: str, seconds: float, seed: int, clock: str
) -> float:
    now = CLOCKS[clock]
    reset, step = MAKERS[maker](games, players, encoding)
    rng = np.random.default_rng(seed)
    start = now()
    masks = reset()
    steps = 0
    while now() - start < seconds:
        for _ in range(10):
            masks = step(random_moves(masks, rng))
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
        "--players", type=int, nargs="+", default=[2, 4], help="player counts (default: 2 4)"
    )
    parser.add_argument(
        "--encoding",
        choices=["hle", "extended"],
        default="hle",
        help="observation encoding (default: hle)",
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="time counted: the process's CPU time or the wall clock (default: cpu)",
    )
    args = parser.parse_args(argv)
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    loads = " ".join(f"{value:.1f}" for value in load)
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, {platform.machine()}")
    print(f"{os.cpu_count()} CPUs, load average {loads} (1, 5, 15 minutes)")
    print(
        f"{args.encoding} encoding, about {args.seconds:g} s ({args.clock} clock) a run, "
        f"best of {args.repeats}; steps per second\n"
    )
    header = f"{'players, games':<16}" + "".join(f"{name:>26}" for name in MAKERS)
    print(header)
    print("-" * len(header))
    for players in args.players:
        for games in args.batches:
            best = dict.fromkeys(MAKERS, 0.0)
            for repeat in range(args.repeats):
                for maker in MAKERS:  # the two take turns, so that both see the same load
                    speed = steps_per_second(
                        maker, games, players, args.encoding, args.seconds, repeat, args.clock
                    )
                    best[maker] = max(best[maker], speed)
            cells = [f"{best['BatchEnv']:>26,.0f}"]
            for name in list(MAKERS)[1:]:
                share = best[name] / best["BatchEnv"]
                cells.append(f"{f'{best[name]:,.0f} ({share:.2f}x)':>26}")
            print(f"{f'{players}, {games}':<16}" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
