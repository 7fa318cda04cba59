"""Setting up a game and passing turns (RULES.md sections 2 and 3)."""

from __future__ import annotations

import pytest

from openhanabi.rules import Card, Game, find_variant
from openhanabi.rules.deck import ordered_deck

from .support import build_deck, make_game, run


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hands_are_dealt_one_whole_hand_at_a_time_seat_0_first(players: int) -> None:
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed=11)
    size = variant.hand_size
    for seat in range(players):
        assert game.hands[seat] == list(range(seat * size, (seat + 1) * size))
        assert [game.card(order) for order in game.hands[seat]] == list(
            game.deck[seat * size : (seat + 1) * size]
        )


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_each_hand_holds_the_hand_size_for_the_player_count(players: int, size: int) -> None:
    game = Game.new(find_variant("rainbow", players=players), seed=3)
    assert [len(hand) for hand in game.hands] == [size] * players
    assert len(game.draw_pile) == 60 - players * size
    assert game.cards_drawn == players * size


def test_the_rest_of_the_deck_is_the_draw_pile_top_first() -> None:
    variant = find_variant("base", players=2)
    game = make_game(variant, ["R1 R1 R1 R2 R2", "Y1 Y1 Y1 Y2 Y2"], draw="B5 G5")
    run(game, "play 0")
    # the first card drawn is the top of the draw pile and takes the next order
    assert game.hands[0][-1] == 10
    assert game.card(10) == Card(3, 5)
    run(game, "play 5")
    assert game.card(11) == Card(2, 5)


def test_a_new_game_starts_with_every_token_no_storm_and_empty_fireworks() -> None:
    variant = find_variant("multicolor", players=3, clue_tokens=9, storms=2)
    game = Game.new(variant, seed=8)
    assert game.clue_tokens == 9
    assert game.storms == 0
    assert game.fireworks == [0] * 6
    assert game.score == 0
    assert game.discard_pile == []
    assert game.turn == 0
    assert game.outcome is None
    assert game.pending is None


def test_black_powder_starts_at_minus_5() -> None:
    """Its empty firework scores -5: one point off for each of its 5 cards not played."""
    game = Game.new(find_variant("black-powder"), seed=0)
    assert game.score == -5


def test_seat_0_starts_by_default_and_play_passes_to_the_next_seat() -> None:
    game = Game.new(find_variant("base", players=3), seed=1)
    seats = []
    for _ in range(7):
        seats.append(game.seat)
        run(game, f"clue {(game.seat + 1) % 3} rank 1")
    assert seats == [0, 1, 2, 0, 1, 2, 0]


@pytest.mark.parametrize("start", [1, 2, 3])
def test_the_table_may_choose_another_start_seat(start: int) -> None:
    variant = find_variant("base", players=4, start_seat=start)
    game = Game.new(variant, seed=1)
    assert game.seat == start
    # dealing is not affected: seat 0 still gets the first hand
    assert game.hands[0] == [0, 1, 2, 3]
    first = game.hands[start][0]
    run(game, f"play {first}")
    assert game.events[0].seat == start
    assert game.seat == (start + 1) % 4


def test_each_turn_advances_the_turn_count() -> None:
    game = Game.new(find_variant("base"), seed=1)
    run(game, "clue 1 rank 1", "clue 0 rank 2", f"play {game.hands[0][0]}")
    assert game.turn == 3


def test_the_referee_knows_only_cards_dealt_or_drawn() -> None:
    variant = find_variant("base")
    game = Game(variant, ordered_deck(variant))
    assert game.card(9) == Card(0, 5)  # R1 R1 R1 R2 R2 R3 R3 R4 R4 R5
    with pytest.raises(IndexError):
        game.card(10)
    with pytest.raises(IndexError):
        game.card(-1)


def test_a_game_built_from_a_deck_keeps_it() -> None:
    variant = find_variant("base", players=2)
    deck = build_deck(variant, ["W5 W4 W3 W2 W1", "B5 B4 B3 B2 B1"])
    game = Game(variant, deck)
    assert list(game.deck) == deck
    assert game.card(0) == Card(4, 5)
    assert game.card(9) == Card(3, 1)
