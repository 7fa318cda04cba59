"""The progress bar long runs show on the terminal (``hanabi bench``, ``hanabi simulate`` and the
benchmark scripts)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def progress_bar() -> Progress:
    """A bar on standard error, so that standard output keeps only the results, gone once the
    run is over: what runs, how many of how many are done, the time so far and the time to go."""
    console = Console(stderr=True)
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        # a bar is for a person watching: a log or a pipe would get only its last blank line
        disable=not console.is_terminal,
    )
