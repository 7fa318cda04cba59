"""The progress bar of long runs keeps standard output for the results."""

from __future__ import annotations

import pytest

from openhanabi.bench.progress import progress_bar


def test_the_bar_writes_nothing_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    with progress_bar() as bar:
        task = bar.add_task("games", total=3)
        for _ in range(3):
            bar.advance(task)
    print("the results")
    assert capsys.readouterr().out == "the results\n"
    assert bar.console.stderr


def test_the_bar_shows_only_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    """Where standard error is a log or a pipe, a bar would leave nothing but a blank line."""
    with progress_bar() as bar:
        task = bar.add_task("games", total=3)
        bar.advance(task, 3)
    assert bar.disable and not bar.console.is_terminal
    assert capsys.readouterr().err == ""
