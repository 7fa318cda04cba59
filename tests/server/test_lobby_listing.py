"""The lobby with many tables open: a visitor's own tables come first, always; the others follow a
page at a time, those a player can join first, then the full ones waiting for their start, then
the games in progress, the newest first within each; the page says how many more of each come
after it, and one load reads the database in the same few statements however many tables
there are."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, select
from sqlalchemy.orm import Session
from web_client import post, register

from openhanabi.rules import find_variant
from openhanabi.server import Settings
from openhanabi.server.listing import PAGE_SIZE
from openhanabi.server.models import GameTable, Seat, TableState, User

SECTION = re.compile(r'<caption id="([a-z-]+)">(.*?)</caption>(.*?)</table>', re.DOTALL)
TABLE_LINK = re.compile(r'<a href="/tables/(\d+)">')
VERSION = re.compile(r'data-version="([^"]*)"')


def listed(page: str) -> dict[str, list[int]]:
    """The tables each list of the lobby's ``page`` shows, in its order, by the list's caption's
    id (``own-caption``: the visitor's own; ``tables-caption``: the others)."""
    return {
        caption: [int(table) for table in TABLE_LINK.findall(rows)]
        for caption, _title, rows in SECTION.findall(page)
    }


def fill(settings: Settings, kinds: str) -> list[int]:
    """A table of three seats for each letter of ``kinds``, opened in that order by a player
    named Cleo: ``o`` waiting with a free seat, ``f`` waiting and full, ``p`` playing. Returns
    their ids."""
    variant = find_variant("base", players=3)
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        cleo = db.scalar(select(User).where(User.username == "cleo"))
        if cleo is None:
            cleo = User(username="cleo", name_key="cleo", display_name="Cleo", password_hash="-")
        tables = []
        for kind in kinds:
            state = TableState.PLAYING if kind == "p" else TableState.WAITING
            table = GameTable.of_variant(variant, host=cleo, state=state)
            table.seats = [Seat(seat=0, user=cleo), Seat(seat=1, bot="basic")]
            if kind != "o":
                table.seats.append(Seat(seat=2, bot="basic"))
            tables.append(table)
        db.add_all(tables)
        db.commit()
        ids = [table.id for table in tables]
    engine.dispose()
    return ids


def open_table(client: TestClient) -> int:
    response = post(client, "/tables", {"variant": "base", "players": "3"})
    assert response.status_code == 303, response.text
    return int(response.headers["location"].rsplit("/", 1)[1])


@contextmanager
def statements(client: TestClient) -> Iterator[list[str]]:
    """The SQL statements the app sends while the block runs."""
    sent: list[str] = []
    engine = client.app.state.database.engine  # type: ignore[attr-defined]

    def note(_connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", note)


def test_tables_to_join_come_first_then_full_ones_then_games_newest_first(
    client: TestClient, settings: Settings
) -> None:
    p1, o1, f1, o2, p2, f2 = fill(settings, "pofopf")
    assert listed(client.get("/").text) == {"tables-caption": [o2, o1, f2, f1, p2, p1]}


def test_a_players_own_tables_are_always_listed_first_even_among_many(
    client: TestClient, settings: Settings
) -> None:
    """Ann's tables are older than every other: she still finds them at the top, the waiting one
    first, and not a second time among the others; a visitor not signed in has no own list."""
    register(client, "ann", "Ann")
    playing = open_table(client)
    fill(settings, "o" * (PAGE_SIZE + 5) + "p" * 5)
    engine = create_engine(settings.database_url)
    with Session(engine) as db:  # her table playing (its game is not what this test is about)
        found = db.get(GameTable, playing)
        assert found is not None
        found.state = TableState.PLAYING
        db.commit()
    engine.dispose()
    waiting = open_table(client)
    fill(settings, "o" * 3)

    for page in (1, 2):
        shown = listed(client.get(f"/?page={page}").text)
        assert shown["own-caption"] == [waiting, playing]
        assert {waiting, playing}.isdisjoint(shown["tables-caption"])
    assert "Your tables" in client.get("/").text
    stranger = TestClient(client.app)
    assert list(listed(stranger.get("/").text)) == ["tables-caption"]
    stranger.close()


def test_the_page_stays_bounded_and_says_how_many_more_of_each_come_after_it(
    client: TestClient, settings: Settings
) -> None:
    opened = fill(settings, "o" * (PAGE_SIZE + 10) + "f" * 5 + "p" * (PAGE_SIZE + 20))
    first = client.get("/").text
    assert listed(first)["tables-caption"] == opened[::-1][PAGE_SIZE + 25 :][:PAGE_SIZE]
    assert (
        "On the next pages:\n  10 more tables with a free seat, 5 more tables waiting for their "
        "start, 70 more games in progress." in first
    )
    assert 'href="?page=2" rel="next"' in first and 'rel="prev"' not in first

    second = client.get("/?page=2").text
    assert len(listed(second)["tables-caption"]) == PAGE_SIZE
    assert "Tables, page 2" in second
    assert "On the next pages:\n  35 more games in progress." in second
    assert 'href="?page=1" rel="prev"' in second and 'href="?page=3" rel="next"' in second

    last = client.get("/?page=3").text
    assert len(listed(last)["tables-caption"]) == 35
    assert "On the next pages" not in last and 'rel="next"' not in last
    beyond = client.get("/?page=4").text
    assert "There are no tables on page 4." in beyond
    assert 'href="?page=3" rel="prev"' in beyond


def test_a_change_past_the_page_changes_its_version_so_an_open_lobby_redraws_its_counts(
    client: TestClient, settings: Settings
) -> None:
    fill(settings, "p" + "o" * PAGE_SIZE)
    before = client.get("/").text
    assert "1 more game in progress." in before
    german = TestClient(client.app)
    assert "1 weitere laufende Partie." in german.get("/?lang=de").text
    german.close()
    fill(settings, "p")  # a game past the page: the tables shown stay the same
    after = client.get("/").text
    assert "2 more games in progress." in after
    assert listed(before) == listed(after)
    versions = [VERSION.search(page) for page in (before, after)]
    assert versions[0] and versions[1] and versions[0].group(1) != versions[1].group(1)


def test_one_load_reads_the_database_in_the_same_few_statements_however_many_tables(
    client: TestClient, settings: Settings
) -> None:
    """No statement per table, seat or player: the lobby reads its lists in a fixed number."""
    register(client, "ann", "Ann")
    open_table(client)
    counts = []
    for kinds in ("ofp", "ofp" * 40):
        fill(settings, kinds)
        client.get("/")  # the first load after a change may note Ann's visit
        with statements(client) as sent:
            assert client.get("/").status_code == 200
        counts.append(len(sent))
    # the visitor's sign-in, their own tables and the others', each with seats and players, the
    # counts past the page, and whether a seat of theirs was freed while they were away
    assert counts[0] == counts[1] <= 9, counts
