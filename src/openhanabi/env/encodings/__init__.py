"""Observation encodings, by name: ``hle`` (HLE's canonical encoding, bit for bit) and
``extended`` (every variant and option). Each module documents its layout.

>>> from openhanabi.rules import find_variant
>>> make_encoding("extended", find_variant("rainbow", players=3)).size
1133
>>> make_encoding("hle", find_variant("rainbow"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
openhanabi...UnsupportedVariantError: the hle encoding needs the five base suits; rainbow has ...
"""

from __future__ import annotations

from collections.abc import Callable

from openhanabi.env.encodings.base import DTYPE, Encoding, Segment, UnsupportedVariantError
from openhanabi.env.encodings.extended import ExtendedEncoding
from openhanabi.env.encodings.hle import HLEEncoding
from openhanabi.rules import Variant

ENCODINGS: dict[str, Callable[[Variant], Encoding]] = {
    HLEEncoding.name: HLEEncoding,
    ExtendedEncoding.name: ExtendedEncoding,
}


def make_encoding(name: str, variant: Variant) -> Encoding:
    """The encoding called ``name`` for ``variant`` (``ValueError`` for an unknown name or a
    variant the encoding cannot express)."""
    try:
        build = ENCODINGS[name]
    except KeyError:
        known = ", ".join(ENCODINGS)
        raise ValueError(f"unknown encoding {name!r} (known encodings: {known})") from None
    return build(variant)


__all__ = [
    "DTYPE",
    "ENCODINGS",
    "Encoding",
    "ExtendedEncoding",
    "HLEEncoding",
    "Segment",
    "UnsupportedVariantError",
    "make_encoding",
]
