"""Move numbers for many games at once: decoding chosen moves and masking the legal ones.

The numbering is :class:`~openhanabi.env.moves.MoveNumbering`'s (the encoding's, so HLE's for the
``hle`` encoding), with its blocks for declared plays and bonus tile choices when the variant
has them. While a bonus tile's decision is pending, only its answers are legal: the free clues
of its kind (no token needed), or the identities of the discard pile it may take.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from openhanabi.env.batch.state import (
    CHOOSE,
    COLOUR_CLUE,
    DISCARD,
    PLAY,
    RANK_CLUE,
    BatchState,
    Ints,
    RuleTables,
)
from openhanabi.env.batch.tiles import (
    FREE_COLOUR_CLUE,
    FREE_RANK_CLUE,
    PLAY_FROM_DISCARD,
    RESHUFFLE,
)
from openhanabi.env.moves import RANKS, MoveNumbering


class BatchMoves:
    """One numbering's tables: what each move number asks for, and where each legal move goes."""

    def __init__(self, moves: MoveNumbering, rules: RuleTables) -> None:
        self.size = moves.size
        self.players = moves.players
        self.hand_size = moves.hand_size
        self.suits = moves.suits
        self.declared = moves.declared  # first move of a block, -1 without it
        self.choose = moves.choose
        colours = moves.colours
        order = moves.colour_order
        self._colour_moves = slice(moves.colour_clues, moves.rank_clues)
        self._rank_moves = slice(moves.rank_clues, moves.rank_clues + (moves.players - 1) * RANKS)
        columns: tuple[list[int], ...] = ([], [], [], [], [], [])
        for move in range(moves.size):
            if move < moves.play:
                entry = (DISCARD, move - moves.discard, 0, -1, -1, -1)
            elif move < moves.colour_clues:
                entry = (PLAY, move - moves.play, 0, -1, -1, -1)
            elif move < moves.rank_clues:
                target, colour = divmod(move - moves.colour_clues, colours)
                entry = (COLOUR_CLUE, 0, target + 1, order[colour], -1, -1)
            elif move < self._rank_moves.stop:
                target, rank = divmod(move - moves.rank_clues, RANKS)
                entry = (RANK_CLUE, 0, target + 1, colours + rank, -1, -1)
            elif 0 <= self.declared <= move < self.declared + moves.hand_size * moves.suits:
                slot, suit = divmod(move - self.declared, moves.suits)
                entry = (PLAY, slot, 0, -1, suit, -1)
            else:
                entry = (CHOOSE, 0, 0, -1, -1, move - self.choose)
            for column, value in zip(columns, entry, strict=True):
                column.append(value)
        self.kind, self.slot, self.offset, self.clue, self.declare, self.choice = (
            np.array(c, np.int64) for c in columns
        )
        # clue columns (variant colours, then ranks) in the numbering's order
        self._clue_columns = np.array([*order, *range(colours, colours + RANKS)], np.int64)
        self._clue_count = clues = colours + RANKS
        self._slots = np.arange(moves.hand_size)
        # the clues (in the numbering's order) touching each identity, as bits, and back
        touch = rules.clue_touch[self._clue_columns]  # [clues, K+1]
        self._touch_bits = (touch.astype(np.int64) << np.arange(clues)[:, None]).sum(axis=0)
        self._bits_to_clues = (np.arange(1 << clues)[:, None] >> np.arange(clues)) & 1 == 1
        self._options = self.declared >= 0 or self.choose >= 0

    def decode(self, moves: Ints) -> tuple[Ints, Ints, Ints, Ints]:
        """Kind, slot, target offset and clue of each move number."""
        return self.kind[moves], self.slot[moves], self.offset[moves], self.clue[moves]

    def decode_options(self, moves: Ints) -> tuple[Ints, Ints, Ints, Ints, Ints, Ints]:
        """Kind, slot, target offset, clue, declared suit (-1 for none) and identity chosen
        from the discard pile (-1 for none) of each move number."""
        return (*self.decode(moves), self.declare[moves], self.choice[moves])

    def legal(self, state: BatchState, pending: Ints | None = None) -> NDArray[np.int8]:
        """The legal moves of the seat on turn in every game, as an int8 mask ``[N, moves]``
        (``pending``: the decision each game's bonus tile asks for, -1 for none)."""
        n, p, h = state.games, self.players, self.hand_size
        seat = state.seat
        cards = self._slots < state.held.reshape(-1)[state.seat_base + seat][:, None]
        discards = cards & (state.clue_tokens < state.variant.clue_tokens)[:, None]
        tokens = (state.clue_tokens > 0)[:, None, None]
        reach: NDArray[np.bool_] | None = None  # the clues that touch a card, per target
        if state.variant.empty_clues:
            touches = np.broadcast_to(tokens, (n, p - 1, self._clue_count))
        else:
            targets = state.seat_base[:, None] + (seat[:, None] + state.offsets[1:]) % p
            orders = state.hands_by_seat[targets][:, :, :h]  # [N, P-1, H]
            bits = self._touch_bits[state.deck_flat[state.card_base[:, None, None] + orders]]
            touched = bits[:, :, 0]
            for slot in range(1, h):
                touched = touched | bits[:, :, slot]
            reach = self._bits_to_clues[touched]
            touches = reach & tokens  # [N, P-1, clues]
        colours = self._clue_count - RANKS
        parts = [
            discards,
            cards,
            touches[:, :, :colours].reshape(n, -1),
            touches[:, :, colours:].reshape(n, -1),
        ]
        if not self._options:
            return np.concatenate(parts, axis=1, dtype=np.int8)
        if self.declared >= 0:
            parts.append(np.repeat(cards, self.suits, axis=1))  # slot * S + suit
        if self.choose >= 0:
            parts.append(np.zeros((n, state.identities), np.bool_))
        mask = np.concatenate(parts, axis=1, dtype=np.int8)
        if pending is not None:
            waiting = np.flatnonzero(pending >= 0)
            if waiting.size:
                mask[waiting] = self._answers(state, waiting, pending[waiting], reach)
        return mask

    def _answers(
        self,
        state: BatchState,
        games: Ints,
        decision: Ints,
        reach: NDArray[np.bool_] | None,
    ) -> NDArray[np.int8]:
        """The legal answers of ``games`` to their bonus tile's ``decision``."""
        mask = np.zeros((len(games), self.size), np.int8)
        colours = self._clue_count - RANKS
        if reach is None:  # empty clues: every clue
            clues = np.ones((len(games), self.players - 1, self._clue_count), np.bool_)
        else:
            clues = reach[games]
        width = (self.players - 1) * colours
        colour = decision == FREE_COLOUR_CLUE
        mask[colour, self._colour_moves] = clues[colour, :, :colours].reshape(-1, width)
        rank = decision == FREE_RANK_CLUE
        mask[rank, self._rank_moves] = clues[rank, :, colours:].reshape(
            -1, width // colours * RANKS
        )
        choices = slice(self.choose, self.choose + state.identities)
        lost = state.lost[games] > 0
        back = decision == RESHUFFLE
        mask[back, choices] = lost[back]
        play = decision == PLAY_FROM_DISCARD
        if play.any():
            suit_of = np.arange(state.identities) // RANKS
            needed = state.rules.needed[suit_of, state.fireworks[games[play]][:, suit_of]]
            fits = needed == np.arange(state.identities)
            mask[play, choices] = lost[play] & fits
        return mask
