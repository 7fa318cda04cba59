"""Raising an exception in another thread: it is raised at the thread's next step of Python,
once a wait in compiled code ends, and one taken back before then is never raised."""

from __future__ import annotations

import platform
import threading
import time

import pytest

from openhanabi import interrupts


class Stop(BaseException):
    pass


def test_cpython_can_interrupt() -> None:
    # the time limits on bots' moves off the main thread rest on it
    if platform.python_implementation() == "CPython":
        assert interrupts.can_interrupt()


@pytest.mark.skipif(not interrupts.can_interrupt(), reason="this Python cannot interrupt")
@pytest.mark.parametrize("taken_back", [False, True])
def test_a_handed_exception_is_raised_unless_taken_back_first(taken_back: bool) -> None:
    blocker = threading.Lock()  # held here: the thread waits on it in compiled code
    blocker.acquire()
    ready = threading.Event()
    outcome: list[str] = []

    def wait() -> None:
        try:
            ready.set()
            blocker.acquire(timeout=30)
            for _ in range(1000):  # Python steps, where a handed exception is raised
                pass
            outcome.append("went on")
        except Stop:
            outcome.append("stopped")

    thread = threading.Thread(target=wait)
    thread.start()
    ready.wait(30)
    time.sleep(0.2)  # into the wait on the lock
    assert thread.ident is not None
    interrupts.interrupt(thread.ident, Stop)
    if taken_back:
        interrupts.take_back(thread.ident)
    blocker.release()
    thread.join(30)
    assert outcome == (["went on"] if taken_back else ["stopped"])
