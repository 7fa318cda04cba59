"""Weighing clues: every clue a seat could give this turn, what the table would make of it (read
by every seat with its own cards unseen) and what it is worth (docs/conventions.md, "Giving play
clues").

A :class:`ClueBook` is made once a turn, on the seat's notes as they stand after the last move:
it works out each receiver's hand, the copies each seat can see and the clues weighed once, and
lends the notes to each clue only for a moment (see :meth:`Tracker.try_clue`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from openhanabi.bots.conventions.rules import fits_once_played, single, within
from openhanabi.bots.conventions.state import Reading, Still, Tracker
from openhanabi.bots.conventions.words import card_said
from openhanabi.bots.explanation import Reason, reason
from openhanabi.rules import Action, ActionType, SeatView

# what a colour play clue is worth less for each card it touches against good touch (a card no
# longer needed, or a copy of another marked card): its holder keeps it for nothing
BAD_TOUCH_COST = 0.7
TEMPO_DISCOUNT = 0.3  # a tempo clue's worth below a play clue's (see ClueBook.evaluate)
# with five players (DOUBT_PLAYERS or more), a clue is worth this much less for each identity
# beyond the first that its receiver keeps for the card it saves, or for the card it asks them to
# play: a doubt costs a later clue to lift, and tokens are scarcest with five players (measured,
# paired with the search: +0.09 a game on seeds 0-3999; with three and four players it does not
# gain)
SAVE_DOUBT_COST = 0.15
PLAY_DOUBT_COST = 0.05
DOUBT_PLAYERS = 5
# what a play clue is worth less for each marked card outside its chain that is a copy of a card
# the chain gets played from another hand (a prompt or a finesse): once played, that copy is no
# longer needed while its holder still takes it for a card to come, and soon misplays it or
# keeps it for nothing (measured, paired with the search: +0.03 / +0.005 / +0.01 a game
# with 3 / 4 / 5 players; 5.0 plays the same games as 2.0)
DUPLICATED_COST = 2.0
# how much of the next chop's worth a save clue loses when it leaves that chop in danger for a
# receiver who acts next: with two players nobody else can save it before they discard it
NEXT_CHOP_AT_STAKE = 1.0
# a save of a last copy is worth 2 cards, and this much more for each further card of its
# firework it keeps playable: a lost 2 costs four points, a lost 5 one (measured, paired with the
# search: +0.01 to +0.02 a game with 2-4 players, none with five)
SAVE_STAKE_WORTH = 0.3
TWO_PLAYER_NEXT_CHOP_AT_STAKE = 2.0
# what a play clue is worth, in cards played: one for its focus, and for each blind play it calls
# and each prompt it makes, less a little for each link of its chain (a longer chain is read
# apart more often and waits longer)
BLIND_PLAY_WORTH = 1.2
PROMPT_WORTH = 0.6
LINK_COST = 0.1
PLAY_MORE_WORTH = 0.8  # each further card a play clue shows fits now, besides its focus
SAVE_PLAYS_WORTH = 0.9  # each card a save or a fix shows fits now
FRESH_TOUCH_WORTH = 0.15  # each further card a clue with a focus newly touches
FIX_WORTH = 2.5  # each misplay a clue heads off
CLEARED_WORTH = 0.8  # each clued card a clue shows useless to a holder who did not know
LAST_COPY_WORTH = 2.0  # a save of a last copy, before what its firework keeps
SAFE_SAVE_WORTH = 0.1  # a save for a player with a known play, who will not discard soon
KEPT_WORTH = 0.3  # a play clue its receiver could read as a save, so keeps the card


@dataclass
class Option:
    """A clue this seat could give, and what the table would make of it."""

    action: Action
    value: float
    kind: str  # "play", "save", "fix", "stall"
    reading: Reading
    detail: Reason  # what the clue is for: a part of the sentence explaining it
    fixes: int = 0  # misplays it heads off
    gains: int = 0  # cards the receiver learns they can play now


class Receiver(NamedTuple):
    """A clue receiver's hand before any clue (see ``ClueBook._receiver_now``)."""

    unseen: int  # the identities they may hold (not every copy in their sight)
    chop: int | None
    before: dict[int, bool]  # per card: the table takes it for a sure play
    doomed: set[int]  # cards taken for sure plays that do not fit
    confused: set[int]  # marked cards no longer needed, though they do not know it


def clue_actions(view: SeatView) -> list[Action]:
    """The clues ``view``'s seat may give."""
    return [a for a in view.legal_actions if a.is_clue]


class ClueBook:
    """The clues ``seat`` could give on this turn, weighed on its notes ``state``."""

    def __init__(self, state: Tracker, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.weighed: list[Option] | None = None  # every clue worth considering, once weighed
        self._holdings: tuple[list[int], list[list[int]]] | None = None
        self._exhaust_cache: dict[int, int] = {}
        self._receivers: dict[int, Receiver] = {}
        self._hand_bits: dict[int, int] = {}  # per receiver: the identities in their hand

    def evaluate(self, view: SeatView, action: Action, strict: bool = True) -> Option | None:
        """What the table would make of ``action`` and what it is worth, or ``None`` if it
        would mislead someone into a misplay or (``strict``) touch a card that should not be
        touched or tell nothing useful."""
        st = self.state
        receiver = action.target
        mask = st.clue_mask(action.type, action.value)
        hand = st.hands[receiver]
        ident = st.ident
        bits = self._hand_bits.get(receiver)
        if bits is None:
            bits = self._hand_bits[receiver] = sum({1 << ident[o] for o in hand})
        if not bits & mask:
            return None  # the clue touches no card
        touched = tuple([o for o in hand if 1 << ident[o] & mask])
        blind = st.blind
        if blind or st.waits:
            called = st.called
            if any(o in blind or o in called for o in touched):
                return None  # a card a finesse has called is left alone until it plays
        reading = st.read_clue(self.seat, receiver, touched, mask, action.type, receiver)
        focus = reading.focus
        if focus is not None and not (reading.plays | reading.saves) >> ident[focus] & 1:
            return None  # the receiver would read the focus as something it is not
        for link in reading.links:
            if link.kind == "finesse" and any(
                o in st.blind and o != link.order for o in st.hands[link.seat]
            ):
                # a finesse on a player who still has a blind play to make: the receiver of
                # the clue that called it knows only that it might have been called, so takes
                # the finesse position to be that card and reads this clue otherwise
                return None
        if focus is not None and not reading.saves >> ident[focus] & 1 and st.waits:
            # a card a finesse may have called, for a clue not yet settled: if it is played
            # blind, a play clue for a copy of it (its focus, or a card of its chain) gets
            # nothing played, and its receiver holds a copy they take for a card to play
            coming = {wait[4] for wait in st.waits if wait[1] not in touched}
            if ident[focus] in coming or any(
                link.kind != "finesse" and link.ident in coming for link in reading.links
            ):
                return None
        now = self._receiver_now(receiver)
        unseen, chop_before, before, doomed, confused = now
        if focus is None and strict and not doomed and self._tells_nothing(touched, mask, now):
            return None
        # apply the clue for a moment to see every card's belief afterwards
        trial = st.try_clue(self.seat, receiver, touched, mask, reading)
        try:
            value = FIX_WORTH * len(doomed)  # each misplay this clue heads off
            new_plays = 0
            marks = st.marks()
            for o in hand:
                if o not in marks:
                    continue
                b = st.belief(o)
                if within(b & unseen or b, st.playable):
                    if not st.playable >> ident[o] & 1:
                        return None
                    if not before[o]:
                        new_plays += 1
            cleared = 0  # clued cards the clue shows useless to a holder who did not know
            for o in confused:
                if within(st.belief(o), st.useless):
                    cleared += 1
                    value += CLEARED_WORTH  # they will now discard a clued card no longer needed
            bad = self._bad_touch(receiver, trial.fresh, reading)
            chained, copies = self._chain_copies(reading)
            if bad is None or self._copy_misread(chained, copies):
                return None  # a card touched against good touch would soon be misplayed
            if view.storms + 1 >= st.variant.storms and self._own_copy_misread(chained):
                return None  # with one storm left, a misplay I cannot see coming ends the game
            if bad and not doomed and strict:
                # good touch is kept by every clue but a colour clue that gets a card played or
                # saves the last copy of a card
                focus = reading.focus
                playing = (
                    focus is not None
                    and reading.plays >> ident[focus] & 1
                    and not reading.saves >> ident[focus] & 1
                )
                saving = (
                    focus is not None
                    and reading.saves >> ident[focus] & 1
                    and st.critical >> ident[focus] & 1
                )
                if not (playing or saving) or action.type != ActionType.COLOUR_CLUE:
                    return None
            value -= BAD_TOUCH_COST * bad
            value -= DUPLICATED_COST * self._duplicated(reading, chained, copies)
            if st.players >= DOUBT_PLAYERS:
                value -= self._doubt(reading, unseen, doomed)
            if chop_before in touched and receiver == (self.seat + 1) % st.players:
                # a save that moves the chop onto another card worth saving only trades one
                # loss for the other
                at_stake = TWO_PLAYER_NEXT_CHOP_AT_STAKE if st.players == 2 else NEXT_CHOP_AT_STAKE
                value -= at_stake * self._left_in_danger(receiver, unseen)
        finally:
            st.undo(trial)
        kind, worth, detail = self._purpose(receiver, reading, unseen)
        if kind == "play" and reading.focus is not None and before.get(reading.focus, False):
            # its receiver already knows the card fits (counting the copies they see): the clue
            # gets nothing played that would not have been
            worth = 0.0
        value += worth
        if reading.focus is not None:
            value += FRESH_TOUCH_WORTH * (len(trial.fresh) - 1)
        if kind == "play":
            value += PLAY_MORE_WORTH * max(0, new_plays - 1)
        else:
            value += SAVE_PLAYS_WORTH * new_plays
        if kind == "fix":
            if not new_plays and not doomed and value <= 0 and strict:
                return None
            if doomed:
                detail = reason("conventions.why.fix_misplay")
            elif cleared and not new_plays:
                detail = reason("conventions.why.fix_useless")
        # checked last, as it reads the clue once more for every other seat: the costliest test
        if self._misread(receiver, touched, mask, action.type, reading):
            return None
        return Option(action, value, kind, reading, detail, len(doomed), new_plays)

    def empty_fix(self, view: SeatView, needed_only: bool) -> Action | None:
        """An empty clue that heads off every misplay ahead in its receiver's hand, for when no
        clue touching cards can (see :meth:`empty_clue`; Alice takes her red 3, a copy of a
        played card, for the red 5: a 5 clue touching none of her cards shows her it is not the
        5). With ``needed_only``, only for a hand where a card still needed is about to be
        misplayed."""
        st = self.state
        for receiver in range(st.players):
            doomed = self.doomed(receiver) if receiver != self.seat else set()
            if not doomed:
                continue
            if needed_only and all(st.useless >> st.ident[o] & 1 for o in doomed):
                continue
            found = self.empty_clue(view, receiver, st.playable)
            if found is not None:
                return found
        return None

    def empty_clue(
        self, view: SeatView, receiver: int, fits: int, played: int = 0
    ) -> Action | None:
        """A clue to ``receiver`` that touches none of their cards and, once the identities
        ``played`` are played (and so dropped from every belief by good touch), leaves none of
        their marked cards outside ``fits`` looking like a card of ``fits``: what it rules out
        is all it says."""
        st = self.state
        hand = st.hands[receiver]
        marks = st.marks()
        unseen = ~self.exhausted(receiver)
        wrong = [o for o in hand if o in marks and not fits >> st.ident[o] & 1]
        for action in clue_actions(view):
            if action.target != receiver:
                continue
            mask = st.clue_mask(action.type, action.value)
            if any(1 << st.ident[o] & mask for o in hand):
                continue
            for o in wrong:
                after = st.belief_after(o, (), mask) & ~played
                if within(after & unseen or after, fits):
                    break
            else:
                return action
        return None

    def _doubt(self, reading: Reading, unseen: int, doomed: set[int]) -> float:
        """What the receiver's doubt about the focus of a clue (applied for the moment) costs:
        each identity beyond the first it keeps for a card to save or to play."""
        st = self.state
        focus = reading.focus
        if focus is None:
            return 0.0
        belief = st.belief(focus)
        extra = max(0, (belief & unseen or belief).bit_count() - 1)
        truth = st.ident[focus]
        if reading.saves >> truth & 1:
            return SAVE_DOUBT_COST * extra
        if reading.plays >> truth & 1 and focus not in doomed:
            return PLAY_DOUBT_COST * extra
        return 0.0

    def _purpose(self, receiver: int, reading: Reading, unseen: int) -> tuple[str, float, Reason]:
        """What a clue read as ``reading`` is for, by its focus ("play", "save", or "fix" when it
        has none), what that is worth, and the words that say it."""
        st = self.state
        focus = reading.focus
        if focus is None:
            return "fix", 0.0, reason("conventions.why.fix")
        truth = st.ident[focus]
        plays = reading.plays >> truth & 1 and not reading.saves >> truth & 1
        if plays and reading.saves & ~reading.plays & unseen:
            # it could be a save, so they will keep it rather than play it
            return "save", KEPT_WORTH, card_said(st.tables, "conventions.why.keep", truth)
        if plays:
            blinds = [link for link in reading.links if link.kind == "finesse"]
            prompts = [link for link in reading.links if link.kind == "prompt"]
            worth = (
                1.0
                + BLIND_PLAY_WORTH * len(blinds)
                + PROMPT_WORTH * len(prompts)
                - LINK_COST * len(reading.links)
            )
            if reading.tempo:
                # one card played for a token, where a later clue on the next card would prompt
                # this one and get both played: given when no play clue is worth more, ahead of
                # a discard (at full worth it lost with four players)
                detail = card_said(st.tables, "conventions.why.tempo", truth)
                return "play", worth - TEMPO_DISCOUNT, detail
            if blinds:
                who = blinds[0].seat
                detail = card_said(st.tables, "conventions.why.play_finesse", truth, name=who)
            elif prompts:
                who = prompts[0].seat
                detail = card_said(st.tables, "conventions.why.play_prompt", truth, name=who)
            else:
                detail = card_said(st.tables, "conventions.why.play", truth)
            return "play", worth, detail
        if reading.saves >> truth & 1:
            worth = self.save_value(truth) if self.in_danger(receiver) else SAFE_SAVE_WORTH
            return "save", worth, card_said(st.tables, "conventions.why.save", truth)
        return "fix", 0.0, reason("conventions.why.fix")

    def _tells_nothing(self, touched: tuple[int, ...], mask: int, now: Receiver) -> bool:
        """Whether a clue that is neither a play nor a save clue (it has no focus) makes no card
        of the receiver known to fit and shows none of their confused cards useless: then it is
        worth nothing. Worked out without writing the clue into the notes, for most clues
        weighed in a turn are such clues."""
        st = self.state
        marks = st.marks()
        for o in now.before:  # the receiver's hand
            if o not in marks and o not in touched:
                continue
            b = st.belief_after(o, touched, mask)
            if not now.before[o] and within(b & now.unseen or b, st.playable):
                return False
        return not any(within(st.belief_after(o, touched, mask), st.useless) for o in now.confused)

    def _receiver_now(self, receiver: int) -> Receiver:
        """What ``receiver``'s hand is before any clue, worked out once a turn for all the clues
        to that player: the identities they may hold, their chop, which marked cards they
        take for sure plays, which of those do not fit (doomed), and which marked cards are no
        longer needed though they do not know it (confused)."""
        found = self._receivers.get(receiver)
        if found is not None:
            return found
        st = self.state
        ident = st.ident
        hand = st.hands[receiver]
        marks = st.marks()
        unseen = ~self.exhausted(receiver)
        before = {o: o in marks and within(st.belief(o) & unseen, st.playable) for o in hand}
        doomed = {o for o in hand if before[o] and not st.playable >> ident[o] & 1}
        confused = {
            o
            for o in hand
            if o in marks
            and o not in doomed
            and st.useless >> ident[o] & 1
            and not within(st.belief(o), st.useless)
        }
        found = self._receivers[receiver] = Receiver(
            unseen, st.chop(receiver), before, doomed, confused
        )
        return found

    def doomed(self, receiver: int) -> set[int]:
        """The marked cards ``receiver`` takes for sure plays that do not fit."""
        return self._receiver_now(receiver).doomed

    def _bad_touch(self, receiver: int, newly: list[int], reading: Reading) -> int | None:
        """How many of the cards a clue (just applied) newly touches (``newly``, oldest first)
        break good touch: a card no longer needed, a copy of a marked card in another hand, or a
        second copy of a card the clue touches (a card whose clues show everyone it is useless
        does not count: its holder simply discards it). ``None`` when such a card would be left
        with a single identity once the clue's chain is played: its holder would then take it
        for that card and misplay it (left with none, it shows itself useless)."""
        st = self.state
        ident = st.ident
        fresh = [o for o in newly if not st.shown_useless(o, st.all)]
        if not fresh:
            return 0
        copies: dict[int, int] = {}
        for o in fresh:
            copies[ident[o]] = copies.get(ident[o], 0) + 1
        chained = 0
        if reading.focus is not None:
            chained = 1 << ident[reading.focus]
            for link in reading.links:
                chained |= 1 << link.ident
        elsewhere = self._marked_elsewhere(receiver)
        seen: set[int] = set()
        bad = 0
        for o in fresh:
            i = ident[o]
            wrong = st.useless >> i & 1 or i in elsewhere
            if wrong or i in seen:
                bad += 1
            left = st.belief(o) & ~(1 << i) & ~chained
            if (wrong or copies[i] > 1) and o != reading.focus and left.bit_count() == 1:
                return None
            seen.add(i)
        return bad

    def _chain_copies(self, reading: Reading) -> tuple[int, list[int]]:
        """For a play clue (applied for the moment): the identities its chain plays, its focus
        included (a mask), and the marked cards outside the chain that are copies of them (this
        seat's own cards are unknown to it); nothing for any other clue."""
        st = self.state
        focus = reading.focus
        if focus is None:
            return 0, []
        truth = st.ident[focus]
        if not reading.plays >> truth & 1 or reading.saves >> truth & 1:
            return 0, []
        chained = 1 << truth
        orders = {focus}
        for link in reading.links:
            chained |= 1 << link.ident
            orders.add(link.order)
        marks = st.marks()
        copies = []
        for hand in st.hands:
            for o in hand:
                i = st.ident.get(o, -1)
                if i >= 0 and chained >> i & 1 and o in marks and o not in orders:
                    copies.append(o)
        return chained, copies

    def _copy_misread(self, chained: int, copies: list[int]) -> bool:
        """Whether one of the ``copies`` of the cards a play clue's chain plays (``chained``, see
        :meth:`_chain_copies`) is left with a single identity once the chain has played: good
        touch then tells its holder it is that card, and they misplay it. (Bob holds a blue card
        from an earlier clue, blue 4 or 5 to him, that is the blue 4: a blue clue on his newer
        blue 4 gets that one played, and the older becomes "the blue 5".)"""
        belief = self.state.belief
        return any((belief(o) & ~chained).bit_count() == 1 for o in copies)

    def _own_copy_misread(self, chained: int) -> bool:
        """Whether a marked card of this seat's own hand, which it cannot see, may be a copy of
        a card a play clue's chain plays (``chained``, see :meth:`_chain_copies`), and might
        then look like a card that fits once the chain and every sure play in the other hands
        have played: some identity it may be, other than those, would fit. (Bob holds a 2 from
        a save; his blue clue to Cathy's blue 3 finesses Alice's blue 2: if his 2 is the blue 2
        too, it is "a 2 that fits" to him once Alice's is played, and he misplays it. Were his
        card "a 3 or a 4", seeing the 4 elsewhere would make it the same trap.)"""
        st = self.state
        # the sure plays waiting in the other hands are played too, sooner or later, and each
        # makes the card after it fit (Cathy's clued red 1 turns "a red 2" into a card to play)
        coming = chained
        for seat, hand in enumerate(st.hands):
            if seat != self.seat:
                for order in hand:
                    if order in st.ident and st.sure_play(order):
                        coming |= 1 << st.ident[order]
        after = fits_once_played(st.tables, st.playable, coming)
        for order in st.hands[self.seat]:
            if st.marked(order):
                belief = st.belief(order)
                if belief & chained and belief & ~coming & after:
                    return True
        return False

    def _duplicated(self, reading: Reading, chained: int, copies: list[int]) -> int:
        """How many of the ``copies`` (see :meth:`_chain_copies`) are copies of a card the chain
        plays before the focus, and are not known to be only such cards or cards no longer
        needed: once the chain has played they are useless, and their holders do not know it.
        Copies of the focus itself are counted by good touch."""
        st = self.state
        if reading.focus is None:
            return 0
        before = chained & ~(1 << st.ident[reading.focus])
        return sum(
            1
            for o in copies
            if before >> st.ident[o] & 1 and not within(st.belief(o), st.useless | before)
        )

    def _misread(
        self,
        receiver: int,
        touched: tuple[int, ...],
        mask: int,
        kind: ActionType,
        reading: Reading,
    ) -> bool:
        """Whether a third seat would read this play clue otherwise than this seat means it:
        each seat other than the receiver reads it with its own cards unseen, and must find
        exactly the blind plays and prompts this seat counts on from its hand (no more, no
        fewer)."""
        st = self.state
        focus = reading.focus
        if focus is None:
            return False
        truth = st.ident[focus]
        if not reading.plays >> truth & 1 or reading.saves >> truth & 1:
            return False
        for seat in range(st.players):
            if seat in (self.seat, receiver):
                continue
            theirs = st.read_clue(self.seat, receiver, touched, mask, kind, seat)
            meant = {(k.kind, k.order, k.ident) for k in reading.links if k.seat == seat}
            read = {(k.kind, k.order, k.ident) for k in theirs.links if k.seat == seat}
            if meant != read:
                return True
        return False

    def _left_in_danger(self, receiver: int, unseen: int) -> float:
        """What a save clue leaves at stake: the worth of the receiver's next chop when it is
        worth saving too and the receiver still has nothing to play (their next discard)."""
        st = self.state
        for o in st.hands[receiver]:
            if o in st.blind:
                return 0.0
            b = st.belief(o) & unseen or st.belief(o)
            if st.marked(o) and within(b, st.playable):
                return 0.0
        chop = st.chop(receiver)
        if chop is None or not self.save_worthy(chop, receiver):
            return 0.0
        return self.save_value(st.ident[chop])

    def exhausted(self, holder: int) -> int:
        """Identities whose every copy ``holder`` can see (so their own cards are none of
        them), counting this seat's cards only where their identity is known."""
        cache = self._exhaust_cache
        if holder in cache:
            return cache[holder]
        st = self.state
        t = st.tables
        base, held = self._holdings_now()
        counts = list(base)
        for ident in held[holder]:
            counts[ident] -= 1
        mask = 0
        copies = t.copies
        for ident, count in enumerate(counts):
            if count >= copies[ident]:
                mask |= 1 << ident
        cache[holder] = mask
        return mask

    def _holdings_now(self) -> tuple[list[int], list[list[int]]]:
        """Worked out once a turn: the copies of each identity out of play (gone, played, or
        known to be in some hand), and the identities each seat's hand is known to this seat to
        hold (its own cards only where their identity is known)."""
        if self._holdings is not None:
            return self._holdings
        st = self.state
        t = st.tables
        counts = list(st.gone)
        for suit, played in enumerate(st.fireworks):
            for ident in t.needed[suit][:played]:
                counts[ident] += 1
        held: list[list[int]] = []
        for seat, hand in enumerate(st.hands):
            idents = []
            for o in hand:
                if seat == self.seat:
                    b = st.belief(o) if st.marked(o) else 0
                    if b and b & (b - 1) == 0:
                        idents.append(single(b))
                else:
                    idents.append(st.ident[o])
            for ident in idents:
                counts[ident] += 1
            held.append(idents)
        self._holdings = (counts, held)
        return self._holdings

    def _marked_elsewhere(self, receiver: int) -> set[int]:
        """Identities already held by a marked card outside ``receiver``'s hand (good touch)."""
        st = self.state
        found = set()
        marks = st.marks()
        for seat, hand in enumerate(st.hands):
            if seat == receiver:
                continue
            for o in hand:
                if o not in marks:
                    continue
                if seat == self.seat:
                    b = st.belief(o)
                    if b and b & (b - 1) == 0:
                        found.add(single(b))
                elif o in st.ident:
                    found.add(st.ident[o])
        return found

    def save_worthy(self, order: int, holder: int) -> bool:
        """A chop card worth a save clue: a critical card, a 5, or a 2 not held elsewhere."""
        st = self.state
        i = st.ident.get(order, -1)
        if i < 0 or st.useless >> i & 1:
            return False
        if st.critical >> i & 1:
            return True
        if st.seconds >> i & 1:
            for seat, hand in enumerate(st.hands):
                if seat != self.seat and any(st.ident.get(o) == i for o in hand if o != order):
                    return False
            return True
        return False

    def save_value(self, ident: int) -> float:
        """What saving a card of identity ``ident`` is worth: a last copy more for every card
        after it that its firework can still take, any other card worth saving one card."""
        st = self.state
        if not st.critical >> ident & 1:
            return 1.0
        return LAST_COPY_WORTH + SAVE_STAKE_WORTH * (self.at_stake(ident) - 1)

    def at_stake(self, ident: int) -> int:
        """The points a firework loses with the last copy of ``ident``: the card and every
        card after it the firework can still take."""
        st = self.state
        order = st.tables.needed[st.tables.suit_of[ident]]
        if ident not in order:
            return 1
        points = 1
        for later in order[order.index(ident) + 1 :]:
            if later < 0 or st.useless >> later & 1:
                break
            points += 1
        return points

    def in_danger(self, seat: int) -> bool:
        """Whether ``seat`` may discard its chop soon: it has nothing known to play."""
        st = self.state
        for o in st.hands[seat]:
            if st.sure_play(o):
                return False
        chop = st.chop(seat)
        return chop is not None and self.save_worthy(chop, seat)

    def options(self, view: SeatView) -> list[Option]:
        """Every clue worth considering, evaluated once per turn."""
        if self.weighed is None:
            self.weighed = []
            last_round = view.turns_left >= 0
            st = self.state
            outer = st.frozen
            if outer is None:
                st.frozen = Still()  # the notes stand still while the clues are weighed
            useful: dict[int, bool] = {}  # in the last round: whether a clue can help that seat
            try:
                for action in clue_actions(view):
                    if last_round:
                        target = action.target
                        if target not in useful:
                            useful[target] = self._turn_to_use(view, target)
                        if not useful[target]:
                            continue
                    option = self.evaluate(view, action)
                    if option is None:
                        continue
                    if last_round and not (option.gains or option.fixes):
                        continue
                    self.weighed.append(option)
            finally:
                st.frozen = outer
        return self.weighed

    def _turn_to_use(self, view: SeatView, seat: int) -> bool:
        """In the last round a clue helps only a player who still has a turn and nothing known
        to play on it."""
        if (seat - self.seat) % self.state.players >= view.turns_left:
            return False
        return not self.has_play(seat)

    def known_plays(self, seat: int) -> int:
        """How many cards ``seat`` holds that the table knows they can play."""
        st = self.state
        return sum(1 for o in st.hands[seat] if st.sure_play(o))

    def has_play(self, seat: int) -> bool:
        """Whether ``seat`` holds a card the table knows they can play (or a called blind play)."""
        st = self.state
        return any(st.sure_play(o) for o in st.hands[seat])

    def misplay_ahead(self) -> bool:
        """Whether another player holds a marked card the table takes for a sure play that does
        not fit: only then can a clue head off a misplay (weighing every clue costs most of a
        turn, and a turn that plays a known card needs none)."""
        st = self.state
        marks = st.marks()
        playable = st.playable
        for seat, hand in enumerate(st.hands):
            if seat == self.seat:
                continue
            # the copies the holder sees are worked out only for a marked card that does not fit
            wrong = [o for o in hand if o in marks and not playable >> st.ident[o] & 1]
            if wrong:
                unseen = ~self.exhausted(seat)
                if any(within(st.belief(o) & unseen, playable) for o in wrong):
                    return True
        return False
