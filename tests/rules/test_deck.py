"""Cards and seeded decks (RULES.md sections 1 and 2; the shuffle documented in deck.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from openhanabi.rules import (
    PRESETS,
    Card,
    Game,
    InvalidDeckError,
    InvalidVariantError,
    SplitMix64,
    find_variant,
    shuffled_deck,
)
from openhanabi.rules.deck import check_tiles, ordered_deck, shuffled_tiles

# The published SplitMix64 reference outputs for seed 1234567 (Steele, Lea and Flood; also the
# test vectors of the C reference implementation).
REFERENCE_SEED = 1234567
REFERENCE_OUTPUTS = [
    6457827717110365317,
    3203168211198807973,
    9817491932198370423,
    4593380528125082431,
    16408922859458223821,
]
MASK = (1 << 64) - 1


def reference_next(state: int) -> tuple[int, int]:
    """SplitMix64 restated from its paper: returns (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def reference_shuffle(items: list[Card], seed: int) -> list[Card]:
    """The documented shuffle: Fisher-Yates from the last index, rejection-sampled draws."""
    items = list(items)
    state = seed & MASK
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - (1 << 64) % n
        while True:
            state, value = reference_next(state)
            if value < limit:
                break
        j = value % n
        items[i], items[j] = items[j], items[i]
    return items


def test_the_reference_restatement_gives_the_published_outputs() -> None:
    state, outputs = REFERENCE_SEED, []
    for _ in REFERENCE_OUTPUTS:
        state, value = reference_next(state)
        outputs.append(value)
    assert outputs == REFERENCE_OUTPUTS


def test_splitmix64_gives_the_published_reference_outputs() -> None:
    rng = SplitMix64(REFERENCE_SEED)
    assert [rng.next() for _ in REFERENCE_OUTPUTS] == REFERENCE_OUTPUTS


def test_the_seed_is_taken_modulo_2_to_the_64() -> None:
    a, b = SplitMix64(REFERENCE_SEED), SplitMix64(REFERENCE_SEED + (1 << 64))
    assert [a.next() for _ in range(3)] == [b.next() for _ in range(3)]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 50, 1000])
def test_bounded_draws_stay_below_the_bound(n: int) -> None:
    rng = SplitMix64(n)
    assert all(0 <= rng.below(n) < n for _ in range(200))


def test_bounded_draws_reach_every_value() -> None:
    rng = SplitMix64(99)
    assert {rng.below(6) for _ in range(300)} == set(range(6))


def test_a_draw_below_zero_is_refused() -> None:
    with pytest.raises(ValueError, match="below"):
        SplitMix64(1).below(0)


@pytest.mark.parametrize("key", [preset.key for preset in PRESETS])
def test_a_seeded_deck_is_a_permutation_of_the_variants_cards(key: str) -> None:
    variant = find_variant(key)
    deck = shuffled_deck(variant, seed=2024)
    assert Counter(deck) == Counter(ordered_deck(variant))
    assert len(deck) == variant.deck_size


def test_ordered_deck_lists_each_suits_distribution_in_suit_order() -> None:
    variant = find_variant("black-powder")
    deck = ordered_deck(variant)
    assert deck[:10] == [Card(0, rank) for rank in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)]
    assert deck[-10:] == [Card(5, rank) for rank in (5, 5, 5, 4, 4, 3, 3, 2, 2, 1)]


@pytest.mark.parametrize("seed", [0, 1, 7, 123456789, 2**64 - 1])
def test_the_same_seed_deals_the_same_deck(seed: int) -> None:
    variant = find_variant("rainbow")
    assert shuffled_deck(variant, seed) == shuffled_deck(variant, seed)
    assert Game.new(variant, seed).deck == Game.new(variant, seed).deck


@pytest.mark.parametrize("key", ["base", "multicolor-5", "black-powder-rainbow"])
@pytest.mark.parametrize("seed", [0, 1, 42, 2**40 + 3])
def test_the_shuffle_is_the_documented_algorithm(key: str, seed: int) -> None:
    """Portability: the deck follows from the documented steps alone, on any machine."""
    variant = find_variant(key)
    assert shuffled_deck(variant, seed) == reference_shuffle(ordered_deck(variant), seed)


def test_different_seeds_deal_different_decks() -> None:
    variant = find_variant("base")
    assert len({tuple(shuffled_deck(variant, seed)) for seed in range(20)}) == 20


def test_a_new_game_deals_the_seeded_deck() -> None:
    variant = find_variant("base", players=3)
    game = Game.new(variant, seed=5)
    assert list(game.deck) == shuffled_deck(variant, 5)


def test_bonus_tiles_are_shuffled_after_the_deck_by_the_same_generator() -> None:
    """Step 4 of the shuffle: the deck is the same as without tiles, the tiles come next."""
    plain = find_variant("base")
    with_tiles = find_variant("bonus-tiles")
    for seed in range(5):
        game = Game.new(with_tiles, seed)
        assert list(game.deck) == shuffled_deck(plain, seed)
        rng = SplitMix64(seed)
        shuffled_deck(plain, seed, rng)
        assert list(game.bonus_tiles) == shuffled_tiles(rng)
        assert sorted(game.bonus_tiles) == [1, 2, 3, 4, 5, 6]


def test_tile_orders_vary_with_the_seed() -> None:
    tiles = {Game.new(find_variant("bonus-tiles"), seed).bonus_tiles for seed in range(30)}
    assert len(tiles) > 1


def test_a_deck_with_the_wrong_number_of_cards_is_rejected() -> None:
    variant = find_variant("base")
    deck = ordered_deck(variant)
    with pytest.raises(InvalidDeckError, match="50"):
        Game(variant, deck[:-1])


def test_a_deck_with_the_wrong_cards_is_rejected() -> None:
    variant = find_variant("base")
    deck = ordered_deck(variant)
    deck[0] = Card(0, 5)  # a second red 5 instead of a red 1
    with pytest.raises(InvalidDeckError):
        Game(variant, deck)


@pytest.mark.parametrize("tiles", [[], [1, 2, 3, 4, 5], [1, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]])
def test_bonus_tiles_must_be_one_to_six_once_each(tiles: list[int]) -> None:
    with pytest.raises(InvalidDeckError, match="tiles"):
        check_tiles(tiles)
    variant = find_variant("bonus-tiles")
    with pytest.raises(InvalidDeckError):
        Game(variant, ordered_deck(variant), bonus_tiles=tiles)


def test_card_names_are_suit_letter_and_rank() -> None:
    variant = find_variant("black-powder-rainbow")
    assert Card(0, 3).name(variant) == "R3"
    assert Card(5, 1).name(variant) == "M1"
    assert Card(6, 5).name(variant) == "K5"


@pytest.mark.parametrize("seed", [1.5, 2.0, "3", None, True], ids=repr)
def test_a_seed_that_is_not_a_whole_number_is_refused_by_every_deal(seed: object) -> None:
    variant = find_variant("base")
    deck = Game.new(variant, 0).deck
    deals: list[Callable[[], object]] = [
        lambda: SplitMix64(seed),  # type: ignore[arg-type]
        lambda: shuffled_deck(variant, seed),  # type: ignore[arg-type]
        lambda: Game.new(variant, seed),  # type: ignore[arg-type]
        lambda: Game(variant, deck, seed=seed),  # type: ignore[arg-type]
    ]
    for deal in deals:
        with pytest.raises(ValueError, match=f"a seed is a whole number, not {seed!r}"):
            deal()


@pytest.mark.parametrize("seed", [np.int64(3), np.uint8(3), np.int32(-3)], ids=repr)
def test_a_numpy_integer_seed_deals_the_game_of_that_int(seed: np.integer[Any]) -> None:
    variant = find_variant("bonus-tiles")
    game, plain = Game.new(variant, seed), Game.new(variant, int(seed))  # type: ignore[arg-type]
    assert (game.deck, game.bonus_tiles) == (plain.deck, plain.bonus_tiles)
    assert type(game.seed) is int and game.seed == int(seed)
    assert shuffled_deck(variant, seed) == shuffled_deck(variant, int(seed))  # type: ignore[arg-type]


def test_a_deck_of_plain_tuples_or_bonus_tiles_of_other_types_are_refused() -> None:
    variant = find_variant("bonus-tiles")
    deck = Game.new(variant, 0).deck
    with pytest.raises(InvalidDeckError, match=r"every card of a deck is a Card, not \(\d, \d\)"):
        Game(variant, [tuple(card) for card in deck], (1, 2, 3, 4, 5, 6))  # type: ignore[misc]
    for tiles in [(True, 2, 3, 4, 5, 6), (1.0, 2, 3, 4, 5, 6), ("1", 2, 3, 4, 5, 6)]:
        with pytest.raises(InvalidDeckError, match="bonus tiles must be 1 to 6"):
            Game(variant, deck, tiles)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["base", None, PRESETS[0]], ids=repr)
def test_a_game_of_something_that_is_not_a_variant_is_refused(variant: object) -> None:
    deck = Game.new(find_variant("base"), 0).deck
    with pytest.raises(InvalidVariantError, match="a game's variant is a Variant"):
        Game.new(variant, 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidVariantError, match="a game's variant is a Variant"):
        Game(variant, deck)  # type: ignore[arg-type]
