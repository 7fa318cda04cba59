"""Ending a game early on the game page: the browser asks first (a dismissed question sends
nothing), then the end screen says the game was stopped, with no score and no rating, and so
does its replay, where a finished game's verdict would be."""

from __future__ import annotations

from camera import Camera
from game_page import open_game
from playwright.sync_api import Dialog, expect
from ui import OpenPage, open_table, register, start


def test_a_player_ends_the_game_after_saying_yes(open_page: OpenPage, camera: Camera) -> None:
    page = open_page()
    register(page, "ann", "Ann")
    table = open_table(page, {2: "basic"}, players=2)
    start(page, table)
    open_game(page, table)

    camera.shoot(page, "the-button")
    asked: list[str] = []

    def say_no(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", say_no)
    page.get_by_test_id("stop-game").click()
    expect(page.get_by_test_id("end-screen")).to_be_hidden()
    assert asked and "cannot be taken back" in asked[0]

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("stop-game").click()
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    expect(page.get_by_test_id("end-reason")).to_have_text(
        "The game was stopped before its end, by a player or after a long time without a move: "
        "no score, no rating."
    )
    expect(page.get_by_test_id("verdict")).to_have_text("")
    # no score, so no score figure: what the fireworks held, said as such
    expect(page.get_by_test_id("score")).to_have_text(
        "When the game was stopped, 0 cards were on the fireworks."
    )
    expect(page.get_by_test_id("game-score")).to_have_text(
        "On the fireworks: 0 cards (the game was stopped)"
    )
    expect(page.locator("#game")).not_to_contain_text("Score")
    # the game is over: Ann sees the cards she was holding
    expect(page.get_by_test_id("hand-0").locator("[data-rank]")).to_have_count(5)
    camera.shoot(page, "stopped")

    page.get_by_test_id("replay-link").click()
    expect(page.locator(".replay-summary")).to_contain_text("0 of 25 · The game was stopped.")
    expect(page.locator("#replay-next")).to_be_enabled()
    page.keyboard.press("End")
    expect(page.locator("#replay-status .replay-over")).to_have_text(
        "Game over: 0 of 25. The game was stopped."
    )
