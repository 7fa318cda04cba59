"""The live games' writes to the database: one thread, many games' changes in one transaction.

Every action of a live game is stored before anyone is told of it (what is not stored did not
happen). Storing each on its own costs a transaction, a commit (on SQLite a write to disk), a
thread hand-off and loading the game's rows again; with a thousand tables playing, those
dominate. The :class:`Writer` takes the changes that arrive while it is busy and commits them
together, so that one commit serves many actions, each still acknowledged only once its commit
is done; and it keeps the rows of the games it writes loaded in its own session until told to
:meth:`~Writer.forget` them (the live games' rows are written by nobody else).
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
from sqlalchemy.orm import Session, defer, selectinload

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
        self.jobs: queue.SimpleQueue[_Job | int | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        # the writer thread's own: its session and the games loaded in it, by id
        self.session: Session | None = None
        self.loaded: dict[int, GameRecord] = {}

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

    def forget(self, game_id: int) -> None:
        """Let go of the rows of game ``game_id`` (its room has closed)."""
        if self.thread is not None:
            self.jobs.put(game_id)

    def close(self) -> None:
        """Finish the changes already asked for, then stop the thread."""
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
                if isinstance(item, int):
                    self._forget(item)
                    continue
                batch = [item]
                while len(batch) < BATCH:
                    try:
                        more = self.jobs.get_nowait()
                    except queue.Empty:
                        break
                    if not isinstance(more, _Job):
                        self.jobs.put(more)  # after this batch (the order of forgets is free)
                        break
                    batch.append(more)
                self._write(batch)
        finally:
            self._reset()

    def _forget(self, game_id: int) -> None:
        game = self.loaded.pop(game_id, None)
        if game is not None and self.session is not None:
            for row in (game, *game.players, game.table):
                if row is not None and row in self.session:
                    self.session.expunge(row)

    def _reset(self) -> None:
        """Start afresh: a new session, nothing loaded (after a failure, or to stop)."""
        if self.session is not None:
            self.session.close()
        self.session = None
        self.loaded.clear()

    def _write(self, batch: list[_Job]) -> None:
        try:
            if self.session is None:
                self.session = self.database.sessions()
            self._apply(self.session, batch)
            self.session.commit()
        except Exception as error:
            self._reset()
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
        missing = [job.game_id for job in batch if job.game_id not in self.loaded]
        if missing:
            for game in db.scalars(
                select(GameRecord)
                .where(GameRecord.id.in_(missing))
                .options(
                    # a change writes the record, it does not read it: not loaded, not decoded
                    defer(GameRecord.record),
                    defer(GameRecord.explanations),
                    selectinload(GameRecord.players),
                    selectinload(GameRecord.table),
                )
            ):
                self.loaded[game.id] = game
        for job in batch:
            stored = self.loaded.get(job.game_id)
            if stored is None:
                raise LookupError(f"there is no game {job.game_id}")
            job.change(stored)


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
