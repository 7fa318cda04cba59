"""HLE's canonical encoding for many games at once, from a :class:`BatchState`.

The values are those of :class:`~openhanabi.env.encodings.hle.HLEEncoding` (see its table),
for the seat on turn of each game; they read only what that seat may see: the other hands, the
public piles and counters, the last action, and every card's knowledge row.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from openhanabi.env.batch.state import PLAY, BatchState
from openhanabi.env.encodings.hle import CARDS, RANKS, HLEEncoding


def thermometers(length: int) -> NDArray[np.int8]:
    """Row ``k`` has ``k`` ones then zeros: a thermometer of ``k`` in ``length`` values."""
    return (np.arange(length)[None, :] < np.arange(length + 1)[:, None]).astype(np.int8)


def rows_as_bytes(table: NDArray[np.int8]) -> NDArray[np.void]:
    """Each row of a 2-D int8 table as one opaque value: gathering whole rows is then a copy
    of bytes per row, much cheaper than gathering their values one by one."""
    table = np.ascontiguousarray(table)
    return table.view(np.dtype((np.void, table.shape[1]))).reshape(-1)


def as_values(rows: NDArray[np.void], games: int) -> NDArray[np.int8]:
    """Gathered rows (see :func:`rows_as_bytes`) back as values, one row per game."""
    return np.ascontiguousarray(rows).view(np.int8).reshape(games, -1)


class HLEObserver:
    """Writes the ``hle`` observation of the seat on turn of every game.

    The state must keep its knowledge and discard pile in HLE's card and colour orders
    (``BatchState(identity_order=encoding.identity_order, colour_order=moves.colour_order)``).
    """

    def __init__(self, encoding: HLEEncoding) -> None:
        variant = encoding.variant
        self.encoding = encoding
        self.size = encoding.size
        self.at = encoding.at
        players, hand = variant.players, variant.hand_size
        # one-hot rows of HLE's card index, by identity; the sentinel's row is all 0
        card = np.array([*encoding.card_index, CARDS], np.int64)
        one_hot = np.zeros((CARDS + 1, CARDS + 1), np.int8)
        one_hot[np.arange(CARDS + 1), card] = 1
        self.one_hot = rows_as_bytes(one_hot[:, :CARDS])
        self.card = card
        self.draw_pile = thermometers(variant.deck_size - players * hand)
        self.clue_tokens = thermometers(variant.clue_tokens)
        self.lives = thermometers(variant.storms)
        fireworks = np.zeros((6, RANKS), np.int8)
        fireworks[np.arange(1, 6), np.arange(5)] = 1
        self.fireworks = rows_as_bytes(fireworks)
        self.suit_of_colour = np.array(encoding.suit_of_colour, np.int64)
        self.colour_of_clue = np.array(encoding.colour_of_clue, np.int64)
        self.last_action_size = encoding.segment("last_action").size

    def observe(self, state: BatchState) -> NDArray[np.int8]:
        """The observation ``[N, size]`` of the seat on turn in each game."""
        n = state.games
        p, h = state.players, state.hand_size
        seats = (state.seat[:, None] + state.offsets) % p  # [N, P] by offset
        orders = state.hands_by_seat[state.seat_base[:, None] + seats][:, :, :h]
        cards = state.card_base[:, None, None] + orders  # [N, P, H]
        idents = state.deck_flat[cards[:, 1:]]
        knowledge = rows_as_bytes(state.knowledge_by_card)[cards]
        played = state.fireworks[:, self.suit_of_colour]
        parts = [
            as_values(self.one_hot[idents], n),
            (state.held.reshape(-1)[state.seat_base[:, None] + seats] < h).view(np.int8),
            self.draw_pile[state.deck_size - state.drawn],
            as_values(self.fireworks[played], n),
            self.clue_tokens[state.clue_tokens],
            self.lives[state.variant.storms - state.storms],
            state.discards,
            self._last_action(state),
            as_values(knowledge, n),
        ]
        return np.concatenate(parts, axis=1)

    def _last_action(self, state: BatchState) -> NDArray[np.int8]:
        last = state.last
        n, p, h = state.games, state.players, state.hand_size
        rows = state.rows
        size = self.last_action_size
        values = np.zeros((n, size + 1), np.int8)  # the last column takes writes to nowhere
        seat = state.seat
        kind = last.kind
        clue = last.clue
        target = last.target
        slot = last.slot
        card = last.card
        colours = len(self.colour_of_clue)
        colour = (clue >= 0) & (clue < colours)
        any_action = kind >= 0
        columns = np.stack(
            [
                np.where(any_action, (last.actor - seat) % p, size),
                np.where(any_action, p + kind, size),
                np.where(target >= 0, p + 4 + (target - seat) % p, size),
                np.where(colour, 2 * p + 4 + self.colour_of_clue[np.where(colour, clue, 0)], size),
                np.where(clue >= colours, 2 * p + 9 + clue - colours, size),
                np.where(slot >= 0, 2 * p + 14 + h + slot, size),
                np.where(card >= 0, 2 * p + 14 + 2 * h + self.card[card], size),
            ],
            axis=1,
        )
        values[rows[:, None], columns] = 1
        start = 2 * p + 14
        values[:, start : start + h] = last.touched
        added = last.added & (kind == PLAY)
        start = size - 2
        values[:, start] = added
        values[:, start + 1] = (
            added
            & (state.rules.rank_of[card] == RANKS)
            & (last.tokens_before < state.variant.clue_tokens)
        )
        return values[:, :size]
