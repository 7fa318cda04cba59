"""Play Hanabi in a terminal: one person against bots (``hanabi play``).

- :mod:`~openhanabi.terminal.board`: the board drawn from one seat's view (a pure function);
- :mod:`~openhanabi.terminal.commands`: typed text read into commands, with clear errors;
- :mod:`~openhanabi.terminal.words`: cards, knowledge and the log in words;
- :mod:`~openhanabi.terminal.session`: the game loop driving the game, the person and the bots.
"""

from openhanabi.terminal.board import end_summary, render_board
from openhanabi.terminal.commands import (
    Command,
    CommandError,
    Help,
    Move,
    Quit,
    ShowLog,
    Suggest,
    command_for,
    help_text,
    parse_command,
)
from openhanabi.terminal.session import Session

__all__ = [
    "Command",
    "CommandError",
    "Help",
    "Move",
    "Quit",
    "Session",
    "ShowLog",
    "Suggest",
    "command_for",
    "end_summary",
    "help_text",
    "parse_command",
    "render_board",
]
