"""The server process is killed mid-game (SIGKILL: no shutdown, nothing saved at the last
moment); a new process on the same database lets the players reconnect and finish the game,
and nothing is lost: every seat sees what it saw before, and the record keeps every action."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2
from camera import Camera
from game_page import discard_or_clue, open_game, play_to_the_end, play_turns
from live_server import BOT_DELAY_SECONDS, LiveServer
from playwright.sync_api import Page, expect
from server_helpers import Player, play_out, scripted, seat_table
from stored import stored_game
from ui import OpenPage, seat_two_people_and_a_bot
from websockets.sync.client import ClientConnection, connect

from openhanabi.server.i18n import translator

RECEIVE_SECONDS = 20.0
# the pages retry after 1, 2, 4 … seconds while the new process starts
RECONNECT_MILLISECONDS = 60_000
BOT_SEAT = 2
# long enough for the server to be killed while the bot waits
BOT_THINKING_SECONDS = 3.0


class Socket:
    """A real WebSocket read as JSON frames (what :class:`game_client.Player` expects)."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    def receive_json(self) -> Any:
        return json.loads(self.connection.recv(timeout=RECEIVE_SECONDS))

    def send_json(self, message: dict[str, Any]) -> None:
        self.connection.send(json.dumps(message))

    def send_text(self, text: str) -> None:
        self.connection.send(text)


@contextmanager
def seated(
    server: LiveServer, table: int, browsers: list[httpx2.Client]
) -> Iterator[dict[int, Player]]:
    """A player on a socket of the live server for each browser's session, by seat."""
    with ExitStack() as sockets:
        players = {}
        for seat, browser in enumerate(browsers):
            cookie = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
            url = f"{server.socket_url}/tables/{table}/socket"
            connection = sockets.enter_context(connect(url, additional_headers={"Cookie": cookie}))
            players[seat] = Player(Socket(connection))
        yield players


def without_explanations(state: dict[str, Any]) -> dict[str, Any]:
    """A state but for the bots' explanations (kept in memory only, not in the record)."""
    return {**state, "log": [{**line, "explanation": ""} for line in state["log"]]}


def test_a_killed_server_loses_nothing_of_a_game(server: LiveServer) -> None:
    ann, ben = httpx2.Client(base_url=server.url), httpx2.Client(base_url=server.url)
    table = seat_table(ann, ben, bot="basic")
    with seated(server, table, [ann, ben]) as players:
        halfway = play_out(players, scripted, players[0], until=15)
        before = {seat: player.read_state(halfway) for seat, player in players.items()}
        assert before[0]["outcome"] is None, "the game ended before the server was killed"
        server.kill()
    server.start()

    with seated(server, table, [ann, ben]) as players:
        for seat, player in players.items():
            again = player.read_state()
            assert without_explanations(again) == without_explanations(before[seat])
        actions = play_out(players, scripted, players[before[0]["seat_on_turn"]])

    game = stored_game(server, table)
    assert game.over
    assert len(game.history) == actions > halfway


def test_browsers_come_back_to_a_killed_server_and_finish_the_game(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    """The game pages reconnect by themselves to the new process and show what they showed
    before: the same board, the same log."""
    t = translator("en")
    ann, ben = open_page(), open_page()
    table = seat_two_people_and_a_bot(ann, ben)
    people = {0: ann, 1: ben}
    for page in people.values():
        open_game(page, table)
    halfway = play_turns(people, discard_or_clue, 6)
    seen = {seat: board_and_log(page) for seat, page in people.items()}
    camera.shoot(ann, "before-the-kill")

    server.kill()
    for page in people.values():
        expect(page.get_by_test_id("connection")).not_to_have_text(t("connection.open"))
    camera.shoot(ann, "server-gone")
    server.start()
    for seat, page in people.items():
        expect(page.get_by_test_id("connection")).to_have_text(
            t("connection.open"), timeout=RECONNECT_MILLISECONDS
        )
        assert board_and_log(page) == seen[seat]
    camera.shoot(ann, "back")

    turns = halfway + play_to_the_end(people, discard_or_clue)
    camera.shoot(ann, "end")
    game = stored_game(server, table)
    assert game.over
    log = ann.get_by_test_id("log").locator("li[data-index]")
    expect(log).to_have_count(len(game.history))
    expect(log.and_(ann.locator('[data-seat="0"], [data-seat="1"]'))).to_have_count(turns)


def board_and_log(page: Page) -> tuple[str, str]:
    """What a person sees of the game: the board (hands, tokens, fireworks, discards) and the
    log."""
    return page.locator("#board").inner_text(), page.get_by_test_id("log").inner_text()


def test_a_bot_whose_turn_the_kill_cut_short_takes_it_after_the_restart(tmp_path: Path) -> None:
    """The server dies while a bot waits to act: the new process gives the bot its turn."""
    server = LiveServer(tmp_path, bot_delay_seconds=BOT_THINKING_SECONDS)
    server.start()
    try:
        ann, ben = httpx2.Client(base_url=server.url), httpx2.Client(base_url=server.url)
        table = seat_table(ann, ben, bot="basic")
        with seated(server, table, [ann, ben]) as players:
            before = play_until_the_bots_turn(players)
            server.kill()
        server.bot_delay_seconds = BOT_DELAY_SECONDS  # the rest of the game at the usual pace
        server.start()

        with seated(server, table, [ann, ben]) as players:
            again = players[0].read_state()
            assert without_explanations(again) == without_explanations(before)
            assert again["seat_on_turn"] == BOT_SEAT
            actions = play_out(players, scripted, players[0])

        game = stored_game(server, table)
        assert game.over
        assert len(game.history) == actions > before["actions"]
    finally:
        server.stop()


def play_until_the_bots_turn(players: dict[int, Player]) -> dict[str, Any]:
    """The people play until one of them hands the turn to the bot; returns the state then
    (Ann's), before the bot has had time to act."""
    actions = 0
    while True:
        state = players[0].read_state(actions)
        seat = state["seat_on_turn"]
        assert seat is not None, "the game ended before the bot was on turn"
        if seat in players:
            players[seat].send(scripted(players[seat].read_state(actions)))
            state = players[0].read_state(actions + 1)
            if state["seat_on_turn"] == BOT_SEAT:
                return state
        actions += 1
