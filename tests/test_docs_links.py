"""The links between the project's pages hold: every link from the README or a page of docs/ to
a file of the project names a file that exists, and every ``#anchor`` names a heading of the
page it points to (anchors as GitHub makes them from headings)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "examples/README.md"]
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)


def anchor(heading: str) -> str:
    """GitHub's anchor for ``heading``: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.DOTALL)  # no code blocks
    return {anchor(heading) for heading in HEADING.findall(text)}


def test_anchors_are_made_as_github_makes_them() -> None:
    assert anchor("Plays per clue, and conventions measured without gain") == (
        "plays-per-clue-and-conventions-measured-without-gain"
    )
    assert anchor("The `conventions` bot: measurements") == "the-conventions-bot-measurements"
    assert anchor("The receiver's doubt with five players") == (
        "the-receivers-doubt-with-five-players"
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_to_the_project_lands(page: Path) -> None:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.DOTALL)
    links = [link for link in LINK.findall(text) if "://" not in link]
    for link in links:
        target, _, fragment = link.partition("#")
        landing = (page.parent / target).resolve() if target else page
        assert landing.exists(), f"{link}: no such file"
        if fragment and landing.suffix == ".md":
            assert fragment in anchors(landing), f"{link}: no such heading in {landing.name}"
