"""The game writer: the saves that arrive while it is busy share one commit, each is stored and
answered; a change that fails is refused to its own caller alone, and the others still land."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
from sqlalchemy import event, select

from openhanabi.rules import find_variant
from openhanabi.server import Settings
from openhanabi.server.accounts import register
from openhanabi.server.db import Database
from openhanabi.server.lobby import open_table, start
from openhanabi.server.models import GameRecord
from openhanabi.server.security import Passwords
from openhanabi.server.writer import Change, Writer

T = TypeVar("T")

GAMES = 12


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end in an event loop of its own thread (the browser tests' driver
    keeps a loop running in the main thread for the whole session)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def database(settings: Settings) -> Database:
    database = Database(settings)
    database.open()
    return database


def new_games(database: Database, count: int) -> list[int]:
    """``count`` started games of a player and a bot."""
    passwords = Passwords(1, 64)
    games = []
    with database.session() as db:
        for number in range(count):
            host = register(db, passwords, f"host{number}", "Host", "a password")
            table = open_table(db, passwords, host, find_variant("base"), {1: "basic"})
            games.append(start(db, table, host).id)
    return games


def scores(database: Database, games: list[int]) -> dict[int, int | None]:
    with database.session() as db:
        rows = db.execute(select(GameRecord.id, GameRecord.score).where(GameRecord.id.in_(games)))
        return dict(rows.all())


def score(value: int, hold: threading.Event | None = None) -> Change:
    """A change that sets the stored score to ``value`` (after ``hold`` is set, if given)."""

    def change(stored: GameRecord) -> None:
        if hold is not None:
            hold.wait(10)
        stored.score = value

    return change


def test_saves_that_arrive_while_it_writes_share_a_commit(database: Database) -> None:
    games = new_games(database, GAMES)
    commits = []
    event.listen(database.engine, "commit", lambda connection: commits.append(1))
    writer = Writer(database)
    hold = threading.Event()

    async def save_all() -> None:
        # the first save holds the writer until every other one has been asked for
        first = asyncio.create_task(writer.save(games[0], score(100, hold)))
        rest = asyncio.gather(
            *(writer.save(game, score(index)) for index, game in enumerate(games[1:], start=1))
        )
        await asyncio.sleep(0)
        hold.set()
        await asyncio.gather(first, rest)

    try:
        run(save_all())
    finally:
        writer.close()
        database.close()
    assert scores(database, games) == {
        game: 100 if index == 0 else index for index, game in enumerate(games)
    }
    assert len(commits) <= 2


def test_a_failing_change_is_refused_to_its_caller_and_the_others_land(
    database: Database,
) -> None:
    games = new_games(database, 3)
    writer = Writer(database)
    hold = threading.Event()

    def broken(stored: GameRecord) -> None:
        stored.score = 7
        raise ValueError("this change cannot be stored")

    async def save_all() -> list[BaseException | None]:
        first = asyncio.create_task(writer.save(games[0], score(10, hold)))
        others = asyncio.gather(
            writer.save(games[1], broken),
            writer.save(games[2], score(12)),
            return_exceptions=True,
        )
        await asyncio.sleep(0)
        hold.set()
        await first
        return list(await others)

    try:
        results = run(save_all())
    finally:
        writer.close()
        database.close()
    assert isinstance(results[0], ValueError)
    assert results[1] is None
    assert scores(database, games) == {games[0]: 10, games[1]: None, games[2]: 12}


def test_a_game_that_is_not_there_is_refused(database: Database) -> None:
    writer = Writer(database)
    try:
        with pytest.raises(LookupError, match="no game 999"):
            run(writer.save(999, score(1)))
    finally:
        writer.close()
        database.close()
