"""Tables in the lobby: open one with its rules and bots, join, leave, and start its game
(:mod:`openhanabi.server.listing` lists them).

Every function checks what the rules of the lobby say before it changes anything, raises
:class:`~openhanabi.server.errors.RefusedError` with the reason, and commits only a whole change.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from openhanabi.bots import bot_classes
from openhanabi.rules import Variant
from openhanabi.server import away
from openhanabi.server.attempts import note_attempt
from openhanabi.server.errors import RefusedError
from openhanabi.server.games import start_game
from openhanabi.server.models import (
    GameRecord,
    GameTable,
    Seat,
    Spectators,
    TablePasswordFailure,
    TableState,
    User,
    now,
)
from openhanabi.server.security import Passwords
from openhanabi.server.settings import Settings

HOST_SEAT = 0


# how often a person's presence is written down: the pages ask every few seconds, and a write
# each time would only keep the database busy
SEEN_EVERY = timedelta(seconds=30)


def seen(db: Session, user_ids: Collection[int]) -> None:
    """Note that the users ``user_ids`` are here (they asked for a page, or play a game): their
    seats at waiting tables are kept (see :func:`release_gone`). Only a sign of life: a
    database too busy to note it now leaves it to the next one, and the page goes on."""
    here = set(user_ids)
    if not here:
        return
    moment = now()
    stale = (
        Seat.seen_at < moment - SEEN_EVERY,
        Seat.table_id.in_(select(GameTable.id).where(GameTable.state == TableState.WAITING)),
    )
    # one person's seats are found by the index; for the many playing games, the few seats at
    # waiting tables are read and matched here rather than sent a list of every player
    one = (Seat.user_id == next(iter(here)),) if len(here) == 1 else ()
    try:
        # looked up first: most asks find nothing to write, and a write would lock SQLite's file
        found = set(db.scalars(select(Seat.user_id).where(*stale, *one).distinct())) & here
        if found:
            db.execute(update(Seat).where(*stale, Seat.user_id.in_(found)).values(seen_at=moment))
            db.commit()
    except OperationalError:  # locked or busy: a later ask notes it
        db.rollback()


def release_gone(db: Session, gone_after: timedelta) -> None:
    """Free the seats of the people at waiting tables who have asked for no page and played no
    game for ``gone_after`` (see :func:`seen`), as if each had left (:func:`leave`): a table
    with no person left closes, and a host who has gone passes the table on. Each of them is
    told so on their return (:mod:`openhanabi.server.away`): a page stopped in the background
    (a phone's, while its person uses another app) asks for nothing meanwhile, and its person
    may not know they were away that long."""
    cutoff = now() - gone_after
    gone = (Seat.user_id.is_not(None), Seat.seen_at < cutoff)
    waiting = db.scalars(
        select(Seat.table_id)
        .join(GameTable)
        .where(GameTable.state == TableState.WAITING, *gone)
        .distinct()
    ).all()
    for table_id in sorted(waiting):
        table = db.get(GameTable, table_id)
        if table is None:
            continue
        try:
            _hold_waiting(db, table)  # a start at the same moment goes first, or waits
        except RefusedError:
            continue  # started (or closed) meanwhile: its seats are no longer waiting
        # told apart by the database once the table is held: a person who came back meanwhile
        # keeps the seat
        freed = db.scalars(
            delete(Seat).where(Seat.table_id == table_id, *gone).returning(Seat.user_id)
        ).all()
        db.refresh(table, ["seats"])
        closed = _pass_on(db, table)
        away.note_released(
            db, [user_id for user_id in freed if user_id is not None], table_id, closed
        )
        db.commit()


def _pass_on(db: Session, table: GameTable) -> bool:
    """Close ``table`` when no person is left at it, else give it a host seated at it; whether
    it closed."""
    players = [seat for seat in table.seats if seat.user is not None]
    if not players:
        db.delete(table)
        return True
    if table.seat_of(table.host_id or 0) is None:
        table.host = players[0].user
    return False


def find_table(db: Session, table_id: int) -> GameTable:
    table = db.get(GameTable, table_id)
    if table is None:
        raise RefusedError("refused.no_table", 404, table=table_id)
    return table


# tables one player may host before their games start: enough for any use, and a lobby that
# one account cannot fill
MAX_WAITING_TABLES = 5
# unfinished tables (waiting or playing) one player may sit at: more games at once than anyone
# follows, while a script cannot pile up games with bots without end (a game nobody moves in
# ends after a day, and any player may stop one)
MAX_TABLES_AT_ONCE = 20
BOT_NAME_SHOWN = 30  # characters of a bot name an error repeats


def open_table(
    db: Session,
    passwords: Passwords,
    host: User,
    variant: Variant,
    bots: Mapping[int, str],
    password: str = "",
    spectators: Spectators = Spectators.NONE,
) -> GameTable:
    """A table of ``variant``: ``host`` in seat 0, a bot (by name) in each seat of ``bots``,
    watched while it plays by whom ``spectators`` says."""
    known = bot_classes()
    for seat, bot in sorted(bots.items()):
        if not 0 < seat < variant.players:
            raise RefusedError("refused.no_such_seat", seat=seat + 1, players=variant.players)
        if bot not in known:  # only a form not sent by the page names another: cut short
            named = bot if len(bot) <= BOT_NAME_SHOWN else bot[: BOT_NAME_SHOWN - 1] + "…"
            raise RefusedError("refused.no_such_bot", bot=named, bots=", ".join(known))
    password_hash = passwords.hash(password) if password else None  # before anything is held
    _hold_player(db, host)
    waiting = select(func.count()).where(
        GameTable.host_id == host.id, GameTable.state == TableState.WAITING
    )
    if (db.scalar(waiting) or 0) >= MAX_WAITING_TABLES:
        db.rollback()
        raise RefusedError("refused.too_many_tables", 429, most=MAX_WAITING_TABLES)
    _check_tables_at_once(db, host)
    table = GameTable.of_variant(
        variant, host=host, password_hash=password_hash, spectators=spectators
    )
    table.seats = [Seat(seat=HOST_SEAT, user=host)]
    table.seats += [Seat(seat=seat, bot=bot) for seat, bot in sorted(bots.items())]
    away.forget(db, host.id)  # back at a table: the seats freed while away are behind them
    db.add(table)
    db.commit()
    return table


def join(
    db: Session,
    settings: Settings,
    passwords: Passwords,
    table: GameTable,
    user: User,
    password: str = "",
    address: str = "unknown",
) -> Seat:
    """Seat ``user`` at the first free seat of ``table``, if they know its password or had a
    seat there that was freed while they were away (:func:`~openhanabi.server.away.was_released`).

    Wrong passwords are counted per player and per ``address``: past the settings' limits within
    the window, :class:`~openhanabi.server.errors.TooManyAttemptsError` (429) without checking
    the password.
    """
    _check_waiting(table)
    if table.seat_of(user.id) is not None:
        raise RefusedError("refused.already_seated", 409)
    if table.password_hash is not None and not away.was_released(db, user.id, table.id):
        _check_password(db, settings, passwords, table.password_hash, user, password, address)
    free = table.free_seats()
    if not free:
        raise RefusedError("refused.table_full", 409)
    _hold_player(db, user)
    _check_tables_at_once(db, user)
    away.forget(db, user.id)  # back at a table: the seats freed while away are behind them
    seat = Seat(table=table, seat=free[0], user=user)
    db.add(seat)
    try:
        db.commit()
    except IntegrityError:  # the seat was taken a moment ago
        db.rollback()
        raise RefusedError("refused.seat_just_taken", 409) from None
    return seat


def _hold_player(db: Session, player: User) -> None:
    """Write ``player``'s own row, so that their seats are counted one change at a time: tables
    one player opens or joins at the same instant take turns (the second waits for the first's
    commit and counts its seat), on SQLite, where a write locks the database, as on PostgreSQL,
    where it locks the row."""
    db.execute(update(User).where(User.id == player.id).values(id=User.id))


def _check_tables_at_once(db: Session, player: User) -> None:
    """Refuse (rolling back) a further seat to ``player`` when they sit at
    :data:`MAX_TABLES_AT_ONCE` unfinished tables."""
    seated = select(func.count(Seat.id)).where(
        Seat.user_id == player.id,
        Seat.table_id.in_(select(GameTable.id).where(GameTable.state != TableState.FINISHED)),
    )
    if (db.scalar(seated) or 0) >= MAX_TABLES_AT_ONCE:
        db.rollback()
        raise RefusedError("refused.too_many_tables_at_once", 429, most=MAX_TABLES_AT_ONCE)


def _check_password(
    db: Session,
    settings: Settings,
    passwords: Passwords,
    password_hash: str,
    user: User,
    password: str,
    address: str,
) -> None:
    if not password:  # a form sent before the password was typed: no guess, so no failure
        raise RefusedError("refused.table_password_needed", 403)
    moment = now()
    window = timedelta(minutes=settings.login_window_minutes)
    db.execute(delete(TablePasswordFailure).where(TablePasswordFailure.at < moment - window))
    attempt = TablePasswordFailure(user_id=user.id, address=address, at=moment)
    note_attempt(
        db,
        attempt,
        [
            (TablePasswordFailure.user_id == user.id, settings.table_password_failures_per_player),
            (TablePasswordFailure.address == address, settings.table_password_failures_per_address),
        ],
        window,
        ("refused.too_many_table_passwords_one", "refused.too_many_table_passwords"),
    )
    if not passwords.verify(password_hash, password):
        # the attempt stays a failure; a right password later does not wipe these out: it is
        # no proof of anything, as the guesser may know another table's
        raise RefusedError("refused.wrong_table_password", 403)
    db.delete(attempt)
    db.commit()


def leave(db: Session, table: GameTable, user: User) -> None:
    """Free ``user``'s seat; the table closes when no player is left, else a player hosts it."""
    _check_waiting(table)
    seat = table.seat_of(user.id)
    if seat is None:
        raise RefusedError("refused.not_seated", 409)
    _hold_waiting(db, table)
    table.seats.remove(seat)
    _pass_on(db, table)
    db.commit()


def start(db: Session, table: GameTable, user: User) -> GameRecord:
    """Deal the game of ``table`` (only its host may, with every seat taken) and store it."""
    _check_waiting(table)
    if table.host_id != user.id:
        raise RefusedError("refused.host_starts", 403)
    free = table.free_seats()
    if free:
        seats = ", ".join(str(seat + 1) for seat in free)
        raise RefusedError("refused.seats_open", 409, seats=seats)
    # the first of starts that arrive together (a double click) switches the table to playing
    # and deals; the others find it started (the write waits for the first one's commit)
    _hold_waiting(db, table, TableState.PLAYING)
    # the seats as they are now that the table is held: a player may have left since they were
    # read, and the game must not deal their seat
    db.refresh(table, ["seats"])
    free = table.free_seats()
    if free:
        db.rollback()
        seats = ", ".join(str(seat + 1) for seat in free)
        raise RefusedError("refused.seats_open", 409, seats=seats)
    game = start_game(table)
    table.state = TableState.PLAYING
    db.add(game)
    db.commit()
    return game


def _hold_waiting(db: Session, table: GameTable, state: TableState = TableState.WAITING) -> None:
    """Write ``state`` on ``table`` if it still waits for its start, else refuse: the write holds
    the table until this change is committed, so a start or a leave that comes at the same time
    waits for it and then finds what it did (a start dealing a seat just freed, or a leave from
    a table just started, would otherwise both go through)."""
    held = db.connection().execute(
        update(GameTable)
        .where(GameTable.id == table.id, GameTable.state == TableState.WAITING)
        .values(state=state)
    )
    if held.rowcount != 1:
        db.rollback()
        raise RefusedError("refused.already_started", 409)


def _check_waiting(table: GameTable) -> None:
    if table.state is not TableState.WAITING:
        raise RefusedError("refused.already_started", 409)
