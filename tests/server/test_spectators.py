"""Who may watch a table's game is chosen when the table is opened: nobody but its players
while the game runs (the default), or everyone, seeing every hand (RULES.md section 7, as on
hanab.live). Either way, a player of the table who opens it again (another tab, the
spectator's way in) gets their own seat's view, never a spectator's: their own cards stay
hidden."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from game_client import (
    TABLE_URL,
    Player,
    play_out,
    scripted,
    second_browser,
    settings,
    stored_record,
)
from starlette.websockets import WebSocketDisconnect
from test_capture import check_frames
from web_client import assert_no_traceback, post, register

from openhanabi.records import replay_states
from openhanabi.server import Settings
from openhanabi.server.i18n import LANG_COOKIE, translator
from openhanabi.server.models import Spectators
from openhanabi.server.sockets import POLICY_VIOLATION

__all__ = ["settings"]  # bots without a delay


def open_table(client: TestClient, spectators: str | None) -> tuple[int, TestClient]:
    """Ann opens a two-seat table (``spectators`` as chosen, or the form's default when None),
    Ben joins (from a browser of his own, returned), Ann starts; returns the table's id."""
    other = second_browser(client)
    register(client, "ann", "Ann")
    register(other, "ben", "Ben")
    fields = {"variant": "base", "players": "2"}
    if spectators is not None:
        fields["spectators"] = spectators
    response = post(client, "/tables", fields)
    assert response.status_code == 303, response.text
    match = TABLE_URL.match(response.headers["location"])
    assert match
    table = int(match.group(1))
    assert post(other, f"/tables/{table}/join").status_code == 303
    assert post(client, f"/tables/{table}/start").status_code == 303
    return table, other


def refused(browser: TestClient, url: str) -> tuple[dict[str, Any], WebSocketDisconnect]:
    """The one frame a refused socket gets, and how it was closed."""
    with pytest.raises(WebSocketDisconnect) as closed, browser.websocket_connect(url) as socket:
        frame: dict[str, Any] = socket.receive_json()
        socket.receive_json()  # the close
    return frame, closed.value


def test_the_form_offers_the_choice_in_the_visitors_language(client: TestClient) -> None:
    client.cookies.set(LANG_COOKIE, "de")
    register(client, "ann")
    page = client.get("/tables/new").text
    t = translator("de")
    assert t("field.spectators") in page
    for kind in Spectators:
        assert f'<option value="{kind.value}"' in page
        assert t(f"spectators.{kind.value}") in page
    first = page.index('<option value="none"')
    assert first < page.index('<option value="everything"')  # the default: nobody
    assert t("new_table.spectators_help") in page  # why: watching, a player sees their cards


def test_a_table_keeps_its_choice_and_says_it(client: TestClient) -> None:
    table, _ben = open_table(client, "everything")
    t = translator("en")
    everything = t("table.spectators", spectators=t("spectators.everything"))
    assert everything in client.get(f"/tables/{table}").text
    assert t("lobby.no_spectators") not in client.get("/").text
    response = post(client, "/tables", {"variant": "base", "players": "2"})
    default = client.get(response.headers["location"]).text
    assert t("table.spectators", spectators=t("spectators.none")) in default
    assert t("lobby.no_spectators") in client.get("/").text


def test_an_unknown_choice_is_refused_with_the_form_and_nothing_stored(
    client: TestClient,
) -> None:
    client.cookies.set(LANG_COOKIE, "da")
    register(client, "ann")
    response = post(
        client, "/tables", {"variant": "base", "players": "2", "spectators": "my-friends"}
    )
    assert response.status_code == 422
    t = translator("da")
    assert t("form.problem", field=t("field.spectators"), problem="") in response.text
    assert_no_traceback(response)
    assert t("lobby.no_tables") in client.get("/").text


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_no_spectator_while_the_game_runs_when_the_table_says_none(
    client: TestClient, lang: str
) -> None:
    table, _ben = open_table(client, "none")
    url = f"/tables/{table}/socket?lang={lang}"
    t = translator(lang)
    stranger = second_browser(client)
    register(stranger, "cyd")
    for browser in (stranger, second_browser(client)):  # signed in, or not
        frame, closed = refused(browser, url)
        assert frame == {
            "type": "error",
            "code": "no_spectators",
            "message": t("problem.no_spectators"),
        }
        assert (closed.code, closed.reason) == (POLICY_VIOLATION, t("problem.no_spectators"))
        page = browser.get(f"/tables/{table}/game?lang={lang}")
        assert page.status_code == 403
        assert t("problem.no_spectators") in page.text
        assert_no_traceback(page)
    with client.websocket_connect(url) as socket:  # the players come in
        assert Player(socket).read_state()["seat"] == 0


def test_spectators_may_watch_once_a_game_of_such_a_table_is_over(
    client: TestClient,
) -> None:
    table, other = open_table(client, "none")
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        play_out(players, scripted, players[0])
    watcher = second_browser(client)
    with watcher.websocket_connect(url) as socket:
        state = Player(socket).read_state()
    assert state["seat"] is None and state["outcome"] is not None
    assert watcher.get(f"/tables/{table}/game").status_code == 200


def test_nobody_but_the_players_watches_by_default(client: TestClient) -> None:
    table, _ben = open_table(client, None)
    frame, closed = refused(second_browser(client), f"/tables/{table}/socket")
    assert frame["code"] == "no_spectators"
    assert closed.code == POLICY_VIOLATION


def test_everyone_may_watch_when_the_host_allows_it_seeing_every_hand(
    client: TestClient,
) -> None:
    table, _ben = open_table(client, "everything")
    with second_browser(client).websocket_connect(f"/tables/{table}/socket") as socket:
        state = Player(socket).read_state()
    assert state["seat"] is None
    assert all("card" in entry for hand in state["hands"] for entry in hand)


@pytest.mark.parametrize("spectators", ["everything", "none"])
def test_a_player_opening_the_table_again_gets_their_seat_never_every_hand(
    client: TestClient, settings: Settings, spectators: str
) -> None:
    """Ben opens the game in a second browser signed in as himself (the way in of any
    spectator) and watches a whole game there: every frame is his seat's, none names his own
    cards (the capture test's checks)."""
    table, other = open_table(client, spectators)
    url = f"/tables/{table}/socket"
    second_tab = second_browser(client, cookies=other.cookies)
    assert second_tab.get(f"/tables/{table}/game").status_code == 200
    with (
        client.websocket_connect(url) as ann_socket,
        other.websocket_connect(url) as ben_socket,
        second_tab.websocket_connect(url) as tab_socket,
    ):
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        tab = Player(tab_socket)
        assert tab.read_state()["seat"] == 1
        play_out(players, scripted, players[0])
        while tab.frames[-1]["type"] != "game_over":
            tab.read()
    states = list(replay_states(stored_record(settings, table)))
    assert check_frames(tab, states, 1) == len(states)
