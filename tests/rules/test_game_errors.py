"""Typed errors: an illegal action raises IllegalActionError saying why, and changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.records import record_of
from openhanabi.rules import (
    Action,
    ActionType,
    Game,
    IllegalActionError,
    InvalidActionError,
    RulesError,
    find_variant,
)

from .support import make_game, run, snapshot

HANDS = ["R1 R2 Y3 G4 B5", "R3 Y1 G1 B1 W1"]  # seat 0: orders 0-4, seat 1: orders 5-9


def fresh() -> Game:
    return make_game(find_variant("base"), HANDS)


def below_max() -> Game:
    game = fresh()
    run(game, "clue 1 rank 1", "clue 0 rank 1")
    return game


def no_tokens() -> Game:
    game = make_game(find_variant("base", clue_tokens=2), HANDS)
    run(game, "clue 1 rank 1", "clue 0 rank 1")
    return game


def no_empty_clues() -> Game:
    return make_game(find_variant("base", empty_clues=False), HANDS)


def over() -> Game:
    game = make_game(find_variant("one-storm"), HANDS)
    run(game, "play 2")
    return game


CASES = [
    (fresh, Action.play(5), ["card 5", "hand"]),  # another seat's card
    (fresh, Action.play(10), ["card 10"]),  # a card still in the draw pile
    (fresh, Action.play(-1), ["card -1"]),
    (below_max, Action.discard(6), ["card 6"]),
    (fresh, Action.discard(0), ["clue token"]),  # every token available
    (fresh, Action.rank_clue(0, 1), ["seat 0"]),  # to yourself
    (fresh, Action.colour_clue(2, 0), ["seat 2"]),  # no such seat
    (fresh, Action.colour_clue(1, 5), ["colour 5"]),
    (fresh, Action.rank_clue(1, 6), ["rank 6"]),
    (no_tokens, Action.rank_clue(1, 1), ["token"]),
    (no_empty_clues, Action.rank_clue(1, 5), ["empty"]),  # seat 1 holds no 5
    (fresh, Action.play(0, declare=0), ["declared play"]),
    (fresh, Action.choose(0), ["choose", "turn"]),
    (fresh, Action(ActionType.GAME_OVER, 0, 0), ["game-over", "turn"]),
    (over, Action.rank_clue(1, 1), ["over"]),
    (over, Action.play(0), ["over"]),
]


@pytest.mark.parametrize(
    ("setup", "action", "words"),
    CASES,
    ids=lambda value: str(value) if isinstance(value, Action) else None,
)
def test_an_illegal_action_raises_saying_why_and_changes_nothing(
    setup: Callable[[], Game], action: Action, words: list[str]
) -> None:
    game = setup()
    assert action not in game.legal_actions()
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    message = str(caught.value)
    for word in words:
        assert word in message
    assert snapshot(game) == before


def test_illegal_and_unreadable_actions_are_different_error_types() -> None:
    """Syntax errors are InvalidActionError; a rule broken is IllegalActionError."""
    assert issubclass(IllegalActionError, RulesError)
    assert issubclass(InvalidActionError, RulesError)
    assert not issubclass(IllegalActionError, InvalidActionError)
    assert not issubclass(InvalidActionError, IllegalActionError)


def test_a_failed_action_leaves_the_game_playable() -> None:
    game = fresh()
    with pytest.raises(IllegalActionError):
        game.apply(Action.discard(0))
    run(game, "play 0")
    assert game.fireworks[0] == 1
    assert game.seat == 1


def declared() -> Game:
    return make_game(find_variant("base", declared_play=True), HANDS)


NOT_ACTIONS = [
    (fresh, None, "an action is an Action, not None"),
    (fresh, 0, "not 0"),
    (fresh, "play 0", "not 'play 0'"),
    (fresh, (ActionType.PLAY, 0, 0, None), "an action is an Action"),
    (fresh, Action(ActionType.PLAY, True), "target is a whole number, not True"),  # True == 1
    (fresh, Action(ActionType.PLAY, 1.0), "target is a whole number, not 1.0"),  # type: ignore[arg-type]
    (fresh, Action(ActionType.RANK_CLUE, True, 1), "target is a whole number, not True"),
    (fresh, Action.rank_clue(1, "1"), "value is a whole number, not '1'"),  # type: ignore[arg-type]
    (fresh, Action.colour_clue(1, True), "value is a whole number, not True"),
    (fresh, Action(7, 1, 0), "type is an ActionType, not 7"),  # type: ignore[arg-type]
    (fresh, Action(ActionType.COLOUR_CLUE, 1, 0, 2), "only a play declares a suit"),
    (declared, Action.play(0, 1.5), "declared suit is a whole number, not 1.5"),  # type: ignore[arg-type]
    (declared, Action.play(0, True), "declared suit is a whole number, not True"),
    (over, None, "an action is an Action"),
]


@pytest.mark.parametrize(("setup", "action", "words"), NOT_ACTIONS)
def test_a_value_that_is_no_well_formed_action_is_refused_and_changes_nothing(
    setup: Callable[[], Game], action: object, words: str
) -> None:
    game = setup()
    before = snapshot(game)
    with pytest.raises(InvalidActionError, match=re.escape(words)):
        game.apply(action)  # type: ignore[arg-type]
    assert snapshot(game) == before


@given(
    st.sampled_from(list(ActionType)),
    st.one_of(st.booleans(), st.floats(allow_nan=False), st.text(max_size=2), st.none()),
    st.sampled_from(["target", "value"]),
)
def test_an_action_field_that_is_not_a_whole_number_never_reaches_the_game(
    kind: ActionType, number: object, field: str
) -> None:
    game = declared()
    before = snapshot(game)
    action = Action(kind, 1, 1)._replace(**{field: number})  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match=f"action's {field} is a whole number"):
        game.apply(action)
    assert snapshot(game) == before


def test_an_action_of_numpy_integers_is_the_action_of_plain_ints() -> None:
    # what a policy's argmax gives: taken as the plain action, and so written in the record
    numbers, plain = declared(), declared()
    for pick in (-1, 0, 3):
        action = plain.view(plain.seat).legal_actions[pick]
        fields = (np.int64(field) if field is not None else None for field in action)
        numbers.apply(Action(*fields))  # type: ignore[arg-type]
        plain.apply(action)
    assert numbers.history == plain.history
    assert all(type(field) in (int, ActionType) for a in numbers.history for field in a[:3])
    assert record_of(numbers).to_json() == record_of(plain).to_json()
