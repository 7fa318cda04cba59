"""The lobby: the list of tables, opening one, a table's page with join, leave and start, the
notes of seats freed while their people were away, and the page on how the bots play."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from sqlalchemy.orm import Session

from openhanabi.bots import BESIDE_PEOPLE, Bot, bot_classes
from openhanabi.rules import PRESETS, InvalidVariantError, RulesError
from openhanabi.server import away, lobby
from openhanabi.server.deps import (
    CsrfChecked,
    DbDep,
    Page,
    PasswordsDep,
    RowId,
    SettingsDep,
    UserDep,
    Visitor,
    VisitorDep,
    address_of,
)
from openhanabi.server.errors import RefusedError, TooManyAttemptsError
from openhanabi.server.forms import JoinForm, TableForm
from openhanabi.server.i18n import Translator, language_of, translator
from openhanabi.server.listing import listing
from openhanabi.server.models import GameTable, Spectators, TableState
from openhanabi.server.pages import here, redirect, render
from openhanabi.server.rooms import Rooms
from openhanabi.server.settings import Settings

router = APIRouter()
# how often the page of a waiting table asks whether someone joined, left or started the game,
# and the lobby whether a table was opened, filled, started or closed (live.js)
TABLE_WAIT_SECONDS = 3
LOBBY_WAIT_SECONDS = 5
# the refusals of a join that are about the table's password: said by its field, on the table's
# page, where the player may try again
PASSWORD_REFUSALS = {
    "refused.wrong_table_password",
    "refused.table_password_needed",
    "refused.too_many_table_passwords",
    "refused.too_many_table_passwords_one",
}


@router.api_route("/", methods=["GET", "HEAD"], response_class=HTMLResponse)
def home(
    request: Request, db: DbDep, settings: SettingsDep, visitor: VisitorDep, page: Page = 1
) -> HTMLResponse:
    """The visitor's own tables, then a page (``?page=N``) of the others."""
    look_around(db, settings, request)
    user_id = visitor.user.id if visitor.user is not None else None
    return render(
        request,
        visitor,
        "lobby.html",
        title="title.lobby",
        listing=listing(db, user_id, page),
        wait_seconds=LOBBY_WAIT_SECONDS,
    )


@router.get("/bots", response_class=HTMLResponse)
def bots_page(request: Request, visitor: VisitorDep) -> HTMLResponse:
    """How the bots a seat may take play: the conventions bot's conventions, which people who
    sit beside it need to know, and a line on each other bot."""
    return render(
        request,
        visitor,
        "bots.html",
        title="title.bots",
        others={name: bot for name, bot in offered_bots().items() if name != BESIDE_PEOPLE},
    )


@router.get("/tables/new", response_class=HTMLResponse)
def new_table_page(request: Request, visitor: VisitorDep, user: UserDep) -> HTMLResponse:
    return table_form(request, visitor)


@router.post("/tables", dependencies=[CsrfChecked], response_model=None)
def open_table(
    request: Request,
    form: Annotated[TableForm, Form()],
    db: DbDep,
    passwords: PasswordsDep,
    visitor: VisitorDep,
    user: UserDep,
) -> HTMLResponse | RedirectResponse:
    try:
        variant = form.rules()
    except RulesError as error:
        reason = rules_problem(error, translator(language_of(request)))
        return table_form(
            request,
            visitor,
            422,
            error=RefusedError("refused.bad_rules", 422, reason=reason),
            values=form.model_dump(exclude={"password"}),
        )
    table = lobby.open_table(
        db, passwords, user, variant, form.bots(), form.password, form.spectators
    )
    return redirect(f"/tables/{table.id}")


@router.get("/tables/{table_id}", response_class=HTMLResponse)
def table_page(
    request: Request, table_id: RowId, db: DbDep, settings: SettingsDep, visitor: VisitorDep
) -> HTMLResponse:
    look_around(db, settings, request)
    return render_table(request, visitor, lobby.find_table(db, table_id))


def look_around(db: Session, settings: Settings, request: Request) -> None:
    """What the lobby and a table's page show leaves out the seats of people who have gone
    (their visits are noted by :func:`~openhanabi.server.deps.get_visitor`); a person playing
    a game, who asks for no page meanwhile, is still here."""
    rooms: Rooms = request.app.state.rooms
    lobby.seen(db, rooms.players_here())
    lobby.release_gone(db, timedelta(minutes=settings.seat_gone_minutes))


def render_table(
    request: Request, visitor: Visitor, table: GameTable, status: int = 200, **context: Any
) -> HTMLResponse:
    """The page of ``table``; after a refused password, with the reason by its field
    (``problems``)."""
    seated = visitor.user is not None and table.seat_of(visitor.user.id) is not None
    return render(
        request,
        visitor,
        "table.html",
        status,
        title="title.table",
        title_params={"table": table.id},
        table=table,
        # the people seated at a waiting table see it change without reloading (live.js)
        watching=seated and table.state is TableState.WAITING,
        wait_seconds=TABLE_WAIT_SECONDS,
        **context,
    )


@router.post("/tables/{table_id}/join", dependencies=[CsrfChecked], response_model=None)
def join(
    request: Request,
    table_id: RowId,
    form: Annotated[JoinForm, Form()],
    db: DbDep,
    settings: SettingsDep,
    passwords: PasswordsDep,
    visitor: VisitorDep,
    user: UserDep,
) -> HTMLResponse | RedirectResponse:
    address = address_of(request)
    table = lobby.find_table(db, table_id)
    try:
        lobby.join(db, settings, passwords, table, user, form.password, address)
    except RefusedError as refusal:
        if refusal.key not in PASSWORD_REFUSALS:
            raise
        # the table's page again, the reason by the password's field, for another try (the
        # password typed is not shown again)
        response = render_table(
            request, visitor, table, refusal.status, problems={"password": refusal}
        )
        if isinstance(refusal, TooManyAttemptsError):
            response.headers["Retry-After"] = str(refusal.retry_after)
        return response
    return redirect(f"/tables/{table_id}")


@router.post("/tables/{table_id}/leave", dependencies=[CsrfChecked])
def leave(table_id: RowId, db: DbDep, user: UserDep) -> RedirectResponse:
    lobby.leave(db, lobby.find_table(db, table_id), user)
    return redirect("/")


@router.post("/away/dismiss", dependencies=[CsrfChecked])
def dismiss_away_notes(request: Request, db: DbDep, user: UserDep) -> RedirectResponse:
    """The person has read what happened to their seats while they were away: back to the page
    they read it on, without it."""
    away.forget(db, user.id)
    db.commit()
    return redirect(here(request).removesuffix("?"))


@router.post("/tables/{table_id}/start", dependencies=[CsrfChecked])
def start(table_id: RowId, db: DbDep, user: UserDep) -> RedirectResponse:
    try:
        lobby.start(db, lobby.find_table(db, table_id), user)
    except RefusedError as refusal:
        if refusal.key != "refused.already_started":
            raise
        # a second click on Start, sent before the first one's answer came: the game it asks
        # for is there, and the host goes to it as the first click does
        table = db.get(GameTable, table_id, populate_existing=True)
        if table is None or table.state is not TableState.PLAYING or table.host_id != user.id:
            raise
    return redirect(f"/tables/{table_id}/game")  # the host goes straight to the game


def table_form(
    request: Request, visitor: Visitor, status: int = 200, **context: Any
) -> HTMLResponse:
    """The form of a new table; after a refusal, with what was sent (``values``) and what is
    wrong with it (``problems`` by field, or ``error`` for the rules as a whole)."""
    return render(
        request,
        visitor,
        "new_table.html",
        status,
        title="title.new_table",
        presets=PRESETS,
        bots=offered_bots(),
        spectators=list(Spectators),
        **context,
    )


def offered_bots() -> dict[str, type[Bot]]:
    """The bots a seat may take, the one for seats beside people first."""
    known = bot_classes()
    return {name: known[name] for name in sorted(known, key=lambda name: name != BESIDE_PEOPLE)}


def rules_problem(error: RulesError, t: Translator) -> str:
    """What makes the rules chosen no game, in ``t``'s language: the text ``rules.<reason>``
    of the rule the variant broke (the rules' English where the catalogue has none)."""
    if isinstance(error, InvalidVariantError) and f"rules.{error.reason}" in t.texts:
        return t(f"rules.{error.reason}", **error.params)
    return str(error)
