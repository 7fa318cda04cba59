"""What wraps every request: a bound on the body it may send, and the security headers of its
answer. Both are plain ASGI (Starlette's ``BaseHTTPMiddleware`` runs the route in a task
group, whose exception group would hide the bound's 413 from the app's handlers).

The bound: every form of the site is a few fields of short text.

Without it, Starlette reads up to a thousand fields of a megabyte each, and files of any size,
before the route (and its CSRF check) sees the request. The import form, which carries a whole
record, has a larger bound (and its own check of the length a browser announces, with words
about records: ``routes/replays.py``).

Starlette's own ``RequestBodyLimitMiddleware`` answers a body announced too large with an
English line of plain text in place of the site's page, so the bound is kept here: past it,
reading the body raises the 413 that the app's handlers turn into a page in the visitor's
language."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from openhanabi.server.replays import MAX_RECORD_BYTES

MAX_FORM_BYTES = 64 * 1024  # a form of the site; its longest field, a password, is 128 characters
MAX_IMPORT_BYTES = MAX_RECORD_BYTES + MAX_FORM_BYTES  # a record and the rest of its form
BOUNDS = {"/games/import": MAX_IMPORT_BYTES}  # the addresses whose bound is not MAX_FORM_BYTES
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


class BodyLimit:
    """ASGI middleware: a request body past its address's bound is refused (413) as the route
    reads it, whether or not it announced its length."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        bound = BOUNDS.get(scope["path"], MAX_FORM_BYTES)
        announced = dict(scope["headers"]).get(b"content-length", b"")
        received = int(announced) if announced.isdigit() else 0

        async def bounded() -> Message:
            nonlocal received
            if received > bound:
                raise HTTPException(413)  # said by the site's page for the status
            message = await receive()
            if message["type"] == "http.request" and not announced.isdigit():
                received += len(message.get("body", b""))
                if received > bound:
                    raise HTTPException(413)
            return message

        await self.app(scope, bounded, send)


class SecurityHeaders:
    """ASGI middleware: every answer carries ``SECURITY_HEADERS`` (unless it sets its own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers)
