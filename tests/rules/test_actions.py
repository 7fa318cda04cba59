"""Actions: small immutable values with a text form, numbered as in hanab.live's records."""

from __future__ import annotations

import pytest

from openhanabi.rules import Action, ActionType, InvalidActionError, RulesError


def test_action_types_use_hanab_live_numbers() -> None:
    """Section 8: type 0 play, 1 discard, 2 colour clue, 3 rank clue, 4 game over."""
    numbers = {kind: int(kind) for kind in ActionType}
    assert numbers[ActionType.PLAY] == 0
    assert numbers[ActionType.DISCARD] == 1
    assert numbers[ActionType.COLOUR_CLUE] == 2
    assert numbers[ActionType.RANK_CLUE] == 3
    assert numbers[ActionType.GAME_OVER] == 4


@pytest.mark.parametrize(
    "action",
    [
        Action.play(0),
        Action.play(17, declare=4),
        Action.play(3, declare=0),
        Action.discard(49),
        Action.colour_clue(2, 5),
        Action.rank_clue(1, 3),
        Action.choose(12),
        Action.choose(12, 0),
        Action.choose(8, 31),
    ],
    ids=str,
)
def test_text_form_round_trips(action: Action) -> None:
    assert Action.parse(str(action)) == action


def test_constructors_fill_the_fields() -> None:
    assert Action.play(5) == Action(ActionType.PLAY, 5, 0, None)
    assert Action.play(5, declare=2).declare == 2
    assert Action.discard(4) == Action(ActionType.DISCARD, 4)
    assert Action.colour_clue(1, 3) == Action(ActionType.COLOUR_CLUE, 1, 3)
    assert Action.rank_clue(0, 5) == Action(ActionType.RANK_CLUE, 0, 5)


def test_a_choice_without_a_position_asks_for_a_random_one() -> None:
    assert Action.choose(7).value == -1
    assert str(Action.choose(7)) == "choose 7"


def test_only_colour_and_rank_clues_are_clues() -> None:
    assert Action.colour_clue(1, 0).is_clue
    assert Action.rank_clue(1, 1).is_clue
    assert not Action.play(0).is_clue
    assert not Action.discard(0).is_clue
    assert not Action.choose(0).is_clue


def test_actions_are_immutable_values() -> None:
    action = Action.play(3)
    with pytest.raises(AttributeError):
        action.target = 4  # type: ignore[misc]
    assert hash(action) == hash(Action.play(3))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play",
        "play x",
        "play 1 2",
        "discard",
        "fly 3",
        "clue 1 color 2",
        "clue 1 rank",
        "clue one rank 2",
        "choose",
        "play 3 declare",
        "play 3 announce 2",
    ],
)
def test_text_that_is_not_an_action_raises_a_typed_syntax_error(text: str) -> None:
    with pytest.raises(InvalidActionError, match="action"):
        Action.parse(text)


def test_syntax_errors_are_rules_errors_and_value_errors() -> None:
    with pytest.raises(RulesError):
        Action.parse("nonsense")
    with pytest.raises(ValueError):
        Action.parse("nonsense")
