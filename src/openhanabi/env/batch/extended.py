"""The ``extended`` encoding for many games at once, from a :class:`BatchState`.

The values are those of :class:`~openhanabi.env.encodings.extended.ExtendedEncoding` (see its
table) for the seat on turn of each game, for every variant and option: with declared play the
last action also shows the suit declared, with bonus tiles the tiles it drew, and the
observation ends with the decision pending and the tiles left. They read only what that seat
may see (the stack's order and a reshuffled card's position stay with the state).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from openhanabi.env.batch.hle import as_values, rows_as_bytes, thermometers
from openhanabi.env.batch.state import BatchState
from openhanabi.env.batch.tiles import TILES, BonusTiles
from openhanabi.env.encodings.extended import KINDS, RANKS, ExtendedEncoding


class ExtendedObserver:
    """Writes the ``extended`` observation of the seat on turn of every game.

    The state keeps its knowledge and discard pile in the variant's own orders (the
    ``BatchState`` defaults).
    """

    def __init__(self, encoding: ExtendedEncoding) -> None:
        variant = encoding.variant
        players, hand = variant.players, variant.hand_size
        self.size = encoding.size
        self.identities = identities = len(variant.suits) * RANKS
        self.colours = len(variant.colours)
        one_hot = np.zeros((identities + 1, identities + 1), np.int8)
        one_hot[np.arange(identities + 1), np.arange(identities + 1)] = 1
        self.one_hot = rows_as_bytes(one_hot[:, :identities])  # the sentinel's row is all 0
        self.hand_sizes = thermometers(hand)
        self.turn = np.zeros(players, np.int8)
        self.turn[0] = 1  # the observer is the seat on turn
        self.draw_pile = thermometers(variant.deck_size - players * hand)
        fireworks = np.zeros((RANKS + 1, RANKS), np.int8)
        fireworks[np.arange(1, RANKS + 1), np.arange(RANKS)] = 1
        self.fireworks = rows_as_bytes(fireworks)
        self.clue_tokens = thermometers(variant.clue_tokens)
        self.lives = thermometers(variant.storms)
        self.last_round = thermometers(players)
        self.last_action_size = encoding.segment("last_action").size
        self.declared_play = variant.declared_play
        self.suits = len(variant.suits)
        self.bonus_tiles = variant.bonus_tiles
        pending = np.zeros((5, 4), np.int8)  # row decision + 1: one-hot, all 0 for none
        pending[np.arange(1, 5), np.arange(4)] = 1
        self.pending = pending

    def observe(self, state: BatchState, tiles: BonusTiles | None = None) -> NDArray[np.int8]:
        """The observation ``[N, size]`` of the seat on turn in each game (``tiles``: the
        games' bonus tiles, for a variant with them)."""
        n = state.games
        p, h = state.players, state.hand_size
        seats = (state.seat[:, None] + state.offsets) % p  # [N, P] by offset
        orders = state.hands_by_seat[state.seat_base[:, None] + seats][:, :, :h]
        cards = state.card_base[:, None, None] + orders  # [N, P, H]
        idents = state.deck_flat[cards[:, 1:]]
        held = state.held.reshape(-1)[state.seat_base[:, None] + seats]
        knowledge = rows_as_bytes(state.knowledge_by_card)[cards]
        parts = [
            as_values(self.one_hot[idents], n),
            self.hand_sizes[held].reshape(n, -1),
            np.broadcast_to(self.turn, (n, p)),
            self.draw_pile[state.deck_end - state.drawn],
            as_values(self.fireworks[state.fireworks], n),
            self.clue_tokens[state.clue_tokens],
            self.lives[state.variant.storms - state.storms],
            self.last_round[np.maximum(state.turns_left, 0)],
            state.discards,
            self._last_action(state),
            as_values(knowledge, n),
        ]
        if tiles is not None:
            parts += [self.pending[tiles.pending + 1], tiles.left]
        return np.concatenate(parts, axis=1)

    def _last_action(self, state: BatchState) -> NDArray[np.int8]:
        last = state.last
        n, p, h = state.games, state.players, state.hand_size
        c, k = self.colours, self.identities
        size = self.last_action_size
        values = np.zeros((n, size + 1), np.int8)  # the last column takes writes to nowhere
        seat = state.seat
        kind = last.kind
        clue = last.clue
        target = last.target
        slot = last.slot
        card = last.card
        any_action = kind >= 0
        start = p + KINDS + p  # where the colour named starts
        columns = np.stack(
            [
                np.where(any_action, (last.actor - seat) % p, size),
                np.where(any_action, p + kind, size),
                np.where(target >= 0, p + KINDS + (target - seat) % p, size),
                np.where((clue >= 0) & (clue < c), start + clue, size),
                np.where(clue >= c, start + clue, size),  # ranks follow the colours
                np.where(slot >= 0, start + c + RANKS + h + slot, size),
                np.where(card >= 0, start + c + RANKS + 2 * h + card, size),
            ],
            axis=1,
        )
        values[state.rows[:, None], columns] = 1
        start += c + RANKS
        values[:, start : start + h] = last.touched
        start += 2 * h + k
        values[:, start] = last.added
        values[:, start + 1] = last.storm
        if last.options:
            values[:, start + 2] = last.wrong
            values[:, start + 3] = last.answered
            start += 4
            if self.declared_play:
                declared = np.where(last.declared >= 0, start + last.declared, size)
                values[state.rows, declared] = 1
                start += self.suits
            if self.bonus_tiles:
                tile = np.where(last.tile > 0, start + last.tile - 1, size)
                values[state.rows, tile] = 1
                start += TILES
        return values[:, :size]
