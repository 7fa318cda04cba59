"""The bot protocol: a bot sees only its seat's view and answers with one of its legal actions.

A bot is made for one seat of one game, with a seed that makes it deterministic: never the seed the
game was dealt from, which would deal the game again, its own cards included, but one drawn
from it one way (:func:`seat_seed`). On its turn, and
whenever a bonus tile asks it for a decision, it receives its :class:`SeatView` (whose
``legal_actions`` lists what it may do) and returns one action: a play (declared or not, where
the variant allows), a discard, a clue, or a bonus tile's answer. It never sees the game itself.
"""

from __future__ import annotations

import abc
import hashlib
from typing import ClassVar

from openhanabi.bots.explanation import Reason
from openhanabi.rules import Action, SeatView, Variant
from openhanabi.rules.deck import check_seed
from openhanabi.rules.numbers import whole_number


class Bot(abc.ABC):
    """Base class of every bot. Subclasses set ``name`` and ``summary`` and implement ``act``."""

    name: ClassVar[str]
    summary: ClassVar[str]

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        # refused here, not at the bot's first turn (or never: a bot for seat 5 of a game of
        # 3 would answer for a seat that is not its own)
        if not isinstance(variant, Variant):
            raise ValueError(f"a bot's variant is a Variant, not {variant!r}")
        number = whole_number(seat)
        if number is None or not 0 <= number < variant.players:
            raise ValueError(f"there is no seat {seat!r} in a game of {variant.players} players")
        self.seat = number
        self.variant = variant
        self.seed = check_seed(seed)

    @abc.abstractmethod
    def act(self, view: SeatView) -> Action:
        """Choose an action from ``view.legal_actions``."""

    def explain(self) -> str:
        """One plain sentence on why the last action was chosen ("" if the bot cannot say)."""
        return ""

    def reason(self) -> Reason | None:
        """Why the last action was chosen, as data to say in any language
        (:mod:`openhanabi.bots.explanation`); None if the bot gives only :meth:`explain`'s
        English sentence."""
        return None


def seat_seed(deal: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game dealt from the seed ``deal``.

    Drawn from both through a one-way hash (BLAKE2b): the same game and seat give the same bot,
    so runs repeat, but a bot cannot work back to the deal's seed, which would let it deal the
    game again and see its own cards. Seats get seeds apart from each other, below 2**63.

    >>> seat_seed(7, 0) == seat_seed(7, 0) != seat_seed(7, 1)
    True
    """
    said = f"{check_seed(deal)}/{seat}".encode()
    digest = hashlib.blake2b(said, digest_size=8, person=b"openhanabi seat").digest()
    return int.from_bytes(digest, "big") >> 1


class BotError(Exception):
    """A bot failed: it raised, or it chose an action the rules do not allow."""
