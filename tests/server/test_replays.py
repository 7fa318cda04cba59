"""A finished game's replay shows it turn by turn with every card, and its record can be taken
away; a game still being played has neither (they would show its players their own cards)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from game_client import Player, play_out, scripted, seat_table, second_browser, settings
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from test_accessibility import check
from web_client import assert_no_traceback

from openhanabi.bench.review import same_move
from openhanabi.bots import BESIDE_PEOPLE, make_bot, play_game
from openhanabi.records import Record, record_of, replay, replay_states
from openhanabi.rules import PRESETS, Game, find_variant
from openhanabi.server import Settings, replays
from openhanabi.server.i18n import LANG_COOKIE, translator
from openhanabi.server.models import GameRecord

__all__ = ["settings"]  # bots without a delay


def game_id(settings: Settings, table: int) -> int:
    with Session(create_engine(settings.database_url)) as db:
        return db.scalars(select(GameRecord.id).where(GameRecord.table_id == table)).one()


def stored(settings: Settings, game: int) -> GameRecord:
    with Session(create_engine(settings.database_url)) as db:
        found = db.get(GameRecord, game)
        assert found is not None
        return found


def play_a_game(client: TestClient, until: int = 0) -> tuple[int, dict[str, Any]]:
    """Ann and Ben (and a hat bot, which explains its moves) play a game to its end (or, with
    ``until``, for that many actions); returns the game's id and Ann's last state."""
    other = second_browser(client)
    table = seat_table(client, other, bot="hat")
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann, other.websocket_connect(url) as ben:
        players = {0: Player(ann), 1: Player(ben)}
        play_out(players, scripted, players[0], until=until)
        last = players[0].state
    return game_id(client.app.state.settings, table), last


@pytest.fixture
def finished(client: TestClient) -> tuple[int, dict[str, Any]]:
    return play_a_game(client)


def every_card(game: Game) -> dict[int, str]:
    return {order: game.card(order).name(game.variant) for hand in game.hands for order in hand}


def shown_cards(frame: dict[str, Any]) -> dict[int, str]:
    return {entry["order"]: entry["card"]["name"] for hand in frame["hands"] for entry in hand}


def test_every_frame_shows_the_game_after_that_many_actions_with_every_card(
    client: TestClient, settings: Settings, finished: tuple[int, dict[str, Any]]
) -> None:
    game, _ = finished
    record = Record.from_dict(stored(settings, game).record)
    response = client.get(f"/games/{game}/replay.json")
    assert response.status_code == 200
    replay_json = response.json()
    frames = replay_json["frames"]
    states = list(replay_states(record))
    assert len(frames) == len(states) == len(record.actions) + 1
    for turn, (frame, state) in enumerate(zip(frames, states, strict=True)):
        assert frame["actions"] == turn
        assert frame["score"] == state.score
        assert frame["clue_tokens"] == state.clue_tokens
        assert frame["storms"] == state.storms
        assert frame["draw_pile"] == len(state.deck) - state.cards_drawn
        assert shown_cards(frame) == every_card(state)
        assert all(hand for hand in frame["hands"])
        assert frame["legal"] is None  # a replay acts for no one
    assert len(replay_json["log"]) == len(record.actions)


def test_one_turn_alone_is_the_same_frame_with_its_log(
    client: TestClient, finished: tuple[int, dict[str, Any]]
) -> None:
    game, _ = finished
    whole = client.get(f"/games/{game}/replay.json").json()
    last = len(whole["frames"]) - 1
    for turn in (0, 1, last // 2, last):
        frame = client.get(f"/games/{game}/replay.json", params={"turn": turn}).json()
        log = frame.pop("log")
        assert frame == whole["frames"][turn]
        assert log == whole["log"][:turn]


def test_the_last_frame_is_the_game_as_it_ended_with_the_bots_explanations(
    client: TestClient, finished: tuple[int, dict[str, Any]]
) -> None:
    game, played = finished
    whole = client.get(f"/games/{game}/replay.json").json()
    last = whole["frames"][-1]
    assert last["outcome"] == played["outcome"] and last["outcome"] is not None
    assert last["fireworks"] == played["fireworks"]
    assert last["discard_pile"] == played["discard_pile"]
    assert whole["log"] == played["log"]
    assert any(line["explanation"] for line in whole["log"])
    assert whole["game_over"]["score"] == played["outcome"]["score"]


def test_a_turn_the_game_does_not_have_is_refused(
    client: TestClient, finished: tuple[int, dict[str, Any]]
) -> None:
    game, _ = finished
    frames = len(client.get(f"/games/{game}/replay.json").json()["frames"])
    response = client.get(f"/games/{game}/replay.json", params={"turn": frames})
    assert response.status_code == 404
    assert f"turns 0 to {frames - 1}" in response.text
    assert_no_traceback(response)


def test_the_replay_page_has_its_controls_texts_and_the_record_link(
    client: TestClient, finished: tuple[int, dict[str, Any]]
) -> None:
    game, _ = finished
    page = client.get(f"/games/{game}/replay", params={"turn": 3})
    assert page.status_code == 200
    html = page.text
    for control in ("replay-first", "replay-previous", "replay-next", "replay-last", "replay-ask"):
        assert f'id="{control}"' in html
    assert '<label for="replay-turn">' in html
    assert f'href="/games/{game}/record.json"' in html
    assert '<script src="/static/replay.js" defer></script>' in html
    texts = html.split('<script type="application/json" id="texts">')[1].split("</script>")[0]
    assert json.loads(texts)["replay.next"] == "Next"
    german = client.get(f"/games/{game}/replay", params={"lang": "de"}).text
    assert "Wiederholung von Partie" in german


def test_the_bots_advice_is_its_own_choice_from_that_seat_in_the_viewers_language(
    client: TestClient, settings: Settings, finished: tuple[int, dict[str, Any]]
) -> None:
    """Before each move, the bot that plays beside people, made afresh in the seat on turn and
    given that seat's view alone, says what it would do and why; the answer says whether the
    game made that move."""
    game, _ = finished
    record = Record.from_dict(stored(settings, game).record)
    states = list(replay_states(record))
    for turn in (0, 1, len(record.actions) // 2, len(record.actions) - 1):
        response = client.get(f"/games/{game}/advice.json", params={"turn": turn})
        assert response.status_code == 200
        answer = response.json()
        state = states[turn]
        bot = make_bot(BESIDE_PEOPLE, state.seat, record.variant, seed=turn)
        chosen = bot.act(state.view(state.seat))
        assert answer["turn"] == turn and answer["bot"] == BESIDE_PEOPLE
        assert answer["player"] == record.players[state.seat]
        assert answer["same"] == same_move(record.actions[turn], chosen)
        assert answer["text"].startswith("I ") and answer["text"].endswith(".")
    german = client.get(f"/games/{game}/advice.json", params={"turn": 0, "lang": "de"}).json()
    assert german["text"].startswith("Ich ")


def test_advice_on_a_move_the_game_does_not_have_is_refused(
    client: TestClient, finished: tuple[int, dict[str, Any]]
) -> None:
    game, _ = finished
    moves = len(client.get(f"/games/{game}/replay.json").json()["log"])
    response = client.get(f"/games/{game}/advice.json", params={"turn": moves})
    assert response.status_code == 404
    assert f"moves follow turns 0 to {moves - 1}" in response.text
    assert_no_traceback(response)
    for asked in ({}, {"turn": "x"}, {"turn": -1}):
        refused = client.get(f"/games/{game}/advice.json", params=asked)
        assert refused.status_code == 422
        assert_no_traceback(refused)


def test_anyone_may_watch_a_finished_game_even_signed_out(
    client: TestClient, finished: tuple[int, dict[str, Any]]
) -> None:
    game, _ = finished
    stranger = TestClient(client.app)
    assert stranger.get(f"/games/{game}/replay").status_code == 200
    assert stranger.get(f"/games/{game}/replay.json").status_code == 200
    assert stranger.get(f"/games/{game}/record.json").status_code == 200


def test_a_game_being_played_has_no_replay_and_no_record(client: TestClient) -> None:
    game, _ = play_a_game(client, until=4)
    for address in (
        "replay",
        "replay.json",
        "record.json",
        "replay.json?turn=0",
        "advice.json?turn=0",
    ):
        response = client.get(f"/games/{game}/{address}")
        assert response.status_code == 403
        assert "still being played" in response.text
        assert '"hands"' not in response.text
        assert_no_traceback(response)


def test_an_unknown_game_is_not_found(client: TestClient) -> None:
    response = client.get("/games/999/replay")
    assert response.status_code == 404
    assert "There is no game 999." in response.text


def test_the_exported_record_replays_to_the_same_game(
    client: TestClient, settings: Settings, finished: tuple[int, dict[str, Any]]
) -> None:
    game, played = finished
    response = client.get(f"/games/{game}/record.json")
    assert response.status_code == 200
    assert response.headers["content-disposition"].startswith("attachment;")
    assert response.headers["content-type"] == "application/json"
    exported = Record.from_dict(response.json())
    original = Record.from_dict(stored(settings, game).record)
    assert exported == original
    again = replay(exported)
    assert again.history == replay(original).history
    assert again.outcome is not None and again.outcome.score == played["outcome"]["score"]
    # hanab.live's fields, as it reads them
    data = response.json()
    assert {"players", "deck", "actions", "options"} <= set(data)
    assert all({"suitIndex", "rank"} == set(card) for card in data["deck"])


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_replay_history_and_import_pages_are_accessible(
    client: TestClient, settings: Settings, lang: str
) -> None:
    """The site's checks (one h1, no skipped heading, captions, labels, no inline script or
    style): the pages' texts are data blocks, the only scripts without a file."""
    data_blocks = re.compile(r'<script type="application/json" id="[\w-]+">.*?</script>', re.S)
    game, _ = play_a_game(client)
    client.cookies.set(LANG_COOKIE, lang)
    me = client.get("/history").headers["location"]
    imports = me.replace("/history", "/imports")
    for url in (f"/games/{game}/replay", me, imports, "/games/import", f"/games/{game + 1}/replay"):
        page = client.get(url)
        check(data_blocks.sub("", page.text), lang)


def test_a_finished_table_links_to_its_game_s_replay(
    client: TestClient, settings: Settings, finished: tuple[int, dict[str, Any]]
) -> None:
    game, _ = finished
    table = stored(settings, game).table_id
    page = client.get(f"/tables/{table}")
    assert f'<a href="/games/{game}/replay" data-testid="replay-link">' in page.text


# the same examples every run: a game of bots takes a moment, and CI should not vary
@hypothesis_settings(max_examples=12, deadline=None, derandomize=True)
@given(
    preset=st.sampled_from([preset.key for preset in PRESETS]),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
)
def test_every_variant_s_replay_shows_each_state_with_every_card(
    preset: str, players: int, seed: int
) -> None:
    """Whatever the rules, frame ``n`` is the game after ``n`` actions with every hand shown,
    the same whether asked for alone or with all the others."""
    variant = find_variant(preset, players=players)
    game = play_game(
        Game.new(variant, seed), [make_bot("basic", s, variant) for s in range(players)]
    )
    record = record_of(game)
    stored = GameRecord(id=1, record=record.to_dict(), explanations={"0": "why not"})
    t = translator("en")
    whole = replays.frames(stored, t)
    states = list(replay_states(record))
    assert len(whole["frames"]) == len(states) == len(whole["log"]) + 1
    assert whole["log"][0]["explanation"] == "why not"
    assert game.outcome is not None and whole["game_over"]["score"] == game.outcome.score
    for turn in sorted({0, len(states) // 2, len(states) - 1}):
        alone = replays.frame_after(stored, turn, t)
        assert alone.pop("log") == whole["log"][:turn]
        assert alone == whole["frames"][turn]
    for frame, state in zip(whole["frames"], states, strict=True):
        assert shown_cards(frame) == every_card(state)
        assert frame["score"] == state.score and frame["storms"] == state.storms
