"""Cross-play: every pair of bots at one table, on the same seeds, as a matrix of mean scores.

How well does a bot play beside bots it was not made with? For bots ``A, B, C`` the table of the
pair ``(A, B)`` seats ``A`` in seats 1, 3, 5 and ``B`` in seats 2, 4 (the mixed table of
``hanabi bench --bot A,B``); ``(A, A)`` is ``A``'s self-play. With two players this is the
cross-play matrix of zero-shot coordination: the row's bot moves first, the column's second.

>>> from openhanabi.bench.stats import Estimate
>>> cells = ((Estimate(18.5, 0.25), Estimate(9.1, 0.3)), (Estimate(8.75, 0.32), Estimate(1.5, 0.1)))
>>> print("\\n".join(cross_play_table(CrossPlay(2, ("basic", "random"), cells))))
  2 players     basic         random
  basic         18.50 ± 0.25  9.10 ± 0.30
  random        8.75 ± 0.32   1.50 ± 0.10
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openhanabi.bench.runner import Run
from openhanabi.bench.stats import Estimate, estimate


@dataclass(frozen=True, slots=True)
class CrossPlay:
    """The mean scores of one player count: ``score[row][column]`` for the table of the row's
    bot (seats 1, 3, 5) and the column's (seats 2, 4)."""

    players: int
    bots: tuple[str, ...]
    score: tuple[tuple[Estimate, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "bots": list(self.bots),
            "mean": [[cell.mean for cell in row] for row in self.score],
            "standard_error": [[cell.standard_error for cell in row] for row in self.score],
        }


def pairs(bots: Sequence[str]) -> list[tuple[str, str]]:
    """The tables of a cross-play of ``bots``, row by row: every ordered pair, each bot with
    itself too."""
    return [(row, column) for row in bots for column in bots]


def cross_play(runs: Sequence[Run], bots: Sequence[str]) -> list[CrossPlay]:
    """The matrices, one per player count, of ``runs``: the runs of :func:`pairs` of ``bots``,
    in that order."""
    if len(runs) != len(bots) ** 2:
        raise ValueError(f"a cross-play of {len(bots)} bots has {len(bots) ** 2} runs")
    matrices = []
    for index, variant in enumerate(runs[0].plan.variants):
        cells = [estimate([game.score for game in run.results[index]]) for run in runs]
        rows = tuple(
            tuple(cells[row * len(bots) : (row + 1) * len(bots)]) for row in range(len(bots))
        )
        matrices.append(CrossPlay(variant.players, tuple(bots), rows))
    return matrices


def cross_play_table(matrix: CrossPlay) -> list[str]:
    """The matrix as lines of text: the row's bot in seats 1, 3, 5, the column's in 2, 4."""
    width = max(14, *(len(bot) + 2 for bot in matrix.bots))
    heading = f"{matrix.players} players"
    lines = [f"  {heading:<{width}}" + "".join(f"{bot:<{width}}" for bot in matrix.bots)]
    for bot, row in zip(matrix.bots, matrix.score, strict=True):
        lines.append(f"  {bot:<{width}}" + "".join(f"{cell!s:<{width}}" for cell in row))
    return [line.rstrip() for line in lines]
