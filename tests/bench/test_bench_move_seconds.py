"""``hanabi bench --move-seconds``: a bot that spends longer than the limit on one move stops
the run, however the games run, with status 2 and one line naming the bot, its seat, the game's
seed and player count and the move; no worker plays on; bots within the limit play as before."""

from __future__ import annotations

import importlib.util
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_bench_cli import LOOPBACK_ONLY, RUN, loopback_only_available

from odd_bots import Hangs
from openhanabi.bench import MoveTimeoutError, Plan, Processes, run
from openhanabi.bench.runner import Chunk, ChunkResult
from openhanabi.bots import Bot, registry
from openhanabi.rules import Action, SeatView, find_variant

TESTS = Path(__file__).resolve().parent.parent
# Hangs sits in seat 1 and sleeps ten minutes on move 14 of game 17; the others play on
HANGS = ("--bot", f"basic,{Hangs.name}", "--players", "3", "--games", "4", "--seed", "16")
SAID = (
    f"hanabi bench: bot 'hangs' in seat 1 spent more than 0.5 s on move {Hangs.turn + 1} of "
    f"the game with seed {Hangs.deal} and 3 players"
)


def bench(
    tmp_path: Path, *args: str, prefix: tuple[str, ...] = ()
) -> tuple[subprocess.CompletedProcess[str], float]:
    """``hanabi bench`` in a subprocess that finds the hanging bot as any other package's bot,
    through an entry point (so that worker processes and Ray workers find it too), and the
    seconds it took."""
    found = tmp_path / "hangs_bot-1.0.dist-info"
    found.mkdir(exist_ok=True)
    (found / "METADATA").write_text("Metadata-Version: 2.1\nName: hangs-bot\nVersion: 1.0\n")
    (found / "entry_points.txt").write_text("[openhanabi.bots]\nhangs = odd_bots:Hangs\n")
    paths = [str(tmp_path), str(TESTS), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    start = time.monotonic()
    result = subprocess.run(
        [*prefix, sys.executable, "-c", RUN, "bench", *args],
        capture_output=True,
        text=True,
        timeout=120,  # far less than the bot's ten minutes: a hang fails here
        check=False,
        env=env,
    )
    return result, time.monotonic() - start


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bot_over_the_time_of_a_move_stops_the_run_with_one_line(
    tmp_path: Path, jobs: str
) -> None:
    result, seconds = bench(tmp_path, *HANGS, "--move-seconds", "0.5", "--jobs", jobs)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.splitlines() == [SAID]  # no bar where standard error is no terminal
    assert seconds < 60


def test_a_bot_over_the_time_of_a_move_stops_a_run_on_ray(tmp_path: Path) -> None:
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install -e '.[ray]' to run this test)")
    if not loopback_only_available():
        pytest.skip("cannot make a network namespace (unshare --net) to keep Ray on loopback")
    args = (*HANGS, "--move-seconds", "0.5", "--ray", "local", "--jobs", "2")
    result, _ = bench(tmp_path, *args, prefix=LOOPBACK_ONLY)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines()[-1] == SAID  # after whatever Ray logs


def test_bots_within_the_limit_play_as_without_one(tmp_path: Path) -> None:
    args = ("--bot", "basic,random", "--players", "2", "3", "--games", "6", "--jobs", "2")
    games = []
    for limit in (("--move-seconds", "0.5"), ()):
        result, _ = bench(tmp_path, *args, *limit, "--json", str(tmp_path / "out.json"))
        assert result.returncode == 0, result.stderr
        games.append(json.loads((tmp_path / "out.json").read_text())["runs"][0]["games"])
    assert games[0] == games[1]


class Spins(Bot):
    """A bot that loops for ever on its second move, never sleeping."""

    name = "spins"
    summary = "loops for ever on its second move"

    def act(self, view: SeatView) -> Action:
        while view.turn >= 1:
            pass
        return view.legal_actions[0]


def test_a_busy_loop_is_stopped_and_the_alarm_before_is_given_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._BOTS, Spins.name, Spins)
    before = signal.getsignal(signal.SIGALRM)
    left = signal.setitimer(signal.ITIMER_REAL, 300)  # a timer of the caller's, running on
    try:
        plan = Plan((find_variant("base", players=2),), ("basic", "spins"), 2, 5, 0.2)
        with pytest.raises(MoveTimeoutError) as stopped:
            run(plan)
        assert signal.getsignal(signal.SIGALRM) is before
        assert 250 < signal.getitimer(signal.ITIMER_REAL)[0] <= 300
    finally:
        signal.setitimer(signal.ITIMER_REAL, *left)
    assert str(stopped.value) == (
        "bot 'spins' in seat 1 spent more than 0.2 s on move 2 of the game with seed 5 and "
        "2 players"
    )


def nap(chunk: Chunk) -> ChunkResult:
    """Work for an executor: sleep as many seconds as the chunk's first seed."""
    time.sleep(chunk.seeds.start)
    return ChunkResult((), float(chunk.seeds.start))


def test_a_pool_closed_early_ends_the_workers_still_playing() -> None:
    variant = find_variant("base", players=2)
    chunks = [Chunk(variant, ("basic",), range(s, s + 1)) for s in (0, 600)]
    answers = Processes(2).map(nap, chunks)
    start = time.monotonic()
    assert next(answers)[0] == 0
    answers.close()  # as the run does when a bot ran over its time
    assert time.monotonic() - start < 30
    # the pool's own thread may be reaping a worker at this moment, which then still counts
    # as active for an instant: each is gone within a second
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []


def test_a_plan_refuses_a_limit_that_is_no_time() -> None:
    variant = find_variant("base", players=2)
    for seconds in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="a move's time limit"):
            Plan((variant,), ("basic",), 1, move_seconds=seconds)
