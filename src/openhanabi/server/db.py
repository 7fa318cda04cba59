"""The database: one engine per app, sessions per request, and the schema brought up to date by
the migrations shipped in :mod:`openhanabi.server.migrations` (no ``alembic.ini`` needed).

A new migration, after changing :mod:`openhanabi.server.models`::

    python -c "from alembic import command; from openhanabi.server.db import alembic_config; \\
    command.revision(alembic_config('sqlite:///scratch.sqlite3'), 'what changes', \\
    autogenerate=True)"

(run it against a database at the current head; then read and trim what it wrote).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker

from openhanabi.server.settings import Settings

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(url: str, engine: Engine | None = None) -> Config:
    """Alembic's configuration for the database at ``url``, built in code."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    config.attributes["engine"] = engine
    return config


def shown_url(url: str) -> str:
    """``url`` fit to print: without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode, NORMAL writes a commit to the log without waiting for the disk: a commit
    # survives the server's process being killed (kill -9), only a power cut or an OS crash may
    # take back the last commits. FULL would wait for the disk at every action of every table.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _json_text(document: Any) -> str:
    """A JSON column's value as text: orjson writes a game's record several times faster than
    the standard library, and every action of every live game stores its record's new values.
    Keys that are not strings become strings, as the standard library writes them; what orjson
    does not write (integers beyond 64 bits, nesting deeper than 254 levels: an imported
    record may hold either in its extra fields) the standard library writes; anything else JSON
    cannot hold is refused with a ``TypeError`` that says so."""
    try:
        return orjson.dumps(document, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(document, separators=(",", ":"))


class Database:
    """The engine and the session factory of one app; :meth:`open` migrates, :meth:`close` ends."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        arguments: dict[str, Any] = {"pool_pre_ping": True, "json_serializer": _json_text}
        if settings.is_sqlite:
            arguments["connect_args"] = {"check_same_thread": False}
        self.engine = create_engine(settings.database_url, **arguments)
        if settings.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def open(self) -> None:
        """Create the data directory if need be, apply every migration not yet applied, and
        check that the database takes writes: a database that is read-only (an SQLite file the
        server's account may not write, or a read-only database account) raises here, rather
        than let the server start and refuse every sign-up and every move."""
        if self.settings.database_url == self.settings.default_database_url:
            self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        command.upgrade(alembic_config(self.settings.database_url, self.engine), "head")
        with self.engine.connect() as connection, connection.begin() as transaction:
            # a write that changes nothing, taken back
            connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
            transaction.rollback()

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as session:
            yield session
