"""Both encodings: layouts as documented, 0/1 values, and nothing from the seat's own cards."""

from __future__ import annotations

import random

import numpy as np
import pytest

from openhanabi.env.encodings import (
    ENCODINGS,
    ExtendedEncoding,
    HLEEncoding,
    UnsupportedVariantError,
    extended,
    hle,
    make_encoding,
)
from openhanabi.rules import ActionType, Game, IllegalActionError, Variant, find_variant

from .support import VARIANTS, careful_action, positions

HLE_VARIANTS = tuple(v.replace(empty_clues=False) for v in VARIANTS if v.key == "base")


@pytest.mark.parametrize(("players", "size"), [(2, 658), (3, 956), (4, 1041), (5, 1280)])
def test_hle_encoding_has_hles_sizes(players: int, size: int) -> None:
    assert HLEEncoding(find_variant("base", players=players, empty_clues=False)).size == size


def test_extended_encoding_of_the_base_game_adds_up() -> None:
    encoding = ExtendedEncoding(find_variant("base", players=2))
    sizes = {segment.name: segment.size for segment in encoding.segments}
    assert sizes == {
        "hands": 125,
        "hand_sizes": 10,
        "turn": 2,
        "draw_pile": 40,
        "fireworks": 25,
        "clue_tokens": 8,
        "lives": 3,
        "last_round": 2,
        "discards": 50,
        "last_action": 59,
        "card_knowledge": 350,
    }
    assert encoding.size == 674


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.describe())
def test_segments_follow_each_other_and_are_documented(variant: Variant) -> None:
    encoding = ExtendedEncoding(variant)
    start = 0
    for segment in encoding.segments:
        assert segment.start == start and segment.size > 0
        start = segment.stop
        # the module docstring's table names every segment
        assert f"\n{segment.name} " in (extended.__doc__ or "")
    assert start == encoding.size
    assert "tiles_left" in encoding.at if variant.bonus_tiles else "pending" not in encoding.at
    assert encoding.describe().count("\n") == len(encoding.segments)


def test_hle_layout_is_documented() -> None:
    encoding = HLEEncoding(find_variant("base", players=3, empty_clues=False))
    for segment in encoding.segments:
        assert f"\n{segment.name} " in (hle.__doc__ or "")


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        (find_variant("rainbow", empty_clues=False), "needs the five base suits"),
        (find_variant("base"), "empty clues"),
        (find_variant("base", empty_clues=False, declared_play=True), "declared play"),
        (find_variant("base", empty_clues=False, bonus_tiles=True), "bonus tiles"),
    ],
)
def test_hle_encoding_refuses_what_hle_cannot_express(variant: Variant, message: str) -> None:
    with pytest.raises(UnsupportedVariantError, match=message):
        HLEEncoding(variant)


def test_unknown_encoding_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="known encodings: hle, extended"):
        make_encoding("canonical", find_variant("base"))
    assert set(ENCODINGS) == {"hle", "extended"}


ALL = [(ExtendedEncoding, v) for v in VARIANTS] + [(HLEEncoding, v) for v in HLE_VARIANTS]


def _id(value: object) -> str:
    return value.describe() if isinstance(value, Variant) else str(getattr(value, "name", value))


@pytest.mark.parametrize(("kind", "variant"), ALL, ids=_id)
def test_every_observation_is_a_vector_of_zeros_and_ones(kind: type, variant: Variant) -> None:
    encoding = kind(variant)
    for game in positions(variant, seed=11):
        for seat in range(variant.players):
            observation = encoding.encode(game.view(seat))
            assert observation.dtype == np.int8 and observation.shape == (encoding.size,)
            assert set(np.unique(observation).tolist()) <= {0, 1}


def swapped_own_card(game: Game, seat: int) -> Game | None:
    """The same deal, except that one card of ``seat``'s hand changes places with the bottom
    card of the deck (None if both are the same card)."""
    deck = list(game.deck)
    own = game.hands[seat][0]
    if deck[own] == deck[-1]:
        return None
    deck[own], deck[-1] = deck[-1], deck[own]
    return Game(game.variant, deck, game.bonus_tiles, game.seed)


@pytest.mark.parametrize(("kind", "variant"), ALL, ids=_id)
def test_observations_do_not_depend_on_the_seats_own_cards(kind: type, variant: Variant) -> None:
    encoding = kind(variant)
    compared = 0
    for seed in range(20):
        game = Game.new(variant, seed)
        seat = seed % variant.players
        other = swapped_own_card(game, seat)
        if other is None:
            continue
        hidden = game.hands[seat][0]
        rng = random.Random(seed)
        while not game.over and not other.over and game.cards_drawn < len(game.deck):
            first = encoding.encode(game.view(seat))
            assert np.array_equal(first, encoding.encode(other.view(seat))), (
                f"seed {seed}, turn {game.turn}: seat {seat}'s observation depends on its card"
            )
            compared += 1
            action = careful_action(game, rng)
            if action.type in (ActionType.PLAY, ActionType.DISCARD) and action.target == hidden:
                break  # the card shows itself: the games differ from here on
            try:
                other.apply(action)
            except IllegalActionError:
                break  # a clue that touches the card in one game only (no empty clues)
            game.apply(action)
            if game.events[-1].touched != other.events[-1].touched:
                break  # a clue told the seat something about the card: that is public
    assert compared > 60


def test_extended_segments_say_what_the_view_says() -> None:
    """Reads the simple segments back from every observation of many games and compares them
    with the seat's view."""
    for variant in VARIANTS:
        encoding = ExtendedEncoding(variant)
        players, hand_size = variant.players, variant.hand_size
        for game in positions(variant, seed=5):
            for seat in range(players):
                view = game.view(seat)
                parts = encoding.split(encoding.encode(view))
                seats = [(seat + k) % players for k in range(players)]
                held = parts["hand_sizes"].reshape(players, hand_size).sum(axis=1)
                assert held.tolist() == [len(view.hands[s]) for s in seats]
                hands = parts["hands"].reshape(players - 1, hand_size, -1)
                for k, other in enumerate(seats[1:]):
                    for slot, order in enumerate(view.hands[other]):
                        card = view.cards[order]
                        assert hands[k, slot].nonzero()[0].tolist() == [
                            card.suit * 5 + card.rank - 1
                        ]
                turn = parts["turn"].nonzero()[0].tolist()
                assert turn == ([] if view.outcome else [(view.seat_on_turn - seat) % players])
                assert parts["draw_pile"].sum() == view.draw_pile_size
                assert parts["clue_tokens"].sum() == view.clue_tokens
                assert parts["lives"].sum() == variant.storms - view.storms
                assert parts["last_round"].sum() == max(view.turns_left, 0)
                assert parts["discards"].sum() == len(view.discard_pile)
                played = parts["fireworks"].reshape(len(variant.suits), 5)
                for suit, count in enumerate(view.fireworks):
                    assert played[suit].nonzero()[0].tolist() == ([count - 1] if count else [])
                if variant.bonus_tiles:
                    assert parts["tiles_left"].sum() == view.bonus_tiles_left
                    assert parts["pending"].sum() == (view.pending is not None)
