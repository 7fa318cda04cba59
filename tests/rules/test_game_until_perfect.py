"""Play until perfect (RULES.md section 5): all or nothing, past the end of the draw pile."""

from __future__ import annotations

import random
from typing import Any

import pytest

from openhanabi.rules import Action, Card, Game, Termination, Variant, find_variant
from openhanabi.rules.suits import RED

from .support import best_score_left, first_playable_policy, make_game, perfect_deck, run


def red_only(**options: Any) -> Variant:
    return Variant("custom", (RED,), players=2, all_or_nothing=True, **options)


def test_the_game_goes_on_after_the_draw_pile_is_empty_until_it_is_won() -> None:
    game = make_game(red_only(hand_size=3), ["R1 R1 R1", "R2 R2 R3"], draw="R3 R4 R4 R5")
    run(game, "play 0", "play 3", "play 6", "play 7")
    assert not game.draw_pile  # seat 1 drew the last card
    assert game.turns_left == -1  # no last round is counted
    run(game, "clue 1 rank 1", "discard 4")
    # without the option this would have ended the last round; here it goes on
    assert game.outcome is None
    assert len(game.hands[1]) == 2  # nobody draws: a player holds fewer cards
    run(game, "clue 1 rank 1", "discard 5")
    assert len(game.hands[1]) == 1
    run(game, "clue 1 rank 1", "play 9")
    assert game.outcome is not None
    assert game.outcome.termination is Termination.PERFECT
    assert game.outcome.score == game.variant.max_score == 5


def test_the_same_turns_without_the_option_end_with_the_last_round() -> None:
    variant = Variant("custom", (RED,), players=2, hand_size=3)
    game = make_game(variant, ["R1 R1 R1", "R2 R2 R3"], draw="R3 R4 R4 R5")
    run(game, "play 0", "play 3", "play 6", "play 7", "clue 1 rank 1", "discard 4")
    assert game.outcome is not None
    assert game.outcome.termination is Termination.LAST_ROUND_DONE
    assert game.outcome.score == 4


def test_losing_a_card_the_perfect_game_needs_loses_at_once_with_0() -> None:
    game = make_game(red_only(hand_size=3), ["R1 R5 R1", "R2 R2 R3"], draw="R3 R4 R4 R1")
    run(game, "play 0", "clue 0 rank 1")
    assert game.outcome is None
    run(game, "discard 1")  # the only R5, with the draw pile still full
    assert game.draw_pile
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST
    assert game.outcome.score == 0


def test_misplaying_a_card_the_perfect_game_needs_loses_at_once() -> None:
    game = make_game(red_only(hand_size=3), ["R1 R5 R1", "R2 R2 R3"], draw="R3 R4 R4 R1")
    run(game, "play 1")  # R5 on an empty firework: a misplay of the only R5
    assert game.storms == 1
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST
    assert game.outcome.score == 0


@pytest.mark.parametrize(
    "declare",
    [None, 0, 1],
    ids=["a misplay", "a misplay declared rightly", "a play declared wrongly"],
)
def test_losing_the_only_copy_after_a_view_was_built_still_loses_at_once(
    declare: int | None,
) -> None:
    """Every turn's view asks for the best score still reachable; a card lost by a play (not a
    discard) must still lower it, and so end a play-until-perfect game."""
    variant = find_variant("declared-play", all_or_nothing=True)
    game = make_game(variant, ["R5 R1 G1 G2 B1", "R2 Y1 Y2 B2 W1"])
    assert game.view(0).max_reachable == 25  # asked for before the loss
    run(game, Action.play(0, declare=declare))  # the only R5, on an empty red firework
    assert game.discard_pile == [0] and game.storms == 1
    assert game.max_reachable() == best_score_left(game) == 24
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST
    assert game.outcome.score == 0


@pytest.mark.parametrize("declare", [None, 1])
def test_a_view_after_a_lost_play_shows_the_lower_best_score(declare: int | None) -> None:
    """Without play until perfect the game goes on, and the next view shows the new best."""
    game = make_game(find_variant("declared-play"), ["R5 R1 G1 G2 B1", "R2 Y1 Y2 B2 W1"])
    assert game.view(1).max_reachable == 25
    run(game, Action.play(0, declare=declare))
    assert game.outcome is None
    assert game.view(1).max_reachable == best_score_left(game) == 24


def test_losing_a_spare_copy_does_not_end_it() -> None:
    game = make_game(red_only(hand_size=3), ["R1 R5 R1", "R2 R2 R3"], draw="R3 R4 R4 R1")
    run(game, "clue 1 rank 2", "discard 3")  # one R2 of two
    assert game.outcome is None


def test_the_last_storm_token_loses_with_0() -> None:
    game = make_game(red_only(hand_size=3, storms=1), ["R1 R4 R1", "R2 R2 R3"])
    run(game, "play 0", "play 5")  # R3 on R1
    assert game.outcome is not None
    assert game.outcome.termination is Termination.STRIKEOUT
    assert game.outcome.score == 0


def test_a_player_on_turn_with_no_cards_and_no_clue_tokens_loses() -> None:
    # the deal takes the whole deck; one clue token
    game = make_game(red_only(hand_size=5, clue_tokens=1), ["R1 R1 R1 R2 R2", "R3 R3 R4 R4 R5"])
    run(game, "play 0", "clue 0 rank 1", "discard 1", "clue 0 rank 1", "discard 2")
    run(game, "clue 0 rank 1", "play 3", "play 5", "discard 4")
    assert game.hands[0] == []
    assert game.storms == 0
    assert game.outcome is None  # seat 1 is on turn and can act
    assert game.max_reachable() == 5  # R4 and R5 are still in seat 1's hand
    run(game, "clue 0 rank 1")  # the last token, on an empty hand
    assert game.clue_tokens == 0
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST
    assert game.outcome.score == 0


def test_a_player_with_no_cards_but_a_clue_token_plays_on() -> None:
    game = make_game(red_only(hand_size=5, clue_tokens=2), ["R1 R1 R1 R2 R2", "R3 R3 R4 R4 R5"])
    run(game, "play 0", "clue 0 rank 1", "discard 1", "clue 0 rank 1", "discard 2")
    run(game, "clue 0 rank 1", "play 3", "play 5", "discard 4")
    assert game.hands[0] == []
    assert game.storms == 0
    run(game, "clue 0 rank 1")
    assert game.clue_tokens == 1
    assert game.outcome is None
    assert game.legal_actions()  # seat 0 can still give a clue


def test_won_means_the_maximum_with_black_powder_too() -> None:
    """Black powder adds nothing when complete (it counts down from -5): the game is won with
    25, every firework complete, and not before its last card, K1, is played."""
    variant = find_variant("black-powder", all_or_nothing=True)
    game = Game(variant, perfect_deck(variant))  # red to white, then black powder 5 down to 1
    rng = random.Random(0)
    scores = []
    while not game.over:
        game.apply(first_playable_policy(game, rng))
        scores.append(game.score)
    assert scores[:5] == [-4, -3, -2, -1, 0]  # red 1 to 5, from black powder's -5
    assert scores[-6:] == [20, 21, 22, 23, 24, 25]  # white 5, then black powder 5 down to 1
    assert game.events[-1].card == Card(5, 1)
    assert game.fireworks == [5] * 6
    assert game.outcome is not None
    assert game.outcome.termination is Termination.PERFECT
    assert game.outcome.score == 25
