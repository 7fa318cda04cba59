"""The game loop of ``hanabi play``: one person and bots at one table.

The person and the bots act the same way: each gets its own seat's view and answers with an
action that goes through :meth:`Game.apply`. The board is redrawn from the person's view before
each of their moves; the bots' moves show up in its log, and their explanations once the game is
over: a bot explains its move from its own view, which holds the person's cards ("to get the
yellow 1 played").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from openhanabi.bots import BESIDE_PEOPLE, Bot, make_bot
from openhanabi.bots.explanation import said_in_english
from openhanabi.bots.table import legal
from openhanabi.rules import Game, IllegalActionError, SeatView
from openhanabi.terminal.board import end_summary, render_board
from openhanabi.terminal.commands import (
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
from openhanabi.terminal.words import card_name, event_text, hands_before, readable_note

PROMPT = "> "
RECENT = 8  # the moves of the log the board shows, when the terminal is tall enough
ReadLine = Callable[[str], str]


class Session:
    """One game: the person at ``seat`` types their moves; ``bots`` play every other seat."""

    def __init__(
        self,
        game: Game,
        bots: Mapping[int, Bot],
        seat: int,
        names: Sequence[str],
        console: Console,
        read_line: ReadLine | None = None,
        title: str = "",
    ) -> None:
        missing = set(range(game.players)) - set(bots) - {seat}
        if missing:
            raise ValueError(f"no bot for seats {sorted(missing)}")
        self.game = game
        self.bots = bots
        self.seat = seat
        self.names = tuple(names)
        self.console = console
        self.read_line = read_line or console.input
        self.title = title
        self.notes: dict[int, str] = {}  # a bot's explanation, by the index of its event

    def run(self) -> Game:
        """Play until the game ends or the person stops; returns the game."""
        game = self.game
        while game.outcome is None:
            if game.seat == self.seat:
                if not self._person_moves():
                    game.abandon("you stopped the game")
            else:
                if self._clears:
                    # a searching bot takes seconds a move: the screen says whom it waits for
                    # (the next board clears the line); a file or a pipe gets no such lines
                    self._say(f"{self.names[game.seat]} is thinking…", style="dim")
                try:
                    self._bot_moves()
                except KeyboardInterrupt:  # Ctrl-C while a bot thinks: stop as at the prompt
                    self._say("\nInterrupted: the game stops here.")
                    game.abandon("you stopped the game")
        self._show_end()
        return game

    @property
    def _clears(self) -> bool:
        """Whether each board replaces the one before on the screen: on a terminal that can
        clear it (a dumb one, as editors' shells are, ignores the codes that would)."""
        return self.console.is_terminal and not self.console.is_dumb_terminal

    def _draw(self, fit: bool = True) -> None:
        """Draw the board; with ``fit``, on a terminal, with only as many recent moves as leave
        the whole board and the prompt on the screen (the log command shows every move)."""
        if self._clears:
            self.console.clear()
        else:  # a file, or a terminal that cannot clear (TERM=dumb): a line between boards
            self.console.print("─" * 60, markup=False, highlight=False)
        fit = fit and self.console.is_terminal
        room = self.console.height - 1  # the prompt's row
        board = self._board(room if fit else None)
        title = Text(self.title, style="dim")
        # the title goes first where the screen is short: the board is what a move needs
        if self.title and not (fit and _rows(board, self.console.width) >= room):
            self.console.print(title)
            if fit:
                board = self._board(room - _rows(title, self.console.width))
        self.console.print(board, soft_wrap=True)

    def _board(self, room: int | None) -> Text:
        """The board, with fewer recent moves than :data:`RECENT` where it must fit ``room``
        rows, but never fewer than the moves made since the person's last one (a screen too
        short for them scrolls: a clue the person got must not go unseen)."""
        view = self.game.view(self.seat)
        notes = self._notes_shown()
        board = render_board(view, self.names, notes, RECENT)
        recent = RECENT
        least = max(1, self._moves_since_mine(view))
        while room is not None and recent > least and _rows(board, self.console.width) > room:
            recent -= 1
            board = render_board(view, self.names, notes, recent)
        if room is not None and _rows(board, self.console.width) > room:
            board = render_board(view, self.names, notes, recent, compact=True)
        return board

    def _moves_since_mine(self, view: SeatView) -> int:
        """How many of the log's last events came after the person's own last one."""
        for back, event in enumerate(reversed(view.events)):
            if event.seat == self.seat:
                return back
        return len(view.events)

    def _notes_shown(self) -> dict[int, str]:
        """The bots' explanations the person may read now: none before the game is over."""
        return self.notes if self.game.outcome is not None else {}

    def _say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style), soft_wrap=True)

    def _person_moves(self) -> bool:
        """Read commands until one moves the game; False if the person stops."""
        self._draw()
        while True:
            view = self.game.view(self.seat)
            try:
                line = self.read_line(PROMPT)
            except EOFError:
                self._say("\nInput ended: the game stops here.")
                return False
            except KeyboardInterrupt:
                self._say("\nInterrupted: the game stops here.")
                return False
            try:
                command = parse_command(line, view, self.names)
            except CommandError as error:
                self._say(f"{error}", style="bold red")
                continue
            if isinstance(command, Help):
                self._say(help_text(view, self.names))
            elif isinstance(command, ShowLog):
                self._show_log()
            elif isinstance(command, Quit):
                return False
            elif isinstance(command, Suggest):
                self._suggest()
            elif isinstance(command, Move):
                try:
                    self.game.apply(command.action)
                except IllegalActionError as error:  # parse_command checks; kept as a guard
                    self._say(f"That move is not allowed: {error}.", style="bold red")
                    continue
                return True

    def _bot_moves(self) -> None:
        game = self.game
        seat = game.seat
        bot = self.bots[seat]
        view = game.view(seat)
        game.apply(legal(bot, bot.act(view), view, game, first_seat=1))
        note = self._note(bot)
        if note:
            readable = readable_note(note, game.view(self.seat), self.names)
            self.notes[len(game.events) - 1] = readable

    def _note(self, bot: Bot) -> str:
        """What ``bot`` says of its move, naming players as the board does."""
        return said_in_english(bot.reason(), bot.explain(), self.game.variant, self.names)

    def _suggest(self) -> None:
        """What the bot that plays beside people would do in the person's seat, from that seat's
        view alone: a fresh bot reads the public log, and its seed is the turn's number, not the
        deal's, so the person's own cards stay hidden from it."""
        view = self.game.view(self.seat)
        adviser = make_bot(BESIDE_PEOPLE, self.seat, view.variant, seed=len(view.events))
        action = adviser.act(view)
        if action not in view.legal_actions:
            self._say("No suggestion now.")
            return
        typed = command_for(action, view, self.names)
        self._say(f"The {BESIDE_PEOPLE} bot in your seat would type: {typed}")
        note = self._note(adviser)
        if note:
            # the bot's words after the move, as the log shows them: so in the past tense
            self._say(f"  and then say: {readable_note(note, view, self.names)}", style="dim")

    def _show_log(self) -> None:
        view = self.game.view(self.seat)
        if not view.events:
            self._say("Nothing has happened yet.")
            return
        hands = hands_before(view)
        notes = self._notes_shown()
        for index in range(len(view.events)):
            line = f"{index + 1:3}. {event_text(view, index, self.names, hands)}"
            if notes.get(index):
                line += f"  ({notes[index]})"
            self._say(line)

    def _show_end(self) -> None:
        self._draw(fit=False)  # no prompt follows: what scrolls off can be scrolled back to
        outcome = self.game.outcome
        if outcome is not None:
            self.console.print()
            self.console.print(end_summary(outcome, self.game.variant), soft_wrap=True)
            # the game is over, so the person may now see their own cards
            hand = reversed(self.game.hands[self.seat])
            faces = " ".join(card_name(self.game.card(order), self.game.variant) for order in hand)
            said = f"Your hand was: {faces} (slot 1 first)." if faces else "Your hand was empty."
            self._say(said)


def _rows(text: Text, width: int) -> int:
    """The terminal rows ``text`` takes on a screen ``width`` columns wide, wrapped by the
    terminal (the board is printed without wrapping of its own)."""
    return sum(max(1, -(-cell_len(line) // width)) for line in text.plain.split("\n"))
