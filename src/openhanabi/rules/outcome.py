"""How a game ended, and the rulebooks' rating bands.

>>> rating(23, 25)
Rating(low=21, high=24, verdict='Excellent: a show people will remember.')
>>> rating(30, 30).verdict
'Legendary: nothing left to improve.'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple


class Termination(enum.Enum):
    """Why a game is over."""

    STRIKEOUT = "strikeout"  # the last storm token was turned: 0 points
    PERFECT = "perfect"  # every firework is complete
    LAST_ROUND_DONE = "last round done"  # everyone took their turn after the last draw
    NO_MORE_PROGRESS = "no more progress"  # hanab.live's ending rule: the score cannot rise
    ALL_OR_NOTHING_LOST = "all or nothing lost"  # play until perfect, and perfect is out of reach
    ABANDONED = "abandoned"  # a hanab.live record's game-over action: the table stopped


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    score: int
    detail: str

    @property
    def reason(self) -> str:
        return self.termination.value


class Rating(NamedTuple):
    low: int
    high: int
    verdict: str


_BANDS = (
    (0, 5, "Dreadful: the crowd went home early."),
    (6, 10, "Poor: a few sparks, mostly smoke."),
    (11, 15, "Fair: the neighbours clapped politely."),
    (16, 20, "Good: a proper show."),
    (21, 24, "Excellent: a show people will remember."),
)


def rating(score: int, max_score: int) -> Rating:
    """The rating band of ``score`` in a game whose perfect score is ``max_score``.

    Five suits give the bands 0-5, 6-10, 11-15, 16-20, 21-24 and 25; six suits add 25-29 and 30.
    """
    if score >= max_score:
        return Rating(max_score, max_score, "Legendary: nothing left to improve.")
    for low, high, verdict in _BANDS:
        if score <= high:
            return Rating(min(low, score), high, verdict)
    return Rating(25, max_score - 1, "Brilliant: only a perfect show is better.")
