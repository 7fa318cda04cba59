"""The PartnerEnv speed script, run small: a row for each partner and policy, with figures that
agree with one another (more actions than steps beside partners, whole games counted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "partner_speed.py"


def speed(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120
    )


def test_a_small_run_prints_a_row_per_setting() -> None:
    result = speed("--seconds", "0.2", "--repeats", "1", "--players", "3", "--partners", "basic")
    assert result.returncode == 0, result.stderr
    header, *rows = result.stdout.splitlines()
    assert header.split() == ["players", "partners", "policy", "steps/s", "actions/s", "games/s"]
    settings = [row.split()[:3] for row in rows]
    assert settings == [["3", "basic", "random"], ["3", "basic", "conventions"]]
    for row in rows:
        steps, actions, games = (float(value.replace(",", "")) for value in row.split()[3:])
        assert 0 < games < steps < actions  # each step holds the partners' moves too


def test_an_unknown_partner_is_refused_before_anything_runs() -> None:
    result = speed("--partners", "nobody")
    assert result.returncode == 2 and "unknown bot 'nobody'" in result.stderr
