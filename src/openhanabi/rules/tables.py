"""Tables computed once per variant so that the game's hot path is integer arithmetic.

A card identity is the integer ``suit * 5 + rank - 1``; a set of identities is a bitmask with
bit ``identity`` set. Clue touches are masks over identities.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from openhanabi.rules.deck import Card
from openhanabi.rules.suits import RANKS, ColourClues
from openhanabi.rules.variants import Variant

RANK_COUNT = len(RANKS)


def identity(card: Card) -> int:
    return card.suit * RANK_COUNT + card.rank - 1


def card_of(ident: int) -> Card:
    return Card(ident // RANK_COUNT, ident % RANK_COUNT + 1)


def cards_in(mask: int) -> frozenset[Card]:
    """The identities whose bits are set in ``mask``."""
    found = []
    ident = 0
    while mask:
        if mask & 1:
            found.append(card_of(ident))
        mask >>= 1
        ident += 1
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class Tables:
    suit_count: int
    identities: int
    card: tuple[Card, ...]  # per identity
    all_cards: int  # mask of every identity the variant has
    copies: tuple[int, ...]  # per identity
    suit_of: tuple[int, ...]  # per identity
    # needed[suit][played]: the identity the firework takes next, -1 once complete
    needed: tuple[tuple[int, ...], ...]
    colour_touch: tuple[int, ...]  # per nameable colour
    rank_touch: tuple[int, ...]  # per rank, index 0 unused
    minus_missing: tuple[bool, ...]  # per suit: scores minus the cards not played
    start_score: int  # the score before any card is played (below 0 with black powder)


@functools.cache
def tables_for(variant: Variant) -> Tables:
    suits = variant.suits
    count = len(suits)
    copies = [0] * (count * RANK_COUNT)
    for index, suit in enumerate(suits):
        for rank in suit.cards:
            copies[identity(Card(index, rank))] += 1
    needed = tuple(
        (*tuple(identity(Card(index, rank)) for rank in suit.play_order), -1)
        for index, suit in enumerate(suits)
    )
    colour_touch = []
    for colour in variant.colours:
        mask = 0
        for index, suit in enumerate(suits):
            touched = suit.colour_clues is ColourClues.ALL or suit is colour
            if touched:
                mask |= _suit_mask(index)
        colour_touch.append(mask)
    rank_touch = [0] + [
        sum(1 << identity(Card(index, rank)) for index in range(count)) for rank in RANKS
    ]
    return Tables(
        suit_count=count,
        identities=count * RANK_COUNT,
        card=tuple(card_of(i) for i in range(count * RANK_COUNT)),
        all_cards=(1 << (count * RANK_COUNT)) - 1,
        copies=tuple(copies),
        suit_of=tuple(i // RANK_COUNT for i in range(count * RANK_COUNT)),
        needed=needed,
        colour_touch=tuple(colour_touch),
        rank_touch=tuple(rank_touch),
        minus_missing=tuple(suit.max_points == 0 for suit in suits),
        start_score=sum(suit.points(0) for suit in suits),
    )


def _suit_mask(index: int) -> int:
    return ((1 << RANK_COUNT) - 1) << (index * RANK_COUNT)
