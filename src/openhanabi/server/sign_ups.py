"""New accounts, counted per address within a window: past a limit, the next sign-up from that
address waits, so that a script cannot register accounts without end (each costs an argon2 hash
and a row), while a family or a club signing up a few people at once never notices.

A sign-up is stored before its account is made, as
:func:`~openhanabi.server.attempts.note_attempt` stores a guess: sign-ups sent together from one
address each count the others, so that they cannot all take the last place, and no transaction
is open while the password is hashed. A row holds only the address and the moment, not the
account, and is deleted by the first sign-up after its window or by the server's sweep
(:func:`~openhanabi.server.attempts.forget_old`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import timedelta

from sqlalchemy import delete
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from openhanabi.server.attempts import note_attempt
from openhanabi.server.models import SignUp, now
from openhanabi.server.settings import Settings


@contextlib.contextmanager
def sign_up_from(db: Session, settings: Settings, address: str) -> Iterator[None]:
    """Count the account the block registers as one from ``address``; raise
    :class:`~openhanabi.server.errors.TooManyAttemptsError` (429) instead, before the block
    runs, when ``address`` has registered ``settings.sign_ups_per_address`` accounts within the
    window. A block that raises made no account, and its sign-up is taken back."""
    moment = now()
    window = timedelta(minutes=settings.sign_up_window_minutes)
    db.execute(delete(SignUp).where(SignUp.at < moment - window))
    sign_up = SignUp(address=address, at=moment)
    note_attempt(
        db,
        sign_up,
        [(SignUp.address == address, settings.sign_ups_per_address)],
        window,
        ("refused.too_many_sign_ups_one", "refused.too_many_sign_ups"),
    )
    try:
        yield
    except Exception:
        db.rollback()
        # a database that cannot take it back now keeps it counted until its window is over
        with contextlib.suppress(SQLAlchemyError):
            db.delete(sign_up)
            db.commit()
        raise
