"""``hanabi bench`` end to end, as a real subprocess: the text report, the JSON of every result,
the PNG plot, the paired comparison, results that do not depend on --jobs or Ray, and bad input
that exits with status 2 and one line on standard error, never a traceback."""

from __future__ import annotations

import importlib.util
import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from openhanabi.records import read_record, replay

RUN = "import sys; from openhanabi.cli import main; sys.exit(main())"


def hanabi(
    *args: str | Path, timeout: float = 120, prefix: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*prefix, sys.executable, "-c", RUN, "bench", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def bench_json(tmp_path: Path, *args: str, prefix: tuple[str, ...] = ()) -> dict[str, Any]:
    out = tmp_path / "bench.json"
    result = hanabi(*args, "--json", out, prefix=prefix)
    assert result.returncode == 0, result.stderr
    document: dict[str, Any] = json.loads(out.read_text())
    return document


def test_the_text_report_has_a_row_per_player_count() -> None:
    result = hanabi("--bot", "basic", "--players", "2", "3", "--games", "6", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "variant:  base"
    assert lines[1] == "seeds:    0..5 (6 games per player count)"
    assert "bots:     basic" in lines
    header = lines.index("bots:     basic") + 1
    assert lines[header].split() == [
        "players", "games", "score", "points", "kept", "perfect", "strikeouts", "games/s",
    ]  # fmt: skip
    for row, players in zip(lines[header + 1 : header + 3], ("2", "3"), strict=True):
        words = row.split()
        assert words[:2] == [players, "6"] and words[3] == "±"
    assert lines[-1].startswith("run:      12 games in ")
    assert lines[-1].endswith(" with 1 job: " + lines[-1].split(": ")[-1])


def test_json_holds_every_game_and_the_statistics(tmp_path: Path) -> None:
    document = bench_json(tmp_path, "--players", "2", "4", "--games", "5", "--seed", "40")
    assert document["variant"] == "base"
    assert document["players"] == [2, 4] and document["games"] == 5 and document["seed"] == 40
    [run] = document["runs"]
    assert run["bots"] == ["basic"]
    games = run["games"]
    assert [(g["players"], g["seed"]) for g in games] == [
        (p, s) for p in (2, 4) for s in range(40, 45)
    ]
    for summary in run["summaries"]:
        scores = [g["score"] for g in games if g["players"] == summary["players"]]
        assert summary["games"] == 5
        assert summary["score"]["mean"] == pytest.approx(sum(scores) / 5)
        assert sum(summary["histogram"].values()) == 5
        assert set(summary) >= {"points", "perfect", "strikeouts", "games_per_second"}
    assert document["comparison"] is None


def test_the_json_holds_the_rules_to_set_the_variant_up_again(tmp_path: Path) -> None:
    document = bench_json(
        tmp_path, "--variant", "rainbow", "--players", "2", "4", "--storms", "2",
        "--bonus-tiles", "--games", "2",
    )  # fmt: skip
    assert document["options"] == "rainbow, 2 storms, bonus tiles"
    rules = document["rules"]
    assert rules["suits"][-1] == "rainbow" and len(rules["suits"]) == 6
    assert rules["hand_size"] == {"2": 5, "4": 4}
    assert rules["storms"] == 2 and rules["bonus_tiles"] and not rules["declared_play"]


def test_one_game_has_no_standard_error_to_show(tmp_path: Path) -> None:
    out = tmp_path / "one.json"
    result = hanabi("--players", "3", "--games", "1", "--jobs", "1", "--json", out)
    assert result.returncode == 0, result.stderr
    assert "(1 game per player count)" in result.stdout
    assert "± n/a" in result.stdout and "± 0.00" not in result.stdout
    assert "run:      1 game in " in result.stdout
    [summary] = json.loads(out.read_text())["runs"][0]["summaries"]
    assert summary["score"]["standard_error"] is None


SEEDED_BOT = """
import random

from openhanabi.bots import Bot


class Seeded(Bot):
    name = "seeded"
    summary = "a legal action drawn from its seed"

    def act(self, view):
        return random.Random(self.seed + len(view.events)).choice(view.legal_actions)
"""


def bot_file(tmp_path: Path) -> str:
    """The spec of a bot in a file of its own, not installed: FILE.py:CLASS."""
    path = tmp_path / "seeded.py"
    path.write_text(SEEDED_BOT)
    return f"{path}:Seeded"


def test_a_bot_named_by_its_file_plays_the_same_games_in_worker_processes(
    tmp_path: Path,
) -> None:
    spec = bot_file(tmp_path)
    args = ("--bot", f"basic,{spec}", "--players", "2", "3", "--games", "8", "--seed", "9")
    one = bench_json(tmp_path, *args, "--jobs", "1")
    two = bench_json(tmp_path, *args, "--jobs", "2")
    assert one["runs"][0]["bots"] == ["basic", spec]
    assert one["runs"][0]["games"] == two["runs"][0]["games"]
    assert not any(game["error"] for game in one["runs"][0]["games"])


def test_records_are_written_a_file_a_game_that_replays_to_its_score(tmp_path: Path) -> None:
    folder = tmp_path / "records" / "new"  # made, parents too
    spec = bot_file(tmp_path)
    document = bench_json(
        tmp_path, "--compare", "--bot", "basic", "--bot", spec, "--players", "2", "3",
        "--games", "3", "--seed", "4", "--records", str(folder), "--jobs", "2",
    )  # fmt: skip
    written = sorted(path.name for path in folder.iterdir())
    expected = []
    for run in document["runs"]:
        bots = "basic" if run["bots"] == ["basic"] else f"{spec}".replace("/", "_").strip("_")
        bots = bots.replace(":", "_")
        for game in run["games"]:
            name = f"{bots}-{game['players']}p-{game['seed']}.json"
            expected.append(name)
            record = read_record(folder / name)
            assert (record.seed, len(record.players)) == (game["seed"], game["players"])
            assert replay(record).score == game["points"]
            assert "record" not in game  # the JSON holds how games ended, the files the moves
    assert written == sorted(expected) and len(written) == 12


def test_records_below_a_score_keep_only_the_games_that_scored_less(tmp_path: Path) -> None:
    folder = tmp_path / "lost"
    args = ("--bot", "basic", "--players", "3", "--games", "12", "--seed", "30")
    document = bench_json(tmp_path, *args, "--records", str(folder), "--records-below", "19")
    below = {game["seed"] for game in document["runs"][0]["games"] if game["score"] < 19}
    assert 0 < len(below) < 12  # some games each way, or the test shows nothing
    assert {path.name for path in folder.iterdir()} == {f"basic-3p-{s}.json" for s in below}
    result = hanabi(*args, "--records", str(tmp_path / "again"), "--records-below", "19")
    assert result.stdout.splitlines()[-1] == f"records:  {len(below)} games written to " + str(
        tmp_path / "again"
    )


def test_results_are_the_same_with_one_or_two_jobs(tmp_path: Path) -> None:
    args = ("--bot", "basic,random", "--players", "2", "3", "--games", "8", "--seed", "9")
    one = bench_json(tmp_path, *args, "--jobs", "1")
    two = bench_json(tmp_path, *args, "--jobs", "2")
    assert one["runs"][0]["games"] == two["runs"][0]["games"]


def test_cross_play_holds_every_pair_of_bots_at_one_table(tmp_path: Path) -> None:
    bots = ("basic", "random", "hat")
    args = ("--players", "2", "3", "--games", "6", "--seed", "2", "--jobs", "2")
    document = bench_json(tmp_path, "--cross-play", *(f"--bot={bot}" for bot in bots), *args)
    assert [run["bots"] for run in document["runs"]] == [[a, b] for a in bots for b in bots]
    matrices = document["cross_play"]
    assert [(m["players"], m["bots"]) for m in matrices] == [(2, list(bots)), (3, list(bots))]
    for row, first in enumerate(bots):
        for column, second in enumerate(bots):
            # each cell is the mixed table of the pair, as --bot FIRST,SECOND plays it
            table = f"{first},{second}" if first != second else first
            alone = bench_json(tmp_path, "--bot", table, *args)["runs"][0]["summaries"]
            for matrix, summary in zip(matrices, alone, strict=True):
                assert matrix["mean"][row][column] == summary["score"]["mean"]
                assert matrix["standard_error"][row][column] == summary["score"]["standard_error"]
    assert bench_json(tmp_path, "--bot", "basic", *args)["cross_play"] is None


def test_cross_play_prints_a_matrix_per_player_count_and_draws_it(tmp_path: Path) -> None:
    plot = tmp_path / "matrix.svg"
    result = hanabi(
        "--cross-play", "--bot", "basic,random", "--players", "2", "--games", "4",
        "--plot", plot,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    start = lines.index("  2 players     basic         random")
    assert lines[start + 1].split()[0] == "basic" and lines[start + 2].split()[0] == "random"
    assert "bots:" not in result.stdout  # the nine tables' own blocks would drown the matrix
    drawn = plot.read_text()
    assert "<svg" in drawn and "mean score" in drawn and "seat 2" in drawn


def test_cross_play_keeps_the_records_of_every_table(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    result = hanabi("--cross-play", "--bot", "basic,random", "--games", "2", "--records", folder)
    assert result.returncode == 0, result.stderr
    assert len(list(folder.iterdir())) == 8  # four tables, two games each


# Ray's servers listen on every interface; in a network namespace of its own, loopback is the
# only one there is, so the test's Ray instance is reachable from this machine only.
LOOPBACK_ONLY = ("unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$@"', "sh")


def loopback_only_available() -> bool:
    try:
        probe = subprocess.run([*LOOPBACK_ONLY, "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0


def test_results_are_the_same_on_a_local_ray_instance(tmp_path: Path) -> None:
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install -e '.[ray]' to run this test)")
    if not loopback_only_available():
        pytest.skip("cannot make a network namespace (unshare --net) to keep Ray on loopback")
    # a bot named by its file too: each worker loads it for itself
    bots = f"basic,random,{bot_file(tmp_path)}"
    args = ("--bot", bots, "--players", "3", "4", "--games", "8", "--seed", "9")
    one = bench_json(tmp_path, *args, "--jobs", "1")
    ray = bench_json(tmp_path, *args, "--ray", "local", "--jobs", "2", prefix=LOOPBACK_ONLY)
    assert ray["ray"] == "local"
    assert one["runs"][0]["games"] == ray["runs"][0]["games"]


def test_an_address_where_nothing_answers_fails_fast_with_one_line() -> None:
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install -e '.[ray]' to run this test)")
    with socket.socket() as probe:  # a loopback port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = hanabi("--ray", f"127.0.0.1:{port}", "--games", "2", timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"hanabi bench: nothing answers at Ray address '127.0.0.1:{port}'"
    ]


@pytest.mark.parametrize(
    ("name", "start"),
    [("scores.png", b"\x89PNG\r\n\x1a\n"), ("scores.SVG", b"<?xml"), ("scores.pdf", b"%PDF-")],
)
def test_plot_is_written_in_the_format_its_name_gives(
    tmp_path: Path, name: str, start: bytes
) -> None:
    plot = tmp_path / name
    result = hanabi("--players", "2", "3", "4", "--games", "4", "--jobs", "1", "--plot", plot)
    assert result.returncode == 0, result.stderr
    assert plot.read_bytes().startswith(start)


def test_compare_pairs_two_bots_on_the_same_seeds(tmp_path: Path) -> None:
    document = bench_json(
        tmp_path, "--compare", "--bot", "basic", "--bot", "random", "--games", "6", "--jobs", "2"
    )
    basic, random = document["runs"]
    assert (basic["bots"], random["bots"]) == (["basic"], ["random"])
    assert [g["seed"] for g in basic["games"]] == [g["seed"] for g in random["games"]]
    [comparison] = document["comparison"]
    assert (comparison["first"], comparison["second"]) == ("basic", "random")  # first minus second
    assert comparison["wins"] + comparison["ties"] + comparison["losses"] == 6
    pairs = zip(basic["games"], random["games"], strict=True)
    differences = [a["score"] - b["score"] for a, b in pairs]
    assert comparison["difference"]["mean"] == pytest.approx(sum(differences) / 6)


def test_compare_prints_the_paired_difference() -> None:
    result = hanabi("--compare", "--bot", "basic,random", "--games", "3", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert "paired:   basic minus random, seed by seed" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "nobody"], "unknown bot 'nobody'"),
        (["--bot", "/no/such/bots.py:Bot"], "bot '/no/such/bots.py:Bot': there is no file"),
        (["--bot", "json:JSONDecoder"], "is not a subclass of openhanabi.bots.Bot"),
        (["--players", "2", "6"], "players must be 2 to 5, not 6"),
        (["--games", "0"], "--games must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--move-seconds", "0"], "--move-seconds must be a number of seconds above 0, not 0"),
        (["--move-seconds", "inf"], "--move-seconds must be a number of seconds above 0, not inf"),
        (["--compare", "--bot", "basic"], "--compare needs exactly two bots, not 1"),
        (["--variant", "nonsense"], "unknown variant 'nonsense'"),
        (["--json", "/no/such/folder/out.json"], "--json /no/such/folder/out.json: no such"),
        (["--plot", "scores.txt"], "--plot scores.txt: name a .png, .svg or .pdf file"),
        (["--json", "/"], "--json /: it is a folder"),
        (["--plot", "/"], "--plot /: it is a folder"),
        (["--hand-size", "30", "--players", "5"], "does not fit the deck"),
        # the deck's generator reads seeds modulo 2**64: past it, games would come again
        (["--seed", str(2**64 - 1)], f"--seed {2**64 - 1} with --games 2 runs past the last"),
        (["--bot", "hat,basic,random", "--players", "2"], "--bot names 3 bots, more than the 2"),
        (["--ray", ""], "--ray needs an address"),
        (["--records", ""], "--records needs a folder name"),
        (["--cross-play", "--bot", "basic"], "--cross-play needs two bots or more, not 1"),
        (["--cross-play", "--bot", "basic,basic"], "--cross-play names each bot once"),
        (["--cross-play", "--compare", "--bot", "hat,basic"], "do not go together"),
        (["--records", "/dev/null"], "--records /dev/null: it is a file, not a folder"),
        (["--records-below", "25"], "--records-below needs --records FOLDER"),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(args: list[str], message: str) -> None:
    result = hanabi(*args, "--games", "2") if "--games" not in args else hanabi(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("hanabi bench: ") and message in result.stderr


@pytest.mark.parametrize("seed", ["-1", str(2**64), "x"])
def test_a_seed_outside_the_generators_range_is_refused(seed: str) -> None:
    result = hanabi("--seed", seed, "--games", "2")
    assert result.returncode == 2
    assert "argument --seed: " in result.stderr.splitlines()[-1]
    assert "Traceback" not in result.stderr


def test_help_names_every_option() -> None:
    result = hanabi("--help")
    assert result.returncode == 0
    for option in ("--bot", "--players", "--games", "--seed", "--variant", "--jobs", "--ray"):
        assert option in result.stdout
    for option in ("--json", "--plot", "--compare", "--declared-play", "--bonus-tiles"):
        assert option in result.stdout
    assert "--move-seconds" in result.stdout
    assert "--records FOLDER" in result.stdout and "--records-below SCORE" in result.stdout
    assert "--cross-play" in result.stdout


def test_games_a_bot_broke_are_counted_in_the_text_where_the_figures_are_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """They score 0 in the mean: the table says how many they are, not only the JSON."""
    from odd_bots import Unmakeable
    from openhanabi.bots import registry
    from openhanabi.cli import main

    monkeypatch.setitem(registry._BOTS, Unmakeable.name, Unmakeable)
    status = main(["bench", "--bot", Unmakeable.name, "--games", "3", "--jobs", "1"])
    assert status == 1
    out, err = capsys.readouterr()
    assert "3 of 3 games ended in a bot error, each counted as a score of 0" in out
    assert "3 games ended in a bot error; the first: " in err
    status = main(["bench", "--bot", Unmakeable.name, "--games", "1", "--jobs", "1"])
    assert status == 1
    out, err = capsys.readouterr()
    assert "1 of 1 game ended in a bot error, each counted as a score of 0" in out
    assert "hanabi bench: 1 game ended in a bot error; the first: " in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "0", "2"], "players must be 2 to 5, not 0"),
        (["--players", "6"], "players must be 2 to 5, not 6"),
        (["--json", ""], "--json needs a file name"),
        (["--plot", ""], "--plot needs a file name"),
    ],
)
def test_a_player_count_or_a_file_name_that_cannot_be_is_refused_first(
    args: list[str], message: str
) -> None:
    result = hanabi(*args, "--games", "2")
    assert result.returncode == 2
    assert result.stderr == f"hanabi bench: {message}\n"


def test_the_files_are_written_even_when_the_text_s_reader_stops_early(tmp_path: Path) -> None:
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader (| head) is gone before the report is printed
    try:
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                RUN,
                "bench",
                "--games",
                "2",
                "--jobs",
                "1",
                "--json",
                str(tmp_path / "out.json"),
            ],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in result.stderr
    assert json.loads((tmp_path / "out.json").read_text())["runs"]
