"""The serving process's collector: young collections as usual, full collections only by the
sweep, which still frees the reference cycles that outlived the young ones."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from openhanabi.server.collector import Collector

FULL = 2  # the oldest generation: collecting it is a full collection


class Node:
    """A reference cycle of one: only the garbage collector can free it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector() -> Iterator[Collector]:
    running = Collector(sweep_seconds=3600)  # no sweep by the timer during a test
    running.start()
    try:
        yield running
    finally:
        running.stop()


def churn() -> None:
    """Enough new container objects, kept a while, for many young collections."""
    kept = [[] for _ in range(200_000)]
    assert len(kept) == 200_000


def test_young_collections_go_on_but_never_a_full_one(collector: Collector) -> None:
    before = [generation["collections"] for generation in gc.get_stats()]
    churn()
    after = [generation["collections"] for generation in gc.get_stats()]
    assert after[0] > before[0], "young collections stopped"
    assert after[FULL] == before[FULL], "a full collection ran without the sweep"


def test_a_cycle_that_outlived_the_young_collections_waits_for_the_sweep(
    collector: Collector,
) -> None:
    node = Node()
    alive = weakref.ref(node)
    gc.collect(1)  # node survives the young generations: it is old now
    del node
    churn()
    assert alive() is not None, "a full collection ran without the sweep"
    collector.sweep()
    assert alive() is None, "the sweep left a dead cycle"
    assert collector.sweeps == 1


def test_stopping_gives_python_its_thresholds_and_what_was_set_aside_back() -> None:
    thresholds = gc.get_threshold()
    running = Collector(sweep_seconds=3600)
    running.start()
    assert gc.get_threshold() != thresholds
    assert gc.get_freeze_count() > 0
    running.stop()
    assert gc.get_threshold() == thresholds
    assert gc.get_freeze_count() == 0


@pytest.mark.parametrize("seconds", [0.0, -1.0, float("nan")])
def test_a_sweep_needs_a_period(seconds: float) -> None:
    with pytest.raises(ValueError, match="period"):
        Collector(seconds)
