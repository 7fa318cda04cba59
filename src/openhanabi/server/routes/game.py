"""The live game's socket: it carries the messages of :mod:`openhanabi.server.protocol`
between a browser and the table's room. (The page that uses it is still to come.)"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from openhanabi.server.accounts import find_session
from openhanabi.server.db import Database
from openhanabi.server.deps import SESSION_COOKIE
from openhanabi.server.errors import RefusedError
from openhanabi.server.rooms import Rooms

router = APIRouter()
POLICY_VIOLATION = 1008


@router.websocket("/tables/{table_id}/socket")
async def game_socket(websocket: WebSocket, table_id: int) -> None:
    """Players act on their turn; everyone else watches (a spectator's messages are refused)."""
    if not _same_origin(websocket):
        await websocket.close(POLICY_VIOLATION, "This socket only serves this site's pages.")
        return
    rooms: Rooms = websocket.app.state.rooms
    try:
        room = await rooms.room(table_id)
    except RefusedError as refusal:
        await websocket.close(POLICY_VIOLATION, refusal.message)
        return
    user_id = await asyncio.to_thread(
        _user_id, websocket.app.state.database, websocket.cookies.get(SESSION_COOKIE, "")
    )
    await websocket.accept()
    viewer = await room.join(websocket, room.seat_of(user_id))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            await room.receive(viewer, text if text is not None else message.get("bytes") or b"")
    except WebSocketDisconnect:
        pass
    finally:
        room.leave(viewer)


def _user_id(database: Database, token: str) -> int | None:
    with database.session() as db:
        session = find_session(db, token)
        return session.user_id if session else None


def _same_origin(websocket: WebSocket) -> bool:
    """A browser names the page that opened a socket: only this site's pages may (the session
    cookie would otherwise let any site act for a signed-in player)."""
    origin = websocket.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == websocket.headers.get("host")
