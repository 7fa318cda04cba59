"""The time limit on one move of one bot, so that a bot stuck in a loop stops a run of
``hanabi bench`` with a message naming the bot, its seat, the game and the move, rather than
hanging it for ever.

How: the process that plays the games (this one, a worker process or a Ray worker) arms a
one-shot ``SIGALRM`` timer as a bot's ``act`` starts and disarms it as it returns, so the limit
counts the bot's own time, not the rules', for a microsecond or two a move. When the timer goes
off, its handler raises :class:`MoveTimeout` inside the bot's move, be it in a loop or a sleep.
It is no :class:`Exception`: neither the bot's own ``except Exception`` nor the table's catching
of a bot's failures takes it for a move that merely failed (a bare ``except:`` in the bot would
swallow it, and the move go on). The chunk then stops and hands back the message
(:func:`openhanabi.bench.runner.play_chunk`), and the run stops: the executors end their workers
still playing. A bot that never returns to Python (stuck in compiled code that holds the
interpreter) is beyond a signal's reach; so are games played off the main thread, or where there
is no ``SIGALRM`` (Windows): they play without a limit.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence
from types import FrameType, TracebackType
from typing import Any

from openhanabi.bots import Bot
from openhanabi.rules import Action, SeatView


class MoveTimeout(BaseException):
    """A bot spent longer than the limit on one move; its message says which, where."""


class MoveClock:
    """While open (``with MoveClock(seconds) as clock``), limits each move of the bots that
    :meth:`table` seats to ``seconds``. Opened where signals cannot serve, it leaves the bots as
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
        self._handler: Callable[[int, FrameType | None], Any] | int | None = None
        self._timer = (0.0, 0.0)
        self._opened = 0.0

    def __enter__(self) -> MoveClock:
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            self._handler = signal.signal(signal.SIGALRM, self._ring)
            self._timer = signal.setitimer(signal.ITIMER_REAL, 0)
            self._opened = time.monotonic()
            self.active = True
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if not self.active:
            return
        self.active = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        # a handler set outside Python reads as None: the default stands for it
        signal.signal(signal.SIGALRM, signal.SIG_DFL if self._handler is None else self._handler)
        left, interval = self._timer
        if left > 0:  # on with the time it had left, at once if that ran out meanwhile
            left = max(1e-6, left - (time.monotonic() - self._opened))
            signal.setitimer(signal.ITIMER_REAL, left, interval)

    def table(self, bots: Sequence[Bot], seed: int) -> list[Bot]:
        """The bots of a new game, dealt from ``seed``: each of their moves limited, if the clock
        can limit them."""
        self.move, self.seed = 0, seed
        return [TimedBot(bot, self) for bot in bots] if self.active else list(bots)

    def _ring(self, signum: int, frame: FrameType | None) -> None:
        moving = self.moving
        if moving is None:  # the move ended as the timer went off
            return
        raise MoveTimeout(
            f"bot {moving.name!r} in seat {moving.seat} spent more than "
            f"{self.seconds:g} s on move {self.move} of the game with seed "
            f"{self.seed} and {moving.variant.players} players"
        )


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
        clock = self.clock
        clock.moving = self
        clock.move += 1
        signal.setitimer(signal.ITIMER_REAL, clock.seconds)
        try:
            return self.bot.act(view)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            clock.moving = None
