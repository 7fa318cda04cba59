"""docs/bots.md stays true: its Python blocks run as written, in order (in a process of their
own, as they register a bot), and the bot they define plays a whole game legally; the entry
point it shows is the one the example declares."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from openhanabi.rules import SeatView, find_variant

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "bots.md").read_text()

# run after the page's blocks: every bot class they made plays a bonus-tile game to its end
CHECK = """
from openhanabi.bots import Bot as _Bot
from openhanabi.rules import Game as _Game, find_variant as _find_variant

_made = [c for c in list(globals().values()) if isinstance(c, type) and issubclass(c, _Bot)]
_made = [c for c in _made if c is not _Bot]
assert len(_made) == 1, _made
_variant = _find_variant("bonus-tiles", players=4)
_game = _Game.new(_variant, seed=5)
_seats = [_made[0](seat, _variant, 5) for seat in range(4)]
while _game.outcome is None:
    _view = _game.view(_game.seat)
    _action = _seats[_game.seat].act(_view)
    assert _action in _view.legal_actions, _action
    _game.apply(_action)
print("played to the end:", _game.outcome.termination.value)
"""


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", PAGE, flags=re.DOTALL)


def test_the_python_blocks_run_and_their_bot_plays_legally(tmp_path: Path) -> None:
    script = tmp_path / "bots_md.py"
    script.write_text("\n".join(blocks("python")) + CHECK)
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    printed = result.stdout.splitlines()
    assert printed[0].startswith("Outcome(termination=")
    assert printed[-1].startswith("played to the end: ")


def test_the_entry_point_shown_is_the_examples() -> None:
    (shown,) = blocks("toml")
    example = tomllib.loads((ROOT / "examples" / "bot_plugin" / "pyproject.toml").read_text())
    declared = example["project"]["entry-points"]["openhanabi.bots"]
    assert tomllib.loads(shown)["project"]["entry-points"]["openhanabi.bots"] == declared


def test_the_fields_the_view_table_names_are_the_views_and_the_variants() -> None:
    section = PAGE.split("## What the view holds", 1)[1]
    table = next(part for part in section.split("\n\n") if part.startswith("| field |"))
    rows = [line.split("|")[1:3] for line in table.splitlines()[2:]]
    assert len(rows) > 10
    for fields, meaning in rows:
        for name in re.findall(r"`(\w+)`", fields):
            assert hasattr(SeatView, name), name
        if fields.strip() == "`variant`":
            named = re.findall(r"`(\w+)`", meaning)
            variant = find_variant("base", players=2)
            assert named and [name for name in named if not hasattr(variant, name)] == []


def test_the_bot_file_commands_run_as_written_with_the_class_saved_as_its_file(
    tmp_path: Path,
) -> None:
    (shown,) = [block for block in blocks("sh") if "first_move.py:" in block]
    (tmp_path / "first_move.py").write_text(blocks("python")[0])
    shared = ROOT.parent / "shared"
    for line in shown.splitlines():
        command = line.replace("../shared", str(shared)).split()
        assert command[0] == "hanabi"
        if command[1] == "bench":
            command += ["--games", "4"]  # the last --games counts: a few games, not 200
        result = subprocess.run(
            [sys.executable, "-m", "openhanabi.cli", *command[1:]],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            stdin=subprocess.DEVNULL,  # hanabi play: the game stops at the end of input
        )
        assert result.returncode == 0, (line, result.stderr)
        assert "Traceback" not in result.stderr
        if command[1] == "play":
            assert "with first-move bots" in result.stdout
        if command[1] == "replay":
            assert "I made the first move the rules allow." in result.stdout
