"""The schema comes from the migrations shipped in the package, applied when the app starts: a
new data directory gets a new SQLite file at the newest revision, which matches the models."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, insert, inspect, select, text
from sqlalchemy.orm import Session
from web_client import login, post, register, sqlite_only

from openhanabi.records import Record, read_record, record_of
from openhanabi.rules import Action, Game, Termination, find_variant
from openhanabi.server import Settings, create_app
from openhanabi.server.db import MIGRATIONS, Database, alembic_config
from openhanabi.server.models import Base, GameRecord, Seat, display_key, look_key


@sqlite_only
def test_start_creates_the_data_dir_and_the_sqlite_file(settings: Settings) -> None:
    assert not settings.data_dir.exists()
    with TestClient(create_app(settings)) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
    assert (settings.data_dir / "hanabi.sqlite3").is_file()


# neither SQLite nor PostgreSQL reflects an index on an expression, so it is checked by name
@pytest.mark.filterwarnings("ignore:Skipped unsupported reflection of expression-based index")
@pytest.mark.filterwarnings("ignore:autogenerate skipping metadata-specified expression-based")
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
    catalogue = (
        "SELECT name FROM sqlite_master WHERE type = 'index'"
        if engine.dialect.name == "sqlite"
        else "SELECT indexname FROM pg_indexes"
    )
    with engine.connect() as connection:
        indexes = set(connection.scalars(text(catalogue)))
    assert "ix_users_display_key" in indexes
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


DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()


def struck_out() -> Game:
    """A game lost to its storms after a card was played: its fireworks show points, the
    rules give it 0."""
    for seed in range(200):
        game = Game.new(find_variant("base", players=2), seed)
        while game.outcome is None:
            game.apply(Action.play(game.hands[game.seat][-1]))  # the newest card, blindly
        if game.outcome.termination is Termination.STRIKEOUT and game.score > 0:
            return game
    raise AssertionError("no seed under 200 strikes out after a card was played")


def test_a_database_of_the_first_revision_keeps_its_games_through_the_second(
    settings: Settings,
) -> None:
    """Revision 0002 (the bots' explanations, imported games) adds to the games already
    stored without losing any: they have no explanations, came from a table, and replay; a
    struck-out game stored with its fireworks' points gets the 0 it scored."""
    if settings.is_sqlite:
        settings.data_dir.mkdir(parents=True)
    command.upgrade(alembic_config(settings.database_url), "0001")
    record = read_record(DATA / "game_1.json")
    score = record.extra["expected"]["score"]
    lost = struck_out()
    engine = create_engine(settings.database_url)
    tables = MetaData()
    tables.reflect(engine)
    at = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)
    games = [(1, record.to_dict(), score), (2, record_of(lost).to_dict(), lost.score)]
    with engine.begin() as connection:
        for game_id, data, stored_score in games:
            connection.execute(
                insert(tables.tables["games"]).values(
                    id=game_id,
                    seed=0,
                    record=data,
                    started_at=at,
                    finished_at=at,
                    score=stored_score,
                )
            )
            names = data["players"]
            connection.execute(
                insert(tables.tables["game_players"]).values(
                    [
                        {"game_id": game_id, "seat": seat, "name": name}
                        for seat, name in enumerate(names)
                    ]
                )
            )
    engine.dispose()

    with TestClient(create_app(settings)) as client:
        replayed = client.get("/games/1/replay.json")
        assert replayed.status_code == 200
        assert replayed.json()["frames"][-1]["score"] == score
        assert all(line["explanation"] == "" for line in replayed.json()["log"])
        assert Record.from_dict(client.get("/games/1/record.json").json()) == record

    engine = create_engine(settings.database_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT explanations, source, imported_by, table_id, score FROM games ORDER BY id")
        ).all()
    engine.dispose()
    for row, expected in zip(rows, (score, 0), strict=True):
        explanations = json.loads(row[0]) if isinstance(row[0], str) else row[0]
        assert (explanations, row[1], row[2], row[3]) == ({}, "table", None, None)
        assert row[4] == expected


def test_the_display_names_registered_before_revision_0007_get_their_keys(
    settings: Settings,
) -> None:
    """Revision 0007 keys every display name already there, so that a name registered later
    is told apart from them as from any other; revision 0009 keys them again, Cyrillic and
    Greek letters with a Latin twin spelt as that twin; revision 0011 gives them the key of
    how they look, a capital I a small l, and revision 0013 a "vv" a "w"."""
    if settings.is_sqlite:
        settings.data_dir.mkdir(parents=True)
    command.upgrade(alembic_config(settings.database_url), "0006")
    engine = create_engine(settings.database_url)
    at = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)
    # the second in fullwidth letters, the fourth and fifth in Cyrillic ones
    names = [
        "Émile",
        "\uff21\uff2e\uff2e",
        "Bob",
        "\u0410\u0441\u0435",
        "\u0410\u043d\u043d\u0430",
        "AIice",
        "Edvvin",
    ]
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO users (username, name_key, display_name, password_hash, created_at)"
                " VALUES (:name_key, :name_key, :display_name, 'x', :at)"
            ),
            [
                {"name_key": f"user{number}", "display_name": name, "at": at}
                for number, name in enumerate(names)
            ],
        )
    engine.dispose()
    command.upgrade(alembic_config(settings.database_url), "head")
    engine = create_engine(settings.database_url)
    with engine.connect() as connection:
        keys = connection.execute(text("SELECT display_key, look_key FROM users ORDER BY id")).all()
    engine.dispose()
    assert [key for key, _ in keys] == ["émile", "ann", "bob", "ace", "ahha", "aiice", "edvvin"]
    assert [key for _, key in keys] == ["émile", "ann", "bob", "ace", "ahha", "alice", "edwin"]
    # as a name registered now gets them
    assert [tuple(row) for row in keys] == [(display_key(n), look_key(n)) for n in names]
    command.downgrade(alembic_config(settings.database_url), "0012")  # the old keys back
    engine = create_engine(settings.database_url)
    with engine.connect() as connection:
        before = connection.execute(text("SELECT look_key FROM users ORDER BY id")).scalars()
        assert list(before)[-2:] == ["alice", "edvvin"]
    engine.dispose()


def test_the_rows_stored_before_revision_0008_count_from_the_upgrade(
    settings: Settings,
) -> None:
    """Revision 0008 gives every seat already taken, and every game, the time of the upgrade
    as its last sign of life, so that no table is closed and no game ended the moment the
    server comes back."""
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        tables = [
            post(client, "/tables", {"variant": "base", "players": "2", **form}).headers["location"]
            for form in ({"seat_2": "random"}, {})  # one to start, one left waiting
        ]
        assert post(client, f"{tables[0]}/start").status_code == 303
    config = alembic_config(settings.database_url)
    command.downgrade(config, "0007")
    engine = create_engine(settings.database_url)
    assert "seen_at" not in {column["name"] for column in inspect(engine).get_columns("seats")}
    assert "moved_at" not in {column["name"] for column in inspect(engine).get_columns("games")}
    engine.dispose()
    before = datetime.now(UTC)
    command.upgrade(config, "head")
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        moments = [*db.scalars(select(Seat.seen_at)), *db.scalars(select(GameRecord.moved_at))]
    engine.dispose()
    assert len(moments) == 4  # Ann's two seats, the bot's, and the game
    for moment in moments:
        assert before - timedelta(seconds=1) <= moment <= datetime.now(UTC)


def test_the_servers_own_migrations_keep_every_row(settings: Settings) -> None:
    """The server migrates on its own connections, where SQLite enforces foreign keys: a table
    altered by copying it (as SQLite alters one) must not take the rows that refer to it along
    (a game's players, a user's sessions and seats), going down or up."""
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        table = post(client, "/tables", {"variant": "base", "players": "2", "seat_2": "random"})
        assert post(client, f"{table.headers['location']}/start").status_code == 303
        post(client, "/tables", {"variant": "base", "players": "2"})

    def counts() -> dict[str, int]:
        engine = create_engine(settings.database_url)
        with engine.connect() as connection:
            found = {
                name: connection.scalar(text(f"SELECT count(*) FROM {name}")) or 0
                for name in ("users", "sessions", "game_tables", "seats", "games", "game_players")
            }
        engine.dispose()
        return found

    before = counts()
    assert all(before.values()), before
    database = Database(settings)
    try:
        command.downgrade(alembic_config(settings.database_url, database.engine), "0006")
        assert counts() == before
        database.open()  # the start of a server: up to the newest revision
    finally:
        database.close()
    assert counts() == before
