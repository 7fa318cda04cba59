"""Plots of score distributions with matplotlib (the ``bench`` extra), drawn off screen with the
Agg canvas: no window, no change to matplotlib's global backend."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from openhanabi.bench.stats import Summary


def plot_scores(
    path: str | Path, runs: Sequence[tuple[str, Sequence[Summary]]], title: str = ""
) -> None:
    """Draw one panel per player count with each run's score distribution (share of games per
    score, its mean as a dashed line) and save the figure as PNG to ``path``.

    ``runs`` pairs a label (the bots) with its summaries, one per player count.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    counts = sorted({summary.players for _, summaries in runs for summary in summaries})
    if not counts:
        raise ValueError("nothing to plot")
    columns = min(2, len(counts))
    rows = math.ceil(len(counts) / columns)
    figure = Figure(figsize=(6.4 * columns, 3.6 * rows), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(rows, columns, squeeze=False).flatten()
    width = 0.8 / len(runs)
    low = min([0, *(s.histogram[0][0] for _, summaries in runs for s in summaries)])
    high = max(s.max_score for _, summaries in runs for s in summaries)
    for ax, players in zip(axes, counts, strict=False):
        for number, (label, summaries) in enumerate(runs):
            summary = next((s for s in summaries if s.players == players), None)
            if summary is None:
                continue
            scores = [score for score, _ in summary.histogram]
            shares = [100 * games / summary.games for _, games in summary.histogram]
            offset = (number - (len(runs) - 1) / 2) * width
            bars = ax.bar([s + offset for s in scores], shares, width=width, label=label)
            ax.axvline(summary.score.mean, color=bars.patches[0].get_facecolor(), linestyle="--")
        ax.set_xlim(low - 1, high + 1)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(f"{players} players")
        ax.set_xlabel("score (a strikeout scores 0)")
        ax.set_ylabel("% of games")
        ax.legend(loc="upper left", fontsize="small")
    for ax in axes[len(counts) :]:
        ax.set_visible(False)
    if title:
        figure.suptitle(title)
    figure.savefig(path, format="png", dpi=100)
