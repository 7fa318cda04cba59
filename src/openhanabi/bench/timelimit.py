"""The time limit on one move of one bot, so that a bot stuck in a loop stops a run of
``hanabi bench`` with a message naming the bot, its seat, the game and the move, rather than
hanging it for ever.

How: the process that plays the games (this one, a worker process or a Ray worker) starts an
alarm as a bot's ``act`` starts and stops it as it returns, so the limit counts the bot's own
time, not the rules', for a microsecond or two a move. When the alarm goes off it raises
:class:`MoveTimeout` inside the bot's move. It is no :class:`Exception`: neither the bot's own
``except Exception`` nor the table's catching of a bot's failures takes it for a move that merely
failed (a bare ``except:`` in the bot would swallow it, and the move go on). The chunk then stops
and hands back the message (:func:`openhanabi.bench.runner.play_chunk`), and the run stops: the
executors end their workers still playing.

Two alarms serve, the first that can:

* on the main thread where there is ``SIGALRM`` (Linux, macOS), a one-shot interval timer whose
  handler raises the timeout, even in a sleep;
* elsewhere (Windows, or games played off the main thread), a watchdog thread that hands the
  timeout to the playing thread (:mod:`openhanabi.interrupts`), to within the interpreter's
  switch interval (5 ms). The playing thread raises it at its next step of Python, so a bot
  asleep or waiting in compiled code is stopped only when it comes back to Python.

A bot that never returns to Python (stuck in compiled code that holds the interpreter) is beyond
either's reach, as is a Python with neither (one that cannot interrupt a thread): its games play
without a limit.

The clock also notes how long each move took (:class:`MoveTimes`): ``hanabi bench`` reports the
bots' time a move and their slowest move, the figure that says whether a bot keeps a table of
people waiting.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FrameType, TracebackType
from typing import Any

from openhanabi import interrupts
from openhanabi.bots import Bot
from openhanabi.rules import Action, SeatView


class MoveTimeout(BaseException):
    """A bot spent longer than the limit on one move; its message says which, where."""


@dataclass(frozen=True, slots=True)
class SlowMove:
    """One move and the time its bot spent on it."""

    seconds: float
    seed: int  # the game's
    move: int  # from 1: one a call to a bot's act
    seat: int  # from 0
    bot: str


@dataclass(frozen=True, slots=True)
class MoveTimes:
    """The time the bots spent on their moves, over one game or several."""

    moves: int
    seconds: float  # all moves together
    slowest: SlowMove | None  # None when no move was made

    @property
    def mean(self) -> float:
        """Seconds a move."""
        return self.seconds / self.moves if self.moves else 0.0

    def __add__(self, other: MoveTimes) -> MoveTimes:
        slowest, theirs = self.slowest, other.slowest
        if theirs is not None and (slowest is None or theirs.seconds > slowest.seconds):
            slowest = theirs
        return MoveTimes(self.moves + other.moves, self.seconds + other.seconds, slowest)


class MoveClock:
    """While open (``with MoveClock(seconds) as clock``), limits each move of the bots that
    :meth:`table` seats to ``seconds``. Opened where no alarm can serve, it leaves the bots as
    they are (:attr:`active` is false). An interval timer set before (``ITIMER_REAL``) rests while
    the clock is open and runs on after with the time it had left."""

    def __init__(self, seconds: float) -> None:
        if not seconds > 0 or seconds == float("inf"):
            raise ValueError(f"a move's time limit is a number of seconds above 0, not {seconds}")
        self.seconds = seconds
        self.active = False
        self.moving: TimedBot | None = None  # whose move is timed, if one is
        self.move = 0  # its number in the game, from 1: one a call to a bot's act
        self.seed = 0  # the game's
        self._moves, self._seconds = 0, 0.0  # the game's moves so far, and their time
        self._slowest: SlowMove | None = None
        self._alarm: SignalAlarm | ThreadAlarm | None = None

    def __enter__(self) -> MoveClock:
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            self._alarm = SignalAlarm(self)
        elif interrupts.can_interrupt():
            self._alarm = ThreadAlarm(self)
        self.active = self._alarm is not None
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._alarm is not None:
            self._alarm.close()
        self._alarm = None
        self.active = False

    def table(self, bots: Sequence[Bot], seed: int) -> list[Bot]:
        """The bots of a new game, dealt from ``seed``: each of their moves limited, if the clock
        can limit them."""
        self.move, self.seed = 0, seed
        self._moves, self._seconds, self._slowest = 0, 0.0, None
        return [TimedBot(bot, self) for bot in bots] if self.active else list(bots)

    def said(self, moving: TimedBot) -> str:
        """What the timeout says of ``moving``'s move, the one being timed."""
        return (
            f"bot {moving.name!r} in seat {moving.seat} spent more than "
            f"{self.seconds:g} s on move {self.move} of the game with seed "
            f"{self.seed} and {moving.variant.players} players"
        )

    def start(self, moving: TimedBot) -> None:
        """``moving``'s move begins: the alarm is set."""
        assert self._alarm is not None  # only the bots of an open clock are timed
        self.move += 1
        self._alarm.start(moving)

    def stop(self) -> None:
        """The move ended, in time or not: the alarm is off, and no timeout follows it."""
        assert self._alarm is not None
        self._alarm.stop()

    def note(self, moving: TimedBot, seconds: float) -> None:
        """``moving``'s move, the last one started, took ``seconds``."""
        self._moves += 1
        self._seconds += seconds
        if self._slowest is None or seconds > self._slowest.seconds:
            self._slowest = SlowMove(seconds, self.seed, self.move, moving.seat, moving.name)

    @property
    def times(self) -> MoveTimes:
        """The time the bots of the game :meth:`table` seated last spent on their moves so far."""
        return MoveTimes(self._moves, self._seconds, self._slowest)


class SignalAlarm:
    """A one-shot ``ITIMER_REAL`` timer whose ``SIGALRM`` handler raises the timeout in the main
    thread; the timer and handler set before it rest until :meth:`close`."""

    def __init__(self, clock: MoveClock) -> None:
        self.clock = clock
        self._handler: Callable[[int, FrameType | None], Any] | int | None = signal.signal(
            signal.SIGALRM, self._ring
        )
        self._timer = signal.setitimer(signal.ITIMER_REAL, 0)
        self._opened = time.monotonic()

    def start(self, moving: TimedBot) -> None:
        self.clock.moving = moving
        signal.setitimer(signal.ITIMER_REAL, self.clock.seconds)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        self.clock.moving = None

    def close(self) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        # a handler set outside Python reads as None: the default stands for it
        signal.signal(signal.SIGALRM, signal.SIG_DFL if self._handler is None else self._handler)
        left, interval = self._timer
        if left > 0:  # on with the time it had left, at once if that ran out meanwhile
            left = max(1e-6, left - (time.monotonic() - self._opened))
            signal.setitimer(signal.ITIMER_REAL, left, interval)

    def _ring(self, signum: int, frame: FrameType | None) -> None:
        moving = self.clock.moving
        if moving is None:  # the move ended as the timer went off
            return
        raise MoveTimeout(self.clock.said(moving))


class ThreadAlarm:
    """A watchdog thread that, when a move runs past the limit, has the thread that opened the
    clock raise the timeout at its next step of Python. Every change of the move in progress is
    made under one lock, and a timeout handed over but not yet raised when the move ends is taken
    back, so none is raised outside the move it was meant for."""

    def __init__(self, clock: MoveClock) -> None:
        self.clock = clock
        self._playing = threading.get_ident()
        self._moved = threading.Condition()
        self._deadline: float | None = None  # the move's, while one is timed and not yet over
        self._handed = False  # a timeout was handed to the playing thread during this move
        self._closed = False
        self._said = ""

        alarm = self

        class Overtime(MoveTimeout):
            """The timeout handed across threads: raised as a class, without arguments, it says
            what the watchdog wrote as it went off."""

            def __str__(self) -> str:
                return alarm._said

        self._overtime = Overtime
        self._watchdog = threading.Thread(target=self._watch, name="move clock", daemon=True)
        self._watchdog.start()

    def start(self, moving: TimedBot) -> None:
        with self._moved:
            self.clock.moving = moving
            self._deadline = time.monotonic() + self.clock.seconds
            self._handed = False
            self._moved.notify()

    def stop(self) -> None:
        with self._moved:
            if self._handed:  # raised already, or about to be: taken back in the second case
                interrupts.take_back(self._playing)
            self._deadline = None
            self.clock.moving = None

    def close(self) -> None:
        with self._moved:
            self._closed = True
            self._moved.notify()
        self._watchdog.join()

    def _watch(self) -> None:
        with self._moved:
            while not self._closed:
                if self._deadline is None:
                    self._moved.wait()
                    continue
                left = self._deadline - time.monotonic()
                if left > 0:
                    self._moved.wait(left)
                    continue
                moving = self.clock.moving
                assert moving is not None  # set with the deadline, under this lock
                self._said = self.clock.said(moving)
                interrupts.interrupt(self._playing, self._overtime)
                self._handed = True
                self._deadline = None  # once a move


class TimedBot(Bot):
    """``bot`` with each move limited by ``clock``."""

    summary = "a bot whose moves are timed"

    def __init__(self, bot: Bot, clock: MoveClock) -> None:
        super().__init__(bot.seat, bot.variant, bot.seed)
        self.bot = bot
        self.clock = clock

    @property
    def name(self) -> str:  # type: ignore[override]  # the timed bot's, read only
        return self.bot.name

    def act(self, view: SeatView) -> Action:
        self.clock.start(self)
        began = time.perf_counter()
        try:
            return self.bot.act(view)
        finally:
            seconds = time.perf_counter() - began
            self.clock.stop()
            self.clock.note(self, seconds)
