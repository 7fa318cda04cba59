"""The game sockets held open: how many one address and one sign-in may hold, and each
sign-in's, so that signing out closes them.

Every open socket costs the server while it lasts: its room renders it a frame at every action,
and keeps it in every fan-out. Each socket's messages have their allowance
(:mod:`~openhanabi.server.allowance`); without a cap on the sockets themselves, a script could
still open thousands, each watching a table. A socket past either cap is refused, saying why,
before it joins a room (past its address's, before it costs a query). The counts drop as the
sockets close, however they close, so that a page closed lets another in.

A socket learns whose browser it serves once, when it opens: without :class:`SignInSockets`, a
socket opened before its browser signed out (or signed in as someone else) would go on acting
for the player who left.

>>> addresses = AddressSockets(cap=2)
>>> [addresses.opened("198.51.100.7") for _ in range(3)], addresses.opened("203.0.113.9")
([True, True, False], True)
>>> addresses.closed("198.51.100.7")
>>> addresses.opened("198.51.100.7")
True
"""

from __future__ import annotations

from contextlib import suppress

from fastapi import WebSocket

POLICY_VIOLATION = 1008

# The settings' defaults (HANABI_SOCKETS_PER_SIGN_IN, HANABI_SOCKETS_PER_ADDRESS). A page holds
# one socket, and a person plays at a few tables at once, or watches one beside their own: 20
# lets them open ten game pages in one browser, each counted twice while it reconnects (the
# socket it left behind on a network that dropped is counted until the server's pings find it
# dead, about 40 seconds). A club, a school or an office shares one address, and a mobile
# carrier shares one among many strangers: 200 is forty people at two tables each, with room
# to spare; a script on one address holds no more than a hundred tables' players do.
PER_SIGN_IN = 20
PER_ADDRESS = 200


async def close_refused(websocket: WebSocket, reason: str) -> None:
    """Close ``websocket`` saying why, as a policy violation, which the game page shows rather
    than reconnect. It is accepted first: a socket closed before it is accepted ends as a bare
    HTTP 403, whose reason no browser is told (and which the page would take for a lost
    connection, trying again and again)."""
    await websocket.accept()
    await websocket.close(POLICY_VIOLATION, reason)


class AddressSockets:
    """How many sockets each address holds open (as :func:`~openhanabi.server.deps.
    counted_address` counts addresses), up to ``cap``. Used on the event loop only."""

    def __init__(self, cap: int = PER_ADDRESS) -> None:
        self.cap = cap
        self._open: dict[str, int] = {}

    def opened(self, address: str) -> bool:
        """Count one more socket of ``address``; False, counting nothing, if it holds its cap."""
        held = self._open.get(address, 0)
        if held >= self.cap:
            return False
        self._open[address] = held + 1
        return True

    def closed(self, address: str) -> None:
        held = self._open.pop(address, 0) - 1
        if held > 0:  # an address with none open is forgotten: the map holds the open ones only
            self._open[address] = held


class SignInSockets:
    """The open sockets of each sign-in (by its session's id), up to ``cap`` each. Used on the
    event loop only."""

    def __init__(self, cap: int = PER_SIGN_IN) -> None:
        self.cap = cap
        self._open: dict[int, set[WebSocket]] = {}

    def opened(self, session_id: int, websocket: WebSocket) -> bool:
        """Note ``websocket`` as the sign-in's; False, noting nothing, if it holds its cap."""
        sockets = self._open.setdefault(session_id, set())
        if len(sockets) >= self.cap:
            return False
        sockets.add(websocket)
        return True

    def closed(self, session_id: int, websocket: WebSocket) -> None:
        sockets = self._open.get(session_id)
        if sockets is not None:
            sockets.discard(websocket)
            if not sockets:
                del self._open[session_id]

    async def sign_out(self, session_id: int, reason: str) -> None:
        """Close the sign-in's sockets, telling the browser ``reason`` (a policy violation,
        which the game page shows instead of reconnecting)."""
        for websocket in self._open.pop(session_id, set()):
            with suppress(RuntimeError, OSError):  # the browser closed it first
                await websocket.close(POLICY_VIOLATION, reason)
