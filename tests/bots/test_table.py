"""``play_game``: a bot that answers with anything but a legal action fails as a BotError."""

from __future__ import annotations

import pytest

from openhanabi.bots import Bot, BotError, play_game
from openhanabi.rules import Action, ActionType, Game, SeatView, find_variant


class Answers(Bot):
    """A bot that answers ``answer`` whatever it sees."""

    name = "answers"
    summary = "answers one fixed value"
    answer: object = None

    def act(self, view: SeatView) -> Action:
        return self.answer  # type: ignore[return-value]


@pytest.mark.parametrize(
    "answer",
    [None, "play 0", Action(ActionType.PLAY, True), Action(ActionType.COLOUR_CLUE, 1, 0, 2)],
    ids=repr,
)
def test_a_bot_that_answers_no_well_formed_action_fails_as_a_bot_error(answer: object) -> None:
    variant = find_variant("base", players=2)
    game = Game.new(variant, 1)
    bots = [Answers(seat, variant) for seat in range(2)]
    for bot in bots:
        bot.answer = answer
    with pytest.raises(BotError, match="bot 'answers' in seat 0 chose"):
        play_game(game, bots)
    assert game.history == [] and game.outcome is None
