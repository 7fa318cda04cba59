"""Variants and options (RULES.md sections 2, 4 and 5): presets, hand sizes, scores, checks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.rules import (
    PRESETS,
    Game,
    InvalidVariantError,
    UnknownNameError,
    Variant,
    find_preset,
    find_variant,
)
from openhanabi.rules.suits import (
    BASE_SUITS,
    BLACK_POWDER,
    MULTICOLOR,
    MULTICOLOR_5,
    RAINBOW,
    RAINBOW_5,
    RED,
)

PRESET_KEYS = [preset.key for preset in PRESETS]


@pytest.mark.parametrize("key", PRESET_KEYS)
@pytest.mark.parametrize(("players", "hand_size"), [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_hand_size_is_5_with_two_or_three_players_and_4_with_four_or_five(
    key: str, players: int, hand_size: int
) -> None:
    assert find_variant(key, players=players).hand_size == hand_size


def test_an_explicit_hand_size_is_kept() -> None:
    assert find_variant("base", players=4, hand_size=3).hand_size == 3


def test_changing_the_player_count_brings_the_default_hand_size_with_it() -> None:
    variant = find_variant("base", players=2)
    assert variant.replace(players=4).hand_size == 4
    assert variant.replace(players=4, hand_size=5).hand_size == 5


@pytest.mark.parametrize("players", [1, 6, 0])
def test_two_to_five_players(players: int) -> None:
    with pytest.raises(InvalidVariantError, match="players"):
        find_variant("base", players=players)


def test_rulebook_defaults() -> None:
    """8 clue tokens, 3 storms, empty clues allowed, every option off, seat 0 starts."""
    variant = find_variant("base")
    assert (variant.clue_tokens, variant.storms, variant.start_seat) == (8, 3, 0)
    assert variant.empty_clues
    assert not (
        variant.all_or_nothing
        or variant.declared_play
        or variant.bonus_tiles
        or variant.hanab_live_ending
    )


@pytest.mark.parametrize(
    ("key", "option", "value"),
    [
        ("fewer-storms", "storms", 2),
        ("one-storm", "storms", 1),
        ("more-clues", "clue_tokens", 9),
        ("bonus-tiles", "bonus_tiles", True),
        ("play-until-perfect", "all_or_nothing", True),
        ("declared-play", "declared_play", True),
    ],
)
def test_option_presets_set_their_option(key: str, option: str, value: object) -> None:
    assert getattr(find_variant(key), option) == value


@pytest.mark.parametrize(
    ("key", "sixth"),
    [
        ("multicolor", MULTICOLOR),
        ("multicolor-5", MULTICOLOR_5),
        ("rainbow", RAINBOW),
        ("rainbow-5", RAINBOW_5),
    ],
)
def test_a_sixth_suit_gives_a_maximum_of_30(key: str, sixth: object) -> None:
    variant = find_variant(key)
    assert variant.suits == (*BASE_SUITS, sixth)
    assert variant.max_score == 30


def test_five_suits_give_a_maximum_of_25() -> None:
    assert find_variant("base").max_score == 25


def test_black_powder_adds_nothing_to_the_maximum() -> None:
    assert find_variant("black-powder").max_score == 25
    assert find_variant("black-powder-rainbow").max_score == 30
    assert find_variant("black-powder").min_score == -5


@pytest.mark.parametrize(
    ("key", "size"),
    [
        ("base", 50),
        ("multicolor", 60),
        ("multicolor-5", 55),
        ("rainbow", 60),
        ("rainbow-5", 55),
        ("black-powder", 60),
        ("black-powder-multicolor", 70),
        ("black-powder-rainbow-5", 65),
    ],
)
def test_deck_size_is_the_sum_of_the_suits_cards(key: str, size: int) -> None:
    assert find_variant(key).deck_size == size


@pytest.mark.parametrize("sixth", ["multicolor", "multicolor-5", "rainbow", "rainbow-5"])
def test_black_powder_combines_with_either_multicolour_option(sixth: str) -> None:
    variant = find_variant(f"black-powder-{sixth}")
    assert variant.suits[-1] is BLACK_POWDER
    assert variant.suits[5] is find_variant(sixth).suits[5]


def test_clue_colours_are_the_nameable_suits_only() -> None:
    """A colour clue's value indexes the nameable colours: rainbow and black powder are not."""
    assert find_variant("multicolor").colours == (*BASE_SUITS, MULTICOLOR)
    assert find_variant("rainbow").colours == BASE_SUITS
    assert find_variant("black-powder").colours == BASE_SUITS
    assert find_variant("black-powder-multicolor-5").colours == (*BASE_SUITS, MULTICOLOR_5)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("No Variant", "base"),
        ("6 Suits", "multicolor"),
        ("Black (6 Suits)", "multicolor-5"),
        ("Rainbow (6 Suits)", "rainbow"),
        ("dark rainbow (6 suits)", "rainbow-5"),
        ("BASE", "base"),
    ],
)
def test_presets_are_found_by_key_or_hanab_live_name_in_any_case(name: str, key: str) -> None:
    assert find_preset(name).key == key


def test_preset_keys_are_unique() -> None:
    assert len(set(PRESET_KEYS)) == len(PRESET_KEYS)


def test_an_unknown_variant_raises_a_typed_error_naming_the_known_ones() -> None:
    with pytest.raises(UnknownNameError, match="base"):
        find_variant("seven suits")


def test_an_unknown_option_raises_a_typed_error() -> None:
    with pytest.raises(UnknownNameError, match="option"):
        find_variant("base", colour_blind=True)
    with pytest.raises(UnknownNameError, match="option"):
        find_variant("base").replace(colour_blind=True)


@pytest.mark.parametrize(
    "options",
    [
        {"storms": 0},
        {"clue_tokens": 0},
        {"start_seat": 2},
        {"start_seat": -1},
        {"hand_size": 26},
        {"hand_size": -1},
    ],
)
def test_options_that_make_no_playable_game_are_rejected(options: dict[str, int]) -> None:
    with pytest.raises(InvalidVariantError):
        find_variant("base", players=2, **options)


def test_a_variant_needs_distinct_suits_and_a_nameable_colour() -> None:
    with pytest.raises(InvalidVariantError, match="twice"):
        Variant("custom", (RED, RED))
    with pytest.raises(InvalidVariantError, match="nameable"):
        Variant("custom", (RAINBOW, BLACK_POWDER))
    with pytest.raises(InvalidVariantError, match="suit"):
        Variant("custom", ())


def test_more_storms_clues_and_start_seats_are_options_of_any_preset() -> None:
    variant = find_variant("rainbow", players=3, storms=1, clue_tokens=9, start_seat=2)
    assert (variant.storms, variant.clue_tokens, variant.start_seat) == (1, 9, 2)


def test_describe_names_the_preset_and_every_option_that_differs_from_the_rulebook() -> None:
    plain = find_variant("base", players=3).describe()
    assert "base" in plain and "3 players" in plain
    assert plain.count(",") == 1
    loaded = find_variant(
        "base",
        players=3,
        clue_tokens=9,
        storms=2,
        empty_clues=False,
        all_or_nothing=True,
        declared_play=True,
        bonus_tiles=True,
        hanab_live_ending=True,
        start_seat=1,
        hand_size=4,
    ).describe()
    for words in ("9 clue tokens", "2 storms", "empty", "perfect", "declared", "bonus"):
        assert words in loaded
    assert "hanab.live" in loaded and "seat 1" in loaded and "4 cards" in loaded


def test_describe_counts_the_starting_seat_as_its_reader_does_and_says_a_flag_once() -> None:
    started = find_variant("base", players=3, start_seat=2)
    assert started.describe().endswith("seat 2 starts")
    assert started.describe(first_seat=1).endswith("seat 3 starts")
    # the preset's name says it already
    assert find_variant("bonus-tiles", players=3).describe() == "bonus-tiles, 3 players"
    assert find_variant("base", bonus_tiles=True).describe() == "base, 2 players, bonus tiles"


def test_a_deal_must_leave_a_draw_pile_for_the_last_round_to_start() -> None:
    """The last round starts when the last card is drawn, so a deal may not take every card."""
    with pytest.raises(InvalidVariantError, match="leave no draw pile"):
        find_variant("base", players=5, hand_size=10)
    find_variant("base", players=5, hand_size=9)  # one card left to draw


def test_play_until_perfect_may_deal_every_card() -> None:
    """Without a last round, a deal of the whole deck is a playable game."""
    assert find_variant("base", players=5, hand_size=10, all_or_nothing=True).hand_size == 10


NUMBER_OPTIONS = ["players", "hand_size", "clue_tokens", "storms", "start_seat"]
FLAG_OPTIONS = [
    "empty_clues",
    "all_or_nothing",
    "declared_play",
    "bonus_tiles",
    "hanab_live_ending",
]


@given(
    st.sampled_from(NUMBER_OPTIONS),
    st.one_of(st.booleans(), st.floats(allow_nan=False), st.text(max_size=2), st.none()),
)
def test_a_number_option_that_is_not_a_whole_number_is_refused_naming_it(
    option: str, value: object
) -> None:
    with pytest.raises(InvalidVariantError, match=f"{option.replace('_', ' ')} must be a whole"):
        find_variant("base", **{option: value})


@given(
    st.sampled_from(FLAG_OPTIONS),
    st.one_of(st.integers(), st.text(max_size=2), st.none(), st.floats(allow_nan=False)),
)
def test_a_flag_option_that_is_not_true_or_false_is_refused_naming_it(
    option: str, value: object
) -> None:
    # a truthy string such as "no" would otherwise switch the option on
    with pytest.raises(InvalidVariantError, match=f"{option.replace('_', ' ')} must be True"):
        find_variant("base", **{option: value})


def test_options_of_the_wrong_type_are_refused_by_replace_and_by_the_constructor_too() -> None:
    with pytest.raises(InvalidVariantError, match=r"clue tokens must be a whole number, not 8\.5"):
        find_variant("base").replace(clue_tokens=8.5)
    with pytest.raises(InvalidVariantError, match="suits must be a tuple of Suit"):
        Variant("custom", ("red", "yellow"))  # type: ignore[arg-type]
    assert Game.new(find_variant("base", players=3, storms=2), 0).variant.storms == 2


def test_numpy_integers_and_a_list_of_suits_are_taken_as_plain_ints_and_a_tuple() -> None:
    made = find_variant("base", players=np.int64(3), clue_tokens=np.uint8(6))
    assert made == find_variant("base", players=3, clue_tokens=6)
    assert type(made.players) is int and type(made.clue_tokens) is int
    assert Variant("custom", [RED, RAINBOW]).suits == (RED, RAINBOW)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [None, 3, b"base"])
def test_a_variant_name_that_is_not_text_raises_a_typed_error(name: object) -> None:
    with pytest.raises(UnknownNameError, match="a variant's name is text"):
        find_variant(name)  # type: ignore[arg-type]
