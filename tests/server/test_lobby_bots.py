"""The new table form helps choose a bot to sit beside people: the conventions bot (which plays by
conventions people use too) is offered first and recommended, and the hat bot, which reads
every clue as hat guessing, says that it plays best beside other hat bots; in every language."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_client import post, register

from openhanabi.bots import BESIDE_PEOPLE, bot_classes
from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, translator
from openhanabi.server.rules_text import bot_summary


def seat_options(page: str, seat: int) -> list[tuple[str, str]]:
    """The (value, label) of each option of a seat's select."""
    select = re.search(rf'<select id="seat_{seat}".*?</select>', page, re.DOTALL)
    assert select, f"no select for seat {seat}"
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select.group(0))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bot_for_seats_beside_people_comes_first_and_hat_says_whom_it_needs(
    client: TestClient, lang: str
) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    register(client, "ann")
    page = client.get("/tables/new").text
    t = translator(lang)
    bots = bot_classes()
    for seat in range(2, 6):
        options = seat_options(page, seat)
        assert options[0] == ("", t("new_table.seat_for_a_player"))  # a person, unless chosen
        assert [value for value, _ in options[1:]] == [
            BESIDE_PEOPLE,
            *(name for name in bots if name != BESIDE_PEOPLE),
        ]
        labels = dict(options)
        for name, note in ((BESIDE_PEOPLE, "beside_people"), ("hat", "hat")):
            label = t("new_table.seat_for_a_bot", bot=name, summary=bot_summary(name, "", t))
            expected = t("new_table.bot_with_note", bot=label, note=t(f"new_table.bot_note.{note}"))
            assert labels[name] == expected.replace("'", "&#39;")
        assert t("new_table.bot_note.hat") not in labels["basic"]
    assert t("new_table.bots_help") in page
    assert 'aria-describedby="seats-help bots-help"' in page


def test_a_table_of_a_person_and_the_recommended_bot_opens(client: TestClient) -> None:
    register(client, "ann")
    response = post(client, "/tables", {"variant": "base", "players": "2", "seat_2": BESIDE_PEOPLE})
    assert response.status_code == 303
    assert (
        translator("en")("site.bot_seat", bot=BESIDE_PEOPLE)
        in client.get(response.headers["location"]).text
    )


def test_a_seat_cannot_take_a_bot_named_by_a_file_or_module(
    client: TestClient, tmp_path: Path
) -> None:
    # the command line loads bots from FILE.py:CLASS; a visitor naming code to import is
    # refused, and nothing of it runs
    marker = tmp_path / "imported"
    trap = tmp_path / "trap.py"
    trap.write_text(
        f"open({str(marker)!r}, 'w').close()\nfrom openhanabi.bots.basic import BasicBot as Trap\n"
    )
    register(client, "ann")
    for bot in (f"{trap}:Trap", "openhanabi.bots.basic:BasicBot"):
        response = post(client, "/tables", {"variant": "base", "players": "2", "seat_2": bot})
        assert response.status_code == 400
        assert "There is no bot called" in unescape(response.text)
    assert not marker.exists()
    assert "Trap" not in client.get("/").text


CONVENTIONS = (
    "chop",
    "focus",
    "play",
    "save",
    "good_touch",
    "prompt",
    "finesse",
    "tempo",
    "fix",
    "scream",
    "position",
    "end",
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bots_page_spells_out_the_conventions_and_says_how_each_other_bot_plays(
    client: TestClient, lang: str
) -> None:
    """Anyone, signed in or not, can read what the conventions bot's clues and discards mean
    before sitting beside it, in their language."""
    client.cookies.set(LANG_COOKIE, lang)
    response = client.get("/bots")
    assert response.status_code == 200
    page = unescape(response.text)
    t = translator(lang)
    terms = re.findall(r"<dt>([^<]*)</dt>", page)
    assert terms == [t(f"bots_page.{name}") for name in CONVENTIONS]
    for name in CONVENTIONS:
        assert t(f"bots_page.{name}.says") in page
    bots = bot_classes()
    for name, bot in bots.items():
        if name != BESIDE_PEOPLE:
            assert bot_summary(name, bot.summary, t) in page


@pytest.mark.parametrize("url", ["/", "/login"])
def test_every_page_links_to_the_bots_page(client: TestClient, url: str) -> None:
    assert 'href="/bots"' in client.get(url).text


def test_the_new_table_form_links_to_the_bots_page_from_its_help(client: TestClient) -> None:
    register(client, "ann")
    page = client.get("/tables/new").text
    help_text = re.search(r'<small id="bots-help".*?</small>', page, re.DOTALL)
    assert help_text and 'href="/bots"' in help_text.group(0)
