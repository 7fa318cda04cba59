"""A person alone with bots asks, on the game page, what the conventions bot would do in their
seat (by its button or the B key): the answer is said, the bot's move is picked for them, and
making it plays exactly that move. At a table with another person the page offers no such
question."""

from __future__ import annotations

from camera import Camera
from game_page import open_game, wait_for_turn, wait_until_turn_passes
from live_server import LiveServer
from playwright.sync_api import expect
from stored import stored_game
from ui import OpenPage, open_table, register, seat_two_people_and_a_bot, start

from openhanabi.bots import BESIDE_PEOPLE, make_bot
from openhanabi.rules import ActionType
from openhanabi.server.i18n import translator


def test_the_bots_move_is_said_and_picked_and_the_person_makes_it(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    page = open_page(locale="en")
    register(page, "ann", "Ann")
    table = open_table(page, bots={2: BESIDE_PEOPLE, 3: BESIDE_PEOPLE})
    start(page, table)
    open_game(page, table)
    t = translator("en")
    for turn in range(3):
        wait_for_turn(page, 0)
        game = stored_game(server, table)
        expected = make_bot(BESIDE_PEOPLE, 0, game.variant, seed=len(game.events)).act(game.view(0))
        if turn == 1:
            page.keyboard.press("b")  # the page's shortcut
        else:
            page.get_by_test_id("suggest").click()
        answer = page.get_by_test_id("suggestion")
        said = t("controls.suggestion", text="").split(":")[0]
        expect(answer).to_contain_text(said)
        expect(page.get_by_test_id("announce")).to_contain_text(said)  # for screen readers
        if turn == 0:
            camera.shoot(page, "suggestion")
        assert len(stored_game(server, table).events) == len(game.events)  # nothing played yet
        if expected.is_clue:
            page.get_by_test_id("confirm").click()
        else:
            card = page.get_by_test_id(f"card-{expected.target}")
            expect(card).to_have_attribute("aria-pressed", "true")
            kind = "play" if expected.type is ActionType.PLAY else "discard"
            page.get_by_test_id(kind).click()
        wait_until_turn_passes(page, 0)
        assert stored_game(server, table).history[len(game.events)] == expected


def test_with_another_person_at_the_table_no_question_is_offered(open_page: OpenPage) -> None:
    ann, ben = open_page(), open_page()
    table = seat_two_people_and_a_bot(ann, ben)
    open_game(ann, table)
    expect(ann.get_by_test_id("turn")).to_have_attribute("data-seat", "0")
    wait_for_turn(ann, 0)
    expect(ann.get_by_test_id("clue-target-1")).to_be_visible()
    expect(ann.get_by_test_id("suggest")).to_have_count(0)
