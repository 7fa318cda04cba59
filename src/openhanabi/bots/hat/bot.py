"""The ``hat`` bot: see the package's docstring for the convention."""

from __future__ import annotations

import functools

from openhanabi.bots.basic import BasicBot
from openhanabi.bots.explanation import Reason, english, percent, position, reason
from openhanabi.bots.hat.layout import Layout, bits, layout_for
from openhanabi.bots.hat.public import Public, useless_positions
from openhanabi.bots.protocol import Bot
from openhanabi.rules import Action, ActionType, Decision, Event, Result, SeatView, Variant

PLAY = ActionType.PLAY
DISCARD = ActionType.DISCARD
COLOUR_CLUE = ActionType.COLOUR_CLUE
RANK_CLUE = ActionType.RANK_CLUE
CHOOSE = ActionType.CHOOSE

# Classes of clue without empty clues (see HatBot._clue_number)
RANK_TOUCHING = 0
COLOUR_TOUCHING = 1
MISSING = 2  # any clue missing the card
RANK_MISSING = 3
COLOUR_MISSING = 4

# With more clue tokens than this a seat clues rather than discards even when nobody can play:
# the clue still tells everyone something, and tokens are plenty.
SPARE_TOKENS = 4
# Among playable cards a play is worth 9 minus its place in the suit (lower first), shared among
# the seats holding the same card, plus this much if a teammate holds the card that follows it:
# playing it gives that teammate a play too.
UNLOCKS = 5.0
# A play that is surely playable or useless is worth the risk from this chance of fitting.
RISKY_PLAY = 0.75


def _ranks(mask: int) -> int:
    """The ranks (bit ``rank - 1``) of the identities in ``mask``."""
    ranks = 0
    while mask:
        ranks |= mask & 31
        mask >>= 5
    return ranks


@functools.lru_cache(maxsize=1 << 14)
def _classes(lay: Layout, masks: tuple[int, ...], dead: int) -> tuple[int, tuple[int, ...]]:
    """See :meth:`HatBot._classes`: a function of public knowledge only (every seat asks it
    about the same hands, hence the cache)."""
    if not masks:
        return -1, ()
    # the card read: the first card some colour surely touches, and of those the least known
    best = -1
    slot = 0
    for i, m in enumerate(masks):
        if not m & ~dead or not m & (m - 1):
            score = 0
        else:
            suits = _suits(m)
            ranks = _ranks(m)
            score = 1 + (suits & (suits - 1) != 0) + (ranks & (ranks - 1) != 0)
        if not m & ~lay.colour_reach:
            score += 10
        if score > best:
            best = score
            slot = i
    m = masks[slot]
    others = [other for j, other in enumerate(masks) if j != slot]
    held = len(masks)

    def surely(apart: tuple[int, ...], together: tuple[int, ...]) -> bool:
        # whatever the read card x is, another card is one such a clue touches without x: there
        # are too few copies of the rest, or a card is known to be one of those
        return all(
            held > together[x] or any(not other & ~apart[x] for other in others) for x in bits(m)
        )

    classes = [RANK_TOUCHING]  # a clue naming the card's own rank always touches it
    if not m & ~lay.colour_reach:
        classes.append(COLOUR_TOUCHING)
    if surely(lay.rank_apart, lay.rank_together) and surely(lay.colour_apart, lay.colour_together):
        classes += [RANK_MISSING, COLOUR_MISSING]
    elif surely(lay.clue_apart, lay.clue_together):
        classes.append(MISSING)
    return slot, tuple(classes)


def _suits(mask: int) -> int:
    """The suits (bit ``suit``) of the identities in ``mask``."""
    suits = 0
    suit = 0
    while mask:
        if mask & 31:
            suits |= 1 << suit
        mask >>= 5
        suit += 1
    return suits


# what reading a log that breaks the convention's assumptions can raise
_OFF_CONVENTION = (ValueError, IndexError, KeyError, AssertionError, ZeroDivisionError)


class HatBot(Bot):
    name = "hat"
    summary = "hat guessing: every clue tells each teammate something about their own hand"

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        super().__init__(seat, variant, seed)
        lay = layout_for(variant)
        self.lay: Layout = lay
        self.pub = Public(lay, variant.hand_size, variant.deck_size, variant.clue_tokens)
        # with empty clues every (seat, colour or rank) pair is a clue number of its own
        self.empty_clues = variant.empty_clues
        self._next = 0  # events already replayed
        self._last_seat = -1  # seat of the last replayed event
        self._ident: dict[int, int] = {}  # identity of every card this seat has seen
        self._why: Reason | None = None
        self._fallback: Bot | None = None  # plays for it once the table leaves the convention

    # ------------------------------------------------------------------ protocol

    def act(self, view: SeatView) -> Action:
        if self._fallback is None:
            try:
                self._catch_up(view)
                action = (
                    self._decide_pending(view) if view.pending is not None else self._decide(view)
                )
            except _OFF_CONVENTION:
                # A teammate's move made no sense under hat guessing (it plays another way),
                # so the public knowledge built on the convention cannot be trusted any more.
                self._fallback = BasicBot(self.seat, self.variant, self.seed)
            else:
                if action in view.legal_actions:
                    return action
                self._fallback = BasicBot(self.seat, self.variant, self.seed)
        action = self._fallback.act(view)
        simple = self._fallback.reason()
        assert simple is not None  # the basic bot always says why
        self._why = reason("hat.fallback", reason=simple)
        return action

    def explain(self) -> str:
        return "" if self._why is None else english(self._why, self.variant)

    def reason(self) -> Reason | None:
        return self._why

    # ------------------------------------------------------------------ replaying the log

    def _catch_up(self, view: SeatView) -> None:
        ident = self._ident
        for order, card in view.cards.items():
            if order not in ident:
                ident[order] = card.suit * 5 + card.rank - 1
        events = view.events
        start = self._next
        # cards that left a hand face up since the last turn: their holders' answers to any clue
        # in between depend on them
        for event in events[start:]:
            if event.card is not None and event.action.type != CHOOSE:
                ident.setdefault(event.action.target, event.card.suit * 5 + event.card.rank - 1)
        for index in range(start, len(events)):
            self._replay(events[index])
        self._next = len(events)

    def _replay(self, event: Event) -> None:
        pub = self.pub
        lay = self.lay
        seat = event.seat
        action = event.action
        kind = action.type
        free = seat == self._last_seat  # a bonus tile's decision, within the same turn
        self._last_seat = seat
        if kind in (COLOUR_CLUE, RANK_CLUE):
            if not free:
                pub.tokens -= 1
                number, total = self._clue_number(seat, action, event.touched)
                if total > 1:
                    self._hat_update(seat, number, total)
            touch = (
                lay.colour_touch[action.value]
                if kind == COLOUR_CLUE
                else lay.rank_touch[action.value]
            )
            pub.clue(action.target, touch, event.touched)
        elif kind in (PLAY, DISCARD):
            card = event.card
            assert card is not None
            ident = card.suit * 5 + card.rank - 1
            if kind == DISCARD:
                at_risk = -1
                if pub.protect_chop and pub.tokens > 0:
                    at_risk = pub.chop_at_risk((seat + 1) % lay.players)
                useless = pub.useless_slots(seat)
                if len(useless) > 1:
                    # a seat that knows several useless cards picks one by the hat sum
                    slot = pub.hands[seat].index(action.target)
                    self._hat_update(seat, useless.index(slot), len(useless))
                if pub.tokens > 0:
                    # it discarded with a clue token left: nobody else needed a clue
                    for other in range(lay.players):
                        if other != seat and not pub.knows_playable(other):
                            pub.no_playable(other)
                    if at_risk >= 0:
                        # and the next seat's chop was safe, or it would have been saved
                        safe = pub.mask[at_risk] & ~pub.critical
                        if safe:
                            pub.mask[at_risk] = safe
                pub.tokens += 1
            pub.reveal(seat, action.target, ident)
            if event.result is Result.PLAYED:
                if action.declare is not None:
                    pub.gain_token()
                self._firework(ident, event.tiles)
            else:
                pub.discarded[ident] += 1
                pub.discards += 1
                if kind == PLAY:
                    pub.storms += 1
            pub.refresh_suit(lay.suit_of[ident])
        elif kind == CHOOSE:
            card = event.card
            assert card is not None
            ident = card.suit * 5 + card.rank - 1
            pub.discarded[ident] -= 1
            pub.discards -= 1
            if event.result is Result.RESHUFFLED:
                pub.unseen(ident)
                pub.deck_left += 1
            else:
                self._firework(ident, event.tiles)
            pub.refresh_suit(lay.suit_of[ident])
        if event.drew >= 0:
            pub.draw(seat, event.drew)
        pub.eliminate()

    def _firework(self, ident: int, tiles: tuple[int, ...]) -> None:
        pub = self.pub
        suit = self.lay.suit_of[ident]
        pub.played[suit] += 1
        if self.lay.needed[suit][pub.played[suit]] >= 0:
            return
        if all(row[k] < 0 for row, k in zip(self.lay.needed, pub.played, strict=True)):
            return  # perfect: the game is over, no bonus
        if not tiles:
            pub.gain_token()
            return
        for tile in tiles:
            if tile in (1, 2):
                pub.gain_token()
            if tile == 2 and pub.storms > 0:
                pub.storms -= 1

    # ------------------------------------------------------------------ hat numbers

    def _targets(self, giver: int) -> list[int]:
        n = self.lay.players
        return [(giver + k) % n for k in range(1, n)]

    def _classes(self, target: int) -> tuple[int, tuple[int, ...]]:
        """Without empty clues: the card a clue's class reads, and the classes of clue that can
        surely be given to ``target`` whatever its cards are (see :meth:`_clue_number`)."""
        pub = self.pub
        masks = tuple([pub.mask[o] for o in pub.hands[target]])
        return _classes(self.lay, masks, pub.dead)

    def _clue_number(self, giver: int, action: Action, touched: tuple[int, ...]) -> tuple[int, int]:
        """The hat number a clue carries, and how many numbers a clue could carry.

        With empty clues every (target, colour or rank) pair is its own number. Without, a clue
        to a target says one of up to four classes, counting only the classes that can surely be
        given whatever the target holds: a rank clue touching the target's least known card, a
        colour clue touching it, and a clue missing it (split into rank and colour clues when
        both can surely be given).
        """
        lay = self.lay
        n = lay.players
        offset = (action.target - giver - 1) % n
        if self.empty_clues:
            c = action.value if action.type == COLOUR_CLUE else lay.colours + action.value - 1
            return offset * lay.clue_kinds + c, lay.clue_kinds * (n - 1)
        plan = [self._classes(target) for target in self._targets(giver)]
        slot, classes = plan[offset]
        hand = self.pub.hands[action.target]
        if hand[slot] in touched:
            cls = RANK_TOUCHING if action.type == RANK_CLUE else COLOUR_TOUCHING
        elif MISSING in classes:
            cls = MISSING
        else:
            cls = RANK_MISSING if action.type == RANK_CLUE else COLOUR_MISSING
        total = sum(len(c) for _, c in plan)
        if cls not in classes:
            return 0, 0  # never given by the convention; read nothing
        return sum(len(c) for _, c in plan[:offset]) + classes.index(cls), total

    def _hat_sum(self, giver: int, total: int, commit: bool) -> int:
        """The sum of every other seat's answers modulo ``total``, as ``giver`` (this seat)
        computes it. With ``commit``, the answers also become public knowledge."""
        pub = self.pub
        ident = self._ident
        total_sum = 0
        mask = pub.mask
        for target in self._targets(giver):
            hand = pub.hands[target]
            masks = [mask[o] for o in hand]
            cards = [ident[o] for o in hand]
            total_sum += pub.interrogate(masks, total, cards, 0)
            if commit:
                for o, m in zip(hand, masks, strict=True):
                    mask[o] = m
        return total_sum % total

    def _hat_update(self, giver: int, number: int, total: int) -> None:
        """Everyone learns their answers from the number ``giver`` chose."""
        pub = self.pub
        me = self.seat
        if giver == me:
            self._hat_sum(giver, total, commit=True)
            return
        ident = self._ident
        mask = pub.mask
        for target in self._targets(giver):
            if target == me:
                continue
            hand = pub.hands[target]
            masks = [mask[o] for o in hand]
            cards = [ident[o] for o in hand]
            number -= pub.interrogate(masks, total, cards, 0)
            for o, m in zip(hand, masks, strict=True):
                mask[o] = m
        hand = pub.hands[me]
        masks = [mask[o] for o in hand]
        pub.interrogate(masks, total, None, number % total)
        for o, m in zip(hand, masks, strict=True):
            mask[o] = m

    # ------------------------------------------------------------------ deciding

    def _private(self) -> tuple[list[int], list[int]]:
        """This seat's knowledge of its own cards (public masks minus identities it sees every
        unseen copy of), and the weights of identities it does not see."""
        pub = self.pub
        ident = self._ident
        weights = list(pub.rem)
        for seat, hand in enumerate(pub.hands):
            if seat != self.seat:
                for o in hand:
                    weights[ident[o]] -= 1
        gone = 0
        for i, w in enumerate(weights):
            if w <= 0:
                gone |= 1 << i
        masks = []
        for o in pub.hands[self.seat]:
            m = pub.mask[o]
            narrowed = m & ~gone
            masks.append(narrowed if narrowed else m)
        return masks, weights

    def _decide(self, view: SeatView) -> Action:
        pub = self.pub
        lay = self.lay
        me = self.seat
        hand = pub.hands[me]
        masks, weights = self._private()

        def weigh(m: int) -> int:
            return sum(weights[i] for i in bits(m) if weights[i] > 0)

        playable = pub.playable
        dead = pub.dead
        ident = self._ident
        others_hold: dict[int, int] = {}
        for seat, other in enumerate(pub.hands):
            if seat != me:
                for o in other:
                    others_hold[ident[o]] = others_hold.get(ident[o], 0) + 1

        # 0. with two or three players, first save the next seat's chop: a card discarded is
        # gone for good, a play can wait a turn
        if pub.protect_chop and pub.tokens > 0 and self._chop_needs_saving():
            clue = self._hat_clue(view, reason("hat.why.save", name=(me + 1) % lay.players))
            if clue is not None:
                return clue
        # 1. play a card surely playable: the one that unblocks a teammate, else the lowest, and
        # rather one nobody else holds
        best = -1.0
        best_slot = -1
        for i, m in enumerate(masks):
            if m and not m & ~playable:
                total = 0.0
                count = 0
                for x in bits(m):
                    w = weights[x] if weights[x] > 0 else 1
                    with_ = 1 + (others_hold.get(x, 0) if pub.deck_left > 0 else 0)
                    after = lay.needed[lay.suit_of[x]][lay.step_of[x] + 1]
                    bonus = UNLOCKS if after >= 0 and after in others_hold else 0.0
                    total += w * ((10 - lay.step_of[x] - 1) / with_ + bonus)
                    count += w
                score = total / count
                if score > best:
                    best = score
                    best_slot = i
        if best_slot >= 0:
            self._why = reason("hat.play.known", position=position(hand, hand[best_slot]))
            return self._play(hand[best_slot], masks[best_slot])

        # discards the deck can afford before cards that matter must go
        discard_threshold = (
            sum(lay.copies) - lay.cards_needed - lay.players * self.variant.hand_size
        )
        storms_left = self.variant.storms - pub.storms
        # 2. a likely play when a misplay cannot end the game and few cards are gone
        if storms_left > 1 and pub.discards <= discard_threshold:
            risky = -1
            risky_p = 0.0
            for i, m in enumerate(masks):
                if m and not m & ~(playable | dead):
                    w = weigh(m)
                    p = weigh(m & playable) / w if w else 0.0
                    if p > risky_p:
                        risky_p = p
                        risky = i
            if risky >= 0 and risky_p > RISKY_PLAY:
                self._why = reason(
                    "hat.play.likely",
                    position=position(hand, hand[risky]),
                    percent=percent(risky_p),
                )
                return self._play(hand[risky], masks[risky])

        tokens = pub.tokens
        if view.turns_left > 0 and storms_left > 1:
            # the last round: nobody draws again, so a misplay only costs a storm token, unless a
            # clue lets a seat still to play find its playable card
            later = [(me + k) % lay.players for k in range(1, view.turns_left)]
            if not (tokens > 0 and self._someone_needs_clue(later)):
                risky = -1
                risky_p = 0.0
                for i, m in enumerate(masks):
                    w = weigh(m)
                    p = weigh(m & playable) / w if w else 0.0
                    if p > risky_p:
                        risky_p = p
                        risky = i
                if risky >= 0:
                    self._why = reason(
                        "hat.play.last_round",
                        position=position(hand, hand[risky]),
                        percent=percent(risky_p),
                    )
                    return self._play(hand[risky], masks[risky])

        public_useless = pub.useless_slots(me)
        useless = useless_positions(masks, pub.dead)
        can_discard = tokens < pub.max_tokens and bool(hand)
        why: Reason | None = None
        if tokens > 0 and self._someone_needs_clue():
            why = reason("hat.why.unaware")
        elif pub.discards <= discard_threshold and useless and can_discard:
            pass  # early on, a useless card is worth discarding for the token
        elif tokens > 0 and self._someone_can_play():
            # a clue passes the turn to the seats that can play without drawing a card
            why = reason("hat.why.end_nearer")
        elif tokens > SPARE_TOKENS:
            why = reason("hat.why.plenty")
        elif not can_discard:
            why = reason("hat.why.no_discard" if hand else "hat.why.no_card")
        if why is not None and tokens > 0:
            clue = self._hat_clue(view, why)
            if clue is not None:
                return clue
        if not can_discard:
            return self._last_resort(view, masks)

        if len(public_useless) > 1:
            slot = public_useless[self._hat_sum(me, len(public_useless), commit=False)]
            self._why = reason("hat.discard.signal", position=position(hand, hand[slot]))
            return Action.discard(hand[slot])
        if useless:
            slot = useless[0]
            self._why = reason("hat.discard.useless", position=position(hand, hand[slot]))
            return Action.discard(hand[slot])

        # 3. the card least likely to matter
        if pub.protect_chop:
            # the chop everyone can name, which the save clue above keeps safe
            slot = pub.chop(me)
            self._why = reason("hat.discard.spare", position=position(hand, hand[slot]))
            return Action.discard(hand[slot])
        critical = pub.critical
        seen = 0
        for x in others_hold:
            seen |= 1 << x
        best = -1.0
        slot = 0
        for i, m in enumerate(masks):
            w = weigh(m) or 1
            p_seen = weigh(m & seen) / w
            p_dispensable = 1.0 - weigh(m & critical) / w
            avg_rank = sum(lay.rank_of[x] * max(weights[x], 0) for x in bits(m)) / w
            value = 20.0 * p_seen + 10.0 * p_dispensable + avg_rank
            if value > best:
                best = value
                slot = i
        self._why = reason("hat.discard.spare", position=position(hand, hand[slot]))
        return Action.discard(hand[slot])

    def _chop_needs_saving(self) -> bool:
        """Whether the next seat would discard a critical card, knowing nothing better to do."""
        at_risk = self.pub.chop_at_risk((self.seat + 1) % self.lay.players)
        return at_risk >= 0 and bool((1 << self._ident[at_risk]) & self.pub.critical)

    def _play(self, order: int, mask: int) -> Action:
        if self.variant.declared_play:
            suits = {self.lay.suit_of[x] for x in bits(mask)}
            if len(suits) == 1:
                return Action.play(order, suits.pop())
        return Action.play(order)

    def _someone_can_play(self) -> bool:
        pub = self.pub
        ident = self._ident
        for seat, hand in enumerate(pub.hands):
            if seat != self.seat:
                for o in hand:
                    if (1 << ident[o]) & pub.playable:
                        return True
        return False

    def _someone_needs_clue(self, seats: list[int] | None = None) -> bool:
        """Whether another seat (of ``seats``) holds a playable card but knows of none."""
        pub = self.pub
        ident = self._ident
        for seat in range(self.lay.players) if seats is None else seats:
            if seat != self.seat and not pub.knows_playable(seat):
                for o in pub.hands[seat]:
                    if (1 << ident[o]) & pub.playable:
                        return True
        return False

    def _hat_clue(self, view: SeatView, why: Reason) -> Action | None:
        """The clue whose hat number is the sum of everyone's answers, if one can be given
        (``why`` says why a clue, for :meth:`explain`)."""
        lay = self.lay
        me = self.seat
        n = lay.players
        if self.empty_clues:
            total = lay.clue_kinds * (n - 1)
            number = self._hat_sum(me, total, commit=False)
            target = (me + 1 + number // lay.clue_kinds) % n
            self._why = reason("hat.clue.colour_or_rank", name=target, why=why)
            return lay.clues[target][number % lay.clue_kinds]
        plan = [self._classes(target) for target in self._targets(me)]
        total = sum(len(c) for _, c in plan)
        if total == 0:
            return None  # no other seat holds a card: no clue can touch anything
        number = self._hat_sum(me, total, commit=False) if total > 1 else 0
        offset = 0
        while number >= len(plan[offset][1]):
            number -= len(plan[offset][1])
            offset += 1
        target = (me + 1 + offset) % n
        slot, classes = plan[offset]
        hand = self.pub.hands[target]
        ident = self._ident
        x = ident[hand[slot]]
        cls = classes[number]
        clue: Action | None = None
        if cls == RANK_TOUCHING:
            clue = Action.rank_clue(target, lay.rank_of[x])
        elif cls == COLOUR_TOUCHING:
            for c, touch in enumerate(lay.colour_touch):
                if (1 << x) & touch:
                    clue = Action.colour_clue(target, c)
                    break
        else:
            for j, order in enumerate(hand):
                y = ident[order]
                if j == slot:
                    continue
                if cls != COLOUR_MISSING and lay.rank_of[y] != lay.rank_of[x]:
                    clue = Action.rank_clue(target, lay.rank_of[y])
                    break
                if cls == RANK_MISSING:
                    continue
                for c, touch in enumerate(lay.colour_touch):
                    if (1 << y) & touch and not (1 << x) & touch:
                        clue = Action.colour_clue(target, c)
                        break
                if clue is not None:
                    break
        assert clue is not None, "the convention only counts classes that can be given"
        self._why = reason("hat.clue.kind_and_touch", name=target, why=why)
        return clue

    def _last_resort(self, view: SeatView, masks: list[int]) -> Action:
        """No clue fits the convention and discarding is not allowed: the likeliest play, or
        any clue as a plain clue."""
        pub = self.pub
        hand = pub.hands[self.seat]
        clues = [a for a in view.legal_actions if a.is_clue]
        if clues and (pub.storms + 1 >= self.variant.storms or not hand):
            self._why = reason("hat.clue.plain")
            return clues[0]
        best = 0
        best_p = -1.0
        for i, m in enumerate(masks):
            w = pub.weight(m) or 1
            p = pub.weight(m & pub.playable) / w
            if p > best_p:
                best_p = p
                best = i
        if hand:
            self._why = reason("hat.play.best_guess", position=position(hand, hand[best]))
            return self._play(hand[best], masks[best])
        self._why = reason("hat.only_action")
        return view.legal_actions[0]

    # ------------------------------------------------------------------ bonus tiles

    def _decide_pending(self, view: SeatView) -> Action:
        pub = self.pub
        lay = self.lay
        actions = view.legal_actions
        ident = self._ident
        if view.pending is Decision.FREE_COLOUR_CLUE or view.pending is Decision.FREE_RANK_CLUE:
            # a free clue carries no hat number: make it as telling as possible by itself
            best = actions[0]
            best_score = -1
            for action in actions:
                touch = (
                    lay.colour_touch[action.value]
                    if action.type == COLOUR_CLUE
                    else lay.rank_touch[action.value]
                )
                score = 0
                for o in pub.hands[action.target]:
                    before = pub.mask[o]
                    after = before & (touch if (1 << ident[o]) & touch else ~touch)
                    if after and not after & ~pub.playable and before & ~pub.playable:
                        score += 10
                    if after != before:
                        score += 1
                if score > best_score:
                    best_score = score
                    best = action
            self._why = reason("hat.bonus.free_clue")
            return best
        if view.pending is Decision.RESHUFFLE:
            best = actions[0]
            best_score = -1
            for action in actions:
                x = ident[action.target]
                if pub.discarded[x] >= lay.copies[x]:
                    score = 10 + lay.step_of[x]  # every copy gone: bring the suit back
                elif (1 << x) & pub.dead:
                    score = 0
                else:
                    score = 1
                if score > best_score:
                    best_score = score
                    best = action
            self._why = reason("hat.bonus.shuffle_back")
            return best
        self._why = reason("hat.bonus.play_discarded")
        return actions[0]
