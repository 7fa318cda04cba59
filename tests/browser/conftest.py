"""Browser tests: the real server (``hanabi serve`` in a process of its own) and Debian's
Chromium driven by Playwright, with no browser of Playwright's own.

Chromium is ``HANABI_CHROMIUM`` or ``chromium`` on the PATH. Without one the browser tests are
skipped, unless ``HANABI_CHROMIUM`` is set (as CI sets it): then a missing browser fails them.
Screenshots of key steps, and of every open page when a test fails, go to
``test-artifacts/screenshots/<test>/`` (or under ``HANABI_TEST_ARTIFACTS``).
"""

from __future__ import annotations

import os
import re
import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from camera import SCREENSHOTS, Camera
from chromium import CLOSE_SECONDS, Chromium
from live_server import LiveServer
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from ui import OpenPage


def chromium_path() -> str:
    """Debian's Chromium; skips the test when there is none and none was asked for."""
    asked = os.environ.get("HANABI_CHROMIUM", "")
    if asked:
        if not os.access(asked, os.X_OK):
            pytest.fail(f"HANABI_CHROMIUM={asked} is not an executable browser")
        return asked
    found = shutil.which("chromium")
    if not found:
        pytest.skip("no Chromium: install Debian's chromium or set HANABI_CHROMIUM")
    return found


class Failures:
    """Tells at a test's teardown whether it failed: the session's count of failed tests
    grows as soon as a test's call fails, before its fixtures are torn down."""

    def __init__(self, request: pytest.FixtureRequest) -> None:
        self.session = request.session
        self.before = request.session.testsfailed

    def failed(self) -> bool:
        return self.session.testsfailed > self.before


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    shots = sorted(SCREENSHOTS.glob("*/*.png")) if SCREENSHOTS.exists() else []
    if shots:
        terminalreporter.write_line(f"browser screenshots ({len(shots)}): {SCREENSHOTS}")


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """``hanabi serve`` on a new database, stopped at the end (its log shown if the test
    failed)."""
    failures = Failures(request)
    live = LiveServer(tmp_path)
    live.start()
    yield live
    live.stop()
    if failures.failed():
        print(f"--- the server's log ---\n{live.log()}")


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    executable = chromium_path()
    with sync_playwright() as playwright:
        browser = Chromium(playwright, executable)
        yield browser
        browser.close()


@pytest.fixture
def browser(chromium: Chromium) -> Browser:
    """The test process's Chromium, launched again if an earlier test's had to be killed."""
    return chromium.browser


@pytest.fixture
def camera(request: pytest.FixtureRequest) -> Camera:
    return Camera(SCREENSHOTS / re.sub(r"[^\w.-]+", "_", request.node.name))


@pytest.fixture
def open_page(
    chromium: Chromium,
    browser: Browser,
    server: LiveServer,
    camera: Camera,
    request: pytest.FixtureRequest,
) -> Iterator[OpenPage]:
    """``open_page(locale="en")``: a page in a new browser context (one person, with cookies of
    their own) on the live server. Every page is photographed if the test fails. The pages are
    closed under a watchdog (see :mod:`chromium`): a Chromium stuck closing them is killed and
    said so, rather than hang a test whose checks passed."""
    failures = Failures(request)
    contexts: list[BrowserContext] = []

    def open_one(locale: str = "en") -> Page:
        context = browser.new_context(base_url=server.url, locale=locale)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield open_one
    if failures.failed():
        for number, context in enumerate(contexts, 1):
            for page in context.pages:
                camera.shoot(page, f"failed-person-{number}")
    for context in contexts:
        if chromium.close_context(context):
            warnings.warn(
                f"Chromium did not close a page in {CLOSE_SECONDS:.0f} s and was killed; "
                "the next test launches it again",
                stacklevel=1,
            )
            break  # the other contexts went with it
