"""A person seated at a waiting table who has closed its pages has left it: the lobby and the
table's page ask the server again every few seconds while open, and a seat whose person has
asked for no page and played no game for ``seat_gone_minutes`` is freed, so the lobby never
keeps a table nobody waits at."""

from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient
from presence import last_seen, open_table, seated
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from web_client import post, register

from openhanabi.server import Settings
from openhanabi.server.lobby import SEEN_EVERY
from openhanabi.server.models import GameRecord, GameTable, Seat, TableState, User, now


def host_of(settings: Settings, table: int) -> str | None:
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        found = db.get(GameTable, table)
        host = found.host.username if found is not None and found.host is not None else None
    engine.dispose()
    return host


def test_a_table_whose_only_person_has_gone_leaves_the_lobby(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann")
    table = open_table(client, players="3", seat_2="basic")
    assert f"/tables/{table}" in other.get("/").text
    last_seen(settings, "ann", settings.seat_gone_minutes + 1)
    lobby = other.get("/").text  # anyone's look at the lobby sweeps it
    assert f"/tables/{table}" not in lobby
    assert seated(settings, table) is None
    assert other.get(f"/tables/{table}").status_code == 404


def test_a_host_who_has_gone_passes_the_table_to_a_player_still_there(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann")
    table = open_table(client, players="3")
    register(other, "ben", "Ben")
    assert post(other, f"/tables/{table}/join").status_code == 303
    last_seen(settings, "ann", settings.seat_gone_minutes + 1)
    page = other.get(f"/tables/{table}")
    assert page.status_code == 200
    assert seated(settings, table) == ["Ben"]
    assert host_of(settings, table) == "ben"
    # Ann, back, finds a free seat rather than hers, and may join again
    assert post(client, f"/tables/{table}/join").status_code == 303
    assert sorted(seated(settings, table) or []) == ["Ann", "Ben"]


def test_a_person_whose_page_keeps_asking_keeps_their_seat(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann")
    table = open_table(client, players="2")
    almost = settings.seat_gone_minutes - 0.5
    for _ in range(3):  # the page asks again before each wait runs out
        last_seen(settings, "ann", almost)
        assert client.get(f"/tables/{table}").status_code == 200
        last_seen_now = seen_minutes_ago(settings, "ann")
        assert last_seen_now < SEEN_EVERY.total_seconds() / 60
    register(other, "ben", "Ben")
    other.get("/")
    assert seated(settings, table) == ["Ann"]
    # within SEEN_EVERY nothing is written: the pages' asks mostly only read
    last_seen(settings, "ann", 0.1)
    client.get("/")
    assert 0.09 < seen_minutes_ago(settings, "ann") < 0.2


def seen_minutes_ago(settings: Settings, name: str) -> float:
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        user_id = db.scalar(select(User.id).where(User.username == name))
        seen = db.scalars(select(Seat.seen_at).where(Seat.user_id == user_id)).one()
    engine.dispose()
    return (now() - seen).total_seconds() / 60


def test_the_seats_of_a_game_in_play_are_never_freed(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann")
    table = open_table(client, players="2", seat_2="random")
    assert post(client, f"/tables/{table}/start").status_code == 303
    last_seen(settings, "ann", settings.seat_gone_minutes + 60)
    other.get("/")
    assert seated(settings, table) == ["Ann", "random (bot)"]
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        playing = db.get(GameTable, table)
        assert playing is not None and playing.state is TableState.PLAYING
        assert len(db.scalars(select(GameRecord)).all()) == 1
    engine.dispose()


def test_any_page_a_person_asks_for_keeps_their_seat(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann")
    table = open_table(client, players="2")
    last_seen(settings, "ann", settings.seat_gone_minutes - 0.5)
    assert client.get("/bots").status_code == 200  # reading how the bots play, away from both
    assert seen_minutes_ago(settings, "ann") < SEEN_EVERY.total_seconds() / 60
    last_seen(settings, "ann", settings.seat_gone_minutes - 0.5)
    assert client.get("/games/import").status_code == 200
    assert seen_minutes_ago(settings, "ann") < SEEN_EVERY.total_seconds() / 60
    register(other, "ben", "Ben")
    other.get("/")
    assert seated(settings, table) == ["Ann"]


def test_a_person_playing_a_game_keeps_their_seat_at_a_waiting_table(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """Ann plays a game at one table while she waits at another: she asks for no page while
    she plays, and is still here; once her game's page is closed, her seat goes as any other."""
    register(client, "ann", "Ann")
    playing = open_table(client, players="2", seat_2="random")
    assert post(client, f"/tables/{playing}/start").status_code == 303
    register(other, "ben", "Ben")
    waiting = open_table(other, players="3")
    assert post(client, f"/tables/{waiting}/join").status_code == 303
    with client.websocket_connect(f"/tables/{playing}/socket") as socket:
        assert socket.receive_json()["type"] == "state"
        last_seen(settings, "ann", settings.seat_gone_minutes + 1)
        last_seen(settings, "ben", 0)
        assert other.get("/").status_code == 200  # the lobby's sweep
        assert seated(settings, waiting) == ["Ben", "Ann"]
    last_seen(settings, "ann", settings.seat_gone_minutes + 1)
    other.get("/")
    assert seated(settings, waiting) == ["Ben"]


def test_a_database_too_busy_to_note_a_visit_still_shows_the_page(
    client: TestClient, settings: Settings
) -> None:
    """A visit is only a sign of life: when another writer holds SQLite's file past the wait,
    the page is shown all the same and the seat's time stays as it was, for the next visit."""
    if not settings.is_sqlite:
        pytest.skip("a lock on the SQLite file")
    register(client, "ann", "Ann")
    open_table(client, players="2")
    last_seen(settings, "ann", settings.seat_gone_minutes - 1)
    before = seen_minutes_ago(settings, "ann")
    holder = sqlite3.connect(settings.database_url.removeprefix("sqlite:///"))
    try:
        holder.execute("BEGIN IMMEDIATE")  # a write lock, held through the visit
        assert client.get("/bots").status_code == 200
    finally:
        holder.rollback()
        holder.close()
    assert seen_minutes_ago(settings, "ann") >= before
    assert client.get("/bots").status_code == 200
    assert seen_minutes_ago(settings, "ann") < SEEN_EVERY.total_seconds() / 60
