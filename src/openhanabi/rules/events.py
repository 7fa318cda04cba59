"""The public log: what each action did, as everyone at the table saw it."""

from __future__ import annotations

import enum
from typing import NamedTuple

from openhanabi.rules.actions import Action
from openhanabi.rules.deck import Card


class Result(enum.Enum):
    """What an action did, as everyone at the table saw it."""

    PLAYED = "played"
    MISPLAYED = "misplayed"
    DECLARED_WRONG = "declared wrong"
    DISCARDED = "discarded"
    CLUE = "clue"
    RESHUFFLED = "shuffled back"  # bonus tile 5
    PLAYED_FROM_DISCARD = "played from the discard pile"  # bonus tile 6


# An enum's members read through their class call the enum type's __getattr__ hook in this
# Python: code that reads them at every action (the game, the encodings) imports these names.
PLAYED = Result.PLAYED
MISPLAYED = Result.MISPLAYED
DECLARED_WRONG = Result.DECLARED_WRONG
DISCARDED = Result.DISCARDED
CLUE = Result.CLUE
PLAYED_FROM_DISCARD = Result.PLAYED_FROM_DISCARD


class Decision(enum.Enum):
    """A bonus tile's choice that the player on turn must make before the turn passes."""

    FREE_COLOUR_CLUE = 3
    FREE_RANK_CLUE = 4
    RESHUFFLE = 5
    PLAY_FROM_DISCARD = 6


class Event(NamedTuple):
    """One action and its public consequences, as written in the game's log."""

    seat: int
    action: Action
    result: Result
    card: Card | None = None  # the identity the action revealed (plays, discards, choices)
    touched: tuple[int, ...] = ()  # the orders a clue touched
    drew: int = -1  # the order of the card drawn to end the turn, -1 if none
    tiles: tuple[int, ...] = ()  # bonus tiles drawn by this action
