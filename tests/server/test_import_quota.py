"""Each account may import so many records an hour (``HANABI_IMPORTS_PER_HOUR``): one more is
refused with 429 and a sentence in the importer's language saying when to try again, and stores
nothing; other accounts keep their own allowance, and an hour later the account has it back."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from game_client import second_browser
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from test_import import GAMES, games_stored, imported_id, paste
from web_client import assert_no_traceback, register

from openhanabi.server import Settings
from openhanabi.server.db import Database
from openhanabi.server.errors import TooManyAttemptsError
from openhanabi.server.i18n import LANG_COOKIE, translator
from openhanabi.server.models import GameRecord, User
from openhanabi.server.replays import IMPORT_WINDOW, check_import_quota, import_record, read_record
from openhanabi.server.settings import Settings as SettingsClass

ALLOWED = 2


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"imports_per_hour": ALLOWED})


def record_text() -> str:
    return GAMES[0].read_text()


def test_the_default_allowance_is_generous_and_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert SettingsClass().imports_per_hour >= 10
    monkeypatch.setenv("HANABI_IMPORTS_PER_HOUR", "7")
    assert SettingsClass().imports_per_hour == 7


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_one_import_too_many_is_refused_in_the_importers_language_and_stores_nothing(
    client: TestClient, settings: Settings, lang: str
) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    register(client, "ann")
    for _ in range(ALLOWED):
        imported_id(paste(client, record_text()))
    stored = games_stored(settings)
    response = paste(client, record_text())
    assert response.status_code == 429
    assert 0 < int(response.headers["retry-after"]) <= IMPORT_WINDOW.total_seconds()
    expected = translator(lang)("replay.import.quota", count=ALLOWED, minutes=60)
    assert expected in response.text.replace("&#39;", "'")
    assert_no_traceback(response)
    assert games_stored(settings) == stored


def test_each_account_has_its_own_allowance(client: TestClient) -> None:
    register(client, "ann")
    for _ in range(ALLOWED):
        imported_id(paste(client, record_text()))
    assert paste(client, record_text()).status_code == 429
    ben = second_browser(client)
    register(ben, "ben")
    imported_id(paste(ben, record_text()))


def test_the_allowance_comes_back_as_the_hour_passes(
    client: TestClient, settings: Settings
) -> None:
    register(client, "ann")
    for _ in range(ALLOWED):
        imported_id(paste(client, record_text()))
    with Session(create_engine(settings.database_url)) as db:
        ann = db.scalars(select(User)).one()
        first = db.scalars(select(GameRecord.started_at).order_by(GameRecord.id)).first()
        assert first is not None
        check_import_quota(db, ann, ALLOWED, first + IMPORT_WINDOW + timedelta(seconds=1))
        with pytest.raises(TooManyAttemptsError) as refused:
            check_import_quota(db, ann, ALLOWED, first + IMPORT_WINDOW - timedelta(seconds=90))
        assert (refused.value.status, refused.value.retry_after) == (429, 90)
        assert refused.value.params == {"count": ALLOWED, "minutes": 2}
        with pytest.raises(TooManyAttemptsError) as refused:
            check_import_quota(db, ann, ALLOWED, first + IMPORT_WINDOW - timedelta(seconds=30))
        assert refused.value.key == "replay.import.quota_one"


def test_imports_at_the_same_instant_take_turns_with_the_allowance(
    client: TestClient, settings: Settings
) -> None:
    """The allowance holds when an account's imports arrive together (several tabs, a script):
    each one counts the others stored before it, so exactly ``ALLOWED`` of them are stored."""
    register(client, "ann")
    record, game = read_record(record_text().encode())
    database = Database(settings)
    tries = 6
    together = threading.Barrier(tries)
    outcomes: list[str] = []

    def import_one() -> None:
        with database.session() as db:
            ann = db.scalars(select(User)).one()
            together.wait()
            try:
                import_record(db, ann, record, game, ALLOWED)
                outcomes.append("stored")
            except TooManyAttemptsError:
                outcomes.append("refused")

    threads = [threading.Thread(target=import_one) for _ in range(tries)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    database.close()
    assert sorted(outcomes) == ["refused"] * (tries - ALLOWED) + ["stored"] * ALLOWED
    assert games_stored(settings) == ALLOWED
