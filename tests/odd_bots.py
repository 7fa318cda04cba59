"""Bots that misbehave in the ways the tools must survive, shared by the tests of each tool:
one that cannot be made, one that prints as it thinks, one that hangs on a move, one that takes
its time on a move."""

from __future__ import annotations

import time

from openhanabi.bots import Bot, seat_seed
from openhanabi.bots.basic import BasicBot
from openhanabi.rules import Action, SeatView, Variant


class Unmakeable(Bot):
    """A bot that raises as it is made."""

    name = "unmakeable"
    summary = "raises as it is made"

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        raise RuntimeError("cannot start")

    def act(self, view: SeatView) -> Action:
        return view.legal_actions[0]


class Talks(Bot):
    """A bot that prints as it thinks."""

    name = "talks"
    summary = "prints as it thinks"

    def act(self, view: SeatView) -> Action:
        print(f"thinking about turn {view.turn}")
        return view.legal_actions[0]


class Dawdles(BasicBot):
    """A bot that plays as ``basic`` but, on turn ``turn`` (counted from 0) of the game dealt
    from seed ``deal``, waits ``seconds`` before it answers: a move much slower than the rest."""

    name = "dawdles"
    summary = "takes its time on one move of one game"
    deal = 3
    turn = 5  # move 6, seat 2's in a game of 3 players
    seconds = 0.25

    def act(self, view: SeatView) -> Action:
        if view.turn == self.turn and self.seed == seat_seed(self.deal, self.seat):
            time.sleep(self.seconds)
        return super().act(view)


class Hangs(Dawdles):
    """A bot that dawdles ten minutes on its one move: far longer than any test's limit on a
    move."""

    name = "hangs"
    summary = "hangs on one move of one game"
    deal = 17
    turn = 13  # move 14, seat 1's in a game of 3 players
    seconds = 600
