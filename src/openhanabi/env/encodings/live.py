"""Every seat's observation of one game, kept up to date action by action.

Encoding a :class:`~openhanabi.rules.SeatView` from scratch at every step costs more than the
step itself. An observation is mostly made of parts that the actions of a turn leave alone, and
most parts are the same for every observer, only placed by offset: a hand's cards, what its
holder knows of them, how many it holds, the public piles and tokens. A :class:`LiveObservations`
keeps each part as bytes, remakes only the parts that the last action changed, and joins the
parts in the observer's order when a seat's observation is asked for.

What each seat sees is kept apart by construction: the block of a hand's cards is made for the
other seats and is never joined into its holder's observation (:meth:`observation` starts the
hands at offset 1). Everything else comes from public facts: the log, the piles, the tokens, the
orders in each hand and the clues' knowledge of them. ``observation(seat)`` is byte for byte
``encoding.encode_bytes(game.view(seat))``; the tests check it over many games of every option.

>>> from openhanabi.env.encodings import HLEEncoding
>>> from openhanabi.rules import Action, Game, find_variant
>>> encoding = HLEEncoding(find_variant("base", players=2, empty_clues=False))
>>> game = Game.new(encoding.variant, seed=1)
>>> live = encoding.live(game)
>>> game.apply(Action.rank_clue(1, 1))
>>> live.update()
>>> live.observation(1) == encoding.encode_bytes(game.view(1))
True
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING

from openhanabi.rules import ActionType, Event, Game

if TYPE_CHECKING:
    from openhanabi.env.encodings.base import Encoding

COLOUR_CLUE = ActionType.COLOUR_CLUE
RANK_CLUE = ActionType.RANK_CLUE


def set_offsets(values: bytearray, event: Event, seat: int, players: int, kinds: int) -> None:
    """Mark in a last action's ``values`` the offsets, from ``seat``, of the seat that acted
    and of a clue's target (actor first, then ``kinds`` values of the kind, then the target)."""
    values[(event.seat - seat) % players] = 1
    kind = event.action.type
    if kind is COLOUR_CLUE or kind is RANK_CLUE:
        values[players + kinds + (event.action.target - seat) % players] = 1


class LiveObservations(abc.ABC):
    """The observations of every seat of one game (see the module's documentation).

    Call :meth:`update` after each action applied to the game; :meth:`restart` follows a new
    game. Subclasses make the parts of their encoding.
    """

    def __init__(self, encoding: Encoding, game: Game, action_kinds: int, empty_row: bytes) -> None:
        self.encoding = encoding
        players = encoding.variant.players
        hand_size = encoding.variant.hand_size
        # the knowledge values of the slots a hand lacks, by cards held
        self._padding = tuple(empty_row * (hand_size - held) for held in range(hand_size + 1))
        self._players = players
        # the seats in each observer's order: offset 0 (the observer), 1, ... P-1
        self._offsets = tuple(
            tuple((seat + offset) % players for offset in range(players)) for seat in range(players)
        )
        # where the last action's actor and clue target offsets are, inside its part
        self._target_at = players + action_kinds
        self.restart(game)

    # ------------------------------------------------------------------ following a game

    def restart(self, game: Game) -> None:
        """Follow ``game`` from its current position (usually the deal)."""
        self.game = game
        players = self._players
        self._hands: list[list[int]] = [[] for _ in range(players)]
        # the identities in each hand: a seat may read the other seats' only
        self.held: list[list[int]] = [[] for _ in range(players)]
        self._cards: list[bytes] = [b""] * players  # shown to the other seats only
        self._sizes: list[bytes] = [b""] * players
        self._knowledge: list[bytes] = [b""] * players
        self._rows: dict[int, bytes] = {}  # each card's knowledge values, by order
        for holder in range(players):
            self._refresh_hand(holder)
        self._seen = len(game.events)
        self._restart_public()
        self._action = bytearray(self.encoding.width["last_action"])
        self._actor = self._target = -1
        if game.events:
            self._record_action(game.events[-1])

    def update(self) -> None:
        """Take in the actions applied to the game since the last call."""
        game = self.game
        events = game.events
        if len(events) == self._seen:
            return
        if len(events) != self._seen + 1:
            self.restart(game)  # several actions at once: read the position afresh
            return
        self._seen += 1
        event = events[-1]
        action = event.action
        kind = action.type
        actor = event.seat
        if kind is COLOUR_CLUE or kind is RANK_CLUE:
            # a clue changes what the target knows of every card it holds
            self._target = target = action.target
            rows, row = self._rows, self._card_row
            possible, marks = game.possible, game.marks
            for order in game.hands[target]:
                rows[order] = row(possible[order], marks[order], events)
            self._join_knowledge(target)
        else:
            self._target = -1
        if game.hands[actor] != self._hands[actor]:
            self._refresh_hand(actor)
        self._actor = actor
        self._action = self._action_part(event)
        self._update_public(event)

    def _refresh_hand(self, holder: int) -> None:
        game = self.game
        hand = game.hands[holder]
        rows = self._rows
        for order in self._hands[holder]:
            if order not in hand:
                del rows[order]
        for order in hand:
            if order not in rows:
                rows[order] = self._card_row(game.possible[order], game.marks[order], game.events)
        self._hands[holder] = list(hand)
        identities = game.identities
        self.held[holder] = held = [identities[order] for order in hand]
        self._cards[holder] = self._hand_cards(held)
        self._sizes[holder] = self._hand_size(len(hand))
        self._join_knowledge(holder)

    def _join_knowledge(self, holder: int) -> None:
        hand = self._hands[holder]
        self._knowledge[holder] = b"".join(
            [*map(self._rows.__getitem__, hand), self._padding[len(hand)]]
        )

    def _record_action(self, event: Event) -> None:
        action = event.action
        kind = action.type
        self._actor = event.seat
        self._target = action.target if kind is COLOUR_CLUE or kind is RANK_CLUE else -1
        self._action = self._action_part(event)

    # ------------------------------------------------------------------ observations

    def observation(self, seat: int) -> bytearray:
        """``seat``'s observation now, one byte (0 or 1) per value: a new ``bytearray``."""
        order = self._offsets[seat]
        action = bytearray(self._action)
        if self._actor >= 0:
            players = self._players
            action[(self._actor - seat) % players] = 1
            if self._target >= 0:
                action[self._target_at + (self._target - seat) % players] = 1
        return bytearray().join(
            [
                *map(self._cards.__getitem__, order[1:]),  # never the observer's own cards
                *map(self._sizes.__getitem__, order),
                *self._public(seat),
                action,
                *map(self._knowledge.__getitem__, order),
                *self._tail(),
            ]
        )

    # ------------------------------------------------------------------ the encoding's parts

    @abc.abstractmethod
    def _hand_cards(self, identities: list[int]) -> bytes:
        """The values of a hand's cards (its holder never sees them)."""

    @abc.abstractmethod
    def _hand_size(self, held: int) -> bytes:
        """The values that say how many cards a hand holds."""

    @abc.abstractmethod
    def _card_row(self, mask: int, marks: tuple[int, ...], events: list[Event]) -> bytes:
        """The knowledge values of one card held, from the identities still plausible from the
        clues (a mask) and its clue marks (indexes into ``events``)."""

    @abc.abstractmethod
    def _restart_public(self) -> None:
        """Make the public parts afresh from the game."""

    @abc.abstractmethod
    def _update_public(self, event: Event) -> None:
        """Bring the public parts up to date after ``event``, the game's last."""

    @abc.abstractmethod
    def _public(self, seat: int) -> list[bytes | bytearray]:
        """The parts between the hand sizes and the last action, as ``seat`` sees them."""

    @abc.abstractmethod
    def _action_part(self, event: Event) -> bytearray:
        """The last action's values without its actor and target offsets (the observer's)."""

    def _tail(self) -> list[bytes | bytearray]:
        """The parts after the knowledge (none unless the encoding has some)."""
        return []
