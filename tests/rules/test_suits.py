"""Suits as data (RULES.md sections 1 and 5): cards, clue behaviour, direction and scoring."""

from __future__ import annotations

import pytest

from openhanabi.rules import SUITS, ColourClues, Scoring, Suit, UnknownNameError, find_suit
from openhanabi.rules.suits import (
    BASE_SUITS,
    BLACK_POWDER,
    MULTICOLOR,
    MULTICOLOR_5,
    RAINBOW,
    RAINBOW_5,
    RED,
)

NORMAL = (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)


def test_base_suits_are_the_five_colours_in_rulebook_order() -> None:
    """Section 1: red, yellow, green, blue, white, in this order."""
    assert [suit.key for suit in BASE_SUITS] == ["red", "yellow", "green", "blue", "white"]


@pytest.mark.parametrize("suit", [*BASE_SUITS, MULTICOLOR], ids=lambda s: s.key)
def test_a_normal_suit_has_ten_cards_1_1_1_2_2_3_3_4_4_5(suit: Suit) -> None:
    assert sorted(suit.cards) == list(NORMAL)
    assert [suit.copies(rank) for rank in range(1, 6)] == [3, 2, 2, 2, 1]


@pytest.mark.parametrize("suit", [MULTICOLOR_5, RAINBOW_5], ids=lambda s: s.key)
def test_the_harder_sixth_suit_forms_have_one_card_per_rank(suit: Suit) -> None:
    assert sorted(suit.cards) == [1, 2, 3, 4, 5]


def test_the_ten_card_rainbow_has_the_normal_distribution() -> None:
    assert sorted(RAINBOW.cards) == list(NORMAL)


def test_black_powder_distribution_mirrors_a_normal_suit() -> None:
    """Decided: 5,5,5,4,4,3,3,2,2,1."""
    assert sorted(BLACK_POWDER.cards, reverse=True) == [5, 5, 5, 4, 4, 3, 3, 2, 2, 1]


def test_black_powder_is_played_downwards_and_other_suits_upwards() -> None:
    assert BLACK_POWDER.play_order == (5, 4, 3, 2, 1)
    for suit in SUITS.values():
        if suit is not BLACK_POWDER:
            assert suit.play_order == (1, 2, 3, 4, 5), suit.key


@pytest.mark.parametrize("suit", [*BASE_SUITS, MULTICOLOR, MULTICOLOR_5], ids=lambda s: s.key)
def test_own_colour_suits_are_touched_by_their_own_colour_and_nameable(suit: Suit) -> None:
    assert suit.colour_clues is ColourClues.OWN
    assert suit.nameable


@pytest.mark.parametrize("suit", [RAINBOW, RAINBOW_5], ids=lambda s: s.key)
def test_rainbow_is_touched_by_every_colour_and_cannot_be_named(suit: Suit) -> None:
    assert suit.colour_clues is ColourClues.ALL
    assert not suit.nameable


def test_black_powder_is_touched_by_no_colour_and_cannot_be_named() -> None:
    assert BLACK_POWDER.colour_clues is ColourClues.NONE
    assert not BLACK_POWDER.nameable


@pytest.mark.parametrize("played", range(6))
def test_a_normal_firework_scores_its_top_rank(played: int) -> None:
    """Section 4: a firework adds its top card's rank, 0 when empty."""
    assert RED.points(played) == played
    assert RED.scoring is Scoring.RANKS


@pytest.mark.parametrize("played", range(6))
def test_black_powder_scores_minus_one_per_card_not_played(played: int) -> None:
    """Section 5: 0 when complete, down to -5 when empty."""
    assert BLACK_POWDER.points(played) == -(5 - played)
    assert BLACK_POWDER.scoring is Scoring.MINUS_MISSING


def test_a_complete_firework_is_worth_5_except_black_powder_0() -> None:
    assert RED.max_points == 5
    assert RAINBOW_5.max_points == 5
    assert BLACK_POWDER.max_points == 0


def test_a_suit_must_hold_every_rank() -> None:
    with pytest.raises(ValueError, match="rank"):
        Suit("broken", "Broken", "X", cards=(1, 2, 3, 4))


def test_only_a_suit_touched_by_its_own_colour_can_be_nameable() -> None:
    with pytest.raises(ValueError, match="nameable"):
        Suit("odd", "Odd", "X", colour_clues=ColourClues.ALL, nameable=True)


def test_find_suit_by_key() -> None:
    assert find_suit("black-powder") is BLACK_POWDER
    assert find_suit("rainbow-5") is RAINBOW_5


def test_an_unknown_suit_name_raises_a_typed_error_listing_the_known_ones() -> None:
    with pytest.raises(UnknownNameError, match="rainbow"):
        find_suit("purple")
