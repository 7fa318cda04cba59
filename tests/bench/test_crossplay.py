"""Cross-play matrices: every ordered pair of bots, self-play on the diagonal, one matrix per
player count read from the runs in the order the pairs are played."""

from __future__ import annotations

import pytest

from openhanabi.bench import Plan, run_all
from openhanabi.bench.crossplay import cross_play, pairs
from openhanabi.rules import find_variant


def test_pairs_are_every_ordered_pair_row_by_row() -> None:
    assert pairs(["a", "b", "c"]) == [
        ("a", "a"), ("a", "b"), ("a", "c"),
        ("b", "a"), ("b", "b"), ("b", "c"),
        ("c", "a"), ("c", "b"), ("c", "c"),
    ]  # fmt: skip


def test_a_matrix_cell_is_its_tables_mean_score() -> None:
    variants = (find_variant("base", players=2), find_variant("base", players=4))
    bots = ["basic", "random"]
    runs = run_all([Plan(variants, table, games=5, seed=1) for table in pairs(bots)])
    matrices = cross_play(runs, bots)
    assert [m.players for m in matrices] == [2, 4]
    for index, matrix in enumerate(matrices):
        for row in range(2):
            for column in range(2):
                games = runs[2 * row + column].results[index]
                assert runs[2 * row + column].plan.bots == (bots[row], bots[column])
                mean = sum(game.score for game in games) / len(games)
                assert matrix.score[row][column].mean == pytest.approx(mean)
    with pytest.raises(ValueError, match="a cross-play of 3 bots has 9 runs"):
        cross_play(runs, ["basic", "random", "hat"])
