"""``careful``: an example bot for openhanabi, in one file, registered through an entry point.

It never plays a card it is not sure of. On its turn it takes the first of these that applies:

1. answer a bonus tile's question with its first legal answer;
2. play a card whose every possible identity fits its firework (declaring the suit when the
   variant allows it and every identity left shares one suit: a right declaration earns a clue
   token);
3. with a clue token, tell another player something new about a card that fits now and that
   they do not know fits: first a clue after which they know it (then, like this bot, they play
   it), then the player who acts soonest, then the clue that touches fewest cards;
4. discard its oldest card no clue has touched (or its oldest card, when every one is touched);
5. otherwise (every clue token is available, so no discard is allowed) give any clue.

It reads only its seat's view: ``view.knowledge`` for what it knows of its own cards,
``view.cards`` for the cards it can see, ``view.legal_actions`` for what it may do. See
docs/bots.md in openhanabi for the protocol.
"""

from __future__ import annotations

from openhanabi.bots import Bot
from openhanabi.records import DEFAULT_NAMES
from openhanabi.rules import Action, ActionType, Card, SeatView, Variant
from openhanabi.rules.tables import cards_in, identity, tables_for


class CarefulBot(Bot):
    name = "careful"
    summary = "plays only cards it is sure of, clues cards that fit, discards untouched cards"

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        super().__init__(seat, variant, seed)  # no randomness: the seed changes nothing
        self._tables = tables_for(variant)  # which identities each clue touches, as bitmasks
        self._why = ""

    def explain(self) -> str:
        return self._why

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if view.pending is not None:
            self._why = "I answered the bonus tile with its first choice."
            return legal[0]
        for step in (self._sure_play, self._clue_a_playable_card, self._discard):
            action = step(view)
            if action is not None and action in legal:
                return action
        clues = [action for action in legal if action.is_clue]
        action = clues[0] if clues else legal[0]
        self._why = "I had nothing useful to do, so I made the first move the rules allow."
        return action

    def _sure_play(self, view: SeatView) -> Action | None:
        for slot, order in enumerate(reversed(view.own_hand), start=1):  # slot 1: the newest
            possible = view.knowledge[order].possible
            if not possible or not all(view.is_playable(card) for card in possible):
                continue
            suits = {card.suit for card in possible}
            if view.variant.declared_play and len(suits) == 1:
                suit = suits.pop()
                self._why = (
                    f"I played slot {slot}, sure it fits, and declared it {self._suit(suit)}."
                )
                return Action.play(order, declare=suit)
            self._why = f"I played slot {slot}: whatever it is, it fits."
            return Action.play(order)
        return None

    def _clue_a_playable_card(self, view: SeatView) -> Action | None:
        if view.clue_tokens == 0:
            return None
        players = view.variant.players
        best: tuple[tuple[int, int, int], Action, Card] | None = None
        for ahead in range(1, players):  # the player who acts soonest first
            seat = (view.seat + ahead) % players
            hand = view.hands[seat]
            for order in hand:
                card = view.cards[order]
                knows = view.knowledge[order].from_clues_mask  # what its holder knows of it
                if not view.is_playable(card) or self._all_fit(view, knows):
                    continue  # it does not fit, or its holder already knows it does
                for clue in view.legal_actions:
                    if not clue.is_clue or clue.target != seat:
                        continue
                    mask = self._mask(clue)
                    if not mask >> identity(card) & 1 or knows & mask == knows:
                        continue  # it misses the card, or tells its holder nothing new
                    others = sum(bool(mask >> identity(view.cards[o]) & 1) for o in hand)
                    # a clue that makes the card known to fit, then the soonest player, then
                    # the clue that touches fewest cards
                    rank = (0 if self._all_fit(view, knows & mask) else 1, ahead, others)
                    if best is None or rank < best[0]:
                        best = (rank, clue, card)
        if best is None:
            return None
        _, clue, card = best
        self._why = (
            f"I told {DEFAULT_NAMES[clue.target]} about their {self._named(clue)}: "
            f"their {self._card(card)} fits now."
        )
        return clue

    def _discard(self, view: SeatView) -> Action | None:
        hand = view.own_hand  # oldest first
        untouched = [order for order in hand if not view.knowledge[order].touched]
        order = (untouched or list(hand))[0]
        slot = len(hand) - hand.index(order)
        which = "no clue has touched" if untouched else "(clues have touched every one)"
        self._why = f"I discarded slot {slot}, my oldest card {which}."
        return Action.discard(order)

    # ------------------------------------------------------------------ words and clue masks

    def _mask(self, clue: Action) -> int:
        """The identities ``clue`` touches, as a bitmask (bit ``identity(card)``)."""
        tables = self._tables
        if clue.type is ActionType.COLOUR_CLUE:
            return tables.colour_touch[clue.value]
        return tables.rank_touch[clue.value]

    @staticmethod
    def _all_fit(view: SeatView, mask: int) -> bool:
        return all(view.is_playable(card) for card in cards_in(mask))

    def _suit(self, suit: int) -> str:
        return self.variant.suits[suit].name.lower()

    def _named(self, clue: Action) -> str:
        if clue.type is ActionType.COLOUR_CLUE:
            return f"{self.variant.colours[clue.value].name.lower()} cards"
        return f"{clue.value}s"

    def _card(self, card: Card) -> str:
        return f"{self._suit(card.suit)} {card.rank}"
