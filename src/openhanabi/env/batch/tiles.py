"""Bonus tiles for many games at once: the stack, the decision a tile asks for, the generator.

Per game: the six tiles in the order they will be drawn (``stack``, top first, dealt with the
deck by :func:`~openhanabi.env.batch.decks.deal`), how many were drawn, which are left (``left``,
the extended encoding's ``tiles_left`` values), the decision pending (``pending``: -1 for none,
else the encoding's index: 0 free colour clue, 1 free rank clue, 2 a card to shuffle back, 3 a
card to play from the discard pile) and the generator's state after the deal (``chance``), from
which the one card bonus tile 5 shuffles back draws its position, as
:class:`openhanabi.rules.Game` does.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from openhanabi.rules.deck import BONUS_TILES, SplitMix64

Ints = NDArray[np.int64]

TILES = len(BONUS_TILES)
NO_DECISION, FREE_COLOUR_CLUE, FREE_RANK_CLUE, RESHUFFLE, PLAY_FROM_DISCARD = -1, 0, 1, 2, 3


class BonusTiles:
    """The bonus tiles of ``N`` games (see the module's notes)."""

    def __init__(self, games: int) -> None:
        self.stack = np.zeros((games, TILES), np.int64)
        self.taken = np.zeros(games, np.int64)  # tiles drawn so far
        self.left = np.zeros((games, TILES), np.int8)  # per tile 1..6: still in the stack
        self.pending = np.full(games, NO_DECISION, np.int64)
        self.chance = np.zeros(games, np.uint64)

    def deal(self, rows: Ints, tiles: Ints, chance: NDArray[np.uint64]) -> None:
        """New games in ``rows``: their stacks (top first) and generators."""
        self.stack[rows] = tiles
        self.taken[rows] = 0
        self.left[rows] = 1
        self.pending[rows] = NO_DECISION
        self.chance[rows] = chance

    def draw(self, rows: Ints) -> Ints:
        """The games ``rows`` (each with a tile left) draw their top tile: the tiles drawn."""
        tiles = self.stack[rows, self.taken[rows]]
        self.taken[rows] += 1
        self.left[rows, tiles - 1] = 0
        return tiles

    def position(self, game: int, places: int) -> int:
        """Where the card shuffled back lands in game ``game``'s draw pile of ``places - 1``
        cards: the number of cards above it, drawn without advancing the generator (a game
        has one tile 5)."""
        return SplitMix64(int(self.chance[game])).below(places)
