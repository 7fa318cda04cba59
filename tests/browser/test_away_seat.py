"""A phone stops the timers of a page in the background. A person at a waiting table whose page
is shown again asks the server at once: back within the server's wait, they keep their seat;
back later, they are told in their language that their seat was freed, offered it again in one
click, or taken to the lobby when the table closed.

The page "in the background" is one whose timers stand still (Playwright's clock, paused before
it is loaded, so that it never asks on its own), and it is "shown again" by the event a browser
sends then: a headless browser never hides a page.
"""

from __future__ import annotations

import re
from datetime import timedelta

from camera import Camera
from live_server import LiveServer
from playwright.sync_api import Page, expect
from sqlalchemy import create_engine, select, update
from sqlalchemy.orm import Session
from ui import OpenPage, join, open_table, register

from openhanabi.server import Settings
from openhanabi.server.i18n import translator
from openhanabi.server.models import Seat, User, now

GONE_MINUTES = Settings().seat_gone_minutes  # the live server's wait


def timers_stand_still(page: Page) -> None:
    """From now on, the timers of the pages loaded stand still, as a phone stops those of a
    page it does not show."""
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1)


def shown_again(page: Page) -> None:
    """The page is hidden and shown again, as the browser tells it."""
    page.evaluate(
        """() => {
          for (const value of ["hidden", "visible"]) {
            Object.defineProperty(document, "visibilityState", { value, configurable: true });
            document.dispatchEvent(new Event("visibilitychange"));
          }
        }"""
    )


def away_for_too_long(server: LiveServer, name: str) -> None:
    """Make ``name``'s seats look as if their page last asked longer ago than the wait."""
    engine = create_engine(server.database_url)
    with Session(engine) as db:
        user_id = db.scalar(select(User.id).where(User.username == name))
        long_ago = now() - timedelta(minutes=GONE_MINUTES + 1)
        db.execute(update(Seat).where(Seat.user_id == user_id).values(seen_at=long_ago))
        db.commit()
    engine.dispose()


def sweep(page: Page) -> None:
    """Someone looks at the lobby, which frees the seats of the people who have gone."""
    page.goto("/")


def seat_ann_at_bens_table(ann: Page, ben: Page) -> int:
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    table = open_table(ben, bots={3: "basic"})
    timers_stand_still(ann)
    join(ann, table)
    return table


def freed(lang: str, table: int) -> str:
    return translator(lang)("away.freed", count=GONE_MINUTES, table=table)


def test_a_page_shown_again_asks_at_once_and_keeps_the_seat(
    open_page: OpenPage, server: LiveServer
) -> None:
    ann, ben = open_page(), open_page()
    table = seat_ann_at_bens_table(ann, ben)
    away_for_too_long(server, "ann")
    with ann.expect_response(re.compile(rf"/tables/{table}$")):
        shown_again(ann)  # the timers still stand: only the page being shown asks
    sweep(ben)
    ben.goto(f"/tables/{table}")
    expect(ben.locator("table tbody tr").nth(1)).to_contain_text("Ann")
    expect(ann.get_by_test_id("away-notes")).to_have_count(0)


def test_a_guest_back_too_late_is_told_and_sits_again_in_one_click(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    ann, ben = open_page(), open_page()
    table = seat_ann_at_bens_table(ann, ben)
    away_for_too_long(server, "ann")
    sweep(ben)
    shown_again(ann)
    notes = ann.get_by_test_id("away-notes")
    expect(notes).to_contain_text(freed("en", table))
    camera.shoot(ann, "told")
    notes.get_by_role("button", name=translator("en")("away.sit_again", table=table)).click()
    expect(ann.locator(f'form[action="/tables/{table}/leave"]')).to_be_visible()
    expect(ann.get_by_test_id("away-notes")).to_have_count(0)
    expect(ann.locator("table tbody tr").nth(1)).to_contain_text("Ann")


def test_a_host_whose_table_closed_is_taken_to_the_lobby_and_told_in_their_language(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    ann, ben = open_page(locale="de"), open_page()
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    timers_stand_still(ann)
    table = open_table(ann, bots={2: "basic", 3: "basic"})
    away_for_too_long(server, "ann")
    sweep(ben)
    shown_again(ann)
    expect(ann).to_have_url(re.compile(r"/$"))
    t = translator("de")
    notes = ann.get_by_test_id("away-notes")
    expect(notes).to_contain_text(f"{freed('de', table)} {t('away.now.closed')}")
    expect(notes.locator('form[action$="/join"]')).to_have_count(0)
    camera.shoot(ann, "closed")
    notes.get_by_role("button", name=t("away.dismiss")).click()
    expect(ann).to_have_url(re.compile(r"/$"))
    expect(ann.get_by_test_id("away-notes")).to_have_count(0)


def test_the_lobby_shown_again_tells_without_a_reload(
    open_page: OpenPage, server: LiveServer
) -> None:
    """Ann waits at Ben's table while she looks at the lobby."""
    ann, ben = open_page(), open_page()
    table = seat_ann_at_bens_table(ann, ben)
    ann.goto("/")
    ann.evaluate("() => { window.stillThisPage = true; }")
    away_for_too_long(server, "ann")
    sweep(ben)
    shown_again(ann)
    expect(ann.get_by_test_id("away-notes")).to_contain_text(freed("en", table))
    assert ann.evaluate("() => window.stillThisPage === true")
    # the lobby's list was redrawn by the same look: Ann's name has left the table's row
    row = ann.locator("table tbody tr", has=ann.locator(f'a[href="/tables/{table}"]'))
    expect(row).not_to_contain_text("Ann")
