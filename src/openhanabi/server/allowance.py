"""How many messages one game socket may send: as many as any player's page sends, and no flood.

Every message costs the server something: a ``sync`` renders the whole game for its viewer
(holding the table meanwhile), a ``suggest`` may run a bot's thinking, a ``ping`` wakes the
bots, a malformed message is answered with an error. A page that sends thousands a second
would hold up its table and the server.

A socket's allowance is a token bucket: it holds at most ``burst`` messages and refills at
``per_second``; each message spends one. A message that finds it empty is not handled, and it
spends one all the same, so the allowance goes into debt: a page that keeps sending is served
again only once it slows down, and one whose debt reaches :data:`FLOOD_DEBT` is flooding and
is closed. The sender is told the first message it was refused, then at most once every
:data:`TOLD_EVERY_SECONDS` (one error for each refused message would be a flood of its own).

>>> seconds = iter([0.0, 0.0, 0.0, 0.0, 0.5, 2.0])  # when it is made, then each message
>>> allowance = MessageAllowance(per_second=2, burst=2, clock=seconds.__next__)
>>> [allowance.spend().value for _ in range(5)]
['handle', 'handle', 'refuse', 'ignore', 'handle']
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum

Clock = Callable[[], float]  # seconds, never going back (time.monotonic)

# The settings' defaults (HANABI_SOCKET_MESSAGES_PER_SECOND, HANABI_SOCKET_MESSAGE_BURST). A
# page sends a ping every 25 seconds, one message per move or question, and a sync when a frame
# went missing; nobody clicks more than about five times a second for long. Ten a second is
# twice that, and a burst of 30 lets a player click through a flurry of moves, or a program
# catch up, without a wait. A flood is held to ten messages a second, a few milliseconds of the
# server's time each.
PER_SECOND = 10.0
BURST = 30
# the messages refused since the socket last kept to its allowance that make it a flood: a page
# sending twice too fast is closed after ten seconds of it, a flood of thousands a second at once
FLOOD_DEBT = 100
TOLD_EVERY_SECONDS = 5.0


class Verdict(Enum):
    """What becomes of one message."""

    HANDLE = "handle"
    REFUSE = "refuse"  # not handled: the sender is told so
    IGNORE = "ignore"  # not handled, and the sender was told a moment ago
    CLOSE = "close"  # not handled: the socket is flooding, and is closed


class MessageAllowance:
    """The messages one socket may still send (see the module's docstring)."""

    def __init__(
        self,
        per_second: float = PER_SECOND,
        burst: int = BURST,
        clock: Clock = time.monotonic,
    ) -> None:
        self.per_second = per_second
        self.burst = burst
        self._clock = clock
        self._left = float(burst)
        self._at = clock()
        self._told_at: float | None = None

    def spend(self) -> Verdict:
        """Spend one message of the allowance, and say what becomes of it."""
        now = self._clock()
        self._left = min(self.burst, self._left + (now - self._at) * self.per_second) - 1
        self._at = now
        if self._left >= 0:
            return Verdict.HANDLE
        if self._left <= -FLOOD_DEBT:
            return Verdict.CLOSE
        if self._told_at is None or now - self._told_at >= TOLD_EVERY_SECONDS:
            self._told_at = now
            return Verdict.REFUSE
        return Verdict.IGNORE
