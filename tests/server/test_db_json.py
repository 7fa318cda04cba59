"""The JSON columns' text: what the standard library would store, read back the same."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.server.db import _json_text

documents = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text() | st.integers(0, 99), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(documents)
def test_a_document_reads_back_as_the_standard_library_wrote_it(document: Any) -> None:
    assert json.loads(_json_text(document)) == json.loads(json.dumps(document))


@pytest.mark.parametrize("depth", [126, 127, 128, 300])
def test_deep_nesting_reads_back_as_the_standard_library_wrote_it(depth: int) -> None:
    document: Any = 10**40
    for _ in range(depth):
        document = {"extra": [document]}
    assert json.loads(_json_text(document)) == document


def test_what_json_cannot_hold_is_refused_saying_so() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        _json_text({"cards": {1, 2}})
