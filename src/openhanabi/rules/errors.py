"""The errors the rules raise: each one says what is wrong in words a player understands."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error raised by :mod:`openhanabi.rules`."""


class UnknownNameError(RulesError, ValueError):
    """A variant, suit or option name that the rules do not know."""


class InvalidVariantError(RulesError, ValueError):
    """Options that do not make a playable game (for example 6 players).

    Like :class:`IllegalActionError`, it names the rule broken for programs: ``reason`` (such
    as ``"no_draw_pile"``) and ``params``, the numbers it concerns.
    """

    def __init__(self, message: str, reason: str = "invalid", **params: int) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params


class InvalidActionError(RulesError, ValueError):
    """Text or values that do not describe an action at all (bad syntax)."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules forbid in the current state.

    Besides its message, it names the rule broken for programs: ``reason`` is a stable code
    (such as ``"no_clue_tokens"``) and ``params`` the numbers it concerns (card orders, seats),
    so that an interface can say it in its own words and language.

    >>> error = IllegalActionError("no clue token is left", "no_clue_tokens")
    >>> error.reason, error.params, str(error)
    ('no_clue_tokens', {}, 'no clue token is left')
    """

    def __init__(self, message: str, reason: str = "illegal", **params: int) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params


class InvalidDeckError(RulesError, ValueError):
    """A deck that is not a shuffle of the variant's cards."""
