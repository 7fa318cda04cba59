"""A real game's record, imported through the form, is watched turn by turn in the browser: the
buttons, the keyboard, the slider and the log go to a turn, the address keeps it, and every
hand shows its cards."""

from __future__ import annotations

import json
import re
from pathlib import Path

from camera import Camera
from playwright.sync_api import Page, expect
from ui import OpenPage, register

from openhanabi.records import read_record
from openhanabi.server.i18n import translator

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()
REPLAY_URL = re.compile(r"/games/(\d+)/replay$")


def at_turn(page: Page, turn: int, last: int) -> None:
    t = translator("en")
    expect(page.locator("#replay-position")).to_have_text(
        t("replay.position", turn=turn, last=last)
    )
    expect(page).to_have_url(re.compile(rf"[?&]turn={turn}$"))


def test_an_imported_game_is_watched_turn_by_turn(open_page: OpenPage, camera: Camera) -> None:
    path = DATA / "game_1.json"
    record = read_record(path)
    last = len(record.actions)
    expected = json.loads(path.read_text())["expected"]["score"]
    page = open_page(locale="en")
    register(page, "ann", "Ann")
    page.goto("/games/import")
    page.locator("#record").set_input_files(str(path))
    page.locator('form[action="/games/import"] button[type="submit"]').click()
    expect(page).to_have_url(REPLAY_URL)

    expect(page.locator("#replay-next")).to_be_enabled()
    expect(page.locator("#replay-position")).to_have_text(f"Turn 0 of {last}")
    board = page.locator("#replay-board")
    # every hand shows its cards: three hands of five, each card named for screen readers
    for player in record.players:
        expect(board).to_contain_text(player)
    expect(page.locator("#replay-log li")).to_have_count(last)
    camera.shoot(page, "start")

    page.locator("#replay-next").click()
    at_turn(page, 1, last)
    expect(page.locator('#replay-log li[aria-current="step"]')).to_have_count(1)
    page.keyboard.press("End")
    at_turn(page, last, last)
    expect(page.locator("#replay-status")).to_contain_text(f"{expected} of 25")
    camera.shoot(page, "end")
    page.keyboard.press("ArrowLeft")
    at_turn(page, last - 1, last)
    page.keyboard.press("Home")
    at_turn(page, 0, last)
    expect(page.locator("#replay-previous")).to_be_disabled()
    page.locator("#replay-log li").nth(9).locator("button").click()
    at_turn(page, 10, last)
    page.locator("#replay-turn").fill("20")
    at_turn(page, 20, last)

    page.reload()
    at_turn(page, 20, last)
    expect(page.locator('#replay-log li[aria-current="step"]')).to_have_count(1)


def test_the_keyboard_keeps_its_place_and_the_page_stays_put(
    open_page: OpenPage, camera: Camera
) -> None:
    """Pressing Next to the end leaves the focus on the slider (not lost with the disabled
    button), and stepping scrolls the log alone, never the page."""
    path = DATA / "game_2.json"
    last = len(read_record(path).actions)
    page = open_page(locale="en")
    register(page, "ann", "Ann")
    page.goto("/games/import")
    page.locator("#text").fill(path.read_text())
    page.locator('form[action="/games/import"] button[type="submit"]').click()
    expect(page).to_have_url(REPLAY_URL)
    page.goto(page.url + f"?turn={last - 2}")
    at_turn(page, last - 2, last)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#replay-next").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    at_turn(page, last, last)
    expect(page.locator("#replay-turn")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    at_turn(page, last - 1, last)
    assert page.evaluate("window.scrollY") == 0
    camera.shoot(page, "near-the-end")


def test_the_bot_says_what_it_would_have_done_before_a_move(
    open_page: OpenPage, camera: Camera
) -> None:
    """The button asks the conventions bot about the move after the turn shown: its sentence
    comes in the page's language, marked as the game's move or not; another turn clears it."""
    path = DATA / "game_1.json"
    record = read_record(path)
    last = len(record.actions)
    page = open_page(locale="de")
    register(page, "ann", "Ann")
    page.goto("/games/import")
    page.locator("#record").set_input_files(str(path))
    page.locator('form[action="/games/import"] button[type="submit"]').click()
    expect(page).to_have_url(REPLAY_URL)
    game = int(REPLAY_URL.search(page.url)[1])  # type: ignore[index]
    t = translator("de")
    ask, advice = page.locator("#replay-ask"), page.locator("#replay-advice")
    expect(ask).to_have_text(t("replay.ask"))

    for turn in (0, 1):
        page.goto(f"/games/{game}/replay?turn={turn}")
        expect(ask).to_be_enabled()
        ask.click()
        answer = page.request.get(f"/games/{game}/advice.json?turn={turn}&lang=de").json()
        said = t("replay.advice", player=answer["player"], text=answer["text"])
        verdict = t("replay.advice_same" if answer["same"] else "replay.advice_other")
        expect(advice).to_have_text(f"{said} {verdict}")
        assert answer["text"].startswith("Ich ")
    camera.shoot(page, "advice")

    page.locator("#replay-next").click()
    expect(advice).to_have_text("")
    page.keyboard.press("End")
    expect(ask).to_be_disabled()
    assert len(record.players) == 3 and last > 2
