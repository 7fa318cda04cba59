"""The ``hanabi`` command as a whole: every subcommand has help, and a reader that stops
reading early (``| head``) ends the command quietly, without a traceback, and so does output
in an encoding that lacks some of its signs."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from openhanabi.cli import COMMANDS, build_parser

RUN = "import sys; from openhanabi.cli import main; sys.exit(main())"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args([command, "--help"])
    assert exit_.value.code == 0
    assert f"usage: hanabi {command}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "line"),
    [
        ([], "hanabi: the following arguments are required: COMMAND (see hanabi --help)"),
        (["bench", "--games", "x"], "hanabi bench: argument --games: invalid int value: 'x'"),
        (["play", "--bot"], "hanabi play: argument --bot: expected one argument"),
        (["replay"], "hanabi replay: the following arguments are required: FILE"),
        (["serve", "--port", "many"], "hanabi serve: argument --port: invalid int value"),
        # an option a command does not have is named by that command, with its help
        (["play", "--seeds", "3"], "hanabi play: unrecognized arguments: --seeds 3"),
        (["replay", "game.json", "--jsn"], "hanabi replay: unrecognized arguments: --jsn"),
        (["bots", "extra"], "hanabi bots: unrecognized arguments: extra"),
        (["--foo", "bots"], "hanabi: unrecognized arguments: --foo"),
    ],
)
def test_an_option_argparse_refuses_is_said_in_one_line(
    args: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(args)
    assert exit_.value.code == 2
    said = capsys.readouterr().err
    assert said.startswith(line) and said.count("\n") == 1, said  # no usage block before it
    assert said.endswith(f"(see {line.split(':')[0]} --help)\n")


@pytest.mark.parametrize("command", [["variants"], ["simulate", "--games", "3"]])
def test_a_reader_that_stops_early_gets_no_traceback(command: list[str]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command writes a thing
    try:
        result = subprocess.run(
            [sys.executable, "-c", RUN, *command],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr
    assert "BrokenPipeError" not in result.stderr
    assert result.returncode == 1


def test_the_command_runs_as_a_module_too() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "openhanabi.cli", "variants"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Variants (--variant NAME, or its hanab.live name)")


@pytest.mark.parametrize(
    "command", [["variants"], ["bench", "--games", "2", "--jobs", "1"], ["bots"]]
)
def test_output_in_an_encoding_without_its_signs_gets_no_traceback(command: list[str]) -> None:
    """A terminal or file that is not UTF-8 (ASCII here, cp1252 on Windows) gets "?" for
    the signs it cannot hold, such as a histogram's bars or a table's lines."""
    result = subprocess.run(
        [sys.executable, "-c", RUN, *command],
        capture_output=True,
        timeout=120,
        check=False,
        env=os.environ | {"PYTHONIOENCODING": "ascii"},
    )
    assert "Traceback" not in result.stderr.decode("ascii"), result.stderr
    assert result.returncode == 0
    result.stdout.decode("ascii")  # every byte is one the encoding holds


def test_an_interrupt_while_the_commands_load_stops_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C in the first third of a second, while the subcommands are imported, ends
    the command as one later does: one line, exit status 130, no traceback."""
    import importlib

    from openhanabi.cli import main

    def interrupted(name: str) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib, "import_module", interrupted)
    assert main(["variants"]) == 130
    assert capsys.readouterr().err == "interrupted\n"
