"""The browser tests' Chromium: Debian's browser driven by Playwright, one per test process.

Now and then Chromium stops answering, and a call that waits on it (closing a test's pages) would
hang until the test's time runs out and fail a test whose every check passed. So a test's pages
are closed under a watchdog: when Chromium has not closed them in time, the watchdog kills it,
the close returns, the test's result stands, and the next test gets a browser launched anew.
"""

from __future__ import annotations

import itertools
import os
import signal
import threading
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Playwright
from playwright.sync_api import Error as PlaywrightError

# a closed network: no background requests, no updates, no QUIC; as root, no sandbox; in a
# container, shared memory may be small
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# closing a test's pages takes well under a second; this much means Chromium is stuck
CLOSE_SECONDS = 60.0

_launches = itertools.count(1)


class Chromium:
    """The test process's Chromium, launched when first needed and again after it was killed."""

    def __init__(self, playwright: Playwright, executable: str) -> None:
        self._playwright = playwright
        self._executable = executable
        self._browser: Browser | None = None
        self._marker = ""
        self.killed = 0  # how many times a stuck Chromium was killed

    @property
    def browser(self) -> Browser:
        if self._browser is None or not self._browser.is_connected():
            # a switch Chromium ignores, so that its process can be told from any other's
            self._marker = f"--openhanabi-test-browser={os.getpid()}.{next(_launches)}"
            self._browser = self._playwright.chromium.launch(
                executable_path=self._executable,
                headless=True,
                args=[*CHROMIUM_FLAGS, self._marker],
            )
        return self._browser

    def process(self) -> int | None:
        """The browser's main process (its helpers carry a ``--type`` switch), or None."""
        marker = self._marker.encode()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                args = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue  # the process ended while being looked at
            if marker in args and not any(arg.startswith(b"--type=") for arg in args):
                return int(entry.name)
        return None

    def close_context(self, context: BrowserContext, seconds: float = CLOSE_SECONDS) -> bool:
        """Close ``context``; when Chromium has not done so within ``seconds``, kill Chromium,
        which ends the wait. Returns whether it had to be killed."""
        stuck = threading.Event()

        def kill() -> None:
            stuck.set()
            pid = self.process()
            if pid is not None:
                os.kill(pid, signal.SIGKILL)

        watchdog = threading.Timer(seconds, kill)
        watchdog.start()
        try:
            context.close()
        except PlaywrightError:
            if not stuck.is_set():
                raise
        finally:
            watchdog.cancel()
        if stuck.is_set():
            self.killed += 1
        return stuck.is_set()

    def close(self) -> None:
        if self._browser is not None and self._browser.is_connected():
            self._browser.close()
        self._browser = None
