"""Real hanab.live games (the AH2AC2 validation split): each replays to exactly the score it ended
with on hanab.live, and ends exactly after its last action (RULES.md section 9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openhanabi.records import Record, read_record, replay, replay_states
from openhanabi.rules import Termination

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()
GAMES = sorted(DATA.glob("game_*.json"), key=lambda path: int(path.stem.split("_")[1]))


def test_the_data_set_holds_148_games() -> None:
    assert len(GAMES) == 148, f"expected 148 games in {DATA}"


@pytest.mark.parametrize("path", GAMES, ids=[path.stem for path in GAMES])
def test_real_game_ends_after_its_last_action_with_its_score(path: Path) -> None:
    record = read_record(path)
    expected = json.loads(path.read_text())["expected"]["score"]
    states = list(replay_states(record, copies=False))
    game = states[-1]
    assert len(states) == len(record.actions) + 1
    assert game.outcome is not None, "the game must be over after its last action"
    assert game.outcome.score == expected
    # and not a moment earlier: replaying all but the last action leaves the game running
    shorter = replay(Record(record.players, record.variant, record.deck, record.actions[:-1]))
    assert not shorter.over


def test_hanab_live_defaults_apply_to_a_real_game() -> None:
    record = read_record(GAMES[0])
    variant = record.variant
    assert variant.key == "base"
    assert variant.players == len(record.players) == 3
    assert (variant.empty_clues, variant.hanab_live_ending, variant.start_seat) == (False, True, 0)
    outcome = replay(record).outcome
    assert outcome is not None
    assert outcome.termination is Termination.NO_MORE_PROGRESS


@pytest.mark.parametrize("path", GAMES[:10], ids=[path.stem for path in GAMES[:10]])
def test_a_real_game_written_in_our_form_reads_back_the_same(path: Path) -> None:
    record = read_record(path)
    text = record.to_json()
    again = read_record(text)
    assert again == record
    assert again.extra["expected"] == json.loads(path.read_text())["expected"]
    assert again.to_json() == text
    assert replay(again).history == replay(record).history
