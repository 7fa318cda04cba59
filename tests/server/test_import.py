"""Any record can be imported (uploaded or pasted) and watched: it is checked by replaying it,
and a record that cannot be replayed gets one error naming what is wrong, and stores nothing."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session
from web_client import assert_no_traceback, csrf, register

from openhanabi.records import Record, RecordError, deal, read_record, replay
from openhanabi.rules import find_variant
from openhanabi.server import Settings
from openhanabi.server.models import GamePlayer, GameRecord, GameSource
from openhanabi.server.replays import MAX_RECORD_BYTES
from openhanabi.server.replays import read_record as read_import

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()
GAMES = sorted(DATA.glob("game_*.json"), key=lambda path: int(path.stem.split("_")[1]))
SAMPLE = GAMES[::25]  # six of the 148 games, spread over the set
REPLAY_URL = re.compile(r"^/games/(\d+)/replay$")


def upload(client: TestClient, data: bytes, name: str = "game.json") -> httpx2.Response:
    files = {"record": (name, data, "application/json")}
    return client.post("/games/import", data={"csrf_token": csrf(client)}, files=files)


def paste(client: TestClient, text: str) -> httpx2.Response:
    # sent as the form does: multipart, with an empty file field beside the pasted text
    files = {"record": ("", b"", "application/octet-stream")}
    return client.post(
        "/games/import", data={"csrf_token": csrf(client), "text": text}, files=files
    )


def imported_id(response: httpx2.Response) -> int:
    assert response.status_code == 303, response.text
    match = REPLAY_URL.match(response.headers["location"])
    assert match, response.headers["location"]
    return int(match.group(1))


def games_stored(settings: Settings) -> int:
    with Session(create_engine(settings.database_url)) as db:
        return db.scalar(select(func.count()).select_from(GameRecord)) or 0


def expected_score(path: Path) -> int:
    score: int = json.loads(path.read_text())["expected"]["score"]
    return score


@pytest.fixture
def signed_in(client: TestClient) -> TestClient:
    register(client, "ann", "Ann")
    return client


def test_the_real_games_are_there() -> None:
    assert len(SAMPLE) == 6, f"expected the games of {DATA}"


@pytest.mark.parametrize("path", SAMPLE, ids=lambda path: path.stem)
def test_a_real_game_uploaded_replays_to_its_real_score(
    signed_in: TestClient, settings: Settings, path: Path
) -> None:
    game = imported_id(upload(signed_in, path.read_bytes(), path.name))
    assert signed_in.get(f"/games/{game}/replay").status_code == 200
    replayed = signed_in.get(f"/games/{game}/replay.json").json()
    record = read_record(path)
    assert len(replayed["frames"]) == len(record.actions) + 1
    last = replayed["frames"][-1]
    assert last["outcome"]["score"] == last["score"] == expected_score(path)
    assert replayed["game_over"]["score"] == expected_score(path)
    assert last["players"] == list(record.players)


def test_a_pasted_record_is_stored_as_an_imported_game_without_a_table(
    signed_in: TestClient, settings: Settings
) -> None:
    path = GAMES[0]
    game = imported_id(paste(signed_in, path.read_text()))
    with Session(create_engine(settings.database_url)) as db:
        stored = db.get(GameRecord, game)
        assert stored is not None
        assert stored.table_id is None and stored.source is GameSource.IMPORT
        assert stored.imported_by is not None
        assert stored.score == expected_score(path) and stored.finished_at is not None
        assert [player.name for player in stored.players] == ["Player 1", "Player 2", "Player 3"]
        assert all(player.user_id is None for player in stored.players)
        assert Record.from_dict(stored.record) == read_record(path)


def test_an_imported_record_exports_as_it_was_read(signed_in: TestClient) -> None:
    path = GAMES[1]
    game = imported_id(upload(signed_in, path.read_bytes()))
    exported = signed_in.get(f"/games/{game}/record.json")
    assert exported.status_code == 200
    assert Record.from_dict(exported.json()) == read_record(path)
    outcome = replay(Record.from_dict(exported.json())).outcome
    assert outcome is not None and outcome.score == expected_score(path)


def real_game() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GAMES[0].read_text())
    return data


def with_bad_rank() -> bytes:
    data = real_game()
    data["deck"][3]["rank"] = 6
    return json.dumps(data).encode()


def with_illegal_action() -> bytes:
    data = real_game()
    data["actions"][5] = {"type": 0, "target": 49}  # the last card of the deck: in no hand yet
    return json.dumps(data).encode()


def without_players() -> bytes:
    data = real_game()
    del data["players"]
    return json.dumps(data).encode()


def with_a_number_for_seed() -> bytes:
    data = real_game()  # hanab.live's form, whose seed is text: a number is kept as it is
    data["seed"] = 4  # but read as the seed of this project's form, as it would be stored
    return json.dumps(data).encode()


MALFORMED = {
    "not JSON": (b"{ this is not json", "not JSON"),
    "not an object": (b"[1, 2, 3]", "a record is a JSON object"),
    "a wrong field": (with_bad_rank(), "deck[3].rank"),
    "a missing field": (without_players(), "players"),
    "an illegal action": (with_illegal_action(), "move 6 (play 49, actions[5])"),
    "a seed that deals another deck": (with_a_number_for_seed(), "seed 4 does not deal"),
    "nothing": (b"   ", "the record is empty"),
    "not UTF-8": (b'{"players": ["\xff"]}', "UTF-8"),
}


def alerts(response: httpx2.Response) -> list[str]:
    found = re.findall(r'<p class="error" role="alert"[^>]*>([^<]*)</p>', response.text)
    return [html.unescape(alert) for alert in found]


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_a_malformed_record_gets_one_clear_error_and_stores_nothing(
    signed_in: TestClient, settings: Settings, case: str
) -> None:
    data, named = MALFORMED[case]
    response = upload(signed_in, data)
    assert response.status_code == 422, response.text
    said = alerts(response)
    assert len(said) == 1, said
    assert said[0].startswith("This record cannot be imported: ")
    assert named in said[0], said[0]
    assert_no_traceback(response)
    assert games_stored(settings) == 0


def test_a_pasted_record_with_an_illegal_action_keeps_the_text_to_fix(
    signed_in: TestClient, settings: Settings
) -> None:
    text = with_illegal_action().decode()
    response = paste(signed_in, text)
    assert response.status_code == 422
    assert "move 6 (play 49, actions[5])" in alerts(response)[0]
    assert '"target": 49' in html.unescape(response.text)
    assert games_stored(settings) == 0


def test_a_record_too_large_is_refused_before_it_is_read(
    signed_in: TestClient, settings: Settings
) -> None:
    huge = b" " * (MAX_RECORD_BYTES + 128 * 1024)
    response = upload(signed_in, huge)
    assert response.status_code == 413
    assert "too large" in response.text
    assert_no_traceback(response)
    assert games_stored(settings) == 0


def test_a_record_just_over_the_limit_is_refused_by_its_size(
    signed_in: TestClient, settings: Settings
) -> None:
    padded = GAMES[0].read_bytes() + b" " * MAX_RECORD_BYTES
    response = upload(signed_in, padded)
    assert response.status_code == 422
    assert "larger than 1024 KiB" in response.text
    assert games_stored(settings) == 0


def test_importing_needs_a_signed_in_player_and_the_form_s_token(
    client: TestClient, settings: Settings
) -> None:
    assert client.get("/games/import").status_code == 401
    files = {"record": ("game.json", GAMES[0].read_bytes(), "application/json")}
    anonymous = client.post("/games/import", data={"csrf_token": csrf(client)}, files=files)
    assert anonymous.status_code == 401
    register(client, "ann")
    forged = client.post("/games/import", data={"csrf_token": "forged"}, files=files)
    assert forged.status_code == 403
    assert games_stored(settings) == 0


def test_the_import_form_has_labels_and_its_token(signed_in: TestClient) -> None:
    page = signed_in.get("/games/import")
    assert page.status_code == 200
    assert '<label for="record">' in page.text and '<label for="text">' in page.text
    assert 'enctype="multipart/form-data"' in page.text
    assert 'name="csrf_token"' in page.text


def test_imported_games_join_no_one_s_history(signed_in: TestClient, settings: Settings) -> None:
    imported_id(upload(signed_in, GAMES[0].read_bytes()))
    with Session(create_engine(settings.database_url)) as db:
        assert (
            db.scalar(
                select(func.count()).select_from(GamePlayer).where(GamePlayer.user_id.is_not(None))
            )
            == 0
        )


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def damaged_records(draw: st.DrawFn) -> dict[str, Any]:
    """A real record with one value somewhere in it replaced, or one key dropped."""
    data = real_game()
    container: Any = data
    path = [draw(st.sampled_from(["players", "deck", "actions", "options", "openhanabi"]))]
    while isinstance(container.get(path[-1]) if isinstance(container, dict) else None, list | dict):
        inner = container[path[-1]]
        if not inner or draw(st.booleans()):
            break
        container = inner
        keys = list(range(len(inner))) if isinstance(inner, list) else list(inner)
        path.append(draw(st.sampled_from(keys)))
    if isinstance(container, dict) and path[-1] in container and draw(st.booleans()):
        del container[path[-1]]
    else:
        container[path[-1]] = draw(JSON_VALUES)
    return data


@hypothesis_settings(max_examples=200, deadline=None)
@given(damaged_records())
def test_any_damaged_record_is_read_or_refused_with_a_record_error(data: dict[str, Any]) -> None:
    """Reading never fails in another way: whatever is wrong, it is a RecordError (said to
    the person importing it), and whatever is read replays as the record says."""
    try:
        record, game = read_import(json.dumps(data).encode())
    except RecordError as error:
        assert str(error)
        return
    assert game.history == replay(record).history


def test_a_record_stopped_by_a_game_over_action_replays_to_the_stop(
    signed_in: TestClient,
) -> None:
    """hanab.live ends a game a table stopped with a game-over action: it is the replay's last
    turn, with a line of its own in the log, and the game scores 0."""
    data = real_game()
    data["actions"] = [*data["actions"][:20], {"type": 4, "target": 1, "value": 4}]
    game = imported_id(upload(signed_in, json.dumps(data).encode()))
    replayed = signed_in.get(f"/games/{game}/replay.json").json()
    assert len(replayed["frames"]) == len(replayed["log"]) + 1 == 22
    assert replayed["log"][-1]["text"] == "The game was stopped."
    assert replayed["frames"][-1]["outcome"]["score"] == replayed["game_over"]["score"] == 0
    assert replayed["frames"][-1]["outcome"]["reason"] == "abandoned"


def test_a_player_s_imports_are_listed_the_last_imported_first(
    signed_in: TestClient, other: TestClient, settings: Settings
) -> None:
    first = imported_id(upload(signed_in, GAMES[0].read_bytes()))
    unfinished = real_game()
    unfinished["actions"] = unfinished["actions"][:10]
    second = imported_id(upload(signed_in, json.dumps(unfinished).encode()))
    with Session(create_engine(settings.database_url)) as db:
        ann = db.scalars(select(GameRecord.imported_by).where(GameRecord.id == first)).one()
    page = signed_in.get(f"/users/{ann}/imports")
    assert page.status_code == 200
    assert re.findall(r'href="/games/(\d+)/replay"', page.text) == [str(second), str(first)]
    scores = re.findall(r'<td class="score">([^<]*)</td>', page.text)
    assert scores == ["not finished", f"{expected_score(GAMES[0])} of 25"]
    assert f'href="/users/{ann}/history"' in page.text
    assert f'href="/users/{ann}/imports"' in signed_in.get(f"/users/{ann}/history").text
    register(other, "ben")
    for lang, none in (("en", "No imported games yet."), ("da", "Endnu ingen importerede spil.")):
        mine = other.get("/history").headers["location"].replace("history", "imports")
        assert none in other.get(mine, params={"lang": lang}).text


@pytest.mark.parametrize("seed", [-1, 2**63, 10**30])
def test_a_seed_the_database_cannot_hold_is_kept_in_the_record_alone(
    signed_in: TestClient, settings: Settings, seed: int
) -> None:
    """A record may name any seed that deals its deck; the games table holds 63 bits."""
    variant = find_variant("base", players=3)
    deck, tiles = deal(variant, seed)
    record = Record(("Ann", "Ben", "Cat"), variant, deck, (), tiles, seed=seed)
    game = imported_id(upload(signed_in, record.to_json().encode()))
    with Session(create_engine(settings.database_url)) as db:
        stored = db.get(GameRecord, game)
        assert stored is not None and stored.seed == 0 and stored.finished_at is None
        assert Record.from_dict(stored.record) == record


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('"Ben\\u0000"', "a NUL character"),
        ("NaN", "notes holds NaN"),
        ("-Infinity", "notes holds -Infinity"),
        ("1e999", "notes holds Infinity"),
    ],
)
def test_a_record_holding_what_the_database_cannot_store_is_refused(
    signed_in: TestClient, settings: Settings, text: str, named: str
) -> None:
    record = json.dumps(real_game())[:-1] + f', "notes": [{text}]}}'
    response = upload(signed_in, record.encode())
    assert response.status_code == 422
    assert named in alerts(response)[0], alerts(response)
    assert games_stored(settings) == 0


@pytest.mark.parametrize("name", ["\u202eBen", "Ben\u200b", "Ben\n"])
def test_a_players_name_that_would_not_be_shown_as_it_is_is_refused(
    signed_in: TestClient, settings: Settings, name: str
) -> None:
    """A text direction mark in a name would turn the replay's lines around."""
    data = real_game()
    data["players"][1] = name
    response = upload(signed_in, json.dumps(data).encode())
    assert response.status_code == 422
    assert "players[1] holds a character that is not shown" in alerts(response)[0]
    assert games_stored(settings) == 0


@pytest.mark.parametrize("name", ["", "   ", "\u3164"])
def test_a_players_name_with_nothing_one_sees_is_refused(
    signed_in: TestClient, settings: Settings, name: str
) -> None:
    """The replay's players, its hands and its moves, and the history, would name no one."""
    data = real_game()
    data["players"][2] = name
    response = upload(signed_in, json.dumps(data).encode())
    assert response.status_code == 422
    assert "players[2] is blank" in alerts(response)[0], alerts(response)
    assert games_stored(settings) == 0


def test_a_record_whose_replay_would_be_too_large_to_send_is_refused(
    signed_in: TestClient, settings: Settings
) -> None:
    """A replay sends every frame at once: a name of half a megabyte is in each of them, and a
    billion clue tokens would let a record hold as many clues as its size allows."""
    for change, said in [
        (lambda d: d["players"].__setitem__(0, "A" * 450_000), "players[0] is longer than 40"),
        (lambda d: d["options"].update(clueTokens=10**9), "options.clueTokens is more than 99"),
    ]:
        data = Record.from_dict(real_game()).to_dict()  # this project's form, every option in it
        change(data)
        response = upload(signed_in, json.dumps(data).encode())
        assert response.status_code == 422
        assert said in alerts(response)[0], alerts(response)
    assert games_stored(settings) == 0
    data = real_game()
    data["players"][0] = "A" * 40  # as long as a seat's name may be
    imported_id(upload(signed_in, json.dumps(data).encode()))


def test_a_backslash_and_zeros_are_only_text(signed_in: TestClient) -> None:
    data = real_game()
    data["players"][1] = "Ben\\u0000"  # six characters, no NUL among them
    imported_id(upload(signed_in, json.dumps(data).encode()))


def test_a_record_nested_deep_in_its_extra_fields_is_read(signed_in: TestClient) -> None:
    data = real_game()
    text = json.dumps(data)[:-1] + ', "notes": ' + "[" * 900 + "]" * 900 + "}"
    game = imported_id(upload(signed_in, text.encode()))
    for address in ("replay", "replay.json", "record.json"):
        assert signed_in.get(f"/games/{game}/{address}").status_code == 200


def test_advice_on_a_record_of_no_move_says_there_is_none(signed_in: TestClient) -> None:
    data = real_game()
    data["actions"] = []  # dealt, and nothing played: a record that may be imported
    game = imported_id(upload(signed_in, json.dumps(data).encode()))
    response = signed_in.get(f"/games/{game}/advice.json", params={"turn": 0})
    assert response.status_code == 404
    assert "This game has no move to advise on." in response.text
    assert "-1" not in response.text  # it used to offer "turns 0 to -1"
