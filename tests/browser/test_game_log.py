"""The game page's log ("What happened") is a box of its own that scrolls: it follows the newest
line as moves come in, unless the player scrolled up to read older ones (then it stays where
they are, until they scroll back to its end). The page itself never scrolls for it."""

from __future__ import annotations

from camera import Camera
from game_page import discard_or_clue, open_game, play_turns
from playwright.sync_api import Page, expect
from ui import OpenPage, open_table, register, start

# how far (CSS pixels) the log's box is from showing its last line
FROM_THE_END = "log => log.scrollHeight - log.scrollTop - log.clientHeight"
# whether the log's last line is wholly inside the log's box (whatever the page's scroll)
NEWEST_SHOWN = """log => {
    const box = log.getBoundingClientRect();
    const line = log.lastElementChild.getBoundingClientRect();
    return line.top >= box.top - 1 && line.bottom <= box.bottom + 1;
}"""


def lines(page: Page) -> int:
    return page.get_by_test_id("log").locator("li[data-index]").count()


def test_the_log_follows_the_newest_move_unless_the_player_scrolled_up(
    open_page: OpenPage, camera: Camera
) -> None:
    page = open_page()
    register(page, "ann", "Ann")
    table = open_table(page, bots={2: "basic", 3: "basic", 4: "basic"}, players=4)
    start(page, table)
    open_game(page, table)
    log = page.get_by_test_id("log")

    played = play_turns({0: page}, discard_or_clue, 6)  # four moves a round: 24 lines
    assert played == 6
    assert log.evaluate("log => log.scrollHeight > log.clientHeight"), "the box must scroll"
    assert log.evaluate(FROM_THE_END) <= 1
    assert log.evaluate(NEWEST_SHOWN)
    camera.shoot(page, "log-at-its-end")

    # scrolled up to the first lines, the reader keeps their place as moves come in
    log.evaluate("log => { log.scrollTop = 0; }")
    before = lines(page)
    page_scroll = page.evaluate("() => window.scrollY")
    play_turns({0: page}, discard_or_clue, 1)
    expect(log.locator("li[data-index]")).not_to_have_count(before)
    assert log.evaluate("log => log.scrollTop") == 0
    assert not log.evaluate(NEWEST_SHOWN)
    assert page.evaluate("() => window.scrollY") == page_scroll

    # back at its end, it follows again
    log.evaluate("log => { log.scrollTop = log.scrollHeight; }")
    before = lines(page)
    play_turns({0: page}, discard_or_clue, 1)
    expect(log.locator("li[data-index]")).not_to_have_count(before)
    assert log.evaluate(FROM_THE_END) <= 1
    assert log.evaluate(NEWEST_SHOWN)
    camera.shoot(page, "log-follows-again")
