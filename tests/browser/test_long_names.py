"""A display name may be 40 letters with no space in it: on a phone's narrow screen it breaks
across lines wherever it shows (the header, a table's seats, whose turn it is on the game page,
the line that says whom the page waits for), and no page is wider than the screen."""

from __future__ import annotations

from camera import Camera
from game_page import open_game
from playwright.sync_api import expect
from ui import OpenPage, join, open_table, register, start

PHONE = {"width": 360, "height": 740}
# how far the page reaches past the screen's right edge, in CSS pixels
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
LONG = "Wolfeschlegelsteinhausenbergerdorffvoral"  # 40 letters, the most a display name has


def test_a_forty_letter_name_keeps_every_page_within_a_phone_s_screen(
    open_page: OpenPage, camera: Camera
) -> None:
    assert len(LONG) == 40
    ann, ben = open_page(), open_page()
    for page in (ann, ben):
        page.set_viewport_size(PHONE)
    register(ann, "ann", LONG)
    register(ben, "ben", "Ben")
    table = open_table(ann, bots={3: "basic"})
    join(ben, table)

    for path in ("/", "/tables/new", f"/tables/{table}"):
        ann.goto(path)
        camera.shoot(ann, path.strip("/").replace("/", "-") or "lobby")
        assert ann.evaluate(OVERFLOW) == 0, path
    ben.goto(f"/tables/{table}")
    expect(ben.locator("table.seats")).to_contain_text(LONG)
    assert ben.evaluate(OVERFLOW) == 0

    start(ann, table)
    open_game(ben, table)
    expect(ben.get_by_test_id("turn")).to_contain_text(LONG)  # seat 1 starts: Ann's turn
    expect(ben.locator("#actions")).to_contain_text(LONG)  # waiting for her
    camera.shoot(ben, "game")
    assert ben.evaluate(OVERFLOW) == 0
