"""Bench statistics on hand-made score lists: the mean's standard error (sample standard
deviation over the root of n), the share of perfect games and strikeouts, the histogram, and
both ways of scoring a strikeout (the outcome's 0, or the points kept)."""

from __future__ import annotations

import math

import pytest

from openhanabi.bench import GameResult, compare, estimate, summarise

STRIKEOUT = "strikeout"
DONE = "last round done"
PERFECT = "perfect"


def result(seed: int, score: int, points: int | None = None, end: str = DONE) -> GameResult:
    return GameResult(seed, 3, score, score if points is None else points, end, 60)


def test_estimate_is_the_mean_and_its_standard_error() -> None:
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    found = estimate(values)
    assert found.mean == 5.0
    # sample variance 32 / 7; standard error sqrt(32 / 7 / 8)
    assert found.standard_error == pytest.approx(math.sqrt(4 / 7))
    assert str(found) == "5.00 ± 0.76"


def test_one_value_has_no_standard_error_and_none_is_an_error() -> None:
    assert estimate([17]).standard_error is None
    assert str(estimate([17])) == "17.00 ± n/a"
    assert estimate([3, 3, 3]).standard_error == 0.0
    with pytest.raises(ValueError):
        estimate([])


def test_a_summary_counts_perfect_games_strikeouts_and_the_histogram() -> None:
    games = [
        result(0, 25, end=PERFECT),
        result(1, 0, points=12, end=STRIKEOUT),
        result(2, 20),
        result(3, 20),
        result(4, 0, points=7, end=STRIKEOUT),
    ]
    summary = summarise(games, max_score=25, seconds=2.0)
    assert summary.players == 3 and summary.games == 5
    assert summary.perfect == pytest.approx(0.2)
    assert summary.strikeouts == pytest.approx(0.4)
    assert summary.histogram == ((0, 2), (20, 2), (25, 1))
    assert summary.games_per_second == 2.5
    assert summary.errors == 0


def test_a_strikeout_scores_zero_but_its_points_are_kept_in_the_other_mode() -> None:
    games = [result(0, 0, points=12, end=STRIKEOUT), result(1, 18), result(2, 21)]
    summary = summarise(games, max_score=25)
    assert summary.score.mean == pytest.approx(13.0)  # (0 + 18 + 21) / 3
    assert summary.points.mean == pytest.approx(17.0)  # (12 + 18 + 21) / 3
    assert summary.score.standard_error == pytest.approx(estimate([0, 18, 21]).standard_error)
    assert summary.points.standard_error == pytest.approx(estimate([12, 18, 21]).standard_error)


def test_perfect_means_the_variants_maximum() -> None:
    games = [result(0, 25, end=PERFECT), result(1, 29), result(2, 30, end=PERFECT)]
    assert summarise(games, max_score=30).perfect == pytest.approx(1 / 3)


def test_a_summary_is_of_one_player_count() -> None:
    other = GameResult(1, 4, 10, 10, DONE, 50)
    with pytest.raises(ValueError):
        summarise([result(0, 10), other], max_score=25)


def test_a_paired_comparison_differences_scores_seed_by_seed() -> None:
    first = [result(0, 20), result(1, 18), result(2, 0, points=9, end=STRIKEOUT), result(3, 22)]
    second = [result(3, 21), result(2, 15), result(1, 18), result(0, 17)]  # any order
    [comparison] = compare(first, second)
    differences = [3, 0, -15, 1]
    assert comparison.players == 3 and comparison.games == 4
    assert comparison.difference == estimate(differences)
    assert (comparison.wins, comparison.ties, comparison.losses) == (2, 1, 1)


def test_a_paired_comparison_needs_the_same_seeds() -> None:
    with pytest.raises(ValueError, match="same seeds"):
        compare([result(0, 20), result(1, 18)], [result(0, 20), result(2, 18)])
