"""Deals consistent with what one seat sees: its own hand and the draw pile, sampled.

A sampled deal is a whole deck in draw order. Every card already drawn that the seat has seen
(the other hands, the discard pile, the fireworks) keeps its identity; the seat's own cards get
identities its knowledge allows, in proportion to the copies it has not seen; the rest, shuffled,
is the draw pile. Replaying the log's actions on that deck gives a game the seat cannot tell
from the real one. Nothing here reads a card the seat cannot see: the input is the view alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from openhanabi.bots.hat.layout import bits
from openhanabi.rules import ActionType, Card, Game, RulesError, SeatView

RANKS = 5  # identities are numbered suit * 5 + rank - 1, as the rules' tables number them
ATTEMPTS = 30  # tries at a hand before falling back on the rules' own knowledge


def identity(card: Card) -> int:
    return card.suit * RANKS + card.rank - 1


def seen_cards(view: SeatView) -> dict[int, int]:
    """The identity of every card drawn so far that ``view``'s seat has seen, by order."""
    seen = {order: identity(card) for order, card in view.cards.items()}
    for event in view.events:
        if event.card is not None and event.action.type in (ActionType.PLAY, ActionType.DISCARD):
            seen[event.action.target] = identity(event.card)
    return seen


def unseen_counts(view: SeatView, copies: Sequence[int], seen: dict[int, int]) -> list[int]:
    """How many copies of each identity are in the seat's own hand or the draw pile."""
    counts = list(copies)
    for ident in seen.values():
        counts[ident] -= 1
    return counts


def rules_masks(view: SeatView) -> list[int]:
    """What the rules say the seat knows of each of its cards (clues and counting), as masks."""
    return [view.knowledge[order].possible_mask for order in view.own_hand]


def sample_hand(
    rng: random.Random, masks: Sequence[int], counts: Sequence[int]
) -> list[int] | None:
    """Identities for the cards whose possibilities are ``masks``, drawn without replacement from
    ``counts`` copies; ``None`` if none was found in a few tries."""
    for _ in range(ATTEMPTS):
        left = list(counts)
        hand = [-1] * len(masks)
        slots = list(range(len(masks)))
        rng.shuffle(slots)  # no slot is always served first
        for slot in slots:
            choices = [x for x in bits(masks[slot]) if left[x] > 0]
            if not choices:
                break
            x = rng.choices(choices, weights=[left[x] for x in choices])[0]
            left[x] -= 1
            hand[slot] = x
        else:
            return hand
    return None


def sample_game(
    view: SeatView,
    rng: random.Random,
    masks: Sequence[int],
    counts: Sequence[int],
    seen: dict[int, int],
    base: Game | None = None,
) -> Game | None:
    """A game consistent with ``view`` whose own hand fits ``masks`` (falling back on the rules'
    knowledge when no hand does), the rest of the deck shuffled; ``None`` if none is found.
    ``base``, a game sampled earlier for the same view, is dealt again rather than the log
    replayed on a new deck (the same game, a fraction of the work)."""
    hand = sample_hand(rng, masks, counts)
    if hand is None:
        hand = sample_hand(rng, rules_masks(view), counts)
        if hand is None:
            return None
    variant = view.variant
    drawn = variant.deck_size - view.draw_pile_size
    deck_ids = [-1] * variant.deck_size
    for order, ident in seen.items():
        deck_ids[order] = ident
    left = list(counts)
    for order, ident in zip(view.own_hand, hand, strict=True):
        deck_ids[order] = ident
        left[ident] -= 1
    rest = [x for x, n in enumerate(left) for _ in range(n)]
    if len(rest) != view.draw_pile_size or any(x < 0 for x in deck_ids[:drawn]):
        return None  # the view does not add up (a variant this sampler does not model)
    rng.shuffle(rest)
    if base is not None:
        # the draw pile's top (order ``drawn``) is the first of ``rest``, and its end the last
        return base.redealt(dict(zip(view.own_hand, hand, strict=True)), rest[::-1])
    deck_ids[drawn:] = rest
    deck = [Card(x // RANKS, x % RANKS + 1) for x in deck_ids]
    game = Game(variant, deck)
    for event in view.events:
        game.apply(event.action)
    if game.seat != view.seat or game.score != view.score or game.outcome is not None:
        return None
    return game


def dealer(
    view: SeatView, rng: random.Random, masks: Sequence[int], copies: Sequence[int]
) -> Callable[[], Game | None]:
    """Deals for a search from ``view``: each call a new game the seat cannot tell from the real
    one, its own hand within ``masks`` (``None`` when none could be dealt). The first is built by
    replaying the log; the others are dealt again from it (see :func:`sample_game`)."""
    seen = seen_cards(view)
    counts = unseen_counts(view, copies, seen)
    first: list[Game] = []

    def deal() -> Game | None:
        try:
            game = sample_game(view, rng, masks, counts, seen, first[0] if first else None)
        except RulesError:
            return None
        if game is not None and not first:
            first.append(game)
        return game

    return deal
