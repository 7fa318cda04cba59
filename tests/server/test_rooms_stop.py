"""A player may end the game before its end, at any turn, with no score: a table whose player
has gone for good would otherwise wait for ever. Everyone at the table is told at once, the
record ends with hanab.live's game-over action, and the game's replay opens; a spectator cannot
stop it, and a game over cannot be stopped again."""

from __future__ import annotations

from fastapi.testclient import TestClient
from game_client import Player, referee, seat_table, second_browser, settings, stored_record
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from openhanabi.records import replay
from openhanabi.rules import ActionType, Termination
from openhanabi.server import Settings
from openhanabi.server.i18n import translator
from openhanabi.server.models import GameRecord, GameTable, TableState

__all__ = ["settings"]  # bots without a delay

STOP = {"type": "stop"}


def test_a_player_off_turn_stops_the_game_for_everyone(
    client: TestClient, settings: Settings
) -> None:
    ben = second_browser(client)
    table = seat_table(client, ben, spectators="everything")
    url = f"/tables/{table}/socket"
    with (
        client.websocket_connect(url) as ann_socket,
        ben.websocket_connect(url) as ben_socket,
        second_browser(client).websocket_connect(url) as watch_socket,
    ):
        ann, ben_player, watch = (Player(s) for s in (ann_socket, ben_socket, watch_socket))
        for player in (ann, ben_player, watch):
            player.read_state()
        assert "spectators" in watch.error(STOP)
        assert referee(settings, table).outcome is None
        ben_player.send(STOP)  # Ann is on turn
        for player in (ann, ben_player, watch):
            while player.frames[-1]["type"] != "game_over":
                player.read()
            over = player.frames[-1]
            assert (over["reason"], over["score"], over["verdict"]) == ("abandoned", 0, "")
        assert "over" in ann.error(STOP)
    record = stored_record(settings, table)
    assert record.actions[-1].type is ActionType.GAME_OVER
    outcome = replay(record).outcome
    assert outcome is not None and outcome.termination is Termination.ABANDONED
    with Session(create_engine(settings.database_url)) as db:
        assert db.get(GameTable, table).state is TableState.FINISHED  # type: ignore[union-attr]
        game = db.scalars(select(GameRecord.id).where(GameRecord.table_id == table)).one()
    assert client.get(f"/games/{game}/replay.json").status_code == 200
    for lang in ("en", "de", "da"):
        t = translator(lang)
        page = client.get(f"/games/{game}/replay", params={"lang": lang}).text
        score = t("replay.score_of", score=0, max=record.variant.max_score)
        # a stopped game has no verdict: its summary says it was stopped, after the score
        assert f"{score} · {t('replay.stopped')}</dd>" in page
        assert " · </dd>" not in page


def test_the_stop_button_is_for_players_only(client: TestClient) -> None:
    table = seat_table(client, second_browser(client), spectators="everything")
    assert 'data-testid="stop-game"' in client.get(f"/tables/{table}/game").text
    watcher = second_browser(client)
    assert 'data-testid="stop-game"' not in watcher.get(f"/tables/{table}/game").text
