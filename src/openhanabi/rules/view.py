"""What one seat may see (RULES.md section 7), and nothing more.

A :class:`SeatView` is a snapshot built by :func:`seat_view`: it copies public facts and the other
seats' cards out of the game and keeps no reference to the game, so nothing reachable from it
holds the identities of the seat's own cards.

>>> from openhanabi.rules import Game, find_variant
>>> game = Game.new(find_variant("base", players=2), seed=3)
>>> view = game.view(0)
>>> any(order in view.cards for order in view.hands[0])
False
>>> knowledge = view.knowledge[view.hands[0][0]]
>>> len(knowledge.from_clues), knowledge.possible <= knowledge.from_clues
(25, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from openhanabi.rules.actions import Action, ActionType
from openhanabi.rules.deck import Card
from openhanabi.rules.events import Decision, Event, Result
from openhanabi.rules.numbers import whole_number
from openhanabi.rules.outcome import Outcome
from openhanabi.rules.tables import cards_in, tables_for
from openhanabi.rules.tables import identity as identity_of
from openhanabi.rules.variants import Variant

if TYPE_CHECKING:
    from openhanabi.rules.game import Game


class ClueMark(NamedTuple):
    """One clue given to the hand a card was in: who gave it, what it named, and whether it
    touched the card (a clue that missed a card says what the card is not)."""

    history_index: int  # where the clue stands in the game's history
    giver: int
    kind: ActionType
    value: int
    touched: bool


class CardKnowledge(NamedTuple):
    """What a card's holder knows about it.

    ``from_clues_mask`` and ``possible_mask`` are sets of identities as bitmasks (bit
    ``suit * 5 + rank - 1``); ``possible`` also rules out identities whose every copy the viewing
    seat can see elsewhere (only for the viewing seat's own cards).
    """

    order: int
    marks: tuple[int, ...]  # history index of each clue: i if it touched the card, ~i if not
    from_clues_mask: int
    possible_mask: int
    events: tuple[Event, ...]  # the public log the marks point into

    def __repr__(self) -> str:
        return (
            f"CardKnowledge(order={self.order}, marks={self.marks}, "
            f"from_clues_mask={self.from_clues_mask:#x}, possible_mask={self.possible_mask:#x})"
        )

    @property
    def clues(self) -> tuple[ClueMark, ...]:
        """Every clue given to this card's hand while it was there, oldest first."""
        return tuple(_mark(self.events, index) for index in self.marks)

    @property
    def touched(self) -> bool:
        """Whether any clue has touched this card."""
        return any(index >= 0 for index in self.marks)

    @property
    def from_clues(self) -> frozenset[Card]:
        return cards_in(self.from_clues_mask)

    @property
    def possible(self) -> frozenset[Card]:
        return cards_in(self.possible_mask)


class SeatView(NamedTuple):
    """The game as ``seat`` sees it. Hands list orders oldest first; ``cards`` maps the order of
    every card this seat can see (other hands, discard pile) to its identity; ``knowledge`` maps
    the order of every card in a hand to what its holder knows of it."""

    variant: Variant
    seat: int
    seat_on_turn: int
    turn: int
    clue_tokens: int
    storms: int
    fireworks: tuple[int, ...]  # cards played per suit
    discard_pile: tuple[int, ...]  # orders, oldest first
    draw_pile_size: int
    bonus_tiles_left: int
    pending: Decision | None
    turns_left: int  # -1 until the last card is drawn
    score: int
    max_reachable: int
    outcome: Outcome | None
    hands: tuple[tuple[int, ...], ...]
    cards: Mapping[int, Card]
    knowledge: Mapping[int, CardKnowledge]
    events: tuple[Event, ...]
    legal_actions: tuple[Action, ...]  # empty unless this seat is on turn

    @property
    def my_turn(self) -> bool:
        return self.seat_on_turn == self.seat and self.outcome is None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) with plain mappings, so that a bot may send its view to
        processes that search for it; it comes back as it was, read-only ``cards`` included."""
        plain = self._replace(cards=dict(self.cards), knowledge=dict(self.knowledge))
        return (_unpickled_view, (tuple(plain),))

    @property
    def own_hand(self) -> tuple[int, ...]:
        return self.hands[self.seat]

    def own_possible(self) -> dict[int, frozenset[Card]]:
        """What each card of this seat's own hand may be, by order: its knowledge's
        ``possible``, less the identities whose every copy is accounted for by the cards seen
        elsewhere and the own cards the clues name exactly. Beside a card known to be the only
        blue 5, no other card of the hand can be a blue 5, which ``possible`` (the cards seen
        elsewhere only) still allows; a card so narrowed to one identity counts in turn.

        It is what a player deduces, shown to people as such; bots read ``knowledge`` and make
        their own deductions.
        """
        tables = tables_for(self.variant)
        seen = [0] * tables.identities
        for card in self.cards.values():  # the other hands and the discard pile
            seen[identity_of(card)] += 1
        for suit, played in enumerate(self.fireworks):
            for played_identity in tables.needed[suit][:played]:
                seen[played_identity] += 1
        masks = {order: self.knowledge[order].possible_mask for order in self.own_hand}
        narrowed = True
        while narrowed:
            known = list(seen)
            for mask in masks.values():
                if mask.bit_count() == 1:
                    known[mask.bit_length() - 1] += 1
            spent = sum(
                1 << ident
                for ident, (count, copies) in enumerate(zip(known, tables.copies, strict=True))
                if count >= copies
            )
            narrowed = False
            for order, mask in masks.items():
                left = mask & ~spent
                if mask.bit_count() > 1 and left and left != mask:
                    masks[order], narrowed = left, True
        return {order: cards_in(mask) for order, mask in masks.items()}

    def firework_top(self, suit: int) -> int:
        """The rank on top of ``suit``'s firework, 0 if it is empty."""
        played = self.fireworks[suit]
        if not played:
            return 0
        return self.variant.suits[suit].play_order[played - 1]

    def is_playable(self, card: Card) -> bool:
        """Whether ``card`` would fit its firework now."""
        order = self.variant.suits[card.suit].play_order
        played = self.fireworks[card.suit]
        return played < len(order) and order[played] == card.rank


def seat_view(game: Game, seat: int) -> SeatView:
    """Build ``seat``'s view of ``game``."""
    number = whole_number(seat)
    if number is None or not 0 <= number < game.players:
        raise ValueError(f"there is no seat {seat!r}")
    seat = number
    tables = game.tables
    ident = game.identities
    card_of = tables.card
    seen = game.lost_counts()  # copies of each identity the seat sees, starting with the lost
    cards = {}
    for other, hand in enumerate(game.hands):
        if other != seat:
            for order in hand:
                cards[order] = card_of[ident[order]]
                seen[ident[order]] += 1
    for order in game.discard_pile:
        cards[order] = card_of[ident[order]]
    for suit, played in enumerate(game.fireworks):
        for played_ident in tables.needed[suit][:played]:
            seen[played_ident] += 1
    exhausted = 0
    for identity, (count, copies) in enumerate(zip(seen, tables.copies, strict=True)):
        if count >= copies:
            exhausted |= 1 << identity
    events = tuple(game.events)
    if game.variant.bonus_tiles and 5 not in game.tiles:  # a card may have been shuffled back
        events = tuple(_public(event) for event in events)
    hands = tuple(tuple(hand) for hand in game.hands)
    knowledge = _Knowledge(hands, seat, tuple(game.possible), tuple(game.marks), exhausted, events)
    on_turn = game.seat == seat and game.outcome is None
    return SeatView(
        variant=game.variant,
        seat=seat,
        seat_on_turn=game.seat,
        turn=game.turn,
        clue_tokens=game.clue_tokens,
        storms=game.storms,
        fireworks=tuple(game.fireworks),
        discard_pile=tuple(game.discard_pile),
        draw_pile_size=len(game.draw_pile),
        bonus_tiles_left=len(game.tiles),
        pending=game.pending,
        turns_left=game.turns_left,
        score=game.score,
        max_reachable=game.max_reachable(),
        outcome=game.outcome,
        hands=hands,
        cards=MappingProxyType(cards),
        knowledge=knowledge,
        events=events,
        legal_actions=tuple(game.legal_actions()) if on_turn else (),
    )


def _unpickled_view(fields: tuple[Any, ...]) -> SeatView:
    view = SeatView(*fields)
    return view._replace(cards=MappingProxyType(dict(view.cards)))


class _Knowledge(Mapping[int, CardKnowledge]):
    """Knowledge of every card in a hand, each made when it is first asked for: most users of
    a view read a few cards, and a view is made for every turn."""

    __slots__ = ("_events", "_exhausted", "_holder", "_made", "_marks", "_possible", "_seat")

    def __init__(
        self,
        hands: tuple[tuple[int, ...], ...],
        seat: int,
        possible: tuple[int, ...],
        marks: tuple[tuple[int, ...], ...],
        exhausted: int,
        events: tuple[Event, ...],
    ) -> None:
        self._holder = {order: holder for holder, hand in enumerate(hands) for order in hand}
        self._seat = seat
        self._possible = possible
        self._marks = marks
        self._exhausted = exhausted
        self._events = events
        self._made: dict[int, CardKnowledge] = {}

    def __getitem__(self, order: int) -> CardKnowledge:
        made = self._made.get(order)
        if made is None:
            holder = self._holder[order]  # KeyError for a card in no hand, as a dict would
            mask = self._possible[order]
            # only the viewing seat may also rule out what it sees every copy of elsewhere
            possible = mask & ~self._exhausted if holder == self._seat else mask
            made = CardKnowledge(order, self._marks[order], mask, possible, self._events)
            self._made[order] = made
        return made

    def __iter__(self) -> Iterator[int]:
        return iter(self._holder)

    def __len__(self) -> int:
        return len(self._holder)

    def __contains__(self, order: object) -> bool:
        return order in self._holder


def _mark(events: tuple[Event, ...], index: int) -> ClueMark:
    touched = index >= 0
    index = index if touched else ~index
    event = events[index]
    action = event.action
    return ClueMark(index, event.seat, action.type, action.value, touched)


def _public(event: Event) -> Event:
    # Where a card shuffled back into the draw pile landed is hidden from every seat, the top
    # (position 0) included; a tile 6 choice has no position to hide.
    if event.result is Result.RESHUFFLED and event.action.value >= 0:
        return event._replace(action=Action.choose(event.action.target, -1))
    return event
