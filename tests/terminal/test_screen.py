"""The board on screens of different sizes: it stays whole above the prompt."""

from __future__ import annotations

import io
import re

from rich.console import Console

from openhanabi.bots import make_bot
from openhanabi.rules import Game, find_variant
from openhanabi.terminal import Session

NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


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
    drawn = ANSI.sub("", file.getvalue()).split("\x00")[:-1]
    return [board[board.rfind("hanabi play") :] for board in drawn]


def rows(screen: str, width: int) -> int:
    return sum(max(1, -(-len(line) // width)) for line in screen.rstrip("\n").split("\n"))


def test_a_five_player_board_fits_a_screen_of_24_lines_with_its_prompt() -> None:
    # the fireworks, the tokens and the discards stay in sight: fewer recent moves show (the log
    # command shows them all)
    boards = screens(["clue bob 1", "clue cathy 1", "discard 4", "quit"], 5, 80, 24)
    assert len(boards) == 4
    for board in boards:
        assert rows(board, 80) + 1 <= 24, board  # the prompt's row
        assert "Fireworks" in board and "Clue tokens" in board
    assert "Recent moves\n" in boards[-1]  # some moves still show


def test_a_tall_screen_shows_eight_recent_moves() -> None:
    boards = screens(["clue bob 1", "clue cathy 1", "discard 4", "quit"], 5, 120, 60)
    log = boards[-1].split("Recent moves\n")[1].split("\n\n")[0]
    assert len(log.splitlines()) == 8
