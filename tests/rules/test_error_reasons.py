"""An illegal action names the rule it breaks with a stable code (``reason``) and the numbers it
concerns (``params``), besides its message, so that an interface can say it in its own words:
the same rule broken always gives the same reason, whatever the message says."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.rules import (
    Action,
    ActionType,
    Game,
    IllegalActionError,
    InvalidVariantError,
    find_variant,
)
from openhanabi.rules import game as game_module

from .test_game_errors import below_max, fresh, no_empty_clues, no_tokens, over

CASES = [
    (fresh, Action.play(5), "not_in_hand", {"order": 5}),
    (below_max, Action.discard(6), "not_in_hand", {"order": 6}),
    (fresh, Action.discard(0), "clue_tokens_full", {}),
    (fresh, Action.rank_clue(0, 1), "bad_clue_target", {"target": 0}),
    (fresh, Action.colour_clue(2, 0), "bad_clue_target", {"target": 2}),
    (fresh, Action.colour_clue(1, 5), "no_such_colour", {"colour": 5}),
    (fresh, Action.rank_clue(1, 6), "no_such_rank", {"rank": 6}),
    (no_tokens, Action.rank_clue(1, 1), "no_clue_tokens", {}),
    (no_empty_clues, Action.rank_clue(1, 5), "empty_clue", {}),
    (fresh, Action.play(0, declare=0), "declared_play_off", {}),
    (fresh, Action.choose(0), "not_a_turn", {}),
    (fresh, Action(ActionType.GAME_OVER, 0, 0), "not_a_turn", {}),
    (over, Action.play(0), "game_over", {}),
]


def reasons_in_the_rules() -> set[str]:
    """Every reason a raise in the rules' game names (its second argument)."""
    tree = ast.parse(Path(game_module.__file__).read_text("utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalActionError":
            assert len(node.args) == 2, f"line {node.lineno}: a raise without its reason"
            reason = node.args[1]
            assert isinstance(reason, ast.Constant) and isinstance(reason.value, str)
            found.add(reason.value)
    return found


@pytest.mark.parametrize(("setup", "action", "reason", "params"), CASES)
def test_a_broken_rule_is_named_by_its_reason(
    setup: Callable[[], Game], action: Action, reason: str, params: dict[str, int]
) -> None:
    with pytest.raises(IllegalActionError) as caught:
        setup().apply(action)
    assert (caught.value.reason, caught.value.params) == (reason, params)


def test_every_raise_in_the_rules_names_a_reason_of_its_own() -> None:
    reasons = reasons_in_the_rules()
    assert {reason for _, _, reason, _ in CASES} <= reasons
    assert "illegal" not in reasons  # the default is for code outside the rules


@given(
    st.integers(0, 3),
    st.sampled_from(list(ActionType)),
    st.integers(-2, 60),
    st.integers(-2, 8),
)
def test_any_illegal_action_gives_a_known_reason(
    seed: int, kind: ActionType, target: int, value: int
) -> None:
    game = Game.new(find_variant("bonus-tiles", players=3, empty_clues=False), seed=seed)
    try:
        game.apply(Action(kind, target, value))
    except IllegalActionError as error:
        assert error.reason in reasons_in_the_rules()
        assert all(isinstance(number, int) for number in error.params.values())


@pytest.mark.parametrize(
    ("options", "reason", "params"),
    [
        ({"players": 6}, "players", {"least": 2, "most": 5}),
        ({"players": 5, "hand_size": 10}, "no_draw_pile", {"players": 5, "hand_size": 10}),
        ({"players": 2, "hand_size": 30}, "hand_size", {"hand_size": 30}),
        ({"clue_tokens": 0}, "clue_tokens", {}),
        ({"storms": 0}, "storms", {}),
        ({"players": 2, "start_seat": 2}, "start_seat", {"players": 2}),
    ],
)
def test_options_that_make_no_game_are_named_by_their_reason(
    options: dict[str, int], reason: str, params: dict[str, int]
) -> None:
    with pytest.raises(InvalidVariantError) as caught:
        find_variant("base", **options)
    assert (caught.value.reason, caught.value.params) == (reason, params)
