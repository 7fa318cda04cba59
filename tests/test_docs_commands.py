"""The commands the README and the docs show stay true: every ``hanabi ...`` command and every
``python benchmarks/NAME.py ...`` command written in them, in a code block or inline, is
accepted by that command's own argument parser, options and values alike. A command renamed or
an option dropped fails here, naming the page and the command, rather than in a reader's
terminal. Nothing is run: each parser stops once it has read the arguments."""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import re
import shlex
import sys
from pathlib import Path
from types import ModuleType

import pytest

from openhanabi.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# the placeholders the pages use for numbers, given a value the parsers accept
NUMBERS = {"N": "10", "S": "0", "P": "3", "J": "2"}

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
INLINE = re.compile(r"`([^`\n]+(?:\n[^`\n]+)*)`")
COMMAND = re.compile(r"^(?:nice -n \d+ )?(hanabi(?= )|python3? benchmarks/(\w+)\.py(?=\s|$))(.*)$")
# what a command named in passing may leave out (`hanabi replay --bot`): the rest is an error
INCOMPLETE = ("the following arguments are required", "expected one argument")


def commands(text: str) -> list[str]:
    """The commands a page shows: the lines of its code blocks, split at ``&&`` and without
    their comments, and its inline code, each joined onto one line."""
    found: list[str] = []
    for block in FENCE.findall(text):
        for line in block.splitlines():
            for part in line.split("#", 1)[0].split("&&"):
                found.append(part.strip())
    for span in INLINE.findall(FENCE.sub("", text)):
        found.append(" ".join(span.split()))
    return [c for c in found if COMMAND.match(c)]


class NotRunError(Exception):
    """Raised by a parser once it has read the arguments, so that the command is not run."""


def load_benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/NAME.py`` as a module (which imports the scripts beside it)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # while it loads, dataclasses look it up by name; then the name is given back to whatever
    # held it, so that another test's copy of the script still pickles as itself
    before = sys.modules.get(name)
    sys.modules[name] = module
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
        if before is None:
            del sys.modules[name]
        else:
            sys.modules[name] = before
    return module


def parses(command: str) -> None:
    """Read ``command``'s arguments with its own parser; SystemExit if they are not accepted."""
    match = COMMAND.match(command)
    assert match is not None
    # a synopsis's optional parts (`[--bot NAME]`) are read as given
    words = [NUMBERS.get(word, word) for word in shlex.split(re.sub(r"[][]", "", match.group(3)))]
    if match.group(1) == "hanabi":
        build_parser().parse_args(words)
        return
    main = load_benchmark(match.group(2)).main
    original = argparse.ArgumentParser.parse_args

    def parse_then_stop(self: argparse.ArgumentParser, args: object = None, *rest: object) -> None:
        original(self, args if args is not None else words)  # type: ignore[arg-type]
        raise NotRunError

    argparse.ArgumentParser.parse_args = parse_then_stop  # type: ignore[assignment,method-assign]
    argv, sys.argv = sys.argv, [f"benchmarks/{match.group(2)}.py", *words]
    try:
        main(words) if inspect.signature(main).parameters else main()
    except NotRunError:
        return
    finally:
        argparse.ArgumentParser.parse_args = original  # type: ignore[method-assign]
        sys.argv = argv
    raise AssertionError(f"{command}: its script never read its arguments")


SHOWN = sorted({(page.name, c) for page in PAGES for c in commands(page.read_text())})


def test_the_pages_show_commands_of_each_kind() -> None:
    kinds = {COMMAND.match(c).group(1).split("/")[0] for _, c in SHOWN}  # type: ignore[union-attr]
    assert {"hanabi", "python benchmarks"} <= kinds, kinds
    assert len(SHOWN) > 50


@pytest.mark.parametrize(("page", "command"), SHOWN)
def test_each_command_shown_is_accepted_by_its_parser(
    page: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        parses(command)
    except SystemExit as exit:
        error = capsys.readouterr().err.strip()
        if exit.code and not any(words in error for words in INCOMPLETE):
            pytest.fail(f"{page}: `{command}` is refused: {error}")


def test_a_wrong_option_is_caught() -> None:
    with pytest.raises(SystemExit):
        parses("hanabi bench --bots hat")
    with pytest.raises(SystemExit):
        parses("python benchmarks/conventions_score.py --rounds 10")
    with pytest.raises(SystemExit):
        parses("hanabi bench --bot hat --games many")
