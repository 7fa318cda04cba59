"""What routes receive by injection: the settings, a database session, the clock, and the
visitor (who is signed in, and the CSRF token their forms must carry), plus the CSRF check of
every POST."""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, HTTPException, Path, Query, Request
from fastapi.requests import HTTPConnection
from sqlalchemy.orm import Session

from openhanabi.server import away, lobby
from openhanabi.server.accounts import find_session
from openhanabi.server.allowance import Clock
from openhanabi.server.away import AwayNote
from openhanabi.server.db import Database
from openhanabi.server.models import LoginSession, User
from openhanabi.server.security import Passwords, new_token, same_token
from openhanabi.server.settings import Settings

SESSION_COOKIE = "hanabi_session"
CSRF_COOKIE = "hanabi_csrf"
CSRF_FIELD = "csrf_token"


def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def get_db(request: Request) -> Iterator[Session]:
    database: Database = request.app.state.database
    with database.session() as session:
        yield session


def address_of(connection: HTTPConnection) -> str:
    """Where a request or a socket comes from, as the rate limits count it (see
    :func:`counted_address`)."""
    return counted_address(connection.client.host if connection.client else "unknown")


def counted_address(host: str) -> str:
    """``host`` as the rate limits count it: an IPv4 address as itself, an IPv6 address as its
    /64 network, which is what one home or one machine is given (its owner may use any of its
    2**64 addresses: counted one by one, they would set no limit at all).

    >>> counted_address("198.51.100.7"), counted_address("2001:db8:1:2:aaaa::1")
    ('198.51.100.7', '2001:db8:1:2::/64')
    >>> counted_address("::ffff:198.51.100.7"), counted_address("testclient")
    ('198.51.100.7', 'testclient')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # no address (a test's client, a socket file): counted by its name
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # an IPv4 client of a dual-stack socket
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def get_passwords(request: Request) -> Passwords:
    passwords: Passwords = request.app.state.passwords
    return passwords


def get_clock() -> Clock:
    """What the sockets' allowances of messages count seconds by (tests turn the hands)."""
    return time.monotonic


# The id of a row named in an address: no row has one beyond PostgreSQL's INTEGER, and a
# larger number is refused as a page error here (SQLite's driver would overflow on it).
ROW_ID_MAX = 2**31 - 1
RowId = Annotated[int, Path(ge=1, le=ROW_ID_MAX)]
# the page of a list (``?page=N``, 1 first)
Page = Annotated[int, Query(ge=1, le=100_000)]

SettingsDep = Annotated[Settings, Depends(get_settings)]
DbDep = Annotated[Session, Depends(get_db)]
PasswordsDep = Annotated[Passwords, Depends(get_passwords)]
ClockDep = Annotated[Clock, Depends(get_clock)]


@dataclass
class Visitor:
    """Whoever sent the request: signed in (``user`` and ``session``) or not.

    ``csrf_token`` is what their forms must send back: the session's own token when signed in,
    else the random value of a cookie (double submit), which is new when ``csrf_cookie`` is set.
    ``away_notes`` are the seats freed while they were away, which every page tells them of.
    """

    user: User | None
    session: LoginSession | None
    csrf_token: str
    csrf_cookie: str | None = None
    away_notes: list[AwayNote] = field(default_factory=list)


def get_visitor(request: Request, db: DbDep) -> Visitor:
    session = find_session(db, request.cookies.get(SESSION_COOKIE, ""))
    if session is not None:
        # any page a person asks for shows they are here: their seats at waiting tables stay
        lobby.seen(db, [session.user.id])
        notes = away.notes_of(db, session.user.id)
        return Visitor(session.user, session, session.csrf_token, away_notes=notes)
    token = request.cookies.get(CSRF_COOKIE, "")
    if len(token) < 32:
        fresh = new_token()
        return Visitor(None, None, fresh, csrf_cookie=fresh)
    return Visitor(None, None, token)


VisitorDep = Annotated[Visitor, Depends(get_visitor)]


def signed_in(visitor: VisitorDep) -> User:
    if visitor.user is None:
        raise HTTPException(401, "status.401")
    return visitor.user


UserDep = Annotated[User, Depends(signed_in)]


async def check_csrf(request: Request, visitor: VisitorDep) -> None:
    """Refuse a form that does not carry the visitor's CSRF token (403)."""
    form = await request.form()
    given = form.get(CSRF_FIELD)
    if not isinstance(given, str) or not same_token(visitor.csrf_token, given):
        raise HTTPException(403, "refused.csrf")  # a key of the site catalogue


CsrfChecked = Depends(check_csrf)
