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
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from test_bench_cli import LOOPBACK_ONLY, RUN, loopback_only_available

from odd_bots import Hangs
from openhanabi.bench import MoveTimeoutError, Plan, Processes, run
from openhanabi.bench.runner import Chunk, ChunkResult, Run
from openhanabi.bench.timelimit import MoveClock, MoveTimeout
from openhanabi.bots import Bot, registry
from openhanabi.rules import Action, Game, SeatView, Variant, find_variant

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


def off_the_main_thread(work: Callable[[], Run]) -> Run | BaseException:
    """What ``work`` returns or raises, run on a thread of its own (where no signal reaches)."""
    answers: list[Run | BaseException] = []

    def play() -> None:
        try:
            answers.append(work())
        except BaseException as error:  # handed back to the test's thread
            answers.append(error)

    worker = threading.Thread(target=play)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "the run went on past a minute"
    return answers[0]


def test_a_busy_loop_off_the_main_thread_is_stopped_by_the_watchdog(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._BOTS, Spins.name, Spins)
    plan = Plan((find_variant("base", players=2),), ("basic", "spins"), 2, 5, 0.2)
    start = time.monotonic()
    stopped = off_the_main_thread(lambda: run(plan))
    assert time.monotonic() - start < 10
    assert isinstance(stopped, MoveTimeoutError)
    assert str(stopped) == (
        "bot 'spins' in seat 1 spent more than 0.2 s on move 2 of the game with seed 5 and "
        "2 players"
    )
    assert "move clock" not in [thread.name for thread in threading.enumerate()]


def test_bots_within_the_limit_play_off_the_main_thread_as_without_one() -> None:
    variant = find_variant("base", players=3)
    plans = [Plan((variant,), ("basic", "random"), 20, 0, limit) for limit in (0.5, None)]
    runs = [off_the_main_thread(lambda plan=plan: run(plan)) for plan in plans]
    assert all(isinstance(answer, Run) for answer in runs)
    timed, free = runs
    assert isinstance(timed, Run) and isinstance(free, Run)
    assert timed.results == free.results


class Busy(Bot):
    """A bot that keeps busy for the seconds it is told before each move."""

    name = "busy"
    summary = "keeps busy for a while"
    seconds = 0.0

    def act(self, view: SeatView) -> Action:
        end = time.perf_counter() + self.seconds
        while time.perf_counter() < end:
            pass
        return view.legal_actions[0]


def moves_near_the_limit(limit: float, moves: int) -> tuple[int, int]:
    """Plays ``moves`` moves of :class:`Busy`, each lasting a little less or a little more than
    ``limit``, with Python work between them where a timeout handed over late would surface;
    every timeout must come from a move that lasted the limit. Counts the moves stopped and the
    moves that ended on their own."""
    variant = find_variant("base", players=2)
    view = variant_view(variant)
    busy = Busy(0, variant)
    stopped = ended = 0
    with MoveClock(limit) as clock:
        assert clock.active
        (timed,) = clock.table([busy], seed=0)
        for move in range(moves):
            busy.seconds = limit * (0.8 + 0.4 * (move % 5) / 4)
            start = time.perf_counter()
            try:
                timed.act(view)
                ended += 1
            except MoveTimeout:
                assert time.perf_counter() - start >= limit
                stopped += 1
            between = time.perf_counter() + limit
            while time.perf_counter() < between:
                pass
    return stopped, ended


def variant_view(variant: Variant) -> SeatView:
    """Seat 0's view of a game of ``variant`` as dealt."""
    return Game.new(variant, seed=0).view(0)


def test_a_timeout_is_raised_only_in_a_move_that_ran_over_the_signal_alarm() -> None:
    stopped, ended = moves_near_the_limit(0.004, 600)
    assert stopped > 0 and ended > 0


def test_a_timeout_is_raised_only_in_a_move_that_ran_over_the_watchdog() -> None:
    # the watchdog wakes within the interpreter's switch interval (5 ms) of the limit: moves
    # some ten times as long let it stop some of them
    answer: list[tuple[int, int]] = []
    worker = threading.Thread(target=lambda: answer.append(moves_near_the_limit(0.04, 100)))
    worker.start()
    worker.join(60)
    assert answer, "a timeout was raised outside a move, or the moves went on past a minute"
    stopped, ended = answer[0]
    assert stopped > 0 and ended > 0


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
