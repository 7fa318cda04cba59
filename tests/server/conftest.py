"""The real app on a real database, with its lifespan running: an SQLite file in a temporary
directory, or the PostgreSQL database named by ``HANABI_TEST_DATABASE_URL`` (emptied before each
test; see ``tests/postgresql.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_client import CHEAP_PASSWORDS

from openhanabi.server import Settings, create_app
from postgresql import database_url, empty


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    if url := database_url():
        empty(url)
        return Settings(data_dir=tmp_path / "data", database_url=url, **CHEAP_PASSWORDS)
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
