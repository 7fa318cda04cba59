"""Paired comparison of two bots on the same seeds: each seed deals both bots the same game, so
the difference of their scores seed by seed cancels the luck of the deal.

>>> from openhanabi.bench.runner import GameResult
>>> def games(*scores: int) -> list[GameResult]:
...     return [GameResult(s, 2, x, x, "last round done", 60) for s, x in enumerate(scores)]
>>> [result] = compare(games(20, 18, 15), games(18, 18, 16))
>>> str(result.difference), result.wins, result.ties, result.losses
('0.33 ± 0.88', 1, 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openhanabi.bench.runner import GameResult
from openhanabi.bench.stats import Estimate, estimate


@dataclass(frozen=True, slots=True)
class Comparison:
    """The first bot's scores against the second's, seed by seed, at one player count."""

    players: int
    games: int
    difference: Estimate  # mean of (first - second) and its standard error
    wins: int  # seeds where the first scored more
    ties: int
    losses: int  # seeds where the first scored less


def compare(first: Sequence[GameResult], second: Sequence[GameResult]) -> list[Comparison]:
    """Pair ``first`` and ``second`` by player count and seed; one comparison per player count.

    Both must hold exactly the same (player count, seed) pairs.
    """
    ours = {(result.players, result.seed): result.score for result in first}
    theirs = {(result.players, result.seed): result.score for result in second}
    if ours.keys() != theirs.keys() or len(ours) != len(first) or len(theirs) != len(second):
        raise ValueError("a paired comparison needs both bots on exactly the same seeds")
    comparisons = []
    for players in sorted({players for players, _ in ours}):
        keys = sorted(key for key in ours if key[0] == players)
        differences = [ours[key] - theirs[key] for key in keys]
        comparisons.append(
            Comparison(
                players=players,
                games=len(keys),
                difference=estimate(differences),
                wins=sum(d > 0 for d in differences),
                ties=sum(d == 0 for d in differences),
                losses=sum(d < 0 for d in differences),
            )
        )
    return comparisons
