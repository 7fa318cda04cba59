"""On a phone's narrow screen (375 px wide) no page is wider than the screen: long choices,
fieldsets, text areas and wide tables stay within it (the lobby's tables and a player's games
show a row a block, every cell on the screen)."""

from __future__ import annotations

import re
from pathlib import Path

from camera import Camera
from game_page import (
    discard_or_clue,
    open_game,
    own_cards,
    pick_first_card,
    play_turns,
    wait_for_turn,
)
from playwright.sync_api import Page, expect
from ui import OpenPage, open_table, register, start

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
    # the wide table of games stacks its rows on the phone: nothing to scroll sideways (on a
    # wider screen, where it is a table, its frame scrolls if need be, reached by the keyboard)
    frame = page.locator(".table-scroll")
    expect(frame).to_have_attribute("tabindex", "0")
    assert frame.evaluate("frame => frame.scrollWidth <= frame.clientWidth")


GAME_PHONE = {"width": 390, "height": 844}
# where an element's top edge is, from the top of the page (not of the screen), in CSS pixels
PAGE_TOP = "element => element.getBoundingClientRect().top + window.scrollY"


def test_on_a_phone_the_own_hand_and_the_move_buttons_are_close(
    open_page: OpenPage, camera: Camera
) -> None:
    """At a table of four on a phone, picking a card and pressing Play need no long scroll
    between them: the own hand is on the first screen, and the move's buttons (Play, the
    clues') within one screen of it, at the first turn and later, with a discard pile; the
    page is no wider than the screen."""
    page = open_page()
    page.set_viewport_size(GAME_PHONE)
    register(page, "ann", "Ann")
    table = open_table(page, bots={2: "basic", 3: "basic", 4: "basic"}, players=4)
    start(page, table)
    open_game(page, table)
    screen = GAME_PHONE["height"]
    for step in ("first-turn", "later"):
        if step == "later":
            assert play_turns({0: page}, discard_or_clue, 5) == 5
            expect(page.get_by_test_id("discard-pile").locator(".card")).not_to_have_count(0)
        wait_for_turn(page, 0)
        pick_first_card(page, 0)
        page.evaluate("() => window.scrollTo(0, 0)")
        camera.shoot(page, f"phone-{step}")
        assert page.evaluate(OVERFLOW) == 0

        hand = page.get_by_test_id("hand-0").evaluate(PAGE_TOP)
        play = page.get_by_test_id("play").evaluate(PAGE_TOP)
        # the clues' panel: its buttons, or its word that no clue can be given now
        clue = page.locator(".panel.clue").evaluate(PAGE_TOP)
        assert hand < screen, (step, hand)
        assert 0 < play - hand < screen, (step, hand, play)
        assert 0 < clue - hand < screen, (step, hand, clue)
        own_cards(page, 0).first.click()  # unpicked again: the turns to come pick their own
        expect(own_cards(page, 0).first).to_have_attribute("aria-pressed", "false")
