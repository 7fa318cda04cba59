"""What the ``conventions`` bot says: the cards and clues in the one-sentence explanations of
its moves (see :mod:`openhanabi.bots.explanation` for how they are put into words in each
language, players' names included)."""

from __future__ import annotations

from openhanabi.bots.explanation import Param, Reason, reason
from openhanabi.rules import Action, ActionType
from openhanabi.rules.tables import Tables


def card_said(tables: Tables, key: str, ident: int, **params: Param) -> Reason:
    """The reason ``key`` about the card identity ``ident``: its ``suit`` and ``rank``."""
    card = tables.card[ident]
    return reason(key, suit=card.suit, rank=card.rank, **params)


def clue_said(action: Action) -> Reason:
    """What the clue ``action`` names, as a part of a sentence: "red", "3"."""
    if action.type == ActionType.COLOUR_CLUE:
        return reason("conventions.clue.colour", colour=action.value)
    return reason("conventions.clue.rank", rank=action.value)
