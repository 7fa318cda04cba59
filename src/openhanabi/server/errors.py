"""What the server refuses, as exceptions that carry the HTTP status and a message for people.

Routes and services raise :class:`RefusedError` with the key of its text in the ``site``
catalogue and the text's parameters; the app renders it as a page in the visitor's language
(never a traceback). A key missing from the catalogues shows as it is, so a plain sentence works
too.

A message on a game's socket that is not carried out gets a :class:`Problem` back: a stable
``code`` for programs (the browser, bots over the socket) and its words in the viewer's language,
the text ``problem.<code>`` of the catalogues.

>>> RefusedError("refused.table_full", 409).message
'This table is full.'
>>> RefusedError("refused.no_table", 404, table=7).text(translator("de"))
'Es gibt keinen Tisch 7.'
>>> Problem("not_your_turn", {"player": "Ann"}).text(translator("da"))
'det er Ann, der har turen, ikke dig'
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from openhanabi.server.i18n import DEFAULT, Translator, one_or_many, translator


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
    """Too many of something within a window (failed sign-ins, new accounts from one address):
    try again after ``retry_after`` seconds."""

    def __init__(self, key: str, retry_after: int, **params: object) -> None:
        super().__init__(key, 429, **params)
        self.retry_after = retry_after


@dataclass(frozen=True)
class Problem:
    """Why a message from a game's socket was not carried out.

    ``code`` is stable (clients may act on it); the words are the catalogues' text
    ``problem.<code>`` filled in with ``params`` (its form for one thing, ``problem.<code>_one``,
    where it has one and the ``count`` param is 1), followed by the ``details`` (each a problem of
    its own, such as one per field of a message). ``english`` stands in where the catalogues
    have no text for the code (pydantic's words for a check we have none for).
    """

    code: str
    params: Mapping[str, object] = field(default_factory=dict)
    details: tuple[Problem, ...] = ()
    english: str = ""

    @property
    def key(self) -> str:
        return f"problem.{self.code}"

    @property
    def message(self) -> str:
        """The problem in English."""
        return self.text(translator(DEFAULT))

    def text(self, t: Translator) -> str:
        """The problem in ``t``'s language."""
        said = self.english or self.key
        template = t.texts.get(one_or_many(t.texts, self.key, self.params.get("count")))
        if template is not None:
            with contextlib.suppress(KeyError, IndexError):  # wanting what the code did not give
                said = template.format(**self.params)
        if self.details:
            said = t("problem.with_details", problem=said, details=self.details_text(t))
        return said

    def details_text(self, t: Translator) -> str:
        return "; ".join(detail.text(t) for detail in self.details)

    def frame(self, t: Translator) -> dict[str, Any]:
        """The socket's ``error`` message: the code, and the words in ``t``'s language."""
        return {"type": "error", "code": self.code, "message": self.text(t)}
