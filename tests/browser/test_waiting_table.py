"""The lobby and the page of a waiting table keep up without a reload: the lobby shows tables as
they are opened and start; at a waiting table, the host sees who joins and may start at once,
the host is taken to the game on starting it and the others when it starts, and a player who
has gone is seen to leave."""

from __future__ import annotations

import re
from datetime import timedelta

from camera import Camera
from live_server import LiveServer
from playwright.sync_api import expect
from sqlalchemy import create_engine, select, update
from sqlalchemy.orm import Session
from ui import OpenPage, join, open_table, register, start

from openhanabi.server import Settings
from openhanabi.server.models import Seat, User, now
from openhanabi.server.routes.lobby import LOBBY_WAIT_SECONDS, TABLE_WAIT_SECONDS

# the pages ask the server again every few seconds (live.js): a change shows by the next ask,
# which may come a whole period after it, and the answer takes its own time on a busy machine
TABLE_SEEN_MS = 2 * TABLE_WAIT_SECONDS * 1000
LOBBY_SEEN_MS = 2 * LOBBY_WAIT_SECONDS * 1000


def test_the_host_sees_a_player_join_and_the_player_is_taken_to_the_game(
    open_page: OpenPage, camera: Camera
) -> None:
    ann, ben = open_page(), open_page(locale="de")
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    table = open_table(ann, bots={3: "basic"})
    start = ann.locator(f'form[action="/tables/{table}/start"] button[type="submit"]')
    expect(start).to_be_disabled()
    seats = ann.locator("table tbody tr")

    join(ben, table)  # Ben stays on the table's page, as does Ann: neither reloads it
    expect(seats.nth(1)).to_contain_text("Ben", timeout=TABLE_SEEN_MS)
    expect(start).to_be_enabled()
    expect(ann.get_by_test_id("live-news")).to_have_text("The seats have changed.")
    camera.shoot(ann, "ben-joined")

    start.click()
    expect(ann).to_have_url(re.compile(rf"/tables/{table}/game$"))  # the host goes at once
    expect(ben).to_have_url(re.compile(rf"/tables/{table}/game$"), timeout=TABLE_SEEN_MS)
    expect(ben.get_by_test_id("turn")).to_be_attached()
    camera.shoot(ben, "taken-to-the-game")


def test_the_lobby_shows_tables_opened_and_started_without_a_reload(
    open_page: OpenPage, camera: Camera
) -> None:
    ann, ben = open_page(), open_page()
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    ann.goto("/")
    table = open_table(ben, bots={2: "basic", 3: "basic"})
    row = ann.locator("table tbody tr", has=ann.locator(f'a[href="/tables/{table}"]'))
    expect(row).to_contain_text("waiting", timeout=LOBBY_SEEN_MS)  # Ann has not reloaded
    expect(ann.get_by_test_id("live-news")).to_have_text("The tables have changed.")
    # the cells redrawn are named by their columns, for a narrow screen's rows (site.js)
    expect(row.locator("td").last).to_have_attribute("data-label", "State")
    start(ben, table)
    expect(row).to_contain_text("playing", timeout=LOBBY_SEEN_MS)
    camera.shoot(ann, "lobby-follows")


def test_a_player_who_closed_the_table_long_ago_leaves_the_seat_free(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    """Ben joined, then closed every page of the site: once he has been gone for the server's
    wait, the page Ann keeps open shows his seat free, without a reload."""
    ann, ben = open_page(), open_page()
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    table = open_table(ann, bots={3: "basic"})
    join(ben, table)
    seats = ann.locator("table tbody tr")
    expect(seats.nth(1)).to_contain_text("Ben")
    ben.close()
    engine = create_engine(server.database_url)
    with Session(engine) as db:
        ben_id = db.scalar(select(User.id).where(User.username == "ben"))
        long_ago = now() - timedelta(minutes=Settings().seat_gone_minutes + 1)
        db.execute(update(Seat).where(Seat.user_id == ben_id).values(seen_at=long_ago))
        db.commit()
    engine.dispose()
    expect(seats.nth(1)).not_to_contain_text("Ben", timeout=TABLE_SEEN_MS)
    expect(ann.get_by_test_id("live-news")).to_have_text("The seats have changed.")
    start_button = ann.locator(f'form[action="/tables/{table}/start"] button[type="submit"]')
    expect(start_button).to_be_disabled()  # a seat is free again
    camera.shoot(ann, "ben-gone")
