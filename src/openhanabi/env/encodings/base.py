"""What every observation encoding is: a fixed layout of named segments over one variant.

An encoding turns a :class:`~openhanabi.rules.SeatView` (what one seat may see, and nothing
more) into a flat vector of 0/1 values of dtype ``int8`` whose layout depends only on the
variant. The layout is a tuple of :class:`Segment` so that another implementation (a vectorised
batch engine, for one) can be checked against an encoder segment by segment with :meth:`split`.
Each encoding also fixes the move numbering that goes with it (:attr:`Encoding.moves`).
"""

from __future__ import annotations

import abc
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from numpy.typing import NDArray

from openhanabi.env.encodings.live import LiveObservations
from openhanabi.env.moves import MoveNumbering
from openhanabi.rules import Game, SeatView, Variant

DTYPE = np.int8


class UnsupportedVariantError(ValueError):
    """A variant (or option) that an encoding cannot express."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One named run of values in an encoded observation: ``[start, start + size)``."""

    name: str
    start: int
    size: int

    @property
    def stop(self) -> int:
        return self.start + self.size


def layout(sizes: Iterable[tuple[str, int]]) -> tuple[Segment, ...]:
    """Consecutive segments of the given names and sizes, the first starting at 0."""
    segments = []
    start = 0
    for name, size in sizes:
        segments.append(Segment(name, start, size))
        start += size
    return tuple(segments)


class Encoding(abc.ABC):
    """An observation encoding of one variant, with its move numbering."""

    name: ClassVar[str]

    def __init__(self, variant: Variant, moves: MoveNumbering, segments: tuple[Segment, ...]):
        self.variant = variant
        self.moves = moves
        self.segments = segments
        self.size = segments[-1].stop if segments else 0
        self.at = {segment.name: segment.start for segment in segments}
        self.width = {segment.name: segment.size for segment in segments}

    def encode(self, view: SeatView) -> NDArray[np.int8]:
        """The observation of ``view``: a new array of :attr:`size` values, each 0 or 1."""
        return np.frombuffer(self.encode_bytes(view), dtype=DTYPE)

    @abc.abstractmethod
    def encode_bytes(self, view: SeatView) -> bytearray:
        """The observation of ``view`` as one byte (0 or 1) per value.

        Encoders fill a ``bytearray``: setting single bytes and copying runs of bytes is
        cheaper in Python than many small NumPy operations.
        """

    @abc.abstractmethod
    def live(self, game: Game) -> LiveObservations:
        """Every seat's observation of ``game``, kept up to date as it goes on (call
        :meth:`~openhanabi.env.encodings.live.LiveObservations.update` after each action)."""

    def segment(self, name: str) -> Segment:
        """The segment called ``name`` (``KeyError`` if the layout has none)."""
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(f"the {self.name} encoding of this variant has no segment {name!r}")

    def split(self, observation: NDArray[np.int8]) -> dict[str, NDArray[np.int8]]:
        """``observation`` cut into its named segments (views, not copies)."""
        if observation.shape != (self.size,):
            raise ValueError(f"expected an observation of shape ({self.size},)")
        return {s.name: observation[s.start : s.stop] for s in self.segments}

    def describe(self) -> str:
        """The layout as a table: one line per segment with its start and size."""
        lines = [f"{self.name} encoding of {self.variant.describe()}: {self.size} values"]
        lines += [f"  {s.name:<24}{s.start:>6}{s.size:>6}" for s in self.segments]
        return "\n".join(lines)
