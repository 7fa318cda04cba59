"""Garbage collection for a server that keeps many games in memory.

Python's collector looks through every object it tracks on each full (generation 2) collection.
A server holding a thousand live games keeps a large, long-lived heap (each room's game, views
and rendered states), and a full collection of it stopped the event loop for 0.7 s several times
a minute in the load benchmark while finding nothing to free: every game's frames waited.

So the serving process sets aside what outlives a full collection (``gc.freeze``: the permanent
generation, which later collections skip), and full collections look only at what was made
since. What is set aside is still freed by reference counting, the way nearly everything in the
server is freed; only reference cycles among set-aside objects would wait, so a sweep every
``sweep_seconds`` puts everything back (``gc.unfreeze``), collects it once, and sets the
survivors aside again: one pause per sweep instead of one every few seconds.
"""

from __future__ import annotations

import gc
import threading
from typing import Any

_GENERATIONS = 3


class Collector:
    """Full collections over recent objects only, and a sweep of everything now and then."""

    def __init__(self, sweep_seconds: float) -> None:
        if not sweep_seconds > 0:
            raise ValueError(f"the sweep needs a period above 0 seconds, not {sweep_seconds}")
        self.sweep_seconds = sweep_seconds
        self.sweeps = 0
        self._stop = threading.Event()
        self._sweeper: threading.Thread | None = None

    def start(self) -> None:
        """Set aside everything made so far (imports, the app) and keep doing so."""
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._after_collection)
        self._sweeper = threading.Thread(target=self._sweep_now_and_then, daemon=True)
        self._sweeper.start()

    def stop(self) -> None:
        """Back to Python's own collection, with everything set aside put back."""
        self._stop.set()
        if self._sweeper is not None:
            self._sweeper.join()
        if self._after_collection in gc.callbacks:
            gc.callbacks.remove(self._after_collection)
        gc.unfreeze()

    def sweep(self) -> None:
        """Collect everything once (cycles among set-aside objects included), then set the
        survivors aside again."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.sweeps += 1

    def _after_collection(self, phase: str, info: dict[str, Any]) -> None:
        # what survived a full collection is long-lived: the next full one need not see it
        if phase == "stop" and info["generation"] == _GENERATIONS - 1:
            gc.freeze()

    def _sweep_now_and_then(self) -> None:
        while not self._stop.wait(self.sweep_seconds):
            self.sweep()
