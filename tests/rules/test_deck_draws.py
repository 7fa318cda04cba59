"""The shuffle's draws made all at once are the generator's draws one by one, a rejected draw
hands over to the plain loop without changing the result, and what a deal keeps of the last
variant is that variant's."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.rules import Card, Game, deck, find_variant
from openhanabi.rules.deck import SplitMix64, ordered_deck
from openhanabi.rules.tables import tables_for

MASK = (1 << 64) - 1


def one_by_one(state: int, count: int) -> list[int]:
    rng = SplitMix64(state)
    return [rng.next() for _ in range(count)]


def plain_shuffle(
    items: list[int], seed: int, limit: Callable[[int], int]
) -> tuple[list[int], int]:
    """The documented shuffle, one draw at a time; the items and the generator's state."""
    items = list(items)
    rng = SplitMix64(seed)
    for i in range(len(items) - 1, 0, -1):
        while True:
            value = rng.next()
            if value < limit(i + 1):
                break
        j = value % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items, rng.state


@given(state=st.integers(0, MASK), count=st.integers(1, 130))
def test_draws_all_at_once_are_the_draws_one_by_one(state: int, count: int) -> None:
    assert deck._draws(state, count) == one_by_one(state, count)


@given(seed=st.integers(0, MASK), size=st.integers(0, 140))
def test_the_shuffle_is_the_plain_loop(seed: int, size: int) -> None:
    rng = SplitMix64(seed)
    items = list(range(size))
    rng.shuffle(items)
    assert (items, rng.state) == plain_shuffle(list(range(size)), seed, deck._limit)


@pytest.mark.parametrize("seed", range(40))
def test_a_rejected_draw_hands_over_to_the_plain_loop(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a bound that rejects about one draw in four (instead of one in 10**17), the
    shuffle still gives the plain loop's items and leaves the generator in its state."""

    def strict(n: int) -> int:
        return (3 << 62) - (3 << 62) % n

    # the bounds are 2**64 minus a little: with 3 * 2**62 in its place, they are strict(n)
    monkeypatch.setattr(deck, "_TWO_TO_64", 3 << 62)
    rng = SplitMix64(seed)
    items = list(range(50))
    rng.shuffle(items)
    assert (items, rng.state) == plain_shuffle(list(range(50)), seed, strict)


def test_games_of_alternating_variants_each_use_their_own_tables() -> None:
    """The last variant's tables, ordered deck and actions are kept by identity: a game of
    another variant, or of an equal variant object, still gets its own."""
    variants = [
        find_variant("base", players=2),
        find_variant("rainbow", players=3, bonus_tiles=True),
        find_variant("base", players=2),  # equal to the first, another object
    ]
    for seed in range(6):
        for variant in variants:
            game = Game.new(variant, seed)
            assert game.tables == tables_for(variant)
            assert (
                sorted(game.deck)
                == sorted(ordered_deck(variant))
                == sorted(
                    Card(suit, rank)
                    for suit, kind in enumerate(variant.suits)
                    for rank in kind.cards
                )
            )
            assert len(game.identities) == variant.deck_size + variant.bonus_tiles
