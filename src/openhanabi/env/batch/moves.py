"""Move numbers for many games at once: decoding chosen moves and masking the legal ones.

The numbering is :class:`~openhanabi.env.moves.MoveNumbering`'s (the encoding's, so HLE's for the
``hle`` encoding); only its blocks for plays, discards and clues exist here, as the batch engine
plays neither declared plays nor bonus tiles.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from openhanabi.env.batch.state import COLOUR_CLUE, DISCARD, PLAY, RANK_CLUE, BatchState, Ints
from openhanabi.env.moves import RANKS, MoveNumbering


class BatchMoves:
    """One numbering's tables: what each move number asks for, and where each legal move goes."""

    def __init__(self, moves: MoveNumbering) -> None:
        self.size = moves.size
        self.players = players = moves.players
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
        self._colour_block = (players - 1) * colours
        self._clues = (moves.colour_clues, moves.rank_clues, moves.rank_clues + (players - 1) * 5)

    def decode(self, moves: Ints) -> tuple[Ints, Ints, Ints, Ints]:
        """Kind, slot, target offset and clue of each move number."""
        return self.kind[moves], self.slot[moves], self.offset[moves], self.clue[moves]

    def legal(self, state: BatchState) -> NDArray[np.int8]:
        """The legal moves of the seat on turn in every game, as an int8 mask ``[N, moves]``."""
        n, p, h = state.games, self.players, self.hand_size
        rows = state.rows
        seat = state.seat
        mask = np.zeros((n, self.size), np.int8)
        held = state.held[rows, seat]
        cards = np.arange(h) < held[:, None]
        mask[:, h : 2 * h] = cards
        mask[:, :h] = cards & (state.clue_tokens < state.variant.clue_tokens)[:, None]
        targets = (seat[:, None] + np.arange(1, p)) % p  # [N, P-1]
        clue_touch = state.rules.clue_touch[self._clue_columns].T  # [K+1, clues]
        tokens = (state.clue_tokens > 0)[:, None, None]
        if state.variant.empty_clues:
            touches = np.broadcast_to(tokens, (n, p - 1, len(self._clue_columns)))
        else:
            orders = state.hands[rows[:, None], targets, :h]  # [N, P-1, H]
            idents = state.deck[rows[:, None, None], orders]
            touches = clue_touch[idents].any(axis=2) & tokens  # [N, P-1, clues]
        colour_start, rank_start, end = self._clues
        colours = len(self._clue_columns) - RANKS
        mask[:, colour_start:rank_start] = touches[:, :, :colours].reshape(n, -1)
        mask[:, rank_start:end] = touches[:, :, colours:].reshape(n, -1)
        return mask
