"""The convention set, one small function per convention (see docs/conventions.md).

Identities are integers ``suit * 5 + rank - 1`` and sets of identities are bitmasks, as in
:mod:`openhanabi.rules.tables`. A card is *marked* when a clue touched it or a finesse called
it; unmarked cards are the ones a player may discard.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from openhanabi.rules.tables import Tables

# how many states of the fireworks and the lost copies a variant's FireworkMasks remembers
# before it starts over: a game passes through about fifty, a search's rollouts a few hundred more
REMEMBERED_STATES = 20_000


def within(mask: int, allowed: int) -> bool:
    """Whether the non-empty set ``mask`` lies inside ``allowed``: every identity it allows is
    one of them (a card whose every reading fits is a sure play)."""
    return mask != 0 and mask & ~allowed == 0


def single(mask: int) -> int:
    """The identity of a set known to hold exactly one."""
    return mask.bit_length() - 1


def identities(mask: int) -> list[int]:
    """The identities in the set ``mask``, lowest first."""
    found = []
    ident = 0
    while mask:
        if mask & 1:
            found.append(ident)
        mask >>= 1
        ident += 1
    return found


def chop(hand: Sequence[int], marked: set[int] | dict[int, int]) -> int | None:
    """Chop: the oldest card that no clue or finesse has marked; the card to discard next."""
    for order in hand:
        if order not in marked:
            return order
    return None


def finesse_position(hand: Sequence[int], marked: set[int] | dict[int, int]) -> int | None:
    """Finesse position: the newest unmarked card, the one a finesse asks to play blind."""
    for order in reversed(hand):
        if order not in marked:
            return order
    return None


def clue_focus(new: Sequence[int], chop_order: int | None) -> int | None:
    """Focus of a clue: the chop when the clue newly touches it, else the newest newly touched
    card (``new`` lists the newly touched cards oldest first)."""
    if not new:
        return None
    if chop_order is not None and chop_order in new:
        return chop_order
    return new[-1]


def end_cards(tables: Tables) -> int:
    """The identities that complete a firework (5s, black powder's 1): saved by a rank clue."""
    return sum(1 << row[-2] for row in tables.needed)


def second_cards(tables: Tables) -> int:
    """The second card of each firework (2s, black powder's 4): the 2-save cards."""
    return sum(1 << row[1] for row in tables.needed if len(row) > 2)


def save_candidates(
    base: int,
    critical: int,
    useless: int,
    ends: int,
    seconds: int,
    rank_touch: int | None,
) -> int:
    """What a clue on chop may save: a critical card with any clue, a 5 only with a 5 clue and a
    2 only with a 2 clue (``rank_touch`` is the rank clue's mask, ``None`` for a colour clue)."""
    saves = critical & ~ends
    if rank_touch is not None:
        saves |= rank_touch & (ends | seconds)
    return base & saves & ~useless


def firework_masks(
    tables: Tables, fireworks: Sequence[int], gone: Sequence[int]
) -> tuple[int, int, int]:
    """Playable, useless (played or out of reach) and critical (last useful copy) identities."""
    playable = useless = critical = 0
    for suit, played in enumerate(fireworks):
        row = tables.needed[suit]
        for ident in row[:played]:
            useless |= 1 << ident
        if row[played] >= 0:
            playable |= 1 << row[played]
        k = played
        while row[k] >= 0 and gone[row[k]] < tables.copies[row[k]]:
            if tables.copies[row[k]] - gone[row[k]] == 1:
                critical |= 1 << row[k]
            k += 1
        for ident in row[k:-1]:
            useless |= 1 << ident
    return playable, useless, critical


def fits_once_played(tables: Tables, playable: int, played: int) -> int:
    """The identities that fit once the identities ``played`` (each fitting now, or once
    another of them is played) are played: ``playable`` less them, and the card after each."""
    after = playable
    for ident in identities(played):
        row = tables.needed[tables.suit_of[ident]]
        following = row[row.index(ident) + 1]
        if following >= 0:
            after |= 1 << following
    return after & ~played


class FireworkMasks:
    """:func:`firework_masks` of one variant, with the played identities as a fourth mask,
    remembered by state: every seat's notes reach the same states, and so do the rollouts of a
    search, again and again, and working them out is a good part of reading a play."""

    __slots__ = ("found", "tables")

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.found: dict[tuple[int, ...], tuple[int, int, int, int]] = {}

    def __call__(self, fireworks: Sequence[int], gone: Sequence[int]) -> tuple[int, int, int, int]:
        key = (*fireworks, *gone)
        found = self.found.get(key)
        if found is None:
            if len(self.found) >= REMEMBERED_STATES:
                self.found.clear()
            t = self.tables
            played = 0
            for suit, count in enumerate(fireworks):
                for ident in t.needed[suit][:count]:
                    played |= 1 << ident
            found = self.found[key] = (*firework_masks(t, fireworks, gone), played)
        return found


@functools.cache
def masks_for(tables: Tables) -> FireworkMasks:
    """The one :class:`FireworkMasks` of ``tables`` (shared by every seat in the process)."""
    return FireworkMasks(tables)


def suits_of(mask: int, tables: Tables) -> set[int]:
    """The suits an identity set spans."""
    found = set()
    ident = 0
    while mask:
        if mask & 1:
            found.add(tables.suit_of[ident])
        mask >>= 1
        ident += 1
    return found
