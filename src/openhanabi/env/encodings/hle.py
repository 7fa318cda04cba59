"""HLE's canonical observation encoding, bit for bit, and HLE's move numbering.

DeepMind's Hanabi Learning Environment (HLE) encodes what a player sees with its
``CanonicalObservationEncoder`` (``hanabi_lib/canonical_encoders.cc``, observation type
``CARD_KNOWLEDGE``, the one ``rl_env`` uses). This module reproduces it from a seat's view, so
that agents trained on HLE can play here and the other way round. HLE's game is the base game
without empty clues; the counts it takes as parameters (players, hand size, clue and storm
tokens) may differ from the rulebook's. Options that only change who starts or when a game ends
(the start seat, play until perfect, hanab.live's ending rule) are accepted too: every position
they reach is still one HLE's encoding describes. Other suits, empty clues, declared plays and
bonus tiles are refused with :class:`~openhanabi.env.encodings.base.UnsupportedVariantError`.

Every position where a player still acts is encoded as HLE encodes it. The last observation of
a game that ends on a move (a strikeout, a perfect score) is not: HLE's ``rl_env`` deals a
replacement card after that move, where the game here ends at once, so the hands, the draw pile
and the card knowledge (and after a perfect score the clue tokens) differ there.

HLE names its colours R, Y, G, W, B (white before blue) where the project's suits are R, Y, G,
B, W: every colour index below is HLE's, found by the suit's name, so that the same physical game
gives HLE's bits. A card is ``colour * 5 + rank - 1``; *offset* ``k`` is the seat ``k`` places
after the observer. With ``P`` players, ``H`` cards in a full hand and ``D`` cards in the deck
(50), the layout is (sizes for ``P`` = 2, 3, 4, 5: 658, 956, 1041, 1280):

================  ==================  ==========================================================
segment           size                content
================  ==================  ==========================================================
hands             ``(P-1) * H * 25``  the cards of offsets 1..P-1, oldest first, one-hot;
                                      missing cards leave their 25 values at 0
missing_cards     ``P``               1 for each offset (0..P-1) holding fewer than ``H`` cards
draw_pile         ``D - P * H``       thermometer of the cards left in the draw pile
fireworks         ``25``              per colour, one-hot of the top rank (all 0 when empty)
clue_tokens       ``T``               thermometer of the clue tokens available
lives             ``L``               thermometer of the storm tokens not yet turned
discards          ``D``               per card, thermometer of its copies in the discard pile
                                      (3, 2, 2, 2, 1 values for ranks 1 to 5)
last_action       ``2P + 2H + 41``    the last action of any seat: actor offset (``P``), type
                                      (play, discard, colour clue, rank clue), clue target
                                      offset (``P``), colour (5), rank (5), slots the clue
                                      touched (``H``), slot played or discarded (``H``), card
                                      played or discarded (25), the play scored, the play
                                      regained a clue token (completed a firework below the
                                      maximum); all 0 before the first action
card_knowledge    ``P * H * 35``      per offset 0..P-1 and slot: the cards still plausible
                                      from the clues alone (25), the colour a clue revealed
                                      (5), the rank a clue revealed (5)
================  ==================  ==========================================================

The moves are numbered as HLE's ``get_move_uid``: discards by slot, plays by slot, colour clues
by target offset then HLE colour, rank clues by target offset then rank (20 moves for 2
players, 30, 38, 48 for 3, 4, 5).

One difference between the games, not the encodings: the rules end a perfect game at once
without the completion bonus, where HLE still adds a clue token for the last 5; the observation
after a perfect game's last play can therefore show one clue token fewer than HLE's.

>>> from openhanabi.rules import Game, find_variant
>>> encoding = HLEEncoding(find_variant("base", players=4, empty_clues=False))
>>> encoding.size, encoding.moves.size
(1041, 38)
>>> observation = encoding.encode(Game.new(encoding.variant, seed=5).view(2))
>>> int(observation[encoding.segment("clue_tokens").start :][:8].sum())
8
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import ClassVar

from openhanabi.env.encodings.base import (
    Encoding,
    UnsupportedVariantError,
    layout,
)
from openhanabi.env.encodings.knowledge import ROW_CACHE_LIMIT, KnowledgeRows, thermometers
from openhanabi.env.encodings.live import LiveObservations, set_offsets
from openhanabi.env.moves import MoveNumbering
from openhanabi.rules import Action, Event, Game, SeatView, Variant
from openhanabi.rules.actions import COLOUR_CLUE, DISCARD, PLAY, RANK_CLUE
from openhanabi.rules.events import CLUE, PLAYED
from openhanabi.rules.suits import BASE_SUITS

_join = bytearray().join  # a new bytearray of the parts joined (its empty separator unchanged)

HLE_COLOURS = ("red", "yellow", "green", "white", "blue")
RANKS = 5
CARDS = len(HLE_COLOURS) * RANKS
COPIES = (3, 2, 2, 2, 1)  # per rank
KINDS = 4  # kinds of last action: play, discard, colour clue, rank clue


def check_hle_variant(variant: Variant) -> None:
    """Raise :class:`UnsupportedVariantError` unless HLE's game can express ``variant``."""
    if len(variant.suits) != len(BASE_SUITS) or set(variant.suits) != set(BASE_SUITS):
        raise UnsupportedVariantError(
            f"the hle encoding needs the five base suits; {variant.key} has "
            f"{', '.join(suit.key for suit in variant.suits)} (use the extended encoding)"
        )
    refused = {
        "empty clues (HLE forbids them: pass empty_clues=False)": variant.empty_clues,
        "declared play": variant.declared_play,
        "bonus tiles": variant.bonus_tiles,
    }
    for option, on in refused.items():
        if on:
            raise UnsupportedVariantError(
                f"the hle encoding cannot express {option}; use the extended encoding"
            )


class HLEEncoding(Encoding, KnowledgeRows):
    """HLE's canonical encoding of a base-game variant without empty clues."""

    name: ClassVar[str] = "hle"

    def __init__(self, variant: Variant) -> None:
        check_hle_variant(variant)
        keys = [suit.key for suit in variant.suits]
        # our suit index of each HLE colour, and HLE's index of each of our suits
        self._suit_of = tuple(keys.index(colour) for colour in HLE_COLOURS)
        hle_colour = tuple(HLE_COLOURS.index(key) for key in keys)
        colour_keys = [suit.key for suit in variant.colours]
        moves = MoveNumbering(variant, [colour_keys.index(c) for c in HLE_COLOURS])
        players, hand = variant.players, variant.hand_size
        deck = variant.deck_size
        super().__init__(
            variant,
            moves,
            layout(
                [
                    ("hands", (players - 1) * hand * CARDS),
                    ("missing_cards", players),
                    ("draw_pile", deck - players * hand),
                    ("fireworks", CARDS),
                    ("clue_tokens", variant.clue_tokens),
                    ("lives", variant.storms),
                    ("discards", deck),
                    (
                        "last_action",
                        2 * players + 2 * hand + 2 * len(HLE_COLOURS) + CARDS + KINDS + 2,
                    ),
                    ("card_knowledge", players * hand * (CARDS + len(HLE_COLOURS) + RANKS)),
                ]
            ),
        )
        # HLE's card index of each of our identities (suit * 5 + rank - 1)
        self._card = tuple(hle_colour[i // RANKS] * RANKS + i % RANKS for i in range(CARDS))
        # our identity of each HLE card index, for reading identity bitmasks in HLE's order
        self._identity = tuple(self._card.index(j) for j in range(CARDS))
        # where each HLE colour's five identities start in an identity mask (its suit's), and
        # the values of any five bits of a mask, for reading a mask colour by colour
        self._colour_shifts = tuple(self._suit_of[colour] * RANKS for colour in range(5))
        self._five_bits = tuple(bytes((bits >> k) & 1 for k in range(RANKS)) for bits in range(32))
        self._colour_of_clue = tuple(hle_colour[keys.index(key)] for key in colour_keys)
        # where each card's thermometer starts in the discards segment
        starts = []
        start = 0
        for _colour in HLE_COLOURS:
            for rank in range(RANKS):
                starts.append(start)
                start += COPIES[rank]
        self._discard_starts = tuple(starts)
        # knowledge rows by (identity mask, colour clued, rank clued): few distinct ones recur
        self._start_rows(1 << 6, CARDS + len(HLE_COLOURS) + RANKS)

    @property
    def card_index(self) -> tuple[int, ...]:
        """HLE's card index of each identity (``suit * 5 + rank - 1``)."""
        return self._card

    @property
    def identity_order(self) -> tuple[int, ...]:
        """The identity of each HLE card index (the inverse of :attr:`card_index`)."""
        return self._identity

    @property
    def suit_of_colour(self) -> tuple[int, ...]:
        """The variant's suit of each HLE colour."""
        return self._suit_of

    @property
    def discard_starts(self) -> tuple[int, ...]:
        """Where the thermometer of each HLE card index starts, inside the discards segment."""
        return self._discard_starts

    @property
    def colour_of_clue(self) -> tuple[int, ...]:
        """HLE's colour of each variant colour a clue can name."""
        return self._colour_of_clue

    def encode_bytes(self, view: SeatView) -> bytearray:
        variant = self.variant
        players, hand_size = variant.players, variant.hand_size
        at = self.at
        card_of = self._card
        cards = view.cards
        hands = view.hands
        seats = [(view.seat + offset) % players for offset in range(players)]
        obs = bytearray(self.size)

        start = at["hands"]
        for seat in seats[1:]:
            for slot, order in enumerate(hands[seat]):
                card = cards[order]
                obs[start + slot * CARDS + card_of[card.suit * RANKS + card.rank - 1]] = 1
            start += hand_size * CARDS
        start = at["missing_cards"]
        for k, seat in enumerate(seats):
            if len(hands[seat]) < hand_size:
                obs[start + k] = 1

        start = at["draw_pile"]
        obs[start : start + view.draw_pile_size] = b"\x01" * view.draw_pile_size
        start = at["fireworks"]
        for colour, suit in enumerate(self._suit_of):
            played = view.fireworks[suit]
            if played:
                obs[start + colour * RANKS + played - 1] = 1
        start = at["clue_tokens"]
        obs[start : start + view.clue_tokens] = b"\x01" * view.clue_tokens
        lives = variant.storms - view.storms
        start = at["lives"]
        obs[start : start + lives] = b"\x01" * lives

        discarded = [0] * CARDS
        for order in view.discard_pile:
            card = cards[order]
            index = card_of[card.suit * RANKS + card.rank - 1]
            obs[at["discards"] + self._discard_starts[index] + discarded[index]] = 1
            discarded[index] += 1

        if view.events:
            event = view.events[-1]
            values = self.action_values(event, view.hands, view.clue_tokens, view.events)
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
        return obs

    def live(self, game: Game) -> LiveObservations:
        return LiveHLE(self, game)

    def action_values(
        self,
        event: Event,
        hands: Sequence[Sequence[int]],
        clue_tokens: int,
        events: Sequence[Event],
    ) -> bytearray:
        """The last action's values, except the actor and target offsets (the observer's):
        ``event`` is the last of ``events``, ``hands`` and ``clue_tokens`` are as it left them."""
        players, hand_size = self.variant.players, self.variant.hand_size
        values = bytearray(self.width["last_action"])
        action = event.action
        kind = action.type
        clue = kind is COLOUR_CLUE or kind is RANK_CLUE
        start = players
        values[start + kind] = 1  # play, discard, colour clue, rank clue: as numbered
        start += KINDS + players
        if kind is COLOUR_CLUE:
            values[start + self._colour_of_clue[action.value]] = 1
        start += len(HLE_COLOURS)
        if kind is RANK_CLUE:
            values[start + action.value - 1] = 1
        start += RANKS
        if clue:
            target_hand = hands[action.target]
            for order in event.touched:
                values[start + target_hand.index(order)] = 1
        start += hand_size
        card = event.card
        if not clue and card is not None:
            # the hand has lost the card (and maybe drawn a newer one): count the older cards
            # (a hand lists its orders oldest first, so in increasing order)
            slot = bisect_left(hands[event.seat], action.target)
            values[start + slot] = 1
            start += hand_size
            values[start + self._card[card.suit * RANKS + card.rank - 1]] = 1
            start += CARDS
            if kind is PLAY and event.result is PLAYED:
                values[start] = 1
                if card.rank == RANKS and _regained_token(self.variant, clue_tokens, events):
                    values[start + 1] = 1
        return values

    def card_clues(self, marks: tuple[int, ...], events: Sequence[Event]) -> int:
        """What the clues that touched a card revealed, as one small integer: 8 times 1 + the
        colour revealed, plus 1 + the rank revealed (0 for none: -1 + 1)."""
        colour = rank = -1
        for index in marks:
            if index >= 0:  # a clue that touched the card revealed its colour or rank
                action = events[index].action
                if action.type is COLOUR_CLUE:
                    colour = action.value
                else:
                    rank = action.value
        return (colour + 1) << 3 | (rank + 1)

    def with_clue(self, clues: int, clue: Action) -> int:
        """:meth:`card_clues` after one more clue that touches the card."""
        if clue.type is COLOUR_CLUE:
            return (clue.value + 1) << 3 | (clues & 7)
        return (clues & ~7) | (clue.value + 1)

    def _knowledge_row(self, mask: int, clues: int) -> bytes:
        # one card's values: plausible cards in HLE's order, revealed colour, revealed rank
        colour, rank = (clues >> 3) - 1, (clues & 7) - 1
        five, (red, yellow, green, white, blue) = self._five_bits, self._colour_shifts
        row = bytearray(
            five[mask >> red & 31]
            + five[mask >> yellow & 31]
            + five[mask >> green & 31]
            + five[mask >> white & 31]
            + five[mask >> blue & 31]
            + bytes(len(HLE_COLOURS) + RANKS)
        )
        if colour >= 0:
            row[CARDS + self._colour_of_clue[colour]] = 1
        if rank > 0:
            row[CARDS + len(HLE_COLOURS) + rank - 1] = 1
        return bytes(row)


def _regained_token(variant: Variant, clue_tokens: int, events: Sequence[Event]) -> bool:
    """Whether HLE counts the last action, a play that completed a firework, as regaining a clue
    token: it does when the tokens were below the maximum before the play (``clue_tokens`` are
    the tokens after it)."""
    maximum = variant.clue_tokens
    if clue_tokens < maximum:
        return True  # below the maximum after the play, so below it before
    # At the maximum now: either the play regained the last token or none was missing; count
    # the tokens before it from the public log (rare: a 5 played with every token available).
    tokens = maximum
    for event in events[:-1]:
        kind = event.action.type
        if kind is COLOUR_CLUE or kind is RANK_CLUE:
            tokens -= 1
        elif kind is DISCARD:
            tokens += 1
        elif event.result is PLAYED and event.card is not None and event.card.rank == RANKS:
            tokens = min(tokens + 1, maximum)
    return tokens < maximum


class LiveHLE(LiveObservations):
    """Every seat's HLE observation of one game, kept up to date (see
    :mod:`openhanabi.env.encodings.live`)."""

    __slots__ = (
        "_actions",
        "_card_of",
        "_discard_starts",
        "_discarded",
        "_discards",
        "_fireworks",
        "_lives",
        "_no_actions",
        "_pile",
        "_public_parts",
        "_seen_actions",
        "_tokens",
        "hle",
    )

    def __init__(self, encoding: HLEEncoding, game: Game) -> None:
        self.hle = encoding
        variant = encoding.variant
        pile = variant.deck_size - variant.players * variant.hand_size
        self._pile = thermometers(pile)
        self._tokens = thermometers(variant.clue_tokens)
        self._lives = thermometers(variant.storms)
        self._fireworks: dict[tuple[int, ...], bytes] = {}
        self._discards = bytearray(variant.deck_size)
        self._discarded = 0
        self._public_parts: list[bytes | bytearray] = []
        # read at every step: kept here (the encoding's are properties)
        self._card_of = encoding.card_index
        self._discard_starts = encoding.discard_starts
        # The last action's values as each seat sees them (its actor and target offsets set),
        # by the facts they depend on (see _set_action); before the first action, all 0.
        self._actions: dict[tuple[object, ...], tuple[bytes, ...]] = {}
        self._no_actions = (bytes(encoding.width["last_action"]),) * variant.players
        self._seen_actions = self._no_actions
        one_hot = [bytes(card == k for k in range(CARDS)) for card in encoding.card_index]
        # missing_cards: 1 for a hand holding fewer cards than a full hand
        sizes = [bytes([held < variant.hand_size]) for held in range(variant.hand_size + 1)]
        super().__init__(encoding, game, KINDS, one_hot, sizes, encoding)

    def _restart_public(self) -> None:
        discards = self._discards
        discards[:] = bytes(len(discards))
        starts = self._discard_starts
        counts = [0] * CARDS
        card_of = self._card_of
        identities = self._identities
        for order in self.game.discard_pile:
            card = card_of[identities[order]]
            discards[starts[card] + counts[card]] = 1
            counts[card] += 1
        self._discarded = len(self.game.discard_pile)
        self._set_public_parts()

    def _update_public(self, event: Event) -> None:
        game = self.game
        result = event.result
        if result is CLUE:
            self._public_parts[2] = self._tokens[game.clue_tokens]  # a clue spends a token only
            return
        pile = game.discard_pile
        if len(pile) != self._discarded:
            if len(pile) != self._discarded + 1:
                self._restart_public()  # a card left the pile: count afresh
                return
            # one more card at the end of the pile: the next value of its thermometer
            card = self._card_of[self._identities[pile[-1]]]
            start = self._discard_starts[card]
            while self._discards[start]:
                start += 1
            self._discards[start] = 1
            self._discarded += 1
        if result is PLAYED:
            self._set_public_parts()
        else:  # a discard or a misplay: the fireworks stay as they were
            parts = self._public_parts
            parts[0] = self._pile[len(game.draw_pile)]
            parts[2] = self._tokens[game.clue_tokens]
            parts[3] = self._lives[game.variant.storms - game.storms]

    def _set_public_parts(self) -> None:
        game = self.game
        fireworks = tuple(game.fireworks)
        made = self._fireworks.get(fireworks)
        if made is None:
            values = bytearray(CARDS)
            for colour, suit in enumerate(self.hle.suit_of_colour):
                if fireworks[suit]:
                    values[colour * RANKS + fireworks[suit] - 1] = 1
            made = self._fireworks[fireworks] = bytes(values)
            if len(self._fireworks) > ROW_CACHE_LIMIT:
                self._fireworks.clear()
        self._public_parts = [
            self._pile[len(game.draw_pile)],
            made,
            self._tokens[game.clue_tokens],
            self._lives[game.variant.storms - game.storms],
            self._discards,
        ]

    def _public(self, seat: int) -> list[bytes | bytearray]:
        return self._public_parts

    def observation(self, seat: int) -> bytearray:
        """``seat``'s observation now, one byte (0 or 1) per value: a new ``bytearray``."""
        # The base's observation with the public parts read directly (every seat sees the same
        # ones), the last action as this seat sees it made already, and no parts after the
        # knowledge: it is made at every step.
        hands = self._hand_parts
        return _join(
            [
                *self._before[seat](hands),
                *self._public_parts,
                self._seen_actions[seat],
                *self._after[seat](hands),
            ]
        )

    def _set_action(self, event: Event | None) -> None:
        # The values depend on few facts, and the same ones recur: made once per facts, for
        # every observer at once. A 5 played also depends on the tokens before it (whether HLE
        # counts one as regained).
        if event is None:
            self._seen_actions = self._no_actions
            return
        game = self.game
        action = event.action
        kind = action.type
        card = event.card
        key: tuple[object, ...]
        if kind is COLOUR_CLUE or kind is RANK_CLUE:
            target = action.target
            slots = tuple(map(game.hands[target].index, event.touched))
            key = (kind, action.value, event.seat, target, slots)
        elif card is not None and (card.rank < RANKS or event.result is not PLAYED):
            slot = bisect_left(game.hands[event.seat], action.target)
            # (a result's hash is a Python function: whether it scored says the same here)
            key = (kind, slot, card, event.result is PLAYED, event.seat)
        else:
            self._seen_actions = self._as_seen(event)
            return
        made = self._actions.get(key)
        if made is None:
            if len(self._actions) >= ROW_CACHE_LIMIT:
                self._actions.clear()
            made = self._actions[key] = self._as_seen(event)
        self._seen_actions = made

    def _as_seen(self, event: Event) -> tuple[bytes, ...]:
        # the last action's values as each seat sees them, from seat 0 on
        values = self._action_part(event)
        players = self._players
        seen = []
        for seat in range(players):
            mine = bytearray(values)
            set_offsets(mine, event, seat, players, KINDS)
            seen.append(bytes(mine))
        return tuple(seen)

    def _action_part(self, event: Event) -> bytes | bytearray:
        game = self.game
        return self.hle.action_values(event, game.hands, game.clue_tokens, game.events)
