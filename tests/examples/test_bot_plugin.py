"""examples/bot_plugin, a third-party bot as its author would ship it: installed by pip, found
through its entry point by ``hanabi bench`` (in worker processes too) and ``hanabi play``, and
keeping its one promise (it never plays a card it is not sure of) on every preset."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.bots import Bot
from openhanabi.rules import PRESETS, Game, find_variant

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_plugin"
RUN = "import sys; from openhanabi.cli import main; sys.exit(main())"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder the example is installed into by pip, as ``pip install ./examples/bot_plugin``
    would install it (from a copy: building writes into the source folder)."""
    work = tmp_path_factory.mktemp("plugin")
    source = work / "source"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = work / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    # offline: the build uses the setuptools of this environment
    local = ["--no-deps", "--no-build-isolation", "--no-index"]
    subprocess.run(
        [*pip, *local, "--target", str(target), str(source)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return target


def hanabi(site: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": str(site), "COLUMNS": "200"},
    )


def test_once_installed_hanabi_bots_lists_it_with_the_module_it_comes_from(site: Path) -> None:
    result = hanabi(site, "bots")
    assert result.returncode == 0, result.stderr
    (row,) = [line for line in result.stdout.splitlines() if "careful " in line]
    assert "careful_bot" in row and "built in" not in row


def test_once_installed_hanabi_bench_finds_it_by_name_in_every_worker(
    site: Path, tmp_path: Path
) -> None:
    out = tmp_path / "bench.json"
    result = hanabi(
        site, "bench", "--bot", "careful", "--players", "2", "3", "--games", "6", "--jobs", "2",
        "--json", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "bots:     careful" in result.stdout
    (run,) = json.loads(out.read_text())["runs"]
    assert run["bots"] == ["careful"]
    games = run["games"]
    assert len(games) == 12 and not any(game["error"] for game in games)
    assert all(game["score"] > 0 for game in games)


def test_once_installed_a_person_can_play_against_it_in_the_terminal(site: Path) -> None:
    result = hanabi(
        site, "play", "--players", "2", "--bot", "careful", "--seed", "4", stdin="clue 2 1\nquit\n"
    )
    assert result.returncode == 0, result.stderr
    assert "with careful bots" in result.stdout
    # the bot's turn came after the person's clue, and its sentence is in the log
    assert "Bob: I " in result.stdout


def test_without_installing_it_the_name_is_unknown() -> None:
    result = subprocess.run(
        [sys.executable, "-c", RUN, "bench", "--bot", "careful", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert "unknown bot 'careful'" in result.stderr and "Traceback" not in result.stderr


@pytest.fixture(scope="module")
def careful() -> Iterator[ModuleType]:
    """The example's module, loaded from its file (no install needed to test its play)."""
    spec = importlib.util.spec_from_file_location("careful_bot", EXAMPLE / "careful_bot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module


@settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from([preset.key for preset in PRESETS]),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
)
def test_it_plays_every_preset_legally_and_never_misplays(
    careful: ModuleType, preset: str, players: int, seed: int
) -> None:
    variant = find_variant(preset, players=players)
    bots: list[Bot] = [careful.CarefulBot(seat, variant, seed) for seat in range(players)]
    game = Game.new(variant, seed)
    while game.outcome is None:
        view = game.view(game.seat)
        action = bots[game.seat].act(view)
        assert action in view.legal_actions
        sentence = bots[game.seat].explain()
        assert sentence.startswith("I ") and sentence.endswith(".")
        game.apply(action)
    # its promise: a card is played only when every identity it may be fits, and a suit is
    # declared only when it is certain, so no storm ever comes from it
    assert game.storms == 0
