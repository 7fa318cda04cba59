"""The game sockets each sign-in holds open, so that signing out closes them.

A socket learns whose browser it serves once, when it opens: without this, a socket opened
before its browser signed out (or signed in as someone else) would go on acting for the player
who left."""

from __future__ import annotations

from contextlib import suppress

from fastapi import WebSocket

POLICY_VIOLATION = 1008


async def close_refused(websocket: WebSocket, reason: str) -> None:
    """Close ``websocket`` saying why, as a policy violation, which the game page shows rather
    than reconnect. It is accepted first: a socket closed before it is accepted ends as a bare
    HTTP 403, whose reason no browser is told (and which the page would take for a lost
    connection, trying again and again)."""
    await websocket.accept()
    await websocket.close(POLICY_VIOLATION, reason)


class SignInSockets:
    """The open sockets of each sign-in (by its session's id). Used on the event loop only."""

    def __init__(self) -> None:
        self._open: dict[int, set[WebSocket]] = {}

    def opened(self, session_id: int, websocket: WebSocket) -> None:
        self._open.setdefault(session_id, set()).add(websocket)

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
