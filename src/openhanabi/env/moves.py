"""Move numbering: every action a seat may take as one integer, the environments' action space.

A move names cards by their *slot* (position in the hand, oldest card first) and players by their
*offset* from the acting seat (1 is the next seat), so the same number means the same kind of
move from every seat, as in DeepMind's Hanabi Learning Environment (HLE). The blocks, in order:

=================  =====================  ===========================================
block              size                   move number
=================  =====================  ===========================================
discard            ``H``                  ``slot``
play               ``H``                  ``H + slot``
colour clue        ``(P-1) * C``          ``2H + (offset-1) * C + colour``
rank clue          ``(P-1) * 5``          ``2H + (P-1) * C + (offset-1) * 5 + rank-1``
declared play      ``H * S`` (if on)      ``... + slot * S + suit``
bonus tile choice  ``S * 5`` (if on)      ``... + suit * 5 + rank-1`` (the card's identity)
=================  =====================  ===========================================

``P`` players, ``H`` cards in a full hand, ``S`` suits, ``C`` colours a clue can name. A bonus
tile's free clue uses the clue blocks; its choice of a card in the discard pile names the card's
identity (copies of one identity are interchangeable: the oldest one is taken).

With ``colour_order`` a numbering can list the colours in another order than the variant's: HLE
numbers its colours R, Y, G, W, B where the project's suits are R, Y, G, B, W.

>>> from openhanabi.rules import Game, find_variant
>>> variant = find_variant("base", players=2, empty_clues=False)
>>> moves = MoveNumbering(variant)
>>> moves.size
20
>>> view = Game.new(variant, seed=1).view(0)
>>> legal = moves.legal(view)
>>> sorted(legal)[:6], moves.describe(12)
([5, 6, 7, 8, 9, 11], 'clue +1 colour green')
>>> legal[5]
Action(type=<ActionType.PLAY: 0>, target=0, value=0, declare=None)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from openhanabi.rules import Action, ActionType, SeatView, Variant

RANKS = 5


class MoveNumbering:
    """The numbering of every move of one variant (see the module's table)."""

    __slots__ = (
        "_clue_moves",
        "_colour_to_move",
        "_move_to_colour",
        "choose",
        "colour_clues",
        "colours",
        "declared",
        "discard",
        "hand_size",
        "play",
        "players",
        "rank_clues",
        "size",
        "suits",
        "variant",
    )

    def __init__(self, variant: Variant, colour_order: Sequence[int] | None = None) -> None:
        """``colour_order[k]`` is the variant's colour (an index into ``variant.colours``) that
        the numbering calls colour ``k``; by default the variant's own order."""
        self.variant = variant
        self.players = players = variant.players
        self.hand_size = hand = variant.hand_size
        self.colours = colours = len(variant.colours)
        self.suits = suits = len(variant.suits)
        order = tuple(range(colours)) if colour_order is None else tuple(colour_order)
        if sorted(order) != list(range(colours)):
            raise ValueError(f"colour order {order} is not a permutation of {colours} colours")
        self._move_to_colour = order
        self._colour_to_move = tuple(order.index(colour) for colour in range(colours))
        # first move number of each block (-1 for a block the variant does not have)
        self.discard = 0
        self.play = hand
        self.colour_clues = 2 * hand
        self.rank_clues = self.colour_clues + (players - 1) * colours
        end = self.rank_clues + (players - 1) * RANKS
        self.declared = end if variant.declared_play else -1
        end += hand * suits if variant.declared_play else 0
        self.choose = end if variant.bonus_tiles else -1
        end += suits * RANKS if variant.bonus_tiles else 0
        self.size = end
        self._clue_moves: list[dict[Action, int]] = [{} for _ in range(players)]

    @property
    def colour_order(self) -> tuple[int, ...]:
        """The variant colour (an index into ``variant.colours``) of each colour the numbering
        names, in its order."""
        return self._move_to_colour

    def number(self, view: SeatView, action: Action) -> int:
        """The move number of ``action`` taken by the seat on turn in ``view``."""
        seat = view.seat_on_turn
        kind = action.type
        if kind is ActionType.PLAY or kind is ActionType.DISCARD:
            slot = view.hands[seat].index(action.target)
            if kind is ActionType.DISCARD:
                return self.discard + slot
            if action.declare is None:
                return self.play + slot
            if self.declared < 0:
                raise ValueError(f"{action} declares a suit, and declared play is off")
            return self.declared + slot * self.suits + action.declare
        if kind is ActionType.COLOUR_CLUE or kind is ActionType.RANK_CLUE:
            offset = (action.target - seat) % self.players
            if kind is ActionType.COLOUR_CLUE:
                colour = self._colour_to_move[action.value]
                return self.colour_clues + (offset - 1) * self.colours + colour
            return self.rank_clues + (offset - 1) * RANKS + action.value - 1
        if kind is ActionType.CHOOSE:
            if self.choose < 0:
                raise ValueError(f"{action} answers a bonus tile, and bonus tiles are off")
            card = view.cards[action.target]
            return self.choose + card.suit * RANKS + card.rank - 1
        raise ValueError(f"{action} has no move number")

    def legal(self, view: SeatView) -> dict[int, Action]:
        """The legal moves of the seat on turn in ``view``: move number to action.

        Empty unless ``view`` is the view of the seat on turn.
        """
        legal: dict[int, Action] = {}
        if not view.legal_actions:
            return legal
        seat = view.seat_on_turn
        hand = view.hands[seat]
        clue_moves = self._clue_moves[seat]
        play, discard = self.play, self.discard
        for action in view.legal_actions:
            kind = action.type
            # the common kinds inline: this runs before every step of an environment
            if kind is ActionType.PLAY and action.declare is None:
                move = play + hand.index(action.target)
            elif kind is ActionType.DISCARD:
                move = discard + hand.index(action.target)
            elif kind is ActionType.RANK_CLUE or kind is ActionType.COLOUR_CLUE:
                # a clue's number depends only on the giver: remembered per seat
                move = clue_moves.get(action, -1)
                if move < 0:
                    move = clue_moves[action] = self.number(view, action)
            else:
                move = self.number(view, action)
            # several copies of one identity in the discard pile: keep the oldest
            legal.setdefault(move, action)
        return legal

    def mask(self, legal: dict[int, Action]) -> NDArray[np.int8]:
        """The action mask of ``legal`` (from :meth:`legal`): 1 for each legal move."""
        mask = bytearray(self.size)
        for move in legal:
            mask[move] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def describe(self, move: int) -> str:
        """What move number ``move`` asks for, in words (``ValueError`` outside the space)."""
        if not 0 <= move < self.size:
            raise ValueError(f"move {move} is outside the move numbers 0 to {self.size - 1}")
        suits = self.variant.suits
        if move < self.play:
            return f"discard slot {move}"
        if move < self.colour_clues:
            return f"play slot {move - self.play}"
        if move < self.rank_clues:
            offset, colour = divmod(move - self.colour_clues, self.colours)
            name = self.variant.colours[self._move_to_colour[colour]].key
            return f"clue +{offset + 1} colour {name}"
        if move < self.rank_clues + (self.players - 1) * RANKS:
            offset, rank = divmod(move - self.rank_clues, RANKS)
            return f"clue +{offset + 1} rank {rank + 1}"
        if self.declared >= 0 and move < self.declared + self.hand_size * self.suits:
            slot, suit = divmod(move - self.declared, self.suits)
            return f"play slot {slot} declare {suits[suit].key}"
        suit, rank = divmod(move - self.choose, RANKS)
        return f"choose {suits[suit].letter}{rank + 1} from the discard pile"
