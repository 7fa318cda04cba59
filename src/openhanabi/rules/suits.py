"""Suits as data: how clues touch a suit, its cards, its direction and how it scores.

>>> RED.cards
(1, 1, 1, 2, 2, 3, 3, 4, 4, 5)
>>> BLACK_POWDER.play_order
(5, 4, 3, 2, 1)
>>> RAINBOW.colour_clues is ColourClues.ALL, RAINBOW.nameable
(True, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from openhanabi.rules.errors import UnknownNameError

RANKS = (1, 2, 3, 4, 5)
NORMAL_CARDS = (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)
ONE_OF_EACH = (1, 2, 3, 4, 5)
MIRRORED_CARDS = (5, 5, 5, 4, 4, 3, 3, 2, 2, 1)


class ColourClues(enum.Enum):
    """Which colour clues touch the cards of a suit."""

    OWN = "own"  # only a clue naming this suit's own colour
    ALL = "all"  # every colour clue
    NONE = "none"  # no colour clue


class Scoring(enum.Enum):
    """How a suit's firework counts towards the score."""

    RANKS = "ranks"  # the top card's rank, 0 for an empty firework
    MINUS_MISSING = "minus-missing"  # 0 when complete, minus one per card not played


@dataclass(frozen=True, slots=True)
class Suit:
    """One suit of cards: everything the rules need to know about it."""

    key: str
    name: str
    letter: str
    colour_clues: ColourClues = ColourClues.OWN
    nameable: bool = True
    cards: tuple[int, ...] = NORMAL_CARDS
    descending: bool = False
    scoring: Scoring = Scoring.RANKS

    def __post_init__(self) -> None:
        if sorted(set(self.cards)) != list(RANKS):
            raise ValueError(f"suit {self.key!r} must hold every rank 1-5 at least once")
        if self.nameable and self.colour_clues is not ColourClues.OWN:
            raise ValueError(
                f"suit {self.key!r}: only a suit touched by its own colour is nameable"
            )

    @property
    def play_order(self) -> tuple[int, ...]:
        """The ranks in the order its firework is built."""
        return tuple(reversed(RANKS)) if self.descending else RANKS

    @property
    def max_points(self) -> int:
        """What a complete firework of this suit adds to the score."""
        return 5 if self.scoring is Scoring.RANKS else 0

    def points(self, played: int) -> int:
        """What a firework holding ``played`` cards adds to the score."""
        if self.scoring is Scoring.RANKS:
            return played
        return played - len(RANKS)

    def copies(self, rank: int) -> int:
        """How many cards of ``rank`` the suit has."""
        return self.cards.count(rank)


RED = Suit("red", "Red", "R")
YELLOW = Suit("yellow", "Yellow", "Y")
GREEN = Suit("green", "Green", "G")
BLUE = Suit("blue", "Blue", "B")
WHITE = Suit("white", "White", "W")
MULTICOLOR = Suit("multicolor", "Multicolour", "M")
MULTICOLOR_5 = Suit("multicolor-5", "Multicolour", "M", cards=ONE_OF_EACH)
RAINBOW = Suit("rainbow", "Rainbow", "M", colour_clues=ColourClues.ALL, nameable=False)
RAINBOW_5 = Suit(
    "rainbow-5", "Rainbow", "M", colour_clues=ColourClues.ALL, nameable=False, cards=ONE_OF_EACH
)
BLACK_POWDER = Suit(
    "black-powder",
    "Black powder",
    "K",
    colour_clues=ColourClues.NONE,
    nameable=False,
    cards=MIRRORED_CARDS,
    descending=True,
    scoring=Scoring.MINUS_MISSING,
)

BASE_SUITS = (RED, YELLOW, GREEN, BLUE, WHITE)
SUITS: dict[str, Suit] = {
    suit.key: suit
    for suit in (*BASE_SUITS, MULTICOLOR, MULTICOLOR_5, RAINBOW, RAINBOW_5, BLACK_POWDER)
}


def find_suit(key: str) -> Suit:
    """The seed suit called ``key``.

    >>> find_suit("rainbow-5").cards
    (1, 2, 3, 4, 5)
    """
    try:
        return SUITS[key]
    except KeyError:
        known = ", ".join(SUITS)
        raise UnknownNameError(f"unknown suit {key!r} (known suits: {known})") from None
