"""Whole numbers as the rules take them: an int of any integer type becomes a plain int; a bool,
a float or text is no whole number."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.rules.numbers import whole_number

INT64 = st.integers(-(2**63), 2**63 - 1)


@given(INT64, st.sampled_from([int, np.int64]))
def test_an_integer_of_any_type_is_the_plain_int_of_its_value(value: int, kind: type) -> None:
    number = whole_number(kind(value))
    assert number == value and type(number) is int


@given(st.integers(0, 127), st.sampled_from([np.uint8, np.int16, np.int32]))
def test_numpy_integers_of_every_width_are_plain_ints_too(value: int, kind: type) -> None:
    number = whole_number(kind(value))
    assert number == value and type(number) is int


@given(
    st.one_of(
        st.booleans(),
        st.floats(),
        st.text(max_size=3),
        st.none(),
        st.builds(np.float64, st.floats()),
        st.builds(np.bool_, st.booleans()),
    )
)
def test_a_bool_a_float_or_text_is_no_whole_number(value: object) -> None:
    assert whole_number(value) is None
