"""Every script in benchmarks/ is a command, and its ``--help`` says what it does and what each
option is: a description that is a whole sentence, and a help for every option.

Each script runs in a subprocess of its own, as ``python benchmarks/X.py`` would run it, with
argparse's parsing replaced by a probe that prints the parser as JSON and exits, so that the
benchmark itself never starts."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))

# prints the first parser the script parses with (description and actions) and exits 0
PROBE = """
import argparse, json, os, runpy, sys

def probe(self, args=None, namespace=None):
    actions = [
        {"kind": type(a).__name__, "options": a.option_strings, "dest": a.dest, "help": a.help}
        for a in self._actions
    ]
    print(json.dumps({"description": self.description, "actions": actions}))
    raise SystemExit(0)

argparse.ArgumentParser.parse_known_args = probe
path = sys.argv[1]
sys.argv = [path]
sys.path.insert(0, os.path.dirname(path))  # as `python path` does: scripts import their neighbours
runpy.run_path(path, run_name="__main__")
print("null")  # the script never parsed its arguments
"""


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *command], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def parser_of(script: Path) -> dict[str, Any]:
    result = run("-c", PROBE, str(script))
    assert result.returncode == 0, result.stdout + result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found is not None, f"{script.name} does not parse its arguments with argparse"
    return found  # type: ignore[no-any-return]


def test_every_script_is_found() -> None:
    assert len(SCRIPTS) > 10


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_the_help_is_whole(script: Path) -> None:
    parser = parser_of(script)
    description = (parser["description"] or "").strip()
    assert description, "no description"
    assert description.endswith((".", ".)")), f"the description stops short: {description!r}"
    for action in parser["actions"]:
        if action["kind"] == "_HelpAction":
            continue
        name = "/".join(action["options"]) or action["dest"]
        text = action["help"]
        assert text and text.strip() and text != argparse.SUPPRESS, f"{name} has no help"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_help_exits_cleanly(script: Path) -> None:
    result = run(str(script), "--help")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("usage: "), result.stdout
