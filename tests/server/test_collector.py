"""The serving process's collector: full collections skip what outlived an earlier one, and
the sweep still frees reference cycles among what was set aside."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from openhanabi.server.collector import Collector


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


def test_what_outlives_a_full_collection_is_set_aside(collector: Collector) -> None:
    node = Node()
    before = gc.get_freeze_count()
    gc.collect()
    assert gc.get_freeze_count() > before
    assert node.me is node


def test_a_cycle_set_aside_waits_for_the_sweep(collector: Collector) -> None:
    node = Node()
    alive = weakref.ref(node)
    gc.collect()  # node is still referenced: it is set aside
    del node
    gc.collect()
    assert alive() is not None, "a full collection looked at what was set aside"
    collector.sweep()
    assert alive() is None, "the sweep left a dead cycle"
    assert collector.sweeps == 1


def test_stopping_puts_everything_back() -> None:
    running = Collector(sweep_seconds=3600)
    running.start()
    running.stop()
    assert gc.get_freeze_count() == 0
    node = Node()
    alive = weakref.ref(node)
    del node
    gc.collect()
    assert alive() is None


@pytest.mark.parametrize("seconds", [0.0, -1.0, float("nan")])
def test_a_sweep_needs_a_period(seconds: float) -> None:
    with pytest.raises(ValueError, match="period"):
        Collector(seconds)
