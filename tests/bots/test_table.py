"""``play_game``: a bot that answers with anything but a legal action, or raises, fails as a
BotError that names it."""

from __future__ import annotations

import pytest

from odd_bots import Unmakeable
from openhanabi.bots import Bot, BotError, make_bot, play_game
from openhanabi.bots.table import Guarded, new_bot
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


class Raises(Bot):
    """A bot that raises whenever it is asked anything."""

    name = "raises"
    summary = "raises"

    def act(self, view: SeatView) -> Action:
        raise KeyError("no idea")

    def explain(self) -> str:
        raise ValueError("no words")


def test_a_bot_that_raises_fails_as_a_bot_error_naming_it_and_leaves_the_game_as_it_was() -> None:
    variant = find_variant("base", players=2)
    game = Game.new(variant, 1)
    with pytest.raises(BotError, match=r"^bot 'raises' in seat 0 failed: KeyError: 'no idea'$"):
        play_game(game, [Raises(0, variant), Raises(1, variant)])
    assert game.history == [] and game.outcome is None


def test_a_bot_that_raises_as_it_is_made_fails_as_a_bot_error_naming_it() -> None:
    variant = find_variant("base", players=3)
    with pytest.raises(
        BotError,
        match=r"^bot 'unmakeable' in seat 3 could not be made: RuntimeError: cannot start$",
    ):
        new_bot(Unmakeable, 2, variant, first_seat=1)


def test_a_guarded_bot_keeps_its_name_and_its_failures_are_bot_errors() -> None:
    variant = find_variant("base", players=2)
    guarded = Guarded(Raises(1, variant), first_seat=1)
    assert (guarded.name, guarded.seat) == ("raises", 1)
    view = Game.new(variant, 1).view(1)
    with pytest.raises(BotError, match=r"^bot 'raises' in seat 2 failed: KeyError: 'no idea'$"):
        guarded.act(view)
    with pytest.raises(
        BotError, match=r"^bot 'raises' in seat 2 failed to explain its move: Value"
    ):
        guarded.explain()
    fine = Guarded(make_bot("basic", 0, variant))
    assert fine.act(Game.new(variant, 1).view(0)) in Game.new(variant, 1).view(0).legal_actions
