"""The board on screens of different sizes: it stays whole above the prompt."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from openhanabi.bots import make_bot
from openhanabi.rules import Game, find_variant
from openhanabi.terminal import Session

NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
HOME = "\x1b[H"  # the cursor's move to the top left, after the screen is cleared for a board


def screens(lines: list[str], players: int, width: int, height: int) -> list[str]:
    """Each board drawn for the person's turn, as the terminal shows it, without colours."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, 7)
    bots = {seat: make_bot("basic", seat, variant) for seat in range(1, players)}
    typed = iter(lines)
    file = io.StringIO()
    console = Console(file=file, width=width, height=height, force_terminal=True)

    def read_line(prompt: str) -> str:
        file.write("\x00")  # where a board ends and the prompt begins
        return next(typed)

    Session(game, bots, 0, NAMES[:players], console, read_line, title="hanabi play").run()
    drawn = file.getvalue().split("\x00")[:-1]
    return [ANSI.sub("", board[board.rfind(HOME) :]) for board in drawn]


def rows(screen: str, width: int) -> int:
    return sum(max(1, -(-len(line) // width)) for line in screen.rstrip("\n").split("\n"))


def recent_moves(board: str) -> list[str]:
    return board.split("Recent moves")[1].split("\n\n")[0].splitlines()[1:]


def test_a_five_player_board_fits_a_screen_of_24_lines_with_its_prompt() -> None:
    # the fireworks, the tokens and the discards stay in sight: fewer recent moves show (the log
    # command shows them all), and the title gives way first
    boards = screens(["clue bob 1", "clue cathy 1", "discard 4", "quit"], 5, 80, 24)
    assert len(boards) == 4
    for board in boards:
        assert rows(board, 80) + 1 <= 24, board  # the prompt's row
        assert "Fireworks" in board and "Clue tokens" in board
    assert "Recent moves (log shows them all)" in boards[-1]


def test_a_short_screen_still_shows_every_move_since_the_person_s_last() -> None:
    # four bots move between two turns of the person's: a clue they got among them must not
    # be cut from the board, whatever the screen's height
    for height in (24, 12):
        boards = screens(["clue bob 1", "clue cathy 1", "discard 4", "quit"], 5, 80, height)
        for board in boards[1:]:
            moves = [move.strip() for move in recent_moves(board)]
            assert len(moves) >= 4, board
            assert not any(move.startswith("You ") for move in moves[-4:]), board


def test_a_tall_screen_shows_eight_recent_moves_and_its_title() -> None:
    boards = screens(["clue bob 1", "clue cathy 1", "discard 4", "quit"], 5, 120, 60)
    assert len(recent_moves(boards[-1])) == 8
    assert boards[-1].startswith("hanabi play\n")


def test_while_the_bots_move_the_screen_names_the_one_it_waits_for() -> None:
    variant = find_variant("base", players=3)
    game = Game.new(variant, 7)
    bots = {seat: make_bot("basic", seat, variant) for seat in (1, 2)}
    typed = iter(["clue bob 1", "quit"])
    file = io.StringIO()
    console = Console(file=file, width=80, height=24, force_terminal=True)

    def read_line(prompt: str) -> str:
        file.write("\x00")  # where a board ends and the prompt begins
        return next(typed)

    Session(game, bots, 0, NAMES[:3], console, read_line).run()
    after_the_clue = ANSI.sub("", file.getvalue().split("\x00")[1])
    waiting = after_the_clue[: after_the_clue.index("Recent moves")]
    assert waiting.index("Bob is thinking…") < waiting.index("Cathy is thinking…")
    # on a file, no such lines: only boards and what was said
    plain = io.StringIO()
    Session(Game.new(variant, 7), bots, 0, NAMES[:3], Console(file=plain), lambda _: "quit").run()
    assert "thinking" not in plain.getvalue()


def test_a_terminal_that_cannot_clear_gets_a_line_between_boards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # an editor's shell: a terminal, TERM=dumb, where the codes to clear the screen do nothing
    monkeypatch.setenv("TERM", "dumb")
    variant = find_variant("base", players=3)
    bots = {seat: make_bot("basic", seat, variant) for seat in (1, 2)}
    typed = iter(["clue bob 1", "quit"])
    file = io.StringIO()
    console = Console(file=file, width=80, height=24, force_terminal=True)
    Session(Game.new(variant, 7), bots, 0, NAMES[:3], console, lambda _: next(typed)).run()
    shown = file.getvalue()
    assert shown.count("─" * 60) == 3  # before each board: two turns and the end
    assert "thinking" not in shown  # a line the next board would not clear
