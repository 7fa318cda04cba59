"""``hanabi bots``: every registered bot by name, with how it plays and where it comes from."""

from __future__ import annotations

import pytest

from openhanabi.bots import BESIDE_PEOPLE, bot_classes
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
