"""``random``: picks uniformly among the legal actions."""

from __future__ import annotations

from openhanabi.bots.explanation import Reason, english, reason
from openhanabi.bots.protocol import Bot
from openhanabi.bots.registry import register
from openhanabi.rules import Action, SeatView, SplitMix64, Variant


@register
class RandomBot(Bot):
    name = "random"
    summary = "picks any legal action, uniformly at random"

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        super().__init__(seat, variant, seed)
        self._rng = SplitMix64(seed * 8 + seat)

    def act(self, view: SeatView) -> Action:
        actions = view.legal_actions
        return actions[self._rng.below(len(actions))]

    def explain(self) -> str:
        return english(self.reason(), self.variant)

    def reason(self) -> Reason:
        return reason("random.pick")
