"""Play until perfect (RULES.md section 5): all or nothing, past the end of the draw pile."""

from __future__ import annotations

from typing import Any

from openhanabi.rules import Termination, Variant, find_variant
from openhanabi.rules.suits import RED

from .support import make_game, run


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
    variant = find_variant("black-powder", all_or_nothing=True)
    assert variant.max_score == 25
