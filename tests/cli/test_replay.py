"""``hanabi replay FILE``: a short summary (or one JSON object) of how the game ended; any bad
input exits with status 2 and one line on standard error that names the problem, never a
traceback. Each test runs the command as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from odd_bots import Talks
from openhanabi.bots import make_bot, play_game, registry
from openhanabi.cli import main
from openhanabi.records import record_of, replay, write_record
from openhanabi.rules import PRESETS, Action, Game, find_variant

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()
GAME_1 = DATA / "game_1.json"  # 60 actions; hanab.live ended it at 24 points
RUN = "import sys; from openhanabi.cli import main; sys.exit(main())"


def hanabi(*args: str | Path, given: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN, *map(str, args)],
        input=given,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_replay_prints_a_short_summary() -> None:
    result = hanabi("replay", GAME_1)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines == [
        "variant:  base, 3 players, no empty clues, hanab.live ending",
        "players:  Player 1, Player 2, Player 3",
        "score:    24 of 25 (Excellent: a show people will remember.)",
        "outcome:  over: no more progress (no firework can take another card)",
        "turns:    60 (60 actions in the record)",
        "clues:    2 of 8 tokens",
        "storms:   0 of 3 turned",
    ]


def test_a_record_is_read_from_standard_input_when_the_file_is_a_dash() -> None:
    from_file = hanabi("replay", "--json", GAME_1)
    piped = hanabi("replay", "--json", "-", given=GAME_1.read_text())
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout == from_file.stdout and json.loads(piped.stdout)["score"] == 24
    broken = hanabi("replay", "-", given="{")
    assert broken.returncode == 2
    assert broken.stderr.startswith("hanabi replay: standard input: not JSON")
    assert broken.stderr.count("\n") == 1


def test_replay_json_prints_one_object() -> None:
    result = hanabi("replay", "--json", GAME_1)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    expected = json.loads(GAME_1.read_text())
    assert summary["score"] == expected["expected"]["score"]
    assert summary["max_score"] == 25
    assert summary["over"] is True
    assert summary["reason"] == "no more progress"
    assert summary["turns"] == summary["actions"] == len(expected["actions"])
    assert summary["clue_tokens"] == 2
    assert summary["storms"] == 0
    assert summary["variant"] == "base"
    assert summary["players"] == expected["players"]


def test_replay_of_an_unfinished_game_of_our_own_form(tmp_path: Path) -> None:
    game = Game.new(find_variant("rainbow", players=2, declared_play=True, bonus_tiles=True), 5)
    game.apply(Action.rank_clue(1, 1))
    path = tmp_path / "game.json"
    write_record(record_of(game, ["Ann", "Ben"]), path)
    result = hanabi("replay", "--json", path)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert (summary["over"], summary["reason"], summary["score"]) == (False, None, 0)
    assert (summary["turns"], summary["clue_tokens"], summary["max_score"]) == (1, 7, 30)
    text = hanabi("replay", path).stdout
    assert "not over: Ben (seat 2) to play" in text  # seats counted from 1, as the board does
    assert summary["seat"] == 1  # and from 0 in JSON, as the rules count them
    assert "rainbow, 2 players, declared play, bonus tiles" in text
    # a verdict rates a finished show: a game not over yet has none
    assert summary["rating"] is None
    assert "score:    0 of 30 so far\n" in text


def test_the_starting_seat_is_counted_as_the_seat_to_play_is(tmp_path: Path) -> None:
    game = Game.new(find_variant("base", players=3, start_seat=2), 5)
    path = tmp_path / "game.json"
    write_record(record_of(game, ["Ann", "Ben", "Cat"]), path)
    text = hanabi("replay", path).stdout
    assert "base, 3 players, seat 3 starts" in text
    assert "not over: Cat (seat 3) to play" in text


def test_a_game_stopped_before_its_end_is_rated_nothing(tmp_path: Path) -> None:
    """As the terminal's end screen says: no score, no rating."""
    game = Game.new(find_variant("base", players=2), 3)
    game.apply(Action.rank_clue(1, 1))
    game.abandon()
    path = tmp_path / "game.json"
    write_record(record_of(game, ["Ann", "Ben"]), path)
    summary = json.loads(hanabi("replay", "--json", path).stdout)
    assert (summary["over"], summary["reason"], summary["rating"]) == (True, "abandoned", None)
    assert "(stopped before its end: no rating)" in hanabi("replay", path).stdout


def test_a_game_stopped_at_once_has_one_action_in_its_record(tmp_path: Path) -> None:
    game = Game.new(find_variant("base", players=2), 3)
    game.abandon()
    path = tmp_path / "game.json"
    write_record(record_of(game, ["Ann", "Ben"]), path)
    assert "turns:    0 (1 action in the record)" in hanabi("replay", path).stdout


def test_a_strikeout_scores_nothing(tmp_path: Path) -> None:
    game = Game.new(find_variant("one-storm", players=2), seed=0)
    misplay = next(order for order in game.hands[0] if not game.is_playable(order))
    game.apply(Action.play(misplay))
    path = tmp_path / "strikeout.json"
    write_record(record_of(game), path)
    summary = json.loads(hanabi("replay", "--json", path).stdout)
    assert (summary["score"], summary["reason"], summary["storms"]) == (0, "strikeout", 1)
    assert summary["over"] is True
    assert summary["turns"] == replay(record_of(game)).turn


def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    real = json.loads(GAME_1.read_text())
    files: dict[str, tuple[Path, str]] = {}

    def add(name: str, content: str | bytes, problem: str) -> None:
        path = tmp_path / f"{name}.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        files[name] = (path, problem)

    add("not-json", "this is not JSON", "not JSON: Expecting value: line 1 column 1")
    add("binary", b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8 text")
    add("empty", "", "the record is empty")
    add("no-deck", json.dumps({k: v for k, v in real.items() if k != "deck"}), "deck: missing")
    add(
        "bad-type",
        json.dumps({**real, "actions": [{"type": 9, "target": 0, "value": 0}]}),
        "actions[0].type: 9 is not an action type",
    )
    illegal = json.loads(json.dumps(real))
    illegal["actions"][17] = {"type": 0, "target": 23, "value": 0}
    action = '{"type": 0, "target": 23, "value": 0}'
    said = f"move 18 (actions[17] {action}): card 23 is not in the hand of Player 3 (seat 3)"
    add("illegal", json.dumps(illegal), said)
    late = json.loads(json.dumps(real))
    late["actions"].append({"type": 1, "target": 0, "value": 0})
    action = '{"type": 1, "target": 0, "value": 0}'
    said = f"move 61 (actions[60] {action}): the game is already over"
    add("after-the-end", json.dumps(late), said)
    unknown = {**real, "options": {"variant": "Ice Cream (6 Suits)"}}
    add("unknown-variant", json.dumps(unknown), "options.variant: unknown variant")
    add(
        "huge-number",
        json.dumps({**real, "id": 1}).replace('"id": 1', '"id": ' + "9" * 5000),
        "a number has too many digits",
    )
    large = json.loads(json.dumps(real))
    large["actions"][3]["value"] = 10**400
    said = "actions[3].value: a number of 401 digits is larger than any a record holds"
    add("large-value", json.dumps(large), said)
    not_a_number = json.dumps(real)[:-1] + ', "notes": [[NaN]]}'
    add("not-a-number", not_a_number, "notes: holds NaN, which is not a JSON number")
    surrogate = json.dumps(real).replace('"Player 2"', '"\\ud800"')
    add("surrogate-name", surrogate, 'players[1]: "\\ud800" is not Unicode text')
    characters = {**real, "characters": [{"name": "Fuming", "metadata": 2}] * 3}
    add("characters", json.dumps(characters), "characters: hanab.live's detrimental characters")
    stopped = {**real, "actions": [{"type": 4, "target": 0, "value": 2}]}
    add("end-condition", json.dumps(stopped), "actions[0].value: 2 is not an end condition")
    return files


BAD = [
    "not-json",
    "binary",
    "empty",
    "no-deck",
    "bad-type",
    "illegal",
    "after-the-end",
    "unknown-variant",
    "huge-number",
    "large-value",
    "not-a-number",
    "surrogate-name",
    "characters",
    "end-condition",
]


@pytest.mark.parametrize("name", BAD)
def test_bad_input_exits_2_with_one_line_naming_the_problem(tmp_path: Path, name: str) -> None:
    path, problem = bad_files(tmp_path)[name]
    for args in (("replay", path), ("replay", "--json", path)):
        result = hanabi(*args)
        assert result.returncode == 2
        assert result.stdout == ""
        assert "Traceback" not in result.stderr
        assert result.stderr.count("\n") == 1, result.stderr
        assert result.stderr.startswith(f"hanabi replay: {path}: ")
        assert problem in result.stderr


@pytest.mark.parametrize(
    ("index", "action", "said"),
    [
        # the second move is Player 2's: the record's target 1 is their own seat
        (
            1,
            {"type": 3, "target": 1, "value": 1},
            "Player 2 (seat 2) cannot give a clue to their own seat",
        ),
        (
            0,
            {"type": 3, "target": 7, "value": 1},
            "Player 1 (seat 1) cannot give a clue to seat 8: the seats are 1 to 3",
        ),
        (2, {"type": 0, "target": 3, "value": 0}, "card 3 is not in the hand of Player 3 (seat 3)"),
    ],
)
def test_a_faulty_action_counts_seats_from_1_as_the_summary_does(
    tmp_path: Path, index: int, action: dict[str, int], said: str
) -> None:
    """The fault of an action names the player and their seat counted from 1, as "not over:
    Ben (seat 2) to play" does, and shows the action as the record's own fields, whose seats
    count from 0."""
    real = json.loads(GAME_1.read_text())
    real["actions"][index] = action
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(real))
    result = hanabi("replay", path)
    assert result.returncode == 2
    fields = json.dumps(action)
    assert (
        result.stderr
        == f"hanabi replay: {path}: move {index + 1} (actions[{index}] {fields}): {said}\n"
    )


@pytest.mark.parametrize("kind", ["missing", "directory"])
def test_a_file_that_cannot_be_read_exits_2(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "missing.json" if kind == "missing" else tmp_path
    result = hanabi("replay", path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"hanabi replay: {path}: cannot read the file: ")


def test_a_file_without_end_is_refused_not_read_forever() -> None:
    endless = Path("/dev/zero")
    if not endless.exists():
        pytest.skip("no /dev/zero here")
    result = hanabi("replay", endless)
    assert result.returncode == 2
    said = "the file is larger than 64 MiB, which no game record is"
    assert result.stderr == f"hanabi replay: /dev/zero: {said}\n"


def test_with_a_bot_each_move_is_shown_beside_the_bots_and_the_agreement_counted() -> None:
    result = hanabi("replay", GAME_1, "--bot", "conventions")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    start = lines.index(
        "what conventions would have done before each move (= where it chose the same move):"
    )
    rows = lines[start + 2 : -1]
    assert [int(row.split()[0]) for row in rows] == list(range(1, 61))
    # the bot's sentences name the players as the record does
    assert "Player 3" in result.stdout and "Cathy" not in result.stdout
    column = lines[start + 1].index("conventions")  # where the bot's moves begin
    same = sum(row[column:].startswith("=") for row in rows)
    assert 0 < same < 60
    assert lines[-1].startswith(f"conventions chose the same move on {same} of 60 moves (")

    document = json.loads(hanabi("replay", GAME_1, "--bot", "conventions", "--json").stdout)
    review = document["review"]
    assert review["bot"] == "conventions" and len(review["moves"]) == 60
    assert review["same"] == {"same": same, "moves": 60}
    assert sum(kind["moves"] for kind in review["by_kind"].values()) == 60
    first = review["moves"][0]
    assert set(first) == {
        "move",
        "seat",
        "player",
        "made",
        "suggested",
        "same",
        "kind",
        "explanation",
    }
    assert first["made"].startswith(("play ", "discard ", "clue "))


def test_an_unknown_bot_exits_2_with_one_line() -> None:
    result = hanabi("replay", GAME_1, "--bot", "nobody")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "hanabi replay: unknown bot 'nobody' (known bots: "
        + result.stderr.split("(known bots: ")[1].strip()
    ]
    assert result.stdout == ""


@pytest.mark.parametrize("preset", [preset.key for preset in PRESETS])
def test_a_bots_own_game_is_shown_as_every_move_agreed(
    preset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every kind of move, bonus tiles' answers and declared plays too, is shown as a person
    would type it; ``basic`` chooses from its view alone, so it agrees with its own game."""
    players = 2 + len(preset) % 4
    variant = find_variant(preset, players=players)
    game = play_game(
        Game.new(variant, 3), [make_bot("basic", s, variant, 3) for s in range(players)]
    )
    path = tmp_path / "game.json"
    write_record(record_of(game), path)
    assert main(["replay", str(path), "--bot", "basic"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    moves = len(game.events)
    assert last.startswith(f"basic chose the same move on {moves} of {moves} moves (100%)")


def test_what_a_bot_prints_goes_to_standard_error_not_into_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._BOTS, Talks.name, Talks)
    variant = find_variant("base", players=2)
    game = play_game(Game.new(variant, 4), [make_bot("basic", seat, variant) for seat in (0, 1)])
    path = tmp_path / "game.json"
    write_record(record_of(game), path)
    assert main(["replay", str(path), "--bot", Talks.name, "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["review"]["bot"] == Talks.name
    assert "thinking about turn 0" in err


def test_names_are_shown_on_one_line_and_cannot_take_over_the_terminal(tmp_path: Path) -> None:
    real = json.loads(GAME_1.read_text())
    real["players"] = ["Ann\nscore:    25 of 25", "Ben\x1b[2J", "Zoë 李"]
    path = tmp_path / "names.json"
    path.write_text(json.dumps(real))
    text = hanabi("replay", path).stdout
    assert "players:  Ann\\nscore:    25 of 25, Ben\\x1b[2J, Zoë 李\n" in text
    assert "\x1b" not in text and text.count("\nscore:") == 1
    reviewed = hanabi("replay", path, "--bot", "basic").stdout
    assert "\x1b" not in reviewed
    lines = reviewed.splitlines()
    rows = lines[lines.index("") + 3 : -1]  # after the blank line, the title and the heading
    assert [int(row.split()[0]) for row in rows] == list(range(1, 61))
    assert json.loads(hanabi("replay", path, "--json").stdout)["players"] == real["players"]


SUMMARY_KEYS = [
    "variant",
    "description",
    "players",
    "actions",
    "score",
    "max_score",
    "rating",
    "over",
    "reason",
    "detail",
    "turns",
    "clue_tokens",
    "max_clue_tokens",
    "storms",
    "max_storms",
    "seat",
]
REVIEW_KEYS = ["bot", "moves", "same", "same_kind", "by_kind"]
MOVE_KEYS = ["move", "seat", "player", "made", "suggested", "same", "kind", "explanation"]


def test_the_json_summary_has_the_keys_the_readme_lists() -> None:
    summary = json.loads(hanabi("replay", "--json", GAME_1, "--bot", "basic").stdout)
    assert list(summary) == [*SUMMARY_KEYS, "review"]
    assert list(summary["review"]) == REVIEW_KEYS
    assert list(summary["review"]["moves"][0]) == MOVE_KEYS
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Game records")[1].split("\n## ")[0]
    documented = section.split("--json")[-1]
    for key in [*SUMMARY_KEYS, *REVIEW_KEYS, *MOVE_KEYS]:
        assert f"`{key}`" in documented, key


def test_an_empty_file_name_asks_for_one() -> None:
    result = hanabi("replay", "")
    assert result.returncode == 2
    assert result.stderr == "hanabi replay: name a record file, or - for standard input\n"


def test_a_record_without_moves_is_reviewed_in_one_whole_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    write_record(record_of(Game.new(find_variant("base", players=2), 3), ["Ann", "Ben"]), path)
    assert main(["replay", str(path), "--bot", "basic"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "basic chose the same move on 0 of 0 moves"
