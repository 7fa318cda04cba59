"""Alembic's environment: migrate the engine the server passed in, or the configured URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, Engine, create_engine

from openhanabi.server.models import Base


def _migrate(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    config = context.config
    engine: Engine | None = config.attributes.get("engine")
    if engine is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite alters a table by copying it and dropping the old one: with foreign keys
            # on (as the server's connections have them), that drop would delete every row
            # that refers to the table (a game's players with the game). Off for the
            # migrations (SQLite ignores the pragma inside a transaction, so before it), then
            # checked and on again.
            connection.commit()
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        try:
            _migrate(connection)
            connection.commit()
            if sqlite:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise RuntimeError(f"the migrations left rows referring to none: {broken}")
        finally:
            if sqlite:
                connection.commit()
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")


offline: bool | None
try:
    offline = context.is_offline_mode()
except NameError:  # imported outside a migration (as doctest collection does): nothing to run
    offline = None
if offline:
    raise SystemExit("offline migrations (SQL scripts) are not supported; give a database URL")
if offline is False:
    run()
