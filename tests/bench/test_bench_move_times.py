"""``hanabi bench`` times the bots' moves: the mean time a move and the slowest move, named by
its game's seed and its number, wherever the games run; the times never change a result."""

from __future__ import annotations

import json
from pathlib import Path

from test_bench_cli import hanabi

from odd_bots import Dawdles
from openhanabi.bench import Plan, Processes, run
from openhanabi.bench.report import move_lines, summaries_of
from openhanabi.bench.runner import GameResult
from openhanabi.bench.stats import summarise
from openhanabi.bench.timelimit import MoveTimes, SlowMove
from openhanabi.rules import find_variant

SPEC = f"{Path(__file__).resolve().parent.parent / 'odd_bots.py'}:Dawdles"
THREE = find_variant("base", players=3)


def test_the_slowest_move_is_named_by_its_seed_and_number_and_changes_no_result() -> None:
    timed = run(Plan((THREE,), (SPEC,), games=4, seed=2, move_seconds=30))
    (summary,) = summaries_of(timed)
    times = summary.times
    assert times is not None and times.slowest is not None
    slow = times.slowest
    where = (slow.seed, slow.move, slow.seat, slow.bot)
    assert where == (Dawdles.deal, Dawdles.turn + 1, 2, "dawdles")
    assert slow.seconds >= Dawdles.seconds
    # every move of every game counted once, and the mean is their time over their number
    assert times.moves == sum(result.turns for result in timed.results[0])
    assert times.seconds >= slow.seconds and times.mean == times.seconds / times.moves
    assert times.mean < Dawdles.seconds / 10  # the other moves are fast
    # the same games as the bot it plays as, move for move
    basic = run(Plan((THREE,), ("basic",), games=4, seed=2, move_seconds=30))
    assert timed.results == basic.results


def test_the_times_come_back_from_worker_processes() -> None:
    plan = Plan((THREE,), (SPEC,), games=4, seed=2, move_seconds=30)
    (summary,) = summaries_of(run(plan, Processes(2)))
    assert summary.times is not None and summary.times.slowest is not None
    assert (summary.times.slowest.seed, summary.times.slowest.move) == (Dawdles.deal, 6)


def test_games_without_a_clock_report_no_times() -> None:
    untimed = run(Plan((THREE,), ("basic",), games=2))
    (summary,) = summaries_of(untimed)
    assert summary.times is None and move_lines([summary]) == []
    # one untimed game is enough for a player count to report none: its moves were not counted
    timed = GameResult(0, 3, 20, 20, "last round done", 60, times=MoveTimes(60, 0.1, None))
    untimed_game = GameResult(1, 3, 20, 20, "last round done", 60)
    assert summarise([timed, untimed_game], 25).times is None
    assert summarise([timed, timed], 25).times == MoveTimes(120, 0.2, None)


def test_times_add_up_and_keep_the_slowest_move() -> None:
    fast = MoveTimes(10, 0.01, SlowMove(0.004, 1, 3, 0, "a"))
    slow = MoveTimes(5, 0.5, SlowMove(0.3, 2, 7, 1, "b"))
    assert fast + slow == slow + fast == MoveTimes(15, 0.51, SlowMove(0.3, 2, 7, 1, "b"))
    assert MoveTimes(0, 0.0, None) + fast == fast and fast.mean == 0.001


def test_bench_prints_and_writes_the_times(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    args = ("--bot", SPEC, "--players", "3", "--games", "4", "--seed", "2", "--jobs", "2")
    result = hanabi(*args, "--json", out)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[lines.index("moves          mean  slowest") + 1].endswith(
        f"move 6 of seed {Dawdles.deal}, by dawdles"
    )
    document = json.loads(out.read_text())
    (summary,) = document["runs"][0]["summaries"]
    assert summary["times"]["slowest"]["move"] == 6 and summary["times"]["slowest"]["seat"] == 2
    assert summary["times"]["slowest"]["seconds"] >= Dawdles.seconds
    assert summary["times"]["mean"] == summary["times"]["seconds"] / summary["times"]["moves"]
    # a game's entry is the same however it was played: no times in it
    assert all("times" not in game for game in document["runs"][0]["games"])
