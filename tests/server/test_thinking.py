"""The bots' threads: a move's answer or its error reaches its waiter, no more moves run at once
than there are threads, a move past its time is stopped where Python can stop it, a hung move's
thread is replaced until it ends, and a hung move never keeps the process from ending."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from openhanabi.server.thinking import BotThreads, MoveAbandoned

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """``main`` on an event loop of a thread of its own: the browser tests' Playwright, run
    earlier in the same process, leaves an event loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result()


def until(condition: Callable[[], bool], seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return False


def test_a_move_answers_its_waiter_and_its_error_too() -> None:
    threads = BotThreads(2)

    def fails(_: object) -> int:
        raise ValueError("no move")

    async def both() -> None:
        assert await threads.think(lambda x: x * 2, 21, 5) == 42
        with pytest.raises(ValueError, match="no move"):
            await threads.think(fails, None, 5)

    run(both())
    threads.close()


def test_no_more_moves_run_at_once_than_there_are_threads() -> None:
    threads = BotThreads(2)
    running, most = 0, 0
    lock = threading.Lock()

    def move(_: object) -> None:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.05)
        with lock:
            running -= 1

    async def many() -> None:
        await asyncio.gather(*(threads.think(move, None, 10) for _ in range(8)))

    run(many())
    threads.close()
    assert most == 2


def test_a_hung_move_has_its_thread_replaced_until_it_ends() -> None:
    threads = BotThreads(1)  # one thread: were it not replaced, the next move would never run
    release = threading.Event()

    async def hang_then_move() -> str:
        with pytest.raises(TimeoutError):
            await threads.think(lambda _: release.wait(30), None, 0.1)
        assert threads.hung == 1 and threads.threads == 2
        return await threads.think(lambda name: f"{name} moved", "Ben", 5)

    assert run(hang_then_move()) == "Ben moved"
    release.set()  # the hung move returns at last: its thread ends, its stand-in stays
    assert until(lambda: threads.hung == 0 and threads.threads == 1)
    threads.close()
    assert until(lambda: threads.threads == 0)


def spin(seconds: float) -> str:
    """A move that keeps busy for ``seconds`` (for ever, given inf) and shrugs off any
    ordinary exception, as a careless bot might."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        try:
            pass
        except Exception:
            continue
    return "done"


def test_a_move_lost_in_a_loop_is_stopped_and_its_thread_freed() -> None:
    threads = BotThreads(1)

    async def loop_for_ever() -> None:
        with pytest.raises(TimeoutError):
            await threads.think(spin, float("inf"), 0.1)

    run(loop_for_ever())
    # no release: the loop itself ends, and with it its thread, leaving only its stand-in
    assert until(lambda: threads.hung == 0 and threads.threads == 1)
    threads.close()
    assert until(lambda: threads.threads == 0)


def test_a_move_told_to_stop_as_it_ends_never_stops_a_later_move() -> None:
    # moves that end about when their time is up, each followed by a quick one on the same
    # thread: a word to stop handed over late would stop the quick move, or the thread itself
    threads = BotThreads(1)
    timed_out = answered = 0

    async def near_the_limit() -> None:
        nonlocal timed_out, answered
        for move in range(100):
            try:
                await threads.think(spin, 0.01 + 0.03 * (move % 5) / 4, 0.02)
                answered += 1
            except TimeoutError:
                timed_out += 1
            assert await threads.think(lambda x: x, move, 5) == move

    run(near_the_limit())
    assert timed_out > 0 and answered > 0
    assert until(lambda: threads.hung == 0 and threads.threads == 1)
    threads.close()
    assert until(lambda: threads.threads == 0)


def test_the_word_to_stop_is_no_ordinary_exception() -> None:
    # a bot's own "except Exception" must not take it for a failure of its own and go on
    assert not issubclass(MoveAbandoned, Exception)


def test_a_move_whose_wait_is_cancelled_has_its_thread_replaced_too() -> None:
    # a room that closes while its bot thinks cancels the wait
    threads = BotThreads(1)
    release = threading.Event()

    async def cancelled() -> str:
        waiting = asyncio.ensure_future(threads.think(lambda _: release.wait(30), None, 30))
        await asyncio.sleep(0.05)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        return await threads.think(str.upper, "next", 5)

    assert run(cancelled()) == "NEXT"
    release.set()
    assert until(lambda: threads.hung == 0 and threads.threads == 1)
    threads.close()


def test_a_move_still_waiting_for_a_thread_when_its_time_is_up_never_runs() -> None:
    threads = BotThreads(1)
    release = threading.Event()
    ran: list[str] = []

    async def queued() -> None:
        busy = asyncio.ensure_future(threads.think(lambda _: release.wait(30), None, 30))
        await asyncio.sleep(0.05)
        with pytest.raises(TimeoutError):
            await threads.think(ran.append, "late", 0.1)
        assert threads.hung == 0 and threads.threads == 1  # it held no thread: none replaced
        release.set()
        await busy

    run(queued())
    threads.close()
    time.sleep(0.1)
    assert ran == []


def test_a_hung_move_never_keeps_the_process_from_ending() -> None:
    # a standard thread pool joins its threads at exit: this process would wait for ever
    script = (
        "import asyncio, threading\n"
        "from openhanabi.server.thinking import BotThreads, MoveAbandoned\n"
        "threads = BotThreads(1)\n"
        "async def main():\n"
        "    try:\n"
        "        await threads.think(lambda _: threading.Event().wait(), None, 0.1)\n"
        "    except TimeoutError:\n"
        "        print('timed out')\n"
        "asyncio.run(main())\n"
        "threads.close()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=30, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "timed out\n"


def test_closed_threads_take_no_more_moves() -> None:
    threads = BotThreads(1)
    threads.close()
    with pytest.raises(RuntimeError, match="closed"):
        run(threads.think(lambda x: x, 1, 1))
    with pytest.raises(ValueError, match="at least one thread"):
        BotThreads(0)
