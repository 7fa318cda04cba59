"""Declared play (RULES.md section 5, Danish "Timet opvisning")."""

from __future__ import annotations

import pytest

from openhanabi.rules import (
    Action,
    ActionType,
    IllegalActionError,
    Result,
    Termination,
    find_variant,
)

from .support import make_game, run, snapshot

HANDS = ["R1 R2 Y3 G4 B5", "R3 Y1 G1 B1 W1"]  # seat 0: orders 0-4, seat 1: orders 5-9
RED, YELLOW = 0, 1


def test_declared_right_and_fitting_plays_and_regains_a_token() -> None:
    game = make_game(find_variant("declared-play"), HANDS)
    run(game, "clue 1 rank 1")
    assert game.clue_tokens == 7
    run(game, Action.play(6, declare=YELLOW))
    assert game.events[-1].result is Result.PLAYED
    assert game.fireworks == [0, 1, 0, 0, 0]
    assert game.clue_tokens == 8
    assert game.storms == 0


def test_a_declared_right_play_at_the_maximum_keeps_the_maximum() -> None:
    game = make_game(find_variant("declared-play"), HANDS)
    run(game, Action.play(0, declare=RED))
    assert game.fireworks[RED] == 1
    assert game.clue_tokens == 8


def test_a_correctly_declared_5_regains_two_tokens() -> None:
    """Decided: the declaration's token and the completion's token."""
    game = make_game(find_variant("declared-play"), ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"])
    run(game, "clue 1 rank 1", "clue 0 rank 1", "play 0", "play 5", "play 1", "play 6")
    assert game.clue_tokens == 6
    run(game, Action.play(2, declare=RED))
    assert game.fireworks[RED] == 5
    assert game.clue_tokens == 8


def test_a_correctly_declared_5_one_below_the_maximum_is_capped() -> None:
    """Each token is capped at the maximum: 7 + 1 = 8, then the completion's is lost."""
    game = make_game(find_variant("declared-play"), ["R2 R4 G1 G2 G3", "R1 R3 R5 Y1 Y2"])
    run(game, "clue 1 rank 1", "play 5", "play 0", "play 6", "play 1")
    assert game.clue_tokens == 7
    run(game, Action.play(7, declare=RED))
    assert game.fireworks[RED] == 5
    assert game.clue_tokens == 8


def test_declared_right_suit_that_does_not_fit_is_a_normal_misplay() -> None:
    game = make_game(find_variant("declared-play"), HANDS)
    run(game, "clue 1 rank 1")
    run(game, "clue 0 rank 1")
    run(game, Action.play(1, declare=RED))  # R2 on an empty red firework
    event = game.events[-1]
    assert event.result is Result.MISPLAYED
    assert game.storms == 1
    assert game.discard_pile == [1]
    assert game.clue_tokens == 6  # no token for the declaration


@pytest.mark.parametrize(
    ("order", "declare"),
    [(0, YELLOW), (2, RED)],
    ids=["would-have-fit", "would-not-fit"],
)
def test_declared_wrong_is_discarded_with_a_storm_whether_or_not_it_would_have_fit(
    order: int, declare: int
) -> None:
    game = make_game(find_variant("declared-play"), HANDS, draw="W5")
    run(game, "clue 1 rank 1", "clue 0 rank 1")
    run(game, Action.play(order, declare=declare))
    event = game.events[-1]
    assert event.result is Result.DECLARED_WRONG
    assert event.card == game.card(order)
    assert game.discard_pile == [order]
    assert game.storms == 1
    assert game.fireworks == [0] * 5
    assert game.clue_tokens == 6
    assert game.hands[0][-1] == event.drew == 10  # the replacement is drawn as usual


def test_declared_wrong_on_the_last_storm_is_a_strikeout() -> None:
    game = make_game(find_variant("declared-play", storms=1), HANDS)
    run(game, Action.play(0, declare=YELLOW))
    assert game.outcome is not None
    assert game.outcome.termination is Termination.STRIKEOUT


def test_playing_without_a_declaration_is_always_allowed() -> None:
    game = make_game(find_variant("declared-play"), HANDS)
    run(game, "clue 1 rank 1", "play 6")
    results = [game.events[-1].result]
    assert game.clue_tokens == 7  # no token without a declaration
    run(game, "play 2")  # undeclared misplay
    results.append(game.events[-1].result)
    assert results == [Result.PLAYED, Result.MISPLAYED]


def test_any_suit_can_be_declared_even_one_that_cannot_be_named_in_a_clue() -> None:
    game = make_game(find_variant("rainbow", declared_play=True), ["M1 R2 Y3 G4 B5", HANDS[1]])
    run(game, "clue 1 rank 1", "clue 0 rank 1", Action.play(0, declare=5))
    assert game.fireworks[5] == 1
    assert game.clue_tokens == 7


def test_legal_actions_offer_every_declaration_and_the_plain_play() -> None:
    variant = find_variant("declared-play")
    game = make_game(variant, HANDS)
    plays = {a for a in game.legal_actions() if a.type is ActionType.PLAY}
    expected = {Action.play(o) for o in range(5)} | {
        Action.play(o, declare=s) for o in range(5) for s in range(len(variant.suits))
    }
    assert plays == expected


def test_declaring_when_the_option_is_off_is_illegal() -> None:
    game = make_game(find_variant("base"), HANDS)
    assert all(a.declare is None for a in game.legal_actions())
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="declared play is off"):
        game.apply(Action.play(0, declare=RED))
    assert snapshot(game) == before


@pytest.mark.parametrize("declare", [5, -1, 99])
def test_declaring_a_suit_the_variant_does_not_have_is_illegal(declare: int) -> None:
    game = make_game(find_variant("declared-play"), HANDS)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="suit"):
        game.apply(Action.play(0, declare=declare))
    assert snapshot(game) == before
