"""Guesses at a secret (a sign-in, a table's password): each is stored as a failure before its
password is checked, so that guesses sent together cannot all pass the limit at once, and
nothing stays locked while argon2 works (a good part of a second at its real cost); passwords
sent together are hashed a few at a time."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from game_client import second_browser
from sqlalchemy import create_engine, func, select, update
from sqlalchemy.orm import Session
from web_client import PASSWORD, csrf, login, post, register

import openhanabi.server.app as app_module
from openhanabi.server import Settings, create_app
from openhanabi.server.models import LoginFailure, SignUp, TablePasswordFailure, User
from openhanabi.server.security import Passwords


def checking(
    monkeypatch: pytest.MonkeyPatch, client: TestClient, meanwhile: Callable[[], None]
) -> list[str]:
    """Have ``meanwhile`` run while each password is checked; returns the passwords checked."""
    passwords: Passwords = client.app.state.passwords  # type: ignore[attr-defined]
    verify = passwords.verify
    checked: list[str] = []

    def slow_verify(hashed: str | None, password: str) -> bool:
        checked.append(password)
        meanwhile()
        return verify(hashed, password)

    monkeypatch.setattr(passwords, "verify", slow_verify)
    return checked


def test_a_password_being_checked_holds_up_no_other_write(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While one person signs in or joins a table with a password, the others' moves and tables
    are stored: a write waits for no password's check (SQLite's file is one lock)."""
    register(client, "ann")
    response = post(client, "/tables", {"variant": "base", "players": "3", "password": "our table"})
    table = re.sub(r"\D", "", response.headers["location"])
    guest = second_browser(client)
    register(guest, "ben")
    # a write that gives up after a fifth of a second where the app's would wait five
    waits = {"connect_args": {"timeout": 0.2}} if settings.is_sqlite else {}
    engine = create_engine(settings.database_url, **waits)
    written: list[bool] = []

    def write() -> None:
        with Session(engine) as db:
            db.execute(update(User).where(User.username == "ann").values(display_name="Ann"))
            db.commit()
        written.append(True)

    checked = checking(monkeypatch, client, write)
    stranger = second_browser(client)
    assert login(stranger, "ann", "wrong password").status_code == 401
    assert login(stranger, "ann").status_code == 303
    assert post(guest, f"/tables/{table}/join", {"password": "a guess"}).status_code == 403
    assert post(guest, f"/tables/{table}/join", {"password": "our table"}).status_code == 303
    engine.dispose()
    assert checked == ["wrong password", PASSWORD, "a guess", "our table"]
    assert written == [True] * 4


def test_guesses_sent_together_are_checked_no_more_often_than_the_limit(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Guesses that arrive while the first ones are still being checked each count those before
    them: a limit of 3 lets at most 3 of 8 guesses sent at once be checked."""
    settings = settings.model_copy(update={"login_failures_per_account": 3})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        post(client, "/logout")
        checked = checking(monkeypatch, client, lambda: time.sleep(0.3))
        guesses = 8
        together = threading.Barrier(guesses)
        statuses: list[int] = []

        def guess(number: int) -> None:
            browser = second_browser(client)
            form: dict[str, Any] = {
                "csrf_token": csrf(browser, "/login"),
                "username": "ann",
                "password": f"guess number {number}",
            }
            together.wait()
            statuses.append(browser.post("/login", data=form).status_code)

        threads = [threading.Thread(target=guess, args=(number,)) for number in range(guesses)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert set(statuses) <= {401, 429}
        assert len(checked) <= 3
        assert statuses.count(401) == len(checked)
        with Session(create_engine(settings.database_url)) as db:
            failures = db.scalar(select(func.count()).select_from(LoginFailure))
        assert failures == len(checked)  # a guess refused unchecked counts for nothing


def test_passwords_sent_together_are_hashed_a_few_at_a_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each argon2 hash takes its memory (64 MiB at the default cost): sign-ups sent at once
    wait their turn instead of taking that much each, all together."""
    client.app.state.passwords = Passwords(1, 1024, at_once=2)  # type: ignore[attr-defined]
    hash_one = PasswordHasher.hash
    running: list[int] = []
    most = 0
    lock = threading.Lock()

    def slow_hash(hasher: PasswordHasher, password: str | bytes, **options: Any) -> str:
        nonlocal most
        with lock:
            running.append(1)
            most = max(most, len(running))
        time.sleep(0.1)
        with lock:
            running.pop()
        return hash_one(hasher, password, **options)

    monkeypatch.setattr(PasswordHasher, "hash", slow_hash)
    people = 6
    together = threading.Barrier(people)
    statuses: list[int] = []

    def sign_up(number: int) -> None:
        browser = second_browser(client)
        form = {"csrf_token": csrf(browser), "username": f"player{number}", "password": PASSWORD}
        together.wait()
        statuses.append(browser.post("/register", data=form).status_code)

    threads = [threading.Thread(target=sign_up, args=(number,)) for number in range(people)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [303] * people
    assert most == 2


def counted(db: Session, kinds: tuple[type[Any], ...]) -> list[int | None]:
    return [db.scalar(select(func.count()).select_from(kind)) for kind in kinds]


def test_the_sweep_forgets_the_attempts_whose_window_is_over(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failed sign-in, a wrong table password and a sign-up each hold an address: once their
    window is over they count for nothing, and the server's sweep deletes them even when no
    attempt of their kind comes after them; those still in their window stay."""
    monkeypatch.setattr(app_module, "FORSAKEN_SWEEP_SECONDS", 0.05)
    kinds = (LoginFailure, TablePasswordFailure, SignUp)
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")  # a sign-up
        response = post(client, "/tables", {"variant": "base", "players": "2", "password": "ours"})
        table = re.sub(r"\D", "", response.headers["location"])
        guest = second_browser(client)
        register(guest, "ben")
        assert post(guest, f"/tables/{table}/join", {"password": "a guess"}).status_code == 403
        assert login(second_browser(client), "ann", "wrong password").status_code == 401
        engine = create_engine(settings.database_url)
        with Session(engine) as db:
            assert [db.scalar(select(func.count()).select_from(kind)) for kind in kinds] == [
                1,
                1,
                2,
            ]
            # Ben's sign-up and both failures as old as their windows and a minute more
            windows = {
                LoginFailure: settings.login_window_minutes,
                TablePasswordFailure: settings.login_window_minutes,
                SignUp: settings.sign_up_window_minutes,
            }
            for kind, minutes in windows.items():
                newest = db.scalar(select(func.max(kind.id)))
                old = datetime.now(UTC) - timedelta(minutes=minutes + 1)
                db.execute(update(kind).where(kind.id == newest).values(at=old))
            db.commit()
        deadline = time.monotonic() + 10
        left: list[int | None] = []
        while time.monotonic() < deadline:
            with Session(engine) as db:
                left = counted(db, kinds)
            if left == [0, 0, 1]:
                break
            time.sleep(0.05)
        engine.dispose()
    assert left == [0, 0, 1]  # Ann's sign-up is still within its window
