"""An imported record's fault is said in the importer's language: each fault a record can have
carries a stable reason code and its params (RecordError.reason/params), and every code has
its words in English, German and Danish; JSON kinds and the rule an action breaks are said in
the same language."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from test_import import MALFORMED, alerts, real_game, signed_in, upload

from openhanabi.records import RecordError
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


def fault(data: bytes) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_import(data)
    return caught.value


def test_every_code_is_given_by_some_fault_and_every_fault_has_a_code() -> None:
    codes = {
        key.removeprefix(ERROR)
        for key in translator("en").catalogue("replay")
        if key.startswith(ERROR)
    }
    given = {fault(data).reason for data in FAULTS.values()}
    assert given <= codes
    assert codes - given == {"record"}  # a fault with no place and no code of its own
    for data in FAULTS.values():
        json.dumps(fault(data).params)  # the params are JSON values


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
    assert str(illegal).startswith("action 5 (play 49): ")
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
    signed_in.cookies.set(LANG_COOKIE, "de")
    [alert] = alerts(upload(signed_in, MALFORMED["an illegal action"][0]))
    rule = translator("de")("problem.illegal.not_in_hand", order=49)
    assert "Zug 5 (play 49)" in alert and rule in alert


def test_a_code_without_words_shows_the_english_message() -> None:
    error = RecordError("something new", reason="unheard_of")
    assert record_problem(error, translator("da")) == "something new"
