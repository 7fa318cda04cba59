"""A game socket serves the sign-in that opened it, and no longer: signing out in its browser,
or signing in there as someone else, closes it, so that it cannot go on acting for a player
who has left. Other sign-ins' sockets stay open."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from game_client import Player, clue_message, settings
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from test_spectators import open_table
from web_client import login, post, register

from openhanabi.server.i18n import translator
from openhanabi.server.sockets import POLICY_VIOLATION

__all__ = ["settings"]  # bots without a delay


def closed_for(socket: WebSocketTestSession) -> WebSocketDisconnect:
    """How ``socket`` was closed, once every frame sent before has been read."""
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            socket.receive_json()
    return closed.value


def check_signed_out(socket: WebSocketTestSession) -> None:
    closed = closed_for(socket)
    assert closed.code == POLICY_VIOLATION  # the game page shows why rather than reconnect
    assert closed.reason == translator("en")("problem.signed_out")


def test_signing_out_closes_the_players_sockets_and_no_one_elses(client: TestClient) -> None:
    table, ben = open_table(client, "none")
    url = f"/tables/{table}/socket"
    with (
        client.websocket_connect(url) as ann_socket,
        ben.websocket_connect(url) as ben_socket,
        ben.websocket_connect(url) as ben_tab,
    ):
        ann, ben_player = Player(ann_socket), Player(ben_socket)
        ann.read_state()
        ben_player.read_state()
        assert post(ben, "/logout").status_code == 303
        check_signed_out(ben_socket)
        check_signed_out(ben_tab)
        ann.send(clue_message(ann.state["legal"]["clues"][0]))  # Ann plays on
        assert ann.read_state(1)["actions"] == 1


def test_signing_in_as_someone_else_closes_the_sockets_of_the_first(client: TestClient) -> None:
    table, ben = open_table(client, "none")
    register(TestClient(client.app, follow_redirects=False), "cat")
    with ben.websocket_connect(f"/tables/{table}/socket") as socket:
        Player(socket).read_state()
        assert login(ben, "cat").status_code == 303
        check_signed_out(socket)
