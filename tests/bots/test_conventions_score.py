"""The score benchmark of the conventions bot (``benchmarks/conventions_score.py``): games played
in chunks by several workers add up to the same results as one run over the seeds, and its
``--json`` file holds every game's score and a digest of its moves."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark

from openhanabi.bots import seat_seed
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Game, find_variant


@pytest.fixture(scope="module")
def score() -> ModuleType:
    return load_benchmark("conventions_score")


def test_chunks_played_by_two_workers_report_what_one_run_plays(
    score: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    games = 6
    whole = score.run("base", 3, range(games), search=False)
    score.main(["--games", str(games), "--players", "3", "--jobs", "2", "--no-search", "--losses"])
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    results, losses = (row for row in rows if row[:1] == ["3"])
    assert float(results[1]) == pytest.approx(sum(whole.scores) / games, abs=5e-4)
    assert float(results[3].rstrip("%")) == pytest.approx(100 * whole.perfect / games, abs=0.05)
    for cause, shown in zip(score.CAUSES, losses[1:], strict=True):
        assert float(shown) == pytest.approx(whole.lost[cause] / games, abs=5e-4)


def test_the_json_file_holds_each_games_score_by_players_and_seed(
    score: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = 4
    out = tmp_path / "scores.json"
    score.main(["--games", str(games), "--players", "2", "3", "--no-search", "--json", str(out)])
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    found = json.loads(out.read_text(encoding="utf-8"))
    assert found["variant"] == "base" and found["search"] is False
    by_game = {(g["players"], g["seed"]): g["score"] for g in found["games"]}
    assert len(by_game) == len(found["games"]) == 2 * games
    for players in (2, 3):
        whole = score.run("base", players, range(games), search=False)
        assert [by_game[players, seed] for seed in range(games)] == whole.scores
        (row,) = (row for row in rows if row[:1] == [str(players)])
        assert float(row[1]) == pytest.approx(sum(whole.scores) / games, abs=5e-4)


def test_seed_starts_the_range_of_seeds_played(
    score: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "scores.json"
    score.main(
        ["--games", "3", "--seed", "40", "--players", "3", "--no-search", "--json", str(out)]
    )
    assert "seeds 40..42" in capsys.readouterr().out
    found = json.loads(out.read_text(encoding="utf-8"))["games"]
    whole = score.run("base", 3, range(40, 43), search=False)
    assert sorted((g["seed"], g["score"]) for g in found) == list(
        zip(range(40, 43), whole.scores, strict=True)
    )


def test_the_json_file_holds_a_digest_of_each_games_moves(
    score: ModuleType, tmp_path: Path
) -> None:
    """The digest is that of the moves the bots make in the game, so it tells two versions of
    the bot apart whenever one move differs, whatever the score."""
    out = tmp_path / "scores.json"
    score.main(["--games", "3", "--players", "3", "--no-search", "--jobs", "2", "--json", str(out)])
    found = {g["seed"]: g["moves"] for g in json.loads(out.read_text(encoding="utf-8"))["games"]}
    variant = find_variant("base", players=3)
    for seed in range(3):
        bots = [
            ConventionsBot(seat, variant, seat_seed(seed, seat), search=False) for seat in range(3)
        ]
        game = Game.new(variant, seed)
        actions = []
        while game.outcome is None:
            actions.append(bots[game.seat].act(game.view(game.seat)))
            game.apply(actions[-1])
        assert found[seed] == score.moves_digest(actions)
        assert score.moves_digest(actions[:-1]) != found[seed]
    assert len(set(found.values())) == 3
