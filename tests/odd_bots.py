"""Bots that misbehave in the ways the tools must survive, shared by the tests of each tool:
one that cannot be made, one that prints as it thinks."""

from __future__ import annotations

from openhanabi.bots import Bot
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
