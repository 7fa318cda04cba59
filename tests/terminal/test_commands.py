"""Reading what the person types: every command form, and one clear line for every mistake."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.bots import make_bot
from openhanabi.rules import Action, Card, Decision, Game, SeatView, find_variant
from openhanabi.terminal import (
    CommandError,
    Help,
    Move,
    Quit,
    ShowLog,
    Suggest,
    command_for,
    parse_command,
)
from openhanabi.terminal.commands import choices

from .support import awaiting_tile_6, make_game, run

NAMES = ("Alice", "Bob", "Cathy")
# Seat 0 (Alice) holds orders 0-4; slot 1 is the newest card, order 4.
HANDS = ["R1 R2 R3 R4 R5", "Y1 Y2 Y3 Y4 Y5", "G1 G2 G3 G4 G5"]


def table(*before: str, name: str = "base", **options: object) -> SeatView:
    game = make_game(find_variant(name, players=3, **options), HANDS)
    return run(game, *before).view(0)


def cycled() -> SeatView:
    """Seat 0 on turn again with 6 clue tokens."""
    return table("clue 1 rank 1", "clue 2 rank 1", "clue 0 rank 1")


def move(text: str, view: SeatView) -> Action:
    command = parse_command(text, view, NAMES)
    assert isinstance(command, Move)
    return command.action


def error(text: str, view: SeatView) -> str:
    with pytest.raises(CommandError) as caught:
        parse_command(text, view, NAMES)
    message = str(caught.value)
    assert "\n" not in message and message
    return message


@pytest.mark.parametrize("text", ["play 1", "PLAY 1", "p 1", "  Play   1 "])
def test_play_names_the_slot_newest_first(text: str) -> None:
    assert move(text, table()) == Action.play(4)


def test_slot_numbers_count_from_the_newest_card() -> None:
    view = table()
    assert [move(f"play {slot}", view).target for slot in range(1, 6)] == [4, 3, 2, 1, 0]


@pytest.mark.parametrize(
    ("text", "suit"),
    [("play 2 red", 0), ("p 2 y", 1), ("play 2 declare green", 2), ("play 2 Blue", 3)],
)
def test_declared_play_names_a_suit(text: str, suit: int) -> None:
    assert move(text, table(declared_play=True)) == Action.play(3, suit)


def test_declaring_where_declared_play_is_off_is_refused() -> None:
    assert "Declared play is off" in error("play 2 red", table())
    # not asked for a colour it would then refuse
    off = "Declared play is off in this game: type play 2 alone."
    assert error("play 2 declare", table()) == off
    assert error("play 2 declare red", table()) == off


@pytest.mark.parametrize("text", ["discard 5", "d 5", "Discard 5"])
def test_discard(text: str) -> None:
    assert move(text, cycled()) == Action.discard(0)


def test_no_discard_at_full_tokens() -> None:
    message = error("discard 1", table())
    assert message.startswith("You cannot discard now: all 8 clue tokens are available")


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("clue bob red", Action.colour_clue(1, 0)),
        ("clue Bob R", Action.colour_clue(1, 0)),
        ("c b 5", Action.rank_clue(1, 5)),
        ("clue 2 5", Action.rank_clue(1, 5)),
        ("clue 3 white", Action.colour_clue(2, 4)),
        ("clue cathy rank 1", Action.rank_clue(2, 1)),
        ("tell cat colour g", Action.colour_clue(2, 2)),
        ("hint 2 color yellow", Action.colour_clue(1, 1)),
    ],
)
def test_clue_by_name_or_seat_colour_or_rank(text: str, action: Action) -> None:
    assert move(text, table()) == action


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Type a command"),
        ("dance", "Unknown command 'dance'"),
        ("play", "Say which slot"),
        ("play x", "'x' is not a slot number"),
        ("play 6", "There is no slot 6: your slots are 1 to 5."),
        ("play 0", "There is no slot 0"),
        ("clue", "Say whom and what"),
        ("clue bob", "Say whom and what"),
        ("clue dave red", "Nobody is called 'dave'"),
        ("clue 4 red", "There is no seat 4: seats are 1 to 3."),
        ("clue alice red", "You cannot give yourself a clue"),
        ("clue 1 red", "You cannot give yourself a clue"),
        ("clue bob pink", "'pink' is not a colour in this game"),
        ("clue bob 6", "There is no rank 6"),
        ("choose 1", "There is no bonus tile decision"),
        ("help me", "help takes nothing after it"),
        ("play 1 red", "Declared play is off in this game: type play 1 alone."),
        ("clue me red", "You cannot give yourself a clue"),
        # digits of other scripts (a key on some keyboards) and numbers past int()'s reach
        ("play ²", "'²' is not a slot number"),
        ("clue bob ²", "'²' is not a colour in this game"),
        ("clue ² red", "Nobody is called '²'"),
        ("clue bob " + "9" * 5000, "There is no rank 999999…: ranks are 1 to 5."),
        ("clue " + "9" * 5000 + " red", "There is no seat 999999…"),
        ("play " + "9" * 5000, "There is no slot 999999…"),
        # a clue's kind, when it is typed, must be the kind of its value
        ("clue bob colour 3", "'3' is a rank, not a colour: clue bob 3."),
        ("clue bob rank red", "'red' is not a rank: ranks are 1 to 5."),
        # a long word is not repeated whole
        ("x" * 3000, "Unknown command '" + "x" * 20 + "…'"),
        ("clue " + "x" * 3000 + " red", "Nobody is called '" + "x" * 20 + "…'"),
    ],
)
def test_mistakes_get_one_line_naming_them(text: str, words: str) -> None:
    assert words in error(text, table())


def test_mistakes_in_a_declared_play_or_a_discard_get_one_line_naming_them() -> None:
    declaring = table(declared_play=True)
    assert error("play 1 red blue", declaring) == (
        "play takes a slot and one colour, not 'red blue'."
    )
    assert move("play 1 declare red", declaring) == Action.play(4, 0)
    # a play meant to declare does not go ahead without its colour; no rank is declared
    assert error("play 1 declare", declaring) == "Say which colour to declare: play 1 red."
    assert error("play 1 purple", declaring).endswith("white (W).")
    assert error("discard 1 2", cycled()) == "discard takes one slot number: discard 3."


def test_meta_commands() -> None:
    view = table()
    for text, kind in [("help", Help), ("h", Help), ("?", Help), ("log", ShowLog)]:
        assert isinstance(parse_command(text, view, NAMES), kind)
    for text in ("quit", "Q", "exit"):
        assert isinstance(parse_command(text, view, NAMES), Quit)


def test_meta_commands_work_off_turn_but_moves_do_not() -> None:
    game = make_game(find_variant("base", players=3), HANDS)
    view = game.view(1)
    assert isinstance(parse_command("log", view, NAMES), ShowLog)
    assert error("play 1", view) == "It is not your turn."


def test_no_clue_without_tokens() -> None:
    game = make_game(find_variant("base", players=2, clue_tokens=1), HANDS[:2])
    run(game, "clue 1 rank 1", "play 5")
    with pytest.raises(CommandError, match="No clue token is left"):
        parse_command("clue bob 1", game.view(0), NAMES)


def test_empty_clues_where_they_are_off() -> None:
    view = table(empty_clues=False)
    assert error("clue bob red", view) == "Bob has no red cards, and empty clues are off."
    assert move("clue bob yellow", view) == Action.colour_clue(1, 1)


@pytest.mark.parametrize(
    ("name", "word", "why"),
    [("rainbow", "m", "every colour clue"), ("black-powder", "black", "no colour clue")],
)
def test_colours_that_cannot_be_named(name: str, word: str, why: str) -> None:
    view = Game.new(find_variant(name, players=3), seed=1).view(0)
    assert f"cannot be named in a clue: {why} touches it" in error(f"clue bob {word}", view)


def test_a_named_sixth_colour_can_be_clued() -> None:
    view = Game.new(find_variant("multicolor", players=3), seed=1).view(0)
    assert move("clue bob multicolour", view) == Action.colour_clue(1, 5)
    assert move("clue bob m", view) == Action.colour_clue(1, 5)


def pending(decision: Decision, *offered: Action) -> SeatView:
    view = table()
    # the offered cards as a discard pile shows them (each a card of its own here)
    cards = dict(view.cards) | {
        action.target: Card(index % 5, 1 + index // 5) for index, action in enumerate(offered)
    }
    return view._replace(pending=decision, legal_actions=offered, cards=cards)


def test_choose_from_the_listed_cards() -> None:
    view = pending(Decision.PLAY_FROM_DISCARD, Action.choose(12), Action.choose(30))
    assert move("choose 2", view) == Action.choose(30)
    assert move("ch 1", view) == Action.choose(12)
    assert "There is no card 3 in the list" in error("choose 3", view)
    assert "Say which card" in error("choose", view)
    assert "Say which card" in error("choose ²", view)
    assert "There is no card 999999… in the list" in error("choose " + "9" * 5000, view)
    assert "First answer the bonus tile: choose N" in error("play 1", view)


def test_a_list_of_one_card_asks_for_that_card_not_a_range() -> None:
    one = pending(Decision.RESHUFFLE, Action.choose(12))
    assert error("choose", one) == "Say which card: choose 1."
    assert error("choose 2", one) == "There is no card 2 in the list: choose 1."
    two = pending(Decision.RESHUFFLE, Action.choose(12), Action.choose(30))
    assert error("choose", two) == "Say which card: choose 1 to choose 2."
    assert error("choose 0", two) == "There is no card 0 in the list: choose 1 to 2."


def test_two_copies_of_a_card_are_one_choice() -> None:
    view = pending(Decision.RESHUFFLE, Action.choose(12), Action.choose(30), Action.choose(31))
    cards = dict(view.cards) | {12: Card(2, 4), 30: Card(0, 2), 31: Card(2, 4)}
    view = view._replace(cards=cards)
    assert choices(view) == [Action.choose(30), Action.choose(12)]  # R2, then G4 once
    assert move("choose 2", view) == Action.choose(12)
    assert "There is no card 3 in the list: choose 1 to 2." in error("choose 3", view)


def test_free_clues_must_be_of_the_tile_s_kind() -> None:
    clues = tuple(Action.colour_clue(1, colour) for colour in range(5))
    view = pending(Decision.FREE_COLOUR_CLUE, *clues)
    assert move("clue bob red", view) == Action.colour_clue(1, 0)
    assert "free colour clue, not a rank clue" in error("clue bob 3", view)
    assert "give a free colour clue" in error("discard 1", view)
    ranks = pending(Decision.FREE_RANK_CLUE, Action.rank_clue(1, 3))
    assert "free rank clue, not a colour clue" in error("clue bob red", ranks)


def test_a_real_bonus_tile_decision() -> None:
    game = awaiting_tile_6()
    view = game.view(0)
    assert view.pending is Decision.PLAY_FROM_DISCARD
    assert move("choose 1", view) == Action.choose(7)


def test_suggest_asks_on_ones_own_turn_only() -> None:
    assert parse_command("suggest", table(), NAMES) == Suggest()
    assert parse_command("S", table(), NAMES) == Suggest()
    assert error("suggest now", table()) == "suggest takes nothing after it."
    assert error("suggest", table("clue 1 rank 1")) == "It is not your turn."


@settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from(["base", "rainbow", "black-powder", "declared-play", "bonus-tiles"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
)
def test_the_command_for_each_legal_action_reads_back_as_that_action(
    preset: str, players: int, seed: int
) -> None:
    """What a suggestion tells the person to type is read back as the very move suggested,
    whatever the turn (bonus tile decisions too)."""
    variant = find_variant(preset, players=players)
    game = Game.new(variant, seed)
    names = ("Alice", "Bob", "Cathy", "Donald", "Emily")[:players]
    bot = make_bot("random", 0, variant, seed)
    for _ in range(40):
        if game.outcome is not None:
            break
        view = game.view(game.seat)
        for action in view.legal_actions:
            typed = command_for(action, view, names)
            assert same_move(parse_command(typed, view, names), action, view), typed
        game.apply(bot.act(view))


NAMES_PEOPLE_GIVE = ("Alice", "Al", "al", "Player 3", "Ann Lee", "3", "me", "Zoë", "basic (bot)")


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(st.sampled_from(NAMES_PEOPLE_GIVE), min_size=2, max_size=5),
    seed=st.integers(0, 10_000),
)
def test_the_command_for_a_clue_names_its_player_so_it_reads_back(
    names: list[str], seed: int
) -> None:
    """Names of two words, names one starts another's, names alike or like a number: the
    clue a suggestion tells the person to type still reaches the player meant."""
    game = Game.new(find_variant("base", players=len(names)), seed)
    view = game.view(0)
    for action in view.legal_actions:
        typed = command_for(action, view, names)
        assert parse_command(typed, view, names) == Move(action), (typed, names)


def test_the_command_for_a_bonus_tile_answer_reads_back_as_that_answer() -> None:
    view = awaiting_tile_6().view(0)
    assert view.pending is not None
    names = NAMES[:2]
    for action in view.legal_actions:
        typed = command_for(action, view, names)
        assert typed.startswith("choose ")
        assert same_move(parse_command(typed, view, names), action, view)


def same_move(command: object, action: Action, view: SeatView) -> bool:
    """``command`` moves as ``action`` does: the very action, or for a bonus tile's choice
    another copy of the same card (the board lists each card of the discard pile once)."""
    if command == Move(action):
        return True
    return (
        isinstance(command, Move)
        and view.pending is not None
        and not action.is_clue
        and view.cards[command.action.target] == view.cards[action.target]
    )


def test_a_bonus_tile_lists_each_card_of_the_discard_pile_once_by_suit_and_rank() -> None:
    game = awaiting_tile_6()
    view = game.view(0)
    listed = [view.cards[action.target] for action in choices(view)]
    offered = {view.cards[action.target] for action in view.legal_actions}
    assert listed == sorted(offered)
