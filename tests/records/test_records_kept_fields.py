"""A hanab.live record's fields and options that this project does not interpret are kept: with
any JSON in them and any names, a record is either refused with one RecordError or written as
UTF-8 JSON that reads back as the same record (RULES.md section 8)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from openhanabi.records import RecordError, read_record

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()
REAL = json.loads((DATA / "game_1.json").read_text())

# any text, lone surrogates too: JSON's "\ud800" escape spells one
TEXT = st.text(st.characters(exclude_categories=()), max_size=12)
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and infinity too: refused, as JSON has neither
    | TEXT,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(TEXT, children, max_size=3),
    max_leaves=12,
)
FIELDS = st.dictionaries(TEXT | st.sampled_from(["id", "seed", "notes", "characters"]), JSON_VALUES)


PLAYERS = ["Ann", "Ben", "Cy"]


@settings(max_examples=300, deadline=None)
@given(
    extra=FIELDS,
    options=st.dictionaries(TEXT | st.sampled_from(["timed", "tableName"]), JSON_VALUES),
    names=st.lists(TEXT, min_size=3, max_size=3),
)
# a field's name that is a line break: refused for its value, in a message of one line
@example(extra={}, options={"\n": math.inf}, names=PLAYERS)
@example(extra={"x\ny": math.nan}, options={}, names=PLAYERS)
@example(extra={"\x1b[2J\u2028": ["\udc00"]}, options={}, names=PLAYERS)
def test_any_kept_field_is_refused_or_written_and_read_back_whole(
    extra: dict[str, Any], options: dict[str, Any], names: list[str]
) -> None:
    data = {**REAL, "players": names, "options": {**options, **REAL["options"]}}
    data.update({key: value for key, value in extra.items() if key not in data})
    try:
        record = read_record(data)
    except RecordError as error:
        assert "\n" not in str(error)
        if error.field is not None:
            # the field's name as shown: printable, whatever characters the name has
            assert error.field.isprintable(), error.field
        return
    text = record.to_json().encode("utf-8")
    again = read_record(text)
    assert again == record
    assert again.players == tuple(names)
    assert again.to_json().encode("utf-8") == text


@pytest.mark.parametrize(
    ("name", "value", "field", "message"),
    [
        # a line break and a terminal's escape sequence in a name: shown as Python escapes
        ("x\ny", math.nan, "x\\ny", "x\\ny: holds NaN, which is not a JSON number"),
        ("\x1b[31m", math.inf, "\\x1b[31m", "\\x1b[31m: holds Infinity, which is not a"),
        # a lone surrogate, and a backslash beside it (doubled, so the escape is unambiguous)
        ("a\\\ud800", ["\udc00"], "a\\\\\\ud800", "a\\\\\\ud800: holds text that is not"),
        # a printable name, accents and all, is shown as it is
        ("Zoë's 李", -math.inf, "Zoë's 李", "Zoë's 李: holds -Infinity, which"),
    ],
)
def test_a_refused_fields_name_is_shown_printable_on_one_line(
    name: str, value: object, field: str, message: str
) -> None:
    for where, data in (
        ("", {**REAL, name: value}),
        ("options.", {**REAL, "options": {**REAL["options"], name: value}}),
    ):
        with pytest.raises(RecordError) as caught:
            read_record(data)
        assert caught.value.field == where + field
        assert str(caught.value).startswith(where + message), str(caught.value)
        assert str(caught.value).isprintable()
