"""The weight tuner of the ``conventions`` bot, run small: every weight it names is one the bot
reads, a weight it sets reaches the games it plays, and a run writes its rounds and the best
weights, which ``--check`` plays back."""

from __future__ import annotations

import importlib.util
import inspect
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "conventions_tune.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conventions_tune_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_weight_tuned_is_a_number_its_module_reads() -> None:
    tune = load()
    for module, names in tune.WEIGHTS.items():
        source = inspect.getsource(module)
        for name in names:
            assert isinstance(getattr(module, name), float), name
            # named once where it is set and at least once where it is used: a weight the
            # bot no longer reads would be tuned for nothing
            assert source.count(name) >= 2, f"{module.__name__} never reads {name}"


def test_a_weight_set_reaches_the_games_played() -> None:
    tune = load()
    before = tune.current()
    try:
        plain = tune.play(before, 3, range(3), False)
        # a clue must be worth 20 cards: no clue is ever given, and the games go otherwise
        silent = tune.play(
            {**before, "CLUE_WORTH": 20.0, "LAST_TOKEN_WORTH": 20.0}, 3, range(3), False
        )
        assert silent != plain
    finally:
        tune._set(before)
    assert tune.current() == before


def test_a_small_run_logs_its_rounds_and_check_plays_them_back(tmp_path: Path) -> None:
    found = tmp_path / "found.json"
    command = [sys.executable, str(SCRIPT), "--games", "3", "--players", "3", "--rounds", "2"]
    command += ["--jobs", "1", "--json", str(found)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    log = json.loads(found.read_text())
    assert [entry["round"] for entry in log["rounds"]] == [1, 2]
    assert set(log["best"]) == set(load().current())
    assert "as it is:" in result.stdout and "best:" in result.stdout
    command = [sys.executable, str(SCRIPT), "--check", str(found), "--games", "2"]
    command += ["--players", "3", "--jobs", "1"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("3 players:")
