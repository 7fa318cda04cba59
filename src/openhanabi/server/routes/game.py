"""The live game: its page (the table as a browser draws it, ``static/game.js``) and its
socket, which carries the messages of :mod:`openhanabi.server.protocol` between a browser and
the table's room.

The page itself holds no card: everything it shows comes over the socket, rendered for its
viewer, so a player's own cards never reach their browser.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse

from openhanabi.server import lobby
from openhanabi.server.accounts import find_session
from openhanabi.server.db import Database
from openhanabi.server.deps import SESSION_COOKIE, DbDep, RowId, VisitorDep
from openhanabi.server.errors import RefusedError
from openhanabi.server.i18n import language_of, translator
from openhanabi.server.pages import render
from openhanabi.server.protocol import describe_variant
from openhanabi.server.rooms import Rooms

router = APIRouter()
POLICY_VIOLATION = 1008
# the page of a table whose game has not started asks this often whether it has (game.js)
NOT_STARTED_WAIT_SECONDS = 5


@router.get("/tables/{table_id}/game", response_class=HTMLResponse)
def game_page(request: Request, table_id: RowId, db: DbDep, visitor: VisitorDep) -> HTMLResponse:
    """The table as its players see it: the board, the moves and the log, kept up to date by
    the socket. Before the game starts, a page that says so."""
    table = lobby.find_table(db, table_id)
    t = translator(language_of(request))
    game = table.games[-1] if table.games else None
    seat = table.seat_of(visitor.user.id) if visitor.user is not None else None
    return render(
        request,
        visitor,
        "game.html",
        title=t("page.title", table=table.id),
        table=table,
        description=describe_variant(table.variant, t),
        game_id=game.id if game else None,
        seated=seat is not None,
        texts=t.catalogue("game"),
        not_started_wait=NOT_STARTED_WAIT_SECONDS,
    )


@router.websocket("/tables/{table_id}/socket")
async def game_socket(websocket: WebSocket, table_id: RowId) -> None:
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
    viewer = await room.join(websocket, room.seat_of(user_id), language_of(websocket))
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
