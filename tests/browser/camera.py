"""Screenshots of the browser tests, kept as test artifacts: ``test-artifacts/screenshots/
<test>/<nn>-<step>.png`` (or under ``HANABI_TEST_ARTIFACTS``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).parents[2]
ARTIFACTS = Path(os.environ.get("HANABI_TEST_ARTIFACTS") or ROOT / "test-artifacts")
SCREENSHOTS = ARTIFACTS / "screenshots"


class Camera:
    """Screenshots of one test, numbered in the order they were taken (a test's earlier
    screenshots are removed when it runs again)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.taken = 0
        shutil.rmtree(directory, ignore_errors=True)

    def shoot(self, page: Page, step: str) -> Path:
        self.taken += 1
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"{self.taken:02d}-{step}.png"
        page.screenshot(path=path, full_page=True)
        return path
