"""Speed of the research environments beside OpenSpiel's and HLE's Hanabi, in one run, one core.

Workload: random legal play of the base game without empty clues (HLE's game), 2 and 4 players.
A step is one player action, and every step gives the acting seat its full observation and its
legal-move mask (or legal moves), which the random choice then reads:

- ``openhanabi aec``: the PettingZoo environment users get, :func:`openhanabi.env.env` (the
  table behind PettingZoo's order-enforcing wrapper), ``hle`` encoding (or ``--encoding
  extended``): ``agent_iter()``, ``last()`` then ``step()`` (the steps that retire agents at
  the end of a game are not counted, their time is);
- ``openhanabi raw_env``: the same without the wrapper (:class:`openhanabi.env.raw_env`);
- ``openhanabi batch N``: :class:`openhanabi.env.batch.BatchEnv` stepping ``N`` games at once
  (one ``step`` counts ``N`` steps); moves drawn uniformly from each mask in NumPy;
- ``open_spiel``: ``pyspiel.load_game("hanabi", {"players": P})`` (OpenSpiel's HLE wrapper),
  ``observation_tensor(player)`` and ``legal_actions_mask(player)`` each step, chance nodes
  sampled from ``chance_outcomes()``;
- ``hle rl_env``: ``rl_env.make("Hanabi-Full", num_players=P)``, whose ``step`` returns every
  seat's observations; the acting seat's ``vectorized`` observation and ``legal_moves_as_int``
  are read.

References that are not installed are skipped (PettingZoo no longer ships its own Hanabi). Every
configuration runs in this one process, single-threaded: the usual thread variables are set to 1
before NumPy loads, and ``--pin`` also pins the process to one CPU. Each configuration runs
``--repeats`` times, the configurations taking turns, and the best run counts (the least
disturbed one, as other work may share the machine; the load average is printed). Runs are
timed by the process's CPU time, the time it had a core, so that other work on the machine
distorts the comparison less (``--clock wall`` for elapsed time).

    python benchmarks/env_speed.py [--seconds 2] [--repeats 3] [--batches 64 256 1024] [--pin]
                                   [--clock cpu|wall] [--encoding hle|extended]

``--profile P`` instead runs the ``openhanabi aec`` loop of ``P`` players once under cProfile
and prints the functions that took the most time of their own (to see where a step goes).
``--games G --players P`` plays ``G`` games of the same loop, untimed, from seeds ``--seed``
on, and prints the steps taken: a fixed piece of work for an instruction counter, such as
``valgrind --tool=callgrind`` (run it with ``G`` = 0 too, and divide the difference of the
counts by the steps).
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402 (the thread variables must be set before NumPy loads)
import functools  # noqa: E402
import importlib.util  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from openhanabi.env import env, raw_env  # noqa: E402
from openhanabi.env.batch import BatchEnv  # noqa: E402

# a runner plays for about ``seconds`` and returns (steps, elapsed seconds)
Runner = Callable[[int, float, int], tuple[int, float]]
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]  # what the runners time with (set by --clock)


def aec_runner(encoding: str, wrapped: bool = True) -> Runner:
    return functools.partial(run_aec, encoding=encoding, wrapped=wrapped)


def run_aec(
    players: int, seconds: float, seed: int, encoding: str, wrapped: bool = True
) -> tuple[int, float]:
    make = env if wrapped else raw_env
    table = make(players=players, encoding=encoding, empty_clues=False)
    table.reset(seed=seed)
    choice = random.Random(seed)
    done = 0
    start = clock()
    while clock() - start < seconds:
        done += play_out(table, choice)
        table.reset()
    return done, clock() - start


def batch_runner(games: int, encoding: str) -> Runner:
    def run(players: int, seconds: float, seed: int) -> tuple[int, float]:
        batch = BatchEnv(games, players=players, encoding=encoding, empty_clues=False)
        rng = np.random.default_rng(seed)
        start = clock()
        _observations, masks = batch.reset(seed=seed)
        steps = 0
        while clock() - start < seconds:
            for _ in range(10):
                moves = (rng.random(masks.shape) * masks).argmax(axis=1)
                _observations, masks, _rewards, _dones = batch.step(moves)
            steps += 10 * games
        return steps, clock() - start

    return run


def run_open_spiel(players: int, seconds: float, seed: int) -> tuple[int, float]:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("hanabi", {"players": players, "seed": seed})
    rng = random.Random(seed)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            player = state.current_player()
            _observation = state.observation_tensor(player)
            mask = state.legal_actions_mask(player)
            legal = [action for action, on in enumerate(mask) if on]
            state.apply_action(rng.choice(legal))
            steps += 1
    return steps, clock() - start


def run_hle(players: int, seconds: float, seed: int) -> tuple[int, float]:
    from hanabi_learning_environment import rl_env

    table = rl_env.make("Hanabi-Full", num_players=players)
    rng = random.Random(seed)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        observations = table.reset()
        done = False
        while not done:
            seat = observations["current_player"]
            mine = observations["player_observations"][seat]
            _vector = mine["vectorized"]
            legal = mine["legal_moves_as_int"]
            observations, _reward, done, _info = table.step(rng.choice(legal))
            steps += 1
    return steps, clock() - start


def installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def runners(batches: list[int], encoding: str) -> list[tuple[str, Runner | None]]:
    """Every configuration by name; ``None`` for a reference that is not installed."""
    table: list[tuple[str, Runner | None]] = [
        ("openhanabi aec", aec_runner(encoding)),
        ("openhanabi raw_env", aec_runner(encoding, wrapped=False)),
    ]
    table += [(f"openhanabi batch {n}", batch_runner(n, encoding)) for n in batches]
    table.append(("open_spiel", run_open_spiel if installed("pyspiel") else None))
    hle = installed("hanabi_learning_environment.rl_env")
    table.append(("hle rl_env", run_hle if hle else None))
    return table


def pin_to_one_cpu() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run (default: 2)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per setting (default: 3)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default: 0)")
    parser.add_argument(
        "--batches",
        type=int,
        nargs="+",
        default=[64, 256, 1024],
        help="games per step of openhanabi batch (default: 64 256 1024)",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="pin the run to one CPU, best on an idle machine (default: not pinned)",
    )
    parser.add_argument(
        "--clock",
        choices=list(CLOCKS),
        default="cpu",
        help="time runs by the process's CPU time (default) or by the wall clock",
    )
    parser.add_argument(
        "--encoding",
        choices=["hle", "extended"],
        default="hle",
        help="encoding of the openhanabi environments (default: hle)",
    )
    parser.add_argument(
        "--profile",
        type=int,
        metavar="PLAYERS",
        help="profile the openhanabi aec loop of this many players instead of timing",
    )
    parser.add_argument(
        "--games",
        type=int,
        metavar="G",
        help="play G games of the openhanabi aec loop untimed and print the steps taken",
    )
    parser.add_argument(
        "--players", type=int, default=2, help="players of the --games loop (default: 2)"
    )
    args = parser.parse_args(argv)
    if args.games is not None:
        print(play_games(args.games, args.players, args.seed, args.encoding))
        return 0
    global clock  # one setting for every runner
    clock = CLOCKS[args.clock]
    if args.profile is not None:
        profile(args.profile, args.seconds, args.seed, args.encoding)
        return 0
    pinned = pin_to_one_cpu() if args.pin else "not pinned"
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, {platform.machine()}")
    loads = " ".join(f"{value:.1f}" for value in load)
    print(f"{os.cpu_count()} CPUs, {pinned}, load average {loads} (1, 5, 15 minutes)")
    print(f"about {args.seconds:g} s of {args.clock} time a run, best of {args.repeats},")
    print("steps per second;")
    print(f"the openhanabi environments in the {args.encoding} encoding\n")
    configurations = runners(args.batches, args.encoding)
    results: dict[tuple[str, int], float] = {}
    # the repeats take turns, so that a busy moment of the machine hits every configuration
    for repeat in range(args.repeats):
        for name, run in configurations:
            for players in (2, 4):
                if run is not None:
                    steps, elapsed = run(players, args.seconds, args.seed + repeat)
                    rate = steps / elapsed
                    results[name, players] = max(results.get((name, players), 0.0), rate)
    print_table(configurations, results)
    return 0


def play_out(table: Any, choice: random.Random) -> int:
    """Play ``table``'s game to its end with random legal moves; the steps taken."""
    steps = 0
    for _agent in table.agent_iter():
        observation, _reward, termination, truncation, _info = table.last()
        if termination or truncation:
            table.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        table.step(int(choice.choice(legal)))
        steps += 1
    return steps


def play_games(games: int, players: int, seed: int, encoding: str) -> int:
    """The ``openhanabi aec`` loop for ``games`` games of seeds ``seed``, ``seed + 1``, ...;
    the steps taken (a fixed piece of work: the moves are drawn from a seeded generator)."""
    table = env(players=players, encoding=encoding, empty_clues=False)
    choice = random.Random(seed)
    done = 0
    for game in range(games):
        table.reset(seed=seed + game)
        done += play_out(table, choice)
    return done


def profile(players: int, seconds: float, seed: int, encoding: str) -> None:
    """Run the ``openhanabi aec`` loop under cProfile and print where its time went."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    steps, elapsed = profiler.runcall(run_aec, players, seconds, seed, encoding)
    print(f"{steps} steps of {players} players in {elapsed:.1f} s under the profiler")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def print_table(
    configurations: list[tuple[str, Any]], results: dict[tuple[str, int], float]
) -> None:
    header = f"{'environment':<22}{'2 players':>12}{'4 players':>12}{'x open_spiel':>16}"
    print(header)
    print("-" * len(header))
    for name, run in configurations:
        if run is None:
            print(f"{name:<22}{'not installed':>24}")
            continue
        two, four = results[name, 2], results[name, 4]
        ratio = ""
        if ("open_spiel", 2) in results:
            ratios = (two / results["open_spiel", 2], four / results["open_spiel", 4])
            ratio = f"{ratios[0]:.2f} / {ratios[1]:.2f}"
        print(f"{name:<22}{two:>12,.0f}{four:>12,.0f}{ratio:>16}")


if __name__ == "__main__":
    sys.exit(main())
