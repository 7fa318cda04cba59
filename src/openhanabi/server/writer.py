"""The live games' writes to the database: one thread, many games' changes in one transaction.

Every action of a live game is stored before anyone is told of it (what is not stored did not
happen). Storing each on its own costs a transaction, a commit (on SQLite a write to disk) and a
thread hand-off; with a thousand tables playing, those dominate. The :class:`Writer` takes the
saves that arrive while it is busy and commits them together, so that one commit serves many
actions, each still acknowledged only once its commit is done.

A save is the new values of one game's row (:class:`Saving`), written with one ``UPDATE`` per
kind of row for the whole batch on a connection the writer keeps: no objects are loaded or
tracked for it, and no connection is checked out (and pinged) per commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import queue
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Table, Update, bindparam, select, update

from openhanabi.server.db import Database
from openhanabi.server.models import GameRecord, GameTable, TableState

log = logging.getLogger(__name__)
BATCH = 200  # saves in one transaction at most
GAMES: Table = GameRecord.__table__  # type: ignore[assignment]  # a declared model's table
TABLES: Table = GameTable.__table__  # type: ignore[assignment]


@dataclass(frozen=True)
class Saving:
    """What one save writes: new values of game ``game_id``'s row, by column; with
    ``finishes``, the game is over and its table is marked finished too."""

    game_id: int
    row: Mapping[str, Any]
    finishes: bool = False


@dataclass
class _Job:
    saving: Saving
    done: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop = field(repr=False)


class Writer:
    """Stores games' saves in a thread of its own, batching them per commit."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.connection: Connection | None = None  # the writer thread's own

    async def save(self, saving: Saving) -> None:
        """Store ``saving`` and commit it; returns once it is committed, raises what storing it
        raised (:class:`LookupError` for a game that is not there)."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="game writer", daemon=True)
            self.thread.start()
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.jobs.put(_Job(saving, done, loop))
        await done

    def close(self) -> None:
        """Finish the saves already asked for, then stop the thread."""
        if self.thread is not None:
            self.jobs.put(None)
            self.thread.join()
            self.thread = None

    def _run(self) -> None:
        try:
            while True:
                item = self.jobs.get()
                if item is None:
                    return
                batch = [item]
                while len(batch) < BATCH:
                    try:
                        more = self.jobs.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        self.jobs.put(None)  # stop after this batch
                        break
                    batch.append(more)
                self._write(batch)
        finally:
            self._reset()

    def _reset(self) -> None:
        """Let go of the connection (after a failure, or to stop): the next batch opens one."""
        if self.connection is not None:
            with contextlib.suppress(Exception):
                self.connection.close()
        self.connection = None

    def _write(self, batch: list[_Job]) -> None:
        try:
            if self.connection is None:
                self.connection = self.database.engine.connect()
            with self.connection.begin():
                _store(self.connection, [job.saving for job in batch])
        except Exception as error:
            self._reset()
            if len(batch) == 1:
                log.exception("storing game %d failed", batch[0].saving.game_id)
                _finish(batch[0], error)
                return
            # one save or one game may be at fault: each on its own, so the others still land
            for job in batch:
                self._write([job])
            return
        for job in batch:
            _finish(job, None)


def _store(connection: Connection, savings: list[Saving]) -> None:
    """Write ``savings`` in the transaction of ``connection``: one UPDATE per set of columns."""
    kinds: dict[tuple[str, ...], list[Saving]] = {}
    for saving in savings:
        kinds.setdefault(tuple(sorted(saving.row)), []).append(saving)
    for columns, same in kinds.items():
        statement = _update(columns)
        parameters = [
            {"game_id": saving.game_id} | {f"new_{key}": saving.row[key] for key in columns}
            for saving in same
        ]
        result = connection.execute(statement, parameters)
        counted = len(same) == 1 or connection.dialect.supports_sane_multi_rowcount
        if counted and result.rowcount != len(same):
            missing = same[0].game_id if len(same) == 1 else "of this batch"
            raise LookupError(f"there is no game {missing}")
    finished = [saving.game_id for saving in savings if saving.finishes]
    if finished:
        tables = select(GAMES.c.table_id).where(GAMES.c.id.in_(finished))
        connection.execute(
            update(TABLES).where(TABLES.c.id.in_(tables)).values(state=TableState.FINISHED)
        )


@functools.cache
def _update(columns: tuple[str, ...]) -> Update:
    """The UPDATE that stores ``columns`` of a game: made once for each set of columns (a save
    holds one of a few), not once per batch."""
    # a bound parameter may not share a column's name in an UPDATE's SET clause
    return (
        update(GAMES)
        .where(GAMES.c.id == bindparam("game_id"))
        .values(
            {column: bindparam(f"new_{column}", type_=GAMES.c[column].type) for column in columns}
        )
    )


def _finish(job: _Job, error: Exception | None) -> None:
    def settle() -> None:
        if job.done.done():  # the waiting room gave up (its task was cancelled)
            return
        if error is None:
            job.done.set_result(None)
        else:
            job.done.set_exception(error)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
        job.loop.call_soon_threadsafe(settle)
