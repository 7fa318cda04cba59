"""Passwords (argon2), random tokens and their hashes, and CSRF tokens compared in constant time.

>>> passwords = Passwords(time_cost=1, memory_kib=1024)
>>> hashed = passwords.hash("correct horse")
>>> passwords.verify(hashed, "correct horse"), passwords.verify(hashed, "wrong horse")
(True, False)
>>> token = new_token()
>>> len(token_hash(token)), same_token(token, token), same_token(token, "")
(64, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
from functools import cached_property

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError


class Passwords:
    """Argon2id hashes at a cost set in :class:`~openhanabi.server.settings.Settings`."""

    def __init__(self, time_cost: int, memory_kib: int, at_once: int | None = None) -> None:
        self._hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib)
        # each hash takes ``memory_kib`` of memory (64 MiB by default) and a core: sign-ups and
        # sign-ins sent together (as many as the server has threads) wait their turn here rather
        # than take that much memory each at once
        self._turns = threading.BoundedSemaphore(at_once or os.cpu_count() or 1)

    @cached_property
    def _dummy(self) -> str:
        # verified when no account has the name given, so that a wrong name takes as long as a
        # wrong password and does not tell which names exist
        with self._turns:
            return self._hasher.hash(secrets.token_urlsafe(16))

    def hash(self, password: str) -> str:
        with self._turns:
            return self._hasher.hash(password)

    def verify(self, hashed: str | None, password: str) -> bool:
        """Whether ``password`` matches ``hashed`` (None: no account; still takes the time)."""
        against = hashed or self._dummy
        try:
            with self._turns:
                return self._hasher.verify(against, password) and hashed is not None
        except (VerificationError, InvalidHashError):
            return False

    def outdated(self, hashed: str) -> bool:
        """Whether ``hashed`` was made at another cost (rehash it at the next sign-in)."""
        return self._hasher.check_needs_rehash(hashed)


def new_token() -> str:
    """A random token for a cookie or a form (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a session token: a stolen database signs nobody in."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(expected: str, given: str) -> bool:
    return bool(expected) and hmac.compare_digest(expected.encode(), given.encode())
