"""The state of ``N`` games of one variant as NumPy arrays, and the rules that step them.

Cards are named by their *order* (the i-th card drawn has order i, as in
:mod:`openhanabi.rules.game`): without bonus tiles a card's order is its index in the deck; with
them the deck has one order more, for the card bonus tile 5 may shuffle back, which gets a new
order when it is drawn again. Order ``O`` (the number of orders: ``D``, the deck size, or
``D + 1`` with bonus tiles) is a sentinel: an empty hand slot holds it, its identity is ``K``
(one past the last identity) and its knowledge row is all 0, so that gathers over hands need no
special case for missing cards.

Arrays, for ``N`` games, ``P`` players, ``H`` cards in a full hand:

- ``deck`` ``[N, O+1]``: the identity of each order, drawn or still to draw (``K`` at the
  sentinel, and at the spare order of bonus tiles until a card is shuffled back);
- ``hands`` ``[N, P, H+1]``: orders by slot, oldest first, ``O`` for an empty slot (the extra
  column is always ``O``: removing a card shifts it in);
- ``held`` ``[N, P]``, ``drawn`` ``[N]`` (orders dealt so far), ``deck_end`` ``[N]`` (orders
  the deck will have dealt once the draw pile is empty: ``D``, one more after a card is shuffled
  back), ``fireworks`` ``[N, S]`` (cards played per suit), ``clue_tokens``, ``storms``,
  ``score``, ``complete`` (fireworks completed), ``turns_left`` (-1 until the last card is
  drawn), ``seat`` (on turn), ``lost`` ``[N, K]`` (copies of each identity in the discard pile)
  and ``discards`` ``[N, D]`` (int8: the same as a thermometer of copies per identity, in the
  encoding's identity order);
- ``knowledge`` ``[N, O+1, K+C+5]`` (int8): per card, the row an encoding shows for it: the
  identities its clues leave plausible (``K``, in the encoding's identity order), the colours
  (``C``, in the encoding's colour order) and ranks (5) of the clues that touched it.

:meth:`BatchState.apply` is the base game's turn: any suits and token counts, empty clues on or
off. The options (declared play, bonus tiles, play until perfect, hanab.live's ending rule) take
their own path, :class:`~openhanabi.env.batch.options.OptionRules`, so that the base game pays
nothing for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from openhanabi.rules import Variant
from openhanabi.rules.tables import tables_for

Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]

# kinds of an action, in the extended encoding's order (the base game's clues: ``kind >=
# COLOUR_CLUE``); CHOOSE answers a bonus tile with a card of the discard pile, which the last
# action shows as RESHUFFLED or PLAYED_FROM_DISCARD
PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE, CHOOSE = 0, 1, 2, 3, 4
RESHUFFLED, PLAYED_FROM_DISCARD = 4, 5


def has_options(variant: Variant) -> bool:
    """Whether ``variant`` has any option that takes :mod:`~openhanabi.env.batch.options`'s path."""
    return (
        variant.declared_play
        or variant.bonus_tiles
        or variant.all_or_nothing
        or variant.hanab_live_ending
    )


@dataclass(frozen=True)
class RuleTables:
    """The variant's tables as arrays, with a row or column for the sentinel card ``K``."""

    needed: Ints  # [S, 7]: the identity a firework takes after ``played`` cards, -1 once full
    colour_touch: Bools  # [C, K+1]: identities each nameable colour touches
    rank_touch: Bools  # [6, K+1]: identities each rank touches (row 0 unused)
    rank_of: Ints  # [K+1]: rank of each identity (0 for the sentinel)
    clue_touch: Bools  # [C+5, K+1]: identities each clue touches (colours, then ranks 1-5)

    @classmethod
    def of(cls, variant: Variant) -> RuleTables:
        tables = tables_for(variant)
        k = tables.identities
        # room for one more look-up past a complete firework
        needed = np.array([row + (-1,) * (7 - len(row)) for row in tables.needed], np.int64)

        def bits(mask: int) -> list[bool]:
            return [bool(mask >> ident & 1) for ident in range(k)] + [False]

        colour_touch = np.array([bits(mask) for mask in tables.colour_touch], np.bool_)
        rank_touch = np.array([bits(mask) for mask in tables.rank_touch], np.bool_)
        return cls(
            needed=needed,
            colour_touch=colour_touch,
            rank_touch=rank_touch,
            rank_of=np.array([i % 5 + 1 for i in range(k)] + [0], np.int64),
            clue_touch=np.concatenate([colour_touch, rank_touch[1:]]),
        )


class LastAction:
    """The last action of each game, as the encodings show it (``kind`` -1 before the first)."""

    def __init__(self, games: int, hand_size: int, options: bool = False) -> None:
        """``options``: also keep what declared plays and bonus tiles show."""
        self.actor = np.zeros(games, np.int64)
        self.kind = np.full(games, -1, np.int64)
        self.target = np.full(games, -1, np.int64)  # clue target seat
        self.clue = np.full(games, -1, np.int64)  # colour index, or C + rank - 1
        self.touched = np.zeros((games, hand_size), np.bool_)  # slots a clue touched
        self.slot = np.full(games, -1, np.int64)  # slot played or discarded
        self.card = np.full(games, -1, np.int64)  # identity played or discarded
        self.added = np.zeros(games, np.bool_)  # a card was added to a firework
        self.storm = np.zeros(games, np.bool_)  # a storm token was turned
        self.drew = np.zeros(games, np.bool_)  # the hand drew a replacement
        self.tokens_before = np.zeros(games, np.int64)  # clue tokens before the action
        self.options = options
        self.declared = np.full(games, -1, np.int64)  # the suit a play declared
        self.wrong = np.zeros(games, np.bool_)  # the declaration was wrong
        self.answered = np.zeros(games, np.bool_)  # the action answered a bonus tile
        self.tile = np.zeros(games, np.int64)  # the bonus tile the action drew, 0 for none

    def clear(self, rows: Ints) -> None:
        """No action yet in ``rows`` (new games)."""
        self.kind[rows] = -1
        self.target[rows] = -1
        self.clue[rows] = -1
        self.touched[rows] = False
        self.slot[rows] = -1
        self.card[rows] = -1
        self.added[rows] = False
        self.storm[rows] = False
        self.drew[rows] = False
        if self.options:
            self.declared[rows] = -1
            self.wrong[rows] = False
            self.answered[rows] = False
            self.tile[rows] = 0


class BatchState:
    """``N`` games of one variant (see the module's notes for the arrays)."""

    def __init__(
        self,
        variant: Variant,
        games: int,
        identity_order: Sequence[int] | None = None,
        colour_order: Sequence[int] | None = None,
    ) -> None:
        """``identity_order[j]`` is the identity of knowledge column ``j`` and
        ``colour_order[c]`` the variant colour of colour column ``c`` (the variant's orders by
        default)."""
        tables = tables_for(variant)
        self.variant = variant
        self.games = n = games
        self.players = p = variant.players
        self.hand_size = h = variant.hand_size
        self.deck_size = d = variant.deck_size
        # orders: one more for the card bonus tile 5 may shuffle back; then the sentinel
        self.orders = o = d + 1 if variant.bonus_tiles else d
        self.identities = k = tables.identities
        self.suits = s = tables.suit_count
        self.start_score = tables.start_score
        self.rules = RuleTables.of(variant)
        self.rows = np.arange(n)
        self.deck = np.full((n, o + 1), k, np.int64)
        self.hands = np.full((n, p, h + 1), o, np.int64)
        self.held = np.zeros((n, p), np.int64)
        self.drawn = np.zeros(n, np.int64)
        self.deck_end = np.full(n, d, np.int64)
        self.fireworks = np.zeros((n, s), np.int64)
        self.clue_tokens = np.zeros(n, np.int64)
        self.storms = np.zeros(n, np.int64)
        self.score = np.zeros(n, np.int64)
        self.complete = np.zeros(n, np.int64)
        self.turns_left = np.zeros(n, np.int64)
        self.seat = np.zeros(n, np.int64)
        self.lost = np.zeros((n, k), np.int64)
        c = len(variant.colours)
        idents = list(range(k)) if identity_order is None else list(identity_order)
        colours = list(range(c)) if colour_order is None else list(colour_order)
        self.knowledge = np.zeros((n, o + 1, k + c + 5), np.int8)
        self._fresh = np.zeros(k + c + 5, np.int8)
        self._fresh[:k] = 1
        # per clue (colours, then ranks 1-5): the knowledge a touched and a missed card keep
        rules = self.rules
        touch = np.concatenate([rules.colour_touch, rules.rank_touch[1:]])[:, idents]
        keep = np.ones((c + 5, 2, k + c + 5), np.int8)
        keep[:, 0, :k] = ~touch
        keep[:, 1, :k] = touch
        self.keep = keep.reshape(2 * (c + 5), k + c + 5)  # row clue * 2 + touched
        # the column a touched card's clue sets, per clue
        self.named = np.array(
            [k + colours.index(colour) for colour in range(c)]
            + [k + c + rank for rank in range(5)],
            np.int64,
        )
        self.last = LastAction(n, h, has_options(variant))
        # Flat views: one index per element is much cheaper for NumPy than index pairs.
        self.hands_by_seat = self.hands.reshape(n * p, h + 1)  # row game * P + seat
        self.deck_flat = self.deck.reshape(-1)  # game * (O+1) + order
        self.knowledge_by_card = self.knowledge.reshape(n * (o + 1), k + c + 5)
        self.seat_base = self.rows * p
        self.slot_base = self.rows * (h + 1)  # rows of one hand per game, flattened
        self.offsets = np.arange(p)
        self.card_base = self.rows * (o + 1)
        # the discard pile as a thermometer of copies per identity, in identity_order
        starts = np.cumsum([0] + [tables.copies[ident] for ident in idents])
        self.discard_start = np.zeros(k, np.int64)
        self.discard_start[idents] = starts[:-1]
        self.discards = np.zeros((n, d), np.int8)
        # slot shifts: removing slot s moves the later cards one slot older
        self.slot_shift = np.array(
            [[*range(slot), *range(slot + 1, h + 1), h] for slot in range(h + 1)], np.int64
        )

    def deal(self, rows: Ints, decks: Ints) -> None:
        """Start new games in ``rows`` from ``decks`` (identities, top first, one row each)."""
        variant = self.variant
        p, h, d, o = self.players, self.hand_size, self.deck_size, self.orders
        self.deck[rows, :d] = decks
        if o > d:
            self.deck[rows, d:o] = self.identities  # no card shuffled back yet
            self.deck_end[rows] = d
        self.hands[rows, :, :h] = np.arange(p * h).reshape(p, h)
        self.held[rows] = h
        self.drawn[rows] = p * h
        self.fireworks[rows] = 0
        self.clue_tokens[rows] = variant.clue_tokens
        self.storms[rows] = 0
        self.score[rows] = self.start_score
        self.complete[rows] = 0
        self.turns_left[rows] = -1
        self.seat[rows] = variant.start_seat
        self.lost[rows] = 0
        self.discards[rows] = 0
        self.knowledge[rows, :o] = self._fresh
        self.last.clear(rows)

    def apply(self, kind: Ints, slot: Ints, offset: Ints, clue: Ints) -> tuple[Bools, Bools]:
        """One turn in every game: the seat on turn takes the decoded move (``kind``; ``slot``
        for a play or discard; target ``offset`` and ``clue`` for a clue, a clue being a colour
        index or ``C + rank - 1``). The moves must be legal. Returns (ended, lost): the games
        this turn ended, and those of them that score 0."""
        actor = self.seat
        last = self.last
        last.tokens_before[:] = self.clue_tokens
        self._take_cards(actor, kind, slot)
        self.give_clues(actor, np.flatnonzero(kind >= COLOUR_CLUE), offset, clue)
        last.actor[:] = actor
        last.kind[:] = kind
        strikeout = self.storms >= self.variant.storms
        perfect = self.complete == self.suits
        # the end of the turn
        self.turns_left -= self.turns_left > 0
        drew_last = last.drew & (self.drawn == self.deck_size)
        self.turns_left[drew_last] = self.players
        self.seat = (actor + 1) % self.players
        return strikeout | perfect | (self.turns_left == 0), strikeout

    def _take_cards(self, actor: Ints, kind: Ints, slot: Ints) -> None:
        """Plays and discards: the card leaves the hand, lands on a firework or the discard
        pile, and the hand draws a replacement."""
        rows = self.rows
        rules = self.rules
        last = self.last
        play = kind == PLAY
        discard = kind == DISCARD
        takes = play | discard
        slot = np.where(takes, slot, self.hand_size)
        seat_rows = self.seat_base + actor
        hand = self.hands_by_seat[seat_rows]  # [N, H+1]
        slot_base = self.slot_base
        order = hand.reshape(-1)[slot_base + slot]
        ident = self.deck_flat[self.card_base + order]
        suit = np.minimum(ident // 5, self.suits - 1)  # the sentinel K needs a real suit row
        firework = rows * self.suits + suit
        played = self.fireworks.reshape(-1)[firework]
        fits = rules.needed[suit, played] == ident
        added = play & fits
        misplayed = play & ~fits
        self.fireworks.reshape(-1)[firework] = played + added
        self.score += added
        completed = added & (rules.needed[suit, played + 1] < 0)
        self.complete += completed
        bonus = completed & (self.complete < self.suits)
        self.clue_tokens += discard | (bonus & (self.clue_tokens < self.variant.clue_tokens))
        self.storms += misplayed
        lose = np.flatnonzero(discard | misplayed)
        lost_ident = ident[lose]
        copies = self.lost[lose, lost_ident]
        self.discards[lose, self.discard_start[lost_ident] + copies] = 1
        self.lost[lose, lost_ident] = copies + 1
        # the hand closes up, then draws into its first empty slot
        hand = hand.reshape(-1)[slot_base[:, None] + self.slot_shift[slot]]
        draw = takes & (self.drawn < self.deck_size)
        held = self.held.reshape(-1)[seat_rows] - takes
        hand[rows, held] = np.where(draw, self.drawn, hand[rows, held])
        self.hands_by_seat[seat_rows] = hand
        self.held.reshape(-1)[seat_rows] = held + draw
        self.drawn += draw
        last.slot[:] = np.where(takes, slot, -1)
        last.card[:] = np.where(takes, ident, -1)
        last.added[:] = added
        last.storm[:] = misplayed
        last.drew[:] = draw

    def give_clues(
        self, actor: Ints, clues: Ints, offset: Ints, clue: Ints, free: Bools | None = None
    ) -> None:
        """The games ``clues`` give a clue: a token is spent (unless ``free``, per game, says
        a bonus tile gives it) and every card of the target's hand learns from it."""
        last = self.last
        last.target[:] = -1
        last.clue[:] = -1
        last.touched[:] = False
        if not clues.size:
            return
        target = (actor[clues] + offset[clues]) % self.players
        named = clue[clues]
        self.clue_tokens[clues] -= 1 if free is None else ~free[clues]
        orders = self.hands_by_seat[self.seat_base[clues] + target, : self.hand_size]  # [G, H]
        cards = self.card_base[clues, None] + orders
        touched = self.rules.clue_touch[named[:, None], self.deck_flat[cards]]  # [G, H]
        knowledge = self.knowledge_by_card[cards]  # [G, H, width]
        knowledge &= self.keep[2 * named[:, None] + touched]
        hit = np.nonzero(touched)
        knowledge[hit[0], hit[1], self.named[named[hit[0]]]] = 1
        self.knowledge_by_card[cards] = knowledge
        last.target[clues] = target
        last.clue[clues] = named
        last.touched[clues] = touched
