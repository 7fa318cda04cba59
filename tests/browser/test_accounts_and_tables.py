"""Two people, each in a browser of their own: one registers, signs out and in again and opens
a table with a bot; the other joins it; the host starts the game."""

from __future__ import annotations

from camera import Camera
from playwright.sync_api import expect
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
