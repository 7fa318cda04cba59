"""The schema comes from the migrations shipped in the package, applied when the app starts: a
new data directory gets a new SQLite file at the newest revision, which matches the models."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect
from web_client import login, register, sqlite_only

from openhanabi.server import Settings, create_app
from openhanabi.server.db import MIGRATIONS, alembic_config
from openhanabi.server.models import Base


@sqlite_only
def test_start_creates_the_data_dir_and_the_sqlite_file(settings: Settings) -> None:
    assert not settings.data_dir.exists()
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
    assert (settings.data_dir / "hanabi.sqlite3").is_file()


def test_start_migrates_to_the_newest_revision_which_matches_the_models(
    settings: Settings,
) -> None:
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
    engine = create_engine(settings.database_url)
    with engine.connect() as connection:
        migration = MigrationContext.configure(connection, opts={"compare_type": True})
        head = ScriptDirectory.from_config(alembic_config(settings.database_url)).get_current_head()
        assert migration.get_current_revision() == head
        assert compare_metadata(migration, Base.metadata) == []
    tables = set(inspect(engine).get_table_names())
    assert {"users", "sessions", "game_tables", "seats", "games", "game_players"} <= tables
    engine.dispose()


def test_a_second_start_keeps_the_data(settings: Settings) -> None:
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
    with TestClient(create_app(settings), follow_redirects=False) as client:
        assert login(client, "ann").status_code == 303


def test_migrations_ship_inside_the_package() -> None:
    assert (MIGRATIONS / "env.py").is_file()
    assert list((MIGRATIONS / "versions").glob("0001_*.py"))


def test_migrations_go_down_to_nothing_and_up_again(settings: Settings) -> None:
    with TestClient(create_app(settings)):
        pass
    config = alembic_config(settings.database_url)
    command.downgrade(config, "base")
    engine = create_engine(settings.database_url)
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    command.upgrade(config, "head")
    assert "games" in inspect(engine).get_table_names()
    engine.dispose()


@sqlite_only
def test_a_database_url_of_its_own_leaves_the_data_dir_alone(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"
    settings = Settings(data_dir=tmp_path / "unused", database_url=url)
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").status_code == 200
    assert (tmp_path / "elsewhere.sqlite3").is_file()
    assert not (tmp_path / "unused").exists()
