"""One address and one sign-in hold a bounded number of game sockets open: a page past either cap
is refused, saying why in its viewer's language (a policy violation, which the game page shows
instead of reconnecting), and joins no room, while the others play on and other addresses and
sign-ins are unaffected. A socket that closes, however it closes, lets another in."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack, nullcontext

import anyio
import pytest
from fastapi.testclient import TestClient
from game_client import Player, clue_message, second_browser
from starlette.websockets import WebSocketDisconnect
from test_spectators import open_table
from web_client import login, post

from openhanabi.server import Settings
from openhanabi.server.allowance import BURST, FLOOD_DEBT
from openhanabi.server.i18n import LANGUAGES, translator
from openhanabi.server.rooms import Room
from openhanabi.server.sockets import POLICY_VIOLATION

PER_ADDRESS = 3
PER_SIGN_IN = 2
# addresses for documentation (RFC 5737, RFC 3849); the test clients' own is "testclient"
HOME = "198.51.100.7"
ELSEWHERE = "203.0.113.9"
CLOSE_REASON_BYTES = 123  # what a close frame holds besides its code (RFC 6455)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Small caps, bots without a delay, and the allowance of messages every server has."""
    update = {
        "sockets_per_address": PER_ADDRESS,
        "sockets_per_sign_in": PER_SIGN_IN,
        "bot_delay_seconds": 0,
    }
    return settings.model_copy(update=update)


def opened(stack: ExitStack, browser: TestClient, url: str) -> Player:
    """A page's socket, held open until ``stack`` closes, its first state read: it is in."""
    player = Player(stack.enter_context(browser.websocket_connect(url)))
    player.read_state()
    return player


def refused(browser: TestClient, url: str) -> WebSocketDisconnect:
    """How the socket ``browser`` opens is closed: before any frame, so it joined no room (a
    room sends the game to whoever joins)."""
    with browser.websocket_connect(url) as socket, pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    return closed.value


def check_closed(closed: WebSocketDisconnect, lang: str, key: str) -> None:
    assert closed.code == POLICY_VIOLATION  # the game page shows why instead of reconnecting
    assert closed.reason == translator(lang)(key)


def test_a_page_past_the_address_cap_is_refused_saying_why_and_the_others_play_on(
    client: TestClient,
) -> None:
    table, _ben = open_table(client, "everything")
    url = f"/tables/{table}/socket"
    with ExitStack() as stack:
        ann = opened(stack, client, url)
        watchers = [
            opened(stack, second_browser(client, address=HOME), url) for _ in range(PER_ADDRESS)
        ]
        closed = refused(second_browser(client, address=HOME), f"{url}?lang=de")
        check_closed(closed, "de", "problem.sockets_per_address")
        watchers.append(opened(stack, second_browser(client, address=ELSEWHERE), url))
        ann.send(clue_message(ann.state["legal"]["clues"][0]))
        for player in (ann, *watchers):
            assert player.read_state(1)["actions"] == 1


def test_a_page_closed_lets_another_in_from_its_address(client: TestClient) -> None:
    table, _ben = open_table(client, "everything")
    url = f"/tables/{table}/socket"
    with ExitStack() as stack:
        for _ in range(PER_ADDRESS - 1):
            opened(stack, second_browser(client, address=HOME), url)
        with ExitStack() as last:
            opened(last, second_browser(client, address=HOME), url)
            refused(second_browser(client, address=HOME), url)
        opened(stack, second_browser(client, address=HOME), url)


def test_an_ipv6_network_of_a_home_is_one_address(client: TestClient) -> None:
    """Its owner may use any of the /64's addresses: each its own, the cap would be none."""
    table, _ben = open_table(client, "everything")
    url = f"/tables/{table}/socket"
    with ExitStack() as stack:
        for host in range(1, PER_ADDRESS + 1):
            opened(stack, second_browser(client, address=f"2001:db8:1:2::{host}"), url)
        closed = refused(second_browser(client, address="2001:db8:1:2:ffff::1"), url)
        check_closed(closed, "en", "problem.sockets_per_address")
        opened(stack, second_browser(client, address="2001:db8:1:3::1"), url)


def test_a_page_past_the_sign_in_cap_is_refused_saying_why_and_the_others_play_on(
    client: TestClient,
) -> None:
    table, ben = open_table(client, "none")
    url = f"/tables/{table}/socket"
    with ExitStack() as stack:
        bens = [opened(stack, ben, url) for _ in range(PER_SIGN_IN)]
        check_closed(refused(ben, f"{url}?lang=da"), "da", "problem.sockets_per_sign_in")
        # the sign-in's cap, whichever browser holds it
        same_sign_in = second_browser(client, cookies=ben.cookies)
        check_closed(refused(same_sign_in, url), "en", "problem.sockets_per_sign_in")
        ann = opened(stack, client, url)  # another sign-in, at the same address
        ann.send(clue_message(ann.state["legal"]["clues"][0]))
        for player in (ann, *bens):
            assert player.read_state(1)["actions"] == 1


def test_a_refused_page_holds_no_place(client: TestClient) -> None:
    """Whatever it is refused for: no such table, no game yet, or no spectators."""
    table, ben = open_table(client, "none")
    url = f"/tables/{table}/socket"
    waiting = post(client, "/tables", {"variant": "base", "players": "2"}).headers["location"]
    stranger = second_browser(client, address=HOME)
    for _ in range(PER_ADDRESS + 1):
        closed = refused(stranger, "/tables/999/socket")
        assert closed.reason == translator("en")("refused.no_table", table=999)
        closed = refused(stranger, f"{waiting}/socket")
        assert closed.reason == translator("en")("problem.no_game_yet", table=table + 1)
        with pytest.raises(WebSocketDisconnect), stranger.websocket_connect(url) as socket:
            assert socket.receive_json()["code"] == "no_spectators"
            socket.receive_json()
    # Ann and Ben, at the stranger's address, fill its cap
    with ExitStack() as stack:
        for _ in range(PER_SIGN_IN):
            opened(stack, second_browser(client, cookies=ben.cookies, address=HOME), url)
        for _ in range(PER_ADDRESS - PER_SIGN_IN):
            opened(stack, second_browser(client, cookies=client.cookies, address=HOME), url)


class FaultError(Exception):
    """A fault of the server's while it handles a message."""


def the_browsers_go(client: TestClient, ben: TestClient, players: list[Player]) -> None:
    """Nothing more: the pages close their sockets as the test leaves them."""


def they_sign_out(client: TestClient, ben: TestClient, players: list[Player]) -> None:
    assert post(ben, "/logout").status_code == 303
    assert post(client, "/logout").status_code == 303
    for player in players:
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                player.read()
        check_closed(closed.value, "en", "problem.signed_out")
    assert login(ben, "ben").status_code == 303
    assert login(client, "ann").status_code == 303


def they_flood(client: TestClient, ben: TestClient, players: list[Player]) -> None:
    for player in players:
        for _ in range(BURST + FLOOD_DEBT + 10):
            player.send({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                player.read()
        check_closed(closed.value, "en", "problem.message_flood")


def the_server_fails(client: TestClient, ben: TestClient, players: list[Player]) -> None:
    """Each socket's handling of a message fails: the error ends it (and reaches the test as
    the test client closes it)."""
    for player in players:
        player.send({"type": "sync"})
        with pytest.raises(anyio.ClosedResourceError):  # the test client's end of the socket
            player.read()


@pytest.mark.parametrize(
    "close",
    [the_browsers_go, they_sign_out, they_flood, the_server_fails],
    ids=lambda f: f.__name__,
)
def test_a_socket_gives_its_place_back_however_it_closes(
    client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    close: Callable[[TestClient, TestClient, list[Player]], None],
) -> None:
    """Ben's sockets fill his sign-in's cap, Ann's fill their address's (the test clients'):
    once they have closed, as many open again."""
    table, ben = open_table(client, "none")
    url = f"/tables/{table}/socket"

    async def broken(room: Room, viewer: object, text: str | bytes) -> None:
        raise FaultError

    failing = close is the_server_fails
    with pytest.raises(FaultError) if failing else nullcontext(), ExitStack() as stack:
        players = [opened(stack, ben, url) for _ in range(PER_SIGN_IN)]
        players += [opened(stack, client, url) for _ in range(PER_ADDRESS - PER_SIGN_IN)]
        if failing:
            monkeypatch.setattr(Room, "receive", broken)
        close(client, ben, players)
    monkeypatch.undo()
    with ExitStack() as stack:
        for _ in range(PER_SIGN_IN):
            opened(stack, ben, url)
        for _ in range(PER_ADDRESS - PER_SIGN_IN):
            opened(stack, client, url)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", ["problem.sockets_per_address", "problem.sockets_per_sign_in"])
def test_the_reasons_a_page_is_refused_for_fit_a_close_frame(lang: str, key: str) -> None:
    reason = translator(lang)(key)
    assert "problem." not in reason
    assert len(reason.encode()) <= CLOSE_REASON_BYTES
