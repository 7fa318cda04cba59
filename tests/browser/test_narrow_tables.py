"""On a phone (390 px wide) the lobby's tables and a player's games show each row as a block of
its own, a cell a line after its column's heading: a game's score and replay link and a table's
state are on the screen, with no sideways scrolling; on a wide screen they are tables again."""

from __future__ import annotations

import re

from camera import Camera
from game_page import open_game
from playwright.sync_api import Locator, Page, expect
from ui import OpenPage, open_table, register, start

PHONE = {"width": 390, "height": 844}
# how far the page reaches past the screen's right edge, in CSS pixels
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# where an element's left and right edges are on the screen, in CSS pixels
EDGES = "element => [element.getBoundingClientRect().left, element.getBoundingClientRect().right]"
# the text a cell shows before its contents: its column's heading ("none" for no text)
LABEL = "cell => getComputedStyle(cell, '::before').content"


def on_screen(page: Page, element: Locator) -> None:
    """``element`` is shown, and lies within the screen's width."""
    expect(element).to_be_visible()
    left, right = element.evaluate(EDGES)
    width = page.evaluate("() => document.documentElement.clientWidth")
    assert left >= 0 and right <= width, (left, right, width)


def test_on_a_phone_a_game_s_score_and_replay_link_and_a_table_s_state_are_on_screen(
    open_page: OpenPage, camera: Camera
) -> None:
    page = open_page(locale="de")  # German's long words
    page.set_viewport_size(PHONE)
    register(page, "ann", "Annemarie Mustermann-Lüdenscheid")
    table = open_table(page, {2: "basic"}, players=2)
    start(page, table)
    open_game(page, table)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("stop-game").click()  # a stopped game is in the history too
    expect(page.get_by_test_id("end-screen")).to_be_visible()

    page.goto("/history")
    expect(page).to_have_url(re.compile(r"/users/\d+/history$"))
    row = page.locator("table.history tbody tr")
    expect(row).to_have_count(1)
    camera.shoot(page, "history")
    assert page.evaluate(OVERFLOW) == 0
    frame = page.locator(".table-scroll")
    assert frame.evaluate("frame => frame.scrollWidth <= frame.clientWidth")
    score = row.locator("td.score")
    on_screen(page, score)
    expect(score).to_have_text("0 von 25")
    assert "Punkte" in score.evaluate(LABEL)  # the column's heading, before the score
    on_screen(page, row.locator('a[href$="/replay"]'))
    expect(page.locator("table.history thead")).not_to_be_in_viewport()  # read out, not shown

    open_table(page, {2: "basic", 3: "basic"})
    page.goto("/")
    state = page.locator("table.stacked tbody tr td").last
    camera.shoot(page, "lobby")
    assert page.evaluate(OVERFLOW) == 0
    on_screen(page, state)
    expect(state).to_have_text("wartet")
    expect(state).to_have_attribute("data-label", "Stand")
    expect(state).to_have_attribute("role", "cell")  # still a table's cell to screen readers

    # on a wide screen, the same tables are tables, with their headings on top
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.locator("table.stacked").evaluate("t => getComputedStyle(t).display") == "table"
    expect(page.locator("table.stacked thead")).to_be_visible()
    assert state.evaluate(LABEL) == "none"
    camera.shoot(page, "lobby-wide")
