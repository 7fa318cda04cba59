"""The score plot's axis: it spans the scores games commonly reach, not always 0 to the maximum,
and the legend counts the games it leaves out, so no game goes unseen."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from openhanabi.bench import GameResult, summarise
from openhanabi.bench.plot import SPAN, below, plot_scores, score_range
from openhanabi.bench.stats import Summary


def summary(scores: Sequence[int], players: int = 3) -> Summary:
    games = [
        GameResult(seed, players, score, score or 12, "strikeout" if score == 0 else "done", 60)
        for seed, score in enumerate(scores)
    ]
    return summarise(games, max_score=25)


def test_near_perfect_games_are_drawn_over_the_last_scores_only() -> None:
    strong = summary([25] * 96 + [24] * 3 + [23])
    assert score_range([strong]) == (25 - SPAN, 25)
    assert below(strong, 25 - SPAN) == 0


def test_a_score_that_one_game_in_a_hundred_reaches_widens_the_axis() -> None:
    spread = summary([25] * 50 + [20] * 30 + [9] * 19 + [0])
    assert score_range([spread]) == (0, 25)
    assert below(spread, 0) == 0


def test_rarer_scores_are_left_out_and_counted() -> None:
    mostly_high = summary([25] * 800 + [22] * 195 + [3] * 5)
    low, high = score_range([mostly_high])
    assert (low, high) == (25 - SPAN, 25)
    assert below(mostly_high, low) == pytest.approx(0.005)


def test_the_axis_is_shared_by_every_run_and_player_count() -> None:
    strong = summary([25] * 100, players=4)
    weak = summary([25] * 10 + [14] * 80 + [4] * 10, players=3)
    assert score_range([strong, weak]) == (4, 25)
    with pytest.raises(ValueError):
        score_range([])


def test_a_plot_of_two_runs_is_a_png(tmp_path: Path) -> None:
    path = tmp_path / "scores.png"
    runs = [
        ("hat", [summary([25] * 97 + [24] * 3, players=p) for p in (3, 4)]),
        ("basic", [summary([0] * 5 + [18] * 60 + [20] * 35, players=p) for p in (3, 4)]),
    ]
    plot_scores(path, runs, title="two runs")
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
