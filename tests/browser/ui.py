"""What a person does on the site's pages, by the forms' fields and addresses (not their
texts, which are in the visitor's language)."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

PASSWORD = "correct horse battery"
TABLE_URL = re.compile(r"/tables/(\d+)$")
# the ``open_page`` fixture: ``open_page(locale="en")`` is a new person's page on the server
OpenPage = Callable[..., Page]


def register(page: Page, username: str, display_name: str = "") -> None:
    page.goto("/register")
    form = page.locator('form[action="/register"]')
    form.locator("#username").fill(username)
    form.locator("#display_name").fill(display_name)
    form.locator("#password").fill(PASSWORD)
    form.locator('button[type="submit"]').click()
    expect(signed_in_as(page)).to_have_text(display_name or username)


def sign_in(page: Page, username: str, password: str = PASSWORD) -> None:
    page.goto("/login")
    form = page.locator('form[action="/login"]')
    form.locator("#username").fill(username)
    form.locator("#password").fill(password)
    form.locator('button[type="submit"]').click()


def sign_out(page: Page) -> None:
    page.locator('form[action="/logout"] button[type="submit"]').click()


def signed_in_as(page: Page) -> Locator:
    """The name the header shows for the signed-in person."""
    return page.locator("header nav strong")


def open_table(page: Page, bots: dict[int, str], players: int = 3) -> int:
    """Open a table of ``players`` seats with ``bots`` by seat number (seat 1 is the host's);
    returns the table's id."""
    page.goto("/tables/new")
    form = page.locator('form[action="/tables"]')
    form.locator("#variant").select_option("base")
    form.locator("#players").fill(str(players))
    for seat, bot in bots.items():
        form.locator(f"#seat_{seat}").select_option(bot)
    form.locator('button[type="submit"]').click()
    expect(page).to_have_url(TABLE_URL)
    match = TABLE_URL.search(page.url)
    assert match, page.url
    return int(match.group(1))


def join(page: Page, table: int) -> None:
    page.goto(f"/tables/{table}")
    page.locator(f'form[action="/tables/{table}/join"] button[type="submit"]').click()
    expect(page.locator(f'form[action="/tables/{table}/leave"]')).to_be_visible()


def start(page: Page, table: int) -> None:
    page.goto(f"/tables/{table}")
    button = page.locator(f'form[action="/tables/{table}/start"] button[type="submit"]')
    expect(button).to_be_enabled()
    button.click()
    expect(page.locator(f'form[action="/tables/{table}/start"]')).to_have_count(0)


def seat_two_people_and_a_bot(ann: Page, ben: Page) -> int:
    """Ann and Ben register; Ann opens a table of three with a basic bot in seat 3, Ben joins,
    Ann starts the game; returns the table's id."""
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    table = open_table(ann, bots={3: "basic"})
    join(ben, table)
    start(ann, table)
    return table
