"""Smoke test of examples/train_selfplay.py: a few PPO updates on a tiny batch (needs torch)."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("torch")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_selfplay.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_selfplay", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


def test_training_runs_and_records_scores() -> None:
    script = load_script()
    config = script.Config(envs=16, rollout=32, hidden=32, seed=3, log_seconds=0.0)
    lines: list[str] = []
    history = script.train(config, updates=6, log=lines.append)
    assert history.updates == 6
    assert history.steps == 6 * 16 * 32
    assert len(history.losses) == 6
    assert all(math.isfinite(loss) for loss in history.losses)
    assert history.scores, "no game finished"
    assert all(0 <= score <= 25 for score in history.scores)
    assert history.points and history.points[-1].games == len(history.scores)
    assert lines and "mean score" in lines[-1]


def test_same_seed_same_run() -> None:
    script = load_script()
    config = script.Config(envs=8, rollout=16, hidden=16, seed=5)
    first = script.train(config, updates=3, log=None)
    second = script.train(config, updates=3, log=None)
    assert first.losses == second.losses
    assert first.scores == second.scores


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    script = load_script()
    config = script.Config(envs=16, rollout=32, hidden=16, seed=1, log_seconds=0.0)
    history = script.train(config, updates=3, log=None)
    path = tmp_path / "scores.png"
    script.plot(history, str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_help_describes_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()
    with pytest.raises(SystemExit):
        script.main(["--help"])
    text = capsys.readouterr().out
    for option in ("--minutes", "--envs", "--seed", "--plot"):
        assert option in text
