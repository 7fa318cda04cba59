"""copy() gives an independent game; undo() restores the exact previous state."""

from __future__ import annotations

import random

import pytest

from openhanabi.rules import Action, Game, IllegalActionError, find_variant

from .support import careful_policy, make_game, run, snapshot

HANDS = ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"]  # seat 0: orders 0-4, seat 1: orders 5-9


def bonus_game(tiles: list[int]) -> Game:
    """Red one card from complete (seat 0 holds R5 as order 2), Y1 in the discard pile."""
    game = make_game(find_variant("bonus-tiles"), HANDS, tiles=tiles)
    run(game, "clue 1 rank 1", "discard 7", "play 0", "play 5", "play 1", "play 6")
    return game


def test_changing_a_copy_never_changes_the_original() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "clue 1 rank 1", "discard 7")
    before = snapshot(game)
    other = game.copy()
    assert snapshot(other) == before
    run(other, "play 0", "play 5", "clue 1 colour 1", "discard 8")
    assert snapshot(game) == before


def test_changing_the_original_never_changes_a_copy() -> None:
    game = make_game(find_variant("base"), HANDS)
    other = game.copy()
    before = snapshot(other)
    run(game, "clue 1 rank 1", "discard 7", "play 0")
    assert snapshot(other) == before


def test_a_copy_plays_on_exactly_like_the_original() -> None:
    game = Game.new(find_variant("bonus-tiles", players=3), seed=21)
    rng = random.Random(4)
    for _ in range(15):
        game.apply(careful_policy(game, rng))
    other = game.copy()
    rng_a, rng_b = random.Random(9), random.Random(9)
    while not game.over:
        game.apply(careful_policy(game, rng_a))
        other.apply(careful_policy(other, rng_b))
        assert snapshot(other) == snapshot(game)
    assert other.outcome == game.outcome


def test_a_copy_draws_the_same_random_landing_place() -> None:
    game = bonus_game([5, 1, 2, 3, 4, 6])
    run(game, "play 2")
    other = game.copy()
    run(game, Action.choose(7))
    run(other, Action.choose(7))
    assert other.history[-1] == game.history[-1]


def test_undo_with_nothing_to_undo_is_illegal() -> None:
    game = Game.new(find_variant("base"), seed=0)
    with pytest.raises(IllegalActionError, match="no action"):
        game.undo()


@pytest.mark.parametrize(
    "actions",
    [
        ["clue 1 rank 1"],
        ["play 0"],
        ["play 1"],  # a misplay
        ["clue 1 rank 1", "discard 9"],
        ["play 0", "play 5", "play 1", "play 6", "play 2"],  # a completion
    ],
    ids=lambda actions: actions[-1],
)
def test_undo_restores_the_exact_previous_state_and_returns_the_action(
    actions: list[str],
) -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, *actions[:-1])
    before = snapshot(game)
    run(game, actions[-1])
    assert game.undo() == Action.parse(actions[-1])
    assert snapshot(game) == before


def test_undo_takes_back_a_strikeout() -> None:
    game = make_game(find_variant("one-storm"), HANDS)
    before = snapshot(game)
    run(game, "play 1")
    assert game.over
    game.undo()
    assert snapshot(game) == before
    assert not game.over


def test_undo_can_take_back_every_action_one_by_one() -> None:
    game = Game.new(find_variant("declared-play", players=4), seed=8)
    rng = random.Random(1)
    states = []
    while not game.over:
        states.append(snapshot(game))
        game.apply(careful_policy(game, rng))
    while states:
        game.undo()
        assert snapshot(game) == states.pop()


@pytest.mark.parametrize("tile", [3, 4, 5, 6])
def test_undo_takes_back_a_bonus_tile_decision_and_then_the_play(tile: int) -> None:
    game = bonus_game([tile, *(t for t in range(1, 7) if t != tile)])
    before_play = snapshot(game)
    run(game, "play 2")
    assert game.pending is not None
    before_decision = snapshot(game)
    game.apply(game.legal_actions()[0])
    game.undo()
    assert snapshot(game) == before_decision
    game.undo()
    assert snapshot(game) == before_play


def test_undo_of_a_random_reshuffle_restores_the_chance_too() -> None:
    """Taking back a random landing place and choosing again must land the card in the same
    place: the previous state includes what the game would draw next."""
    for seed in range(6):
        game = bonus_game([5, 1, 2, 3, 4, 6])
        game = Game(game.variant, list(game.deck), game.bonus_tiles, seed=seed)
        run(game, "clue 1 rank 1", "discard 7", "play 0", "play 5", "play 1", "play 6", "play 2")
        before = snapshot(game)
        run(game, Action.choose(7))
        first = game.history[-1]
        game.undo()
        assert snapshot(game) == before
        run(game, Action.choose(7))
        assert game.history[-1] == first
