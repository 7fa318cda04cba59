"""The PostgreSQL database the server and browser tests run on when ``HANABI_TEST_DATABASE_URL``
names one (for example ``postgresql+psycopg://hanabi:hanabi@127.0.0.1/hanabi_test``).

Each test empties its database first. So that tests on several pytest-xdist workers cannot empty
each other's, every worker runs on a database of its own, named after the given one and the
worker (``hanabi_test_gw0``, ``hanabi_test_gw1``, ...) and created on first use: the role needs
the right to create databases. In one process the given database itself is used.
"""

from __future__ import annotations

import functools
import os

from sqlalchemy import create_engine, make_url, text

GIVEN_URL = os.environ.get("HANABI_TEST_DATABASE_URL", "")


@functools.cache
def database_url() -> str:
    """This process's test database ("" when the tests run on SQLite), created if need be."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not GIVEN_URL or not worker:
        return GIVEN_URL
    given = make_url(GIVEN_URL)
    name = f"{given.database}_{worker}"
    # CREATE DATABASE cannot run inside a transaction
    engine = create_engine(given, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        known = "SELECT 1 FROM pg_database WHERE datname = :name"
        if connection.execute(text(known), {"name": name}).first() is None:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return given.set(database=name).render_as_string(hide_password=False)


def empty(url: str) -> None:
    """Drop every table of the test database, so that a test starts from nothing."""
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()
