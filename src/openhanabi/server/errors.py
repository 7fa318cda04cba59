"""What the server refuses, as exceptions that carry the HTTP status and a message for people.

Routes and services raise :class:`RefusedError`; the app renders it as a page (never a traceback).
"""

from __future__ import annotations


class RefusedError(Exception):
    """A request the server will not carry out, and why, in words for the person who sent it."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class TooManyAttemptsError(RefusedError):
    """Too many failed sign-ins: try again after ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message, 429)
        self.retry_after = retry_after
