"""Failed attempts at a secret (a sign-in, a table's password), counted within a window: past a
limit, the next attempt waits without its secret being checked, so guessing takes years. New
accounts are counted the same way (:mod:`openhanabi.server.sign_ups`), their password hashed
where a guess's is checked.

An attempt is stored as a failure before its secret is checked (:func:`note_attempt`), and
taken back if the secret is right: attempts sent together each count those stored before them,
so that they cannot all pass the limit at once, and no transaction is open while the secret is
checked (argon2 takes a good part of a second, and SQLite's file would stay locked meanwhile).

An attempt whose window is over counts for nothing, and it holds an address: each kind is
deleted as the next attempt of its kind is counted, and all of them by the server's sweep
(:func:`forget_old`), so that a quiet server keeps none for long either.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import NoReturn

from sqlalchemy import ColumnElement, delete, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from openhanabi.server.errors import TooManyAttemptsError
from openhanabi.server.models import LoginFailure, SignUp, TablePasswordFailure
from openhanabi.server.settings import Settings


def note_attempt(
    db: Session,
    attempt: LoginFailure | TablePasswordFailure | SignUp,
    limits: list[tuple[ColumnElement[bool], int]],
    window: timedelta,
    refusals: tuple[str, str],
) -> None:
    """Store ``attempt`` as a failure, then raise :class:`TooManyAttemptsError` (taking it back)
    if the other failures reach one of ``limits`` (see :func:`check_failures`). Ends with no
    transaction open: the caller checks the secret next, and deletes ``attempt`` if it is
    right."""
    db.add(attempt)
    db.commit()
    model = type(attempt)
    others: list[tuple[ColumnElement[bool], int]] = [
        (which & (model.id != attempt.id), limit) for which, limit in limits
    ]
    try:
        check_failures(db, model.at, others, window, attempt.at, refusals)
    except TooManyAttemptsError:
        db.delete(attempt)  # a refused attempt was no guess
        db.commit()
        raise
    db.commit()


def check_failures(
    db: Session,
    moment_column: InstrumentedAttribute[datetime],
    limits: list[tuple[ColumnElement[bool], int]],
    window: timedelta,
    moment: datetime,
    refusals: tuple[str, str],
) -> None:
    """Raise :class:`TooManyAttemptsError` (with the first of ``refusals`` for a wait of one
    minute, else the second) when, for one of ``limits`` (which failures count, and how many
    there may be), the failures since ``moment - window`` have reached the limit."""
    since = moment - window
    for which, limit in limits:
        count, first = db.execute(
            select(func.count(), func.min(moment_column)).where(which, moment_column >= since)
        ).one()
        if count >= limit:
            db.commit()  # keeps the clean-up the caller may have made
            refuse(first, window, moment, refusals)


def refuse(
    first: datetime | None,
    window: timedelta,
    moment: datetime,
    refusals: tuple[str, str],
    **params: object,
) -> NoReturn:
    """Raise :class:`TooManyAttemptsError` with a wait until ``first`` (the oldest attempt
    counted, None when unknown) leaves the ``window`` that ends at ``moment``, in whole minutes
    in the first of ``refusals`` for one minute, else the second; ``params`` join the minutes."""
    if first is not None and first.tzinfo is None:  # SQLite's aggregate loses the type
        first = datetime.fromisoformat(str(first)).replace(tzinfo=moment.tzinfo)
    wait = (first + window - moment).total_seconds() if first is not None else 60.0
    minutes = max(1, math.ceil(wait / 60))
    raise TooManyAttemptsError(
        refusals[0] if minutes == 1 else refusals[1],
        retry_after=max(1, math.ceil(wait)),
        minutes=minutes,
        **params,
    )


def forget_old(db: Session, settings: Settings, moment: datetime) -> None:
    """Delete the failed sign-ins, wrong table passwords and sign-ups whose window was over at
    ``moment``."""
    login_window = timedelta(minutes=settings.login_window_minutes)
    windows: list[tuple[type[LoginFailure | TablePasswordFailure | SignUp], timedelta]] = [
        (LoginFailure, login_window),
        (TablePasswordFailure, login_window),  # table passwords are guessed as sign-ins are
        (SignUp, timedelta(minutes=settings.sign_up_window_minutes)),
    ]
    for model, window in windows:
        db.execute(delete(model).where(model.at < moment - window))
    db.commit()
