"""The errors the rules raise: each one says what is wrong in words a player understands."""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error raised by :mod:`openhanabi.rules`."""


class UnknownNameError(RulesError, ValueError):
    """A variant, suit or option name that the rules do not know."""


class InvalidVariantError(RulesError, ValueError):
    """Options that do not make a playable game (for example 6 players)."""


class InvalidActionError(RulesError, ValueError):
    """Text or values that do not describe an action at all (bad syntax)."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules forbid in the current state."""


class InvalidDeckError(RulesError, ValueError):
    """A deck that is not a shuffle of the variant's cards."""
