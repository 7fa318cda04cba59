"""The board drawn from one seat's view: what the view holds, never the seat's own cards."""

from __future__ import annotations

import io

from rich.console import Console

from openhanabi.rules import Action, Game, Outcome, Termination, find_variant
from openhanabi.terminal import end_summary, render_board

from .support import awaiting_tile_6, make_game, run

NAMES = ("Alice", "Bob")
FIVES = ("R5", "Y5", "G5", "B5", "W5")


def game_of_fives() -> Game:
    """Alice (seat 0) holds the five 5s, oldest first; Bob holds the five 1s."""
    variant = find_variant("base", players=2)
    return make_game(variant, [" ".join(FIVES), "R1 Y1 G1 B1 W1"], "R2 G2 R3 Y2")


def lines(game: Game, seat: int = 0, **notes: str) -> list[str]:
    board = render_board(game.view(seat), NAMES, {int(k[1:]): v for k, v in notes.items()})
    return board.plain.splitlines()


def row(board: list[str], start: str) -> str:
    return next(line for line in board if line.lstrip("▶ ").startswith(start))


def below(board: list[str], start: str) -> str:
    return board[board.index(next(line for line in board if start in line)) + 1]


def test_the_person_never_sees_their_own_cards() -> None:
    board = "\n".join(lines(game_of_fives()))
    assert not any(five in board for five in FIVES)
    assert below(lines(game_of_fives()), "Alice (you)").split() == ["??"] * 5


def test_other_hands_show_faces_newest_first_with_what_their_holder_knows() -> None:
    game = run(game_of_fives(), "clue 1 rank 1")
    board = lines(game)
    assert row(board, "2 Bob").split()[-5:] == ["W1", "B1", "G1", "Y1", "R1"]
    assert below(board, "2 Bob").split() == ["?1*"] * 5
    assert "Bob (you)" in "\n".join(lines(game, seat=1))


def test_own_slots_show_what_clues_told() -> None:
    game = run(game_of_fives(), "clue 1 rank 1", "clue 0 rank 5", "clue 1 colour 0")
    run(game, "clue 0 colour 0")  # Bob: red touches Alice's oldest card, slot 5
    board = lines(game)
    assert below(board, "Alice (you)").split() == ["?5*", "?5*", "?5*", "?5*", "R5*"]
    assert "R5" not in "\n".join(board[: board.index(row(board, "1 Alice"))])


def test_few_possible_identities_are_listed() -> None:
    game = run(game_of_fives(), "clue 1 rank 1", "clue 0 rank 5", "clue 1 rank 1")
    run(game, "clue 0 colour 0", "clue 1 rank 1", "clue 0 colour 1")
    board = lines(game)
    assert below(board, "Alice (you)").split() == ["?5*", "?5*", "?5*", "Y5*", "R5*"]
    could_be = "G5 or B5 or W5"
    assert board[board.index(below(board, "Alice (you)")) + 1].split("; ") == [
        f"{' ' * 17}slot 1 is {could_be}",
        f"slot 2 is {could_be}",
        f"slot 3 is {could_be}",
    ]


def test_own_cards_known_exactly_narrow_the_rest_of_the_hand() -> None:
    variant = find_variant("base", players=2)
    game = make_game(variant, ["R5 Y1 G2 B3 W4", "G5 B5 R1 Y1 W1"], "Y5")
    run(game, "clue 1 rank 1", "clue 0 rank 5", "clue 1 rank 1", "clue 0 colour 0")
    run(game, "discard 1", "clue 0 rank 5")  # Alice draws the yellow 5; Bob clues both 5s
    board = lines(game)
    assert below(board, "Alice (you)").split() == ["Y/W5*", "??", "??", "??", "R5*"]
    # Bob's green and blue 5 are seen, Alice's red 5 is known: her new 5 is yellow or white
    assert "slot 1 is Y5 or W5" in board[board.index(below(board, "Alice (you)")) + 1]


def test_counters_fireworks_and_turn() -> None:
    game = run(game_of_fives(), "clue 1 rank 1", "play 5")
    board = lines(game)
    assert board[0] == "base, 2 players   turn 3   your turn"
    assert board[1].split()[1:7] == ["R1", "Y-", "G-", "B-", "W-", "score"]
    assert "score 1 of 25" in board[1]
    assert board[2] == "Clue tokens 7 of 8   Storms 0 of 3   Draw pile 39"
    assert lines(game, seat=1)[0].endswith("Alice's turn")
    assert row(board, "1 Alice").startswith("▶")


def test_discard_pile_grouped_by_suit() -> None:
    game = run(game_of_fives(), "clue 1 rank 1", "discard 9", "clue 1 rank 2")
    run(game, "discard 5", "clue 1 rank 3", "discard 10")
    board = lines(game)
    assert row(board, "Discards") == "Discards    R1 R2  W1"


def test_copies_in_the_discard_pile_stand_apart_the_first_too() -> None:
    game = make_game(find_variant("base", players=2), [" ".join(FIVES), "R1 R1 Y1 B1 W1"])
    run(game, "clue 1 rank 1", "discard 5", "clue 1 rank 1", "discard 6")
    assert row(lines(game), "Discards") == "Discards    R1 R1"


def test_log_in_words_with_bot_notes() -> None:
    game = run(game_of_fives(), "clue 1 rank 1", "discard 9", "clue 1 colour 1", "play 6")
    board = lines(game, n1="I had nothing better to do.")
    log = board[board.index("Recent moves") + 1 :]
    assert log[:6] == [
        "  You told Bob: rank 1 → slots 1, 2, 3, 4, 5",
        "  Bob discarded W1 (slot 1)",
        "      Bob: I had nothing better to do.",
        "  You told Bob: yellow → slot 4",
        "  Bob played Y1 (slot 4)",
        "",
    ]
    seen_by_bob = "\n".join(lines(game, seat=1))
    assert "Alice told you: rank 1" in seen_by_bob


def test_a_game_over_board_names_no_command_to_show_the_rest_of_the_log() -> None:
    # ten events, Bob playing his five 1s: the board shows the last eight; the log command is
    # named only while a prompt follows
    moves = [move for order in range(5, 10) for move in ("clue 1 rank 1", f"play {order}")]
    game = run(game_of_fives(), *moves)
    assert "Recent moves (log shows them all)" in lines(game)
    game.abandon("you stopped the game")
    assert "Recent moves (the last 8 of 10)" in lines(game)


def test_bonus_tile_decision_and_counter() -> None:
    game = awaiting_tile_6()
    board = "\n".join(lines(game))
    assert "Bonus tiles left 5" in board
    assert "Bonus tile: choose a card of the discard pile to play:  1) Y1" in board
    assert (
        "You played R5 (slot 5); bonus tile 6: play a fitting card from the discard pile" in board
    )


def test_colour_where_the_terminal_has_it_and_the_same_text_without() -> None:
    board = render_board(game_of_fives().view(1), NAMES)
    coloured, plain = io.StringIO(), io.StringIO()
    Console(file=coloured, force_terminal=True, color_system="standard", width=120).print(board)
    Console(file=plain, width=120).print(board)
    assert "\x1b[" in coloured.getvalue()
    assert "\x1b[" not in plain.getvalue()
    assert "R5       Y5       G5       B5       W5" not in plain.getvalue()  # newest first
    assert "W5       B5       G5       Y5       R5" in plain.getvalue()


def test_a_game_over_board_shows_the_final_score_not_the_fireworks_alone() -> None:
    # Alice holds the five 5s: three misplays strike out with one point on the fireworks
    game = run(game_of_fives(), "play 0", "play 5", "play 1", "clue 0 rank 5", "play 2")
    assert game.outcome is not None and game.outcome.score == 0
    board = lines(game, seat=1)
    assert board[0] == f"base, 2 players   game over after {game.turn} turns"
    assert board[1].endswith("final score 0 of 25 (1 on the fireworks)")
    assert "at most" not in board[1] and "Last round" not in board[2]


def test_one_turn_is_said_as_one_turn() -> None:
    # hands of 24 leave a draw pile of 2: the last round starts after two discards
    game = Game.new(find_variant("base", players=2, hand_size=24), 1)
    run(game, "clue 1 rank 1", "clue 0 rank 1")
    game.apply(Action.discard(game.hands[0][0]))
    game.apply(Action.discard(game.hands[1][0]))
    run(game, "clue 1 rank 1")
    assert lines(game, seat=1)[2].endswith("Draw pile 0   Last round: 1 turn left")
    quit_at_once = game_of_fives()
    run(quit_at_once, "play 0")
    quit_at_once.abandon("you stopped the game")
    assert lines(quit_at_once)[0] == "base, 2 players   game over after 1 turn"


def test_a_stopped_game_s_board_gives_it_no_score() -> None:
    game = run(game_of_fives(), "play 0", "play 5")  # one point on the fireworks
    game.abandon("you stopped the game")
    assert lines(game)[1].endswith("   1 on the fireworks (stopped: no score)")


def test_the_starting_seat_is_counted_from_1_as_the_hands_are() -> None:
    game = Game.new(find_variant("base", players=3, start_seat=1), 1)
    board = render_board(game.view(0), ("Alice", "Bob", "Cathy")).plain.splitlines()
    assert board[0].startswith("base, 3 players, seat 2 starts   turn 1   Bob's turn")


def test_end_summary() -> None:
    base = find_variant("base")
    text = end_summary(
        Outcome(Termination.LAST_ROUND_DONE, 18, "everyone took their last turn"), base
    )
    assert text.plain.splitlines() == [
        "Game over: everyone took their last turn.",
        "Score 18 of 25: Good: a proper show.",
    ]
    perfect = find_variant("play-until-perfect")
    won = end_summary(Outcome(Termination.PERFECT, 25, "every firework is complete"), perfect)
    assert "won" in won.plain
    lost = Outcome(Termination.ALL_OR_NOTHING_LOST, 0, "a card needed for a perfect game is lost")
    assert "Score 0 of 25: lost" in end_summary(lost, perfect).plain
    stopped = end_summary(Outcome(Termination.ABANDONED, 0, "you stopped the game"), base).plain
    assert "no score, no rating" in stopped


def test_a_free_clue_is_marked() -> None:
    variant = find_variant("bonus-tiles", players=2)
    game = make_game(variant, ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"], "B1", [3, 1, 2, 4, 5, 6])
    run(game, "clue 1 rank 1", "clue 0 rank 1", "play 0", "play 5", "play 1", "play 6")
    run(game, "play 2")
    assert "Bonus tile: give a free colour clue (clue WHO COLOUR)." in "\n".join(lines(game))
    run(game, "clue 1 colour 1")
    log = "\n".join(lines(game))
    assert "You played R5 (slot 5); bonus tile 3: a free colour clue" in log
    assert "You told Bob (a free clue): yellow → slots 3, 4, 5" in log
    assert "You told Bob: rank 1" in log


def test_the_turn_s_hint_fits_an_80_column_terminal_and_names_a_declared_play() -> None:
    for name, declared in [("base", False), ("declared-play", True)]:
        view = Game.new(find_variant(name, players=2), 1).view(0)
        hint = render_board(view, NAMES).plain.splitlines()[-1]
        assert hint.startswith("Your turn: play N") and len(hint) <= 80
        assert ("play N [COLOUR]" in hint) is declared


def test_a_colour_clue_on_a_card_that_may_be_rainbow_shows_both_suits() -> None:
    # Bob's green clue touches Alice's G2 and M3: each is green or rainbow, and the board
    # says so rather than ?? (Alice's own cards stay unseen: a suit pair, no face)
    variant = find_variant("rainbow", players=2)
    game = run(
        make_game(variant, ["R1 G2 M3 B4 W5", "R2 Y2 G3 B2 W1"]), "clue 1 rank 2", "clue 0 colour 2"
    )
    mine = below(lines(game), "Alice (you)").split()
    assert mine == ["??", "??", "G/M?*", "G/M?*", "??"]
    seen = lines(game, seat=1)
    assert row(seen, "1 Alice").split()[-5:] == ["W5", "B4", "M3", "G2", "R1"]
    assert below(seen, "1 Alice").split() == ["-", "-", "G/M?*", "G/M?*", "-"]
