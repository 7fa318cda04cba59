"""A hanab.live record's fields and options that this project does not interpret are kept: with
any JSON in them and any names, a record is either refused with one RecordError or written as
UTF-8 JSON that reads back as the same record (RULES.md section 8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
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


@settings(max_examples=300, deadline=None)
@given(
    extra=FIELDS,
    options=st.dictionaries(TEXT | st.sampled_from(["timed", "tableName"]), JSON_VALUES),
    names=st.lists(TEXT, min_size=3, max_size=3),
)
def test_any_kept_field_is_refused_or_written_and_read_back_whole(
    extra: dict[str, Any], options: dict[str, Any], names: list[str]
) -> None:
    data = {**REAL, "players": names, "options": {**options, **REAL["options"]}}
    data.update({key: value for key, value in extra.items() if key not in data})
    try:
        record = read_record(data)
    except RecordError as error:
        assert "\n" not in str(error)
        return
    text = record.to_json().encode("utf-8")
    again = read_record(text)
    assert again == record
    assert again.players == tuple(names)
    assert again.to_json().encode("utf-8") == text
