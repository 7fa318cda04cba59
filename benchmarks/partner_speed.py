"""Speed of PartnerEnv: a policy in one seat, bots in the others, one core.

Each step is the policy's move and the partners' moves up to its next turn, so a step costs the
partners' thinking as well as the environment's work. Two policies, each reading only the
policy seat's observation and mask, or that seat's own view:

- ``random``: a uniformly random legal move (games end early, at the third misplay);
- ``conventions``: the move the conventions bot would make in the policy's seat, read from the
  seat's own view (games run their natural length, beside the partners as in self-play).

For each player count and partner bot it prints the policy's steps per second, the actions of
all seats per second and games per second, timed by the process's CPU time (``--clock wall``
for elapsed time), the best of ``--repeats`` runs, the configurations taking turns.

    python benchmarks/partner_speed.py [--seconds 2] [--repeats 3] [--players 2 4]
                                       [--partners basic conventions] [--clock cpu|wall]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from openhanabi.bots import resolve_bot, seat_seed
from openhanabi.env import PartnerEnv
from openhanabi.rules import UnknownNameError

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
POLICIES = ("random", "conventions")


def run(
    policy: str, players: int, partners: str, seconds: float, now: Callable[[], float]
) -> tuple[float, float, float]:
    """Steps, actions and games per second of ``seconds`` of play (whole games)."""
    table = PartnerEnv("base", players=players, partners=partners, encoding="hle")
    rng = np.random.default_rng(0)
    steps = actions = games = 0
    start = now()
    while now() - start < seconds:
        _, info = table.reset(seed=games)
        game = table.table.game
        assert game is not None and table.table.game_seed is not None
        choose = _policy(policy, table, rng, table.table.game_seed)
        terminated = False
        while not terminated:
            _, _, terminated, _, info = table.step(choose(info))
            steps += 1
        actions += len(game.history)
        games += 1
    elapsed = now() - start
    return steps / elapsed, actions / elapsed, games / elapsed


def _policy(
    policy: str, table: PartnerEnv, rng: np.random.Generator, deal: int
) -> Callable[[dict[str, Any]], int]:
    if policy == "random":
        return lambda info: int(rng.choice(np.flatnonzero(info["action_mask"])))
    seat = table.seat or 0
    bot = resolve_bot("conventions")(seat, table.variant, seat_seed(deal, seat))
    game = table.table.game
    assert game is not None

    def conventions(info: dict[str, Any]) -> int:
        view = game.view(seat)  # the policy seat's own view, as its bot would have it
        return table.encoding.moves.number(view, bot.act(view))

    return conventions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run (default: 2)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per setting (default: 3)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[2, 4], help="player counts (default: 2 4)"
    )
    parser.add_argument(
        "--partners",
        nargs="+",
        default=["basic", "conventions"],
        help="partner bots, by name (default: basic conventions)",
    )
    parser.add_argument(
        "--clock",
        choices=list(CLOCKS),
        default="cpu",
        help="time runs by the process's CPU time (default) or by the wall clock",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be above 0 and --repeats at least 1")
    if any(not 2 <= players <= 5 for players in args.players):
        parser.error("--players must be 2 to 5")
    try:
        for name in args.partners:
            resolve_bot(name)
    except UnknownNameError as error:
        parser.error(str(error))
    settings = [
        (policy, players, partners)
        for players in args.players
        for partners in args.partners
        for policy in POLICIES
    ]
    best: dict[tuple[str, int, str], tuple[float, float, float]] = {}
    for _ in range(args.repeats):
        for setting in settings:
            found = run(*setting, args.seconds, CLOCKS[args.clock])
            if setting not in best or found[0] > best[setting][0]:
                best[setting] = found
    print(f"{'players':>7} {'partners':<12} {'policy':<12} {'steps/s':>9} {'actions/s':>10} "
          f"{'games/s':>8}")  # fmt: skip
    for setting in settings:
        policy, players, partners = setting
        steps, actions, games = best[setting]
        print(f"{players:>7} {partners:<12} {policy:<12} {steps:>9,.0f} {actions:>10,.0f} "
              f"{games:>8,.1f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
