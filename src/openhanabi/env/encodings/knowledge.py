"""What a card's holder knows of it, as an encoding's values, made once and reused.

A card's knowledge values depend only on the identities still plausible for it (a bitmask) and
on what the clues that touched it named (each encoding sums those up in one small integer, its
*clue summary*). The distinct pairs a game reaches are few, so each is made once and kept.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence

from openhanabi.rules import Action, Event, Variant

# The distinct keys a game reaches are few, but a long run should not grow a cache without bound.
ROW_CACHE_LIMIT = 1 << 16


class KnowledgeRows(abc.ABC):
    """An encoding's card knowledge values, by identity mask and clue summary."""

    variant: Variant
    # row() by its arguments, as far as made: by clue summary, then identity mask
    rows: list[dict[int, bytes]]
    _empty_row: bytes

    def _start_rows(self, summaries: int, width: int) -> None:
        """Make room for ``summaries`` clue summaries of rows ``width`` values long."""
        self.rows = [{} for _ in range(summaries)]
        self._empty_row = bytes(width)

    @abc.abstractmethod
    def card_clues(self, marks: tuple[int, ...], events: Sequence[Event]) -> int:
        """The clue summary of a card: what the clues that touched it named (its ``marks`` are
        indexes into ``events``; a negative mark is no clue)."""

    @abc.abstractmethod
    def with_clue(self, clues: int, clue: Action) -> int:
        """:meth:`card_clues` after one more clue that touches the card."""

    @abc.abstractmethod
    def _knowledge_row(self, mask: int, clues: int) -> bytes:
        """The values of a card with identities ``mask`` and clue summary ``clues``."""

    def row(self, mask: int, clues: int) -> bytes:
        """The knowledge values of a card with identities ``mask`` and :meth:`card_clues`."""
        made = self.rows[clues]
        row = made.get(mask)
        if row is None:
            if len(made) >= ROW_CACHE_LIMIT:
                made.clear()
            row = made[mask] = self._knowledge_row(mask, clues)
        return row

    def card_row(self, mask: int, marks: tuple[int, ...], events: Sequence[Event]) -> bytes:
        """The knowledge values of one card: the identities still plausible from the clues
        (``mask``) and what the clues of its ``marks`` (indexes into ``events``) named."""
        return self.row(mask, self.card_clues(marks, events))

    def hand_knowledge(
        self, cards: Sequence[tuple[int, tuple[int, ...]]], events: Sequence[Event]
    ) -> bytes:
        """The knowledge values of one hand: :meth:`card_row` of each card (mask, marks), then
        0 for each slot the hand lacks."""
        rows = [self.card_row(mask, marks, events) for mask, marks in cards]
        rows.extend([self._empty_row] * (self.variant.hand_size - len(cards)))
        return b"".join(rows)


def thermometers(size: int) -> tuple[bytes, ...]:
    """The thermometer of each count 0..size over ``size`` values."""
    return tuple(b"\x01" * count + b"\x00" * (size - count) for count in range(size + 1))
