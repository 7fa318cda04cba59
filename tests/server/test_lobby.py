"""The lobby: open a table with bots, join, leave and start; the game is stored as its record,
which replays through openhanabi.records; bad forms change nothing and say what is wrong."""

from __future__ import annotations

import re
import threading

import pytest
from fastapi.testclient import TestClient
from game_client import Player, second_browser
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.orm import Session
from web_client import assert_no_traceback, csrf, post, register

from openhanabi.bots import bot_classes
from openhanabi.records import Record, replay
from openhanabi.rules import PRESETS, Game, find_variant
from openhanabi.server import Settings, accounts, create_app, lobby
from openhanabi.server.errors import RefusedError
from openhanabi.server.models import GamePlayer, GameRecord, GameTable, Seat, TableState
from openhanabi.server.security import Passwords

TABLE_URL = re.compile(r"^/tables/(\d+)$")


def database(settings: Settings) -> Session:
    return Session(create_engine(settings.database_url))


def count(settings: Settings, model: type[object]) -> int:
    with database(settings) as db:
        return db.scalar(select(func.count()).select_from(model)) or 0


def open_table(client: TestClient, **form: str) -> int:
    response = post(client, "/tables", {"variant": "base", "players": "3", **form})
    assert response.status_code == 303, response.text
    match = TABLE_URL.match(response.headers["location"])
    assert match
    return int(match.group(1))


def test_a_table_with_bots_and_a_player_starts_a_game_stored_as_its_record(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann")
    table = open_table(
        client, variant="rainbow", players="3", seat_3="basic", declared_play="on", storms="2"
    )
    lobby = client.get("/").text
    assert "Rainbow, 3 players, 2 storms, declared play" in lobby
    assert "Ann, basic (bot)" in lobby and "waiting" in lobby

    register(other, "ben", "Ben")
    assert post(other, f"/tables/{table}/join").status_code == 303
    assert post(other, f"/tables/{table}/start").status_code == 403  # only the host starts
    started = post(client, f"/tables/{table}/start")
    assert started.status_code == 303
    assert started.headers["location"] == f"/tables/{table}/game"
    assert "playing" in client.get("/").text

    with database(settings) as db:
        stored = db.scalars(select(GameRecord)).one()
        players = db.scalars(select(GamePlayer).order_by(GamePlayer.seat)).all()
        record = Record.from_dict(stored.record)
        assert record.players == ("Ann", "Ben", "basic (bot)")
        assert record.variant == find_variant("rainbow", players=3, storms=2, declared_play=True)
        assert record.seed == stored.seed
        assert [(p.user_id is not None, p.bot) for p in players] == [
            (True, None),
            (True, None),
            (False, "basic"),
        ]
        assert db.get(GameTable, table).state is TableState.PLAYING  # type: ignore[union-attr]
    game = replay(record)
    fresh = Game.new(record.variant, stored.seed)
    assert game.deck == fresh.deck and game.history == [] and game.outcome is None


def test_a_password_keeps_a_table_closed(client: TestClient, other: TestClient) -> None:
    register(client, "ann")
    table = open_table(client, players="2", password="secret table")
    register(other, "ben")
    refused = post(other, f"/tables/{table}/join", {"password": "guess"})
    assert refused.status_code == 403
    assert "Wrong table password." in refused.text
    joined = post(other, f"/tables/{table}/join", {"password": "secret table"})
    assert joined.status_code == 303


def test_a_wrong_table_password_shows_the_table_again_to_try_once_more(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """The table's page again, not a page of its own: the reason by the password's field, the
    form to sit down ready for another try, and the password typed nowhere on the page."""
    register(client, "ann")
    table = open_table(client, players="2", password="secret table")
    register(other, "ben")
    refused = post(other, f"/tables/{table}/join", {"password": "my wrong guess"})
    assert refused.status_code == 403
    page = refused.text
    assert_no_traceback(refused)
    assert f'<form method="post" action="/tables/{table}/join">' in page
    field = re.search(r'<input id="password"[^>]*>', page)
    assert field, page
    assert 'aria-invalid="true"' in field.group(0)
    assert 'aria-describedby="password-problem"' in field.group(0)
    assert "value=" not in field.group(0)
    assert re.search(r'id="password-problem">Wrong table password\.</strong>', page)
    assert "my wrong guess" not in page
    assert seats(settings, table) == 1
    # in the visitor's language, as every refusal
    german = other.post(
        f"/tables/{table}/join?lang=de", data={"csrf_token": csrf(other, "/"), "password": "x"}
    )
    assert german.status_code == 403
    assert "Falsches Tischpasswort." in german.text
    assert 'id="password-problem"' in german.text

    joined = post(other, f"/tables/{table}/join", {"password": "secret table"})
    assert joined.status_code == 303
    assert seats(settings, table) == 2


def test_too_many_wrong_table_passwords_are_said_by_the_field_too(settings: Settings) -> None:
    settings = settings.model_copy(update={"table_password_failures_per_player": 1})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        table = open_table(client, players="2", password="secret table")
        guesser = second_browser(client)
        register(guesser, "ben")
        assert post(guesser, f"/tables/{table}/join", {"password": "guess"}).status_code == 403
        waiting = post(guesser, f"/tables/{table}/join", {"password": "secret table"})
        assert waiting.status_code == 429
        assert int(waiting.headers["Retry-After"]) > 0
        assert re.search(r'id="password-problem">Too many wrong table passwords', waiting.text)
        assert f'action="/tables/{table}/join"' in waiting.text


def test_a_join_sent_without_the_password_asks_for_it_and_counts_no_guess(
    settings: Settings,
) -> None:
    """An empty password is no wrong guess: the field asks for it, and however often it comes,
    the limit on wrong passwords is untouched."""
    settings = settings.model_copy(update={"table_password_failures_per_player": 1})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        table = open_table(client, players="2", password="secret table")
        guesser = second_browser(client)
        register(guesser, "ben")
        for _ in range(3):
            asked = post(guesser, f"/tables/{table}/join", {"password": ""})
            assert asked.status_code == 403
            assert re.search(r'id="password-problem">This table has a password', asked.text)
            assert_no_traceback(asked)
        assert seats(settings, table) == 1
        joined = post(guesser, f"/tables/{table}/join", {"password": "secret table"})
        assert joined.status_code == 303
        assert seats(settings, table) == 2


def test_other_refusals_of_a_join_stay_pages_of_their_own(
    client: TestClient, other: TestClient
) -> None:
    register(client, "ann")
    full = open_table(client, players="2", seat_2="random", password="secret table")
    register(other, "ben")
    response = post(other, f"/tables/{full}/join", {"password": "secret table"})
    assert response.status_code == 409
    assert "This table is full." in response.text
    assert 'id="password-problem"' not in response.text


def seats(settings: Settings, table: int) -> int:
    with database(settings) as db:
        return db.scalar(select(func.count()).where(Seat.table_id == table)) or 0


def test_wrong_table_passwords_are_limited_per_player_not_per_table(
    settings: Settings,
) -> None:
    settings = settings.model_copy(update={"table_password_failures_per_player": 3})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        table = open_table(client, players="3", password="secret table")
        guesser = second_browser(client)
        register(guesser, "ben")
        for guess in ("guess one", "guess two", "guess three"):
            assert post(guesser, f"/tables/{table}/join", {"password": guess}).status_code == 403
        waiting = post(guesser, f"/tables/{table}/join", {"password": "secret table"})
        assert waiting.status_code == 429  # even the right password waits: it is not checked
        assert "Too many wrong table passwords. Wait 15 minutes" in waiting.text
        assert 0 < int(waiting.headers["Retry-After"]) <= 15 * 60
        assert_no_traceback(waiting)
        assert seats(settings, table) == 1  # the host alone: Ben is not seated
        friend = second_browser(client)
        register(friend, "cat")  # the guesser locked only themself out, not the table
        joined = post(friend, f"/tables/{table}/join", {"password": "secret table"})
        assert joined.status_code == 303


def test_wrong_table_passwords_are_limited_per_address(settings: Settings) -> None:
    settings = settings.model_copy(update={"table_password_failures_per_address": 2})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        table = open_table(client, players="4", password="secret table")
        for name in ("ben", "cat"):  # a new account for each guess, from one address
            guesser = second_browser(client)
            register(guesser, name)
            assert post(guesser, f"/tables/{table}/join", {"password": "guess"}).status_code == 403
        guesser = second_browser(client)
        register(guesser, "dan")
        response = post(guesser, f"/tables/{table}/join", {"password": "secret table"})
        assert response.status_code == 429
        assert "Too many wrong table passwords" in response.text


def test_the_host_who_starts_the_game_goes_straight_to_it(client: TestClient) -> None:
    """Not back to the table's page, which only links to the game (the others seated there are
    taken to it by live.js; the host's page would wait there)."""
    register(client, "ann")
    table = open_table(client, players="2", seat_2="basic")
    started = post(client, f"/tables/{table}/start")
    assert started.status_code == 303
    assert started.headers["location"] == f"/tables/{table}/game"
    game = client.get(started.headers["location"])
    assert game.status_code == 200
    assert f'data-table="{table}" data-game=' in game.text


def test_start_needs_every_seat_taken(client: TestClient, settings: Settings) -> None:
    register(client, "ann")
    table = open_table(client, players="4", seat_2="random")
    response = post(client, f"/tables/{table}/start")
    assert response.status_code == 409
    assert "Every seat must be taken first (open: 3, 4)." in response.text
    assert count(settings, GameRecord) == 0


def test_starts_that_arrive_together_deal_one_game(client: TestClient, settings: Settings) -> None:
    """A double click on Start (or two tabs) sends the form twice at once: the first deals the
    game, and every click takes the host to it."""
    register(client, "ann")
    table = open_table(client, players="2", seat_2="random")
    token = csrf(client, "/")
    tries = 6
    together = threading.Barrier(tries)
    statuses: list[int] = []

    def start() -> None:
        browser = second_browser(client, client.cookies)
        together.wait()
        response = browser.post(f"/tables/{table}/start", data={"csrf_token": token})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=start) for _ in range(tries)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [303] * tries
    assert count(settings, GameRecord) == 1
    with database(settings) as db:
        started = db.get(GameTable, table)
        assert started is not None and started.state is TableState.PLAYING


def test_a_player_who_leaves_while_the_host_starts_is_not_dealt_in(
    client: TestClient, other: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ben leaves just after Ann's start has counted the seats, before it deals: the start
    finds his seat free and deals nothing, rather than a game with a player who has left."""
    register(client, "ann")
    table = open_table(client, players="2")
    register(other, "ben")
    assert post(other, f"/tables/{table}/join").status_code == 303
    tokens = csrf(client, "/"), csrf(other, "/")
    counted = GameTable.free_seats
    left: list[int] = []

    def count_then_ben_leaves(self: GameTable) -> list[int]:
        free = counted(self)
        if not left:  # once: the start's first count of the seats
            left.append(
                other.post(f"/tables/{table}/leave", data={"csrf_token": tokens[1]}).status_code
            )
        return free

    monkeypatch.setattr(GameTable, "free_seats", count_then_ben_leaves)
    response = client.post(f"/tables/{table}/start", data={"csrf_token": tokens[0]})
    monkeypatch.undo()
    assert left == [303]
    assert response.status_code == 409
    assert "Every seat must be taken first (open: 2)." in response.text
    assert count(settings, GameRecord) == 0
    with database(settings) as db:
        waiting = db.get(GameTable, table)
        assert waiting is not None and waiting.state is TableState.WAITING


def test_a_full_table_and_a_started_table_refuse_players(
    client: TestClient, other: TestClient
) -> None:
    register(client, "ann")
    full = open_table(client, players="2", seat_2="random")
    register(other, "ben")
    response = post(other, f"/tables/{full}/join")
    assert response.status_code == 409
    assert "This table is full." in response.text
    assert post(client, f"/tables/{full}/start").status_code == 303
    response = post(client, f"/tables/{full}/leave")
    assert response.status_code == 409
    assert "already started" in response.text


def test_leaving_passes_the_table_on_or_closes_it(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann")
    table = open_table(client, players="3", seat_3="basic")
    register(other, "ben")
    post(other, f"/tables/{table}/join")
    assert post(client, f"/tables/{table}/leave").status_code == 303
    with database(settings) as db:
        host = db.get(GameTable, table)
        assert host is not None and host.host is not None
        assert host.host.username == "ben"
    assert post(other, f"/tables/{table}/leave").status_code == 303
    assert count(settings, GameTable) == 0
    assert count(settings, Seat) == 0
    assert client.get(f"/tables/{table}").status_code == 404


def test_opening_a_table_needs_a_sign_in(client: TestClient, settings: Settings) -> None:
    assert client.get("/tables/new").status_code == 401
    response = post(client, "/tables", {"variant": "base", "players": "2"})
    assert response.status_code == 401
    assert "Sign in first." in response.text
    assert count(settings, GameTable) == 0


def test_the_new_table_form_offers_every_preset_and_bot(client: TestClient) -> None:
    register(client, "ann")
    page = client.get("/tables/new").text
    for preset in PRESETS:
        assert f'<option value="{preset.key}"' in page
    for bot in bot_classes():
        assert f'<option value="{bot}"' in page


@pytest.mark.parametrize(
    ("form", "status", "message"),
    [
        ({"variant": "chess"}, 422, "Variant: choose one of the variants: base,"),
        ({"players": "6"}, 422, "Seats: at most 5"),
        ({"players": "three"}, 422, "Seats: enter a whole number"),
        ({"storms": "0"}, 422, "Storms: at least 1"),
        ({"seat_2": "deep-blue"}, 400, "There is no bot called &#39;deep-blue&#39;"),
        ({"players": "5", "hand_size": "10"}, 422, "These rules do not make a game"),
        ({"start_seat": "4"}, 422, "the seat that starts must be one of the 3 seats"),
    ],
)
def test_malformed_tables_are_refused_with_a_clear_message_and_nothing_stored(
    client: TestClient, settings: Settings, form: dict[str, str], status: int, message: str
) -> None:
    register(client, "ann")
    response = post(client, "/tables", {"variant": "base", "players": "3", **form})
    assert response.status_code == status
    assert message in response.text
    assert_no_traceback(response)
    assert count(settings, GameTable) == 0


@pytest.mark.parametrize(
    ("method", "url", "status"),
    [
        ("get", "/tables/999", 404),
        ("get", "/tables/abc", 422),
        ("get", "/no/such/page", 404),
        ("post", "/tables/999/join", 404),
        ("post", "/tables/999/start", 404),
        ("put", "/tables/new", 405),
    ],
)
def test_errors_are_pages_without_tracebacks(
    client: TestClient, method: str, url: str, status: int
) -> None:
    register(client, "ann")
    response = post(client, url) if method == "post" else client.request(method, url)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in response.text
    assert "Signed in as" in response.text  # the page knows who asked
    assert_no_traceback(response)


def test_a_server_error_is_a_page_without_traceback(settings: Settings) -> None:
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        engine = create_engine(settings.database_url)
        with engine.begin() as connection:  # the lobby's table disappears under the server
            connection.execute(text("ALTER TABLE game_tables RENAME TO gone"))
        engine.dispose()
        response = client.get("/")
    assert response.status_code == 500
    assert "Something went wrong on our side." in response.text
    assert_no_traceback(response)


def test_joining_twice_and_leaving_a_table_one_is_not_at_are_refused_and_change_nothing(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann")
    table = open_table(client, players="3", seat_3="basic")
    response = post(client, f"/tables/{table}/join")
    assert response.status_code == 409
    assert "You already sit at this table." in response.text
    register(other, "ben")
    response = post(other, f"/tables/{table}/leave")
    assert response.status_code == 409
    assert "You do not sit at this table." in response.text
    assert_no_traceback(response)
    assert count(settings, Seat) == 2  # Ann and the bot, as before


@pytest.mark.parametrize("seat", [0, 3, -1])
def test_a_bot_is_seated_only_in_a_seat_the_table_has_and_not_the_hosts(
    settings: Settings, seat: int
) -> None:
    with TestClient(create_app(settings)):  # the database, migrated
        pass
    passwords = Passwords(1, 64)
    with database(settings) as db:
        host = accounts.register(db, passwords, "ann", "Ann", "a password")
        with pytest.raises(RefusedError) as refused:
            lobby.open_table(db, passwords, host, find_variant("base", players=3), {seat: "basic"})
    assert refused.value.key == "refused.no_such_seat"
    assert refused.value.params == {"seat": seat + 1, "players": 3}
    assert count(settings, GameTable) == 0


def test_a_player_hosts_a_bounded_number_of_waiting_tables(
    client: TestClient, settings: Settings
) -> None:
    """One account cannot fill the lobby; a table started no longer counts."""
    register(client, "ann")
    tables = [
        open_table(client, seat_2="basic", seat_3="basic") for _ in range(lobby.MAX_WAITING_TABLES)
    ]
    response = post(client, "/tables", {"variant": "base", "players": "2"})
    assert response.status_code == 429
    assert (
        f"You already host {lobby.MAX_WAITING_TABLES} tables waiting for players" in response.text
    )
    assert_no_traceback(response)
    assert count(settings, GameTable) == lobby.MAX_WAITING_TABLES
    assert post(client, f"/tables/{tables[0]}/start").status_code == 303
    assert post(client, "/tables", {"variant": "base", "players": "2"}).status_code == 303


def test_tables_opened_together_keep_to_the_bound(client: TestClient, settings: Settings) -> None:
    """Forms sent at the same instant (a script, or many tabs) each count the tables opened
    before them: no more than the bound are opened, and the others are refused."""
    register(client, "ann")
    token = csrf(client, "/")
    tries = lobby.MAX_WAITING_TABLES + 5
    together = threading.Barrier(tries)
    statuses: list[int] = []

    def open_one() -> None:
        browser = second_browser(client, client.cookies)
        together.wait()
        form = {"csrf_token": token, "variant": "base", "players": "3", "password": "ours"}
        statuses.append(browser.post("/tables", data=form).status_code)

    threads = [threading.Thread(target=open_one) for _ in range(tries)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [303] * lobby.MAX_WAITING_TABLES + [429] * 5
    assert count(settings, GameTable) == lobby.MAX_WAITING_TABLES


def started_with_a_bot(client: TestClient) -> int:
    table = open_table(client, players="2", seat_2="basic")
    assert post(client, f"/tables/{table}/start").status_code == 303
    return table


def seats_of(settings: Settings, table: int) -> int:
    with database(settings) as db:
        return db.scalar(select(func.count(Seat.id)).where(Seat.table_id == table)) or 0


def test_a_player_sits_at_a_bounded_number_of_unfinished_tables(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """Games with bots cannot be piled up without end; a table left or a game stopped frees a
    place, and a refusal changes nothing."""
    register(client, "ann")
    register(other, "ben")
    playing = [started_with_a_bot(client) for _ in range(lobby.MAX_TABLES_AT_ONCE - 1)]
    waiting = open_table(client, seat_2="basic")  # the last place: a table waiting for a player
    bens = open_table(other, players="2")
    tables = count(settings, GameTable)
    refused = post(client, "/tables", {"variant": "base", "players": "2"})
    assert refused.status_code == 429
    assert_no_traceback(refused)
    bound = f"You already sit at {lobby.MAX_TABLES_AT_ONCE} unfinished tables"
    assert bound in refused.text
    joined = post(client, f"/tables/{bens}/join")
    assert joined.status_code == 429 and bound in joined.text
    assert count(settings, GameTable) == tables and seats_of(settings, bens) == 1
    assert post(client, f"/tables/{waiting}/leave").status_code == 303
    assert post(client, f"/tables/{bens}/join").status_code == 303
    assert post(client, "/tables", {"variant": "base", "players": "2"}).status_code == 429
    with client.websocket_connect(f"/tables/{playing[0]}/socket") as socket:
        player = Player(socket)
        player.read_state()
        player.send({"type": "stop"})
        while player.read()["type"] != "game_over":
            pass
    assert post(client, "/tables", {"variant": "base", "players": "2"}).status_code == 303


def test_joins_sent_together_keep_to_the_bound(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """Joins at the same instant each count the seats taken before them: one player one place
    short of the bound takes one seat of the five tables they join at once."""
    register(client, "ann")
    register(other, "ben")
    for _ in range(lobby.MAX_TABLES_AT_ONCE - 1):
        started_with_a_bot(client)
    bens = [open_table(other) for _ in range(lobby.MAX_WAITING_TABLES)]
    token = csrf(client, "/")
    together = threading.Barrier(len(bens))
    statuses: list[int] = []

    def join(table: int) -> None:
        browser = second_browser(client, client.cookies)
        together.wait()
        statuses.append(
            browser.post(f"/tables/{table}/join", data={"csrf_token": token}).status_code
        )

    threads = [threading.Thread(target=join, args=(table,)) for table in bens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [303] + [429] * (len(bens) - 1)
    assert sorted(seats_of(settings, table) for table in bens) == [1] * (len(bens) - 1) + [2]


def test_a_bot_the_site_does_not_offer_is_refused_and_its_long_name_cut_short(
    client: TestClient, settings: Settings
) -> None:
    """Only a form the page did not send names another bot: what it sent is not all repeated."""
    register(client, "ann")
    response = post(client, "/tables", {"variant": "base", "players": "2", "seat_2": "x" * 5000})
    assert response.status_code == 400
    assert_no_traceback(response)
    assert "x" * (lobby.BOT_NAME_SHOWN - 1) + "…" in response.text
    assert "x" * lobby.BOT_NAME_SHOWN not in response.text
    assert "basic" in response.text  # the bots there are
    with Session(create_engine(settings.database_url)) as db:
        assert db.scalar(select(func.count()).select_from(GameTable)) == 0
