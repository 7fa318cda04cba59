"""The reading diagnostic of the conventions bot (``benchmarks/conventions_diagnose.py``): what
the holder of a play clue's focus did on each turn it fitted agrees with how the focus left the
hand."""

from __future__ import annotations

from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark


@pytest.fixture(scope="module")
def diagnose() -> ModuleType:
    return load_benchmark("conventions_diagnose")


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 12), (5, 3)])
def test_a_focus_played_is_counted_on_the_turn_it_was_played(
    diagnose: ModuleType, players: int, seed: int
) -> None:
    tally = diagnose.Tally()
    diagnose.diagnose(players, range(seed, seed + 1), tally)
    counts = tally.counts
    assert counts["games"] == 1
    played = counts["focus.played"] + counts["focus.played_after_reclue"]
    # a focus its holder knew fits and played was played (the card fitted); one played without
    # that knowledge (a guess at the end) was played on a turn counted as unaware
    assert 0 < counts["focus_turn.played"] <= played
    assert played - counts["focus_turn.played"] <= counts["focus_turn.unaware"]
    kinds = {key for key in counts if key.startswith("focus_turn.")}
    assert kinds <= {
        "focus_turn.played",
        "focus_turn.played_another",
        "focus_turn.other_move",
        "focus_turn.unaware",
    }


def test_a_finesse_given_was_among_the_clues_weighed(
    diagnose: ModuleType,
) -> None:
    tally = diagnose.Tally()
    diagnose.diagnose(4, range(3), tally)
    counts = tally.counts
    assert 0 < counts["weighed.finesse_given"] <= counts["weighed.finesse_offered"]
    assert counts["weighed.finesse_offered"] < counts["weighed.turns"]
