"""Registering, signing in and signing out."""

from __future__ import annotations

from typing import Annotated, Any

from anyio import from_thread
from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from sqlalchemy.orm import Session

from openhanabi.server import accounts
from openhanabi.server.deps import (
    SESSION_COOKIE,
    CsrfChecked,
    DbDep,
    PasswordsDep,
    SettingsDep,
    Visitor,
    VisitorDep,
    address_of,
)
from openhanabi.server.errors import RefusedError, TooManyAttemptsError
from openhanabi.server.forms import LoginForm, RegisterForm
from openhanabi.server.i18n import language_of, translator
from openhanabi.server.models import User
from openhanabi.server.pages import redirect, render
from openhanabi.server.settings import Settings
from openhanabi.server.sign_ups import sign_up_from
from openhanabi.server.sockets import SignInSockets

router = APIRouter()


@router.get("/register", response_class=HTMLResponse)
def register_page(request: Request, visitor: VisitorDep) -> HTMLResponse:
    return register_form(request, visitor)


def register_form(
    request: Request, visitor: Visitor, status: int = 200, **context: Any
) -> HTMLResponse:
    """The registration form; after a refusal, with what was sent (``values``) and what is
    wrong with it (``problems``: field -> text), or why the address must wait (``error``)."""
    return render(request, visitor, "register.html", status, title="title.register", **context)


@router.post("/register", dependencies=[CsrfChecked], response_model=None)
def register(
    request: Request,
    form: Annotated[RegisterForm, Form()],
    db: DbDep,
    passwords: PasswordsDep,
    settings: SettingsDep,
    visitor: VisitorDep,
) -> HTMLResponse | RedirectResponse:
    display_name = form.display_name or form.username
    try:
        with sign_up_from(db, settings, address_of(request)):
            user = accounts.register(db, passwords, form.username, display_name, form.password)
    except RefusedError as refusal:
        values = form.model_dump(exclude={"password"})
        if isinstance(refusal, TooManyAttemptsError):  # the address's refusal, not a field's
            response = register_form(request, visitor, refusal.status, error=refusal, values=values)
            response.headers["Retry-After"] = str(refusal.retry_after)
            return response
        field = "username" if refusal.key == "refused.username_taken" else "display_name"
        return register_form(
            request, visitor, refusal.status, values=values, problems={field: refusal}
        )
    return _signed_in(request, db, settings, visitor, user)


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request, visitor: VisitorDep) -> HTMLResponse:
    return login_form(request, visitor)


def login_form(
    request: Request, visitor: Visitor, status: int = 200, **context: Any
) -> HTMLResponse:
    """The sign-in form; after a refusal, with the username sent (``values``) and the reason
    (``error``, for the whole form: it does not say which of the two was wrong)."""
    return render(request, visitor, "login.html", status, title="title.login", **context)


@router.post("/login", dependencies=[CsrfChecked], response_model=None)
def login(
    request: Request,
    form: Annotated[LoginForm, Form()],
    db: DbDep,
    passwords: PasswordsDep,
    settings: SettingsDep,
    visitor: VisitorDep,
) -> HTMLResponse | RedirectResponse:
    try:
        user = accounts.authenticate(
            db, settings, passwords, form.username, form.password, address_of(request)
        )
    except RefusedError as refusal:
        response = login_form(
            request, visitor, refusal.status, error=refusal, values={"username": form.username}
        )
        if isinstance(refusal, TooManyAttemptsError):
            response.headers["Retry-After"] = str(refusal.retry_after)
        return response
    return _signed_in(request, db, settings, visitor, user)


@router.post("/logout", dependencies=[CsrfChecked])
def logout(request: Request, db: DbDep, visitor: VisitorDep) -> RedirectResponse:
    _sign_out(request, db, visitor)
    response = redirect("/")
    response.delete_cookie(SESSION_COOKIE, httponly=True, samesite="lax")
    return response


def _sign_out(request: Request, db: Session, visitor: Visitor) -> None:
    """End the visitor's sign-in, if any, and close the game sockets it holds open."""
    if visitor.session is None:
        return
    session_id = visitor.session.id
    accounts.close_session(db, visitor.session)
    sockets: SignInSockets = request.app.state.sign_in_sockets
    reason = translator(language_of(request))("problem.signed_out")
    from_thread.run(sockets.sign_out, session_id, reason)


def _signed_in(
    request: Request, db: Session, settings: Settings, visitor: Visitor, user: User
) -> RedirectResponse:
    _sign_out(request, db, visitor)  # one browser, one sign-in: the old one ends here
    token = accounts.open_session(db, settings, user)
    response = redirect("/")
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=settings.session_days * 24 * 3600,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return response
