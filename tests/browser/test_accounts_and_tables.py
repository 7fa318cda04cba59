"""Two people, each in a browser of their own: one registers, signs out and in again and opens
a table with a bot; the other joins it; the host starts the game."""

from __future__ import annotations

from camera import Camera
from chromium import Chromium
from live_server import LiveServer
from playwright.sync_api import Browser, Locator, expect
from ui import OpenPage, join, open_table, register, sign_in, sign_out, signed_in_as, start


def test_a_person_signs_out_and_in_again(open_page: OpenPage, camera: Camera) -> None:
    page = open_page()
    register(page, "ann", "Ann")
    camera.shoot(page, "registered")
    sign_out(page)
    expect(signed_in_as(page)).to_have_count(0)
    expect(page.locator('a[href="/login"]').first).to_be_visible()
    camera.shoot(page, "signed-out")
    sign_in(page, "ann")
    expect(signed_in_as(page)).to_have_text("Ann")
    camera.shoot(page, "signed-in")


def test_a_wrong_password_signs_no_one_in(open_page: OpenPage, camera: Camera) -> None:
    page = open_page()
    register(page, "ann", "Ann")
    sign_out(page)
    sign_in(page, "ann", "not the password")
    expect(page.get_by_role("alert")).to_be_visible()
    expect(signed_in_as(page)).to_have_count(0)
    camera.shoot(page, "refused")


def test_two_people_and_a_bot_sit_down_and_start(open_page: OpenPage, camera: Camera) -> None:
    ann, ben = open_page(), open_page()
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    table = open_table(ann, bots={3: "basic"})
    camera.shoot(ann, "table-opened")
    join(ben, table)
    camera.shoot(ben, "joined")
    ann.goto(f"/tables/{table}")
    seats = ann.locator("table tbody tr")
    expect(seats).to_have_count(3)
    for number, name in enumerate(("Ann", "Ben", "basic"), 1):
        expect(seats.nth(number - 1)).to_contain_text(name)
    start(ann, table)
    camera.shoot(ann, "started")
    ben.goto("/")
    expect(ben.locator(f'a[href="/tables/{table}"]')).to_be_visible()
    camera.shoot(ben, "lobby")


def seat_rows(form: Locator) -> list[Locator]:
    """The rows of seats 2 to 5 of the new table's form."""
    return [form.locator(f"#seat_{seat}").locator("xpath=..") for seat in range(2, 6)]


def test_the_new_table_form_shows_only_the_seats_the_table_has(
    open_page: OpenPage, camera: Camera
) -> None:
    page = open_page()
    register(page, "ann", "Ann")
    page.goto("/tables/new")
    form = page.locator('form[action="/tables"]')
    players = form.locator("#players")
    rows = seat_rows(form)
    expect(players).to_have_value("3")
    for row in rows[:2]:
        expect(row).to_be_visible()
    for row in rows[2:]:
        expect(row).to_be_hidden()
    camera.shoot(page, "three-seats")

    players.fill("5")
    for row in rows:
        expect(row).to_be_visible()
    form.locator("#seat_4").select_option("basic")
    players.fill("")  # while a number is typed, every seat shows
    for row in rows:
        expect(row).to_be_visible()
    players.fill("2")
    expect(rows[0]).to_be_visible()
    for row in rows[1:]:
        expect(row).to_be_hidden()
    camera.shoot(page, "two-seats")
    players.fill("4")  # a seat shown again keeps its choice
    expect(form.locator("#seat_4")).to_have_value("basic")
    expect(form.locator("#seat_5")).to_be_hidden()

    players.fill("3")  # a table of three: seat 4, hidden, has no part in it
    form.locator("#seat_2").select_option("basic")
    form.locator('button[type="submit"]').click()
    seats = page.locator("table tbody tr")
    expect(seats).to_have_count(3)
    expect(seats.nth(1)).to_contain_text("basic")
    expect(seats.nth(2)).not_to_contain_text("basic")


def test_without_scripts_the_new_table_form_shows_every_seat(
    chromium: Chromium, browser: Browser, server: LiveServer, open_page: OpenPage
) -> None:
    register(open_page(), "ann", "Ann")  # the account; a page without scripts signs in
    context = browser.new_context(base_url=server.url, java_script_enabled=False)
    try:
        page = context.new_page()
        sign_in(page, "ann")
        page.goto("/tables/new")
        form = page.locator('form[action="/tables"]')
        form.locator("#players").fill("2")
        for row in seat_rows(form):
            expect(row).to_be_visible()
        expect(form.locator("#seats-help")).to_be_visible()
    finally:
        chromium.close_context(context)
