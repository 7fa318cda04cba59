"""The bots' explanations in every language: each key a bot says has a text in English, German
and Danish with the same placeholders; the English catalogue says what the bots say; a finished
game's replay, and the end of a live game, explain the bots' moves in the viewer's language."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from game_client import settings
from test_replays import play_a_game, stored

from openhanabi.bots import Bot, make_bot
from openhanabi.bots.explanation import ENGLISH, Reason, english, kind, placeholders, reason
from openhanabi.bots.search.bot import SearchBot
from openhanabi.records import Record, record_of
from openhanabi.rules import Game, Variant, find_variant
from openhanabi.server import Settings, reasons, replays
from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, translator
from openhanabi.server.models import GameRecord
from openhanabi.server.protocol import distinct_names

__all__ = ["settings"]  # bots without a delay

TABLES = [
    ("base", 2),
    ("rainbow", 3),
    ("bonus-tiles", 2),
    ("declared-play", 3),
    ("black-powder", 4),
]


def said_in_games() -> list[tuple[Reason, Variant]]:
    """Every reason the built-in bots give over one game of each of a few tables."""
    found = []
    for preset, players in TABLES:
        variant = find_variant(preset, players=players)
        kinds: list[list[Bot]] = [
            [make_bot(name, seat, variant, 3) for seat in range(players)]
            for name in ("random", "basic", "hat", "conventions")
        ]
        if players == 2:
            kinds.append([SearchBot(seat, variant, 3, budget=0.02) for seat in range(players)])
        for bots in kinds:
            game = Game.new(variant, 3)
            while game.outcome is None:
                bot = bots[game.seat]
                game.apply(bot.act(game.view(game.seat)))
                given = bot.reason()
                assert given is not None
                found.append((given, variant))
    return found


SAID = said_in_games()


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_key_a_bot_says_has_a_text_with_its_placeholders(lang: str) -> None:
    catalogue = translator(lang).catalogue("bots")
    english_catalogue = translator("en").catalogue("bots")
    keys = {key for said, _ in SAID for key in said.every_key()} | set(ENGLISH) | {"stand_in"}
    for key in keys:
        text = catalogue.get(reasons.PREFIX + key)
        assert text is not None, f"{lang}: no text for {key}"
        assert placeholders(text) == placeholders(english_catalogue[reasons.PREFIX + key]), key
    for key, text in ENGLISH.items():
        assert placeholders(english_catalogue[reasons.PREFIX + key]) == placeholders(text)


def test_the_english_catalogue_says_what_the_bots_say() -> None:
    english_texts = translator("en")
    for said, variant in SAID:
        assert reasons.say(said.to_json(), variant, english_texts) == english(said, variant)


@pytest.mark.parametrize("lang", ["de", "da"])
def test_german_and_danish_say_every_reason_in_their_own_words(lang: str) -> None:
    t = translator(lang)
    for said, variant in SAID:
        text = reasons.say(said.to_json(), variant, t)
        assert text is not None and "{" not in text
        assert text != english(said, variant)


def test_suits_and_decimals_are_said_as_each_language_says_them() -> None:
    variant = find_variant("declared-play", players=2)
    declared = reason("basic.play.declared", position=4, suit=1).to_json()
    assert "Gelb" in (reasons.say(declared, variant, translator("de")) or "")
    assert "gul" in (reasons.say(declared, variant, translator("da")) or "")
    chose = reason(
        "search.chose",
        chosen=reason("action.discard", position=2),
        planned=reason("action.play", position=5),
        deals=30,
        points=1.5,
    ).to_json()
    assert "1,50" in (reasons.say(chose, variant, translator("de")) or "")
    assert "1.50" in (reasons.say(chose, variant, translator("en")) or "")


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "with 1 clue token left", "with 2 clue tokens left"),
        ("de", "bei 1 Hinweisplättchen", "bei 2 Hinweisplättchen"),
        ("da", "med 1 hintbrik tilbage", "med 2 hintbrikker tilbage"),
    ],
)
def test_one_clue_token_is_said_in_the_singular(lang: str, one: str, two: str) -> None:
    variant = find_variant("base", players=3)
    t = translator(lang)
    for tokens, said in ((1, one), (2, two)):
        before_save = reason("conventions.play.before_save", position=1, name=2, tokens=tokens)
        text = reasons.say(before_save.to_json(), variant, t, ["Ann", "Ben", "Lars"])
        assert text is not None and said in text, text
        assert "Larss" not in text


@pytest.mark.parametrize(
    "stored_reason",
    [
        {"key": "elsewhere.move", "params": {}},  # another package's bot
        {"key": "basic.play.declared", "params": {"position": 1, "suit": 40}},  # no such suit
        {"key": "basic.discard.chop", "params": {}},  # a placeholder without its value
        "not a reason",
    ],
)
def test_a_reason_that_cannot_be_said_keeps_its_english_sentence(stored_reason: object) -> None:
    variant = find_variant("base", players=2)
    t = translator("de")
    assert reasons.say(stored_reason, variant, t) is None
    told = reasons.explained({0: "I did it."}, {0: stored_reason}, variant, t, ["Ann", "Ben"])
    assert told == {0: "I did it."}


def lines_with_reasons(settings: Settings, game: int) -> tuple[dict[int, Any], Variant, list[str]]:
    """The reasons stored for ``game`` by action index, its variant, and its players' names as
    the log shows them."""
    found = stored(settings, game)
    record = Record.from_dict(found.record)
    names = distinct_names(list(record.players))
    return {int(i): r for i, r in found.reasons.items()}, record.variant, names


@pytest.mark.parametrize("lang", ["de", "da"])
def test_a_finished_games_replay_explains_the_bots_moves_in_the_viewers_language(
    client: TestClient, settings: Settings, lang: str
) -> None:
    game, _ = play_a_game(client)
    kept, variant, names = lines_with_reasons(settings, game)
    assert kept  # the hat bot gave its reasons
    english_log = client.get(f"/games/{game}/replay.json", params={"lang": "en"}).json()["log"]
    log = client.get(f"/games/{game}/replay.json", params={"lang": lang}).json()["log"]
    for index, stored_reason in kept.items():
        said = reasons.say(stored_reason, variant, translator(lang), names)
        assert said is not None
        assert log[index]["explanation"] == said != english_log[index]["explanation"]
        in_english = english(Reason.from_json(stored_reason), variant, names)
        assert english_log[index]["explanation"] == in_english
    turn = max(kept) + 1
    frame = client.get(f"/games/{game}/replay.json", params={"lang": lang, "turn": turn}).json()
    assert frame["log"] == log[:turn]


def test_the_end_of_a_live_game_explains_in_the_players_language(
    client: TestClient, settings: Settings
) -> None:
    client.cookies.set(LANG_COOKIE, "da")
    game, last = play_a_game(client)
    kept, variant, names = lines_with_reasons(settings, game)
    assert last["outcome"] is not None and kept
    for index, stored_reason in kept.items():
        said = reasons.say(stored_reason, variant, translator("da"), names)
        assert last["log"][index]["explanation"] == said


def named_seats(said: Reason) -> list[int]:
    """The seats ``said`` and the reasons nested in it name."""
    found = [v for k, v in said.params.items() if kind(k) == "name" and isinstance(v, int)]
    for value in said.params.values():
        if isinstance(value, Reason):
            found += named_seats(value)
    return found


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_replay_names_the_players_as_the_table_does(lang: str) -> None:
    """Bots' explanations name the table's players as its log does, in every language: not by
    seat number nor by the names a bot uses away from a table (Alice, Bob...)."""
    variant = find_variant("base", players=3)
    names = ["Ann", "hat (bot)", "hat (bot)"]
    bots = [make_bot("hat", seat, variant, 5) for seat in range(3)]
    game = Game.new(variant, 5)
    kept: dict[str, Any] = {}
    while game.outcome is None:
        bot = bots[game.seat]
        game.apply(bot.act(game.view(game.seat)))
        said = bot.reason()
        assert said is not None
        kept[str(len(game.history) - 1)] = said.to_json()
    stored_game = GameRecord(
        id=1,
        record=record_of(game, names).to_dict(),
        explanations=dict.fromkeys(kept, "-"),
        reasons=kept,
    )
    log = replays.frames(stored_game, translator(lang))["log"]
    shown = distinct_names(names, translator(lang))  # "hat (bot) (seat 2)"...
    named = 0
    for index, stored_reason in kept.items():
        text = log[int(index)]["explanation"]
        for seat in named_seats(Reason.from_json(stored_reason)):
            assert shown[seat] in text, text
            named += 1
        assert not any(stranger in text for stranger in ("Alice", "Bob", "Cathy")), text
    assert named > 0


def test_a_stand_ins_reason_says_what_the_room_says_in_english() -> None:
    variant = find_variant("base", players=2)
    inner = reason("basic.discard.chop", position=3)
    stood_in = Reason("stand_in", {"bot": "mine", "stand_in": "basic", "reason": inner})
    sentence = f"(mine failed; a basic bot stood in) {english(inner, variant)}"
    assert reasons.say(stood_in.to_json(), variant, translator("en")) == sentence
    german = reasons.say(stood_in.to_json(), variant, translator("de"))
    assert german is not None and german.startswith("(mine ist ausgefallen")
