"""The pace benchmark (``benchmarks/bots_pace.py``): a game's state is noted after every card
drawn, a game over before its draw pile runs out keeps its last state, its end is the score
``hanabi bench`` gives, and the table adds up whatever the number of workers."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark
from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.bench.runner import play_one
from openhanabi.bots import find_bot
from openhanabi.rules import Game, find_variant


@pytest.fixture(scope="module")
def pace() -> ModuleType:
    return load_benchmark("bots_pace")


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
    name=st.sampled_from(["basic", "random"]),
)
def test_a_game_is_noted_once_per_card_drawn_and_never_goes_back(
    pace: ModuleType, seed: int, players: int, name: str
) -> None:
    variant = find_variant("base", players=players)
    pile = len(Game.new(variant, seed).draw_pile)
    noted = pace.follow(variant, [name] * players, seed)
    assert len(noted.points) == len(noted.tokens) == len(noted.clues) == pile + 1
    assert noted.points[0] == noted.clues[0] == 0
    assert noted.tokens[0] == variant.clue_tokens
    assert noted.points == sorted(noted.points)  # fireworks only grow
    assert noted.clues == sorted(noted.clues)
    assert all(0 <= tokens <= variant.clue_tokens for tokens in noted.tokens)
    # the end is the score hanabi bench gives the same game (a strikeout counts 0)
    assert noted.finals == [play_one(variant, [find_bot(name)] * players, seed).score]


def test_a_game_over_before_the_pile_runs_out_keeps_its_last_state(pace: ModuleType) -> None:
    variant = find_variant("base", players=4)
    for seed in range(20):  # hat often plays all 25 points with cards still to draw
        noted = pace.follow(variant, ["hat"] * 4, seed)
        if noted.finals == [variant.max_score] and noted.points[-2] == variant.max_score:
            break
    else:
        pytest.fail("no game of the first 20 seeds ended before its last draw")
    first = noted.points.index(variant.max_score)
    assert first < len(noted.points) - 1
    assert set(noted.points[first:]) == {variant.max_score}
    assert len(set(noted.tokens[first:])) == 1 and len(set(noted.clues[first:])) == 1


def test_workers_add_up_to_one_run_and_the_end_row_is_the_mean_score(
    pace: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    games = 6
    whole = pace.run("base", 3, ["basic", "random", "basic"], range(games))
    plot = tmp_path / "pace.png"
    argv = ["--bot", "basic,random", "--players", "3", "--games", str(games)]
    pace.main([*argv, "--jobs", "2", "--every", "5", "--plot", str(plot)])
    lines = capsys.readouterr().out.splitlines()
    table = {line.split()[0]: line.split()[1:] for line in lines if line.split()}
    pile = len(whole.points) - 1
    for drawn in (0, 5, pile):
        points, tokens, clues = (float(x) for x in table[str(drawn)])
        assert points == pytest.approx(whole.points[drawn] / games, abs=5e-3)
        assert tokens == pytest.approx(whole.tokens[drawn] / games, abs=5e-3)
        assert clues == pytest.approx(whole.clues[drawn] / games, abs=5e-3)
    assert float(table["end"][0]) == pytest.approx(sum(whole.finals) / games, abs=5e-3)
    assert plot.read_bytes().startswith(b"\x89PNG")


def test_an_unknown_bot_is_named_before_any_game_is_played(
    pace: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        pace.main(["--bot", "basic,nobody", "--games", "1"])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "'nobody'" in error and "Traceback" not in error
