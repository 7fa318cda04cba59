"""Card knowledge rows: made once and kept, in caches that stay bounded and never go stale."""

from __future__ import annotations

import random

import pytest

from openhanabi.env.encodings import Encoding, ExtendedEncoding, HLEEncoding, knowledge
from openhanabi.rules import Game, find_variant

from .support import careful_action

LIMIT = 3  # far below what one game reaches, so that every cache is cleared many times


@pytest.mark.parametrize(
    "encoding",
    [
        ExtendedEncoding(find_variant("rainbow", players=3)),
        HLEEncoding(find_variant("base", players=3, empty_clues=False)),
    ],
    ids=lambda encoding: encoding.name,
)
def test_a_cleared_row_cache_stays_bounded_and_gives_the_same_rows(
    encoding: Encoding, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert isinstance(encoding, knowledge.KnowledgeRows)
    monkeypatch.setattr(knowledge, "ROW_CACHE_LIMIT", LIMIT)
    variant = encoding.variant
    cached = 0
    for seed in range(4):
        game = Game.new(variant, seed)
        rng = random.Random(seed)
        while not game.over:
            for seat in range(variant.players):
                view = game.view(seat)
                for order in view.hands[seat]:
                    card = view.knowledge[order]
                    clues = encoding.card_clues(card.marks, view.events)
                    made = encoding.row(card.from_clues_mask, clues)
                    assert made == encoding._knowledge_row(card.from_clues_mask, clues)
            assert all(len(rows) <= LIMIT for rows in encoding.rows)
            cached = max(cached, sum(len(rows) for rows in encoding.rows))
            game.apply(careful_action(game, rng))
    assert cached > LIMIT  # several summaries were cached at once, each within the limit


def test_a_hand_with_fewer_cards_is_padded_with_empty_rows() -> None:
    encoding = ExtendedEncoding(find_variant("base", players=2))
    game = Game.new(encoding.variant, 0)
    view = game.view(0)
    cards = [(view.knowledge[o].from_clues_mask, view.knowledge[o].marks) for o in view.own_hand]
    full = encoding.hand_knowledge(cards, view.events)
    short = encoding.hand_knowledge(cards[:3], view.events)
    width = len(full) // encoding.variant.hand_size
    assert short[: 3 * width] == full[: 3 * width]
    assert short[3 * width :] == bytes(len(full) - 3 * width)
