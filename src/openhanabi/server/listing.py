"""The lobby's list of tables as one visitor sees it, of a bounded size however many tables
are open.

The visitor's own tables (those they sit at) come first, every one of them: they are the tables
a player comes back to, and a player sits at few
(:data:`~openhanabi.server.lobby.MAX_TABLES_AT_ONCE`). The other unfinished tables follow,
:data:`PAGE_SIZE` to a page, in the order a player looks for a game: waiting tables with a free
seat (:attr:`Kind.OPEN`), then full tables waiting for their start, then games in progress; the
newest first within each.
The tables past the page are counted by kind, so that the page can say what more there is.

Each list is read with its seats and their players in a fixed number of statements, whatever
the number of tables.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import ColumnElement, Select, case, func, select
from sqlalchemy.orm import Session, selectinload

from openhanabi.server.models import GameTable, Seat, TableState

# the other tables on one page: enough to choose a game from, few enough to read (and to send
# to every open lobby every few seconds)
PAGE_SIZE = 50


class Kind(enum.IntEnum):
    """What a table is to a player looking for a game, in the order the lobby lists them."""

    OPEN = 0  # waiting, with a seat free to join
    FULL = 1  # waiting for its host to start it, every seat taken
    PLAYING = 2  # its game is in progress


TAKEN = (
    select(func.count(Seat.id))
    .where(Seat.table_id == GameTable.id)
    .correlate(GameTable)
    .scalar_subquery()
)
KIND = case(
    (GameTable.state == TableState.PLAYING, int(Kind.PLAYING)),
    (GameTable.players > TAKEN, int(Kind.OPEN)),
    else_=int(Kind.FULL),
)


@dataclass(frozen=True)
class Listing:
    """What the lobby shows one visitor: their ``own`` tables, one ``page`` (1 first) of the
    ``others``, and how many other tables of each kind come on the pages ``after`` it."""

    own: list[GameTable]
    others: list[GameTable]
    page: int
    after: dict[Kind, int]

    @property
    def more(self) -> bool:
        """Whether a page follows this one."""
        return any(self.after.values())

    def version(self) -> str:
        """What the page shows, summed up: it differs as soon as a table it lists is opened,
        filled, left, started or closed, or the counts of the tables past it change (the
        lobby's page redraws its list when it does, ``static/live.js``)."""
        rows = ";".join(
            f"{table.id}:{table.state.value}:"
            + ",".join(str(seat.user_id or seat.bot) for seat in table.seats)
            for table in (*self.own, *self.others)
        )
        counts = ",".join(str(self.after[kind]) for kind in Kind)
        return f"{self.page}|{rows}|{counts}"


def listing(db: Session, user_id: int | None, page: int = 1) -> Listing:
    """The lobby as the user ``user_id`` sees it (None: a visitor not signed in), at ``page``."""
    unfinished = GameTable.state != TableState.FINISHED
    own: list[GameTable] = []
    not_own: list[ColumnElement[bool]] = []
    if user_id is not None:
        theirs = select(Seat.table_id).where(Seat.user_id == user_id)
        own = _tables(db, select(GameTable).where(unfinished, GameTable.id.in_(theirs)))
        not_own = [GameTable.id.not_in(theirs)]
    others = _tables(
        db,
        select(GameTable)
        .where(unfinished, *not_own)
        .offset((page - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE),
    )
    kinds = select(KIND.label("kind")).where(unfinished, *not_own).subquery()
    counts = db.execute(select(kinds.c.kind, func.count()).group_by(kinds.c.kind))
    return Listing(own, others, page, after_page({Kind(kind): n for kind, n in counts}, page))


def _tables(db: Session, query: Select[GameTable]) -> list[GameTable]:
    """The tables ``query`` finds, in the lobby's order, each with its seats and their players
    (two statements: the seats' players are joined to the seats)."""
    ordered = query.order_by(KIND, GameTable.id.desc()).options(selectinload(GameTable.seats))
    return list(db.scalars(ordered))


def after_page(counts: Mapping[Kind, int], page: int) -> dict[Kind, int]:
    """How many tables of each kind come after page ``page``, of a list in the order of
    :class:`Kind` holding ``counts`` of each.

    >>> after_page({Kind.OPEN: 60, Kind.PLAYING: 800}, 1)
    {<Kind.OPEN: 0>: 10, <Kind.FULL: 1>: 0, <Kind.PLAYING: 2>: 800}
    >>> after_page({Kind.OPEN: 60, Kind.PLAYING: 800}, 2)
    {<Kind.OPEN: 0>: 0, <Kind.FULL: 1>: 0, <Kind.PLAYING: 2>: 760}
    """
    shown = page * PAGE_SIZE
    after = {}
    start = 0
    for kind in Kind:
        end = start + counts.get(kind, 0)
        after[kind] = max(0, end - max(start, shown))
        start = end
    return after
