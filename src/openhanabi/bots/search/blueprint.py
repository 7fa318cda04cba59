"""Copies of the ``hat`` blueprint's state, for rollouts that must not touch the real one.

A hat bot's state is the public knowledge it rebuilt from the log plus the identities its seat
has seen. Both are copied here field by field (much faster than :func:`copy.deepcopy`, which a
search calls thousands of times a game). The public knowledge is the same for every seat, so
the partner's model is the searching seat's own public knowledge with the identities the
partner sees: everything but its own hand.
"""

from __future__ import annotations

import copy

from openhanabi.bots.hat.bot import HatBot
from openhanabi.bots.hat.public import Public, _weigher

# the list fields of Public that its methods change in place (the others are numbers, the shared
# layout, or rebuilt below)
_LISTS = ("mask", "discarded", "played", "rem", "rem_level", "suit_board", "wt")


def copy_public(pub: Public) -> Public:
    """An independent copy of ``pub``: changing one never changes the other."""
    other = Public.__new__(Public)
    for name in Public.__slots__:
        setattr(other, name, getattr(pub, name))
    for name in _LISTS:
        setattr(other, name, list(getattr(pub, name)))
    other.hands = [list(hand) for hand in pub.hands]
    # the weigher reads the table it was made with: make one on the copy's own table
    other.weight = _weigher(other.wt, pub.lay.suits)
    return other


def copy_hat(bot: HatBot, seat: int, seen: dict[int, int]) -> HatBot:
    """A hat bot for ``seat`` in the state of ``bot``, having seen the identities ``seen``
    (order -> identity index) instead of ``bot``'s."""
    other = HatBot.__new__(HatBot)
    other.__dict__.update(bot.__dict__)
    other.seat = seat
    other.pub = copy_public(bot.pub)
    other._ident = seen
    other._fallback = None if bot._fallback is None else copy.deepcopy(bot._fallback)
    return other
