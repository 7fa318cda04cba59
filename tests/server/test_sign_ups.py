"""New accounts from one address are counted within a window (``HANABI_SIGN_UPS_PER_ADDRESS``
in ``HANABI_SIGN_UP_WINDOW_MINUTES``): past the limit, the next sign-up from that address waits
and is told for how long, while other addresses, and the same one once the window has passed,
register as ever."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta

import httpx2
import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, inspect, select, update
from sqlalchemy.orm import Session
from web_client import PASSWORD, assert_no_traceback, browser_at, csrf

from openhanabi.server import Settings, create_app, sign_ups
from openhanabi.server.db import alembic_config
from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, translator
from openhanabi.server.models import SignUp, User, now
from openhanabi.server.security import Passwords

LIMIT = 3
HOME = "198.51.100.7"  # a family's, or a club's, one address
NEIGHBOUR = "198.51.100.8"


@pytest.fixture
def limited(settings: Settings) -> Iterator[TestClient]:
    """The app, with a limit of ``LIMIT`` accounts an hour from one address."""
    settings = settings.model_copy(update={"sign_ups_per_address": LIMIT})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        yield client


class Clock:
    """The moment sign-ups are counted at, moved by the test rather than waited for."""

    def __init__(self) -> None:
        self.moment = now()

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moments = Clock()
    monkeypatch.setattr(sign_ups, "now", moments)
    return moments


def sign_up(
    client: TestClient, address: str, username: str, display_name: str = ""
) -> httpx2.Response:
    """Register ``username`` from a new browser at ``address``, as a person would."""
    browser = browser_at(client, address)
    form = {
        "csrf_token": csrf(browser),
        "username": username,
        "display_name": display_name,
        "password": PASSWORD,
    }
    return browser.post("/register", data=form)


def stored(settings: Settings) -> tuple[list[str], int]:
    """The usernames of the accounts, and how many sign-ups are counted."""
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        names = list(db.scalars(select(User.username).order_by(User.id)))
        counted = db.scalar(select(func.count()).select_from(SignUp)) or 0
    engine.dispose()
    return names, counted


def fill(client: TestClient, address: str = HOME) -> list[str]:
    """Register ``LIMIT`` accounts from ``address``; returns their usernames."""
    names = [f"player{number}" for number in range(LIMIT)]
    for name in names:
        assert sign_up(client, address, name).status_code == 303
    return names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sign_up_past_the_limit_waits_and_is_told_how_long_in_its_language(
    limited: TestClient, settings: Settings, lang: str
) -> None:
    names = fill(limited)
    browser = browser_at(limited, HOME)
    browser.cookies.set(LANG_COOKIE, lang)
    form = {
        "csrf_token": csrf(browser),
        "username": "latecomer",
        "display_name": "Late Comer",
        "password": PASSWORD,
    }
    response = browser.post("/register", data=form)
    assert response.status_code == 429
    # the first of the three leaves the hour in a few seconds under 60 minutes
    assert translator(lang)("refused.too_many_sign_ups", minutes=60) in response.text
    assert 3500 < int(response.headers["Retry-After"]) <= 3600
    # the form keeps what was typed, but the password
    assert 'value="latecomer"' in response.text
    assert 'value="Late Comer"' in response.text
    assert PASSWORD not in response.text
    assert_no_traceback(response)
    assert stored(settings) == (names, LIMIT)  # no account, and the refusal is not counted


def test_another_address_registers_while_one_waits(limited: TestClient, settings: Settings) -> None:
    names = fill(limited)
    assert sign_up(limited, HOME, "latecomer").status_code == 429
    assert sign_up(limited, NEIGHBOUR, "neighbour").status_code == 303
    assert stored(settings) == ([*names, "neighbour"], LIMIT + 1)


def test_the_addresses_of_one_ipv6_network_count_as_one(
    limited: TestClient, settings: Settings
) -> None:
    """A home or a machine is given a whole /64 of IPv6 addresses: one per sign-up would make
    the limit none."""
    names = [f"player{number}" for number in range(LIMIT)]
    for number, name in enumerate(names):
        assert sign_up(limited, f"2001:db8:1:2::{number + 1:x}", name).status_code == 303
    assert sign_up(limited, "2001:db8:1:2:ffff::9", "latecomer").status_code == 429
    assert sign_up(limited, "2001:db8:1:3::1", "neighbour").status_code == 303
    assert stored(settings) == ([*names, "neighbour"], LIMIT + 1)


def test_the_address_registers_again_as_its_sign_ups_leave_the_window(
    limited: TestClient, settings: Settings, clock: Clock
) -> None:
    start = clock.moment
    for number in range(LIMIT):  # at 0, 10 and 20 minutes
        clock.moment = start + timedelta(minutes=10 * number)
        assert sign_up(limited, HOME, f"player{number}").status_code == 303
    clock.moment = start + timedelta(minutes=59, seconds=30)
    early = sign_up(limited, HOME, "early")
    assert early.status_code == 429
    assert "Too many new accounts from your network. Wait 1 minute before" in early.text
    assert early.headers["Retry-After"] == "30"
    clock.moment = start + timedelta(minutes=60, seconds=1)  # the first has left the hour
    assert sign_up(limited, HOME, "again").status_code == 303
    later = sign_up(limited, HOME, "later")
    assert later.status_code == 429
    assert "Wait 10 minutes before" in later.text  # for the one at 10 minutes
    # the sign-up older than the window is not kept
    assert stored(settings) == (["player0", "player1", "player2", "again"], LIMIT)


def test_a_name_already_taken_costs_no_hash_and_no_place(
    limited: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sign-up refused for its name is refused before its password is hashed, and does not
    count: the limit counts accounts made."""
    passwords: Passwords = limited.app.state.passwords  # type: ignore[attr-defined]
    hash_one = passwords.hash
    hashed: list[str] = []

    def counted_hash(password: str) -> str:
        hashed.append(password)
        return hash_one(password)

    monkeypatch.setattr(passwords, "hash", counted_hash)
    assert sign_up(limited, HOME, "ann").status_code == 303
    for _ in range(LIMIT):
        assert sign_up(limited, HOME, "ANN").status_code == 409
        assert sign_up(limited, HOME, "someone", display_name="Ann").status_code == 409
    assert hashed == [PASSWORD]
    assert sign_up(limited, HOME, "bob").status_code == 303
    assert sign_up(limited, HOME, "cat").status_code == 303
    assert sign_up(limited, HOME, "dan").status_code == 429
    assert stored(settings) == (["ann", "bob", "cat"], LIMIT)


def test_sign_ups_sent_together_from_one_address_make_no_more_accounts_than_the_limit(
    limited: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sign-ups that arrive together each count the others before their passwords are hashed:
    none slips past the last place."""
    passwords: Passwords = limited.app.state.passwords  # type: ignore[attr-defined]
    hash_one = passwords.hash

    def slow_hash(password: str) -> str:
        time.sleep(0.3)
        return hash_one(password)

    monkeypatch.setattr(passwords, "hash", slow_hash)
    people = 8
    forms = []
    browsers = [browser_at(limited, HOME) for _ in range(people)]
    for number, browser in enumerate(browsers):
        forms.append(
            {"csrf_token": csrf(browser), "username": f"player{number}", "password": PASSWORD}
        )
    together = threading.Barrier(people)
    statuses: list[int] = []

    def send(number: int) -> None:
        together.wait()
        statuses.append(browsers[number].post("/register", data=forms[number]).status_code)

    threads = [threading.Thread(target=send, args=(number,)) for number in range(people)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(statuses) <= {303, 429}
    made = statuses.count(303)
    assert made <= LIMIT
    names, counted = stored(settings)
    assert len(names) == counted == made


def test_a_password_being_hashed_holds_up_no_other_write(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counting a sign-up leaves no transaction open while argon2 works (a good part of a
    second at its real cost): the others' moves and tables are stored meanwhile."""
    assert sign_up(client, HOME, "ann").status_code == 303
    # a write that gives up after a fifth of a second where the app's would wait five
    waits = {"connect_args": {"timeout": 0.2}} if settings.is_sqlite else {}
    engine = create_engine(settings.database_url, **waits)
    passwords: Passwords = client.app.state.passwords  # type: ignore[attr-defined]
    hash_one = passwords.hash
    written: list[bool] = []

    def hash_and_write(password: str) -> str:
        with Session(engine) as db:
            db.execute(update(User).where(User.username == "ann").values(display_name="Ann"))
            db.commit()
        written.append(True)
        return hash_one(password)

    monkeypatch.setattr(passwords, "hash", hash_and_write)
    assert sign_up(client, HOME, "bob").status_code == 303
    engine.dispose()
    assert written == [True]


def test_the_sign_ups_table_comes_with_its_revision_and_goes_with_its_downgrade(
    settings: Settings,
) -> None:
    """Revision 0012 adds the table of sign-ups, which keeps where from and when, not the
    account; going down takes it away and leaves the accounts."""
    if settings.is_sqlite:
        settings.data_dir.mkdir(parents=True)
    config = alembic_config(settings.database_url)
    command.upgrade(config, "0011")
    engine = create_engine(settings.database_url)
    assert "sign_ups" not in inspect(engine).get_table_names()
    command.upgrade(config, "0012")
    schema = inspect(engine)
    assert {column["name"] for column in schema.get_columns("sign_ups")} == {"id", "address", "at"}
    assert [index["name"] for index in schema.get_indexes("sign_ups")] == ["ix_sign_ups_address_at"]
    command.downgrade(config, "0011")
    tables = inspect(engine).get_table_names()
    assert "sign_ups" not in tables
    assert "users" in tables
    engine.dispose()
