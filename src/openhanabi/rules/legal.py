"""Every action a game can see, built once per variant so listing legal actions allocates none."""

from __future__ import annotations

import functools

from openhanabi.rules.actions import Action
from openhanabi.rules.tables import tables_for
from openhanabi.rules.variants import Variant


@functools.cache
def action_table(variant: Variant, size: int) -> ActionTable:
    return ActionTable(variant, size)


class ActionTable:
    """Every action of a game built once, so that listing legal actions allocates no actions."""

    __slots__ = (
        "choose",
        "clues",
        "clues_from",
        "colour_clues",
        "declared",
        "discard",
        "play",
        "rank_clues",
    )

    def __init__(self, variant: Variant, size: int) -> None:
        self.play = [Action.play(order) for order in range(size)]
        self.discard = [Action.discard(order) for order in range(size)]
        self.choose = [Action.choose(order) for order in range(size)]
        suits = range(len(variant.suits))
        self.declared = (
            [[Action.play(order, suit) for suit in suits] for order in range(size)]
            if variant.declared_play
            else []
        )
        tables = tables_for(variant)
        seats = range(variant.players)
        others = [[other for other in seats if other != seat] for seat in seats]
        # (action, target seat, identities it touches) for every clue a seat may give
        self.colour_clues = [
            [
                (Action.colour_clue(other, colour), other, touch)
                for other in others[seat]
                for colour, touch in enumerate(tables.colour_touch)
            ]
            for seat in range(variant.players)
        ]
        self.rank_clues = [
            [
                (Action.rank_clue(other, rank), other, tables.rank_touch[rank])
                for other in others[seat]
                for rank in range(1, 6)
            ]
            for seat in range(variant.players)
        ]
        self.clues = [
            sorted(colours + ranks, key=lambda clue: clue[1])
            for colours, ranks in zip(self.colour_clues, self.rank_clues, strict=True)
        ]
        self.clues_from = [[action for action, _, _ in clues] for clues in self.clues]
