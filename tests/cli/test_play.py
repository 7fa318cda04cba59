"""``hanabi play`` as a person plays it: a real subprocess in a pseudo-terminal, commands typed,
the screen read back. Every read is bounded in time, so a hang fails the test instead of the run.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from openhanabi.bench.review import review
from openhanabi.bots import Bot, registry
from openhanabi.cli import main
from openhanabi.records import DEFAULT_NAMES, read_record, replay
from openhanabi.rules import Action, Game, SeatView, Variant, rating

RUN = "import sys; from openhanabi.cli import main; sys.exit(main())"
ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
TITLE = "hanabi play: you are"
PROMPT = "> "
BUDGET = 25.0  # seconds for one whole session


class Terminal:
    """``hanabi play ARGS`` running on the slave side of a pseudo-terminal of 120 by 60."""

    def __init__(self, *args: str) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 120, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env["TERM"] = "xterm-256color"
        self.process = subprocess.Popen(
            [sys.executable, "-c", RUN, "play", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.raw = b""
        self.closed = False
        self.deadline = time.monotonic() + BUDGET

    @property
    def text(self) -> str:
        """Everything shown so far, without colours and cursor moves."""
        return ANSI.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")

    @property
    def screen(self) -> str:
        """The last board drawn and what followed it."""
        text = self.text
        return text[text.rfind(TITLE) :]

    def wait(self, done: Callable[[], bool]) -> None:
        while not done():
            remaining = self.deadline - time.monotonic()
            if remaining <= 0 or self.closed:
                raise AssertionError(f"the screen never got there; it shows:\n{self.screen}")
            ready, _, _ = select.select([self.master], [], [], min(remaining, 0.5))
            if ready:
                try:
                    data = os.read(self.master, 1 << 16)
                except OSError:  # EIO: the program closed the terminal
                    data = b""
                self.raw += data
                self.closed = not data

    def prompt(self) -> None:
        """Wait for the next prompt, or for the program to end."""
        start = len(self.raw)

        def ready() -> bool:
            return len(self.raw) > start and self.text.endswith(PROMPT)

        try:
            self.wait(ready)
        except AssertionError:
            if not self.closed:
                raise

    def type(self, line: str) -> str:
        """Type ``line`` and Enter; returns what appeared up to the next prompt."""
        start = len(self.text)
        os.write(self.master, (line + "\n").encode())
        self.prompt()
        return self.text[start:]

    def finish(self) -> int:
        self.wait(lambda: self.closed)
        return self.process.wait(timeout=5)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=5)
        os.close(self.master)


@pytest.fixture
def hanabi() -> Iterator[Callable[..., Terminal]]:
    terminals: list[Terminal] = []

    def start(*args: str) -> Terminal:
        terminal = Terminal(*args)
        terminals.append(terminal)
        terminal.prompt()
        return terminal

    yield start
    for terminal in terminals:
        terminal.close()


def tokens(screen: str) -> tuple[int, int]:
    found = re.search(r"Clue tokens (\d+) of (\d+)", screen)
    assert found, screen
    return int(found[1]), int(found[2])


@pytest.mark.parametrize(
    ("bot", "players", "seed", "seat"),
    [("basic", 2, 5, 1), ("random", 3, 8, 2), ("basic", 4, 2, 4)],
)
def test_a_whole_game_typed_in_a_terminal(
    hanabi: Callable[..., Terminal], tmp_path: Path, bot: str, players: int, seed: int, seat: int
) -> None:
    """The person discards slot 1 when allowed, else tells the next player about their 1s."""
    record = tmp_path / "game.json"
    options = ["--players", str(players), "--bot", bot, "--seed", str(seed), "--seat", str(seat)]
    terminal = hanabi(*options, "--save", str(record))
    assert "\x1b[" in terminal.raw.decode()  # a terminal: colours and a cleared screen
    name = DEFAULT_NAMES[seat - 1]
    assert f"you are {name} (seat {seat}) with {bot} bots\n" in terminal.screen
    assert "seed" not in terminal.screen.splitlines()[0]  # it would deal the game again
    assert "your turn" in terminal.screen and f"{seat} {name} (you)" in terminal.screen
    moves = 0
    while not terminal.closed:
        have, most = tokens(terminal.screen)
        terminal.type("discard 1" if have < most else f"clue {seat % players + 1} 1")
        moves += 1
    assert terminal.finish() == 0
    end = terminal.screen
    assert "game over" in end.splitlines()[1]
    game = replay(read_record(record))
    assert game.outcome is not None
    score = game.outcome.score
    assert f"Score {score} of 25: {rating(score, 25).verdict}" in end
    assert f"Game over: {game.outcome.detail}." in end
    assert f"The game record is in {record}." in end
    assert f"This game was dealt from seed {seed}: --seed {seed} deals it again." in end
    assert sum(1 for event in game.events if event.seat == seat - 1) == moves
    assert "Traceback" not in terminal.text
    if bot == "basic":
        # the record saved reviews as the game went: a basic bot made afresh before each move
        # makes every move the basic bots made
        reviewed = review(read_record(record), "basic")
        assert len(reviewed) == len(game.events)
        assert all(move.same for move in reviewed if move.seat != seat - 1)


def test_mistakes_get_their_line_and_the_prompt_again(hanabi: Callable[..., Terminal]) -> None:
    terminal = hanabi("--players", "3", "--bot", "basic", "--seed", "1")
    board = terminal.screen
    for typed, line in [
        ("dance", "Unknown command 'dance': try play, discard, clue or help."),
        ("discard 1", "You cannot discard now: all 8 clue tokens are available."),
        ("PLAY 9", "There is no slot 9: your slots are 1 to 5."),
        ("clue alice 1", "You cannot give yourself a clue: clue another player."),
        ("clue bob pink", "'pink' is not a colour in this game"),
        ("clue 7 1", "There is no seat 7: seats are 1 to 3."),
        ("play 2 red", "Declared play is off in this game"),
        ("", "Type a command, or help for the list."),
    ]:
        shown = terminal.type(typed)
        lines = shown.split("\n")
        assert len(lines) == 3, shown  # the echo, the one line, the prompt
        assert lines[0] == typed
        assert lines[1].startswith(line)
        assert lines[2] == PROMPT
    assert terminal.screen.startswith(board.rstrip(PROMPT))  # nothing was redrawn
    assert "play N" in terminal.type("help")
    assert "Nothing has happened yet." in terminal.type("LOG")
    # the prompt edits lines: the arrow keys walk back through what was typed ("LOG", then
    # "help") and along a line, where they would otherwise come in as escape sequences
    up, left = "\x1b[A", "\x1b[D"
    shown = terminal.type(up + up + left + left + "x")
    assert "Unknown command 'hexlp'" in shown, shown
    assert "Bob" in terminal.type("c b 1")  # a move: the board is drawn again
    terminal.type("q")
    assert terminal.finish() == 0
    assert "Game over: you stopped the game." in terminal.screen
    assert "Traceback" not in terminal.text


def test_without_bot_the_other_seats_play_by_conventions_people_use(
    hanabi: Callable[..., Terminal],
) -> None:
    terminal = hanabi("--seed", "3")
    assert "with conventions bots" in terminal.screen
    terminal.type("quit")
    assert terminal.finish() == 0


def test_a_bot_being_written_plays_the_other_seats_from_its_file(
    hanabi: Callable[..., Terminal], tmp_path: Path
) -> None:
    # a bot builder tries a bot before packaging it: named as FILE.py:CLASS, shown by its name
    path = tmp_path / "cluer.py"
    path.write_text(
        "from openhanabi.bots import Bot\n\n"
        "class Cluer(Bot):\n"
        "    name = 'cluer'\n"
        "    summary = 'clues when it can, else plays its newest card'\n\n"
        "    def act(self, view):\n"
        "        return view.legal_actions[-1]\n"
    )
    terminal = hanabi("--seed", "3", "--bot", f"{path}:Cluer", "--start-seat", "2")
    assert "with cluer bots" in terminal.screen
    assert tokens(terminal.screen) == (7, 8)  # Bob, the file's bot, gave a clue first
    terminal.type("quit")
    assert terminal.finish() == 0


def test_a_comma_list_seats_its_bots_in_turn(hanabi: Callable[..., Terminal]) -> None:
    # Bob random, Cathy basic, Donald random again; Alice starts, so the log shows the bots'
    # moves once she has moved
    terminal = hanabi("--seed", "3", "--players", "4", "--bot", "random,basic")
    assert "with bots random (Bob), basic (Cathy), random (Donald)" in " ".join(
        terminal.screen.split()
    )
    terminal.type("clue bob 1")
    terminal.type("quit")
    assert terminal.finish() == 0
    assert "Traceback" not in terminal.text


def test_the_bots_of_a_comma_list_take_the_other_seats_in_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seated: dict[int, str] = {}

    class Seats:  # the session, given the table: it notes who sits where and plays nothing
        def __init__(self, game: Game, players: dict[int, Bot], *args: object, **kw: object):
            seated.update({seat: bot.name for seat, bot in players.items()})

        def run(self) -> None:
            pass

    monkeypatch.setattr("openhanabi.cli.play.Session", Seats)
    assert main(["play", "--players", "5", "--seat", "2", "--bot", "random,basic,hat"]) == 0
    assert seated == {0: "random", 2: "basic", 3: "hat", 4: "random"}


def test_the_start_seat_is_numbered_as_on_the_board(hanabi: Callable[..., Terminal]) -> None:
    # seats are numbered from 1 in `hanabi play`, --start-seat as --seat: with 2, Bob starts
    terminal = hanabi("--seed", "3", "--bot", "basic", "--start-seat", "2")
    log = terminal.type("log")
    assert "Nothing has happened yet." not in log
    assert log.splitlines()[1].lstrip().startswith("1. Bob ")
    terminal.type("quit")
    assert terminal.finish() == 0


def test_a_suggestion_can_be_typed_as_it_is_given(hanabi: Callable[..., Terminal]) -> None:
    terminal = hanabi("--seed", "3", "--players", "3")
    shown = terminal.type("suggest")
    assert "The conventions bot in your seat would type: " in shown
    typed = shown.split("would type: ")[1].split("\n")[0].strip()
    assert "Nothing has happened yet." in terminal.type("log")  # asking played nothing
    terminal.type(typed)
    log = terminal.type("log")
    assert log.splitlines()[1].lstrip().startswith("1. You ")
    terminal.type("quit")
    assert terminal.finish() == 0
    assert "Traceback" not in terminal.text


def test_end_of_input_ends_the_session_cleanly(hanabi: Callable[..., Terminal]) -> None:
    terminal = hanabi("--seed", "3", "--bot", "random")
    os.write(terminal.master, b"\x04")  # Ctrl-D on an empty line: end of input
    assert terminal.finish() == 0
    assert "Input ended: the game stops here." in terminal.text
    assert "Traceback" not in terminal.text


def play_without_input(*args: str) -> subprocess.CompletedProcess[str]:
    """``hanabi play ARGS`` in a process of its own, with nothing to read."""
    return subprocess.run(
        [sys.executable, "-c", RUN, "play", *args],
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def test_bad_options_exit_2_with_one_line() -> None:
    for args, message in [
        (["--bot", "nobody"], "hanabi play: unknown bot 'nobody'"),
        (["--bot", "nowhere.py:Bot"], "hanabi play: bot 'nowhere.py:Bot': there is no file"),
        (["--bot", "basic,basic"], "hanabi play: --bot names 2 bots, more than the other 1 seat"),
        (["--bot", ","], "hanabi play: --bot needs a bot name"),
        (["--seat", "3"], "hanabi play: --seat must be 1 to 2, not 3"),
        (["--start-seat", "0"], "hanabi play: --start-seat must be 1 to 2, not 0"),
        (["--variant", "nope"], "hanabi play: unknown variant 'nope'"),
        (["--hand-size", "0"], "hanabi play: hand size must be at least 1, not 0"),
        (["--save", ""], "hanabi play: --save needs a file name"),
    ]:
        result = play_without_input(*args)
        assert result.returncode == 2
        assert result.stderr.startswith(message) and result.stderr.count("\n") == 1
    for args, message in [
        (["--seed", "-1"], "argument --seed: a seed is 0 to 18446744073709551615, not -1"),
        (["--seed", str(2**64)], f"argument --seed: a seed is 0 to {2**64 - 1}, not {2**64}"),
    ]:
        result = play_without_input(*args)
        assert result.returncode == 2
        assert result.stderr == f"hanabi play: {message} (see hanabi play --help)\n"


def test_a_record_that_cannot_be_saved_is_refused_before_the_game_is_played(
    tmp_path: Path,
) -> None:
    # said after the game, it would come when the game is lost
    (tmp_path / "file.json").write_text("{}")
    refused = [
        (tmp_path / "missing" / "game.json", "no such folder"),
        (tmp_path, "it is a folder"),
        (tmp_path / "file.json" / "game.json", "a part of its path is a file, not a folder"),
    ]
    if Path("/proc/self").is_dir():  # a folder where nobody may make a file, root neither
        refused.append((Path("/proc/game.json"), "No such file or directory"))
    for save, problem in refused:
        result = play_without_input("--seed", "1", "--save", str(save))
        assert result.returncode == 2
        assert result.stderr == f"hanabi play: cannot write {save}: {problem}\n"
        assert TITLE not in result.stdout  # no game was dealt


class Raises(Bot):
    """A bot that raises on its turn, or as it is made when ``at_start``."""

    name = "raises"
    summary = "raises"
    at_start = False

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        if self.at_start:
            raise RuntimeError("cannot start")
        super().__init__(seat, variant, seed)

    def act(self, view: SeatView) -> Action:
        raise KeyError("no idea")


@pytest.mark.parametrize(
    ("at_start", "said"),
    [
        (False, "bot 'raises' in seat 1 failed: KeyError: 'no idea'"),
        (True, "bot 'raises' in seat 1 could not be made: RuntimeError: cannot start"),
    ],
)
def test_a_bot_that_raises_stops_the_game_with_one_line_naming_it(
    at_start: bool,
    said: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._BOTS, Raises.name, Raises)
    monkeypatch.setattr(Raises, "at_start", at_start)
    # the bot in seat 1 moves first: no move is typed
    assert main(["play", "--bot", Raises.name, "--seat", "2", "--seed", "1"]) == 2
    assert capsys.readouterr().err == f"hanabi play: {said}\n"
