"""The server's load benchmark, run small: three tables of players for a few seconds against a
real ``hanabi serve`` on loopback. It reports its figures, and every action the players saw
acknowledged is in the stored records, none more."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "server_load.py"


def test_a_small_load_run_reports_its_figures_and_loses_nothing(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    command = [sys.executable, str(SCRIPT), "--tables", "3", "--seconds", "4"]
    command += ["--think", "0.1", "0.3", "--quiet", "--timeout", "120", "--json", str(report)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=180, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    figures = json.loads(report.read_text())
    assert figures["tables"] == 3
    assert figures["sockets"] == 3 * figures["players_per_table"]
    assert figures["actions_acknowledged"] > 0
    assert figures["lost"] == figures["errors"] == figures["unanswered_actions"] == 0
    # every acknowledged action is stored (and an action is acknowledged at most once)
    assert figures["actions_stored"] == figures["actions_sent"] == figures["actions_acknowledged"]
    latency = figures["latency_ms"]
    assert 0 < latency["p50"] <= latency["p95"] <= latency["p99"] <= latency["max"]
    assert figures["actions_per_second"] > 0
    assert f"{figures['tables']} tables" in result.stdout


def test_the_help_says_what_it_measures() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, check=True
    )
    for option in ("--tables", "--seconds", "--think", "--timeout", "--json"):
        assert option in result.stdout
    assert "latency" in result.stdout


def test_a_table_of_too_many_seats_is_refused_in_one_line() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--players", "4", "--server-bots", "3"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "2 to 5" in result.stderr
    assert "Traceback" not in result.stderr
