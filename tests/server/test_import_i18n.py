"""An imported record's fault is said in the importer's language: each fault a record can have
carries a stable reason code and its params (RecordError.reason/params), and every code has
its words in English, German and Danish; JSON kinds and the rule an action breaks are said in
the same language. A German or Danish importer reads no English, whatever the fault."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_import import MALFORMED, alerts, games_stored, real_game, signed_in, upload

from openhanabi.records import RecordError, record_of
from openhanabi.rules import Game, find_variant
from openhanabi.server import Settings
from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, translator
from openhanabi.server.replays import MAX_RECORD_BYTES, record_problem
from openhanabi.server.replays import read_record as read_import

__all__ = ["signed_in"]

ERROR = "replay.import.error."


def changed(change: str) -> bytes:
    data = real_game()
    if change == "players_a_number":
        data["players"] = 3
    elif change == "after_the_end":
        data["actions"].append({"type": 1, "target": 0})
    elif change == "tiles_without_the_option":
        data["bonusTiles"] = [1]
    elif change == "unreadable_version":
        data["openhanabi"] = 99
    elif change == "nul":
        data["players"][0] = "Ann\0"
    elif change == "direction_mark":
        data["players"][1] = "\u202eBen"
    return json.dumps(data).encode()


@cache
def _ours() -> str:
    # the real game as this site stores it: this project's form, every option spelled out
    record, _ = read_import(json.dumps(real_game()).encode())
    return json.dumps(record.to_dict())


@cache
def _dealt(preset: str) -> str:
    return json.dumps(record_of(Game.new(find_variant(preset, players=2), seed=1)).to_dict())


def hanab_live() -> dict[str, Any]:
    return real_game()


def ours() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_ours())
    return data


def two_players() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_dealt("base"))
    return data


def with_bonus_tiles() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_dealt("bonus-tiles"))
    return data


def edit(make: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], object]) -> bytes:
    data = make()
    change(data)
    return json.dumps(data).encode()


def game_over_at(position: int) -> Callable[[dict[str, Any]], object]:
    return lambda d: d["actions"].insert(position, {"type": 4, "target": 0, "value": 4})


def custom(suits: list[str]) -> Callable[[dict[str, Any]], object]:
    return lambda d: d["options"].update(variant="custom", suits=suits)


# one record for each fault the reading of a record can find (and the code it gives)
CODED: dict[str, tuple[bytes, str]] = {
    "an empty deck": (edit(hanab_live, lambda d: d.update(deck=[])), "deck_size"),
    "a deck one card short": (edit(hanab_live, lambda d: d["deck"].pop()), "deck_size"),
    "a deck of one card": (edit(hanab_live, lambda d: d.update(deck=d["deck"][:1])), "deck_size"),
    "a deck of the wrong cards": (
        edit(hanab_live, lambda d: d["deck"].__setitem__(0, {"suitIndex": 0, "rank": 5})),
        "deck_cards",
    ),
    "a suit outside the variant": (
        edit(hanab_live, lambda d: d["deck"][3].update(suitIndex=5)),
        "not_a_suit",
    ),
    "a bad variant name": (
        edit(hanab_live, lambda d: d["options"].update(variant="Ice Cream (6 Suits)")),
        "unknown_variant",
    ),
    **{
        f"hanab.live's option {option}": (
            edit(hanab_live, lambda d, option=option: d["options"].update({option: True})),
            "unsupported_option",
        )
        for option in ("deckPlays", "detrimentalCharacters", "cardCycle", "speedrun")
    },
    "a player's name with nothing one sees": (
        edit(hanab_live, lambda d: d["players"].__setitem__(1, " ")),
        "blank_name",
    ),
    "a player's name longer than a seat's": (
        edit(hanab_live, lambda d: d["players"].__setitem__(1, "B" * 41)),
        "name_too_long",
    ),
    **{
        f"{option} past a new table's": (
            edit(
                two_players, lambda d, option=option, most=most: d["options"].update({option: most})
            ),
            "option_too_large",
        )
        for option, most in (("clueTokens", 100), ("storms", 100), ("handSize", 11))
    },
    "hanab.live's option in this project's form": (
        edit(ours, lambda d: d["options"].update(deckPlays=True)),
        "unsupported_option",
    ),
    "detrimental characters": (
        edit(hanab_live, lambda d: d.update(characters=[{"name": "Fuming", "metadata": 2}] * 3)),
        "characters",
    ),
    "an option of the game kept in a hanab.live record": (
        edit(hanab_live, lambda d: d["options"].update(clueTokens=8)),
        "game_option",
    ),
    "a bad seed": (edit(ours, lambda d: d.update(seed=4)), "wrong_seed"),
    "a bad action type": (
        edit(hanab_live, lambda d: d["actions"][5].update(type=7)),
        "not_an_action_type",
    ),
    "a number larger than a record holds": (
        edit(hanab_live, lambda d: d["actions"][0].update(value=10**400)),
        "number_too_large",
    ),
    "a clue that declares a suit": (
        edit(hanab_live, lambda d: d["actions"][3].update(declare=1)),
        "declare_not_play",
    ),
    "a choice without its position": (
        edit(hanab_live, lambda d: d["actions"].append({"type": 10, "target": 0, "value": -1})),
        "choice_position",
    ),
    "a game-over action before the end": (edit(hanab_live, game_over_at(10)), "game_over_not_last"),
    "a game-over action one before the end": (
        edit(hanab_live, game_over_at(-1)),
        "game_over_not_last",
    ),
    "a game-over action with a strikeout for its end condition": (
        edit(
            hanab_live, lambda d: d["actions"].__setitem__(-1, {"type": 4, "target": 0, "value": 2})
        ),
        "end_condition",
    ),
    "bonus tiles where the game has none": (
        edit(hanab_live, lambda d: d.update(bonusTiles=[1, 2, 3, 4, 5, 6])),
        "no_bonus_tiles",
    ),
    "bonus tiles twice": (
        edit(with_bonus_tiles, lambda d: d.update(bonusTiles=[1, 1, 2, 3, 4, 5])),
        "bonus_tiles",
    ),
    "six players": (
        edit(hanab_live, lambda d: d["players"].extend(["D", "E", "F"])),
        "players_range",
    ),
    "one player": (edit(hanab_live, lambda d: d.update(players=["Solo"])), "players_range"),
    "a name that is not Unicode": (
        json.dumps(real_game()).replace('"Player 2"', '"Player \\ud800"').encode(),
        "not_unicode_name",
    ),
    "a note that is not Unicode": (
        edit(hanab_live, lambda d: d.update(notes=[["\udc00"], [], []])),
        "not_unicode",
    ),
    "no variant": (edit(ours, lambda d: d["options"].pop("variant")), "missing"),
    "a custom variant without its suits": (
        edit(ours, lambda d: (d["options"].update(variant="custom"), d["options"].pop("suits"))),
        "missing",
    ),
    "an unknown suit": (
        edit(ours, lambda d: d["options"]["suits"].__setitem__(4, "purple")),
        "unknown_suit",
    ),
    "suits that are not the preset's": (
        edit(ours, lambda d: d["options"]["suits"].reverse()),
        "not_preset_suits",
    ),
    "a hand size of 0": (edit(ours, lambda d: d["options"].update(handSize=0)), "hand_too_small"),
    "a player count that is not the names'": (
        edit(ours, lambda d: d["options"].update(players=4)),
        "players_mismatch",
    ),
    "a player count for one name": (
        edit(ours, lambda d: (d.update(players=["Solo"]), d["options"].update(players=3))),
        "players_mismatch",
    ),
    # options that make no game: the rules' own code, said as the new-table form says it
    "a hand size that does not fit": (
        edit(ours, lambda d: d["options"].update(handSize=20)),
        "rules",
    ),
    "hands that leave no draw pile": (
        edit(two_players, lambda d: d["options"].update(handSize=25)),
        "rules",
    ),
    "no storms": (edit(ours, lambda d: d["options"].update(storms=0)), "rules"),
    "no clue tokens": (edit(ours, lambda d: d["options"].update(clueTokens=0)), "rules"),
    "a starting player outside the table": (
        edit(hanab_live, lambda d: d["options"].update(startingPlayer=5)),
        "rules",
    ),
    "six players in this project's form": (
        edit(ours, lambda d: (d["players"].extend(["D", "E", "F"]), d["options"].pop("players"))),
        "rules",
    ),
    "a custom variant of no suits": (edit(ours, custom([])), "rules"),
    "a custom variant with a suit twice": (edit(ours, custom(["red", "red", "blue"])), "rules"),
    "a custom variant no colour clue names": (edit(ours, custom(["rainbow"])), "rules"),
}
RULES = {
    "a hand size that does not fit": "hand_size",
    "hands that leave no draw pile": "no_draw_pile",
    "no storms": "storms",
    "no clue tokens": "clue_tokens",
    "a starting player outside the table": "start_seat",
    "six players in this project's form": "players",
    "a custom variant of no suits": "no_suits",
    "a custom variant with a suit twice": "suit_twice",
    "a custom variant no colour clue names": "no_clue_colour",
}


def nested_too_deeply() -> RecordError | None:
    """The fault of a record holding a field nested as deeply as the JSON reader reads but too
    deeply for the check of what the record can write back (how deep each goes depends on how
    deep in the stack it is called: the record is found where its fault is made), or None on a
    Python whose JSON writer reaches as deep as its reader."""
    text = json.dumps(real_game())[:-1]
    for depth in range(1100, 500, -1):
        try:
            read_import(f'{text}, "x": {"[" * depth}{"]" * depth}}}'.encode())
        except RecordError as error:
            if error.reason == "too_deep":
                continue  # the reader's own limit
            return error if error.reason == "nested_too_deeply" else None
        return None
    return None


FAULTS = {name: data for name, (data, _) in MALFORMED.items()} | {
    "a wrong kind": changed("players_a_number"),
    "an action after the end": changed("after_the_end"),
    "a field without a code": changed("tiles_without_the_option"),
    "a version": changed("unreadable_version"),
    "too deep": b"[" * 100_000 + b"]" * 100_000,
    "too large": b" " * (MAX_RECORD_BYTES + 1),
    "a NUL character": changed("nul"),
    "a character not shown": changed("direction_mark"),
    "a number that is not finite": json.dumps(real_game())[:-1].encode() + b', "x": Infinity}',
    "a number of too many digits": json.dumps(real_game())[:-1].encode()
    + b', "x": 1%s}' % (b"0" * 5000),
}
FAULTS |= {name: data for name, (data, _) in CODED.items()}


def fault(data: bytes) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_import(data)
    return caught.value


def test_every_code_is_given_by_some_fault_and_every_fault_has_a_code() -> None:
    texts = translator("en").catalogue("replay")
    codes = {key.removeprefix(ERROR) for key in texts if key.startswith(ERROR)}
    ones = {code for code in codes if code.endswith("_one")}  # a text's form for one thing
    assert {one.removesuffix("_one") for one in ones} <= codes
    given = {fault(data).reason for data in FAULTS.values()}
    nested = nested_too_deeply()
    if nested is not None:
        given.add(nested.reason)
    assert given <= codes
    # the codes of a fault without a code of its own: with no place, or found only in a record
    # built in code (a name that is no text, a card that is no Card)
    unused = {"record", "field"} | ({"nested_too_deeply"} if nested is None else set())
    assert codes - ones - given == unused
    for data in FAULTS.values():
        json.dumps(fault(data).params)  # the params are JSON values


def test_every_option_and_rule_an_import_can_refuse_has_its_words() -> None:
    texts = translator("en").texts
    options = {key for key in texts if key.startswith("replay.import.option.")}
    refused = {
        f"replay.import.option.{error.params['option']}"
        for error in map(fault, FAULTS.values())
        if error.reason == "unsupported_option"
    }
    assert refused == options
    rule_keys = [key for key in texts if key.startswith("replay.import.rule.")]
    rules = {key.removeprefix("replay.import.rule.") for key in rule_keys}
    broken = {fault(CODED[name][0]).params["rule"] for name in RULES}
    assert broken == set(RULES.values())
    # the new-table form's words where it has them, else the import's own (and no others)
    assert rules == {rule for rule in broken if f"rules.{rule}" not in texts}


@pytest.mark.parametrize("name", sorted(CODED))
def test_each_fault_of_a_record_has_its_code(name: str) -> None:
    data, reason = CODED[name]
    error = fault(data)
    assert (error.reason, error.field) == (reason, error.params["field"]), str(error)
    if name in RULES:
        assert error.params["rule"] == RULES[name]
        assert isinstance(error.params["rule_params"], dict)


WORD = re.compile(r"[^\W\d_]+")
# words of the English messages that German and Danish do not have
ENGLISH_WORDS = {
    "the", "is", "are", "not", "of", "must", "has", "only", "but", "which", "does",
    "cannot", "holds", "missing", "unknown", "known", "supported", "needs", "expected",
    "game", "card", "cards", "action", "choice", "least", "once", "each", "suit",
    "suits", "follow", "follows", "lists", "names", "without", "played", "called", "nested",
}  # fmt: skip


def words(text: str) -> list[str]:
    return [word.casefold() for word in WORD.findall(text)]


def param_words(value: object) -> set[str]:
    """The words of a fault's params, said as they are in every language (the field's JSON
    path, a variant's key, a name from the record)."""
    if isinstance(value, dict):
        return {word for item in value.values() for word in param_words(item)}
    if isinstance(value, list):
        return {word for item in value for word in param_words(item)}
    return set(words(str(value)))


def assert_no_english(error: RecordError, said: str) -> None:
    """``said`` (a German or Danish text of ``error``) holds nothing of its English problem:
    neither the sentence, nor three of its words in a row, nor an English word, but for the
    words of its params."""
    assert error.problem not in said, said
    kept = param_words(error.params) | param_words(str(error.field))
    english = words(error.problem)
    runs = {tuple(english[i : i + 3]) for i in range(len(english) - 2)}
    translated = words(said)
    found = {tuple(translated[i : i + 3]) for i in range(len(translated) - 2)}
    assert {run for run in runs & found if not set(run) <= kept} == set(), said
    assert (set(translated) - kept) & ENGLISH_WORDS == set(), said


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_no_fault_is_said_in_english_to_a_german_or_danish_importer(name: str) -> None:
    error = fault(FAULTS[name])
    assert error.reason not in ("field", "record"), str(error)
    english = record_problem(error, translator("en"))
    for lang in ("de", "da"):
        said = record_problem(error, translator(lang))
        assert said != str(error) and said != english, (lang, said)
        assert_no_english(error, said)


def test_a_field_nested_too_deeply_is_said_in_every_language() -> None:
    error = nested_too_deeply()
    if error is None:
        pytest.skip("this Python's JSON writer reaches as deep as its reader")
    assert (error.reason, error.field) == ("nested_too_deeply", "x")
    for lang in ("de", "da"):
        assert_no_english(error, record_problem(error, translator(lang)))


@pytest.mark.parametrize(
    ("name", "english"),
    [
        ("a deck of one card", "deck: the deck has 1 card; base has 50"),
        ("an empty deck", "deck: the deck has 0 cards; base has 50"),
        ("a game-over action one before the end", "but 1 follows"),
        ("a game-over action before the end", "but 50 follow"),
        ("one player", "players: 1 player; games have 2 to 5"),
        ("six players", "players: 6 players; games have 2 to 5"),
        ("a player count for one name", "options.players is 3, but players lists 1 name"),
    ],
)
def test_a_count_of_one_is_said_in_the_singular(name: str, english: str) -> None:
    assert english in record_problem(fault(CODED[name][0]), translator("en"))


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("name", sorted(RULES))
def test_options_that_make_no_game_are_said_as_the_new_table_form_says_them(
    lang: str, name: str
) -> None:
    error = fault(CODED[name][0])
    t = translator(lang)
    rule = str(error.params["rule"])
    key = f"rules.{rule}" if f"rules.{rule}" in t.texts else f"replay.import.rule.{rule}"
    params = error.params["rule_params"]
    assert isinstance(params, dict)
    field = "options.startingPlayer" if rule == "start_seat" else "options"  # its own option
    assert record_problem(error, t) == f"{field}: {t(key, **params)}"


@pytest.mark.parametrize("lang", ["de", "da"])
def test_the_import_page_says_every_fault_of_a_record_in_the_importers_language(
    signed_in: TestClient, settings: Settings, lang: str
) -> None:
    signed_in.cookies.set(LANG_COOKIE, lang)
    t = translator(lang)
    for name, (data, _) in CODED.items():
        error = fault(data)
        response = upload(signed_in, data)
        assert response.status_code == 422, (name, response.text)
        [alert] = alerts(response)
        assert alert == t("replay.import.invalid", problem=record_problem(error, t)), name
        assert_no_english(error, alert)
    assert games_stored(settings) == 0


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_each_fault_is_said_in_each_language(name: str) -> None:
    error = fault(FAULTS[name])
    english = record_problem(error, translator("en"))
    assert "{" not in english.replace("{ this", "")
    for lang in sorted(set(LANGUAGES) - {"en"}):
        said = record_problem(error, translator(lang))
        # a fault with no code of its own keeps its English problem, inside translated words
        assert said != english or error.reason in ("field", "record"), (lang, said)
        if "field" in error.params:
            assert str(error.params["field"]) in said


def test_the_messages_stay_as_they_were() -> None:
    illegal = fault(MALFORMED["an illegal action"][0])
    assert str(illegal).startswith("move 6 (play 49, actions[5]): ")
    assert illegal.reason == "illegal" and illegal.params["index"] == 5
    assert illegal.params["action"] == "play 49" and illegal.params["rule"] == "not_in_hand"
    rank = fault(MALFORMED["a wrong field"][0])
    assert str(rank) == "deck[3].rank: 6 is not a rank (1 to 5)"
    assert (rank.reason, rank.params) == ("not_a_rank", {"field": "deck[3].rank", "rank": 6})
    not_json = fault(MALFORMED["not JSON"][0])
    assert not_json.reason == "not_json" and set(not_json.params) == {"line", "column"}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "is not a rank (1 to 5)"),
        ("de", "ist keine Zahl einer Karte"),
        ("da", "er ikke et korttal"),
    ],
)
def test_the_import_page_says_the_fault_in_the_importers_language(
    signed_in: TestClient, settings: Settings, lang: str, words: str
) -> None:
    signed_in.cookies.set(LANG_COOKIE, lang)
    response = upload(signed_in, MALFORMED["a wrong field"][0])
    assert response.status_code == 422
    [alert] = alerts(response)
    assert "deck[3].rank" in alert and words in alert


def test_an_illegal_action_names_the_rule_in_the_importers_language(
    signed_in: TestClient,
) -> None:
    """The move counted from 1, as the replay counts it, beside its place in the file; the rule
    said of the record's player, not of "you" (the importer held no hand)."""
    signed_in.cookies.set(LANG_COOKIE, "de")
    [alert] = alerts(upload(signed_in, MALFORMED["an illegal action"][0]))
    rule = translator("de")("replay.import.illegal.not_in_hand", order=49)
    assert "Zug 6 (play 49, actions[5])" in alert and rule in alert
    assert "deiner" not in alert


def test_every_rule_a_player_is_told_of_as_you_is_said_of_the_record_on_import() -> None:
    for lang in LANGUAGES:
        texts = translator(lang).texts
        own = {key.removeprefix("replay.import.illegal.") for key in texts if
               key.startswith("replay.import.illegal.")}  # fmt: skip
        personal = {
            key.removeprefix("problem.illegal.")
            for key, text in translator("en").texts.items()
            if key.startswith("problem.illegal.") and re.search(r"\byou(r)?\b", text)
        }
        assert own == personal, lang


def test_a_code_without_words_shows_the_english_message() -> None:
    error = RecordError("something new", reason="unheard_of")
    assert record_problem(error, translator("da")) == "something new"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "sent",
    [
        {"files": [("record", ("a.json", b"{}", "application/json"))] * 2},  # two files
        {"data": {f"field{number}": "x" for number in range(20)}},  # more fields than the form
    ],
    ids=["two_files", "many_fields"],
)
def test_a_form_the_import_page_never_sends_is_refused_in_the_importers_language(
    signed_in: TestClient, settings: Settings, lang: str, sent: dict[str, Any]
) -> None:
    """The form parser's own words ("Too many fields...") are English: the page says instead,
    in the importer's language, that what was sent is not the form's."""
    signed_in.cookies.set(LANG_COOKIE, lang)
    data = {"csrf_token": "x", **sent.get("data", {})}
    files = sent.get("files") or [("record", ("a.json", b"{}", "application/json"))]
    response = signed_in.post("/games/import", data=data, files=files)
    assert response.status_code == 400
    said = re.findall(r'<p class="error">([^<]*)</p>', response.text)
    assert [html.unescape(line) for line in said] == [translator(lang)("status.400")]
    assert "Too many" not in response.text
    assert games_stored(settings) == 0
