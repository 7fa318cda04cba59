"""Passwords (argon2), random tokens and their hashes, and CSRF tokens compared in constant time.

>>> hashed = hash_password("correct horse")
>>> verify_password(hashed, "correct horse"), verify_password(hashed, "wrong horse")
(True, False)
>>> token = new_token()
>>> len(token_hash(token)), same_token(token, token), same_token(token, "")
(64, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()
# verified when no account has the name given, so that a wrong name takes as long as a wrong
# password and does not tell which names exist
_DUMMY_HASH = _HASHER.hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(hashed: str | None, password: str) -> bool:
    """Whether ``password`` matches ``hashed`` (None: no account; still takes the time)."""
    try:
        return _HASHER.verify(hashed or _DUMMY_HASH, password) and hashed is not None
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    """A random token for a cookie or a form (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a session token: a stolen database signs nobody in."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(expected: str, given: str) -> bool:
    return bool(expected) and hmac.compare_digest(expected.encode(), given.encode())
