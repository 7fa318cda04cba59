"""The web app: :func:`create_app` builds it from :class:`~openhanabi.server.settings.Settings`.

Its lifespan opens the database (creating the SQLite file and applying the migrations) and
closes it, and ends now and then the games nobody plays any more. Every error is a page with
its status and a sentence that says what went wrong, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from datetime import timedelta
from pathlib import Path

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError, WebSocketRequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import Response

from openhanabi.server import attempts
from openhanabi.server.db import Database
from openhanabi.server.deps import CSRF_FIELD, DbDep, Visitor, get_visitor
from openhanabi.server.errors import RefusedError, TooManyAttemptsError
from openhanabi.server.forms import problem_lines, problems
from openhanabi.server.i18n import Translator, language_of, translator
from openhanabi.server.middleware import BodyLimit, SecurityHeaders
from openhanabi.server.models import now
from openhanabi.server.pages import render
from openhanabi.server.rooms import Rooms
from openhanabi.server.routes import accounts, game, lobby, replays
from openhanabi.server.security import Passwords
from openhanabi.server.settings import Settings
from openhanabi.server.sockets import AddressSockets, SignInSockets, close_refused

STATIC = Path(__file__).with_name("static")
log = logging.getLogger(__name__)
# how often the games nobody plays any more are looked for, and old attempts forgotten (at
# most; see _sweep)
FORSAKEN_SWEEP_SECONDS = 600.0
# the keys (in the ``site`` catalogue) of what an HTTP error without words of its own says
STATUS_MESSAGES = {
    400: "status.400",
    401: "status.401",
    403: "status.403",
    404: "status.404",
    405: "status.405",
    413: "status.413",
}

# the forms that come back with their problems by their fields when what was sent breaks their
# rules (by the address they are sent to)
FORM_PAGES: dict[str, Callable[..., HTMLResponse]] = {
    "/register": accounts.register_form,
    "/login": accounts.login_form,
    "/tables": lobby.table_form,
}


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for ``settings`` (by default from the environment: ``HANABI_*``)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        database = Database(settings)
        database.open()
        app.state.database = database
        app.state.rooms = Rooms(database, settings.bot_delay_seconds)
        app.state.sign_in_sockets = SignInSockets(settings.sockets_per_sign_in)
        app.state.address_sockets = AddressSockets(settings.sockets_per_address)
        sweeper = asyncio.create_task(_sweep(app.state.rooms, settings))
        try:
            yield
        finally:
            sweeper.cancel()
            with suppress(asyncio.CancelledError):
                await sweeper  # its query done before the database closes
            await app.state.rooms.close()
            database.close()

    app = FastAPI(
        title="openhanabi",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.settings = settings
    app.state.passwords = Passwords(settings.password_time_cost, settings.password_memory_kib)
    app.include_router(accounts.router)
    app.include_router(lobby.router)
    app.include_router(game.router)
    app.include_router(replays.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_api_route("/healthz", healthz, methods=["GET", "HEAD"])  # HEAD: for probes
    app.add_exception_handler(RefusedError, _refusal)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    app.add_exception_handler(WebSocketRequestValidationError, _invalid_socket)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _server_error)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit)
    return app


async def _sweep(rooms: Rooms, settings: Settings) -> None:
    """Now and then, end the games nobody plays any more (:meth:`Rooms.end_forsaken`) and
    forget the attempts whose window is over (:func:`attempts.forget_old`)."""
    gone_after = timedelta(hours=settings.game_gone_hours)
    every = min(FORSAKEN_SWEEP_SECONDS, gone_after.total_seconds() / 4)
    while True:
        await asyncio.sleep(every)
        try:
            await rooms.end_forsaken(gone_after)
        except Exception:  # the database away for a moment: the next sweep tries again
            log.exception("the games nobody plays could not be ended")
        try:
            await asyncio.to_thread(_forget_old_attempts, rooms.database, settings)
        except Exception:
            log.exception("the old attempts could not be forgotten")


def _forget_old_attempts(database: Database, settings: Settings) -> None:
    with database.session() as db:
        attempts.forget_old(db, settings, now())


def healthz(db: DbDep) -> JSONResponse:
    """For load balancers and tests: 200 when the database answers."""
    db.execute(text("SELECT 1"))
    return JSONResponse({"status": "ok"})


async def _error_page(
    request: Request, status: int, messages: list[str], *, who: bool = True
) -> Response:
    """The page that says what went wrong; for an address of JSON (a replay's frames, a
    record, advice), the same words as JSON, which is what the program that asked reads."""
    if request.url.path.endswith(".json"):
        return JSONResponse({"status": status, "errors": messages}, status)
    visitor = await _visitor(request) if who else None
    return render(request, visitor, "error.html", status, title="error.title", messages=messages)


async def _visitor(request: Request) -> Visitor | None:
    """Who asked, for the page's header; None if the database cannot say."""
    database: Database | None = getattr(request.app.state, "database", None)
    if database is None:
        return None

    def find() -> Visitor:
        with database.session() as db:
            return get_visitor(request, db)

    try:
        return await run_in_threadpool(find)
    except SQLAlchemyError:
        return None


async def _refusal(request: Request, refusal: RefusedError) -> Response:
    response = await _error_page(request, refusal.status, [refusal.text(_texts(request))])
    if isinstance(refusal, TooManyAttemptsError):
        response.headers["Retry-After"] = str(refusal.retry_after)
    return response


async def _http_error(request: Request, error: HTTPException) -> Response:
    t = _texts(request)
    detail = error.detail if isinstance(error.detail, str) else ""
    if detail not in t.texts:
        # the server's own refusals name a text of the catalogue; anything else (the web
        # framework's words: its reason phrase, "Too many fields" from the form parser) is said
        # in the visitor's language by its status
        detail = STATUS_MESSAGES.get(error.status_code, "status.other")
    response = await _error_page(request, error.status_code, [t(detail)])
    for name, value in (error.headers or {}).items():
        response.headers[name] = value
    return response


async def _invalid_socket(websocket: WebSocket, error: WebSocketRequestValidationError) -> None:
    """A socket whose address names no table (not a number, or out of range) is closed with a
    sentence, not the validator's list of problems."""
    t = translator(language_of(websocket))
    await close_refused(websocket, t("problem.no_table_address"))


async def _invalid(request: Request, error: RequestValidationError) -> Response:
    """A form comes back with its problems by its fields; anything else gets an error page."""
    t = _texts(request)
    found = problems(error, t)
    form_page = FORM_PAGES.get(request.url.path) if request.method == "POST" else None
    visitor = await _visitor(request) if form_page is not None else None
    if form_page is not None and visitor is not None:
        sent = await request.form()
        values = {
            name: value
            for name, value in sent.items()
            if isinstance(value, str) and name != CSRF_FIELD and "password" not in name
        }
        return form_page(request, visitor, 422, values=values, problems=found)
    messages = [line for _field, line in problem_lines(found, t)]
    return await _error_page(request, 422, messages or [t("form.invalid")])


async def _server_error(request: Request, error: Exception) -> Response:
    message = _texts(request)("error.server")
    return await _error_page(request, 500, [message], who=False)  # the database may be why


def _texts(request: Request) -> Translator:
    return translator(language_of(request))
