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
from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from openhanabi.env.encodings.knowledge import KnowledgeRows
from openhanabi.rules import ActionType, Event, Game

if TYPE_CHECKING:
    from openhanabi.env.encodings.base import Encoding

COLOUR_CLUE = ActionType.COLOUR_CLUE
RANK_CLUE = ActionType.RANK_CLUE
PLAY = ActionType.PLAY
DISCARD = ActionType.DISCARD


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
    game. Subclasses make the public parts of their encoding.
    """

    # Slots: read at every step, and with more than 30 attributes an instance's would be kept
    # in a dict of its own, where Python no longer specializes its method calls.
    __slots__ = (
        "_action",
        "_actor",
        "_after",
        "_before",
        "_card_width",
        "_clue_bits",
        "_clues",
        "_cuts",
        "_fresh_mask",
        "_fresh_row",
        "_hand_parts",
        "_hands",
        "_held_parts",
        "_identities",
        "_knowledge_at",
        "_knowledge_rows",
        "_no_action",
        "_no_cards",
        "_no_rows",
        "_offsets",
        "_one_hot",
        "_players",
        "_row_width",
        "_rows",
        "_seen",
        "_size_at",
        "_target",
        "_target_at",
        "_unclued",
        "encoding",
        "game",
        "held",
        "touches",
    )

    def __init__(
        self,
        encoding: Encoding,
        game: Game,
        action_kinds: int,
        one_hot: Sequence[bytes],
        sizes: Sequence[bytes],
        knowledge: KnowledgeRows,
    ) -> None:
        """``action_kinds``: how many kinds of last action the encoding tells apart;
        ``one_hot[identity]``: the values of a card in a hand; ``sizes[held]``: the values that
        say how many cards a hand holds; ``knowledge``: the values of what a holder knows."""
        self.encoding = encoding
        variant = encoding.variant
        players, hand_size = variant.players, variant.hand_size
        self._players = players
        # a list: its __getitem__, mapped over a hand, is a method where a tuple's is a wrapper
        self._one_hot = list(one_hot)
        self._held_parts = tuple(sizes)
        self._knowledge_rows = knowledge
        # the values of the slots a hand lacks, by cards held
        self._no_cards = tuple(
            bytes(len(self._one_hot[0]) * (hand_size - held)) for held in range(hand_size + 1)
        )
        self._unclued = knowledge.card_clues((), ())  # the summary of no clue at all
        empty_row = knowledge.row(0, self._unclued)
        self._card_width, self._row_width = len(self._one_hot[0]), len(empty_row)
        self._no_rows = tuple(
            bytes(len(empty_row) * (hand_size - held)) for held in range(hand_size + 1)
        )
        # the seats in each observer's order: offset 0 (the observer), 1, ... P-1
        self._offsets = tuple(
            tuple((seat + offset) % players for offset in range(players)) for seat in range(players)
        )
        # The parts of the hands, in one list: each seat's cards (shown to the other seats only),
        # then each seat's size values, then each seat's knowledge values. An observer's hand
        # parts are picked by index, in its order, and its own cards are never among them.
        self._size_at, self._knowledge_at = players, 2 * players
        self._before = tuple(
            itemgetter(*order[1:], *(players + s for s in order)) for order in self._offsets
        )
        self._after = tuple(
            itemgetter(*(2 * players + s for s in order)) for order in self._offsets
        )
        # where a card's values are cut out of its hand's parts: by cards held, then slot, the
        # ends of the cards before it, of the card, of the hand (its values, its knowledge)
        card_width, row_width = self._card_width, self._row_width
        self._cuts = tuple(
            tuple(
                (
                    slot * card_width,
                    (slot + 1) * card_width,
                    held * card_width,
                    slot * row_width,
                    (slot + 1) * row_width,
                    held * row_width,
                )
                for slot in range(held)
            )
            for held in range(hand_size + 1)
        )
        # per identity, the clues that touch it (see touches)
        self._clue_bits = encoding.moves.clue_bits
        # where the last action's clue target offset is, inside its part
        self._target_at = players + action_kinds
        self._no_action = bytes(encoding.width["last_action"])  # before the first action
        self.restart(game)

    # ------------------------------------------------------------------ following a game

    def restart(self, game: Game) -> None:
        """Follow ``game`` from its current position (usually the deal)."""
        self.game = game
        # the referee's identity of each order (one list for the whole game), read at every draw
        self._identities = game.identities
        players = self._players
        self._hands: list[list[int]] = [[] for _ in range(players)]
        # the identities in each hand, and the clues that touch each hand (the move numbering's
        # touches() of them): a seat may read the other seats' only
        self.held: list[list[int]] = [[] for _ in range(players)]
        self.touches: list[int] = [0] * players
        self._hand_parts: list[bytes] = [b""] * (3 * players)  # see __init__
        # each card's clues and knowledge values, by order (orders are never reused in a game);
        # b"" for a card not met yet
        orders = len(game.possible)
        self._clues: list[int] = [self._unclued] * orders
        self._rows: list[bytes] = [b""] * orders
        # the knowledge values of a card just drawn: every identity plausible, no clue
        self._fresh_mask = game.tables.all_cards
        self._fresh_row = self._knowledge_rows.row(self._fresh_mask, self._unclued)
        if game.events:
            for holder in range(players):
                self._refresh_hand(holder)
        else:
            self._deal()
        self._seen = len(game.events)
        self._restart_public()
        self._actor = self._target = -1
        last = None
        if game.events:
            last = game.events[-1]
            self._actor = last.seat
            kind = last.action.type
            self._target = last.action.target if kind is COLOUR_CLUE or kind is RANK_CLUE else -1
        self._set_action(last)

    def _deal(self) -> None:
        # The hands of a game that has not started, as _refresh_hand() would make them, in
        # fewer steps: no clue was given, so every card dealt has the same knowledge values.
        game = self.game
        rows = self._rows
        parts = self._hand_parts
        identities = self._identities
        bits = self._clue_bits
        fresh = self._fresh_row
        for holder, hand in enumerate(game.hands):
            self._hands[holder] = hand = hand[:]
            held = len(hand)
            for order in hand:
                rows[order] = fresh
            self.held[holder] = cards = list(map(identities.__getitem__, hand))
            touched = 0
            for identity in cards:
                touched |= bits[identity]
            self.touches[holder] = touched
            parts[holder] = b"".join([*map(self._one_hot.__getitem__, cards), self._no_cards[held]])
            parts[self._size_at + holder] = self._held_parts[held]
            parts[self._knowledge_at + holder] = fresh * held + self._no_rows[held]

    def update(self) -> None:
        """Take in the actions applied to the game since the last call."""
        game = self.game
        events = game.events
        seen = self._seen
        if len(events) == seen:
            return
        if len(events) != seen + 1:
            self.restart(game)  # several actions at once: read the position afresh
            return
        self._seen = seen + 1
        event = events[seen]
        action = event.action
        kind = action.type
        actor = event.seat
        if kind is COLOUR_CLUE or kind is RANK_CLUE:
            # a clue changes what the target knows of every card it holds
            self._target = target = action.target
            clues, rows, touched = self._clues, self._rows, event.touched
            knowledge = self._knowledge_rows
            with_clue = knowledge.with_clue
            # the encoding's rows by clues, then mask, looked up here first: two lookups by small
            # integers cost less than one by a tuple made for it
            made = knowledge.rows
            possible = game.possible
            hand = self._hands[target]
            for order in touched:
                clues[order] = with_clue(clues[order], action)
            for order in hand:
                row = made[clues[order]].get(possible[order])
                rows[order] = (
                    row if row is not None else knowledge.row(possible[order], clues[order])
                )
            self._hand_parts[self._knowledge_at + target] = b"".join(
                [*map(rows.__getitem__, hand), self._no_rows[len(hand)]]
            )
            # a bonus tile's free clue after a play: the actor drew (a clue alone takes none)
            if event.drew >= 0:
                self._refresh_hand(actor)
        else:
            self._target = -1
            hand = game.hands[actor]
            old = self._hands[actor]
            if hand != old:  # a play or discard
                drew = event.drew
                if (kind is PLAY or kind is DISCARD) and len(hand) == len(old) - (drew < 0):
                    # the card left its slot and the one drawn, if any, joined the end
                    self._take_and_draw(actor, old.index(action.target), drew)
                else:
                    self._refresh_hand(actor)
        self._actor = actor
        self._set_action(event)
        self._update_public(event)

    def _take_and_draw(self, holder: int, slot: int, drew: int) -> None:
        # _refresh_hand() after a card left ``slot`` and card ``drew`` (-1 for none) joined the
        # end: the hand's parts are cut where the card was, the drawn card's values appended
        game = self.game
        before = len(self._hands[holder])
        self._hands[holder] = hand = game.hands[holder][:]
        held = len(hand)
        identities = self.held[holder][:]  # a new list: the last one may be held elsewhere
        del identities[slot]
        parts = self._hand_parts
        cards = parts[holder]
        at = self._knowledge_at + holder
        rows = parts[at]
        card, card_end, cards_end, row, row_end, rows_end = self._cuts[before][slot]
        kept_cards = [cards[:card], cards[card_end:cards_end]]
        kept_rows = [rows[:row], rows[row_end:rows_end]]
        if drew >= 0:
            identity = self._identities[drew]
            identities.append(identity)
            kept_cards.append(self._one_hot[identity])
            if game.possible[drew] == self._fresh_mask and not game.marks[drew]:
                # as drawn cards are: no clue yet (_meet() made short)
                self._rows[drew] = fresh = self._fresh_row
                kept_rows.append(fresh)
            else:
                kept_rows.append(self._meet(drew))
        kept_cards.append(self._no_cards[held])
        kept_rows.append(self._no_rows[held])
        self.held[holder] = identities
        bits = self._clue_bits
        touched = 0
        for identity in identities:
            touched |= bits[identity]
        self.touches[holder] = touched
        parts[holder] = b"".join(kept_cards)
        parts[at] = b"".join(kept_rows)
        parts[self._size_at + holder] = self._held_parts[held]

    def _meet(self, order: int) -> bytes:
        # the knowledge values of a card met for the first time: what the clues say of it
        game = self.game
        knowledge = self._knowledge_rows
        marks = game.marks[order]
        # most cards come with no clue yet: their summary is known
        clued = knowledge.card_clues(marks, game.events) if marks else self._unclued
        self._clues[order] = clued
        mask = game.possible[order]
        row = knowledge.rows[clued].get(mask)
        self._rows[order] = row = row if row is not None else knowledge.row(mask, clued)
        return row

    def _refresh_hand(self, holder: int) -> None:
        game = self.game
        self._hands[holder] = hand = game.hands[holder][:]
        rows = self._rows
        for order in hand:
            if not rows[order]:  # a card drawn since
                self._meet(order)
        held = len(hand)
        self.held[holder] = identities = list(map(self._identities.__getitem__, hand))
        bits = self._clue_bits
        touched = 0
        for identity in identities:
            touched |= bits[identity]
        self.touches[holder] = touched
        parts = self._hand_parts
        parts[holder] = b"".join(
            [*map(self._one_hot.__getitem__, identities), self._no_cards[held]]
        )
        parts[self._size_at + holder] = self._held_parts[held]
        parts[self._knowledge_at + holder] = b"".join(
            [*map(rows.__getitem__, hand), self._no_rows[held]]
        )

    # ------------------------------------------------------------------ observations

    def observation(self, seat: int) -> bytearray:
        """``seat``'s observation now, one byte (0 or 1) per value: a new ``bytearray``."""
        action = bytearray(self._action)
        if self._actor >= 0:
            players = self._players
            action[(self._actor - seat) % players] = 1
            if self._target >= 0:
                action[self._target_at + (self._target - seat) % players] = 1
        hands = self._hand_parts
        return bytearray().join(
            (
                *self._before[seat](hands),  # the other seats' cards, every seat's size
                *self._public(seat),
                action,
                *self._after[seat](hands),  # every seat's knowledge
                *self._tail(),
            )
        )

    # ------------------------------------------------------------------ the encoding's parts

    @abc.abstractmethod
    def _restart_public(self) -> None:
        """Make the public parts afresh from the game."""

    @abc.abstractmethod
    def _update_public(self, event: Event) -> None:
        """Bring the public parts up to date after ``event``, the game's last."""

    @abc.abstractmethod
    def _public(self, seat: int) -> list[bytes | bytearray]:
        """The parts between the hand sizes and the last action, as ``seat`` sees them."""

    def _set_action(self, event: Event | None) -> None:
        """Take in the last action, ``event`` (the game's last), or ``None`` before the first."""
        self._action: bytes | bytearray
        self._action = self._no_action if event is None else self._action_part(event)

    @abc.abstractmethod
    def _action_part(self, event: Event) -> bytes | bytearray:
        """The last action's values without its actor and target offsets (the observer's)."""

    def _tail(self) -> list[bytes | bytearray]:
        """The parts after the knowledge (none unless the encoding has some)."""
        return []
