"""``hanabi bots``: every registered bot by name, with how it plays and where it comes from."""

from __future__ import annotations

from pathlib import Path

import pytest

from openhanabi.bots import BESIDE_PEOPLE, bot_classes, registry
from openhanabi.cli import main


def test_every_registered_bot_is_listed_with_its_origin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one row a bot, nothing wrapped
    assert main(["bots"]) == 0
    rows = {
        cells[0]: cells[1:]
        for line in capsys.readouterr().out.splitlines()
        if len(cells := [cell.strip() for cell in line.strip("│ ").split("│")]) == 3
    }
    for name, bot in bot_classes().items():
        summary, origin = rows[name]
        assert summary.startswith(getattr(bot, "summary", ""))
        # another package's bot (one a test of the registry installed, say) names its module
        built_in = bot.__module__.startswith("openhanabi.")
        assert origin == ("built in" if built_in else bot.__module__)
    for name in ("random", "basic", "hat", "search", "conventions", "conventions-search"):
        assert rows[name][1] == "built in"
    assert "the default of hanabi play" in rows[BESIDE_PEOPLE][0]


@pytest.fixture
def broken_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """An installed distribution whose one entry point names a module that does not exist."""
    info = tmp_path / "gone_bot-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gone-bot\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[openhanabi.bots]\ngone = gone_bot_module:GoneBot\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_scanned", False)  # read the entry points again
    monkeypatch.setattr(registry, "_BROKEN", {}, raising=False)
    return "gone"


def test_a_broken_entry_point_is_named_and_every_command_still_runs(
    broken_entry_point: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bots"]) == 0
    out, err = capsys.readouterr()
    assert "basic" in out and broken_entry_point not in out
    assert err == (
        "hanabi bots: bot 'gone' (entry point gone_bot_module:GoneBot in the openhanabi.bots "
        "group) cannot be loaded: ModuleNotFoundError: No module named 'gone_bot_module'\n"
    )
    assert main(["variants"]) == 0
    assert main(["bench", "--bot", "random", "--games", "2", "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["bench", "--bot", broken_entry_point, "--games", "2"]) == 2
    assert capsys.readouterr().err == (
        "hanabi bench: bot 'gone' (entry point gone_bot_module:GoneBot in the openhanabi.bots "
        "group) cannot be loaded: ModuleNotFoundError: No module named 'gone_bot_module'\n"
    )
