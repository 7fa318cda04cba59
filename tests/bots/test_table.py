"""``play_game``: a bot that answers with anything but a legal action, or raises, fails as a
BotError that names it."""

from __future__ import annotations

import sys

import pytest

from odd_bots import Unmakeable
from openhanabi.bots import Bot, BotError, make_bot, play_game
from openhanabi.bots.table import Guarded, legal, new_bot
from openhanabi.rules import Action, ActionType, Game, SeatView, Variant, find_variant
from openhanabi.rules.events import Decision


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
    with pytest.raises(BotError, match=r"^bot 'answers' in seat 0 (chose|returned) "):
        play_game(game, bots)
    assert game.history == [] and game.outcome is None


class PlacesOnTop(Bot):
    """Plays as hat does, but answers bonus tile 5 by putting the card it shuffles back on top
    of the draw pile, where its holder would draw a card they know: the rules take such an
    answer from a record, no seat may give it."""

    name = "places-on-top"
    summary = "cheats at bonus tile 5"

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        super().__init__(seat, variant, seed)
        self.hat = make_bot("hat", seat, variant, seed)

    def act(self, view: SeatView) -> Action:
        if view.pending is Decision.RESHUFFLE:
            return Action.choose(view.legal_actions[0].target, 0)
        return self.hat.act(view)


def test_an_answer_the_rules_take_but_the_view_does_not_offer_fails() -> None:
    variant = find_variant("base", players=2, bonus_tiles=True)
    failed = 0
    for seed in range(10):
        game = Game.new(variant, seed)
        try:
            play_game(game, [PlacesOnTop(seat, variant, seed) for seat in range(2)])
        except BotError as error:
            assert "which is not among the legal actions of its view" in str(error)
            assert game.pending is Decision.RESHUFFLE  # the game as it was before that answer
            failed += 1
    assert failed  # bonus tile 5 came up


def test_a_refused_action_says_how_its_seats_are_numbered_where_the_bot_seat_is_not() -> None:
    """``hanabi play`` counts seats from 1, an action and the rules' words from 0: the message
    says which is which rather than name one seat by two numbers."""
    variant = find_variant("base", players=3)
    game = Game.new(variant, 1)
    bot = Answers(0, variant)
    with pytest.raises(BotError) as refused:
        legal(bot, Action.colour_clue(0, 1), game.view(0), game, first_seat=1)
    assert str(refused.value) == (
        "bot 'answers' in seat 1 chose clue 0 colour 1 (in the rules' numbers, seats from 0):"
        " seat 0 cannot give a clue to seat 0"
    )
    with pytest.raises(BotError, match=r"^bot 'answers' in seat 0 chose clue 0 colour 1: seat 0 "):
        legal(bot, Action.colour_clue(0, 1), game.view(0), game)


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


class Exits(Bot):
    """A bot that ends the interpreter when asked to act."""

    name = "exits"
    summary = "calls sys.exit"

    def act(self, view: SeatView) -> Action:
        sys.exit(3)


def test_a_bot_that_calls_sys_exit_fails_its_move_not_the_run() -> None:
    variant = find_variant("base", players=2)
    game = Game.new(variant, 1)
    with pytest.raises(BotError, match=r"^bot 'exits' in seat 0 failed: SystemExit: 3$"):
        play_game(game, [Exits(0, variant), Exits(1, variant)])
    assert game.history == []
