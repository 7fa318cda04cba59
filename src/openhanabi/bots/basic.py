"""``basic``: a rule-based baseline that acts only on what its view proves.

It plays a card only when every identity the card could still have fits a firework, so it never
misplays. On its turn it takes the first rule that applies:

1. play a card known to be playable (declaring its suit where declared play is on and it knows
   the suit, which earns a clue token);
2. save the next player's chop (their oldest untouched card) with a clue if that card is critical
   (the last copy left, such as a 5) and the player has nothing better to do than discard it;
3. give the clue that lets another player know a card is playable (or that it will be once the
   cards already known to be playable are played);
4. discard a card known to be useless (every identity it could have is played or out of reach);
5. give a clue that touches a playable card, avoiding clues that touch useless cards, duplicates
   or cards that only clog a hand;
6. discard its chop, its oldest untouched card not known to be critical;
7. give the most useful clue it can (every card in its hand is touched, or every clue token is
   available);
8. discard the card whose loss would cost the fewest points.

It never discards with every clue token available and never clues with none, and it answers
bonus tile decisions (free clues, a card to take back from the discard pile) by the same values.
It has no randomness: the same game always gets the same answers.

>>> from openhanabi.bots import make_bot, play_game
>>> from openhanabi.rules import Game, find_variant
>>> variant = find_variant("base", players=2)
>>> game = play_game(Game.new(variant, seed=1), [make_bot("basic", s, variant) for s in (0, 1)])
>>> game.outcome is not None and game.storms
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from openhanabi.bots.explanation import Reason, clue, english, position, reason
from openhanabi.bots.protocol import Bot
from openhanabi.bots.registry import register
from openhanabi.rules import Action, ActionType, Decision, SeatView, Variant
from openhanabi.rules.tables import Tables, identity, tables_for

PLAYABLE_CLUE = 10.0  # a clue worth this much makes a playable card known
SOON_CLUE = 6.0  # this much makes known a card that fits once known playable cards are played
TOUCHES_PLAYABLE = 3.0  # and this much touches a playable card the holder cannot yet play


def _within(mask: int, allowed: int) -> bool:
    """Whether the non-empty set ``mask`` lies wholly inside ``allowed``."""
    return mask != 0 and mask & ~allowed == 0


def _last_in_suit(tables: Tables) -> int:
    """The identities that complete a firework (a normal suit's 5, black powder's 1)."""
    return sum(1 << row[-2] for row in tables.needed)


def _fireworks(
    fireworks: Sequence[int], tables: Tables, gone: Sequence[int]
) -> tuple[int, int, list[int]]:
    """The playable and useless identities as masks, and the copies of each identity everyone
    sees (gone to the discard pile or on a firework)."""
    playable = useless = 0
    shown = list(gone)
    for suit, played in enumerate(fireworks):
        row = tables.needed[suit]  # the suit's identities in play order, then -1
        for ident in row[:played]:
            useless |= 1 << ident
            shown[ident] += 1
        if row[played] >= 0:
            playable |= 1 << row[played]
        k = played
        while row[k] >= 0 and gone[row[k]] < tables.copies[row[k]]:
            k += 1
        for ident in row[k:-1]:  # past a card whose every copy is gone
            useless |= 1 << ident
    return playable, useless, shown


class _Facts:
    """What one view proves about the cards, as identity bitmasks (bit ``suit * 5 + rank - 1``).

    ``useless`` cards can never be played (already played, or a card below them is gone for
    good); ``critical`` ones are useful and the last copy left.
    """

    def __init__(self, view: SeatView, tables: Tables, last: int) -> None:
        self.view = view
        self.tables = tables
        self.last = last  # the identities that complete a firework
        self.ident = {order: identity(card) for order, card in view.cards.items()}
        gone = [0] * tables.identities  # discarded or misplayed copies
        for order in view.discard_pile:
            gone[self.ident[order]] += 1
        self.playable, self.useless, self._shown = _fireworks(view.fireworks, tables, gone)
        self.critical = 0
        for ident, copies in enumerate(tables.copies):
            if copies - gone[ident] == 1 and not self.useless >> ident & 1:
                self.critical |= 1 << ident
        self.touched = {order: knowledge.touched for order, knowledge in view.knowledge.items()}
        self.held = [0] * len(view.hands)  # every identity in each other hand, as one mask
        for seat, hand in enumerate(view.hands):
            if seat != view.seat:
                for order in hand:
                    self.held[seat] |= 1 << self.ident[order]
        self._hidden: dict[int, int] = {}
        self.keepers = self._keepers()  # identity -> the touched cards that hold it
        self.soon = self._soon()

    def hidden(self, holder: int) -> int:
        """The identities whose every copy both this seat and ``holder`` can see elsewhere:
        ``holder`` knows that none of their cards is one of these."""
        if holder not in self._hidden:
            counts = list(self._shown)
            for seat, hand in enumerate(self.view.hands):
                if seat not in (holder, self.view.seat):
                    for order in hand:
                        counts[self.ident[order]] += 1
            copies = self.tables.copies
            self._hidden[holder] = sum(
                1 << ident for ident, count in enumerate(counts) if count >= copies[ident]
            )
        return self._hidden[holder]

    def known(self, order: int, holder: int) -> int:
        """What ``holder`` surely knows card ``order`` may be (they may know more)."""
        knowledge = self.view.knowledge[order]
        if holder == self.view.seat:
            return knowledge.possible_mask
        return knowledge.from_clues_mask & ~self.hidden(holder)

    def _keepers(self) -> dict[int, list[int]]:
        # touched cards are kept until played (own cards count where their identity is known)
        keepers: dict[int, list[int]] = {}
        for seat, hand in enumerate(self.view.hands):
            for order in hand:
                if not self.touched[order]:
                    continue
                if seat != self.view.seat:
                    ident = self.ident[order]
                else:
                    possible = self.known(order, seat)
                    if possible.bit_count() != 1:
                        continue
                    ident = possible.bit_length() - 1
                keepers.setdefault(ident, []).append(order)
        return keepers

    def _soon(self) -> int:
        """The identities that will fit once the cards known to be playable are played."""
        coming = 0
        for seat, hand in enumerate(self.view.hands):
            for order in hand:
                known = self.known(order, seat)
                if known.bit_count() == 1 and known & self.playable:
                    coming |= known
                elif seat != self.view.seat and _within(known, self.playable):
                    coming |= 1 << self.ident[order]
        soon = 0
        for suit, played in enumerate(self.view.fireworks):
            row = self.tables.needed[suit]
            if row[played] >= 0 and coming >> row[played] & 1 and row[played + 1] >= 0:
                soon |= 1 << row[played + 1]
        return soon

    def kept_elsewhere(self, ident: int, order: int) -> bool:
        """Whether a touched card other than ``order`` is known to be ``ident``."""
        return any(other != order for other in self.keepers.get(ident, ()))

    def chop(self, seat: int) -> int | None:
        """The oldest untouched card of ``seat``: the one it discards next."""
        for order in self.view.hands[seat]:
            if not self.touched[order]:
                return order
        return None

    def can_play(self, order: int, holder: int) -> bool:
        return _within(self.known(order, holder), self.playable)

    def can_drop(self, order: int, holder: int) -> bool:
        return _within(self.known(order, holder), self.useless)


Clue = tuple[Action, int, int]  # a clue, the seat it goes to, the identities it touches


def clue_options(variant: Variant, seat: int) -> list[Clue]:
    """Every clue ``seat`` may give, nearest seat first (the sooner they act, the better)."""
    tables = tables_for(variant)
    options = []
    for step in range(1, variant.players):
        holder = (seat + step) % variant.players
        for colour, touch in enumerate(tables.colour_touch):
            options.append((Action.colour_clue(holder, colour), holder, touch))
        for rank in range(1, 6):
            options.append((Action.rank_clue(holder, rank), holder, tables.rank_touch[rank]))
    return options


class _Card(NamedTuple):
    """A card in another hand, with what its holder surely knows and its worth if touched."""

    order: int
    bit: int  # its identity, as a mask
    known: int  # what its holder surely knows it may be
    touched: bool
    fresh: bool  # no other touched card is known to be the same
    touch_value: float  # what touching it for the first time is worth


class _Clues:
    """Values of clues to other players: how much each teaches, from this seat's facts."""

    def __init__(self, facts: _Facts, options: Sequence[Clue]) -> None:
        self.facts = facts
        self.options = options
        self._hands: dict[int, list[_Card]] = {}

    def touch(self, action: Action) -> int:
        tables = self.facts.tables
        if action.type is ActionType.COLOUR_CLUE:
            return tables.colour_touch[action.value]
        return tables.rank_touch[action.value]

    def _hand(self, holder: int) -> list[_Card]:
        if holder not in self._hands:
            facts = self.facts
            chop = facts.chop(holder)
            cards = []
            for order in facts.view.hands[holder]:
                ident = facts.ident[order]
                fresh = not facts.kept_elsewhere(ident, order)
                worth = _touch_value(facts, 1 << ident, fresh, order == chop)
                known = facts.known(order, holder)
                cards.append(_Card(order, 1 << ident, known, facts.touched[order], fresh, worth))
            self._hands[holder] = cards
        return self._hands[holder]

    def value(self, holder: int, touch: int) -> float | None:
        """How much a clue to ``holder`` touching the identities ``touch`` helps (None for a
        clue that touches nothing)."""
        facts = self.facts
        if not facts.held[holder] & touch:
            return None
        playable, useless, soon = facts.playable, facts.useless, facts.soon
        value = 0.0
        newly_known = 0  # identities this clue already makes known playable
        for card in self._hand(holder):
            hit = card.bit & touch
            before = card.known
            after = before & touch if hit else before & ~touch
            value += 0.05 * (before.bit_count() - after.bit_count())
            if _within(after, playable) and not _within(before, playable):
                fresh = card.bit & playable and card.fresh and not card.bit & newly_known
                value += PLAYABLE_CLUE if fresh else 0.5
                newly_known |= card.bit
            elif _within(after, soon | playable) and not _within(before, soon | playable):
                fresh = card.bit & soon and card.fresh and not card.bit & newly_known
                value += SOON_CLUE if fresh else 0.5
                newly_known |= card.bit
            elif _within(after, useless) and not _within(before, useless):
                value += 2.0
            if hit and not card.touched:
                value += card.touch_value
        return value

    def best(self, options: Iterable[Clue] | None = None) -> tuple[Action, float] | None:
        """The most valuable clue of ``options`` (default: every clue) that touches a card,
        the first of equals."""
        found: tuple[Action, float] | None = None
        for action, holder, touch in self.options if options is None else options:
            value = self.value(holder, touch)
            if value is not None and (found is None or value > found[1] + 1e-9):
                found = (action, value)
        return found


def _touch_value(facts: _Facts, bit: int, fresh: bool, on_chop: bool) -> float:
    """What touching a card for the first time is worth."""
    if bit & facts.useless:
        return -3.0
    if not fresh:
        return -2.0  # a duplicate of a card someone keeps
    if bit & facts.playable:
        return TOUCHES_PLAYABLE
    if bit & facts.soon:
        return 1.0
    if bit & facts.critical:
        return 3.0 if on_chop else 1.5
    return -1.0  # a card that will sit in the hand for a while


@register
class BasicBot(Bot):
    name = "basic"
    summary = "plays only what it knows is playable, clues playable cards, saves critical cards"

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        super().__init__(seat, variant, seed)
        self._tables = tables_for(variant)
        self._last = _last_in_suit(self._tables)
        self._options = clue_options(variant, seat)
        self._why: Reason | None = None

    def act(self, view: SeatView) -> Action:
        clues = _Clues(_Facts(view, self._tables, self._last), self._options)
        if view.pending is not None:
            action, why = _decide(clues, view.pending)
        else:
            action, why = _turn(clues)
        legal = view.legal_actions
        if action not in legal:  # a safety net: the rules above should never get here
            action, why = legal[0], reason("basic.first_legal")
        self._why = why
        return action

    def explain(self) -> str:
        return "" if self._why is None else english(self._why, self.variant)

    def reason(self) -> Reason | None:
        return self._why


def _said(key: str, view: SeatView, order: int) -> Reason:
    """The reason ``key`` about the bot's own card ``order``, named by its slot."""
    return reason(key, position=position(view.own_hand, order))


def _card_said(key: str, facts: _Facts, order: int) -> Reason:
    """The reason ``key`` about card ``order``, which the bot sees, named by what it is."""
    card = facts.tables.card[facts.ident[order]]
    return reason(key, suit=card.suit, rank=card.rank)


def _turn(clues: _Clues) -> tuple[Action, Reason]:
    facts = clues.facts
    view = facts.view
    tokens, most = view.clue_tokens, view.variant.clue_tokens
    play = _play(facts)
    if play is not None:
        return play
    if tokens > 0:
        save = _save(facts, clues)
        if save is not None:
            return save
        best = clues.best()
        if best is not None and best[1] >= PLAYABLE_CLUE:
            return best[0], _clue_words(best[0], reason("basic.why.playable"))
    else:
        best = None
    if tokens < most:
        drop = next((o for o in view.own_hand if facts.can_drop(o, view.seat)), None)
        if drop is not None:
            return Action.discard(drop), _said("basic.discard.useless", view, drop)
    if best is not None and best[1] >= TOUCHES_PLAYABLE:
        return best[0], _clue_words(best[0], reason("basic.why.touches_playable"))
    chop = _chop_or_none(facts)
    if tokens < most and chop is not None:
        return Action.discard(chop), _said("basic.discard.chop", view, chop)
    if best is not None:
        why = reason("basic.why.keep_cards" if tokens < most else "basic.why.all_tokens")
        return best[0], _clue_words(best[0], why)
    if tokens < most and view.own_hand:
        order = _cheapest(facts)
        return Action.discard(order), _said("basic.discard.cheapest", view, order)
    return _forced_play(facts)


def _forced_play(facts: _Facts) -> tuple[Action, Reason]:
    """No clue or discard is allowed: play the card most likely to fit."""
    view = facts.view
    if not view.own_hand:
        return view.legal_actions[0], reason("basic.only_kind")

    def chance(order: int) -> float:
        possible = facts.known(order, view.seat)
        return (possible & facts.playable).bit_count() / max(1, possible.bit_count())

    order = max(view.own_hand, key=chance)
    return Action.play(order), _said("basic.play.forced", view, order)


def _play(facts: _Facts) -> tuple[Action, Reason] | None:
    view = facts.view
    seat = view.seat
    ready = [order for order in view.own_hand if facts.can_play(order, seat)]
    if not ready:
        return None
    order = min(ready, key=lambda o: not _within(facts.known(o, seat), facts.last))
    possible = facts.known(order, seat)
    suit_of = facts.tables.suit_of
    suits = {suit_of[i] for i in range(possible.bit_length()) if possible >> i & 1}
    if view.variant.declared_play and len(suits) == 1:
        suit = suits.pop()
        slot = position(view.own_hand, order)
        return Action.play(order, suit), reason("basic.play.declared", position=slot, suit=suit)
    return Action.play(order), _said("basic.play.sure", view, order)


def _save(facts: _Facts, clues: _Clues) -> tuple[Action, Reason] | None:
    view = facts.view
    after = (view.seat + 1) % view.variant.players
    chop = facts.chop(after)
    if chop is None or not 1 << facts.ident[chop] & facts.critical:
        return None
    hand = view.hands[after]
    if any(facts.can_play(o, after) or facts.can_drop(o, after) for o in hand):
        return None  # they have something better to do than discard it
    bit = 1 << facts.ident[chop]
    best = clues.best(clue for clue in clues.options if clue[1] == after and clue[2] & bit)
    if best is None:
        return None
    return best[0], _clue_words(best[0], _card_said("basic.why.save", facts, chop))


def _chop_or_none(facts: _Facts) -> int | None:
    """The own card to discard: the oldest untouched card not known to be critical."""
    seat = facts.view.seat
    for order in facts.view.own_hand:
        if not facts.touched[order] and not _within(facts.known(order, seat), facts.critical):
            return order
    return None


def _cheapest(facts: _Facts) -> int:
    """The own card whose loss would cost the fewest points on average: a critical card costs
    itself and every card above it in its firework (a 5 costs 1 point, a 3 three)."""
    view = facts.view
    tables = facts.tables

    def cost(order: int) -> float:
        possible = facts.known(order, view.seat)
        lost = 0
        for ident in range(possible.bit_length()):
            if possible >> ident & 1 and facts.critical >> ident & 1:
                row = tables.needed[tables.suit_of[ident]]
                lost += len(row) - 1 - row.index(ident)
        return lost / max(1, possible.bit_count())

    return min(view.own_hand, key=cost)


def _decide(clues: _Clues, decision: Decision) -> tuple[Action, Reason]:
    facts = clues.facts
    view = facts.view
    legal = view.legal_actions
    if decision in (Decision.FREE_COLOUR_CLUE, Decision.FREE_RANK_CLUE):
        best = clues.best((action, action.target, clues.touch(action)) for action in legal)
        action = best[0] if best is not None else legal[0]
        return action, _clue_words(action, reason("basic.why.free_clue"))
    if decision is Decision.PLAY_FROM_DISCARD:
        action = legal[0]
        return action, _card_said("basic.bonus.play_discarded", facts, action.target)
    action = max(legal, key=lambda a: _rescue_value(facts, a.target))
    return action, _card_said("basic.bonus.shuffle_back", facts, action.target)


def _rescue_value(facts: _Facts, order: int) -> float:
    """How much taking discarded card ``order`` back helps: most for the last copy of a card
    still needed, the sooner needed the better."""
    ident = facts.ident[order]
    suit = facts.tables.suit_of[ident]
    row = facts.tables.needed[suit]
    played = facts.view.fireworks[suit]
    if ident not in row[played:]:
        return -1.0  # already played
    distance = row.index(ident) - played
    gone = sum(1 for o in facts.view.discard_pile if facts.ident[o] == ident)
    lost = gone >= facts.tables.copies[ident]
    return (10.0 if lost else 0.0) + 5.0 - distance


def _clue_words(action: Action, why: Reason) -> Reason:
    """Why the clue ``action`` was given: to ``why``."""
    return reason("basic.clue", name=action.target, clue=clue(action), why=why)
