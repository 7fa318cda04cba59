"""Cards, and decks shuffled from a seed the same way on every machine.

The shuffle is part of the game's definition: ``--seed 7`` must deal the same game everywhere, on
any Python version, so it does not use :mod:`random` (whose algorithms may change between
versions). It uses SplitMix64 (Steele, Lea and Flood, 2014), a 64-bit generator simple enough to
restate here, and a Fisher-Yates shuffle whose bounded draws reject the biased top of the 64-bit
range:

1. ``state`` starts at ``seed`` modulo 2**64. Each draw adds 0x9E3779B97F4A7C15 to the state and
   returns ``mix(state)`` (see :func:`_mix`).
2. To draw below ``n``: take draws until one is below ``2**64 - 2**64 % n``; answer it modulo ``n``.
3. The deck starts in suit order, each suit's cards in its distribution's order; for ``i`` from
   the last index down to 1, swap card ``i`` with card ``below(i + 1)``. Index 0 is the top card.
4. With bonus tiles, the same generator then shuffles the tiles ``[1, 2, 3, 4, 5, 6]`` the same way,
   and later draws give the positions of cards shuffled back into the draw pile.

>>> SplitMix64(1234567).next()
6457827717110365317
>>> from openhanabi.rules.variants import find_variant
>>> deck = shuffled_deck(find_variant("base"), seed=0)
>>> len(deck), sorted(deck) == sorted(ordered_deck(find_variant("base")))
(50, True)
"""

from __future__ import annotations

import functools
import operator
import struct
from collections.abc import MutableSequence, Sequence
from typing import NamedTuple, TypeVar

from openhanabi.rules.errors import InvalidDeckError
from openhanabi.rules.numbers import whole_number
from openhanabi.rules.variants import Variant

_MASK = (1 << 64) - 1
_TWO_TO_64 = 1 << 64
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
BONUS_TILES = (1, 2, 3, 4, 5, 6)
T = TypeVar("T")


class Card(NamedTuple):
    """A card's identity: its suit (an index into the variant's suits) and its rank."""

    suit: int
    rank: int

    def name(self, variant: Variant) -> str:
        """Short name such as ``R3`` (suit letter and rank)."""
        return f"{variant.suits[self.suit].letter}{self.rank}"


def check_seed(seed: object) -> int:
    """``seed`` as a plain int (a NumPy integer is one), or ``ValueError`` for a bool, a float
    or text, which would fail deep inside the shuffle or deal another seed's game."""
    number = whole_number(seed)
    if number is None:
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    return number


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class SplitMix64:
    """The project's portable random number generator (see the module's notes)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = check_seed(seed) & _MASK

    def next(self) -> int:
        self.state = (self.state + _GOLDEN_GAMMA) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError(f"cannot draw below {n}")
        limit = _limit(n)
        while True:
            value = self.next()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (step 3 of the module's notes): for ``i`` from the last
        index down to 1, swap item ``i`` with item ``below(i + 1)``.

        Every deal shuffles, so the draws are made all at once (:func:`_draws`); a draw that
        :meth:`below` would reject (about one deal in 10**17) hands over to the plain loop.
        """
        last = len(items) - 1
        if last < 1:
            return
        state = self.state
        draws = _draws(state, last)
        # Each bound is above 2**64 - n, and n is at most last + 1: every draw below that is
        # kept, so the draws give the swaps directly.
        if max(draws) >= _TWO_TO_64 - last - 1:
            self._shuffle_checking(items, draws)
            return
        i = last
        # each draw modulo its bound, n = last + 1 down to 2, taken in C
        for j in map(operator.mod, draws, range(last + 1, 1, -1)):
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (state + last * _GOLDEN_GAMMA) & _MASK

    def _shuffle_checking(self, items: MutableSequence[T], draws: list[int]) -> None:
        # the shuffle when a draw may be rejected: each checked against its bound, and after a
        # rejection the plain loop takes over with the next draw, for the same item
        last = len(items) - 1
        state = self.state
        for k, value in enumerate(draws):
            n = last - k + 1
            if value >= _limit(n):
                self.state = (state + (k + 1) * _GOLDEN_GAMMA) & _MASK
                for i in range(n - 1, 0, -1):
                    j = self.below(i + 1)
                    items[i], items[j] = items[j], items[i]
                return
            j = value % n
            items[n - 1], items[j] = items[j], items[n - 1]
        self.state = (state + last * _GOLDEN_GAMMA) & _MASK


def _limit(n: int) -> int:
    """The draws :meth:`SplitMix64.below` keeps for ``n``: those below this bound."""
    return _TWO_TO_64 - _TWO_TO_64 % n


_LANE = 128  # bits per draw in :func:`_draws`: a 64-bit value times a 64-bit constant fits


@functools.cache
def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    # for ``count`` lanes: 1 in each lane, (k + 1) * gamma modulo 2**64 in lane k, the low 64
    # bits of each lane, and the reader of each lane's low 64 bits from the integer's bytes
    ones = sum(1 << (_LANE * k) for k in range(count))
    gammas = sum((((k + 1) * _GOLDEN_GAMMA) & _MASK) << (_LANE * k) for k in range(count))
    reader = struct.Struct("<" + "Q8x" * count)
    return ones, gammas, ones * _MASK, reader


def _draws(state: int, count: int) -> list[int]:
    """The values of the next ``count`` calls of :meth:`SplitMix64.next` from ``state``.

    Each draw sits in its own 128-bit lane of one integer, so each step of :func:`_mix` is one
    operation on that integer for all the draws: a product stays inside its lane, and each
    shift is masked back to the low 64 bits of every lane.
    """
    ones, gammas, low, reader = _lanes(count)
    z = (state * ones + gammas) & low  # state + (k + 1) * gamma, modulo 2**64
    z = ((z ^ ((z >> 30) & low)) * 0xBF58476D1CE4E5B9) & low
    z = ((z ^ ((z >> 27) & low)) * 0x94D049BB133111EB) & low
    z ^= (z >> 31) & low
    return list(reader.unpack(z.to_bytes(count * _LANE // 8, "little")))


def ordered_deck(variant: Variant) -> list[Card]:
    """Every card of the variant, suit by suit, before shuffling."""
    last = _last_ordered[0]  # the last variant's, by identity: hashing a variant costs more
    if last is None or last[0] is not variant:
        last = _last_ordered[0] = (variant, _ordered_deck(variant))
    return list(last[1])


_last_ordered: list[tuple[Variant, tuple[Card, ...]] | None] = [None]


@functools.cache
def _ordered_deck(variant: Variant) -> tuple[Card, ...]:
    return tuple(
        Card(index, rank) for index, suit in enumerate(variant.suits) for rank in suit.cards
    )


def shuffled_deck(variant: Variant, seed: int, rng: SplitMix64 | None = None) -> list[Card]:
    """The deck of ``variant`` for ``seed``, top card first."""
    rng = rng or SplitMix64(seed)
    deck = ordered_deck(variant)
    rng.shuffle(deck)
    return deck


def shuffled_tiles(rng: SplitMix64) -> list[int]:
    """The six bonus tiles in a random order, top first."""
    tiles = list(BONUS_TILES)
    rng.shuffle(tiles)
    return tiles


def check_deck(variant: Variant, deck: Sequence[Card]) -> None:
    """Raise :class:`InvalidDeckError` unless ``deck`` holds exactly the variant's cards."""
    for card in deck:
        if type(card) is not Card:  # a plain (suit, rank) tuple compares equal to its Card
            raise InvalidDeckError(f"every card of a deck is a Card, not {card!r}")
    expected = sorted(ordered_deck(variant))
    if sorted(deck) != expected:
        if len(deck) != len(expected):
            raise InvalidDeckError(
                f"the deck has {len(deck)} cards; {variant.key} has {len(expected)}"
            )
        raise InvalidDeckError(f"the deck does not hold the cards of {variant.key}")


def check_tiles(tiles: Sequence[int]) -> None:
    if any(type(tile) is not int for tile in tiles) or sorted(tiles) != list(BONUS_TILES):
        raise InvalidDeckError(f"the bonus tiles must be 1 to 6 once each, not {list(tiles)}")
