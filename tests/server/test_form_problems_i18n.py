"""A form the site's pages could never send (a file where text goes, a number of thousands of
digits, a choice the form does not offer) is refused with its problem in the visitor's language,
by its field, and without the form checker's own English."""

from __future__ import annotations

import html

import pytest
from fastapi.exceptions import RequestValidationError
from fastapi.testclient import TestClient
from pydantic import ValidationError
from test_lobby import count
from web_client import assert_no_traceback, csrf, register

from openhanabi.server.forms import BOT_SUFFIXES, RegisterForm, field_name, problems
from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, translator
from openhanabi.server.models import GameTable, Spectators
from openhanabi.server.settings import Settings

A_FILE = ("crafted.txt", b"3")
BASE = {"variant": "base", "players": "3"}

# the fields sent, the files sent, and the field whose problem the page names, with its text
CASES = [
    ({"variant": "base"}, {"players": A_FILE}, "players", "form.int_type", {}),
    ({"variant": "base", "players": "9" * 5000}, {}, "players", "form.int_parsing_size", {}),
    (BASE, {"bonus_tiles": A_FILE}, "bonus_tiles", "form.bool_type", {}),
    ({"players": "3"}, {"variant": A_FILE}, "variant", "form.string_type", {}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("data", "files", "field", "key", "params"), CASES)
def test_a_crafted_form_is_refused_in_the_visitors_language(
    client: TestClient,
    settings: Settings,
    lang: str,
    data: dict[str, str],
    files: dict[str, tuple[str, bytes]],
    field: str,
    key: str,
    params: dict[str, str],
) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    register(client, "ann")
    form = {"csrf_token": csrf(client), **data}
    response = client.post("/tables", data=form, files=files or None)
    assert response.status_code == 422
    t = translator(lang)
    page = html.unescape(response.text)
    assert t("form.problem", field=field_name(field, t), problem=t(key, **params)) in page
    for english in ("Input should", "Unable to parse", " or '"):
        assert english not in page
    assert_no_traceback(response)
    assert count(settings, GameTable) == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_check_without_words_of_its_own_is_said_in_the_visitors_language(lang: str) -> None:
    error = RequestValidationError(
        [{"type": "url_scheme", "loc": ("body", "players"), "msg": "URL scheme should be 'x'"}]
    )
    t = translator(lang)
    assert problems(error, t) == {"players": t("form.not_valid")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_choice_the_form_does_not_offer_is_refused_naming_the_forms_own_choices(
    client: TestClient, settings: Settings, lang: str
) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    register(client, "ann")
    form = {"csrf_token": csrf(client), **BASE, "spectators": "all"}
    response = client.post("/tables", data=form)
    assert response.status_code == 422
    t = translator(lang)
    offered = [t("form.enum_choice", choice=t(f"spectators.{value}")) for value in Spectators]
    problem = t("form.enum", expected=", ".join(offered))
    page = html.unescape(response.text)
    assert t("form.problem", field=field_name("spectators", t), problem=problem) in page
    assert "none, everything" not in page  # the values the form sends are no words for people
    assert count(settings, GameTable) == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_display_name_may_end_in_no_language_s_name_for_a_bot_s_seat(lang: str) -> None:
    """A bot's seat is "basic (bot)" in English, "basic (Bot)" in German: a display name ending
    in either, in any case, would pass for one, and the problem names the ending as the
    visitor's language writes it."""
    t = translator(lang)
    seat = t("site.bot_seat", bot="basic")
    ending = seat.removeprefix("basic").strip()
    assert ending in t("form.display_name_bot")
    for name in (seat, f"Ann {ending.upper()}", f"Ann{ending.lower()}"):
        with pytest.raises(ValidationError) as refused:
            RegisterForm(username="ann", password="a password", display_name=name)
        assert refused.value.errors()[0]["type"] == "form.display_name_bot", name
    kept = RegisterForm(username="ann", password="a password", display_name="Bot Ann")
    assert kept.display_name == "Bot Ann"
    assert {"(bot)"} <= BOT_SUFFIXES
