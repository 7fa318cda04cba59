"""Rules that make no game are refused with the reason in the visitor's language: the rules name
the rule broken (``InvalidVariantError.reason``) and the site says it in its own words."""

from __future__ import annotations

import html

import pytest
from fastapi.testclient import TestClient
from web_client import assert_no_traceback, post, register

from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, translator

# forms whose numbers are each allowed, but not together; the reason and its numbers
CASES = [
    ({"players": "2", "start_seat": "3"}, "rules.start_seat", {"players": 2}),
    ({"players": "5", "hand_size": "10"}, "rules.no_draw_pile", {"players": 5, "hand_size": 10}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("form", "key", "params"), CASES)
def test_rules_that_make_no_game_are_refused_in_the_visitors_language(
    client: TestClient, lang: str, form: dict[str, str], key: str, params: dict[str, int]
) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    register(client, "ann")
    response = post(client, "/tables", {"variant": "base", **form})
    assert response.status_code == 422
    t = translator(lang)
    expected = t("refused.bad_rules", reason=t(key, **params))
    assert expected in html.unescape(response.text)
    assert_no_traceback(response)
    assert t("lobby.no_tables") in client.get("/").text
