"""Server-rendered pages: Jinja2 templates with the visitor, their CSRF token, their language
and its translator ``_`` (and ``describe(variant)``, ``preset_name(key)``,
``preset_summary(preset)`` and ``bot_summary(name, summary)`` in that language), their theme,
and the addresses of this page in the other languages and themes."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from starlette.responses import Response

from openhanabi.server.deps import CSRF_COOKIE, CSRF_FIELD, Visitor
from openhanabi.server.errors import RefusedError
from openhanabi.server.forms import problem_lines
from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, Translator, language_of, translator
from openhanabi.server.protocol import describe_variant
from openhanabi.server.rules_text import bot_label, bot_summary, preset_name, preset_summary
from openhanabi.server.settings import Settings
from openhanabi.server.theme import THEME_COOKIE, THEMES, theme_of

templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))


def render(
    request: Request,
    visitor: Visitor | None,
    template: str,
    status: int = 200,
    title_params: dict[str, object] | None = None,
    **context: Any,
) -> HTMLResponse:
    """The page ``template`` for ``visitor`` (None: an error before we know who asked).

    ``title`` is the key of the page's title in the catalogues (filled in with
    ``title_params``); a title that is no key shows as it is. An ``error`` that is a
    :class:`RefusedError` is said in the visitor's language; ``problems`` (field -> text) are
    listed at the top of the page, each linked to its field, and a form shows ``values`` again
    (never a password)."""
    lang = language_of(request)
    theme = theme_of(request)
    t = translator(lang)
    problems = {
        field: str(_said(problem, t)) for field, problem in (context.get("problems") or {}).items()
    }
    context |= {
        "title": t(str(context.get("title", "")), **(title_params or {})),
        "lang": lang,
        "languages": LANGUAGES,
        "language_urls": {code: here(request, lang=code) for code in LANGUAGES},
        "theme": theme,
        "theme_urls": {name: here(request, theme=name) for name in THEMES},
        "_": t,
        "describe": partial(describe_variant, t=t),
        "preset_summary": partial(preset_summary, t=t),
        "preset_name": partial(preset_name, t=t),
        "bot_summary": partial(bot_summary, t=t),
        "bot_label": partial(bot_label, t=t),
        "error": _said(context.get("error"), t),
        "values": context.get("values") or {},
        "problems": problems,
        "problem_lines": problem_lines(problems, t),
        "user": visitor.user if visitor else None,
        # the seats freed while the visitor was away (away.html)
        "away_notes": visitor.away_notes if visitor else [],
        "seat_gone_minutes": request.app.state.settings.seat_gone_minutes,
        "csrf_field": CSRF_FIELD,
        "csrf_token": visitor.csrf_token if visitor else "",
    }
    response = templates.TemplateResponse(request, template, context, status_code=status)
    if visitor is not None:
        remember_csrf(response, visitor, request.app.state.settings)
    if request.query_params.get("lang") == lang:
        remember_language(response, lang, request.app.state.settings)
    if request.query_params.get("theme") == theme:
        remember_theme(response, theme, request.app.state.settings)
    return response


def _said(error: object, t: Translator) -> object:
    return error.text(t) if isinstance(error, RefusedError) else error


def here(request: Request, **params: str) -> str:
    """This page's address (path and query) with ``params`` set: the same page in another
    language or theme. The answer to a form has no address of its own to go back to: its
    links lead to the page the form was on (the lobby if the browser does not say)."""
    path, query = request.url.path, dict(request.query_params)
    if request.method != "GET":
        try:
            came_from = urlsplit(request.headers.get("referer", ""))
        except ValueError:  # an address that is none ("http://[::1"): no page to go back to
            came_from = urlsplit("")
        same_site = came_from.netloc == request.url.netloc and came_from.path.startswith("/")
        path, query = (came_from.path, dict(parse_qsl(came_from.query))) if same_site else ("/", {})
    return f"{on_this_site(path)}?{urlencode(query | params)}"


# what an address's path keeps as it is: the characters a path may hold, and escapes already made
PATH_SAFE = "/%:@!$&'()*+,;=~"


def on_this_site(path: str) -> str:
    r"""``path`` as a link that stays on this site: a browser reads ``//elsewhere.example/x``
    (and ``/\elsewhere.example``, or a path holding a tab it drops) as another site's address,
    so every character a path may not hold is escaped and a path starts with one slash.

    >>> on_this_site("//elsewhere.example/x"), on_this_site("/\\elsewhere.example")
    ('/elsewhere.example/x', '/%5Celsewhere.example')
    >>> on_this_site("/\t/elsewhere.example"), on_this_site("/tables/7")
    ('/%09/elsewhere.example', '/tables/7')
    """
    return "/" + quote(path, safe=PATH_SAFE).lstrip("/")


def remember_language(response: Response, lang: str, settings: Settings) -> None:
    """Keep the language a visitor chose for their next pages (a year)."""
    response.set_cookie(
        LANG_COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax", secure=settings.secure_cookies
    )


def remember_theme(response: Response, theme: str, settings: Settings) -> None:
    """Keep the theme a visitor chose (a year); readable by ``site.js``, which also sets it."""
    response.set_cookie(
        THEME_COOKIE, theme, max_age=365 * 24 * 3600, samesite="lax", secure=settings.secure_cookies
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
