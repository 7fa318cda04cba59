"""On a phone's narrow screen (375 px wide) no page is wider than the screen: long choices,
fieldsets, text areas and wide tables stay within it (a wide table scrolls in its own frame)."""

from __future__ import annotations

import re
from pathlib import Path

from camera import Camera
from playwright.sync_api import Page, expect
from ui import OpenPage, open_table, register

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()
PHONE = {"width": 375, "height": 740}
# how far the page reaches past the screen's right edge, in CSS pixels
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def fits(page: Page, path: str, camera: Camera) -> None:
    page.goto(path)
    camera.shoot(page, re.sub(r"\W+", "-", path).strip("-") or "lobby")
    assert page.evaluate(OVERFLOW) == 0, path


def test_every_page_fits_a_phones_screen(open_page: OpenPage, camera: Camera) -> None:
    page = open_page(locale="da")
    page.set_viewport_size(PHONE)
    register(page, "ann", "Ann")
    open_table(page, bots={2: "conventions", 3: "conventions"})
    page.goto("/games/import")
    page.locator("#record").set_input_files(str(DATA / "game_1.json"))
    page.locator('form[action="/games/import"] button[type="submit"]').click()
    expect(page).to_have_url(re.compile(r"/games/\d+/replay$"))

    for path in ("/", "/tables/new", "/games/import", "/users/1/imports"):
        fits(page, path, camera)
    # the wide table of games scrolls in a frame that the keyboard can reach
    frame = page.locator(".table-scroll")
    expect(frame).to_have_attribute("tabindex", "0")
    assert frame.evaluate("frame => frame.scrollWidth > frame.clientWidth")
