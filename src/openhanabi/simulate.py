"""Whole games of simulated play: the engine's speed workload, used by ``hanabi simulate``.

Two policies choose among the legal actions with the project's portable generator, so a seed
gives the same games everywhere:

- ``random``: uniform over the legal actions (games are short: three misplays end them);
- ``no-misplay``: uniform over the legal actions except plays that would not fit. It peeks at the
  cards, so it is a workload for measuring speed over games of natural length, not a player.

>>> from openhanabi.rules import find_variant
>>> result = simulate(find_variant("base", players=3), games=3, seed=0, policy="no-misplay")
>>> result.games, result.steps > 3 * 40
(3, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from openhanabi.rules import ActionType, Game, SplitMix64, Variant

POLICIES = ("random", "no-misplay")
Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class Simulation:
    games: int
    steps: int
    seconds: float
    scores: tuple[int, ...]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds else float("inf")

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


def simulate(
    variant: Variant,
    games: int,
    seed: int = 0,
    policy: str = "random",
    progress: Progress | None = None,
) -> Simulation:
    """Play ``games`` games dealt from seeds ``seed .. seed + games - 1``."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (choose from {', '.join(POLICIES)})")
    careful = policy == "no-misplay"
    choice = SplitMix64(seed ^ 0xC401CE)
    play = ActionType.PLAY
    steps = 0
    scores = []
    start = time.perf_counter()
    for number in range(games):
        game = Game.new(variant, seed + number)
        while game.outcome is None:
            actions = game.legal_actions()
            if careful:
                actions = [
                    a
                    for a in actions
                    if a.type != play or (a.declare is None and game.is_playable(a.target))
                ] or actions
            game.apply(actions[choice.below(len(actions))])
            steps += 1
        scores.append(game.outcome.score)
        if progress is not None:
            progress(number + 1)
    return Simulation(games, steps, time.perf_counter() - start, tuple(scores))
