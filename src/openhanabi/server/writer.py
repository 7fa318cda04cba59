"""The live games' writes to the database: one thread, many games' changes in one transaction.

Every action of a live game is stored before anyone is told of it (what is not stored did not
happen). Storing each on its own costs a transaction, a commit (on SQLite a write to disk) and a
thread hand-off; with a thousand tables playing, those dominate. The :class:`Writer` takes the
changes that arrive while it is busy and commits them together, so that one commit serves many
actions, each still acknowledged only once its commit is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from openhanabi.server.db import Database
from openhanabi.server.models import GameRecord

log = logging.getLogger(__name__)
BATCH = 200  # changes in one transaction at most
Change = Callable[[GameRecord], None]


@dataclass
class _Job:
    game_id: int
    change: Change
    done: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


class Writer:
    """Applies changes to stored games in a thread of its own, batching them per commit."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None

    async def save(self, game_id: int, change: Change) -> None:
        """Apply ``change`` to the stored game ``game_id`` and commit it; returns once it is
        committed, raises what the change or the commit raised."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="game writer", daemon=True)
            self.thread.start()
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.jobs.put(_Job(game_id, change, done, loop))
        await done

    def close(self) -> None:
        """Finish the changes already asked for, then stop the thread."""
        if self.thread is not None:
            self.jobs.put(None)
            self.thread.join()
            self.thread = None

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            batch = [job]
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

    def _write(self, batch: list[_Job]) -> None:
        try:
            with self.database.session() as db:
                self._apply(db, batch)
                db.commit()
        except Exception as error:
            if len(batch) == 1:
                log.exception("storing game %d failed", batch[0].game_id)
                _finish(batch[0], error)
                return
            # one change or one game may be at fault: each on its own, so the others still land
            for job in batch:
                self._write([job])
            return
        for job in batch:
            _finish(job, None)

    def _apply(self, db: Session, batch: list[_Job]) -> None:
        ids = [job.game_id for job in batch]
        stored = {
            game.id: game
            for game in db.scalars(
                select(GameRecord)
                .where(GameRecord.id.in_(ids))
                .options(selectinload(GameRecord.players), selectinload(GameRecord.table))
            )
        }
        for job in batch:
            game = stored.get(job.game_id)
            if game is None:
                raise LookupError(f"there is no game {job.game_id}")
            job.change(game)


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
