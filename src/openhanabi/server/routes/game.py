"""The live game: its page (the table as a browser draws it, ``static/game.js``) and its
socket, which carries the messages of :mod:`openhanabi.server.protocol` between a browser and
the table's room.

The page itself holds no card: everything it shows comes over the socket, rendered for its
viewer, so a player's own cards never reach their browser.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from starlette.types import Send
from starlette.websockets import WebSocketState

from openhanabi.server import lobby
from openhanabi.server.accounts import find_session
from openhanabi.server.allowance import Clock, MessageAllowance, Verdict
from openhanabi.server.db import Database
from openhanabi.server.deps import SESSION_COOKIE, ClockDep, DbDep, RowId, VisitorDep, address_of
from openhanabi.server.errors import Problem, RefusedError
from openhanabi.server.i18n import Translator, language_of, translator
from openhanabi.server.pages import render
from openhanabi.server.protocol import describe_variant
from openhanabi.server.rooms import Room, Rooms, Viewer
from openhanabi.server.settings import Settings
from openhanabi.server.sockets import (
    POLICY_VIOLATION,
    AddressSockets,
    SignInSockets,
    close_refused,
)

router = APIRouter()
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
    if seat is None and not table.admits_spectator():
        raise RefusedError("problem.no_spectators", 403)
    return render(
        request,
        visitor,
        "game.html",
        title=t("page.title", table=table.id),
        table=table,
        description=describe_variant(table.variant, t),
        game_id=game.id if game else None,
        seated=seat is not None,
        # the bot's suggestions: only for a player alone with bots (the room checks it again)
        suggest=visitor.user is not None and table.alone_with_bots(visitor.user.id),
        texts=t.catalogue("game"),
        not_started_wait=NOT_STARTED_WAIT_SECONDS,
    )


@router.websocket("/tables/{table_id}/socket")
async def game_socket(websocket: WebSocket, table_id: RowId, clock: ClockDep) -> None:
    """Players act on their turn; everyone else watches (a spectator's messages are refused),
    if the table lets them: else they are sent why, and the socket is closed. A socket that
    sends more messages than its allowance is refused them, and closed if it keeps on. An
    address or a sign-in that holds as many sockets open as it may is refused another
    (:mod:`~openhanabi.server.sockets`)."""
    t = translator(language_of(websocket))
    if not _same_origin(websocket):
        await close_refused(websocket, t("problem.foreign_origin"))
        return
    addresses: AddressSockets = websocket.app.state.address_sockets
    address = address_of(websocket)
    if not addresses.opened(address):
        await close_refused(websocket, t("problem.sockets_per_address"))
        return
    try:  # counted until the socket is done with, however that comes (the browser gone,
        # signed out, a flood, a refusal, an error, the server stopping)
        await _arrive(websocket, table_id, clock, t)
    finally:
        addresses.closed(address)


async def _arrive(websocket: WebSocket, table_id: int, clock: Clock, t: Translator) -> None:
    """Find who opens the socket, and let them watch the table's game, or say why not."""
    try:
        session_id, user_id, admitted = await asyncio.to_thread(
            _arrival,
            websocket.app.state.database,
            websocket.cookies.get(SESSION_COOKIE, ""),
            table_id,
        )
    except RefusedError as refusal:
        await close_refused(websocket, refusal.text(t))
        return
    if not admitted:
        await websocket.accept()
        await websocket.send_json(Problem("no_spectators").frame(t))
        await websocket.close(POLICY_VIOLATION, t("problem.no_spectators"))
        return
    await websocket.accept()
    # the sign-in's once accepted (a sign-out closes it from then on), counted and noted in one
    # step: the sockets of one sign-in opening together cannot all pass the count unnoted
    sockets: SignInSockets = websocket.app.state.sign_in_sockets
    if session_id is not None and not sockets.opened(session_id, websocket):
        await websocket.close(POLICY_VIOLATION, t("problem.sockets_per_sign_in"))
        return
    try:
        await _watch(websocket, table_id, user_id, clock, t)
    finally:
        if session_id is not None:
            sockets.closed(session_id, websocket)


async def _watch(
    websocket: WebSocket, table_id: int, user_id: int | None, clock: Clock, t: Translator
) -> None:
    """Join the table's room as the player's seat (or a spectator), and take the socket's
    messages until it closes."""
    rooms: Rooms = websocket.app.state.rooms
    try:
        # kept in memory for the socket from here: it joins at once, or the room would stay
        room = await rooms.room(table_id)
    except RefusedError as refusal:
        await websocket.close(POLICY_VIOLATION, refusal.text(t))
        return
    settings: Settings = websocket.app.state.settings
    allowance = MessageAllowance(
        settings.socket_messages_per_second, settings.socket_message_burst, clock
    )
    viewer = await room.join(_Frames(websocket._send), room.seat_of(user_id), t.lang)
    try:
        await _take_messages(websocket, room, viewer, allowance)
    except WebSocketDisconnect:
        pass
    finally:
        room.leave(viewer)


async def _take_messages(
    websocket: WebSocket, room: Room, viewer: Viewer, allowance: MessageAllowance
) -> None:
    """Hand the socket's messages to its room, as many as ``allowance`` lets through, until
    the browser goes (or signs out), or floods the table."""
    while True:
        message = await websocket.receive()
        if (
            message["type"] == "websocket.disconnect"
            or websocket.application_state is not WebSocketState.CONNECTED  # signed out
        ):
            return
        verdict = allowance.spend()
        if verdict is Verdict.HANDLE:
            text = message.get("text")
            await room.receive(viewer, text if text is not None else message.get("bytes") or b"")
        elif verdict is Verdict.REFUSE:
            await room.tell(viewer, Problem("too_many_messages"))
        elif verdict is Verdict.CLOSE:
            # a policy violation, which the page shows instead of reconnecting (to flood again)
            with suppress(RuntimeError, OSError):  # the browser closed it first
                await websocket.close(
                    POLICY_VIOLATION, translator(viewer.lang)("problem.message_flood")
                )
            return


class _Frames:
    """The room's side of an accepted socket: each frame goes straight to the ASGI server.

    Starlette's ``send_text`` checks the socket's state and passes through its error handling's
    wrapper at every frame, and the room sends a frame to every viewer at every action: once the
    socket is accepted, neither has anything to do (a frame sent after the browser has gone
    raises, and the room forgets the viewer)."""

    __slots__ = ("_send",)

    def __init__(self, send: Send) -> None:
        self._send = send

    async def send_text(self, data: str) -> None:
        await self._send({"type": "websocket.send", "text": data})

    async def close(self, code: int, reason: str) -> None:
        await self._send({"type": "websocket.close", "code": code, "reason": reason})


def _arrival(database: Database, token: str, table_id: int) -> tuple[int | None, int | None, bool]:
    """The sign-in and the player who open the socket (None: nobody signed in), and whether
    the table lets them watch: its players always (they get their seat's view), others as the
    table says. Refused if there is no such table."""
    with database.session() as db:
        session = find_session(db, token)
        if session is None:
            return None, None, lobby.find_table(db, table_id).admits_spectator()
        table = lobby.find_table(db, table_id)
        if table.seat_of(session.user_id) is not None:
            return session.id, session.user_id, True
        return session.id, session.user_id, table.admits_spectator()


def _same_origin(websocket: WebSocket) -> bool:
    """A browser names the page that opened a socket: only this site's pages may (the session
    cookie would otherwise let any site act for a signed-in player)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    try:
        return urlsplit(origin).netloc == websocket.headers.get("host")
    except ValueError:  # no address at all ("http://[::1"): no page of this site
        return False
