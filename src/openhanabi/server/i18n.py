"""The interface's languages: English, German and Danish (the rulebooks' languages).

Texts live in catalogues, one JSON file per language and area (``locales/<lang>/<area>.json``,
a flat object of key -> text with ``{name}`` placeholders): ``site`` for the pages around the
game, ``game`` for the game page and its log, ``replay`` for replays and history, ``bots`` for
the bots' explanations, ``problems`` for what the game's socket refuses. A key missing
from German or Danish falls back to English (a test keeps the catalogues complete). A text
that counts things may have a form for one thing, its key ending in ``_one``
(``variant.storms_one``, "1 storm"), said instead when the count is 1 (:func:`one_or_many`).

The visitor's language is, in this order: ``?lang=`` on the request (remembered in the
:data:`LANG_COOKIE` cookie), that cookie, the browser's ``Accept-Language``, English.

>>> t = translator("de")
>>> t.lang, translator("xx").lang
('de', 'en')
>>> choose_language(None, None, "da, en;q=0.8")
'da'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final

from starlette.requests import HTTPConnection

from openhanabi.bots.explanation import ENGLISH

LANGUAGES: Final = {"en": "English", "de": "Deutsch", "da": "Dansk"}
DEFAULT: Final = "en"
LANG_COOKIE: Final = "hanabi_lang"
LOCALES = Path(__file__).with_name("locales")


def choose_language(asked: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The language to speak: the one ``asked`` for, else the ``cookie``'s, else the first
    known one of ``accept_language`` (by its q weights), else English."""
    for choice in (asked, cookie):
        if choice in LANGUAGES:
            return choice
    weighted = []
    for position, part in enumerate((accept_language or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        weighted.append((-weight, position, tag.strip().lower()[:2]))
    for _weight, _position, lang in sorted(weighted):
        if lang in LANGUAGES:
            return lang
    return DEFAULT


def language_of(connection: HTTPConnection) -> str:
    """The language of a request or websocket (see :func:`choose_language`)."""
    return choose_language(
        connection.query_params.get("lang"),
        connection.cookies.get(LANG_COOKIE),
        connection.headers.get("accept-language"),
    )


class Translator:
    """The texts of one language: ``t("key", name=...)`` is the text with its placeholders
    filled in; an unknown key is returned as it is, so a gap shows instead of failing."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self.texts: dict[str, str] = {}
        for area in areas():
            self.texts |= self.catalogue(area)

    def __call__(self, key: str, /, **params: object) -> str:
        text = self.texts.get(key, key)
        return text.format(**params) if params else text

    def counted(self, key: str, /, count: int, **params: object) -> str:
        """The text ``key`` for ``count`` things (its ``{count}``), in its form for one thing
        when ``count`` is 1: ``t.counted("variant.storms", 1)`` is "1 storm"."""
        return self(one_or_many(self.texts, key, count), count=count, **params)

    def catalogue(self, area: str) -> dict[str, str]:
        """Every text of ``area`` in this language, English where a translation is missing
        (for pages that translate in the browser)."""
        return load(DEFAULT, area) | load(self.lang, area)


def one_or_many(texts: Mapping[str, str], key: str, count: object) -> str:
    """The key of the text to say for ``count`` things: ``key`` with ``_one`` when ``count`` is
    1 and ``texts`` have that form, else ``key``.

    >>> one_or_many(translator("en").texts, "variant.storms", 1)
    'variant.storms_one'
    >>> one_or_many(translator("en").texts, "variant.storms", 2)
    'variant.storms'
    """
    one = f"{key}_one"
    counts_one = count == 1 and not isinstance(count, bool)
    return one if counts_one and one in texts else key


@cache
def translator(lang: str) -> Translator:
    return Translator(lang)


@cache
def areas() -> tuple[str, ...]:
    return tuple(sorted(path.stem for path in (LOCALES / DEFAULT).glob("*.json")))


@cache
def load(lang: str, area: str) -> dict[str, str]:
    """The texts of ``area`` in ``lang`` as shipped (no English stand-ins). The English ``bots``
    area starts from the bots' own English sentences (:data:`openhanabi.bots.explanation.ENGLISH`,
    each key under ``bots.``): the bots keep the one copy, and its file holds only what the
    server adds (ordinals, the decimal mark, a stand-in bot's words)."""
    texts: dict[str, str] = {}
    if (lang, area) == (DEFAULT, "bots"):
        texts = {f"{area}.{key}": text for key, text in ENGLISH.items()}
    path = LOCALES / lang / f"{area}.json"
    if path.exists():
        texts |= json.loads(path.read_text(encoding="utf-8"))
    return texts
