"""The game state and the one path that changes it: :meth:`Game.apply`.

Cards are named by their *order*: the i-th card drawn has order i, so that without bonus tile 5
a card's order is its index in the deck, as in hanab.live's records. A card shuffled back into the
draw pile gets a new order when it is drawn again: its old order, seen by everyone in the discard
pile, must not tell its new holder what it is. Hands list orders oldest first: a drawn card
joins the end. Internally identities are small integers and clue knowledge is a
bitmask per card (see :mod:`openhanabi.rules.tables`); :class:`Game` is the referee and sees
everything, so bots, clients and environments get a :class:`~openhanabi.rules.view.SeatView`.

>>> from openhanabi.rules import Action, Game, find_variant
>>> game = Game.new(find_variant("base", players=2), seed=1)
>>> game.apply(Action.rank_clue(1, 1))
>>> game.clue_tokens, game.seat, game.turn
(7, 1, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from operator import itemgetter

from openhanabi.rules.actions import (
    CHOOSE,
    COLOUR_CLUE,
    DISCARD,
    PLAY,
    RANK_CLUE,
    Action,
    ActionType,
)
from openhanabi.rules.deck import (
    Card,
    SplitMix64,
    check_deck,
    check_seed,
    check_tiles,
    ordered_deck,
    shuffled_tiles,
)
from openhanabi.rules.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidDeckError,
    InvalidVariantError,
)
from openhanabi.rules.events import (
    CLUE,
    DECLARED_WRONG,
    DISCARDED,
    MISPLAYED,
    PLAYED,
    Decision,
    Event,
    Result,
)
from openhanabi.rules.legal import ActionTable, action_table
from openhanabi.rules.numbers import whole_number
from openhanabi.rules.outcome import Outcome, Termination
from openhanabi.rules.tables import RANK_COUNT, Tables, tables_for
from openhanabi.rules.variants import Variant
from openhanabi.rules.view import SeatView, seat_view

STRIKEOUT = Termination.STRIKEOUT
LOST = (Termination.STRIKEOUT, Termination.ALL_OR_NOTHING_LOST)
_new_event = tuple.__new__


class Game:
    """One game: the referee's complete state.

    Build one with :meth:`new` (a seeded deal) or the constructor (a known deck, as in a record).
    """

    __slots__ = (
        "_action_table",
        "_bits",
        "_chance",
        "_clue_actions",
        "_complete",
        "_discarded",
        "_drew_last",
        "_ends_early",
        "_ident",
        "_needed",
        "_next_order",
        "_reach",
        "_tables",
        "_took",
        "bonus_tiles",
        "clue_tokens",
        "deck",
        "discard_pile",
        "draw_pile",
        "events",
        "fireworks",
        "hands",
        "history",
        "marks",
        "outcome",
        "pending",
        "possible",
        "score",
        "seat",
        "seed",
        "storms",
        "tiles",
        "touched",
        "turn",
        "turns_left",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        deck: Sequence[Card],
        bonus_tiles: Sequence[int] = (),
        seed: int = 0,
    ) -> None:
        _check_variant(variant)
        seed = check_seed(seed)
        check_deck(variant, deck)
        if variant.bonus_tiles:
            check_tiles(bonus_tiles)
        self._setup(variant, deck, tuple(bonus_tiles) if variant.bonus_tiles else (), seed)
        self._chance = SplitMix64(seed ^ 0x5EED)

    @classmethod
    def new(cls, variant: Variant, seed: int) -> Game:
        """A new game of ``variant`` dealt from ``seed`` (the same game on every machine)."""
        _check_variant(variant)
        seed = check_seed(seed)
        rng = SplitMix64(seed)
        tables, _actions, ordered = _prepared(variant)
        # the shuffle of :func:`shuffled_deck`, made on identities: the cards follow by lookup
        pile = list(ordered)
        rng.shuffle(pile)
        # the cards by one itemgetter: a tuple's __getitem__ mapped over the pile is a slot
        # wrapper called card by card, four times the cost
        deck: tuple[Card, ...] = (
            itemgetter(*pile)(tables.card) if len(pile) > 1 else tuple(tables.card[i] for i in pile)
        )
        tiles = shuffled_tiles(rng) if variant.bonus_tiles else []
        pile.reverse()  # the draw pile has its top at the end
        game = cls.__new__(cls)
        game._setup(variant, deck, tuple(tiles), seed, pile)
        game._chance = rng
        return game

    def _setup(
        self,
        variant: Variant,
        deck: Sequence[Card],
        tiles: tuple[int, ...],
        seed: int,
        pile: list[int] | None = None,
    ) -> None:
        """The deal of ``deck``; ``pile`` is the deck's identities, top at the end, if known."""
        tables, actions, _ordered = _prepared(variant)
        self.variant = variant
        self.seed = seed
        self.deck: tuple[Card, ...] = tuple(deck)
        self.bonus_tiles = tiles
        self._tables = tables
        self._needed = [row[0] for row in tables.needed]
        self._discarded = [0] * tables.identities
        self._complete = 0
        self._reach: int | None = None
        self._drew_last = False
        # whether an action may end the game before the last round is over (read every turn)
        self._ends_early = variant.all_or_nothing or variant.hanab_live_ending
        self._took = False
        self.fireworks = [0] * tables.suit_count
        self.score = tables.start_score
        self.clue_tokens = variant.clue_tokens
        self.storms = 0
        self.discard_pile: list[int] = []
        self.history: list[Action] = []
        self.events: list[Event] = []
        self.turn = 0
        self.turns_left = -1
        self.seat = variant.start_seat
        self.pending: Decision | None = None
        self.outcome: Outcome | None = None
        self.tiles = list(reversed(tiles))  # top at the end
        if pile is None:
            # identities (as tables.identity() computes them, written out), top at the end
            pile = [card.suit * RANK_COUNT + card.rank - 1 for card in reversed(deck)]
        self.draw_pile = pile
        # the deal, seat by seat: the i-th card drawn has order i, as if each were drawn alone
        hand_size = variant.hand_size
        dealt = variant.players * hand_size
        cards = pile[: -dealt - 1 : -1]  # the top cards, top first
        del pile[-dealt:]
        # one more order for the card bonus tile 5 may shuffle back
        rest = len(deck) + (1 if variant.bonus_tiles else 0) - dealt
        self._ident = cards + [-1] * rest
        self._bits = [1 << ident for ident in cards] + [0] * rest
        self._next_order = dealt
        self.possible = [tables.all_cards] * dealt + [0] * rest
        self.touched = [False] * (dealt + rest)
        self.marks: list[tuple[int, ...]] = [()] * (dealt + rest)
        self.hands: list[list[int]] = [
            list(range(start, start + hand_size)) for start in range(0, dealt, hand_size)
        ]
        self._action_table = actions
        self._clue_actions = actions.clues_from

    # ------------------------------------------------------------------ queries

    @property
    def players(self) -> int:
        return self.variant.players

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def card(self, order: int) -> Card:
        """The identity of card ``order`` (the referee knows every card drawn so far)."""
        ident = self._ident[order] if 0 <= order < self._next_order else -1
        if ident < 0:
            raise IndexError(f"no card has order {order} yet")
        return self._tables.card[ident]

    @property
    def cards_drawn(self) -> int:
        """How many orders have been handed out (every card dealt or drawn so far)."""
        return self._next_order

    @property
    def tables(self) -> Tables:
        """The variant's precomputed tables (identities as integers, clue touches as masks)."""
        return self._tables

    @property
    def identities(self) -> Sequence[int]:
        """The identity (``suit * 5 + rank - 1``) of each order drawn so far, -1 for the rest.
        The referee's knowledge: never pass it to a seat."""
        return self._ident

    def lost_counts(self) -> list[int]:
        """How many copies of each identity are in the discard pile (a new list)."""
        return list(self._discarded)

    def max_reachable(self) -> int:
        """The best score still possible given the cards lost to the discard pile."""
        if self._reach is None:
            self._reach = self._compute_reach()
        return self._reach

    def _compute_reach(self) -> int:
        # Playing a card never changes the result (the card was reachable), so it is computed
        # again only after a card is lost or taken back from the discard pile.
        tables = self._tables
        discarded = self._discarded
        copies = tables.copies
        total = 0
        for suit, played in enumerate(self.fireworks):
            row = tables.needed[suit]
            k = played
            while row[k] >= 0 and discarded[row[k]] < copies[row[k]]:
                k += 1
            total += k
        return total + tables.start_score

    def is_playable(self, order: int) -> bool:
        """Whether card ``order`` fits its firework right now."""
        ident = self._ident[order]
        return self._needed[self._tables.suit_of[ident]] == ident

    def legal_actions(self) -> list[Action]:
        """Every action the player on turn may take now (a new list each call)."""
        if self.outcome is not None:
            return []
        if self.pending is not None:
            return self._decision_actions(self.pending)
        table = self._action_table
        seat = self.seat
        hand = self.hands[seat]
        actions = [table.play[order] for order in hand]
        if self.variant.declared_play:
            for order in hand:
                actions.extend(table.declared[order])
        if self.clue_tokens < self.variant.clue_tokens:
            actions.extend([table.discard[order] for order in hand])
        if self.clue_tokens > 0:
            if self.variant.empty_clues:
                actions.extend(self._clue_actions[seat])
            else:
                actions.extend(self._clues(seat, colour=True, rank=True))
        return actions

    def _clues(self, seat: int, colour: bool, rank: bool) -> list[Action]:
        table = self._action_table
        if colour and rank:
            clues = table.clues[seat]
        else:
            clues = table.colour_clues[seat] if colour else table.rank_clues[seat]
        if self.variant.empty_clues:
            return [action for action, _, _ in clues]
        bits = self._bits
        held = []  # every identity in each hand, as one mask
        for hand in self.hands:
            mask = 0
            for order in hand:
                mask |= bits[order]
            held.append(mask)
        return [action for action, target, touch in clues if touch & held[target]]

    def _decision_actions(self, decision: Decision) -> list[Action]:
        if decision is Decision.FREE_COLOUR_CLUE:
            return self._clues(self.seat, colour=True, rank=False)
        if decision is Decision.FREE_RANK_CLUE:
            return self._clues(self.seat, colour=False, rank=True)
        choose = self._action_table.choose
        if decision is Decision.RESHUFFLE:
            return [choose[order] for order in self.discard_pile]
        return [choose[order] for order in self.discard_pile if self.is_playable(order)]

    # ------------------------------------------------------------------ changes

    def apply(self, action: Action) -> None:
        """Carry out ``action`` for the player on turn, or raise :class:`IllegalActionError`.

        An illegal action changes nothing, and neither does a value that is no action at all
        (not an :class:`Action`, or fields that are not whole numbers: a bool, a float, text),
        which raises :class:`InvalidActionError`. Fields that are whole numbers of another
        type (NumPy integers) are taken as plain ints.
        """
        if (
            type(action) is not Action
            or type(action.target) is not int
            or type(action.value) is not int
            or action.declare is not None
            or type(action.type) is not ActionType
        ):
            action = checked_action(action)  # the slow road: a declared play, or odd types
        if self.outcome is not None:
            raise IllegalActionError("the game is over", "game_over")
        if self.pending is not None:
            self._decide(action)
            return
        kind = action.type
        if kind == PLAY:
            self._play(action)
        elif kind == DISCARD:
            self._discard(action)
        elif kind in (COLOUR_CLUE, RANK_CLUE):
            self._clue(action, free=False)
        else:
            raise IllegalActionError(f"{_describe(action)} is not a turn's action", "not_a_turn")

    def _own_card(self, order: int) -> list[int]:
        hand = self.hands[self.seat]
        if order not in hand:
            raise IllegalActionError(
                f"card {order} is not in the hand of seat {self.seat}", "not_in_hand", order=order
            )
        return hand

    def _play(self, action: Action) -> None:
        order = action.target
        hand = self.hands[self.seat]
        if order not in hand:
            self._own_card(order)  # raises
        declare = action.declare
        if declare is not None:
            if not self.variant.declared_play:
                raise IllegalActionError("declared play is off in this game", "declared_play_off")
            if not 0 <= declare < self._tables.suit_count:
                raise IllegalActionError(
                    f"there is no suit {declare} to declare", "no_such_suit", suit=declare
                )
        hand.remove(order)
        self._took = True
        self.history.append(action)
        ident = self._ident[order]
        suit = self._tables.suit_of[ident]
        tiles: list[int] = []
        if declare is not None and declare != suit:
            result = DECLARED_WRONG
            self._lose(order, ident)
        elif self._needed[suit] == ident:
            result = PLAYED
            if declare is not None:
                self._gain_token()
            self._add_to_firework(suit, tiles)
        else:
            result = MISPLAYED
            self._lose(order, ident)
        if result is not PLAYED:
            self.storms += 1
            if self.storms >= self.variant.storms:
                self._log(action, result, self._tables.card[ident], tiles=tiles)
                self.turn += 1
                self._finish(STRIKEOUT, "the last storm token was turned")
                return
        self._after_action(action, result, self._tables.card[ident], (), tiles)

    def _discard(self, action: Action) -> None:
        order = action.target
        hand = self.hands[self.seat]
        if order not in hand:
            self._own_card(order)  # raises
        if self.clue_tokens >= self.variant.clue_tokens:
            raise IllegalActionError(
                "no discarding while every clue token is available", "clue_tokens_full"
            )
        hand.remove(order)
        self._took = True
        self.history.append(action)
        ident = self._ident[order]
        # _lose() written out: a quarter of the actions are discards
        self.discard_pile.append(order)
        self._discarded[ident] += 1
        self._reach = None
        self.clue_tokens += 1
        self._after_action(action, DISCARDED, self._tables.card[ident], (), ())

    def _clue(self, action: Action, free: bool) -> None:
        target = action.target
        seat = self.seat
        if not 0 <= target < self.variant.players or target == seat:
            raise IllegalActionError(
                f"seat {seat} cannot give a clue to seat {target}",
                "bad_clue_target",
                target=target,
            )
        tables = self._tables
        value = action.value
        if action.type == COLOUR_CLUE:
            if not 0 <= value < len(tables.colour_touch):
                raise IllegalActionError(
                    f"there is no clue colour {value} in this variant",
                    "no_such_colour",
                    colour=value,
                )
            mask = tables.colour_touch[value]
        else:
            if not 1 <= value <= 5:
                raise IllegalActionError(f"there is no rank {value}", "no_such_rank", rank=value)
            mask = tables.rank_touch[value]
        if not free and self.clue_tokens <= 0:
            raise IllegalActionError("no clue token is left", "no_clue_tokens")
        hand = self.hands[target]
        bits = self._bits
        # a plain loop (a comprehension is a call of its own, on every clue) making the tuple
        # the event keeps: a clue touches few cards
        hits: tuple[int, ...] = ()
        for order in hand:
            if bits[order] & mask:
                hits += (order,)
        if not hits and not self.variant.empty_clues:
            raise IllegalActionError(
                "the clue touches no card, and empty clues are off", "empty_clue"
            )
        if not free:
            self.clue_tokens -= 1
        index = len(self.history)
        self.history.append(action)
        possible = self.possible
        marks = self.marks
        flags = self.touched
        miss = ~mask
        hit_mark, miss_mark = (index,), (~index,)
        for order in hand:
            if bits[order] & mask:
                possible[order] &= mask
                flags[order] = True
                marks[order] += hit_mark
            else:
                possible[order] &= miss
                marks[order] += miss_mark
        self._after_action(action, CLUE, None, hits, ())

    def _gain_token(self) -> None:
        if self.clue_tokens < self.variant.clue_tokens:
            self.clue_tokens += 1

    def _lose(self, order: int, ident: int) -> None:
        self.discard_pile.append(order)
        self._discarded[ident] += 1
        self._reach = None

    def _add_to_firework(self, suit: int, tiles: list[int]) -> None:
        played = self.fireworks[suit] + 1
        self.fireworks[suit] = played
        self.score += 1
        self._needed[suit] = needed = self._tables.needed[suit][played]
        if needed >= 0:
            return
        self._complete += 1
        if self._complete == len(self.fireworks):
            return  # perfect: the game ends at once, no bonus
        if self.tiles:
            tile = self.tiles.pop()
            tiles.append(tile)
            self._apply_tile(tile, tiles)
        else:
            self._gain_token()

    def _apply_tile(self, tile: int, tiles: list[int]) -> None:
        if tile == 1:
            self._gain_token()
        elif tile == 2:
            self._gain_token()
            if self.storms > 0:
                self.storms -= 1
        elif tile == 3 or tile == 4:
            decision = Decision.FREE_COLOUR_CLUE if tile == 3 else Decision.FREE_RANK_CLUE
            if self._decision_actions(decision):
                self.pending = decision
        elif tile == 5 and self.draw_pile:
            if self.discard_pile:
                self.pending = Decision.RESHUFFLE
        else:  # tile 6, or tile 5 with an empty draw pile
            if any(self.is_playable(order) for order in self.discard_pile):
                self.pending = Decision.PLAY_FROM_DISCARD

    def _decide(self, action: Action) -> None:
        decision = self.pending
        if decision is Decision.FREE_COLOUR_CLUE or decision is Decision.FREE_RANK_CLUE:
            wanted = COLOUR_CLUE if decision is Decision.FREE_COLOUR_CLUE else RANK_CLUE
            if action.type != wanted:
                raise IllegalActionError(
                    f"bonus tile {decision.value} asks for a free {_clue_word(wanted)} clue, "
                    f"not {_describe(action)}",
                    "free_clue_expected",
                    tile=decision.value,
                )
            self.pending = None
            try:
                self._clue(action, free=True)
            except IllegalActionError:
                self.pending = decision
                raise
            return
        if action.type != CHOOSE:
            raise IllegalActionError(
                f"bonus tile {decision.value if decision else '?'} asks to choose a card in the "
                f"discard pile, not {_describe(action)}",
                "choice_expected",
                tile=decision.value if decision else 0,
            )
        order = action.target
        if order not in self.discard_pile:
            raise IllegalActionError(
                f"card {order} is not in the discard pile", "not_in_discard_pile", order=order
            )
        ident = self._ident[order]
        tiles: list[int] = []
        if decision is Decision.RESHUFFLE:
            places = len(self.draw_pile) + 1
            position = action.value
            if position < 0:
                # Drawn without advancing the generator: a game has one tile 5, so this is the
                # same draw as ever, and undo() (which replays recorded positions) restores it.
                position = SplitMix64(self._chance.state).below(places)
            elif position >= places:
                raise IllegalActionError(
                    f"position {position} is outside the draw pile (0 to {places - 1})",
                    "outside_draw_pile",
                    position=position,
                    last=places - 1,
                )
            self.pending = None
            self._unlose(order, ident)
            self.draw_pile.insert(len(self.draw_pile) - position, ident)
            action = Action.choose(order, position)
            result = Result.RESHUFFLED
        else:
            if not self.is_playable(order):
                raise IllegalActionError(
                    f"card {order} does not fit its firework", "does_not_fit", order=order
                )
            self.pending = None
            self._unlose(order, ident)
            action = Action.choose(order, 0)
            result = Result.PLAYED_FROM_DISCARD
            self._add_to_firework(self._tables.suit_of[ident], tiles)
        self.history.append(action)
        self._after_action(action, result, self._tables.card[ident], (), tiles)

    def _unlose(self, order: int, ident: int) -> None:
        self.discard_pile.remove(order)
        self._discarded[ident] -= 1
        self._reach = None

    def _after_action(
        self,
        action: Action,
        result: Result,
        card: Card | None,
        touched: tuple[int, ...],
        tiles: Sequence[int],
    ) -> None:
        if self._complete == len(self.fireworks):
            self._log(action, result, card, touched, tiles=tiles)
            self.turn += 1
            self._finish(Termination.PERFECT, "every firework is complete")
            return
        if self.pending is not None:
            self._log(action, result, card, touched, tiles=tiles)
            return
        drew = -1
        seat = self.seat
        # Only a turn that took a card from the hand draws one; a bonus tile's decision comes
        # between the play and that draw.
        pile = self.draw_pile
        if self._took and pile:
            # the top card of the draw pile gets the next order
            ident = pile.pop()
            drew = self._next_order
            self._next_order = drew + 1
            self._ident[drew] = ident
            self._bits[drew] = 1 << ident
            self.possible[drew] = self._tables.all_cards
            self.hands[seat].append(drew)
            self._drew_last = not pile
        self._took = False
        # the log and the end of the turn (_log, _end_turn) written out: every action ends here
        self.events.append(
            _new_event(
                Event, (seat, action, result, card, touched, drew, tuple(tiles) if tiles else ())
            )
        )
        variant = self.variant
        self.turn += 1
        if self.turns_left > 0:
            self.turns_left -= 1
        if self._drew_last:
            self._drew_last = False
            if not variant.all_or_nothing:
                self.turns_left = variant.players
        self.seat = (seat + 1) % variant.players
        if self.turns_left == 0 or self._ends_early:
            self._check_end()  # otherwise only the last round's end could end the game

    def _log(
        self,
        action: Action,
        result: Result,
        card: Card | None,
        touched: tuple[int, ...] = (),
        drew: int = -1,
        tiles: Sequence[int] = (),
    ) -> None:
        # the tuple made directly: Event's own constructor is a Python function, once a turn
        self.events.append(
            _new_event(Event, (self.seat, action, result, card, touched, drew, tuple(tiles)))
        )

    def _check_end(self) -> None:
        variant = self.variant
        if variant.all_or_nothing:
            if self.max_reachable() < variant.max_score and not self._recovery_possible():
                self._finish(
                    Termination.ALL_OR_NOTHING_LOST, "a card needed for a perfect game is lost"
                )
            elif not self.legal_actions():
                self._finish(
                    Termination.ALL_OR_NOTHING_LOST, f"seat {self.seat} has no legal action"
                )
            return
        if self.turns_left == 0:
            self._finish(Termination.LAST_ROUND_DONE, "everyone took their last turn")
        elif variant.hanab_live_ending:
            if self.score >= self.max_reachable():
                self._finish(Termination.NO_MORE_PROGRESS, "the score cannot rise any more")
            elif not self._progress_possible():
                self._finish(Termination.NO_MORE_PROGRESS, "no firework can take another card")

    def _recovery_possible(self) -> bool:
        # Bonus tiles 5 and 6 each take one card back from the discard pile, and a tile is
        # drawn only when a firework is completed. Every card the perfect game lacks can come
        # back only if that many of those tiles are left and enough fireworks can be completed
        # to draw them: first those that lack nothing, then each that has its cards back. The
        # tiles' order is hidden, so the best order is assumed.
        recoveries = sum(1 for tile in self.tiles if tile == 5 or tile == 6)
        if not recoveries:
            return False
        tables = self._tables
        discarded = self._discarded
        copies = tables.copies
        draws = 0  # completions that can draw a tile before any card comes back
        lacking = []  # for each firework that lacks cards, how many
        for suit, played in enumerate(self.fireworks):
            row = tables.needed[suit]
            if row[played] < 0:
                continue  # complete: it draws no more tiles
            lost = sum(1 for ident in row[played:-1] if discarded[ident] >= copies[ident])
            if lost:
                lacking.append(lost)
            else:
                draws += 1
        if sum(lacking) > recoveries:
            return False
        for lost in sorted(lacking):
            draws -= lost
            if draws < 0:
                return False
            draws += 1  # its cards back, this firework can be completed too
        return True

    def _progress_possible(self) -> bool:
        if self.draw_pile or self.turns_left < 0:
            return True
        players = self.variant.players
        ident = self._ident
        seats = [(self.seat + i) % players for i in range(self.turns_left)]
        needed = [n for n in self._needed if n >= 0]
        return any(ident[order] in needed for seat in seats for order in self.hands[seat])

    def _finish(self, termination: Termination, detail: str) -> None:
        lost = termination in LOST
        self.outcome = Outcome(termination, 0 if lost else self.score, detail)

    def abandon(self, detail: str = "the table stopped the game") -> None:
        """End the game early with 0 points (a record's game-over action)."""
        if self.outcome is None:
            self.outcome = Outcome(Termination.ABANDONED, 0, detail)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: the only thing a bot, client or environment receives."""
        return seat_view(self, seat)

    # ------------------------------------------------------------------ copies

    def copy(self) -> Game:
        """An independent copy (for search): changing one never changes the other."""
        other = Game.__new__(Game)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        for name in _LISTS:
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(hand) for hand in self.hands]
        other._chance = SplitMix64(0)
        other._chance.state = self._chance.state
        return other

    def redealt(self, hidden: Mapping[int, int], pile: Sequence[int]) -> Game:
        """A copy in which the cards in hand ``hidden`` (order -> identity) are other cards and
        the draw pile is ``pile`` (identities, top at the end): the same game for a seat that
        has seen none of them, without replaying the log (for search). Each new identity must
        fit what the clues told of its card, and together they must be the cards they replace.
        Not with bonus tiles, which can shuffle a card back into the draw pile."""
        if self.variant.bonus_tiles:
            raise InvalidDeckError("a game with bonus tiles cannot be dealt again")
        held = {order for hand in self.hands for order in hand}
        for order, ident in hidden.items():
            if order not in held:
                raise InvalidDeckError(f"card {order} is not in a hand")
            if not self.possible[order] >> ident & 1:
                raise InvalidDeckError(f"card {order} cannot be what its clues said it is not")
        before = Counter(self._ident[order] for order in hidden)
        before.update(self.draw_pile)
        after = Counter(hidden.values())
        after.update(pile)
        if before != after:
            raise InvalidDeckError("the new cards are not the cards they replace")
        other = self.copy()
        for order, ident in hidden.items():
            other._ident[order] = ident
            other._bits[order] = 1 << ident
        other.draw_pile = list(pile)
        card = self._tables.card
        drawn = [card[ident] for ident in other._ident[: self._next_order]]
        other.deck = (*drawn, *(card[ident] for ident in reversed(other.draw_pile)))
        return other

    def undo(self) -> Action:
        """Take back the last action and return it (replays the game up to before it)."""
        if not self.history:
            raise IllegalActionError("there is no action to take back", "nothing_to_undo")
        last = self.history[-1]
        replayed = Game.__new__(Game)
        replayed._setup(self.variant, self.deck, self.bonus_tiles, self.seed)
        replayed._chance = self._chance
        for action in self.history[:-1]:
            replayed.apply(action)
        for name in Game.__slots__:
            setattr(self, name, getattr(replayed, name))
        return last


def _prepared(variant: Variant) -> tuple[Tables, ActionTable, tuple[int, ...]]:
    """The variant's tables, actions and ordered deck as identities. They are cached by
    variant, but a variant's hash is computed anew each time (its suits included), a good part
    of a deal's cost: the last variant's are kept here by identity, as a table deals game after
    game of one variant."""
    last = _last_prepared[0]  # one read: another thread may replace it, never change it
    if last is not None and last[0] is variant:
        return last[1], last[2], last[3]
    tables = tables_for(variant)
    # one more order for the card bonus tile 5 may shuffle back
    actions = action_table(variant, variant.deck_size + (1 if variant.bonus_tiles else 0))
    ordered = tuple(card.suit * RANK_COUNT + card.rank - 1 for card in ordered_deck(variant))
    _last_prepared[0] = (variant, tables, actions, ordered)
    return tables, actions, ordered


_last_prepared: list[tuple[Variant, Tables, ActionTable, tuple[int, ...]] | None] = [None]


# copy(): values that are immutable or never change after setup are shared, lists are copied
_LISTS = (
    "_bits",
    "_discarded",
    "_ident",
    "_needed",
    "discard_pile",
    "draw_pile",
    "events",
    "fireworks",
    "history",
    "marks",
    "possible",
    "tiles",
    "touched",
)
_SHARED = tuple(
    name for name in Game.__slots__ if name not in _LISTS and name not in ("hands", "_chance")
)


def _check_variant(variant: object) -> None:
    if not isinstance(variant, Variant):
        raise InvalidVariantError(
            f"a game's variant is a Variant (see find_variant), not {variant!r}", "not_a_variant"
        )


def checked_action(action: object) -> Action:
    """``action`` with plain ints for fields, or :class:`InvalidActionError` unless it is an
    :class:`Action` whose fields are whole numbers (a play's ``declare`` too, and only a
    play's), its type one of :class:`ActionType`'s."""
    if not isinstance(action, Action):
        raise InvalidActionError(f"an action is an Action, not {action!r}")
    kind = whole_number(action.type)
    if kind not in _ACTION_TYPES:
        raise InvalidActionError(f"an action's type is an ActionType, not {action.type!r}")
    fields = []
    for name, given in (("target", action.target), ("value", action.value)):
        number = whole_number(given)
        if number is None:
            raise InvalidActionError(f"an action's {name} is a whole number, not {given!r}")
        fields.append(number)
    declare = action.declare
    if declare is not None:
        if kind != PLAY:
            named = ActionType(kind).name.lower().replace("_", " ")
            raise InvalidActionError(f"only a play declares a suit, not a {named}")
        declare = whole_number(action.declare)
        if declare is None:
            raise InvalidActionError(f"a declared suit is a whole number, not {action.declare!r}")
    return Action(ActionType(kind), fields[0], fields[1], declare)


_ACTION_TYPES = frozenset(ActionType)


def _clue_word(kind: ActionType) -> str:
    return "colour" if kind == COLOUR_CLUE else "rank"


def _describe(action: Action) -> str:
    return f"'{action}'"
