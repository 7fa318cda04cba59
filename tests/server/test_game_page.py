"""The game page: every visitor of a started table gets the page that draws it (its texts in
their language, its scripts as files the content policy allows), a table not started yet gets a
page that says so, and the page itself never holds a card: what it shows comes over the socket,
rendered for its viewer, in the viewer's language."""

from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from game_client import Player, clue_message, referee, seat_table, second_browser, settings
from web_client import assert_no_traceback, post, register

from openhanabi.rules import SUITS, Termination
from openhanabi.server import Settings, protocol
from openhanabi.server.i18n import LANGUAGES, translator

__all__ = ["settings"]  # bots without a delay

TEXTS = re.compile(r'<script type="application/json" id="texts">(.*?)</script>', re.S)


class Controls(HTMLParser):
    """The page's buttons and form fields, the ids its labels name, and its scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str | None]] = []
        self.labelled: set[str] = set()
        self.scripts: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag in ("button", "input", "select", "textarea"):
            self.controls.append(attributes)
        elif tag == "label" and attributes.get("for"):
            self.labelled.add(str(attributes["for"]))
        elif tag == "script":
            self.scripts.append(attributes)


def parse(html: str) -> Controls:
    page = Controls()
    page.feed(html)
    return page


def texts_of(html: str) -> dict[str, str]:
    match = TEXTS.search(html)
    assert match, "the page embeds no texts"
    texts: dict[str, str] = json.loads(match.group(1))
    return texts


def test_a_seated_player_gets_the_page_that_draws_the_game(client: TestClient) -> None:
    table = seat_table(client, second_browser(client))
    response = client.get(f"/tables/{table}/game")
    assert response.status_code == 200
    html = response.text
    assert f'data-table="{table}"' in html
    assert "Base game, 3 players" in html  # the variant banner, the preset by its name
    page = parse(html)
    sources = [script.get("src") for script in page.scripts]
    assert {None, "/static/board.js", "/static/game.js"} <= set(sources)
    assert sources.index("/static/board.js") < sources.index("/static/game.js")
    for script in page.scripts:  # code only from files: the content policy allows no other
        assert script.get("src") or script.get("type") == "application/json", script
    for control in page.controls:  # a button's text labels it; a field needs a label
        if control.get("type") not in ("hidden", "submit", "button", None):
            assert control.get("id") in page.labelled or control.get("aria-label"), control
    assert texts_of(html) == translator("en").catalogue("game")
    game = re.search(r'data-game="(\d+)"', html)
    assert game and f'href="/games/{game.group(1)}/replay"' in html  # the end screen's way on
    assert "content-security-policy" in response.headers
    assert "'unsafe-inline'" not in response.headers["content-security-policy"]


def test_the_table_page_links_to_its_game_once_started(client: TestClient) -> None:
    register(client, "ann", "Ann")
    response = post(client, "/tables", {"variant": "base", "players": "2", "seat_2": "basic"})
    table = response.headers["location"].rsplit("/", 1)[1]
    assert f"/tables/{table}/game" not in client.get(f"/tables/{table}").text
    assert post(client, f"/tables/{table}/start").status_code == 303
    assert f'href="/tables/{table}/game"' in client.get(f"/tables/{table}").text


def test_a_spectator_gets_the_page_and_is_told_so(client: TestClient) -> None:
    table = seat_table(client, second_browser(client), spectators="everything")
    watcher = second_browser(client)
    response = watcher.get(f"/tables/{table}/game")
    assert response.status_code == 200
    assert 'class="spectating"' in response.text
    assert "/static/game.js" in response.text
    assert 'class="spectating"' not in client.get(f"/tables/{table}/game").text


def test_a_table_not_started_gets_a_clear_page(client: TestClient) -> None:
    register(client, "ann", "Ann")
    response = post(client, "/tables", {"variant": "base", "players": "2"})
    table = response.headers["location"].rsplit("/", 1)[1]
    page = client.get(f"/tables/{table}/game")
    assert page.status_code == 200
    assert translator("en")("page.not_started") in unescape(page.text)
    assert 'id="game"' not in page.text  # nothing to connect to yet
    assert "data-wait-seconds=" in page.text  # game.js asks whether the game has started
    assert f'href="/tables/{table}"' in page.text


def test_an_unknown_table_is_a_404_page(client: TestClient) -> None:
    response = client.get("/tables/999/game")
    assert response.status_code == 404
    assert_no_traceback(response)
    assert client.get("/tables/nine/game").status_code == 422


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_page_and_its_texts_are_in_the_chosen_language(client: TestClient, lang: str) -> None:
    table = seat_table(client, second_browser(client))
    response = client.get(f"/tables/{table}/game?lang={lang}")
    t = translator(lang)
    assert f'<html lang="{lang}"' in response.text
    assert texts_of(response.text) == t.catalogue("game")
    assert t("page.log") in response.text
    banner = f"{t('preset_name.base')}, {t('variant.players', count=3)}"  # the rules' banner
    assert banner in response.text
    # the choice holds for the next page, and so for the socket that page opens
    assert "/static/game.js" in client.get(f"/tables/{table}/game").text
    assert texts_of(client.get(f"/tables/{table}/game").text) == t.catalogue("game")


def test_the_page_never_holds_a_card(client: TestClient, settings: Settings) -> None:
    """Hidden information: the page's HTML names none of the viewer's own cards (it names no
    card at all: every card comes over the socket, rendered for its viewer)."""
    table = seat_table(client, second_browser(client))
    game = referee(settings, table)
    html = client.get(f"/tables/{table}/game").text
    own = [game.card(order) for order in game.hands[0]]
    names = {card.name(game.variant) for card in own}
    assert not [name for name in names if re.search(rf"\b{name}\b", html)]
    assert 'data-testid="card-' not in html


def test_the_static_files_are_served(client: TestClient) -> None:
    for name, kind in (("board.js", "javascript"), ("game.js", "javascript"), ("game.css", "css")):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        assert kind in response.headers["content-type"]


def test_each_socket_hears_the_log_in_its_own_language(client: TestClient) -> None:
    """Ann plays in German while a spectator watches in Danish: one clue, two languages."""
    table = seat_table(client, second_browser(client), spectators="everything")
    watcher = second_browser(client)
    url = f"/tables/{table}/socket"
    with (
        client.websocket_connect(f"{url}?lang=de") as ann_socket,
        watcher.websocket_connect(f"{url}?lang=da") as watcher_socket,
    ):
        ann, spectator = Player(ann_socket), Player(watcher_socket)
        state = ann.read_state()
        clue = next(clue for clue in state["legal"]["clues"] if "rank" in clue)
        ann.send({"type": "clue", "target": clue["target"], "rank": clue["rank"]})
        german = ann.read_state(1)["log"][0]["text"]
        danish = spectator.read_state(1)["log"][0]["text"]
    assert german.startswith("Ann gab Ben einen Hinweis auf")
    assert danish.startswith("Ann gav Ben et hint om")
    names = [suit["name"] for suit in state["variant"]["suits"]]
    assert names == ["Rot", "Gelb", "Grün", "Blau", "Weiß"]


# ---------------------------------------------------------------- the page's texts and hooks

SERVER = Path(protocol.__file__).parent
SCRIPTS = ("static/board.js", "static/game.js")
# a string in the scripts that names a text of the catalogue: an area's prefix and a dot
KEY = re.compile(
    r'"((?:card|controls|connection|discard_pile|end|firework|game|hand|list|log|page|player)\.[a-z_.]+)"'
)
# the keys the server or the scripts build from a value (a suit, a band, a result, an ending)
BUILT = ("suit.", "verdict.", "log.", "end.reason.", "variant.")


def sources(*names: str) -> str:
    return "\n".join((SERVER / name).read_text("utf-8") for name in names)


def test_every_text_the_scripts_name_is_in_the_catalogue() -> None:
    english = translator("en").catalogue("game")
    named = {key for key in KEY.findall(sources(*SCRIPTS)) if not key.endswith(".")}
    assert len(named) > 50
    assert sorted(named - english.keys()) == []
    for ending in Termination:  # the end screen says why the game ended
        assert f"end.reason.{ending.value}" in english


def test_every_text_of_the_game_catalogue_is_used() -> None:
    used = sources(*SCRIPTS, "templates/game.html", "protocol.py", "routes/game.py")
    unused = [
        key
        for key in translator("en").catalogue("game")
        if f'"{key}"' not in used and f"'{key}'" not in used and not key.startswith(BUILT)
    ]
    assert unused == []


HOOKS = (
    "hand-",
    "card-",
    "play",
    "discard",
    "clue-colour-",
    "clue-rank-",
    "clue-target-",
    "confirm",
    "cancel",
    "declare-",
    "clue-tokens",
    "storms",
    "draw-pile",
    "turn",
    "log",
    "end-screen",
    "score",
    "verdict",
)


def test_the_hooks_for_browser_tests_are_made_and_documented() -> None:
    """The data-testid hooks that browser tests click: each one is made by the page or its
    scripts, and named in the comment at the top of game.js."""
    made = sources(*SCRIPTS, "templates/game.html")
    documented = (SERVER / "static/game.js").read_text("utf-8").split("*/", 1)[0]
    for hook in HOOKS:
        quoted = f'"{hook}"' if not hook.endswith("-") else f'"{hook}'
        assert quoted in made or f'data-testid="{hook}' in made, hook
        assert hook in documented, hook


def test_every_suit_has_a_symbol_and_a_colour_of_its_own() -> None:
    """No card relies on colour alone: each suit's cards show a symbol besides its letter, and
    each suit has its colour (the suits with one card per rank draw as their base suit)."""
    board = (SERVER / "static/board.js").read_text("utf-8")
    style = (SERVER / "static/game.css").read_text("utf-8")
    symbols = re.search(r"const SYMBOLS = \{(.*?)\};", board, re.S)
    assert symbols
    drawn = {key.split("-5")[0] for key in SUITS}
    for key in drawn:
        assert re.search(rf'^\s*"?{key}"?: "\\u[0-9A-F]{{4}}"', symbols.group(1), re.M), key
        assert f'[data-suit="{key}"]' in style, key
    glyphs = re.findall(r'"(\\u[0-9A-F]{4})"', symbols.group(1))
    assert len(set(glyphs)) == len(glyphs)  # no two suits share a symbol


def test_the_colours_follow_the_theme_and_the_system() -> None:
    """Dark when the page says data-theme="dark", or when the system prefers dark and the page
    does not say light; every colour the dark theme changes has a light value too."""
    style = (SERVER / "static/game.css").read_text("utf-8")
    light = re.search(r"^:root \{(.*?)^\}", style, re.S | re.M)
    chosen = re.search(r'^:root\[data-theme="dark"\] \{(.*?)^\}', style, re.S | re.M)
    system = re.search(
        r'prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme="light"\]\) \{(.*?)\}',
        style,
        re.S,
    )
    assert light and chosen and system
    names = re.compile(r"(--hb-[\w-]+):")
    assert set(names.findall(chosen.group(1))) == set(names.findall(system.group(1)))
    assert set(names.findall(chosen.group(1))) <= set(names.findall(light.group(1)))


def test_a_bots_seat_is_named_in_each_viewers_language(client: TestClient) -> None:
    """The record keeps "basic (bot)"; a German player reads "basic (Bot)", in the players'
    names and in the log, as the lobby names the seat."""
    table = seat_table(client, second_browser(client))
    german = translator("de")("site.bot_seat", bot="basic")
    assert german != translator("en")("site.bot_seat", bot="basic")
    with client.websocket_connect(f"/tables/{table}/socket?lang=de") as socket:
        ann = Player(socket)
        state = ann.read_state()
        assert state["players"] == ["Ann", "Ben", german]
        bot = next(clue for clue in state["legal"]["clues"] if clue["target"] == 2)
        ann.send(clue_message(bot))
        assert german in ann.read_state(1)["log"][0]["text"]
