"""HLE's canonical encoding for many games at once, from a :class:`BatchState`.

The values are those of :class:`~openhanabi.env.encodings.hle.HLEEncoding` (see its table),
for the seat on turn of each game; they read only what that seat may see: the other hands, the
public piles and counters, the last action, and every card's knowledge row.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from openhanabi.env.batch.state import PLAY, BatchState
from openhanabi.env.encodings.hle import CARDS, COPIES, HLE_COLOURS, RANKS, HLEEncoding


def thermometers(length: int) -> NDArray[np.int8]:
    """Row ``k`` has ``k`` ones then zeros: a thermometer of ``k`` in ``length`` values."""
    return (np.arange(length)[None, :] < np.arange(length + 1)[:, None]).astype(np.int8)


class HLEObserver:
    """Writes the ``hle`` observation of the seat on turn of every game."""

    def __init__(self, encoding: HLEEncoding) -> None:
        variant = encoding.variant
        self.encoding = encoding
        self.size = encoding.size
        self.at = encoding.at
        players, hand = variant.players, variant.hand_size
        # HLE's card index of each identity, the sentinel mapped past the last one
        self.card = np.array([*encoding.card_index, CARDS], np.int64)
        one_hot = np.zeros((CARDS + 1, CARDS + 1), np.int8)
        one_hot[self.card, self.card] = 1
        self.one_hot = one_hot[:, :CARDS][self.card]  # by identity
        self.draw_pile = thermometers(variant.deck_size - players * hand)
        self.clue_tokens = thermometers(variant.clue_tokens)
        self.lives = thermometers(variant.storms)
        fireworks = np.zeros((6, RANKS), np.int8)
        fireworks[np.arange(1, 6), np.arange(5)] = 1
        self.fireworks = fireworks
        self.suit_of_colour = np.array(encoding.suit_of_colour, np.int64)
        starts = np.cumsum([0, *[COPIES[i % RANKS] for i in range(CARDS)]])[:-1]
        self.discard_start = starts[list(encoding.card_index)] + self.at["discards"]  # by identity
        self.colour_of_clue = np.array(encoding.colour_of_clue, np.int64)

    def observe(self, state: BatchState) -> NDArray[np.int8]:
        """The observation ``[N, size]`` of the seat on turn in each game."""
        n = state.games
        p, h = state.players, state.hand_size
        at = self.at
        rows = state.rows
        obs = np.zeros((n, self.size + 1), np.int8)  # the last column takes writes to nowhere
        seats = (state.seat[:, None] + np.arange(p)) % p  # [N, P] by offset
        orders = state.hands[rows[:, None], seats, :h]  # [N, P, H]
        idents = state.deck[rows[:, None, None], orders[:, 1:]]
        start = at["hands"]
        obs[:, start : at["missing_cards"]] = self.one_hot[idents].reshape(n, -1)
        obs[:, at["missing_cards"] : at["draw_pile"]] = state.held[rows[:, None], seats] < h
        obs[:, at["draw_pile"] : at["fireworks"]] = self.draw_pile[state.deck_size - state.drawn]
        played = state.fireworks[:, self.suit_of_colour]
        obs[:, at["fireworks"] : at["clue_tokens"]] = self.fireworks[played].reshape(n, -1)
        obs[:, at["clue_tokens"] : at["lives"]] = self.clue_tokens[state.clue_tokens]
        obs[:, at["lives"] : at["discards"]] = self.lives[state.variant.storms - state.storms]
        lost = np.nonzero(state.lost)
        for copy in range(max(COPIES)):
            some = state.lost[lost] > copy
            obs[lost[0][some], self.discard_start[lost[1][some]] + copy] = 1
        self._last_action(state, obs)
        start = at["card_knowledge"]
        obs[:, start : self.size] = state.knowledge[rows[:, None, None], orders].reshape(n, -1)
        return obs[:, : self.size]

    def _last_action(self, state: BatchState, obs: NDArray[np.int8]) -> None:
        last = state.last
        p, h = state.players, state.hand_size
        rows = np.flatnonzero(last.kind >= 0)
        if not rows.size:
            return
        nowhere = self.size
        seat = state.seat[rows]
        kind = last.kind[rows]
        start = self.at["last_action"]
        obs[rows, start + (last.actor[rows] - seat) % p] = 1
        start += p
        obs[rows, start + kind] = 1
        start += 4
        clue = last.clue[rows]
        target = last.target[rows]
        obs[rows, np.where(target >= 0, start + (target - seat) % p, nowhere)] = 1
        start += p
        colours = len(self.colour_of_clue)
        colour = (clue >= 0) & (clue < colours)
        colour_index = self.colour_of_clue[np.where(colour, clue, 0)]
        obs[rows, np.where(colour, start + colour_index, nowhere)] = 1
        start += len(HLE_COLOURS)
        obs[rows, np.where(clue >= colours, start + clue - colours, nowhere)] = 1
        start += RANKS
        obs[rows, start : start + h] = last.touched[rows]
        start += h
        slot = last.slot[rows]
        obs[rows, np.where(slot >= 0, start + slot, nowhere)] = 1
        start += h
        card = last.card[rows]
        obs[rows, np.where(card >= 0, start + self.card[card], nowhere)] = 1
        start += CARDS
        added = last.added[rows] & (kind == PLAY)
        obs[rows, start] = added
        regained = (
            added
            & (state.rules.rank_of[card] == RANKS)
            & (last.tokens_before[rows] < state.variant.clue_tokens)
        )
        obs[rows, start + 1] = regained
