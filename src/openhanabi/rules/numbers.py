"""Whole numbers as the rules take them: seats, seeds, card positions and option values.

>>> whole_number(3), whole_number(True), whole_number(3.0), whole_number("3")
(3, None, None, None)
"""

from __future__ import annotations

import operator


def whole_number(value: object) -> int | None:
    """``value`` as a plain int if it is a whole number: an int, or any integer type that says
    it is one (a NumPy integer, through ``__index__``), so that what a game holds and writes
    into a record is always a plain int. A bool is not one (Python counts ``True`` as 1, but
    nobody means a seat or a seed by it), nor is a float or text: ``None`` for those."""
    if isinstance(value, bool):
        return None
    if type(value) is int:
        return value
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
