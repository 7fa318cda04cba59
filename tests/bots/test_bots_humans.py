"""The benchmark of how often bots choose the moves people chose (``benchmarks/bots_humans.py``):
its figures are those of :func:`openhanabi.bench.review.agreement` over every record of the
folder, and of the bot's own games on the records' deals, whatever the workers; bad input stops
it with a message."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark

from odd_bots import Unmakeable
from openhanabi.bench.review import agreement, review
from openhanabi.bots import Bot, BotError, registry
from openhanabi.records import read_record
from openhanabi.rules import Action, SeatView


@pytest.fixture(scope="module")
def humans() -> ModuleType:
    return load_benchmark("bots_humans")


def test_each_row_is_the_agreement_over_every_record(
    humans: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    folder: Path = humans.HUMAN_GAMES
    assert humans.main(["--bot", "basic", "--jobs", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    paths = sorted(folder.glob("*.json"))
    assert lines[0] == f"{len(paths)} game records in {folder}"
    agreed, scored = [line for line in lines if line.startswith("basic ")]
    whole = agreement(review(read_record(path), "basic") for path in paths)
    assert agreed == humans.row("basic", whole)
    assert f"{whole.same.moves}" in agreed.split() and str(whole.same) in agreed
    # the same deals played by the bot: each seeded by the record's place in the folder
    results = [humans.reviewed(path, "basic", seed) for seed, path in enumerate(paths)]
    assert scored == humans.scores_row("basic", results)
    people = sum(result[2] for result in results) / len(results)
    assert f"players scored {people:.2f} ± " in "\n".join(lines)


def test_bad_input_stops_with_a_message(
    humans: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as unknown:
        humans.main(["--bot", "nobody"])
    assert unknown.value.code == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as empty:
        humans.main([str(tmp_path)])
    assert empty.value.code == 2
    assert "no game records" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text('{"players": ["A"]}')
    with pytest.raises(SystemExit) as broken:
        humans.main([str(tmp_path)])
    assert broken.value.code == 2
    assert "broken.json" in capsys.readouterr().err


def test_the_differences_add_up_to_every_move(
    humans: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert humans.main(["--bot", "basic", "--differences", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = lines.index("basic: the records' moves (rows) against basic's (columns)")
    kinds = lines[head + 1].split()
    matrix = [
        [int(n) for n in line.split()[1:]] for line in lines[head + 2 : head + 2 + len(kinds)]
    ]
    paths = sorted(humans.HUMAN_GAMES.glob("*.json"))
    whole = agreement(review(read_record(path), "basic") for path in paths)
    assert sum(map(sum, matrix)) == whole.same.moves
    assert sum(matrix[i][i] for i in range(len(kinds))) == whole.same_kind.count
    # one block of reasons for every pair of different kinds that occurred
    blocks = [line for line in lines[head:] if line.startswith("  the record's ")]
    assert len(blocks) == sum(
        1 for i, row in enumerate(matrix) for j, n in enumerate(row) if i != j and n
    )


class UnmakeableForHumans(Unmakeable):
    name = "unmakeable-for-humans"


class Crashing(Bot):
    name = "crashing-for-humans"
    summary = "fails on its first turn"

    def act(self, view: SeatView) -> Action:
        raise RuntimeError("no move")


def test_a_bot_that_fails_stops_it_with_one_line_naming_the_record(
    humans: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for bot in (UnmakeableForHumans, Crashing):
        monkeypatch.setitem(registry._BOTS, bot.name, bot)  # the workers are forked with it
    shutil.copy(humans.HUMAN_GAMES / "game_1.json", tmp_path / "game_1.json")
    with pytest.raises(BotError, match=r"^game_1\.json: bot 'unmakeable-for-humans' in seat 0 "):
        humans.reviewed(tmp_path / "game_1.json", UnmakeableForHumans.name, 0)
    for bot, said in (
        (UnmakeableForHumans, "bot 'unmakeable-for-humans' in seat 0 could not be made: "),
        (Crashing, "bot 'crashing-for-humans' in seat 0 failed: RuntimeError: no move"),
    ):
        assert humans.main([str(tmp_path), "--bot", bot.name, "--jobs", "1"]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert err[-1].startswith(f"{Path(sys.argv[0]).name}: game_1.json: ")
        assert said in err[-1]
        assert "Traceback" not in "\n".join(err)
