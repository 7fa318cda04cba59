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

from collections.abc import Iterable, Sequence
from operator import itemgetter

import numpy as np
from numpy.typing import NDArray

from openhanabi.rules import Action, ActionType, SeatView, Variant
from openhanabi.rules.legal import action_table
from openhanabi.rules.numbers import whole_number
from openhanabi.rules.tables import tables_for

RANKS = 5
MASK_CACHE_LIMIT = 1 << 16  # turn masks kept; more would only take memory


class MoveNumbering:
    """The numbering of every move of one variant (see the module's table)."""

    __slots__ = (
        "_actions",
        "_clue_actions",
        "_clue_bits",
        "_clue_moves",
        "_colour_to_move",
        "_colour_values",
        "_masks",
        "_move_to_colour",
        "_no_clues",
        "_rank_values",
        "_rest",
        "_slots",
        "_target_touches",
        "_targets",
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
        self._prepare_turns()

    def _prepare_turns(self) -> None:
        # what turn_mask() and turn_action() need, built once
        variant, hand, players = self.variant, self.hand_size, self.players
        self._actions = action_table(variant, variant.deck_size + (1 if variant.bonus_tiles else 0))
        self._targets = tuple(
            tuple((seat + offset) % players for offset in range(1, players))
            for seat in range(players)
        )
        # every clue a seat may give, by move number minus the first clue's
        self._clue_actions = tuple(
            tuple(
                [
                    Action.colour_clue(target, self._move_to_colour[k])
                    for target in self._targets[seat]
                    for k in range(self.colours)
                ]
                + [
                    Action.rank_clue(target, rank)
                    for target in self._targets[seat]
                    for rank in range(1, RANKS + 1)
                ]
            )
            for seat in range(players)
        )
        self._slots = tuple(b"\x01" * held + b"\x00" * (hand - held) for held in range(hand + 1))
        clues = (players - 1) * (self.colours + RANKS)
        self._no_clues = bytes(clues)
        # per identity, the clues that touch it: bit k for colour k of the numbering, bit
        # C + rank - 1 for a rank
        tables = tables_for(variant)
        self._clue_bits = tuple(
            sum(
                1 << k
                for k, colour in enumerate(self._move_to_colour)
                if tables.colour_touch[colour] >> identity & 1
            )
            + sum(
                1 << (self.colours + rank - 1)
                for rank in range(1, RANKS + 1)
                if tables.rank_touch[rank] >> identity & 1
            )
            for identity in range(tables.identities)
        )
        # each seat's reader of its targets' touches (one value for one target, else a tuple)
        self._target_touches = tuple(itemgetter(*targets) for targets in self._targets)
        # the values of a target's colour clues by the bits of the colours that touch its cards,
        # and of its rank clues by the bits of the ranks
        self._colour_values = tuple(
            bytes((touched >> k) & 1 for k in range(self.colours))
            for touched in range(1 << self.colours)
        )
        self._rank_values = tuple(
            bytes((touched >> k) & 1 for k in range(RANKS)) for touched in range(1 << RANKS)
        )
        # turn masks by (cards held, discards allowed, clues touching each target)
        self._masks: dict[tuple[int | bool, ...], bytes] = {}
        # declared plays (every suit of every card held) and bonus tile choices (none)
        self._rest = tuple(
            (b"\x01" * held * self.suits + bytes((hand - held) * self.suits))
            * variant.declared_play
            + bytes(self.suits * RANKS if variant.bonus_tiles else 0)
            for held in range(hand + 1)
        )

    @property
    def clue_bits(self) -> tuple[int, ...]:
        """Per identity, the clues that touch it: bit ``k`` for colour ``k`` of the numbering,
        bit ``C + rank - 1`` for a rank (``C`` colours)."""
        return self._clue_bits

    def touches(self, identities: Iterable[int]) -> int:
        """The clues that touch a hand holding ``identities``: the :attr:`clue_bits` of its
        cards together."""
        touched = 0
        bits = self._clue_bits
        for identity in identities:
            touched |= bits[identity]
        return touched

    def turn_mask(self, seat: int, held: int, tokens: int, touches: Sequence[int]) -> bytes:
        """The mask of a turn of ``seat`` that no bonus tile interrupts: one byte per move.

        ``held`` is how many cards the seat holds, ``tokens`` how many clue tokens are
        available, ``touches[s]`` the clues that touch seat ``s``'s hand (:meth:`touches` of
        its identities; only the other seats' are read: they decide which clues a seat may
        give). The same moves as :meth:`legal` of the seat's view.
        """
        variant = self.variant
        discards = tokens < variant.clue_tokens
        if tokens > 0 and not variant.empty_clues:
            # the common turn: the mask follows from the clues that touch each other hand,
            # and the same masks recur, so each is made once
            key = (held, discards, self._target_touches[seat](touches))
            mask = self._masks.get(key)
            if mask is None:
                if len(self._masks) >= MASK_CACHE_LIMIT:
                    self._masks.clear()
                targets = [touches[target] for target in self._targets[seat]]
                mask = self._masks[key] = self._clue_mask(held, discards, targets)
            return mask
        slots = self._slots[held]
        parts = [slots if discards else self._slots[0], slots]
        if tokens <= 0:
            parts.append(self._no_clues)
        else:  # empty clues: every clue is legal
            parts.append(b"\x01" * len(self._no_clues))
        parts.append(self._rest[held])
        return b"".join(parts)

    def _clue_mask(self, held: int, discards: bool, touches: Sequence[int]) -> bytes:
        # the mask of a turn with a clue token, from the clues that touch each target's cards
        slots = self._slots[held]
        parts = [slots if discards else self._slots[0], slots]
        colours = self.colours
        every_colour = (1 << colours) - 1
        # the colour clues of every target first, then the rank clues
        parts += [self._colour_values[touched & every_colour] for touched in touches]
        parts += [self._rank_values[touched >> colours] for touched in touches]
        parts.append(self._rest[held])
        return b"".join(parts)

    def turn_action(self, seat: int, hand: Sequence[int], move: int) -> Action:
        """The action of move ``move`` by ``seat`` holding ``hand`` on a turn that no bonus tile
        interrupts, for a move :meth:`turn_mask` marks."""
        if move < self.colour_clues:
            table = self._actions.discard if move < self.play else self._actions.play
            return table[hand[move % self.hand_size]]
        if self.declared < 0 or move < self.declared:
            return self._clue_actions[seat][move - self.colour_clues]
        slot, suit = divmod(move - self.declared, self.suits)
        return self._actions.declared[hand[slot]][suit]

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
        if whole_number(move) is None:
            raise ValueError(f"a move is an integer move number, not {move!r}")
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
