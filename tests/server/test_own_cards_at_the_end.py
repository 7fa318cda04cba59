"""A player's own cards stay hidden from them until the game is over, then the game page shows
them. No state a seat is sent holds its own cards, not even at the end: once the game is over,
the page takes them from the finished game's replay (``/games/<id>/replay.json?turn=N``, the
frame after the game's last action), which the server refuses while the game is played."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from game_client import (
    Player,
    play_out,
    referee,
    scripted,
    seat_table,
    second_browser,
    settings,
)
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from openhanabi.rules import Game
from openhanabi.server import Settings
from openhanabi.server.models import GameRecord

__all__ = ["settings"]  # bots without a delay


def game_of(settings: Settings, table: int) -> int:
    with Session(create_engine(settings.database_url)) as db:
        return db.scalars(select(GameRecord.id).where(GameRecord.table_id == table)).one()


def hides_own_cards(state: dict[str, Any], seat: int) -> None:
    """``state`` (a seat's) names none of ``seat``'s own cards, and shows every other hand."""
    assert state["seat"] == seat
    for entry in state["hands"][seat]:
        assert "card" not in entry, entry
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            assert all("card" in entry for entry in hand)


def shown_at_the_end(
    browser: TestClient, game_id: int, state: dict[str, Any], game: Game, seat: int
) -> None:
    """What the game page shows of ``seat``'s hand once the game is over: the faces of the very
    cards of its state's hand, in the state's order."""
    response = browser.get(f"/games/{game_id}/replay.json", params={"turn": state["actions"]})
    assert response.status_code == 200, response.text
    frame = response.json()
    hand = frame["hands"][seat]
    assert [entry["order"] for entry in hand] == [entry["order"] for entry in state["hands"][seat]]
    for entry in hand:
        card = game.card(entry["order"])
        assert (entry["card"]["suit"], entry["card"]["rank"]) == (card.suit, card.rank)


def test_a_seat_sees_its_own_cards_only_once_the_game_is_over(
    client: TestClient, settings: Settings
) -> None:
    ben = second_browser(client)
    table = seat_table(client, ben)
    game_id = game_of(settings, table)
    browsers = {0: client, 1: ben}
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, ben.websocket_connect(url) as ben_socket:
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        actions = play_out(players, scripted, players[0], until=6)
        for player in players.values():
            player.read_state(actions)  # both where the game stands, to go on from there
        for browser in browsers.values():  # while it is played, its replay is refused
            assert browser.get(f"/games/{game_id}/replay.json").status_code == 403
            turn = {"turn": 3}
            assert browser.get(f"/games/{game_id}/replay.json", params=turn).status_code == 403
        play_out(players, scripted, players[0])

    game = referee(settings, table)
    assert game.outcome is not None
    for seat, player in players.items():
        assert player.states[-1]["outcome"] is not None
        for state in player.states:
            if state:
                hides_own_cards(state, seat)
        shown_at_the_end(browsers[seat], game_id, player.state, game, seat)


def test_a_stopped_game_shows_its_players_their_cards_too(
    client: TestClient, settings: Settings
) -> None:
    ben = second_browser(client)
    table = seat_table(client, ben)
    game_id = game_of(settings, table)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, ben.websocket_connect(url) as ben_socket:
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        actions = play_out(players, scripted, players[0], until=4)
        assert client.get(f"/games/{game_id}/replay.json").status_code == 403
        players[1].send({"type": "stop"})
        for player in players.values():
            while not player.frames or player.frames[-1]["type"] != "game_over":
                player.read()
    game = referee(settings, table)
    assert game.outcome is not None and game.outcome.reason == "abandoned"
    for seat, (browser, player) in enumerate(((client, players[0]), (ben, players[1]))):
        assert player.state["actions"] == actions
        for state in player.states:
            if state:
                hides_own_cards(state, seat)
        shown_at_the_end(browser, game_id, player.state, game, seat)
