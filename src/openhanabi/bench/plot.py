"""Plots of score distributions with matplotlib (the ``bench`` extra), drawn off screen with the
Agg canvas: no window, no change to matplotlib's global backend."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from pathlib import Path

from openhanabi.bench.crossplay import CrossPlay
from openhanabi.bench.stats import Summary

# scores reached by fewer games than this share are left out of the x axis (and counted in the
# legend instead), so that a run of strong bots is drawn over the scores it reaches, not 0-25
RARE = 0.01
# the fewest scores below the maximum an axis shows, so that a run of near-perfect games still
# shows where its few other games fall
SPAN = 10


def score_range(summaries: Sequence[Summary]) -> tuple[int, int]:
    """The scores the panels show: from the lowest score that at least one in a hundred games of
    some run reached, and at least :data:`SPAN` below the maximum, to the maximum. (A run always
    has such a score: its games spread over fewer than a hundred scores.)"""
    if not summaries:
        raise ValueError("nothing to plot")
    high = max(summary.max_score for summary in summaries)
    low = min(
        score
        for summary in summaries
        for score, games in summary.histogram
        if games >= RARE * summary.games
    )
    return min(low, high - SPAN), high


def score_ticks(low: int, high: int) -> range:
    """The scores labelled on an axis from ``low`` to ``high``: at most about 13, the maximum
    always among them, and the lowest too where a step that fits both ends is near enough to
    the smallest (so that 0-25 shows 0, 5, ... 25 rather than 25, 23, ... 1 with 0 unlabelled).

    >>> list(score_ticks(0, 25)), list(score_ticks(15, 25)), list(score_ticks(2, 25))[-1]
    ([25, 20, 15, 10, 5, 0], [25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15], 3)
    """
    span = high - low
    fewest = max(1, math.ceil((span + 1) / 13))
    step = next((s for s in range(fewest, max(5, 2 * fewest) + 1) if span % s == 0), fewest)
    return range(high, low - 1, -step)


def below(summary: Summary, low: int) -> float:
    """The share of ``summary``'s games, 0 to 1, that scored less than ``low``."""
    return sum(games for score, games in summary.histogram if score < low) / summary.games


# the picture formats a plot is written in, by the file's extension
PLOT_FORMATS = ("png", "svg", "pdf")


def plot_format(path: str | Path) -> str:
    """The format a plot written to ``path`` takes: its extension's, PNG if it names none."""
    extension = Path(path).suffix.lower().lstrip(".")
    return extension if extension in PLOT_FORMATS else "png"


def plot_scores(
    path: str | Path, runs: Sequence[tuple[str, Sequence[Summary]]], title: str = ""
) -> None:
    """Draw one panel per player count with each run's score distribution (share of games per
    score, its mean as a dashed line) and save the figure to ``path``, in the format its
    extension names (one of :data:`PLOT_FORMATS`, else PNG). A panel shows the
    scores from the lowest that 1 % of some run's games reached (see :func:`score_range`), the
    same on every panel; the legend gives the share of games below it, strikeouts among them.

    ``runs`` pairs a label (the bots) with its summaries, one per player count.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    counts = sorted({summary.players for _, summaries in runs for summary in summaries})
    if not counts:
        raise ValueError("nothing to plot")
    columns = min(2, len(counts))
    rows = math.ceil(len(counts) / columns)
    figure = Figure(figsize=(6.4 * columns, 3.6 * rows), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(rows, columns, squeeze=False).flatten()
    width = 0.8 / len(runs)
    low, high = score_range([summary for _, summaries in runs for summary in summaries])
    for ax, players in zip(axes, counts, strict=False):
        for number, (label, summaries) in enumerate(runs):
            summary = next((s for s in summaries if s.players == players), None)
            if summary is None:
                continue
            shown = [(score, games) for score, games in summary.histogram if score >= low]
            scores = [score for score, _ in shown]
            shares = [100 * games / summary.games for _, games in shown]
            offset = (number - (len(runs) - 1) / 2) * width
            rest = below(summary, low)
            name = f"{label} ({100 * rest:.1f}% below {low})" if rest else label
            colour = f"C{number}"
            ax.bar([s + offset for s in scores], shares, width=width, label=name, color=colour)
            ax.axvline(summary.score.mean, color=colour, linestyle="--")
        ax.set_xlim(low - 1, high + 1)
        ax.set_title(f"{players} players")
        ax.set_xlabel("score (a strikeout scores 0)")
        ax.set_xticks(score_ticks(low, high))
        ax.set_ylabel("% of games")
        ax.legend(loc="upper left", fontsize="small")
    for ax in axes[len(counts) :]:
        ax.set_visible(False)
    if title:
        # a variant with many options makes a long title: wrapped to the figure's width
        # (about 11 characters an inch at the default size) rather than cut at both edges
        figure.suptitle("\n".join(textwrap.wrap(title, width=int(11 * 6.4 * columns))))
    figure.savefig(path, format=plot_format(path), dpi=100)


def plot_cross_play(path: str | Path, matrices: Sequence[CrossPlay], title: str = "") -> None:
    """Draw one heat map per player count of a cross-play's mean scores (the row's bot in seats
    1, 3, 5, the column's in 2, 4; each cell labelled with its mean) and save the figure to
    ``path``, in the format its extension names."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    if not matrices:
        raise ValueError("nothing to plot")
    size = len(matrices[0].bots)
    columns = min(2, len(matrices))
    rows = math.ceil(len(matrices) / columns)
    side = 1.2 + 0.9 * size
    figure = Figure(figsize=(side * columns + 1, side * rows), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(rows, columns, squeeze=False).flatten()
    high = max(cell.mean for matrix in matrices for row in matrix.score for cell in row)
    image = None
    for ax, matrix in zip(axes, matrices, strict=False):
        means = [[cell.mean for cell in row] for row in matrix.score]
        image = ax.imshow(means, cmap="viridis", vmin=0, vmax=max(high, 1))
        ticks = range(size)
        ax.set_xticks(ticks, matrix.bots, rotation=30, ha="right")
        ax.set_yticks(ticks, matrix.bots)
        ax.set_xlabel(_seats(range(2, matrix.players + 1, 2)))
        ax.set_ylabel(_seats(range(1, matrix.players + 1, 2)))
        ax.set_title(f"{matrix.players} players")
        for row, values in enumerate(means):
            for column, value in enumerate(values):
                # dark text on the light end of the scale, light text on the dark end
                colour = "black" if value > 0.6 * max(high, 1) else "white"
                ax.text(column, row, f"{value:.2f}", ha="center", va="center", color=colour)
    for ax in axes[len(matrices) :]:
        ax.set_visible(False)
    if image is not None:
        figure.colorbar(image, ax=list(axes[: len(matrices)]), label="mean score")
    if title:
        figure.suptitle("\n".join(textwrap.wrap(title, width=int(11 * side * columns))))
    figure.savefig(path, format=plot_format(path), dpi=100)


def _seats(seats: range) -> str:
    """Seats numbered from 1, as an axis names them: "seat 2", "seats 1, 3, 5"."""
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))
