"""The game loop in-process: typed lines in, the board and messages out, bots on their views."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console

from openhanabi.bots import BotError, make_bot
from openhanabi.rules import Game, SeatView, Termination, find_variant
from openhanabi.terminal import Session
from openhanabi.terminal.session import PROMPT
from openhanabi.terminal.words import readable_note

from .support import awaiting_tile_6, make_game

NAMES = ("Alice", "Bob", "Cathy")


def session(
    lines: Iterator[str] | list[str],
    seed: int = 4,
    bot: str = "basic",
    name: str = "base",
    game: Game | None = None,
) -> Session:
    game = game or Game.new(find_variant(name, players=3), seed)
    variant = game.variant
    bots = {seat: make_bot(bot, seat, variant) for seat in (1, 2)}
    typed = iter(lines)

    def read_line(prompt: str) -> str:
        assert prompt == PROMPT
        line = next(typed, None)
        if line is None:
            raise EOFError
        return line

    console = Console(file=io.StringIO(), width=120)
    return Session(game, bots, 0, NAMES, console, read_line)


def output(table: Session) -> str:
    file = table.console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def test_mistakes_change_nothing_and_end_of_input_stops_the_game() -> None:
    table = session(["bogus", "discard 1", "clue alice 1", "help", "log"])
    game = table.run()
    text = output(table)
    assert "Unknown command 'bogus'" in text
    assert "You cannot discard now: all 8 clue tokens are available" in text
    assert "You cannot give yourself a clue" in text
    assert "play N" in text and "Nothing has happened yet." in text
    assert "Input ended: the game stops here." in text
    assert game.outcome is not None and game.outcome.termination is Termination.ABANDONED
    assert game.history == []


def test_quit_stops_after_the_moves_made() -> None:
    table = session(["clue bob 1", "quit"])
    game = table.run()
    assert game.history[0].target == 1
    assert len(game.history) == 3  # the person's clue and both bots' answers
    assert "Game over: you stopped the game." in output(table)


def scripted(table_of: list[Session]) -> Iterator[str]:
    """Discard slot 1 whenever allowed, else clue the next player about 1s."""
    while True:
        view: SeatView = table_of[0].game.view(0)
        if view.clue_tokens < view.variant.clue_tokens and view.own_hand:
            yield "discard 1"
        else:
            yield "clue 2 1" if view.clue_tokens else "play 1"


@pytest.mark.parametrize("bot", ["basic", "random"])
def test_a_whole_game_to_its_end(bot: str) -> None:
    holder: list[Session] = []
    table = session(scripted(holder), seed=11, bot=bot)
    holder.append(table)
    game = table.run()
    assert game.outcome is not None
    assert game.outcome.termination is not Termination.ABANDONED
    text = output(table)
    assert "Game over: " in text and f"Score {game.outcome.score} of 25: " in text
    faces = [game.card(order).name(game.variant) for order in reversed(game.hands[0])]
    assert f"Your hand was: {' '.join(faces)} (slot 1 first)." in text


def test_a_hand_emptied_by_the_end_is_said_to_be_empty() -> None:
    # hands of one card: Alice misplays hers (Y2) with the last storm, and draws none
    variant = find_variant("one-storm", players=3, hand_size=1)
    table = session(["play 1"], game=make_game(variant, ["Y2", "R1", "G1"]))
    game = table.run()
    assert not game.hands[0]
    text = output(table)
    assert "Your hand was empty.\n" in text
    assert "(slot 1 first)" not in text


def test_play_until_perfect_is_won_or_lost() -> None:
    holder: list[Session] = []
    table = session(scripted(holder), seed=11, name="play-until-perfect")
    holder.append(table)
    game = table.run()
    assert game.outcome is not None and game.outcome.termination is not Termination.ABANDONED
    assert "Score 0 of 25: lost (play until perfect: all or nothing)." in output(table)


def test_declared_plays_right_and_wrong_are_logged_as_such() -> None:
    variant = find_variant("declared-play", players=3)
    # Alice's newest card (slot 1) is R1, her slot 2 the Y2
    dealt = make_game(variant, ["Y5 Y4 Y3 Y2 R1", "G1 G2 G3 G4 G5", "B5 B4 B3 B2 W5"])
    table = session(["play 1 red", "play 2 blue", "log", "quit"], game=dealt)
    game = table.run()
    assert game.history[0].declare == 0 and game.history[3].declare == 3
    text = output(table)
    # every token was available: none came back, and none is said to
    assert "You played R1 (slot 1), declared red\n" in text
    assert "You declared blue but held Y2: discarded, a storm" in text
    assert game.storms == 1 and game.clue_tokens <= variant.clue_tokens


def test_a_declared_play_of_the_right_suit_that_does_not_fit_is_logged_as_declared() -> None:
    variant = find_variant("declared-play", players=3)
    # Alice's newest card (slot 1) is R2: declared red, it is red, but red needs its 1
    dealt = make_game(variant, ["Y5 Y4 Y3 Y2 R2", "G1 G2 G3 G4 G5", "B5 B4 B3 B2 W5"])
    table = session(["play 1 red", "quit"], game=dealt)
    game = table.run()
    assert game.history[0].declare == 0 and game.storms == 1
    assert "You misplayed R2 (slot 1), declared red: a storm\n" in output(table)


def test_bot_notes_name_seats_as_the_board_does() -> None:
    table = session(["clue bob 1", "quit"])
    table.run()
    assert table.notes
    assert not any("seat 0" in note or "seat 1" in note for note in table.notes.values())


def test_every_seat_needs_a_player() -> None:
    variant = find_variant("base", players=3)
    with pytest.raises(ValueError, match="no bot for seats"):
        Session(Game.new(variant, 1), {}, 0, NAMES, Console(file=io.StringIO()))


def test_notes_name_seats_and_cards_the_board_s_way() -> None:
    table = session(["clue bob 1", "quit"])
    view = table.game.view(0)
    bob_newest = view.hands[1][-1]
    face = view.cards[bob_newest].name(view.variant)
    note = f"I told seat 0 and seat 7 about card {view.hands[0][0]} and card {bob_newest}."
    assert readable_note(note, view, NAMES) == (
        f"I told Alice and seat 7 about your slot 5 and {face} (Bob's slot 1)."
    )
    assert readable_note("card 99", view, NAMES) == "card 99"


def test_the_person_answers_a_bonus_tile() -> None:
    game = awaiting_tile_6()
    game.undo()  # back to before the R5 (seat 0's oldest card, slot 5) is played
    bots = {1: make_bot("basic", 1, game.variant)}
    lines = iter(["play 5", "choose 2", "choose 1", "quit"])
    console = Console(file=io.StringIO(), width=120)
    table = Session(game, bots, 0, NAMES[:2], console, lambda _: next(lines))
    table.run()
    text = output(table)
    assert "Bonus tile: choose a card of the discard pile to play:  1) Y1" in text
    assert "There is no card 2 in the list: choose 1.\n" in text  # one card: no range
    assert game.fireworks[:2] == [5, 1]
    assert "You played Y1 from the discard pile" in text


def test_a_suggestion_is_a_command_to_type_and_plays_nothing() -> None:
    # the person asks, then types what was suggested: the suggestion alone changed nothing,
    # and the typed command makes exactly the move the conventions bot in that seat chooses
    table = session(["suggest"], seed=3, bot="conventions")
    game = table.run()
    text = output(table)
    assert len(game.events) == 0 and "Input ended" in text
    typed = text.split("would type: ")[1].split("\n")[0]
    adviser = make_bot("conventions", 0, game.variant, seed=0)
    fresh = Game.new(game.variant, 3)
    expected = adviser.act(fresh.view(0))
    again = session(["suggest", typed], seed=3, bot="conventions")
    played = again.run()
    assert played.events[0].action == expected
    assert "The conventions bot in your seat would type: " in output(again)
    # and what it would say of its move, as a bot says it once the move is made
    assert "\n  and then say: I " in text


def test_a_bot_that_answers_no_action_fails_as_a_bot_error() -> None:
    table = session(["clue bob 1"])
    table.bots[1].act = lambda view: None  # type: ignore[method-assign,assignment,return-value]
    with pytest.raises(
        BotError, match="bot 'basic' in seat 2 returned None, which is not an Action"
    ):
        table.run()
    assert [str(action) for action in table.game.history] == ["clue 1 rank 1"]


def test_ctrl_c_while_a_bot_thinks_stops_the_game_after_the_moves_made() -> None:
    table = session(["clue bob 1"])

    def interrupted(view: SeatView) -> None:
        raise KeyboardInterrupt  # what Ctrl-C raises in the bot's move

    table.bots[2].act = interrupted  # type: ignore[method-assign,assignment]
    game = table.run()
    assert len(game.history) == 2  # the person's clue and Bob's answer stay
    assert game.outcome is not None and game.outcome.termination is Termination.ABANDONED
    assert "Interrupted: the game stops here." in output(table)


def test_bots_explain_their_moves_only_once_the_game_is_over() -> None:
    # Cathy saves Alice's chop "to save the green 2": a bot explains its move from its own view,
    # which holds the person's cards, so during the game its words would show them
    table = session(["clue bob 1", "log", "quit"], seed=7, bot="conventions")
    game = table.run()
    save = table.notes[2]
    assert "Alice" in save and "green 2" in save
    assert game.card(game.events[2].touched[0]).name(game.variant) == "G2"
    text = output(table)
    during, end = text.split("   game over")
    assert "Cathy told you: rank 2" in during
    assert not any(note in during for note in table.notes.values())
    assert f"Cathy: {save}" in end


def test_ctrl_c_at_the_prompt_stops_the_game_saying_so() -> None:
    def interrupted() -> Iterator[str]:
        raise KeyboardInterrupt
        yield ""  # a generator, so that the interrupt comes as the line is read

    table = session(interrupted())
    game = table.run()
    assert "Interrupted: the game stops here." in output(table)
    assert game.outcome is not None and game.outcome.termination is Termination.ABANDONED


def test_help_s_clue_examples_name_a_player_one_may_clue() -> None:
    variant = find_variant("base", players=2)
    game = Game.new(variant, 4)
    game.apply(game.view(0).legal_actions[-1])  # Alice moves: now it is Bob's turn
    typed = iter(["help"])

    def read_line(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError
        return line

    console = Console(file=io.StringIO(), width=120)
    Session(game, {0: make_bot("basic", 0, variant)}, 1, ("Alice", "Bob"), console, read_line).run()
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "clue alice red, clue alice r, clue 1 5, c alice rank 1" in text
    assert "bob" not in text.split("Commands")[1].split("quit")[0]
