"""``hanabi variants``: list the presets and the options that combine with them."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from openhanabi.rules import PRESETS

TITLE = "Variants (--variant NAME, or its hanab.live name)"
INDENT = 2
WIDE = 120  # narrower terminals get a list: a table's columns would cut the names short
OPTIONS = (
    ("--players N", "2 to 5 players (hand size 5 for 2-3, 4 for 4-5)"),
    ("--hand-size N", "another hand size"),
    ("--clue-tokens N", "clue tokens (default 8; 9 with the spare)"),
    ("--storms N", "storm tokens (default 3; 2 or 1 is harder)"),
    ("--no-empty-clues", "forbid clues that touch no card (as hanab.live and HLE)"),
    ("--play-until-perfect", "play on after the draw pile is empty: perfect or nothing"),
    ("--declared-play", "a play may name its suit: right earns a token, wrong is a storm"),
    ("--bonus-tiles", "completing a firework draws one of six bonus tiles"),
    ("--hanab-live-ending", "end as soon as the score cannot rise (hanab.live's rule)"),
    ("--start-seat N", "the seat that takes the first turn"),
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "variants",
        help="list the variants and options",
        description="List the named variants of the rulebooks and the options that combine "
        "with any of them.",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    console = Console()
    if console.width < WIDE:
        _print_narrow(console)
        return 0
    # the titles are printed apart: a table pads its title with spaces to the table's width
    console.print(Text(TITLE, style="bold"))
    presets = Table()
    # the name is what --variant takes: never cut short, whatever the terminal's width
    presets.add_column("name", no_wrap=True, overflow="fold")
    for column in ("hanab.live name", "suits", "max", "what changes", "rulebook"):
        presets.add_column(column)
    for preset in PRESETS:
        variant = preset.variant()
        presets.add_row(
            preset.key,
            preset.hanab_live_name or "",
            " ".join(suit.letter for suit in variant.suits),
            str(variant.max_score),
            preset.summary,
            preset.source,
        )
    console.print(presets)
    console.print(Text("Options (combine with any variant)", style="bold"))
    options = Table()
    options.add_column("option")
    options.add_column("effect")
    for flag, effect in OPTIONS:
        options.add_row(flag, effect)
    console.print(options)
    return 0


def _print_narrow(console: Console) -> None:
    """The same as the tables, one variant a paragraph: every name whole, however narrow."""
    console.print(Text(TITLE, style="bold"))
    for preset in PRESETS:
        variant = preset.variant()
        head = Text(preset.key, style="bold")
        if preset.hanab_live_name:
            head.append(f"   hanab.live: {preset.hanab_live_name}")
        console.print()
        console.print(head)
        suits = " ".join(suit.letter for suit in variant.suits)
        said = Text(f"{suits}, at most {variant.max_score} points: {preset.summary}\n")
        said.append(f"rulebook: {preset.source}", style="dim")
        _print_indented(console, said)
    console.print()
    console.print(Text("Options (combine with any variant)", style="bold"))
    for flag, effect in OPTIONS:
        console.print(Text(flag, style="bold"))
        _print_indented(console, Text(effect))


def _print_indented(console: Console, text: Text) -> None:
    """``text`` wrapped and indented, each line as long as its words: rich's padding would
    fill every line with spaces to the terminal's width, which a copied line keeps."""
    for line in text.wrap(console, console.width - INDENT):
        line.rstrip()
        console.print(Text(" " * INDENT) + line)
