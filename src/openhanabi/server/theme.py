"""The site's colours: light, dark, or as the visitor's system prefers (the default).

A visitor picks one with ``?theme=`` on any page (remembered in the :data:`THEME_COOKIE`
cookie, which ``static/site.js`` also writes when it switches without reloading). The page
says the choice as ``<html data-theme="light|dark">``; without the attribute the style sheet
follows ``prefers-color-scheme``.

>>> choose_theme("dark", "light"), choose_theme("purple", "light"), choose_theme(None, None)
('dark', 'light', 'system')
"""

from __future__ import annotations

from typing import Final

from starlette.requests import HTTPConnection

THEMES: Final = ("light", "dark", "system")
DEFAULT_THEME: Final = "system"
THEME_COOKIE: Final = "hanabi_theme"


def choose_theme(asked: str | None, cookie: str | None) -> str:
    """The theme ``asked`` for, else the cookie's, else the system's (unknown names ignored)."""
    for choice in (asked, cookie):
        if choice in THEMES:
            return choice
    return DEFAULT_THEME


def theme_of(connection: HTTPConnection) -> str:
    """The theme of a request or websocket (see :func:`choose_theme`)."""
    return choose_theme(connection.query_params.get("theme"), connection.cookies.get(THEME_COOKIE))
