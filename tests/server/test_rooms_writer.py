"""The game writer: the saves that arrive while it is busy share one commit, each is stored and
answered; a save that fails is refused to its own caller alone, and the others still land; a
finishing save finishes the game's table too."""

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
from openhanabi.server.models import GameRecord, TableState
from openhanabi.server.security import Passwords
from openhanabi.server.writer import Saving, Writer

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
            host = register(db, passwords, f"host{number}", f"Host {number}", "a password")
            table = open_table(db, passwords, host, find_variant("base"), {1: "basic"})
            games.append(start(db, table, host).id)
    return games


def scores(database: Database, games: list[int]) -> dict[int, int | None]:
    with database.session() as db:
        rows = db.execute(select(GameRecord.id, GameRecord.score).where(GameRecord.id.in_(games)))
        return dict(rows.all())


def score(game: int, value: int) -> Saving:
    """A save that sets game ``game``'s stored score to ``value``."""
    return Saving(game, {"score": value})


def held(database: Database, hold: threading.Event) -> None:
    """The writer's first statement waits for ``hold`` (so that saves pile up meanwhile)."""
    held_once: list[bool] = []

    def wait(*_: Any) -> None:
        if not held_once and threading.current_thread().name == "game writer":
            held_once.append(True)
            hold.wait(10)

    event.listen(database.engine, "before_cursor_execute", wait)


def test_saves_that_arrive_while_it_writes_share_a_commit(database: Database) -> None:
    games = new_games(database, GAMES)
    commits = []
    event.listen(database.engine, "commit", lambda connection: commits.append(1))
    writer = Writer(database)
    hold = threading.Event()
    held(database, hold)

    async def save_all() -> None:
        # the first save holds the writer until every other one has been asked for
        first = asyncio.create_task(writer.save(score(games[0], 100)))
        rest = asyncio.gather(
            *(writer.save(score(game, index)) for index, game in enumerate(games[1:], start=1))
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


def test_a_failing_save_is_refused_to_its_caller_and_the_others_land(
    database: Database,
) -> None:
    games = new_games(database, 3)
    writer = Writer(database)
    hold = threading.Event()
    held(database, hold)
    # a record that JSON cannot hold: storing it fails, with its score
    broken = Saving(games[1], {"record": {"cards": {1, 2}}, "score": 7})

    async def save_all() -> list[BaseException | None]:
        first = asyncio.create_task(writer.save(score(games[0], 10)))
        others = asyncio.gather(
            writer.save(broken),
            writer.save(score(games[2], 12)),
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
    assert isinstance(results[0], Exception)
    assert "not JSON serializable" in str(results[0])  # said by the database's driver
    assert results[1] is None
    assert scores(database, games) == {games[0]: 10, games[1]: None, games[2]: 12}


def test_a_game_that_is_not_there_is_refused(database: Database) -> None:
    writer = Writer(database)
    try:
        with pytest.raises(LookupError, match="no game 999"):
            run(writer.save(score(999, 1)))
    finally:
        writer.close()
        database.close()


def test_a_finishing_save_finishes_the_table_of_its_game_alone(database: Database) -> None:
    games = new_games(database, 2)
    writer = Writer(database)
    try:
        run(writer.save(Saving(games[0], {"score": 20}, finishes=True)))
        run(writer.save(Saving(games[1], {"score": 3})))
    finally:
        writer.close()
    with database.session() as db:
        states = {
            game: db.get_one(GameRecord, game).table.state  # type: ignore[union-attr]
            for game in games
        }
    database.close()
    assert states == {games[0]: TableState.FINISHED, games[1]: TableState.PLAYING}
