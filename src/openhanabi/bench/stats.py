"""Statistics of a set of games: mean with its standard error, perfect games, strikeouts, the
score histogram, under both ways of scoring a strikeout.

The *score* is the outcome's: a strikeout scores 0 (the rulebooks', hanab.live's and the Hanabi
Learning Environment's rule, "bomb = 0"). The *points* are what the fireworks show at the end,
kept after a strikeout (as some research reports them).

>>> estimate([18, 20, 22])
Estimate(mean=20.0, standard_error=1.1547005383792515)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from openhanabi.bench.runner import GameResult
from openhanabi.bench.timelimit import MoveTimes


@dataclass(frozen=True, slots=True)
class Estimate:
    """A sample mean and its standard error (sample standard deviation over the root of n),
    None for a single value, which gives no spread to estimate it from.

    >>> print(estimate([17]), estimate([2.5, 3.5]).error_text(3))
    17.00 ± n/a 0.500
    """

    mean: float
    standard_error: float | None

    def __str__(self) -> str:
        return f"{self.mean:.2f} ± {self.error_text()}"

    def error_text(self, digits: int = 2) -> str:
        """The standard error with ``digits`` decimals, "n/a" where there is none."""
        return "n/a" if self.standard_error is None else f"{self.standard_error:.{digits}f}"


def estimate(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its standard error (None for a single value)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values to estimate from")
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, None)
    variance = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
    return Estimate(mean, math.sqrt(variance / n))


@dataclass(frozen=True, slots=True)
class Summary:
    """The statistics of the games of one player count."""

    players: int
    games: int
    max_score: int
    score: Estimate  # a strikeout scores 0
    points: Estimate  # points kept at the end, strikeout or not
    perfect: float  # share of games at the maximum score, 0 to 1
    strikeouts: float  # share of games lost to the last storm token, 0 to 1
    errors: int  # games a bot broke (an exception, or an action the rules forbid)
    histogram: tuple[tuple[int, int], ...]  # (score, games) for every score reached, ascending
    seconds: float  # time spent playing, summed over the workers
    times: MoveTimes | None = None  # the bots' time on their moves, when every game was timed

    @property
    def games_per_second(self) -> float:
        """Games per second of one worker."""
        return self.games / self.seconds if self.seconds > 0 else math.inf


def summarise(results: Sequence[GameResult], max_score: int, seconds: float = 0.0) -> Summary:
    """The statistics of ``results``, games of one player count whose perfect score is
    ``max_score``."""
    if not results:
        raise ValueError("no games to summarise")
    players = {result.players for result in results}
    if len(players) != 1:
        raise ValueError(f"games of several player counts: {sorted(players)}")
    n = len(results)
    scores = [result.score for result in results]
    return Summary(
        players=players.pop(),
        games=n,
        max_score=max_score,
        score=estimate(scores),
        points=estimate([result.points for result in results]),
        perfect=sum(score >= max_score for score in scores) / n,
        strikeouts=sum(result.strikeout for result in results) / n,
        errors=sum(result.error is not None for result in results),
        histogram=tuple(sorted(Counter(scores).items())),
        seconds=seconds,
        times=_times(results),
    )


def _times(results: Sequence[GameResult]) -> MoveTimes | None:
    """The moves' times of every game together; None unless every game was timed."""
    if any(result.times is None for result in results):
        return None
    return sum((result.times for result in results if result.times), MoveTimes(0, 0.0, None))
