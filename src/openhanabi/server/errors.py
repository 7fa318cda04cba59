"""What the server refuses, as exceptions that carry the HTTP status and a message for people.

Routes and services raise :class:`RefusedError` with the key of its text in the ``site``
catalogue and the text's parameters; the app renders it as a page in the visitor's language
(never a traceback). A key missing from the catalogues shows as it is, so a plain sentence works
too.

>>> RefusedError("refused.table_full", 409).message
'This table is full.'
>>> RefusedError("refused.no_table", 404, table=7).text(translator("de"))
'Es gibt keinen Tisch 7.'
"""

from __future__ import annotations

from openhanabi.server.i18n import DEFAULT, Translator, translator


class RefusedError(Exception):
    """A request the server will not carry out, and why, in words for the person who sent it."""

    def __init__(self, key: str, status: int = 400, **params: object) -> None:
        self.key = key
        self.params = params
        self.status = status
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The reason in English (for logs and for clients that do not say their language)."""
        return self.text(translator(DEFAULT))

    def text(self, t: Translator) -> str:
        """The reason in ``t``'s language."""
        return t(self.key, **self.params)


class TooManyAttemptsError(RefusedError):
    """Too many failed sign-ins: try again after ``retry_after`` seconds."""

    def __init__(self, key: str, retry_after: int, **params: object) -> None:
        super().__init__(key, 429, **params)
        self.retry_after = retry_after
