"""Actions: small immutable values that parse from and format to text.

Plays and discards name a card by its *order* (its index in the shuffled deck), clues name a seat.
A colour clue's value indexes the variant's nameable colours; a rank clue's value is the rank.

>>> Action.parse("play 12 declare 3")
Action(type=<ActionType.PLAY: 0>, target=12, value=0, declare=3)
>>> str(Action.rank_clue(1, 5))
'clue 1 rank 5'
>>> Action.parse(str(Action.choose(7))) == Action.choose(7)
True
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from openhanabi.rules.errors import InvalidActionError


class ActionType(enum.IntEnum):
    """Action types, numbered as in hanab.live's records (10 is this project's extension)."""

    PLAY = 0
    DISCARD = 1
    COLOUR_CLUE = 2
    RANK_CLUE = 3
    GAME_OVER = 4  # appears in hanab.live records only; never a legal action
    CHOOSE = 10  # a bonus tile's choice of a card in the discard pile


# An enum's members read through their class call the enum type's __getattr__ hook in this
# Python: code that reads them at every action (the game, the encodings) imports these names.
PLAY = ActionType.PLAY
DISCARD = ActionType.DISCARD
COLOUR_CLUE = ActionType.COLOUR_CLUE
RANK_CLUE = ActionType.RANK_CLUE
CHOOSE = ActionType.CHOOSE


class Action(NamedTuple):
    """One action. ``declare`` is the declared suit of a play (declared-play option).

    For :attr:`ActionType.CHOOSE`, ``value`` is where a card shuffled back into the draw pile
    lands (0 = top); ``-1`` asks the game to draw that position at random.
    """

    type: ActionType
    target: int
    value: int = 0
    declare: int | None = None

    @classmethod
    def play(cls, order: int, declare: int | None = None) -> Action:
        return cls(ActionType.PLAY, order, 0, declare)

    @classmethod
    def discard(cls, order: int) -> Action:
        return cls(ActionType.DISCARD, order)

    @classmethod
    def colour_clue(cls, seat: int, colour: int) -> Action:
        return cls(ActionType.COLOUR_CLUE, seat, colour)

    @classmethod
    def rank_clue(cls, seat: int, rank: int) -> Action:
        return cls(ActionType.RANK_CLUE, seat, rank)

    @classmethod
    def choose(cls, order: int, position: int = -1) -> Action:
        return cls(ActionType.CHOOSE, order, position)

    @property
    def is_clue(self) -> bool:
        kind = self.type
        return kind is COLOUR_CLUE or kind is RANK_CLUE

    def __str__(self) -> str:
        kind = self.type
        if kind is ActionType.PLAY:
            text = f"play {self.target}"
            return text if self.declare is None else f"{text} declare {self.declare}"
        if kind is ActionType.DISCARD:
            return f"discard {self.target}"
        if kind is ActionType.COLOUR_CLUE:
            return f"clue {self.target} colour {self.value}"
        if kind is ActionType.RANK_CLUE:
            return f"clue {self.target} rank {self.value}"
        if kind is ActionType.CHOOSE:
            return f"choose {self.target}" + ("" if self.value < 0 else f" at {self.value}")
        return f"game-over {self.target} {self.value}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form written by ``str(action)``."""
        words = text.split()
        try:
            numbers = [int(word) for word in words[1::2]]
            keywords = words[0::2]
        except ValueError:
            raise InvalidActionError(f"cannot read {text!r} as an action") from None
        shape = " ".join(keywords)
        if shape == "play" and len(numbers) == 1:
            return cls.play(numbers[0])
        if shape == "play declare" and len(numbers) == 2:
            return cls.play(numbers[0], numbers[1])
        if shape == "discard" and len(numbers) == 1:
            return cls.discard(numbers[0])
        if len(words) == 4 and words[0] == "clue" and words[2] in ("colour", "rank"):
            seat, value = int(words[1]), int(words[3])
            return (
                cls.colour_clue(seat, value) if words[2] == "colour" else cls.rank_clue(seat, value)
            )
        if shape == "choose" and len(numbers) == 1:
            return cls.choose(numbers[0])
        if shape == "choose at" and len(numbers) == 2:
            return cls.choose(numbers[0], numbers[1])
        raise InvalidActionError(f"cannot read {text!r} as an action")
