"""A player's history lists exactly the finished games they played, newest first, with scores,
fifty to a page; anyone may read it."""

from __future__ import annotations

import re
from datetime import timedelta

from fastapi.testclient import TestClient
from game_client import Player, play_out, scripted, seat_table, second_browser, settings
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from web_client import assert_no_traceback, register

from openhanabi.records import Record, replay
from openhanabi.server import Settings
from openhanabi.server.models import GamePlayer, GameRecord, User, now
from openhanabi.server.replays import HISTORY_PAGE

__all__ = ["settings"]  # bots without a delay

REPLAY_LINK = re.compile(r'href="/games/(\d+)/replay"')
SCORE = re.compile(r'<td class="score">(\d+) of (\d+)</td>')


def user_id(settings: Settings, username: str) -> int:
    with Session(create_engine(settings.database_url)) as db:
        return db.scalars(select(User.id).where(User.username == username)).one()


def table_games(settings: Settings, table: int) -> list[GameRecord]:
    with Session(create_engine(settings.database_url)) as db:
        return list(db.scalars(select(GameRecord).where(GameRecord.table_id == table)))


def play(client: TestClient, other: TestClient, until: int = 0) -> int:
    """Ann and Ben, with a bot, play a game at a new table (to its end, or for ``until``
    actions); returns the table."""
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann, other.websocket_connect(url) as ben:
        players = {0: Player(ann), 1: Player(ben)}
        play_out(players, scripted, players[0], until=until)
    return table


def listed(page: str) -> list[int]:
    return [int(game) for game in REPLAY_LINK.findall(page)]


def test_each_player_s_history_lists_the_games_they_finished_with_scores(
    client: TestClient, settings: Settings
) -> None:
    other = second_browser(client)
    table = play(client, other)
    (game,) = table_games(settings, table)
    outcome = replay(Record.from_dict(game.record)).outcome
    assert outcome is not None
    score = outcome.score  # 0 after a strikeout, whatever the fireworks show
    for name in ("ann", "ben"):
        page = client.get(f"/users/{user_id(settings, name)}/history")
        assert page.status_code == 200
        assert listed(page.text) == [game.id]
        assert SCORE.findall(page.text) == [(str(score), "25")]
        assert "Ann, Ben, basic (bot)" in page.text


def test_a_game_being_played_and_others_games_are_not_listed(
    client: TestClient, settings: Settings
) -> None:
    play(client, second_browser(client), until=3)
    third = second_browser(client)
    register(third, "cyd", "Cyd")
    for name in ("ann", "ben", "cyd"):
        page = client.get(f"/users/{user_id(settings, name)}/history")
        assert listed(page.text) == []
        assert "No finished games yet." in page.text


def add_finished_games(settings: Settings, model: GameRecord, user: int, count: int) -> list[int]:
    """``count`` more finished games of ``user``, copies of ``model``, an hour apart (the last
    one the newest); returns their ids in the order they finished."""
    ids = []
    with Session(create_engine(settings.database_url)) as db:
        start = now() - timedelta(days=10)
        for number in range(count):
            game = GameRecord(
                seed=model.seed,
                record=model.record,
                score=model.score,
                started_at=start,
                finished_at=start + timedelta(hours=number),
                players=[GamePlayer(seat=0, user_id=user, name="Ann")],
            )
            db.add(game)
            db.flush()
            ids.append(game.id)
        db.commit()
    return ids


def test_the_history_is_newest_first_fifty_to_a_page(
    client: TestClient, settings: Settings
) -> None:
    other = second_browser(client)
    (game,) = table_games(settings, play(client, other))
    ann = user_id(settings, "ann")
    older = add_finished_games(settings, game, ann, HISTORY_PAGE + 4)
    newest_first = [game.id, *reversed(older)]  # the played game finished just now
    first = client.get(f"/users/{ann}/history")
    assert listed(first.text) == newest_first[:HISTORY_PAGE]
    assert 'href="?page=2" rel="next"' in first.text and 'rel="prev"' not in first.text
    second = client.get(f"/users/{ann}/history", params={"page": 2})
    assert listed(second.text) == newest_first[HISTORY_PAGE:]
    assert 'href="?page=1" rel="prev"' in second.text and 'rel="next"' not in second.text
    beyond = client.get(f"/users/{ann}/history", params={"page": 3})
    assert listed(beyond.text) == []


def test_my_games_goes_to_one_s_own_history(client: TestClient, settings: Settings) -> None:
    assert client.get("/history").status_code == 401
    register(client, "ann")
    response = client.get("/history")
    assert response.status_code == 303
    assert response.headers["location"] == f"/users/{user_id(settings, 'ann')}/history"


def test_an_unknown_player_or_page_gets_a_clear_error(client: TestClient) -> None:
    missing = client.get("/users/999/history")
    assert missing.status_code == 404
    assert "There is no player 999." in missing.text
    register(client, "ann")
    for page in ("0", "x"):
        bad = client.get("/users/1/history", params={"page": page})
        assert bad.status_code == 422
        assert_no_traceback(bad)


def test_the_history_speaks_the_visitor_s_language(client: TestClient, settings: Settings) -> None:
    register(client, "ann", "Ann")
    page = client.get(f"/users/{user_id(settings, 'ann')}/history", params={"lang": "da"})
    assert "Spil af Ann" in page.text
    assert "Endnu ingen afsluttede spil." in page.text


def test_every_page_links_a_signed_in_player_to_their_games(client: TestClient) -> None:
    assert 'href="/history"' not in client.get("/").text
    register(client, "ann")
    assert '<a href="/history">My games</a>' in client.get("/").text


def test_the_history_describes_each_game_s_rules_in_the_visitor_s_language(
    client: TestClient, settings: Settings
) -> None:
    other = second_browser(client)
    play(client, other)
    page = client.get(f"/users/{user_id(settings, 'ann')}/history", params={"lang": "de"})
    assert "<td>Grundspiel, 3 Spieler</td>" in page.text
