"""Two players and a bot play whole games through the socket, and the stored record is the game."""

from __future__ import annotations

from fastapi.testclient import TestClient
from game_client import (
    Player,
    play_out,
    scripted,
    seat_table,
    second_browser,
    settings,
    stored_record,
)

from openhanabi.records import replay
from openhanabi.server import Settings

__all__ = ["settings"]  # bots without a delay


def test_two_players_and_a_bot_play_a_game_to_its_end(
    client: TestClient, settings: Settings
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann, other.websocket_connect(url) as ben:
        players = {0: Player(ann), 1: Player(ben)}
        actions = play_out(players, scripted, players[0])
        over = players[0].frames[-1]
        assert over == players[1].frames[-1]
        assert over["type"] == "game_over" and over["verdict"]

    game = replay(stored_record(settings, table))
    assert game.over and len(game.history) == actions
    assert game.score == over["score"]
    explained = [line for line in players[0].state["log"] if line["seat"] == 2]
    assert explained and all(line["explanation"] for line in explained)
