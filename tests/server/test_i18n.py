"""The site speaks English, German and Danish: every catalogue has every key in every language,
with the same placeholders and no empty text; every key the code and the templates use exists;
the visitor's language is ``?lang``, else their cookie, else their browser's, else English; and
pages, refusals and form problems come in that language."""

from __future__ import annotations

import ast
import re
import string

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError
from web_client import PASSWORD, assert_no_traceback, login, post, register

from openhanabi.bots import bot_classes
from openhanabi.rules import PRESETS, find_variant
from openhanabi.server.away import TableNow
from openhanabi.server.forms import JoinForm, LoginForm, RegisterForm, TableForm
from openhanabi.server.i18n import (
    DEFAULT,
    LANG_COOKIE,
    LANGUAGES,
    LOCALES,
    choose_language,
    load,
    translator,
)
from openhanabi.server.listing import Kind
from openhanabi.server.models import TableState
from openhanabi.server.protocol import describe_variant
from openhanabi.server.rules_text import bot_summary, preset_summary
from openhanabi.server.theme import THEME_COOKIE, THEMES

SERVER = LOCALES.parent
TEMPLATES = SERVER / "templates"
# the pages around the game, whose texts are all in the ``site`` area
SITE_TEMPLATES = (
    "away.html",
    "base.html",
    "error.html",
    "lobby.html",
    "login.html",
    "new_table.html",
    "register.html",
    "table.html",
)
PALETTE = ("--bg", "--fg", "--muted", "--accent", "--border", "--error", "--focus")
# a key written out whole, said as it is or counted (keys built with ``~`` are checked one by
# one below)
TEMPLATE_KEY = re.compile(r"""\b_(?:\.counted)?\(\s*["']([^"']+)["']\s*[,)]""")
KEY = re.compile(r"[a-z0-9_]+(\.[a-z0-9_]+)+")
# calls whose first argument is the key of a text (HTTPException: its second, the detail)
# each call that names a text by key, and the position of its key (-1: the last)
KEYED_CALLS = {
    "RefusedError": 0,
    "TooManyAttemptsError": 0,
    "PydanticCustomError": 0,
    "check_failures": -1,
    "note_attempt": -1,
    "refuse": 3,
}


def catalogue(lang: str, area: str) -> dict[str, str]:
    return load(lang, area)


def all_areas() -> list[str]:
    return sorted({path.stem for lang in LANGUAGES for path in (LOCALES / lang).glob("*.json")})


def english() -> dict[str, str]:
    """Every English text of every area."""
    texts: dict[str, str] = {}
    for area in all_areas():
        texts |= catalogue(DEFAULT, area)
    return texts


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("area", all_areas())
def test_every_language_has_every_text_of_every_area(area: str) -> None:
    english_texts = catalogue(DEFAULT, area)
    assert english_texts, f"{area}: no texts"
    for lang in LANGUAGES:
        assert (LOCALES / lang / f"{area}.json").exists(), f"{lang}/{area}.json is missing"
        texts = catalogue(lang, area)
        assert texts.keys() == english_texts.keys(), (
            f"{lang}/{area}: missing {sorted(english_texts.keys() - texts.keys())}, "
            f"unknown {sorted(texts.keys() - english_texts.keys())}"
        )
        for key, text in texts.items():
            assert isinstance(text, str) and text.strip(), f"{lang}/{area}: {key} is empty"
            assert placeholders(text) == placeholders(english_texts[key]), f"{lang}: {key}"


def test_no_key_is_in_two_areas() -> None:
    # a translator holds every area at once: a key in two areas would hide one of its texts
    seen: dict[str, str] = {}
    for area in all_areas():
        for key in catalogue(DEFAULT, area):
            assert key not in seen, f"{key} is in {seen[key]} and {area}"
            seen[key] = area


def test_german_and_danish_are_translations_not_copies() -> None:
    texts = catalogue(DEFAULT, "site")
    for lang in ("de", "da"):
        translated = catalogue(lang, "site")
        same = [key for key, text in texts.items() if translated[key] == text]
        # a few words are the same in each language (Lobby, Variant, "{field}: {problem}")
        assert len(same) < len(texts) / 10, f"{lang}: {same}"


@pytest.mark.parametrize("template", sorted(path.name for path in TEMPLATES.glob("*.html")))
def test_every_key_in_the_templates_exists(template: str) -> None:
    keys = TEMPLATE_KEY.findall((TEMPLATES / template).read_text("utf-8"))
    assert [key for key in keys if key not in english()] == []


@pytest.mark.parametrize("template", SITE_TEMPLATES)
def test_the_site_templates_say_nothing_outside_the_catalogues(template: str) -> None:
    source = (TEMPLATES / template).read_text("utf-8")
    words = re.sub(r"{[{%#].*?[}%#]}", " ", source, flags=re.DOTALL)  # Jinja's parts
    words = re.sub(r"<[^>]*>", " ", words)  # and the tags, attributes included
    assert set(re.findall(r"[^\W\d_]{2,}", words)) <= {"openhanabi"}
    for attribute in ("aria-label", "title", "alt", "placeholder"):  # words people hear or see
        for value in re.findall(rf'\s{attribute}="([^"]*)"', source):
            assert value.startswith("{{"), f"{template}: {attribute}={value!r}"


def test_the_keys_the_templates_build_exist() -> None:
    texts = catalogue(DEFAULT, "site")
    for state in TableState:
        assert f"state.{state.value}" in texts
    for theme in THEMES:
        assert f"site.theme.{theme}" in texts
    for kind in Kind:  # the tables past the lobby's page, counted by kind
        assert f"lobby.more.{kind.name.lower()}" in texts
    # a note of a seat freed while its person was away: counted minutes, and what its table is
    # now (a table with room offers the seat instead)
    assert {"away.freed", "away.freed_one"} <= texts.keys()
    for now in TableNow:
        assert now is TableNow.ROOM or f"away.now.{now.value}" in texts


def keys_in_python() -> set[str]:
    """The texts the server's code names by key: refusals, form problems, HTTP errors' details,
    page titles and the status messages."""
    keys: set[str] = set()
    for path in SERVER.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            argued = []
            if name in KEYED_CALLS and node.args:
                argued.append(node.args[KEYED_CALLS[name]])
            if name == "HTTPException" and len(node.args) > 1:
                argued.append(node.args[1])
            argued += [word.value for word in node.keywords if word.arg == "title"]
            for argument in argued:
                keys |= {text for text in constants(argument) if KEY.fullmatch(text)}
    return keys


def constants(node: ast.expr) -> set[str]:
    """The strings an argument can be: a constant, either side of ``a if c else b``, or any
    item of a tuple."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple):
        return {text for item in node.elts for text in constants(item)}
    if isinstance(node, ast.IfExp):
        return constants(node.body) | constants(node.orelse)
    return set()


def test_every_key_in_the_code_exists() -> None:
    from openhanabi.server.app import STATUS_MESSAGES

    keys = keys_in_python() | set(STATUS_MESSAGES.values())
    assert {"refused.table_full", "title.lobby", "form.username", "status.404"} <= keys
    assert {"refused.too_many_sign_ins_one", "refused.too_many_sign_ins"} <= keys
    assert {"refused.too_many_table_passwords_one", "refused.too_many_table_passwords"} <= keys
    missing = [key for key in sorted(keys) if key not in english()]
    assert missing == []


@given(
    st.sampled_from([*LANGUAGES, None, "", "xx", "EN", "de-DE"]),
    st.sampled_from([*LANGUAGES, None, "", "klingon"]),
    st.text(max_size=60),
)
def test_the_language_is_always_one_of_the_sites(
    asked: str | None, cookie: str | None, accept: str
) -> None:
    chosen = choose_language(asked, cookie, accept)
    assert chosen in LANGUAGES
    if asked in LANGUAGES:
        assert chosen == asked
    elif cookie in LANGUAGES:
        assert chosen == cookie


@pytest.mark.parametrize(
    ("asked", "cookie", "accept", "chosen"),
    [
        ("de", "da", "en", "de"),  # ?lang first
        (None, "da", "de", "da"),  # then the cookie
        ("xx", "da", "de", "da"),  # an unknown ?lang is ignored
        (None, None, "da-DK, de;q=0.9", "da"),  # then the browser
        (None, "klingon", "fr, de;q=0.5, da;q=0.7", "da"),  # by weight, unknown ones skipped
        (None, None, "de;q=banana, da;q=0.1", "da"),  # a malformed weight drops its language
        (None, None, "fr, es", "en"),  # else English
        (None, None, ";;;,,q=", "en"),
        (None, None, None, "en"),
    ],
)
def test_language_choice_order(
    asked: str | None, cookie: str | None, accept: str | None, chosen: str
) -> None:
    assert choose_language(asked, cookie, accept) == chosen


def test_unknown_key_shows_as_it_is_and_placeholders_are_filled() -> None:
    t = translator("de")
    assert t("no.such.key") == "no.such.key"
    assert t("title.table", table=7) == catalogue("de", "site")["title.table"].format(table=7)
    assert "7" in t("title.table", table=7)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_login_page_in_each_language(client: TestClient, lang: str) -> None:
    page = client.get(f"/login?lang={lang}").text
    texts = catalogue(lang, "site")
    assert f'<html lang="{lang}"' in page
    assert f"<title>{texts['title.login']} · openhanabi</title>" in page
    for key in ("field.username", "field.password", "login.no_account", "site.skip"):
        assert texts[key] in page
    if lang != DEFAULT:
        assert catalogue(DEFAULT, "site")["field.username"] not in page


def test_lang_on_the_address_is_remembered_in_a_cookie(client: TestClient) -> None:
    response = client.get("/register?lang=da")
    assert response.cookies[LANG_COOKIE] == "da"
    assert '<html lang="da"' in client.get("/").text  # the next page, without ?lang
    ignored = client.get("/?lang=xx")
    assert LANG_COOKIE not in ignored.cookies  # a bad choice changes nothing
    assert '<html lang="da"' in ignored.text


def test_the_browsers_language_without_a_cookie(client: TestClient) -> None:
    page = client.get("/login", headers={"Accept-Language": "de-AT, en;q=0.5"})
    assert '<html lang="de"' in page.text
    assert LANG_COOKIE not in page.cookies  # only a choice on the page is remembered


def test_the_switcher_offers_each_language_in_its_own_words(client: TestClient) -> None:
    page = client.get("/login?lang=de&x=1").text
    for code, name in LANGUAGES.items():
        link = re.search(
            rf'<a href="([^"]+)" hreflang="{code}" lang="{code}"([^>]*)>{name}</a>', page
        )
        assert link, f"no link to {name}"
        assert link.group(1).startswith("/login?") and f"lang={code}" in link.group(1)
        assert "x=1" in link.group(1)  # the same page, the same query
        assert ('aria-current="true"' in link.group(2)) == (code == "de")


def test_refusals_are_in_the_visitors_language(client: TestClient, other: TestClient) -> None:
    register(client, "ann")
    post(client, "/logout")
    client.cookies.set(LANG_COOKIE, "de")
    response = login(client, "ann", "wrong password")
    assert response.status_code == 401
    assert catalogue("de", "site")["refused.wrong_login"] in response.text
    other.cookies.set(LANG_COOKIE, "da")
    response = post(other, "/tables/999/join")
    assert response.status_code == 401
    assert catalogue("da", "site")["status.401"] in response.text
    assert_no_traceback(response)


def test_too_many_sign_ins_counts_the_minutes_in_words(client: TestClient) -> None:
    register(client, "ann")
    post(client, "/logout")
    client.cookies.set(LANG_COOKIE, "da")
    for _ in range(5):
        login(client, "ann", "wrong password")
    response = login(client, "ann", PASSWORD)
    assert response.status_code == 429
    expected = catalogue("da", "site")["refused.too_many_sign_ins"].format(minutes=15)
    assert expected in response.text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_form_problems_are_in_the_visitors_language(client: TestClient, lang: str) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    register(client, "ann")
    response = post(client, "/tables", {"variant": "base", "players": "9", "storms": "x"})
    assert response.status_code == 422
    texts = catalogue(lang, "site")
    players = texts["form.problem"].format(
        field=texts["field.players"], problem=texts["form.less_than_equal"].format(le=5)
    )
    storms = texts["form.problem"].format(
        field=texts["field.storms"], problem=texts["form.int_parsing"]
    )
    assert players in response.text and storms in response.text
    assert_no_traceback(response)


def test_the_theme_follows_the_system_until_one_is_chosen(client: TestClient) -> None:
    page = client.get("/").text
    assert "data-theme=" not in page.split(">", 2)[1]  # the <html> tag: the style sheet decides
    assert re.search(r'data-theme-choice="system" aria-current="true"', page)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_chosen_theme_is_remembered_and_rendered(client: TestClient, theme: str) -> None:
    response = client.get(f"/login?theme={theme}")
    assert response.cookies[THEME_COOKIE] == theme
    for page in (response.text, client.get("/").text):  # and on the next page
        assert f'<html lang="en" data-theme="{theme}">' in page
        assert f'data-theme-choice="{theme}" aria-current="true"' in page


def test_back_to_the_system_theme_and_bad_themes(client: TestClient) -> None:
    client.get("/?theme=dark")
    assert client.get("/?theme=system").cookies[THEME_COOKIE] == "system"
    assert 'data-theme="' not in client.get("/").text.split(">", 2)[1]
    ignored = client.get("/?theme=purple")
    assert THEME_COOKIE not in ignored.cookies
    assert 'data-theme-choice="system" aria-current="true"' in ignored.text
    client.cookies.set(THEME_COOKIE, "<script>")
    assert "<script>" not in client.get("/").text.split("</head>")[1]


def test_the_palette_has_light_and_dark_values_for_every_variable(client: TestClient) -> None:
    css = client.get("/static/site.css").text
    blocks = re.findall(r"(:root[^{]*)\{([^}]*)\}", css)
    assert [selector.strip() for selector, _ in blocks] == [
        ":root",
        ':root[data-theme="dark"]',
        ':root:not([data-theme="light"])',
    ]
    names = [set(re.findall(r"(--[a-z-]+):", body)) for _, body in blocks]
    assert names[0] >= set(PALETTE)
    assert names[0] == names[1] == names[2]
    light, dark, system_dark = (dict(re.findall(r"(--[a-z-]+):\s*([^;]+);", b)) for _, b in blocks)
    assert dark == system_dark  # dark by choice and dark by the system look the same
    assert all(light[name] != dark[name] for name in PALETTE)
    assert "prefers-color-scheme: dark" in css


def test_the_theme_script_is_a_file_the_policy_allows(client: TestClient) -> None:
    page = client.get("/").text
    assert '<script src="/static/site.js" defer></script>' in page
    assert "script-src" not in client.get("/").headers["content-security-policy"]
    script = client.get("/static/site.js")
    assert script.status_code == 200 and THEME_COOKIE in script.text


def test_every_preset_and_bot_has_its_summary_in_every_language() -> None:
    texts = catalogue(DEFAULT, "site")
    for preset in PRESETS:
        assert texts[f"preset.{preset.key}"] == preset.summary  # kept in step with the rules
        for lang in LANGUAGES:  # and a name a player reads, not its key
            assert f"preset_name.{preset.key}" in catalogue(lang, "site"), (lang, preset.key)
        assert (
            preset_summary(preset, translator("de"))
            == catalogue("de", "site")[f"preset.{preset.key}"]
        )
    for name, bot in bot_classes().items():
        if not bot.__module__.startswith("openhanabi."):
            continue  # a third party's bot, said in its own words
        assert texts[f"bot.{name}"] == bot.summary
        for lang in LANGUAGES:
            assert f"bot.{name}" in catalogue(lang, "site"), (lang, name)
    assert bot_summary("nobody-knows-me", "its own words", translator("da")) == "its own words"


def test_the_new_table_form_in_the_visitors_language(client: TestClient) -> None:
    client.cookies.set(LANG_COOKIE, "da")
    register(client, "ann")
    page = client.get("/tables/new").text
    for preset in PRESETS:
        assert preset_summary(preset, translator("da")) in page
    assert catalogue("da", "site")["bot.random"] in page


def test_the_answer_to_a_form_switches_language_on_the_page_the_form_was_on(
    client: TestClient,
) -> None:
    form = {"username": "a", "password": "short"}
    page = post(client, "/register", form).text
    assert 'href="/?lang=de"' in page  # the browser did not say where it came from
    came_from = {"referer": f"{client.base_url}/register?x=1"}
    page = client.post("/login", data={"csrf_token": "forged"}, headers=came_from).text
    assert 'href="/register?x=1&amp;lang=de"' in page
    elsewhere = {"referer": "https://elsewhere.example/register"}
    page = client.post("/login", data={"csrf_token": "forged"}, headers=elsewhere).text
    assert 'href="/?lang=de"' in page


def test_the_answer_to_a_form_whose_referer_is_no_address_switches_language_on_the_lobby(
    client: TestClient,
) -> None:
    for referer in ("http://[::1", "http://[x]/register", "//["):
        response = client.post(
            "/login", data={"csrf_token": "forged"}, headers={"referer": referer}
        )
        assert response.status_code == 403, referer
        assert 'href="/?lang=de"' in response.text


@pytest.mark.parametrize(
    "path",
    [
        "//elsewhere.example/x",
        "/%2F%2Felsewhere.example",
        "/%09/elsewhere.example",
        "/%5Celsewhere.example",
    ],
)
def test_the_language_links_of_any_address_stay_on_the_site(client: TestClient, path: str) -> None:
    """A browser reads ``//elsewhere.example/x`` (or ``/\\elsewhere.example``, or a path with a
    tab it drops) as another site: a link sent to someone must not make the site's own header
    lead there."""
    page = client.get(f"{client.base_url}{path}").text
    came_from = {"referer": f"{client.base_url}{path}"}
    answer = client.post("/login", data={"csrf_token": "forged"}, headers=came_from).text
    for text in (page, answer):
        links = re.findall(r'<a href="([^"]+)" hreflang="', text)
        assert len(links) == len(LANGUAGES), path
        for link in links:
            assert link.startswith("/") and not link.startswith("//"), link
            assert "\\" not in link and "\t" not in link, link


def test_a_bad_address_names_its_part_in_the_visitors_language(client: TestClient) -> None:
    client.cookies.set(LANG_COOKIE, "de")
    response = client.get("/tables/abc")
    assert response.status_code == 422
    words = catalogue("de", "site")
    expected = words["form.problem"].format(
        field=words["field.table_id"], problem=words["form.int_parsing"]
    )
    assert expected in response.text


def test_the_lobby_and_the_table_describe_the_rules_in_the_visitors_language(
    client: TestClient,
) -> None:
    client.cookies.set(LANG_COOKIE, "da")
    register(client, "ann")
    response = post(client, "/tables", {"variant": "rainbow", "players": "4", "storms": "2"})
    table = client.get(response.headers["location"]).text
    variant = find_variant("rainbow", players=4, storms=2)
    described = describe_variant(variant, translator("da"))
    assert described != variant.describe()
    assert described in client.get("/").text and described in table


def test_bots_at_a_table_are_named_in_the_visitors_language(client: TestClient) -> None:
    client.cookies.set(LANG_COOKIE, "de")
    register(client, "ann", "Ann")
    response = post(client, "/tables", {"variant": "base", "players": "3", "seat_3": "basic"})
    bot = catalogue("de", "site")["site.bot_seat"].format(bot="basic")
    assert f"Ann, {bot}" in client.get("/").text
    assert bot in client.get(response.headers["location"]).text


FORMS = (RegisterForm, LoginForm, JoinForm, TableForm)
FORM_VALUES = st.one_of(st.text(max_size=8), st.sampled_from(["", "0", "6", "99999", "on", "1.5"]))


@given(
    form=st.sampled_from(FORMS),
    sent=st.dictionaries(
        st.sampled_from(sorted({name for form in FORMS for name in form.model_fields})),
        FORM_VALUES | st.text(min_size=120, max_size=200),
    ),
)
def test_every_problem_a_form_can_have_has_words_in_every_language(
    form: type[BaseModel], sent: dict[str, str]
) -> None:
    try:
        form.model_validate(sent)
    except ValidationError as error:
        kinds = {str(problem["type"]) for problem in error.errors()}
        for kind in kinds:
            key = kind if kind.startswith("form.") else f"form.{kind}"
            assert key in catalogue(DEFAULT, "site"), f"{form.__name__}: no words for {kind}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tokens", ["clue_tokens", "storms"])
def test_the_new_table_form_names_the_tokens_as_the_game_does(lang: str, tokens: str) -> None:
    """A table's form and its game call each kind of token by one name: "3 storms" in the
    lobby and the game, "Storms" on the form."""
    form = catalogue(lang, "site")[f"field.{tokens}"]
    described = catalogue(lang, "game")[f"variant.{tokens}"].replace("{count}", "").strip()
    assert form.casefold() == described.casefold()


@pytest.mark.parametrize(
    ("lang", "one_storm", "two_storms"),
    [
        ("en", "1 storm", "2 storms"),
        ("de", "1 Gewitterplättchen", "2 Gewitterplättchen"),
        ("da", "1 uvejrsbrik", "2 uvejrsbrikker"),
    ],
)
def test_a_count_of_one_is_said_in_the_singular(lang: str, one_storm: str, two_storms: str) -> None:
    t = translator(lang)
    one = describe_variant(find_variant("one-storm", players=3), t).split(", ")
    assert one_storm in one
    assert two_storms in describe_variant(find_variant("fewer-storms", players=3), t).split(", ")
    single = find_variant("base", players=2, clue_tokens=1, hand_size=1)
    described = describe_variant(single, t).split(", ")
    assert t("variant.clue_tokens_one", count=1) in described
    assert t("variant.hand_size_one", count=1) in described
    if lang == DEFAULT:
        assert {"1 clue token", "1 card in hand"} <= set(described)


def test_every_form_for_one_thing_has_its_form_for_many() -> None:
    for area in all_areas():
        texts = catalogue(DEFAULT, area)
        for key in texts:
            if key.endswith("_one"):
                stem = key.removesuffix("_one")
                many = stem if stem in texts else f"{stem}_many"  # log.clue_one, log.clue_many
                assert many in texts, f"{area}: {key} without {stem}"
                assert placeholders(texts[key]) == placeholders(texts[many]), key


PLAYER_PLACEHOLDER = re.compile(r"\{(name2?|player|who|target)(:[^}]*)?\}[^\W\d_]")


@pytest.mark.parametrize("lang", ["de", "da"])
def test_no_ending_is_glued_to_a_players_name(lang: str) -> None:
    """A name takes no ending of the language ("{name}s hånd" would read "Larss hånd")."""
    for area in all_areas():
        for key, text in catalogue(lang, area).items():
            assert not PLAYER_PLACEHOLDER.search(text), f"{lang}/{area}: {key}: {text}"


# where the game names a card by its place in a hand
SLOT_KEYS = (
    "page.shortcut.slot",
    "card.own",
    "card.other",
    "card.spectated",
    "controls.selected",
    "controls.note_label",
    "controls.clue_touches",
    "controls.clue_touches_one",
)


@pytest.mark.parametrize("lang", ["de", "da"])
def test_a_cards_place_in_a_hand_is_its_position_and_a_seat_is_a_seat(lang: str) -> None:
    """The bots' explanations say "Position 3"; the game says the same, and keeps the word for
    a seat ("Bob (Platz 2)") for seats alone."""
    game = catalogue(lang, "game")
    seat = re.fullmatch(r"\{name\} \((\w+) \{seat\}\)", game["player.seat"])
    assert seat, game["player.seat"]
    word = catalogue(lang, "bots")["bots.action.play"].split(" {position}")[0].split()[-1]
    assert word.casefold() == "position"
    texts = [game[key] for key in SLOT_KEYS] + [catalogue(lang, "problems")["problem.no_slot"]]
    for text in texts:
        assert word.casefold() in text.casefold(), text
        assert seat.group(1).casefold() not in text.casefold(), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_form_and_the_game_name_declared_play_and_the_turn_alike(lang: str) -> None:
    game, site = catalogue(lang, "game"), catalogue(lang, "site")
    declared = game["variant.declared_play"].casefold()
    assert site["field.declared_play"].casefold() == declared
    assert (
        catalogue(lang, "problems")["problem.illegal.declared_play_off"]
        .casefold()
        .startswith(declared)
    )
    assert site["field.turn"] == catalogue(lang, "replay")["replay.turn"]
