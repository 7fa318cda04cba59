"""A game lives in the database as its record: saved after moves, rebuilt by replaying it, and
its table finishes with the game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.orm import Session

from openhanabi.bots import make_bot, play_game
from openhanabi.records import record_of
from openhanabi.rules import find_variant
from openhanabi.server import Settings
from openhanabi.server.db import Database
from openhanabi.server.games import rebuild, save, start_game
from openhanabi.server.lobby import open_table, start
from openhanabi.server.models import GameRecord, TableState, User
from openhanabi.server.security import Passwords


@pytest.fixture
def db(settings: Settings) -> Iterator[Session]:
    database = Database(settings)
    database.open()
    with database.session() as session:
        yield session
    database.close()


def test_a_game_played_to_its_end_is_saved_and_rebuilt_from_its_record(db: Session) -> None:
    passwords = Passwords(time_cost=1, memory_kib=1024)
    host = User(username="ann", name_key="ann", display_name="Ann", password_hash="-")
    db.add(host)
    variant = find_variant("black-powder", players=3, bonus_tiles=True)
    table = open_table(db, passwords, host, variant, {1: "basic", 2: "random"})
    stored = start(db, table, host)
    game = rebuild(stored)
    assert game.variant == variant and game.history == []

    # the bots of the table play their seats, and a basic bot stands in for the player
    bots = [make_bot(seat.bot or "basic", seat.seat, variant) for seat in table.seats]
    play_game(game, bots)
    save(stored, game)
    db.commit()
    db.expire_all()

    again = db.get(GameRecord, stored.id)
    assert again is not None
    rebuilt = rebuild(again)
    assert rebuilt.history == game.history
    assert rebuilt.score == game.score == again.score
    assert again.finished_at is not None
    assert again.table is not None and again.table.state is TableState.FINISHED
    assert again.record == record_of(game, ["Ann", "basic (bot)", "random (bot)"]).to_dict()


def test_the_same_seed_deals_the_same_game(db: Session) -> None:
    passwords = Passwords(time_cost=1, memory_kib=1024)
    host = User(username="ann", name_key="ann", display_name="Ann", password_hash="-")
    db.add(host)
    table = open_table(db, passwords, host, find_variant("base", players=2), {1: "random"})
    first, second = start_game(table, seed=2026), start_game(table, seed=2026)
    assert first.record == second.record
    assert first.record != start_game(table, seed=2027).record
