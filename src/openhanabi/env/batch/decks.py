"""Seeded decks for many games at once: the rules' SplitMix64 Fisher-Yates shuffle in NumPy.

:func:`shuffled_decks` gives, for each seed, the deck that
:func:`openhanabi.rules.deck.shuffled_deck` deals for it, as card identities
(``suit * 5 + rank - 1``), top card first. The generator's 64-bit arithmetic runs on ``uint64``
arrays (NumPy wraps products modulo 2**64, as the rules' generator masks them), one column of
the shuffle for every seed at once; the rare draw that the bounded draw rejects (probability
below 2**-58 per draw) is drawn again for the games that need it.

:func:`deal` also shuffles the bonus tiles after the deck, with the same generator, as
:meth:`openhanabi.rules.Game.new` does, and keeps the generator's state that the game draws a
reshuffled card's position from.

>>> from openhanabi.rules import Game, find_variant, shuffled_deck
>>> from openhanabi.rules.tables import identity
>>> variant = find_variant("base")
>>> decks = shuffled_decks(variant, [0, 7])
>>> decks[1].tolist() == [identity(card) for card in shuffled_deck(variant, 7)]
True
>>> dealt = deal(find_variant("bonus-tiles"), [3])
>>> dealt.tiles[0].tolist() == list(Game.new(find_variant("bonus-tiles"), 3).bonus_tiles)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from openhanabi.rules import Variant
from openhanabi.rules.deck import BONUS_TILES, ordered_deck
from openhanabi.rules.tables import identity

_MASK = (1 << 64) - 1
_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)


class Deals(NamedTuple):
    """What seeds deal: decks ``[G, D]``; with bonus tiles the tiles ``[G, 6]`` (top first)
    and each generator's state after both shuffles ``[G]`` (else empty arrays)."""

    decks: NDArray[np.int64]
    tiles: NDArray[np.int64]
    chance: NDArray[np.uint64]


def _mix(z: NDArray[np.uint64]) -> NDArray[np.uint64]:
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


def _shuffle(items: NDArray[np.int64], state: NDArray[np.uint64]) -> None:
    """Fisher-Yates shuffle of every row of ``items`` in place, each with its generator."""
    rows = np.arange(len(items))
    with np.errstate(over="ignore"):
        for i in range(items.shape[1] - 1, 0, -1):
            n = i + 1
            state += _GAMMA
            value = _mix(state)
            if (1 << 64) % n:  # a power of two rejects nothing
                limit = np.uint64((1 << 64) - (1 << 64) % n)
                rejected = np.flatnonzero(value >= limit)
                while rejected.size:  # draw again where the bounded draw rejected the value
                    state[rejected] += _GAMMA
                    value[rejected] = _mix(state[rejected])
                    rejected = rejected[value[rejected] >= limit]
            j = (value % np.uint64(n)).astype(np.int64)
            top = items[rows, j]
            items[rows, j] = items[:, i]
            items[:, i] = top


def deal(variant: Variant, seeds: Sequence[int]) -> Deals:
    """The decks of ``seeds``, and their bonus tiles and generators if the variant has tiles."""
    cards = [identity(card) for card in ordered_deck(variant)]
    decks = np.tile(np.array(cards, dtype=np.int64), (len(seeds), 1))
    state = np.array([seed & _MASK for seed in seeds], dtype=np.uint64)
    if len(seeds):
        _shuffle(decks, state)
    if not variant.bonus_tiles:
        return Deals(decks, np.zeros((len(seeds), 0), np.int64), state[:0])
    tiles = np.tile(np.array(BONUS_TILES, dtype=np.int64), (len(seeds), 1))
    if len(seeds):
        _shuffle(tiles, state)
    return Deals(decks, tiles, state)


def shuffled_decks(variant: Variant, seeds: Sequence[int]) -> NDArray[np.int64]:
    """The deck of each seed as identities, one row per seed, top card first."""
    return deal(variant, seeds).decks
