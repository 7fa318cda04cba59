"""What a person who was away is told on their return: the seats at waiting tables that were
freed meanwhile (:func:`~openhanabi.server.lobby.release_gone`), and what each table is now.

A phone stops a page in the background, so a person who switched to another app while waiting
for friends finds, on coming back, that the table went on without them. Their release is
noted (:func:`note_released`); every page they ask for then says so (:func:`notes_of`) and
offers the seat again while the table waits with room, until they sit down at a table, dismiss
the notes, or a day has passed.
"""

from __future__ import annotations

import enum
from collections.abc import Collection
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from openhanabi.server.models import GameTable, ReleasedSeat, TableState, now

# how long a note waits for its person: back within a day, they are told; later, the table is
# long gone and the note would only be noise
KEPT = timedelta(days=1)
# notes shown at once: a person waits at a few tables at most (a host opens five)
SHOWN = 10


class TableNow(enum.StrEnum):
    """What the table of a freed seat is now, which says what its person may do."""

    ROOM = "room"  # still waiting, with a free seat: they may sit down again
    FULL = "full"  # still waiting, every seat taken
    STARTED = "started"  # its game began (or ended) without them
    CLOSED = "closed"  # nobody was left at it


@dataclass(frozen=True)
class AwayNote:
    """A seat that ``table`` (its number) freed while its person was away."""

    table: int
    now: TableNow


def note_released(db: Session, user_ids: Collection[int], table: int, closed: bool) -> None:
    """Note, in the transaction that freed them, that the seats of ``user_ids`` at ``table``
    were freed (the table has ``closed`` with it, or goes on without them). Notes past
    :data:`KEPT` are dropped meanwhile: a write is being made anyway."""
    if not user_ids:
        return
    moment = now()
    db.execute(delete(ReleasedSeat).where(ReleasedSeat.at < moment - KEPT))
    db.execute(
        delete(ReleasedSeat).where(
            ReleasedSeat.table_number == table, ReleasedSeat.user_id.in_(user_ids)
        )
    )
    db.add_all(
        ReleasedSeat(
            user_id=user_id, table_id=None if closed else table, table_number=table, at=moment
        )
        for user_id in sorted(user_ids)
    )


def notes_of(db: Session, user_id: int) -> list[AwayNote]:
    """The seats freed while ``user_id`` was away, newest first, with what each table is now."""
    released = db.scalars(
        select(ReleasedSeat)
        .where(ReleasedSeat.user_id == user_id, ReleasedSeat.at >= now() - KEPT)
        .order_by(ReleasedSeat.at.desc(), ReleasedSeat.id.desc())
        .limit(SHOWN)
    ).all()
    notes = []
    for seat in released:
        table = db.get(GameTable, seat.table_id) if seat.table_id is not None else None
        if table is None or table.seat_of(user_id) is None:  # sat down again: nothing to say
            notes.append(AwayNote(seat.table_number, table_now(table)))
    return notes


def table_now(table: GameTable | None) -> TableNow:
    if table is None:
        return TableNow.CLOSED
    if table.state is not TableState.WAITING:
        return TableNow.STARTED
    return TableNow.ROOM if table.free_seats() else TableNow.FULL


def was_released(db: Session, user_id: int, table_id: int) -> bool:
    """Whether ``user_id`` had a seat at ``table_id`` that was freed while they were away: they
    had been let in, so they may sit down again without its password."""
    found = select(ReleasedSeat.id).where(
        ReleasedSeat.user_id == user_id,
        ReleasedSeat.table_id == table_id,
        ReleasedSeat.at >= now() - KEPT,
    )
    return db.scalar(found) is not None


def forget(db: Session, user_id: int) -> None:
    """Drop the notes of ``user_id`` (in the caller's transaction): they have sat down at a
    table, or dismissed them."""
    db.execute(delete(ReleasedSeat).where(ReleasedSeat.user_id == user_id))
