"""Accounts: registering (rate-limited by :mod:`openhanabi.server.sign_ups`), signing in
(rate-limited) and out, and the sign-in behind a cookie."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from openhanabi.server.attempts import note_attempt
from openhanabi.server.errors import RefusedError
from openhanabi.server.models import LoginFailure, LoginSession, User, now
from openhanabi.server.security import Passwords, new_token, token_hash
from openhanabi.server.settings import Settings


def name_key(username: str) -> str:
    """The form of a username that must be unique: "Ann" and "ann" are one account."""
    return username.casefold()


def register(
    db: Session, passwords: Passwords, username: str, display_name: str, password: str
) -> User:
    """A new account. Its names are looked up before its password is hashed, so that a name
    taken costs no hash, and again once it is hashed, as someone may have taken one meanwhile;
    no transaction is open while the password is hashed."""
    user = User(username=username, name_key=name_key(username), display_name=display_name)
    _check_names(db, user)
    db.commit()
    user.password_hash = passwords.hash(password)
    _check_names(db, user)
    db.add(user)
    try:
        db.commit()
    except IntegrityError:  # someone registered the same name a moment ago
        db.rollback()
        raise _taken(user) from None
    return user


def _check_names(db: Session, user: User) -> None:
    """Raise :class:`RefusedError` (409) if the new ``user``'s username or display name is
    taken."""
    if db.scalar(select(User.id).where(User.name_key == user.name_key)) is not None:
        raise _taken(user)
    # a name players see at the table is one player's: nobody can pass for another
    same_name = select(User.id).where(User.display_key == user.display_key)
    if db.scalar(same_name.limit(1)) is not None:
        raise RefusedError("refused.display_name_taken", 409, name=user.display_name)
    looks_the_same = select(User.id).where(User.look_key == user.look_key)
    if db.scalar(looks_the_same.limit(1)) is not None:
        raise RefusedError("refused.display_name_look_alike", 409, name=user.display_name)


def _taken(user: User) -> RefusedError:
    return RefusedError("refused.username_taken", 409, username=user.username)


def authenticate(
    db: Session,
    settings: Settings,
    passwords: Passwords,
    username: str,
    password: str,
    address: str,
) -> User:
    """The account ``username`` if ``password`` is its password.

    Raises :class:`TooManyAttemptsError` after too many failures within the window (without
    checking the password), else :class:`RefusedError` (401) if wrong. Failures count for the
    account from ``address``, from ``address`` at any account, and for the account from
    anywhere at a far higher limit: a stranger's guesses pause the stranger, not the owner
    signing in from elsewhere, while guesses spread over many addresses still pause.
    """
    key = name_key(username)
    moment = now()
    window = timedelta(minutes=settings.login_window_minutes)
    since = moment - window
    db.execute(delete(LoginFailure).where(LoginFailure.at < since))
    attempt = LoginFailure(name_key=key, address=address, at=moment)
    note_attempt(
        db,
        attempt,
        [
            (
                (LoginFailure.name_key == key) & (LoginFailure.address == address),
                settings.login_failures_per_account,
            ),
            (LoginFailure.address == address, settings.login_failures_per_address),
            (LoginFailure.name_key == key, settings.login_failures_per_account_everywhere),
        ],
        window,
        ("refused.too_many_sign_ins_one", "refused.too_many_sign_ins"),
    )
    user = db.scalar(select(User).where(User.name_key == key))
    db.commit()  # no transaction open while the password is checked
    if not passwords.verify(user.password_hash if user else None, password) or user is None:
        raise RefusedError("refused.wrong_login", 401)  # the attempt stays a failure
    if passwords.outdated(user.password_hash):
        user.password_hash = passwords.hash(password)
    db.execute(delete(LoginFailure).where(LoginFailure.name_key == key))
    db.commit()
    return user


def open_session(db: Session, settings: Settings, user: User) -> str:
    """Sign ``user`` in: store a new session and return its token for the cookie."""
    moment = now()
    db.execute(delete(LoginSession).where(LoginSession.expires_at < moment))
    token = new_token()
    db.add(
        LoginSession(
            token_hash=token_hash(token),
            user_id=user.id,
            csrf_token=new_token(),
            created_at=moment,
            expires_at=moment + timedelta(days=settings.session_days),
        )
    )
    db.commit()
    return token


def find_session(db: Session, token: str) -> LoginSession | None:
    """The live session whose cookie holds ``token``, if any."""
    if not token:
        return None
    session = db.scalar(select(LoginSession).where(LoginSession.token_hash == token_hash(token)))
    if session is None or session.expires_at <= now():
        return None
    return session


def close_session(db: Session, session: LoginSession) -> None:
    db.delete(session)
    db.commit()
