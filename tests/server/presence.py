"""Helpers for the tests of who is still at a waiting table: tables opened through the site,
and the seats' last signs of life set and read straight in the database, which serves as the
tests' clock (a seat last seen long ago is one whose person has been away that long)."""

from __future__ import annotations

import re
from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, update
from sqlalchemy.orm import Session
from web_client import post

from openhanabi.server import Settings
from openhanabi.server.models import GameTable, Seat, User, now

TABLE_URL = re.compile(r"^/tables/(\d+)$")


def open_table(client: TestClient, **form: str) -> int:
    response = post(client, "/tables", {"variant": "base", **form})
    assert response.status_code == 303, response.text
    match = TABLE_URL.match(response.headers["location"])
    assert match
    return int(match.group(1))


def last_seen(settings: Settings, name: str, minutes_ago: float) -> None:
    """Make ``name``'s seats look as if their person last showed a page that long ago."""
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        user_id = db.scalar(select(User.id).where(User.username == name))
        moment = now() - timedelta(minutes=minutes_ago)
        db.execute(update(Seat).where(Seat.user_id == user_id).values(seen_at=moment))
        db.commit()
    engine.dispose()


def seated(settings: Settings, table: int) -> list[str] | None:
    """The names seated at ``table`` (bots by their name), or None once it is closed."""
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        found = db.get(GameTable, table)
        names = None if found is None else [seat.name for seat in found.seats]
    engine.dispose()
    return names
