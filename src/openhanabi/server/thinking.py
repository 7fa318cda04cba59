"""The threads the bots of every table think in.

A bot thinks in a thread of its own, so that the other tables' messages never wait for it (a
search takes a good part of a second). When a bot runs past its time, its thread is told to stop
the move (:class:`MoveAbandoned`, raised in the bot's code at its next step of Python, see
:mod:`openhanabi.interrupts`), which ends a bot lost in a loop. A bot that hangs where no
exception reaches it (waiting in compiled code on something that never comes) keeps its thread
for as long as it hangs, so another thread takes the place of its own, and the other tables' bots
never queue behind it; the hung thread ends once its bot returns. The threads are daemons: a hung
bot never keeps the server from stopping either (a standard thread pool waits for its threads at
exit, for ever if one hangs).
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from openhanabi import interrupts

T = TypeVar("T")

# a piece of work for a thread: the future it answers, and the call; None stops the thread
_Work = tuple["Future[Any]", Callable[[Any], Any], Any] | None


class MoveAbandoned(BaseException):
    """Raised in a bot's move that ran past its time, or whose table closed, to stop it. No
    :class:`Exception`, so that a bot's own ``except Exception`` does not take it for a failure
    of its own and go on."""


class BotThreads:
    """``size`` daemon threads that run the bots' moves, at most ``size`` at a time (beyond
    those whose bots hang)."""

    def __init__(self, size: int, name: str = "bot") -> None:
        if size < 1:
            raise ValueError(f"a bot needs at least one thread, not {size}")
        self.name = name
        self._work: queue.SimpleQueue[_Work] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._hung: set[Future[Any]] = set()  # moves past their time, each holding a thread
        self._moving: dict[Future[Any], int] = {}  # the thread of each move while it runs
        self._stopping: set[Future[Any]] = set()  # moves told to stop that have not yet ended
        self._threads = 0  # alive, the hung ones too
        self._closed = False
        for _ in range(size):
            self._start()

    @property
    def threads(self) -> int:
        """The threads alive, those held by hung bots included."""
        with self._lock:
            return self._threads

    @property
    def hung(self) -> int:
        """The threads held by bots that ran past their time and have not returned yet."""
        with self._lock:
            return len(self._hung)

    async def think(self, move: Callable[[Any], T], argument: Any, seconds: float) -> T:
        """``move(argument)`` in one of the threads; TimeoutError after ``seconds`` (the move
        goes on in its thread, which another thread replaces until it ends, as when the wait is
        cancelled)."""
        if self._closed:
            raise RuntimeError("the bots' threads are closed")
        future: Future[T] = Future()
        self._work.put((future, move, argument))
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), seconds)
        except (TimeoutError, asyncio.CancelledError):
            # given up (its time is up, or its table closed): still waiting for a thread, the
            # move was cancelled with the wait; running, it holds its thread, and another
            # takes its place until it ends
            with self._lock:
                if future.running() and not self._closed:
                    self._hung.add(future)
                    self._start()
                self._stop(future)
            raise

    def close(self) -> None:
        """Stop the threads once they have finished what they are doing (without waiting for
        them); moves still waiting for a thread are cancelled."""
        with self._lock:
            self._closed = True
            threads = self._threads
        while True:  # moves not started: nobody waits for them any more
            try:
                work = self._work.get_nowait()
            except queue.Empty:
                break
            if work is not None:
                work[0].cancel()
        for _ in range(threads):
            self._work.put(None)

    def _stop(self, future: Future[Any]) -> None:
        """Tell the move of ``future`` to stop, if it is running (the lock held)."""
        thread = self._moving.get(future)
        if thread is not None and future not in self._stopping and interrupts.can_interrupt():
            self._stopping.add(future)
            interrupts.interrupt(thread, MoveAbandoned)

    def _ended(self, future: Future[Any]) -> None:
        """The move of ``future`` ended: it is no longer told to stop, and if it was told so and
        has not stopped yet, it never will (the word is taken back)."""
        while True:
            try:
                with self._lock:
                    self._moving.pop(future, None)
                    if future in self._stopping:
                        self._stopping.discard(future)
                        interrupts.take_back(threading.get_ident())
                return
            except MoveAbandoned:  # told as the move ended, and raised before it was taken back
                continue

    def _start(self) -> None:
        # called with the lock held, or before any thread runs
        self._threads += 1
        name = f"{self.name}-{self._threads}"
        threading.Thread(target=self._serve, name=name, daemon=True).start()

    def _serve(self) -> None:
        while True:
            work = self._work.get()
            if work is None:
                with self._lock:
                    self._threads -= 1
                return
            future, move, argument = work
            if not future.set_running_or_notify_cancel():
                continue  # its wait was given up before it started
            with self._lock:
                self._moving[future] = threading.get_ident()
            try:
                try:
                    answer = move(argument)
                finally:
                    self._ended(future)
            except BaseException as error:  # handed to whoever waits for the move
                future.set_exception(error)
            else:
                future.set_result(answer)
            with self._lock:
                # told to stop just as the move ended, it stopped before _ended could run
                self._moving.pop(future, None)
                self._stopping.discard(future)
                if future in self._hung:  # another thread took this one's place meanwhile
                    self._hung.discard(future)
                    self._threads -= 1
                    return
