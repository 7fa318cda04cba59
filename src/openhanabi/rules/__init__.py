"""The rules of Hanabi and every rulebook variant, in the standard library only.

>>> from openhanabi.rules import Game, find_variant
>>> game = Game.new(find_variant("black-powder", players=3), seed=42)
>>> game.score, game.variant.max_score, len(game.hands[0])
(-5, 25, 5)
"""

from openhanabi.rules.actions import Action, ActionType
from openhanabi.rules.deck import Card, SplitMix64, shuffled_deck
from openhanabi.rules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidDeckError,
    InvalidVariantError,
    RulesError,
    UnknownNameError,
)
from openhanabi.rules.events import Decision, Event, Result
from openhanabi.rules.game import Game, checked_action
from openhanabi.rules.outcome import Outcome, Rating, Termination, rating
from openhanabi.rules.suits import SUITS, ColourClues, Scoring, Suit, find_suit
from openhanabi.rules.variants import (
    OPTIONS,
    PRESETS,
    Preset,
    Variant,
    find_preset,
    find_variant,
)
from openhanabi.rules.view import CardKnowledge, SeatView

__all__ = [
    "OPTIONS",
    "PRESETS",
    "SUITS",
    "Action",
    "ActionType",
    "Card",
    "CardKnowledge",
    "ColourClues",
    "Decision",
    "Event",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidDeckError",
    "InvalidVariantError",
    "Outcome",
    "Preset",
    "Rating",
    "Result",
    "RulesError",
    "Scoring",
    "SeatView",
    "SplitMix64",
    "Suit",
    "Termination",
    "UnknownNameError",
    "Variant",
    "checked_action",
    "find_preset",
    "find_suit",
    "find_variant",
    "rating",
    "shuffled_deck",
]
