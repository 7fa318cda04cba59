"""The end of a game (RULES.md section 4) and hanab.live's ending rule (section 9)."""

from __future__ import annotations

from typing import Any

import pytest

from openhanabi.rules import (
    Action,
    Card,
    Game,
    IllegalActionError,
    Result,
    Termination,
    Variant,
    find_variant,
)
from openhanabi.rules.deck import ordered_deck
from openhanabi.rules.suits import RED

from .support import burn_draw_pile, make_game, perfect_deck, play_until, run, snapshot

# ---------------------------------------------------------------------------- strikeout

MISPLAYS = ("play 5", "play 1", "play 6")  # seat 1's Y2, seat 0's R3, seat 1's Y3


@pytest.mark.parametrize("storms", [3, 2, 1])
def test_turning_the_last_storm_token_ends_the_game_at_once_with_0_points(storms: int) -> None:
    game = make_game(find_variant("base", storms=storms), ["R1 R3 R4 G2 G3", "Y2 Y3 Y4 B2 B3"])
    run(game, "play 0")  # a point on the board, which the strikeout takes away
    for misplay in MISPLAYS[: storms - 1]:
        run(game, misplay)
        assert game.outcome is None
    seat = game.seat
    run(game, MISPLAYS[storms - 1])
    assert game.storms == storms
    assert game.outcome is not None
    assert game.outcome.termination is Termination.STRIKEOUT
    assert game.outcome.score == 0
    assert game.over
    # at once: the misplayed card is in the discard pile, no card is drawn, the turn stays
    event = game.events[-1]
    assert event.result is Result.MISPLAYED
    assert event.drew == -1
    assert game.seat == seat
    assert game.legal_actions() == []


def test_a_strikeout_with_black_powder_scores_0_not_minus_5() -> None:
    game = make_game(find_variant("black-powder", storms=1), ["K1 R3 R4 G2 G3", "Y2 Y3 Y4 B2 B3"])
    run(game, "play 0")
    assert game.outcome is not None
    assert game.outcome.termination is Termination.STRIKEOUT
    assert game.outcome.score == 0


def test_no_action_is_legal_after_the_game_is_over() -> None:
    game = make_game(find_variant("one-storm"), ["R2 R3 R4 G2 G3", "Y2 Y3 Y4 B2 B3"])
    run(game, "play 0")
    before = snapshot(game)
    for action in (Action.play(1), Action.rank_clue(0, 1), Action.play(5)):
        with pytest.raises(IllegalActionError, match="over"):
            game.apply(action)
    assert snapshot(game) == before


# ---------------------------------------------------------------------------- perfect


@pytest.mark.parametrize(
    ("key", "players", "maximum"),
    [
        ("base", 2, 25),
        ("base", 5, 25),
        ("multicolor", 3, 30),
        ("rainbow-5", 4, 30),
        ("black-powder", 2, 25),
        ("black-powder-multicolor-5", 3, 30),
    ],
)
def test_completing_every_firework_ends_the_game_at_once_with_the_maximum(
    key: str, players: int, maximum: int
) -> None:
    variant = find_variant(key, players=players)
    game = Game(variant, perfect_deck(variant))
    play_until(game, lambda g: False)
    assert game.outcome is not None
    assert game.outcome.termination is Termination.PERFECT
    assert game.outcome.score == game.score == maximum
    assert all(played == 5 for played in game.fireworks)
    # every turn played a card, the last one ended the game although cards were left to draw
    assert all(event.result is Result.PLAYED for event in game.events)
    assert len(game.events) == 5 * len(variant.suits)
    assert game.draw_pile
    assert game.events[-1].drew == -1


# ---------------------------------------------------------------------------- last round


def last_round_action(game: Game) -> Action:
    """A discard when allowed (it would draw if anything were drawn), else a clue."""
    if game.clue_tokens < game.variant.clue_tokens:
        return Action.discard(game.hands[game.seat][0])
    return Action.rank_clue((game.seat + 1) % game.players, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("start", [0, 1])
def test_after_the_last_card_is_drawn_every_player_takes_exactly_one_more_turn(
    players: int, start: int
) -> None:
    variant = find_variant("base", players=players, start_seat=start)
    game = Game(variant, ordered_deck(variant))
    burn_draw_pile(game)
    drawer = game.events[-1].seat
    assert game.events[-1].drew >= 0  # the turn that drew the last card
    assert game.outcome is None
    assert game.turns_left == players
    seats, sizes_before = [], [len(hand) for hand in game.hands]
    while not game.over:
        seats.append(game.seat)
        game.apply(last_round_action(game))
    assert seats == [(drawer + 1 + i) % players for i in range(players)]
    assert seats[-1] == drawer
    assert game.outcome is not None
    assert game.outcome.termination is Termination.LAST_ROUND_DONE
    assert game.outcome.score == game.score
    # nobody draws in the last round: each discard leaves its player one card short
    last_round = game.events[-players:]
    assert all(event.drew == -1 for event in last_round)
    discarders = [e.seat for e in last_round if e.result is Result.DISCARDED]
    assert discarders
    for seat in range(players):
        assert len(game.hands[seat]) == sizes_before[seat] - discarders.count(seat)


def test_the_last_round_counts_down_one_turn_at_a_time() -> None:
    variant = find_variant("base", players=3)
    game = Game(variant, ordered_deck(variant))
    assert game.turns_left == -1
    burn_draw_pile(game)
    left = []
    while not game.over:
        left.append(game.turns_left)
        game.apply(last_round_action(game))
    assert left == [3, 2, 1]
    assert game.turns_left == 0


# ---------------------------------------------------------------------------- hanab.live ending


def red_only(**options: Any) -> Variant:
    """A one-suit table keeps the positions of the ending rules short to build."""
    return Variant("custom", (RED,), players=2, **options)


@pytest.mark.parametrize("on", [True, False])
def test_hanab_live_ends_when_the_score_equals_the_maximum_still_reachable(on: bool) -> None:
    game = make_game(
        red_only(hand_size=3, hanab_live_ending=on), ["R1 R1 R1", "R2 R2 R3"], draw="R3 R4 R4 R5"
    )
    run(game, "play 0", "clue 0 rank 1", "clue 1 rank 2", "discard 3", "clue 1 rank 2")
    assert game.outcome is None
    assert game.max_reachable() == 5
    run(game, "discard 4")  # the second R2: red can never pass 1
    assert game.max_reachable() == game.score == 1
    assert game.draw_pile  # it is not the end of the deck that ends it
    if on:
        assert game.outcome is not None
        assert game.outcome.termination is Termination.NO_MORE_PROGRESS
        assert game.outcome.score == 1
    else:
        assert game.outcome is None
        assert game.legal_actions()


@pytest.mark.parametrize("on", [True, False])
def test_hanab_live_ends_when_the_needed_card_is_held_by_a_player_whose_last_turn_is_over(
    on: bool,
) -> None:
    game = make_game(
        red_only(hand_size=2, hanab_live_ending=on), ["R1 R5", "R2 R3"], draw="R4 R1 R1 R2 R3 R4"
    )
    run(game, "play 0", "play 2", "clue 1 rank 1", "play 3", "play 4", "discard 5")
    run(game, "clue 1 rank 1", "discard 6")  # seat 1 draws the last card
    assert not game.draw_pile
    assert game.fireworks == [4]
    assert game.outcome is None  # seat 0 holds the R5 and still has a turn
    run(game, "clue 1 rank 3")  # seat 0's last turn, and it keeps the R5
    if on:
        assert game.outcome is not None
        assert game.outcome.termination is Termination.NO_MORE_PROGRESS
        assert game.outcome.score == 4
    else:
        assert game.outcome is None
        run(game, "discard 8")  # seat 1's last turn
        assert game.outcome is not None
        assert game.outcome.termination is Termination.LAST_ROUND_DONE
        assert game.outcome.score == 4


@pytest.mark.parametrize("on", [True, False])
def test_hanab_live_the_player_who_drew_the_last_card_still_has_their_final_turn(
    on: bool,
) -> None:
    """Section 9: the drawer has not taken their turn of the last round until their final turn,
    so the needed card in the drawer's hand keeps the game going."""
    game = make_game(
        red_only(hand_size=2, hanab_live_ending=on), ["R1 R2", "R3 R4"], draw="R1 R1 R2 R3 R4 R5"
    )
    run(game, "play 0", "clue 0 rank 1", "play 1", "play 2", "discard 4", "play 3")
    run(game, "clue 1 rank 2", "discard 6")  # seat 1 draws the last card: the R5
    assert not game.draw_pile
    assert 9 in game.hands[1]
    assert game.card(9) == Card(0, 5)
    assert game.outcome is None
    run(game, "clue 1 rank 4")  # seat 0's last turn: the R5 is in the drawer's hand
    assert game.outcome is None
    run(game, "play 9")
    assert game.outcome is not None
    assert game.outcome.termination is Termination.PERFECT
    assert game.outcome.score == 5


def test_hanab_live_ending_is_off_by_default() -> None:
    assert not find_variant("base").hanab_live_ending


def test_the_turn_that_ends_the_game_by_strikeout_counts_as_a_turn() -> None:
    game = make_game(find_variant("one-storm"), ["R2 R3 R4 G2 G3", "Y2 Y3 Y4 B2 B3"])
    run(game, "clue 1 rank 2")
    run(game, "play 5")  # seat 1's Y2 does not fit: the only storm token
    assert game.outcome is not None
    assert game.turn == 2 == len(game.history)


def test_the_turn_that_completes_every_firework_counts_as_a_turn() -> None:
    variant = find_variant("base", players=2)
    game = Game(variant, perfect_deck(variant))
    play_until(game, lambda g: False)
    assert game.outcome is not None
    assert game.outcome.termination is Termination.PERFECT
    assert game.turn == 25 == len(game.history)
