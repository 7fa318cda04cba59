"""Server-rendered pages: Jinja2 templates with the visitor, their CSRF token, their language
and its translator ``_``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from starlette.responses import Response

from openhanabi.server.deps import CSRF_COOKIE, CSRF_FIELD, Visitor
from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, language_of, translator
from openhanabi.server.settings import Settings

templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))


def render(
    request: Request,
    visitor: Visitor | None,
    template: str,
    status: int = 200,
    **context: Any,
) -> HTMLResponse:
    """The page ``template`` for ``visitor`` (None: an error before we know who asked)."""
    lang = language_of(request)
    context |= {
        "lang": lang,
        "languages": LANGUAGES,
        "_": translator(lang),
        "user": visitor.user if visitor else None,
        "csrf_field": CSRF_FIELD,
        "csrf_token": visitor.csrf_token if visitor else "",
    }
    response = templates.TemplateResponse(request, template, context, status_code=status)
    if visitor is not None:
        remember_csrf(response, visitor, request.app.state.settings)
    if request.query_params.get("lang") == lang:
        remember_language(response, lang, request.app.state.settings)
    return response


def remember_language(response: Response, lang: str, settings: Settings) -> None:
    """Keep the language a visitor chose for their next pages (a year)."""
    response.set_cookie(
        LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax", secure=settings.secure_cookies
    )


def redirect(url: str) -> RedirectResponse:
    """Go to ``url`` after a form (303: the browser follows with a GET)."""
    return RedirectResponse(url, status_code=303)


def remember_csrf(response: Response, visitor: Visitor, settings: Settings) -> None:
    if visitor.csrf_cookie is not None:
        response.set_cookie(
            CSRF_COOKIE,
            visitor.csrf_cookie,
            httponly=True,
            samesite="lax",
            secure=settings.secure_cookies,
        )
