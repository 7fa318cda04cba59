"""The real app on a real database, with its lifespan running: an SQLite file in a temporary
directory, or the PostgreSQL database named by ``HANABI_TEST_DATABASE_URL`` (emptied before each
test; for example ``postgresql+psycopg://postgres@127.0.0.1/hanabi_test``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from web_client import CHEAP_PASSWORDS, DATABASE_URL

from openhanabi.server import Settings, create_app


def empty_database(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    if DATABASE_URL:
        empty_database(DATABASE_URL)
        return Settings(data_dir=tmp_path / "data", database_url=DATABASE_URL, **CHEAP_PASSWORDS)
    return Settings(data_dir=tmp_path / "data", **CHEAP_PASSWORDS)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), follow_redirects=False) as client:
        yield client


@pytest.fixture
def other(client: TestClient) -> Iterator[TestClient]:
    """A second browser on the same running app: its own cookies (no second lifespan)."""
    second = TestClient(client.app, follow_redirects=False)
    yield second
    second.close()
