"""Declared play on the game page: the buttons that play a card declaring its suit, drawn in
the suits' colours, look as unready as the plain Play button until a card is picked."""

from __future__ import annotations

import re

from camera import Camera
from game_page import open_game, own_cards
from playwright.sync_api import Locator, expect
from ui import OpenPage, register

OPACITY = "button => Number(getComputedStyle(button).opacity)"


def opacity(button: Locator) -> float:
    return float(button.evaluate(OPACITY))


def test_the_declare_buttons_look_unready_until_a_card_is_picked(
    open_page: OpenPage, camera: Camera
) -> None:
    page = open_page()
    register(page, "ann", "Ann")
    page.goto("/tables/new")
    form = page.locator('form[action="/tables"]')
    form.locator("#players").fill("2")
    form.locator("#seat_2").select_option("basic")
    form.locator("#declared_play").check()
    form.locator('button[type="submit"]').click()
    expect(page).to_have_url(re.compile(r"/tables/\d+$"))
    table = int(page.url.rsplit("/", 1)[1])
    page.locator(f'form[action="/tables/{table}/start"] button[type="submit"]').click()
    open_game(page, table)

    declare = page.get_by_test_id("declare-red")
    expect(declare).to_be_disabled()
    camera.shoot(page, "no-card-picked")
    assert opacity(declare) < 0.6

    own_cards(page, 0).first.click()
    expect(declare).to_be_enabled()
    assert opacity(declare) == 1
    camera.shoot(page, "a-card-picked")
