"""The extended encoding: every variant and option, in the spirit of HLE's canonical encoding.

It covers what HLE's encoding cannot: a sixth and seventh suit (multicolour, rainbow, black
powder), any token counts and hand size, empty clues, declared plays, bonus tiles with their
pending decisions, play until perfect. Everything is 0/1 (``int8``). Suits are in the variant's
order, a card is the identity ``suit * 5 + rank - 1``, a colour is an index into the variant's
nameable colours, and *offset* ``k`` is the seat ``k`` places after the observer. Slots count the
cards of a hand from the oldest.

With ``P`` players, ``H`` cards in a full hand, ``S`` suits (``K = 5 S`` identities), ``C``
nameable colours, ``D`` cards in the deck, ``T`` clue tokens and ``L`` storm tokens:

==================  ======================  ======================================================
segment             size                    content
==================  ======================  ======================================================
hands               ``(P-1) * H * K``       the cards of offsets 1..P-1 by slot, one-hot identity
                                            (all 0 for an empty slot)
hand_sizes          ``P * H``               per offset 0..P-1, thermometer of the cards held
turn                ``P``                   one-hot offset of the seat on turn (0 once over)
draw_pile           ``D - P * H``           thermometer of the cards left in the draw pile
fireworks           ``K``                   per suit, one-hot of the number of cards played
                                            (black powder counts its 5 as the first)
clue_tokens         ``T``                   thermometer of the clue tokens available
lives               ``L``                   thermometer of the storm tokens not yet turned
last_round          ``P``                   thermometer of the turns left after the last draw
discards            ``D``                   per identity, thermometer of its copies in the
                                            discard pile (as many values as the deck has copies)
last_action         see below               the last action of any seat; all 0 before the first
card_knowledge      ``P * H * (K + C + 5)`` per offset 0..P-1 and slot: the identities still
                                            plausible from the clues alone (``K``), the colours
                                            (``C``) and ranks (5) of the clues that touched it
pending             ``4`` (bonus tiles)     one-hot of the decision a bonus tile asks for: free
                                            colour clue, free rank clue, card to shuffle back,
                                            card to play from the discard pile
tiles_left          ``6`` (bonus tiles)     bonus tiles 1..6 still in the stack
==================  ======================  ======================================================

The last action (``2P + 2H + K + C + 15`` values, plus ``S`` with declared play and 6 with bonus
tiles) is, in order: actor offset (``P``); kind (6: play, discard, colour clue, rank clue, card
shuffled back, card played from the discard pile); clue target offset (``P``); colour named
(``C``); rank named (5); slots the clue touched (``H``, all 0 for an empty clue); slot played or
discarded (``H``); card played, discarded or chosen (``K``); result (4: a card was added to a
firework, a storm token was turned, the declaration was wrong, the action answered a bonus
tile); declared suit (``S``, declared play only); bonus tiles drawn by the action (6, bonus tiles
only).

Knowledge is common knowledge from clues only; what a seat can deduce from the cards it sees is
left to the agent, as in HLE. Moves are numbered by :class:`~openhanabi.env.moves.MoveNumbering`
in the variant's colour order.

>>> from openhanabi.rules import Game, find_variant
>>> encoding = ExtendedEncoding(find_variant("black-powder-rainbow", players=3, bonus_tiles=True))
>>> encoding.size, encoding.moves.size
(1304, 65)
>>> observation = encoding.encode(Game.new(encoding.variant, seed=5).view(1))
>>> encoding.split(observation)["tiles_left"].tolist()
[1, 1, 1, 1, 1, 1]
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import ClassVar

from openhanabi.env.encodings.base import Encoding, layout
from openhanabi.env.encodings.knowledge import ROW_CACHE_LIMIT, KnowledgeRows, thermometers
from openhanabi.env.encodings.live import LiveObservations, set_offsets
from openhanabi.env.moves import MoveNumbering
from openhanabi.rules import Action, Decision, Event, Game, Result, SeatView, Variant
from openhanabi.rules.actions import CHOOSE, COLOUR_CLUE, DISCARD, PLAY, RANK_CLUE
from openhanabi.rules.events import DECLARED_WRONG, MISPLAYED, PLAYED, PLAYED_FROM_DISCARD

RANKS = 5
TILES = 6
KINDS = 6
RESULTS = 4

_CHOICE_KIND = {Result.RESHUFFLED: 4, Result.PLAYED_FROM_DISCARD: 5}
_PENDING_INDEX = {
    Decision.FREE_COLOUR_CLUE: 0,
    Decision.FREE_RANK_CLUE: 1,
    Decision.RESHUFFLE: 2,
    Decision.PLAY_FROM_DISCARD: 3,
}


class ExtendedEncoding(Encoding, KnowledgeRows):
    """An encoding of any variant (see the module's table)."""

    name: ClassVar[str] = "extended"

    def __init__(self, variant: Variant) -> None:
        players, hand = variant.players, variant.hand_size
        suits, colours = len(variant.suits), len(variant.colours)
        identities = suits * RANKS
        deck = variant.deck_size
        last_action = 2 * players + 2 * hand + identities + colours + RANKS + KINDS + RESULTS
        last_action += suits if variant.declared_play else 0
        last_action += TILES if variant.bonus_tiles else 0
        sizes = [
            ("hands", (players - 1) * hand * identities),
            ("hand_sizes", players * hand),
            ("turn", players),
            ("draw_pile", deck - players * hand),
            ("fireworks", identities),
            ("clue_tokens", variant.clue_tokens),
            ("lives", variant.storms),
            ("last_round", players),
            ("discards", deck),
            ("last_action", last_action),
            ("card_knowledge", players * hand * (identities + colours + RANKS)),
        ]
        if variant.bonus_tiles:
            sizes += [("pending", len(_PENDING_INDEX)), ("tiles_left", TILES)]
        super().__init__(variant, MoveNumbering(variant), layout(sizes))
        self._identities = identities
        starts: list[int] = []
        start = 0
        for suit in variant.suits:
            for rank in range(1, RANKS + 1):
                starts.append(start)
                start += suit.copies(rank)
        self._discard_starts = tuple(starts)
        # knowledge rows by (identity mask, colours named, ranks named): few distinct ones recur
        self._start_rows(1 << (len(variant.colours) + RANKS), identities + colours + RANKS)

    @property
    def identities(self) -> int:
        """How many card identities the variant has (5 per suit)."""
        return self._identities

    @property
    def discard_starts(self) -> tuple[int, ...]:
        """Where the thermometer of each identity starts, inside the discards segment."""
        return self._discard_starts

    def encode_bytes(self, view: SeatView) -> bytearray:
        variant = self.variant
        players, hand_size = variant.players, variant.hand_size
        identities = self._identities
        at = self.at
        cards = view.cards
        hands = view.hands
        seats = [(view.seat + offset) % players for offset in range(players)]
        obs = bytearray(self.size)

        start = at["hands"]
        for seat in seats[1:]:
            for slot, order in enumerate(hands[seat]):
                card = cards[order]
                obs[start + slot * identities + card.suit * RANKS + card.rank - 1] = 1
            start += hand_size * identities
        start = at["hand_sizes"]
        for seat in seats:
            held = len(hands[seat])
            obs[start : start + held] = b"\x01" * held
            start += hand_size
        if view.outcome is None:
            obs[at["turn"] + (view.seat_on_turn - view.seat) % players] = 1

        start = at["draw_pile"]
        obs[start : start + view.draw_pile_size] = b"\x01" * view.draw_pile_size
        start = at["fireworks"]
        for suit, played in enumerate(view.fireworks):
            if played:
                obs[start + suit * RANKS + played - 1] = 1
        start = at["clue_tokens"]
        obs[start : start + view.clue_tokens] = b"\x01" * view.clue_tokens
        lives = variant.storms - view.storms
        start = at["lives"]
        obs[start : start + lives] = b"\x01" * lives
        if view.turns_left > 0:
            start = at["last_round"]
            obs[start : start + view.turns_left] = b"\x01" * view.turns_left

        discarded = [0] * identities
        for order in view.discard_pile:
            card = cards[order]
            identity = card.suit * RANKS + card.rank - 1
            obs[at["discards"] + self._discard_starts[identity] + discarded[identity]] = 1
            discarded[identity] += 1

        if view.events:
            event = view.events[-1]
            values = self.action_values(event, view.hands, view.events)
            set_offsets(values, event, view.seat, players, KINDS)
            start = at["last_action"]
            obs[start : start + len(values)] = values
        knowledge = view.knowledge
        block = b"".join(
            self.hand_knowledge(
                [(knowledge[order].from_clues_mask, knowledge[order].marks) for order in hand],
                view.events,
            )
            for hand in (hands[seat] for seat in seats)
        )
        start = at["card_knowledge"]
        obs[start : start + len(block)] = block
        if variant.bonus_tiles:
            start = at["pending"]
            tail = self.bonus_values(view.pending, _tiles_drawn(view.events))
            obs[start : start + len(tail)] = tail
        return obs

    def live(self, game: Game) -> LiveObservations:
        return LiveExtended(self, game)

    def action_values(
        self, event: Event, hands: Sequence[Sequence[int]], events: Sequence[Event]
    ) -> bytearray:
        """The last action's values, except the actor and target offsets (the observer's):
        ``event`` is the last of ``events``, ``hands`` are as it left them."""
        variant = self.variant
        players, hand_size = variant.players, variant.hand_size
        values = bytearray(self.width["last_action"])
        action = event.action
        kind = action.type
        clue = kind is COLOUR_CLUE or kind is RANK_CLUE
        start = players
        if kind is CHOOSE:
            values[start + _CHOICE_KIND[event.result]] = 1
        else:
            values[start + kind] = 1  # play, discard, colour clue, rank clue: as numbered
        start += KINDS + players
        if kind is COLOUR_CLUE:
            values[start + action.value] = 1
        start += len(variant.colours)
        if kind is RANK_CLUE:
            values[start + action.value - 1] = 1
        start += RANKS
        if clue:
            target_hand = hands[action.target]
            for order in event.touched:
                values[start + target_hand.index(order)] = 1
        start += hand_size
        if kind is PLAY or kind is DISCARD:
            # the hand has lost the card (and maybe drawn a newer one): count the older cards
            # (a hand lists its orders oldest first, so in increasing order)
            slot = bisect.bisect_left(hands[event.seat], action.target)
            values[start + slot] = 1
        start += hand_size
        card = event.card
        if card is not None:
            values[start + card.suit * RANKS + card.rank - 1] = 1
        start += self._identities
        for k, on in enumerate(_results(events)):
            if on:
                values[start + k] = 1
        start += RESULTS
        if variant.declared_play:
            if action.declare is not None:
                values[start + action.declare] = 1
            start += len(variant.suits)
        if variant.bonus_tiles:
            for tile in event.tiles:
                values[start + tile - 1] = 1
        return values

    def card_clues(self, marks: tuple[int, ...], events: Sequence[Event]) -> int:
        """The colours and ranks named by the clues that touched a card, as one bitmask: bit
        ``rank - 1`` for a rank, bit ``5 + colour`` for a colour."""
        colours = ranks = 0
        for index in marks:
            if index >= 0:
                action = events[index].action
                if action.type is COLOUR_CLUE:
                    colours |= 1 << action.value
                else:
                    ranks |= 1 << (action.value - 1)
        return colours << RANKS | ranks

    def with_clue(self, clues: int, clue: Action) -> int:
        """:meth:`card_clues` after one more clue that touches the card."""
        if clue.type is COLOUR_CLUE:
            return clues | 1 << (RANKS + clue.value)
        return clues | 1 << (clue.value - 1)

    def bonus_values(self, pending: Decision | None, drawn: set[int]) -> bytearray:
        """The pending and tiles_left values: the decision asked for, the tiles not drawn."""
        values = bytearray(len(_PENDING_INDEX) + TILES)
        if pending is not None:
            values[_PENDING_INDEX[pending]] = 1
        for tile in range(1, TILES + 1):
            if tile not in drawn:
                values[len(_PENDING_INDEX) + tile - 1] = 1
        return values

    def _knowledge_row(self, mask: int, clues: int) -> bytes:
        # one card's values: plausible identities, colours named, ranks named
        colours, ranks = clues >> RANKS, clues & 31
        values = [(mask >> identity) & 1 for identity in range(self._identities)]
        values += [(colours >> colour) & 1 for colour in range(len(self.variant.colours))]
        values += [(ranks >> rank) & 1 for rank in range(RANKS)]
        return bytes(values)


def _tiles_drawn(events: Sequence[Event]) -> set[int]:
    return {tile for event in events for tile in event.tiles}


def _results(events: Sequence[Event]) -> tuple[bool, bool, bool, bool]:
    """The result values of the last event: firework, storm, declared wrong, bonus decision."""
    event = events[-1]
    result = event.result
    added = result is PLAYED or result is PLAYED_FROM_DISCARD
    storm = result is MISPLAYED or result is DECLARED_WRONG
    # Only a bonus tile's decision lets a seat act twice in a row.
    decision = len(events) > 1 and events[-2].seat == event.seat
    return added, storm, result is DECLARED_WRONG, decision


class LiveExtended(LiveObservations):
    """Every seat's extended observation of one game, kept up to date (see
    :mod:`openhanabi.env.encodings.live`)."""

    __slots__ = (
        "_discarded",
        "_discards",
        "_drawn",
        "_fireworks",
        "_last_round",
        "_lives",
        "_no_turn",
        "_pile",
        "_public_parts",
        "_tail_parts",
        "_tokens",
        "_turn",
        "extended",
    )

    def __init__(self, encoding: ExtendedEncoding, game: Game) -> None:
        self.extended = encoding
        variant = encoding.variant
        players, hand_size = variant.players, variant.hand_size
        self._pile = thermometers(variant.deck_size - players * hand_size)
        self._tokens = thermometers(variant.clue_tokens)
        self._lives = thermometers(variant.storms)
        self._last_round = thermometers(players)
        self._turn = tuple(bytes(offset == k for k in range(players)) for offset in range(players))
        self._no_turn = bytes(players)
        self._fireworks: dict[tuple[int, ...], bytes] = {}
        self._discards = bytearray(variant.deck_size)
        self._discarded = 0
        self._drawn: set[int] = set()
        self._public_parts: list[bytes | bytearray] = []
        self._tail_parts: list[bytes | bytearray] = []
        identities = encoding.identities
        one_hot = [
            bytes(identity == k for k in range(identities)) for identity in range(identities)
        ]
        super().__init__(encoding, game, KINDS, one_hot, thermometers(hand_size), encoding)

    def _restart_public(self) -> None:
        game = self.game
        discards = self._discards
        discards[:] = bytes(len(discards))
        starts = self.extended.discard_starts
        counts = [0] * self.extended.identities
        identities = game.identities
        for order in game.discard_pile:
            identity = identities[order]
            discards[starts[identity] + counts[identity]] = 1
            counts[identity] += 1
        self._discarded = len(game.discard_pile)
        self._drawn = _tiles_drawn(game.events)
        self._set_public_parts()

    def _update_public(self, event: Event) -> None:
        game = self.game
        pile = game.discard_pile
        if len(pile) != self._discarded:
            if len(pile) != self._discarded + 1:
                self._restart_public()  # a card left the pile: count afresh
                return
            # one more card at the end of the pile: the next value of its thermometer
            start = self.extended.discard_starts[game.identities[pile[-1]]]
            while self._discards[start]:
                start += 1
            self._discards[start] = 1
            self._discarded += 1
        if event.tiles:
            self._drawn.update(event.tiles)
        self._set_public_parts()

    def _set_public_parts(self) -> None:
        game = self.game
        fireworks = tuple(game.fireworks)
        made = self._fireworks.get(fireworks)
        if made is None:
            values = bytearray(self.extended.identities)
            for suit, played in enumerate(fireworks):
                if played:
                    values[suit * RANKS + played - 1] = 1
            made = self._fireworks[fireworks] = bytes(values)
            if len(self._fireworks) > ROW_CACHE_LIMIT:
                self._fireworks.clear()
        self._public_parts = [
            self._pile[len(game.draw_pile)],
            made,
            self._tokens[game.clue_tokens],
            self._lives[game.variant.storms - game.storms],
            self._last_round[max(game.turns_left, 0)],
            self._discards,
        ]
        if game.variant.bonus_tiles:
            self._tail_parts = [self.extended.bonus_values(game.pending, self._drawn)]

    def _public(self, seat: int) -> list[bytes | bytearray]:
        game = self.game
        turn = (
            self._turn[(game.seat - seat) % game.variant.players]
            if game.outcome is None
            else self._no_turn
        )
        return [turn, *self._public_parts]

    def _action_part(self, event: Event) -> bytearray:
        game = self.game
        return self.extended.action_values(event, game.hands, game.events)

    def _tail(self) -> list[bytes | bytearray]:
        return self._tail_parts
