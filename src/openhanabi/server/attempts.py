"""Failed attempts at a secret (a sign-in, a table's password), counted within a window: past a
limit, the next attempt waits without its secret being checked, so guessing takes years."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import NoReturn

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from openhanabi.server.errors import TooManyAttemptsError


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
