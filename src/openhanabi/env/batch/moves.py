"""Move numbers for many games at once: decoding chosen moves and masking the legal ones.

The numbering is :class:`~openhanabi.env.moves.MoveNumbering`'s (the encoding's, so HLE's for the
``hle`` encoding); only its blocks for plays, discards and clues exist here, as the batch engine
plays neither declared plays nor bonus tiles.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from openhanabi.env.batch.state import (
    COLOUR_CLUE,
    DISCARD,
    PLAY,
    RANK_CLUE,
    BatchState,
    Ints,
    RuleTables,
)
from openhanabi.env.moves import RANKS, MoveNumbering


class BatchMoves:
    """One numbering's tables: what each move number asks for, and where each legal move goes."""

    def __init__(self, moves: MoveNumbering, rules: RuleTables) -> None:
        self.size = moves.size
        self.players = moves.players
        self.hand_size = moves.hand_size
        colours = moves.colours
        order = moves.colour_order
        columns: tuple[list[int], ...] = ([], [], [], [])
        for move in range(moves.size):
            if move < moves.play:
                entry = (DISCARD, move - moves.discard, 0, -1)
            elif move < moves.colour_clues:
                entry = (PLAY, move - moves.play, 0, -1)
            elif move < moves.rank_clues:
                target, colour = divmod(move - moves.colour_clues, colours)
                entry = (COLOUR_CLUE, 0, target + 1, order[colour])
            else:
                target, rank = divmod(move - moves.rank_clues, RANKS)
                entry = (RANK_CLUE, 0, target + 1, colours + rank)
            for column, value in zip(columns, entry, strict=True):
                column.append(value)
        self.kind, self.slot, self.offset, self.clue = (np.array(c, np.int64) for c in columns)
        # clue columns (variant colours, then ranks) in the numbering's order
        self._clue_columns = np.array([*order, *range(colours, colours + RANKS)], np.int64)
        self._clue_count = clues = colours + RANKS
        self._slots = np.arange(moves.hand_size)
        # the clues (in the numbering's order) touching each identity, as bits, and back
        touch = rules.clue_touch[self._clue_columns]  # [clues, K+1]
        self._touch_bits = (touch.astype(np.int64) << np.arange(clues)[:, None]).sum(axis=0)
        self._bits_to_clues = (np.arange(1 << clues)[:, None] >> np.arange(clues)) & 1 == 1

    def decode(self, moves: Ints) -> tuple[Ints, Ints, Ints, Ints]:
        """Kind, slot, target offset and clue of each move number."""
        return self.kind[moves], self.slot[moves], self.offset[moves], self.clue[moves]

    def legal(self, state: BatchState) -> NDArray[np.int8]:
        """The legal moves of the seat on turn in every game, as an int8 mask ``[N, moves]``."""
        n, p, h = state.games, self.players, self.hand_size
        seat = state.seat
        cards = self._slots < state.held.reshape(-1)[state.seat_base + seat][:, None]
        discards = cards & (state.clue_tokens < state.variant.clue_tokens)[:, None]
        tokens = (state.clue_tokens > 0)[:, None, None]
        if state.variant.empty_clues:
            touches = np.broadcast_to(tokens, (n, p - 1, self._clue_count))
        else:
            targets = state.seat_base[:, None] + (seat[:, None] + state.offsets[1:]) % p
            orders = state.hands_by_seat[targets][:, :, :h]  # [N, P-1, H]
            bits = self._touch_bits[state.deck_flat[state.card_base[:, None, None] + orders]]
            touched = bits[:, :, 0]
            for slot in range(1, h):
                touched = touched | bits[:, :, slot]
            touches = self._bits_to_clues[touched] & tokens  # [N, P-1, clues]
        colours = self._clue_count - RANKS
        parts = [
            discards,
            cards,
            touches[:, :, :colours].reshape(n, -1),
            touches[:, :, colours:].reshape(n, -1),
        ]
        return np.concatenate(parts, axis=1, dtype=np.int8)
