"""The server's messages speak the viewer's language: every kind of log line, the suit names,
the card labels and the verdict, in English, German and Danish. Only the words change: the
state's structure is the same in every language, and a seat's own cards stay hidden in all."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.rules import (
    SUITS,
    Action,
    Card,
    Event,
    Game,
    Result,
    Suit,
    find_variant,
)
from openhanabi.server.i18n import LANGUAGES, translator
from openhanabi.server.protocol import (
    describe_event,
    describe_variant,
    render_game_over,
    render_state,
    suit_name,
    verdict,
)

VARIANT = find_variant("base", players=3, declared_play=True, bonus_tiles=True)
NAMES = ["Ann", "Ben", "Cy"]
RED_1, BLUE_4 = Card(0, 1), Card(3, 4)

# One event of every kind, and the English line each has always had (the wording that the
# log showed before it was translated, kept word for word).
EVENTS: list[tuple[Event, str]] = [
    (
        Event(0, Action.colour_clue(1, 0), Result.CLUE, touched=(3,)),
        "Ann told Ben about Red: 1 card",
    ),
    (
        Event(0, Action.rank_clue(2, 4), Result.CLUE, touched=(1, 4)),
        "Ann told Cy about 4: 2 cards",
    ),
    (Event(1, Action.play(7), Result.PLAYED, card=RED_1), "Ben played Red 1"),
    (Event(1, Action.play(7, 0), Result.PLAYED, card=RED_1), "Ben played Red 1 (declared)"),
    (
        Event(2, Action.play(9), Result.MISPLAYED, card=BLUE_4),
        "Cy misplayed Blue 4: a storm token",
    ),
    (
        Event(2, Action.play(9, 0), Result.DECLARED_WRONG, card=BLUE_4),
        "Cy declared Red but it was Blue 4: a storm token",
    ),
    (Event(0, Action.discard(2), Result.DISCARDED, card=BLUE_4), "Ann discarded Blue 4"),
    (
        Event(1, Action.choose(5, 11), Result.RESHUFFLED, card=BLUE_4),
        "Ben shuffled Blue 4 back into the draw pile",
    ),
    (
        Event(1, Action.choose(5), Result.PLAYED_FROM_DISCARD, card=RED_1, tiles=(6,)),
        "Ben played Red 1 from the discard pile; bonus tile 6",
    ),
]


def test_the_events_cover_every_result() -> None:
    assert {event.result for event, _ in EVENTS} == set(Result)


@pytest.mark.parametrize(("event", "english"), EVENTS)
def test_the_english_log_keeps_its_wording(event: Event, english: str) -> None:
    assert describe_event(event, VARIANT, NAMES) == english
    assert describe_event(event, VARIANT, NAMES, translator("en")) == english


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize(("event", "english"), EVENTS)
def test_each_log_line_in_each_language(event: Event, english: str, lang: str) -> None:
    t = translator(lang)
    line = describe_event(event, VARIANT, NAMES, t)
    assert "{" not in line and "}" not in line, line  # every placeholder filled
    assert line.startswith(NAMES[event.seat])
    if event.card is not None:
        suit = suit_name(VARIANT.suits[event.card.suit], t)
        assert f"{suit} {event.card.rank}" in line
    if event.result is Result.CLUE:
        assert NAMES[event.action.target] in line
        assert str(len(event.touched)) in line
    for tile in event.tiles:
        assert line.endswith(str(tile))
    if lang != "en":
        assert line != english, f"{lang} says it in English"


def test_german_and_danish_name_the_suits_in_their_own_words() -> None:
    for lang in ("de", "da"):
        t = translator(lang)
        for suit in SUITS.values():
            assert suit_name(suit, t) != suit.name, (lang, suit.key)
    assert [suit_name(suit, translator("de")) for suit in VARIANT.suits] == [
        "Rot",
        "Gelb",
        "Grün",
        "Blau",
        "Weiß",
    ]


def test_a_suit_without_a_translation_keeps_its_english_name() -> None:
    teal = Suit("teal", "Teal", "T")
    assert all(suit_name(teal, translator(lang)) == "Teal" for lang in LANGUAGES)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_verdict_in_every_language(lang: str) -> None:
    t = translator(lang)
    for variant in (
        find_variant("base"),
        find_variant("rainbow"),
        find_variant("play-until-perfect"),
    ):
        said = {verdict(score, variant, t) for score in range(variant.max_score + 1)}
        english = {verdict(score, variant) for score in range(variant.max_score + 1)}
        assert len(said) == len(english)  # one text per band, none merged or missing
        if lang != "en":
            assert not said & english, f"{lang}: {said & english} left in English"


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["base", "rainbow", "black-powder", "declared-play"]),
    st.integers(2, 5),
    st.fixed_dictionaries(
        {},
        optional={
            "clue_tokens": st.integers(1, 10),
            "storms": st.integers(1, 4),
            "empty_clues": st.booleans(),
            "all_or_nothing": st.booleans(),
            "bonus_tiles": st.booleans(),
            "hanab_live_ending": st.booleans(),
            "start_seat": st.integers(0, 1),
        },
    ),
)
def test_the_variant_banner_says_what_describe_says(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    variant = find_variant(preset, players=players, **options)
    name = translator("en")(f"preset_name.{preset}")
    said = variant.describe(first_seat=1)
    assert describe_variant(variant) == name + said.removeprefix(variant.key)
    for lang in ("de", "da"):
        t = translator(lang)
        spoken = describe_variant(variant, t)
        # the preset by its name in that language, then each option said
        assert spoken.startswith(t(f"preset_name.{preset}") + ", ")
        assert spoken.count(",") - t(f"preset_name.{preset}").count(",") == said.count(",")
        assert "{" not in spoken


# ---------------------------------------------------------------- states of random games


def played(seed: int, actions: int) -> Game:
    """A game of ``VARIANT`` after up to ``actions`` random legal actions."""
    game = Game.new(VARIANT, seed)
    chance = random.Random(seed)
    for _ in range(actions):
        if game.over:
            break
        game.apply(chance.choice(game.legal_actions()))
    return game


def without_words(message: Any) -> Any:
    """``message`` with every text a language changes taken out."""
    words = {"text", "label", "name", "verdict", "description"}
    if isinstance(message, dict):
        return {key: without_words(value) for key, value in message.items() if key not in words}
    if isinstance(message, list):
        return [without_words(value) for value in message]
    return message


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 80), st.sampled_from(sorted(LANGUAGES)))
def test_only_the_words_change_with_the_language(seed: int, actions: int, lang: str) -> None:
    game = played(seed, actions)
    for seat in range(VARIANT.players):
        view = game.view(seat)
        english = render_state(view, NAMES, {})
        spoken = render_state(view, NAMES, {}, t=translator(lang))
        assert without_words(spoken) == without_words(english)
        json.dumps(spoken)  # a socket can send it as it is


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 80), st.sampled_from(sorted(LANGUAGES)))
def test_no_language_shows_a_seat_its_own_cards(seed: int, actions: int, lang: str) -> None:
    game = played(seed, actions)
    for seat in range(VARIANT.players):
        state = render_state(game.view(seat), NAMES, {}, t=translator(lang))
        assert state["seat"] == seat
        for entry in state["hands"][seat]:
            assert set(entry) == {"order", "clues", "touched", "possible"}, entry
        for other, hand in enumerate(state["hands"]):
            if other != seat:
                assert all("card" in entry and entry["possible"] is None for entry in hand)
        legal = state["legal"]
        assert all(clue["target"] != seat for clue in legal["clues"])


def test_the_game_over_message_in_each_language() -> None:
    game = played(7, 400)
    assert game.over
    view = game.view(0)
    messages = {lang: render_game_over(view, translator(lang)) for lang in LANGUAGES}
    assert len({message["verdict"] for message in messages.values()}) == len(LANGUAGES)
    assert len({json.dumps(without_words(message)) for message in messages.values()}) == 1


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_players_who_share_a_name_are_told_apart_by_seat(lang: str) -> None:
    game = Game.new(VARIANT, 3)
    game.apply(Action.rank_clue(2, game.card(game.hands[2][0]).rank))
    names = ["Ann", "basic (bot)", "basic (bot)"]
    state = render_state(game.view(0), names, {}, t=translator(lang))
    line = state["log"][0]["text"]
    assert line.startswith("Ann ") and "basic (bot) (" in line and "3)" in line, line
    assert state["players"] == names  # the names themselves are unchanged
