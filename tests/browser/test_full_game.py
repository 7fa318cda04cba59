"""Two people, each in a browser of their own, and a bot play a whole game through the game
page, in each of the site's languages; then they open its replay. The score the pages show is
checked against the game the database holds, and the texts against the catalogues."""

from __future__ import annotations

import pytest
from camera import Camera
from game_page import (
    Move,
    discard_or_clue,
    open_game,
    own_cards,
    play_first_card,
    play_to_the_end,
    seat_on_turn,
    tab_to,
    wait_for_turn,
    wait_until_turn_passes,
)
from live_server import LiveServer
from playwright.sync_api import Page, expect
from stored import stored_game
from ui import OpenPage, seat_two_people_and_a_bot

from openhanabi.rules import Action, Game
from openhanabi.server.i18n import translator

LANGUAGES = ["en", "de", "da"]


def hands_hide_only_their_own_cards(page: Page, seat: int) -> None:
    """A player sees the faces of the others' cards, never of their own."""
    expect(own_cards(page, seat)).to_have_count(5)
    expect(page.get_by_test_id(f"hand-{seat}").locator("[data-rank]")).to_have_count(0)
    for other in {0, 1, 2} - {seat}:
        expect(page.get_by_test_id(f"hand-{other}").locator("[data-rank]")).to_have_count(5)


def own_cards_shown_at_the_end(page: Page, seat: int, game: Game) -> None:
    """Once the game is over, a player sees the faces of the cards they were holding."""
    hand = page.get_by_test_id(f"hand-{seat}")
    expect(hand.locator("[data-rank]")).to_have_count(len(game.hands[seat]))
    for order in game.hands[seat]:
        card = game.card(order)
        face = hand.get_by_test_id(f"card-{order}")
        expect(face).to_have_attribute("data-rank", str(card.rank))
        expect(face).to_have_attribute("data-suit", game.variant.suits[card.suit].key)


def play_and_replay(
    open_page: OpenPage, server: LiveServer, camera: Camera, lang: str, move: Move
) -> Game:
    """Two people and a bot play a game with ``move`` in ``lang``, then one opens its replay;
    the end screen and the replay show the score of the game the database holds."""
    t = translator(lang)
    ann, ben = open_page(locale=lang), open_page(locale=lang)
    table = seat_two_people_and_a_bot(ann, ben)
    people = {0: ann, 1: ben}
    for seat, page in people.items():
        open_game(page, table)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        hands_hide_only_their_own_cards(page, seat)
    camera.shoot(ann, "start-ann")
    camera.shoot(ben, "start-ben")

    turns = play_to_the_end(people, move)

    game = stored_game(server, table)
    assert game.outcome is not None, "the pages show an end the database does not hold"
    assert turns >= 2
    score = t("end.score", score=game.outcome.score, max=game.variant.max_score)
    for page in people.values():
        expect(page.get_by_test_id("score")).to_have_text(score)
        expect(page.get_by_test_id("verdict")).not_to_be_empty()
        # why it ended, in the page's language: a strikeout says why it scores 0
        expect(page.get_by_test_id("end-reason")).to_have_text(
            t(f"end.reason.{game.outcome.reason}")
        )
        expect(page.get_by_test_id("log").locator("li[data-index]")).to_have_count(
            len(game.history)
        )
    for seat, page in people.items():
        own_cards_shown_at_the_end(page, seat, game)
    camera.shoot(ann, "end-ann")
    camera.shoot(ben, "end-ben")

    game_id = ann.locator("#game").get_attribute("data-game")
    ben.goto(f"/games/{game_id}/replay")
    expect(ben.locator("html")).to_have_attribute("lang", lang)
    expect(ben.locator("#replay")).to_have_attribute("data-actions", str(len(game.history)))
    summary = t("replay.score_of", score=game.outcome.score, max=game.variant.max_score)
    expect(ben.locator(".replay-summary")).to_contain_text(summary)
    camera.shoot(ben, "replay-start")
    ben.locator("#replay-last").click()
    expect(ben.locator("#replay-turn")).to_have_value(str(len(game.history)))
    camera.shoot(ben, "replay-end")
    return game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_people_and_a_bot_play_a_whole_game_and_replay_it(
    open_page: OpenPage, server: LiveServer, camera: Camera, lang: str
) -> None:
    """Discards and clues only: the game runs through the whole draw pile."""
    game = play_and_replay(open_page, server, camera, lang, discard_or_clue)
    assert game.outcome is not None and game.outcome.reason == "last round done"
    assert not game.draw_pile


def test_a_struck_out_game_shows_no_points_at_its_end_and_in_its_replay(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    """Playing every first card: the storms end the game, with 0 points (a strikeout)."""
    game = play_and_replay(open_page, server, camera, "en", play_first_card)
    assert game.outcome is not None and game.outcome.reason == "strikeout"


def test_turns_played_with_the_keyboard_alone(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    """The first person on turn plays their first card with the keys 1 and P; the next gives a
    clue with Tab and Enter only."""
    ann, ben = open_page(), open_page()
    table = seat_two_people_and_a_bot(ann, ben)
    people = {0: ann, 1: ben}
    for page in people.values():
        open_game(page, table)
    first = seat_on_turn(ann)
    assert first is not None
    if first not in people:  # the bot starts: Ann's turn comes next
        first = 0
    page = people[first]
    wait_for_turn(page, first)
    # the move's place in the record: the bot may act after it before the record is read
    played_at = len(stored_game(server, table).history)
    card = int(own_cards(page, first).first.get_attribute("data-order") or "")
    page.keyboard.press("1")
    expect(own_cards(page, first).first).to_have_attribute("aria-pressed", "true")
    camera.shoot(page, "card-picked")
    page.keyboard.press("p")
    wait_until_turn_passes(page, first)
    assert stored_game(server, table).history[played_at] == Action.play(card)
    camera.shoot(page, "played")

    after = 1 - first  # the other person: next, or next but one after the bot
    page = people[after]
    wait_for_turn(page, after)
    clued_at = len(stored_game(server, table).history)
    # each pick must show as pressed before the next key, so that a lost key fails here
    target_id = tab_to(page, "clue-target-")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id(target_id)).to_have_attribute("aria-pressed", "true")
    rank_id = tab_to(page, "clue-rank-")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id(rank_id)).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("clue-touches")).to_be_visible()
    target = int(target_id.rsplit("-", 1)[1])
    rank = int(rank_id.rsplit("-", 1)[1])
    camera.shoot(page, "clue-picked")
    tab_to(page, "confirm")
    page.keyboard.press("Enter")
    wait_until_turn_passes(page, after)
    assert stored_game(server, table).history[clued_at] == Action.rank_clue(target, rank)
    camera.shoot(page, "clue-given")
