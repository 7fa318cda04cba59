"""A person whose seat at a waiting table was freed while they were away (a phone stops a page
in the background, so it asks for nothing) is told so on their return, on whatever page they
ask for, in their language: offered the seat again in one click while the table waits with
room, told that it filled, started or closed otherwise. A person back before anyone swept the
lobby keeps the seat; the release itself still frees seats of people who have gone."""

from __future__ import annotations

import re
from datetime import timedelta

from fastapi.testclient import TestClient
from presence import last_seen, open_table, seated
from sqlalchemy import create_engine, update
from sqlalchemy.orm import Session
from web_client import post, register

from openhanabi.server import Settings
from openhanabi.server.away import KEPT
from openhanabi.server.i18n import load
from openhanabi.server.models import ReleasedSeat, now

SIT_AGAIN = re.compile(r'<form method="post" action="/tables/(\d+)/join">\s*<input[^>]*>\s*<p>')


def away_for_too_long(settings: Settings, name: str) -> None:
    last_seen(settings, name, settings.seat_gone_minutes + 1)


def sweep(client: TestClient) -> None:
    """Someone looks at the lobby, which frees the seats of the people who have gone."""
    assert client.get("/").status_code == 200


def said(lang: str, key: str, **params: object) -> str:
    return load(lang, "site")[key].format(**params)


def freed(settings: Settings, table: int, lang: str = "en") -> str:
    return said(lang, "away.freed", count=settings.seat_gone_minutes, table=table)


def offered_seats(page: str) -> list[int]:
    """The tables whose seat the notes on ``page`` offer to take again."""
    notes = page.partition('data-testid="away-notes"')[2].partition('action="/away/dismiss"')[0]
    return [int(table) for table in SIT_AGAIN.findall(notes)]


def ann_joins_bens_table(client: TestClient, other: TestClient, **form: str) -> int:
    register(other, "ben", "Ben")
    table = open_table(other, **{"players": "3", **form})
    register(client, "ann", "Ann")
    assert post(client, f"/tables/{table}/join", {"password": form.get("password", "")}).is_redirect
    return table


def test_a_person_back_before_the_sweep_keeps_their_seat_and_hears_nothing(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """The page asks as soon as it is shown again: that ask is a sign of life noted before the
    sweep it makes, so a seat nobody else has swept meanwhile stays."""
    table = ann_joins_bens_table(client, other)
    away_for_too_long(settings, "ann")
    page = client.get(f"/tables/{table}").text
    assert seated(settings, table) == ["Ben", "Ann"]
    assert 'data-testid="away-notes"' not in page
    sweep(other)
    assert seated(settings, table) == ["Ben", "Ann"]


def test_a_person_whose_seat_was_freed_is_told_and_sits_again_in_one_click(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    table = ann_joins_bens_table(client, other)
    away_for_too_long(settings, "ann")
    sweep(other)
    assert seated(settings, table) == ["Ben"]  # the release is as before
    page = client.get(f"/tables/{table}").text
    assert freed(settings, table) in page
    assert offered_seats(page) == [table]
    assert freed(settings, table) in client.get("/bots").text  # any page says it
    sat = post(client, f"/tables/{table}/join")
    assert sat.headers["location"] == f"/tables/{table}"
    assert seated(settings, table) == ["Ben", "Ann"]
    assert 'data-testid="away-notes"' not in client.get(f"/tables/{table}").text


def test_a_host_whose_table_closed_is_told_in_their_language_with_no_seat_offered(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann")
    client.cookies.set("hanabi_lang", "de")
    table = open_table(client, players="3", seat_2="basic", seat_3="basic")
    away_for_too_long(settings, "ann")
    sweep(other)
    assert seated(settings, table) is None
    assert client.get(f"/tables/{table}").status_code == 404  # the page the table was on
    lobby = client.get("/").text  # where the page goes when its table is gone
    assert f"{freed(settings, table, 'de')} {said('de', 'away.now.closed')}" in lobby
    assert offered_seats(lobby) == []


def test_a_table_that_filled_or_started_meanwhile_is_said_so_with_no_seat_offered(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    table = ann_joins_bens_table(client, other, players="2")
    away_for_too_long(settings, "ann")
    sweep(other)
    cat = TestClient(client.app, follow_redirects=False)
    register(cat, "cat", "Cat")
    assert post(cat, f"/tables/{table}/join").is_redirect
    page = client.get("/").text
    assert f"{freed(settings, table)} {said('en', 'away.now.full')}" in page
    assert offered_seats(page) == []
    assert post(other, f"/tables/{table}/start").is_redirect
    page = client.get("/").text
    assert f"{freed(settings, table)} {said('en', 'away.now.started')}" in page
    assert offered_seats(page) == []
    cat.close()


def test_a_seat_freed_at_a_table_with_a_password_is_taken_again_without_it_once(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """Ann had been let in: her way back needs no password. Only hers, and only once."""
    table = ann_joins_bens_table(client, other, password="moonlight")
    away_for_too_long(settings, "ann")
    sweep(other)
    cat = TestClient(client.app, follow_redirects=False)
    register(cat, "cat", "Cat")
    assert post(cat, f"/tables/{table}/join").status_code == 403
    assert post(client, f"/tables/{table}/join").is_redirect
    assert seated(settings, table) == ["Ben", "Ann"]
    assert post(client, f"/tables/{table}/leave").is_redirect
    assert post(client, f"/tables/{table}/join").status_code == 403
    cat.close()


def test_dismissing_the_notes_goes_back_to_the_page_without_them(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    table = ann_joins_bens_table(client, other)
    away_for_too_long(settings, "ann")
    sweep(other)
    came_from = {"referer": f"{client.base_url}/tables/{table}"}
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").text)
    assert token
    dismissed = client.post("/away/dismiss", data={"csrf_token": token[1]}, headers=came_from)
    assert dismissed.headers["location"] == f"/tables/{table}"
    assert 'data-testid="away-notes"' not in client.get(f"/tables/{table}").text
    assert post(other, "/away/dismiss").status_code == 303  # nothing to dismiss: no harm
    assert client.post("/away/dismiss").status_code == 403  # a form from elsewhere


def test_sitting_down_anywhere_ends_the_notes_and_old_ones_are_not_said(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    first = ann_joins_bens_table(client, other)
    away_for_too_long(settings, "ann")
    sweep(other)
    assert freed(settings, first) in client.get("/").text
    open_table(client, players="2")  # she moved on
    assert 'data-testid="away-notes"' not in client.get("/").text

    second = open_table(other, players="3", password="moonlight")
    assert post(client, f"/tables/{second}/join", {"password": "moonlight"}).is_redirect
    away_for_too_long(settings, "ann")
    sweep(other)
    assert freed(settings, second) in client.get("/").text
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        long_ago = now() - KEPT - timedelta(minutes=1)
        db.execute(update(ReleasedSeat).values(at=long_ago))
        db.commit()
    engine.dispose()
    assert 'data-testid="away-notes"' not in client.get("/").text
    # nor does it let her past the table's password any more
    assert post(client, f"/tables/{second}/join").status_code == 403


def test_a_new_table_with_a_closed_tables_number_is_not_offered_as_the_old_seat(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """A closed table's number may be given to a new one (SQLite reuses the last row's): the
    note still says it closed, and offers nothing at the new table."""
    register(client, "ann", "Ann")
    table = open_table(client, players="3", seat_2="basic", seat_3="basic")
    away_for_too_long(settings, "ann")
    sweep(other)
    register(other, "ben", "Ben")
    again = open_table(other, players="3", password="moonlight")
    page = client.get("/").text
    assert said("en", "away.now.closed") in page
    assert offered_seats(page) == []
    if again == table:
        assert post(client, f"/tables/{again}/join").status_code == 403
