"""``conventions``: a bot that plays a documented, human-style convention set (docs/conventions.md).

On its turn it takes the first of these that applies:

1. answer a bonus tile's decision;
2. play a card a finesse called blind, once it fits;
3. save the next player's chop when it is a 5, a 2 or a critical card and they have nothing
   to play;
4. with no clue token left, make a positional discard (see step 6) even rather than play;
   else play a card it knows will fit (declaring the suit where that is allowed and known);
5. give the best play clue (direct, delayed through a known card, prompt, finesse, or a tempo
   clue that re-touches clued cards to get the newest played), or a save clue to any chop in
   danger;
6. discard a card known to be useless, else its chop (with no clue token left, rather a card
   whose place calls the next player's card that fits: a positional discard); but give a
   harmless clue instead while another player holds more known plays than turns before the
   last card is drawn, and once no more cards are left to draw than there are players;
7. give any clue that does no harm, else discard the least valuable card, else play the card
   most likely to fit.

Once three cards or fewer are left to draw, the move these steps choose (unless it plays a card
the bot knows fits) is checked by the endgame search (:mod:`.endgame`): a few other moves are
played out on deals this seat cannot tell from the real one, and one that scores clearly more
replaces it. ``search=False`` turns it off.

>>> from openhanabi.bots import make_bot, play_game
>>> from openhanabi.rules import Game, find_variant
>>> variant = find_variant("base", players=3)
>>> bots = [make_bot("conventions", s, variant) for s in range(3)]
>>> game = play_game(Game.new(variant, seed=1), bots)
>>> game.outcome is not None
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from openhanabi.bots.conventions import endgame, rules
from openhanabi.bots.conventions.state import RANK_CLUE, Reading, Still, Tracker
from openhanabi.bots.explanation import Param, Reason, english, reason
from openhanabi.bots.protocol import Bot
from openhanabi.bots.registry import register
from openhanabi.rules import Action, ActionType, Decision, SeatView, Variant

# what a colour play clue is worth less for each card it touches against good touch (a card no
# longer needed, or a copy of another marked card): its holder keeps it for nothing
BAD_TOUCH_COST = 0.7
CLUE_WORTH = 0.5  # the least a clue must be worth to spend a token on it
TWO_PLAYER_CLUE_WORTH = 0.2
TEMPO_DISCOUNT = 0.3  # a tempo clue's worth below a play clue's (see _evaluate)
# how much of the next chop's worth a save clue loses when it leaves that chop in danger for a
# receiver who acts next: with two players nobody else can save it before they discard it
NEXT_CHOP_AT_STAKE = 1.0
TWO_PLAYER_NEXT_CHOP_AT_STAKE = 2.0
# with two players a play clue worth this much goes to a partner in danger before a save: they
# play rather than discard, and the save can wait for a turn in which they have nothing to play
PLAY_OVER_SAVE_WORTH = 1.0

# the endgame search tries playing a card only when it is this likely to fit, and at most the
# likeliest PLAY_CANDIDATES cards
PLAY_FLOOR = 0.2
PLAY_CANDIDATES = 2
# and the best clue for each of up to this many players
CLUE_RECEIVERS = 3

# the players' names in docs/conventions.md, one for each seat a table can have; an
# explanation names seats by them, which every language keeps as they are
NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")


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
    """A clue receiver's hand before any clue (see ``ConventionsBot._receiver_now``)."""

    unseen: int  # the identities they may hold (not every copy in their sight)
    chop: int | None
    before: dict[int, bool]  # per card: the table takes it for a sure play
    doomed: set[int]  # cards taken for sure plays that do not fit
    confused: set[int]  # marked cards no longer needed, though they do not know it


def _within(mask: int, allowed: int) -> bool:
    return mask != 0 and mask & ~allowed == 0


@register
class ConventionsBot(Bot):
    name = "conventions"
    summary = "human-style conventions: chop, play and save clues, prompts and finesses"

    def __init__(self, seat: int, variant: Variant, seed: int = 0, *, search: bool = True) -> None:
        super().__init__(seat, variant, seed)
        self.state = Tracker(seat, variant)
        self._why: Reason | None = None
        self._new_turn()
        # the endgame search (see :mod:`.endgame`), for tables without bonus tiles
        self.search = search and not variant.bonus_tiles
        self.searched = 0  # moves the search played out
        self.deviated = 0  # moves where it overruled the convention

    @classmethod
    def playing_out(cls, seat: int, variant: Variant, state: Tracker) -> ConventionsBot:
        """A bot for ``seat`` with the notes ``state`` and no search: one seat of a rollout."""
        bot = cls.__new__(cls)
        Bot.__init__(bot, seat, variant, 0)
        bot.state = state
        bot._why = None
        bot._new_turn()
        bot.search = False
        bot.searched = bot.deviated = 0
        return bot

    def _new_turn(self) -> None:
        """Forget what was worked out on the last turn: the clues weighed, the cards each seat
        is known to hold, and the copies each seat can see."""
        self._cached: list[Option] | None = None
        self._holdings: tuple[list[int], list[list[int]]] | None = None
        self._exhaust_cache: dict[int, int] = {}
        self._receivers: dict[int, Receiver] = {}

    def explain(self) -> str:
        return "" if self._why is None else english(self._why, self.variant)

    def reason(self) -> Reason | None:
        return self._why

    # ------------------------------------------------------------------ naming

    def _seat_name(self, seat: int) -> str:
        return NAMES[seat]

    def _card_said(self, key: str, ident: int, **params: Param) -> Reason:
        """The reason ``key`` about the card identity ``ident``: its ``suit`` and ``rank``."""
        card = self.state.tables.card[ident]
        return reason(key, suit=card.suit, rank=card.rank, **params)

    def _slot(self, view: SeatView, order: int) -> int:
        hand = view.hands[view.seat]
        return len(hand) - hand.index(order)

    def _clue_name(self, action: Action) -> Reason:
        """What the clue ``action`` names, as a part of a sentence: "red", "3"."""
        if action.type == ActionType.COLOUR_CLUE:
            return reason("conventions.clue.colour", colour=action.value)
        return reason("conventions.clue.rank", rank=action.value)

    # ------------------------------------------------------------------ the turn

    def act(self, view: SeatView) -> Action:
        st = self.state
        st.sync(view)
        legal = view.legal_actions
        self._new_turn()
        if view.pending is not None:
            action, self._why = self._decide(view, view.pending)
            return action if action in legal else legal[0]
        for step in (
            self._blind_play,
            self._urgent_fix,
            self._urgent_save,
            self._scream,
            self._call_over_play,
            self._known_play,
            self._best_clue,
            self._final_gamble,
            self._discard,
            self._last_resort,
        ):
            found = step(view)
            if found is not None:
                action, self._why = found
                if action in legal:
                    return self._looked_ahead(view, action) if self.search else action
        self._why = reason("conventions.no_choice")
        return legal[0]

    # ------------------------------------------------------------------ endgame search

    def _looked_ahead(self, view: SeatView, planned: Action) -> Action:
        """Near the end, ``planned`` unless the endgame search finds a move that beats it
        clearly on deals this seat cannot tell from the real one (see :mod:`.endgame`)."""
        if view.draw_pile_size > endgame.DRAW_PILE or view.pending is not None:
            return planned
        candidates = self._search_candidates(view, planned)
        if len(candidates) < 2:
            return planned
        st = self.state
        masks = [self._own_belief(view, order) for order in view.own_hand]
        rng = random.Random((self.seed * 1_000_003 + view.turn) * 8 + self.seat)

        def make_seat(seat: int, state: Tracker) -> Bot:
            return ConventionsBot.playing_out(seat, self.variant, state)

        choice = endgame.search(view, st, candidates, masks, make_seat, rng)
        if choice is None:
            return planned
        self.searched += 1
        if choice.action == planned:
            return planned
        self.deviated += 1
        self._why = reason(
            "conventions.search.chose",
            chosen=self._move_said(view, choice.action),
            planned=self._move_said(view, planned),
            deals=choice.deals,
            points=choice.gain,
        )
        return choice.action

    def _search_candidates(
        self, view: SeatView, planned: Action, *, any_time: bool = False
    ) -> list[Action]:
        """The moves the search plays out: ``planned`` first, then the cards this seat might
        play (the likeliest two), its discard, its best clue for each of up to three players, or
        a stall. When ``planned`` plays a card this seat knows fits or that a finesse called (a
        sure point), nothing in the last round or with more than two cards left to draw (unless
        ``any_time``: a look-ahead at any turn, benchmarks/conventions_lookahead.py)."""
        st = self.state
        hand = view.hands[view.seat]
        if planned.type == ActionType.PLAY and not any_time:
            target = planned.target
            known = st.marked(target) or _within(view.knowledge[target].possible_mask, st.playable)
            sure = target in st.blind or (
                known and _within(self._own_belief(view, target), st.playable)
            )
            if sure and (view.turns_left >= 0 or view.draw_pile_size > endgame.SURE_PLAY_DRAW_PILE):
                return []
        found = [planned]
        last_chance = view.storms + 1 >= self.variant.storms  # a misplay ends the game
        plays = []
        for index, order in enumerate(hand):
            belief = self._own_belief(view, order)
            chance = (belief & st.playable).bit_count() / max(1, belief.bit_count())
            if chance >= PLAY_FLOOR and (chance >= 1 or not last_chance):
                plays.append((-chance, index, order))
        for _, _, order in sorted(plays)[:PLAY_CANDIDATES]:
            found.append(Action.play(order))
        if view.clue_tokens < self.variant.clue_tokens and hand:
            found.append(Action.discard(self._spare(view)))
        if view.clue_tokens > 0:
            options = self._options(view)
            if options:
                # the best clue for each of a few receivers: near the end, which player the
                # clue goes to decides whose cards get played before the game is over
                receivers: set[int] = set()
                for option in sorted(options, key=lambda o: -o.value):
                    if option.action.target not in receivers:
                        receivers.add(option.action.target)
                        found.append(option.action)
                        if len(receivers) == CLUE_RECEIVERS:
                            break
            elif view.turns_left < 0:
                stall = self._stall_clue(view)
                if stall is not None:
                    found.append(stall[0])
        legal = set(view.legal_actions)
        unique: list[Action] = []
        for action in found:
            if action in legal and action not in unique:
                unique.append(action)
        return unique

    def _move_said(self, view: SeatView, action: Action) -> Reason:
        """``action`` as a part of a sentence: "to play slot 2", "to give Bob a red clue"."""
        if action.is_clue:
            return reason(
                "conventions.move.clue",
                name=self._seat_name(action.target),
                clue=self._clue_name(action),
            )
        key = (
            "conventions.move.play"
            if action.type == ActionType.PLAY
            else "conventions.move.discard"
        )
        return reason(key, position=self._slot(view, action.target))

    # ------------------------------------------------------------------ own cards

    def _own_belief(self, view: SeatView, order: int) -> int:
        """What this seat believes its own card is: the table's notes cut by every copy it sees."""
        st = self.state
        possible = view.knowledge[order].possible_mask
        belief = st.belief(order) & possible
        return belief if belief else possible

    def _play_action(self, view: SeatView, order: int, belief: int) -> Action:
        """Play ``order``, declaring its suit when declared play is on and the suit is known."""
        if self.variant.declared_play:
            suits = rules.suits_of(belief, self.state.tables)
            if len(suits) == 1:
                declared = Action.play(order, suits.pop())
                if declared in view.legal_actions:
                    return declared
        return Action.play(order)

    def _blind_play(self, view: SeatView) -> tuple[Action, Reason] | None:
        """A finesse called a card from my finesse position: play it as soon as it fits."""
        st = self.state
        for order in view.hands[view.seat]:
            if order in st.blind:
                ident = st.blind[order]
                if not view.knowledge[order].possible_mask >> ident & 1:
                    del st.blind[order]  # the card cannot be what the finesse called
                    continue
                if st.playable >> ident & 1:
                    return (
                        self._play_action(view, order, 1 << ident),
                        self._card_said(
                            "conventions.play.blind", ident, position=self._slot(view, order)
                        ),
                    )
        return None

    def _known_play(self, view: SeatView) -> tuple[Action, Reason] | None:
        """Play a card every reading of which fits now: first one whose next card another player
        holds marked (so they can play theirs on their turn), then the lowest, then the oldest."""
        st = self.state
        best: tuple[int, int, int, int] | None = None
        waiting: dict[int, int] | None = None  # worked out once some card is known to fit
        for index, order in enumerate(view.hands[view.seat]):
            if not st.marked(order) and not _within(
                view.knowledge[order].possible_mask, st.playable
            ):
                continue
            belief = self._own_belief(view, order)
            if _within(belief, st.playable):
                if waiting is None:
                    waiting = self._waiting_on()
                rank = min(st.tables.card[i].rank for i in _bits(belief))
                unlocks = sum(1 for i in _bits(belief) if i in waiting)
                key = (-unlocks, rank, index, order)
                if best is None or key < best:
                    best = key
        if best is None or waiting is None:
            return None
        order = best[3]
        belief = self._own_belief(view, order)
        position = self._slot(view, order)
        if belief & (belief - 1) == 0 and _single(belief) in waiting:
            who = self._seat_name(waiting[_single(belief)])
            why = self._card_said(
                "conventions.play.first", _single(belief), position=position, name=who
            )
        elif belief & (belief - 1) == 0:
            why = self._card_said("conventions.play.known", _single(belief), position=position)
        else:
            why = reason("conventions.play.fits", position=position)
        return self._play_action(view, order, belief), why

    def _scream(self, view: SeatView) -> tuple[Action, Reason] | None:
        """With no clue token left, the next player would discard a chop that is the last copy
        of a card still needed: rather than play a card my clues alone show fits, discard my
        chop. A discard while I have a known play says it was not for want of a play: the next
        player keeps their chop (see :meth:`Tracker.screamer`) and has a token to spend."""
        st = self.state
        if view.clue_tokens > 0 or not st.screams or view.draw_pile_size == 0:
            return None
        if not st.screamer(self.seat):
            return None
        nxt = (self.seat + 1) % self.variant.players
        if not self._in_danger(nxt):
            return None
        theirs = st.chop(nxt)
        if theirs is None or not st.critical >> st.ident[theirs] & 1:
            return None
        mine = st.chop(self.seat)
        if mine is None or _within(self._own_belief(view, mine), st.critical):
            return None
        return (
            Action.discard(mine),
            reason(
                "conventions.discard.scream",
                position=self._slot(view, mine),
                name=self._seat_name(nxt),
            ),
        )

    def _waiting_on(self) -> dict[int, int]:
        """The playable identities whose next card another player holds marked, each with that
        player: played first, they let that player play too."""
        st = self.state
        t = st.tables
        after = {}
        for suit, played in enumerate(st.fireworks):
            row = t.needed[suit]
            if row[played] >= 0 and row[played + 1] >= 0:
                after[row[played + 1]] = row[played]
        found: dict[int, int] = {}
        for seat, hand in enumerate(st.hands):
            if seat == self.seat:
                continue
            for o in hand:
                i = st.ident.get(o, -1)
                if i in after and st.marked(o):
                    found.setdefault(after[i], seat)
        return found

    # ------------------------------------------------------------------ clues

    def _clue_actions(self, view: SeatView) -> list[Action]:
        return [a for a in view.legal_actions if a.is_clue]

    def _evaluate(self, view: SeatView, action: Action, strict: bool = True) -> Option | None:
        """What the table would make of ``action`` and what it is worth, or ``None`` if it
        would mislead someone into a misplay or (``strict``) touch a card that should not be
        touched or tell nothing useful."""
        st = self.state
        receiver = action.target
        mask = st.clue_mask(action.type, action.value)
        hand = st.hands[receiver]
        ident = st.ident
        touched = tuple(o for o in hand if 1 << ident[o] & mask)
        if not touched:
            return None
        called = st.called
        if any(o in st.blind or o in called for o in touched):
            return None  # a card a finesse has called is left alone until it plays
        reading = st.read_clue(self.seat, receiver, touched, mask, action.type, receiver)
        focus = reading.focus
        if focus is not None and not (reading.plays | reading.saves) >> ident[focus] & 1:
            return None  # the receiver would read the focus as something it is not
        now = self._receiver_now(receiver)
        unseen, chop_before, before, doomed, confused = now
        if focus is None and strict and not doomed and self._tells_nothing(touched, mask, now):
            return None
        # apply the clue for a moment to see every card's belief afterwards
        trial = st.try_clue(self.seat, receiver, touched, mask, reading)
        try:
            value = 2.5 * len(doomed)  # each misplay this clue heads off
            new_plays = 0
            marks = st.marks()
            for o in hand:
                if o not in marks:
                    continue
                b = st.belief(o)
                if _within(b & unseen or b, st.playable):
                    if not st.playable >> ident[o] & 1:
                        return None
                    if not before[o]:
                        new_plays += 1
            for o in confused:
                if _within(st.belief(o), st.useless):
                    value += 0.8  # they will now discard a clued card that is no longer needed
            bad = self._bad_touch(receiver, trial.fresh, reading)
            if bad is None:
                return None  # a card touched against good touch would soon be misplayed
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
            if chop_before in touched and receiver == (self.seat + 1) % st.players:
                # a save that moves the chop onto another card worth saving only trades one
                # loss for the other
                at_stake = TWO_PLAYER_NEXT_CHOP_AT_STAKE if st.players == 2 else NEXT_CHOP_AT_STAKE
                value -= at_stake * self._left_in_danger(receiver, unseen)
        finally:
            st.undo(trial)
        kind = "fix"
        detail = reason("conventions.why.fix")
        focus = reading.focus
        if focus is not None:
            truth = ident[focus]
            held = reading.saves & ~reading.plays & unseen
            if reading.plays >> truth & 1 and not reading.saves >> truth & 1 and held:
                kind = "save"  # it could be a save, so they will keep it rather than play it
                value += 0.3
                detail = self._card_said("conventions.why.keep", truth)
            elif reading.plays >> truth & 1 and not reading.saves >> truth & 1:
                kind = "play"
                blinds = [link for link in reading.links if link.kind == "finesse"]
                prompts = [link for link in reading.links if link.kind == "prompt"]
                value += 1.0 + 1.2 * len(blinds) + 0.6 * len(prompts)
                if reading.tempo:
                    # one card played for a token, where a later clue on the next card would
                    # prompt this one and get both played: given when no play clue is worth
                    # more, ahead of a discard (at full worth it lost with four players)
                    value -= TEMPO_DISCOUNT
                    detail = self._card_said("conventions.why.tempo", truth)
                elif blinds:
                    who = self._seat_name(blinds[0].seat)
                    detail = self._card_said("conventions.why.play_finesse", truth, name=who)
                elif prompts:
                    who = self._seat_name(prompts[0].seat)
                    detail = self._card_said("conventions.why.play_prompt", truth, name=who)
                else:
                    detail = self._card_said("conventions.why.play", truth)
                if len(reading.links) > len(blinds) + len(prompts) or reading.links:
                    value -= 0.1 * len(reading.links)
            elif reading.saves >> truth & 1:
                kind = "save"
                value += self._save_value(truth) if self._in_danger(receiver) else 0.1
                detail = self._card_said("conventions.why.save", truth)
            value += 0.15 * (len(trial.fresh) - 1)
        value += 0.9 * new_plays if kind != "play" else 0.8 * max(0, new_plays - 1)
        if kind == "fix":
            if not new_plays and not doomed and value <= 0 and strict:
                return None
            detail = reason("conventions.why.fix_misplay" if doomed else "conventions.why.fix")
        # checked last, as it reads the clue once more for every other seat: the costliest test
        if self._misread(receiver, touched, mask, action.type, reading):
            return None
        return Option(action, value, kind, reading, detail, len(doomed), new_plays)

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
            if not now.before[o] and _within(b & now.unseen or b, st.playable):
                return False
        return not any(_within(st.belief_after(o, touched, mask), st.useless) for o in now.confused)

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
        unseen = ~self._exhausted(receiver)
        before = {o: o in marks and _within(st.belief(o) & unseen, st.playable) for o in hand}
        doomed = {o for o in hand if before[o] and not st.playable >> ident[o] & 1}
        confused = {
            o
            for o in hand
            if o in marks
            and o not in doomed
            and st.useless >> ident[o] & 1
            and not _within(st.belief(o), st.useless)
        }
        found = self._receivers[receiver] = Receiver(
            unseen, st.chop(receiver), before, doomed, confused
        )
        return found

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
            if st.marked(o) and _within(b, st.playable):
                return 0.0
        chop = st.chop(receiver)
        if chop is None or not self._save_worthy(chop, receiver):
            return 0.0
        return self._save_value(st.ident[chop])

    def _exhausted(self, holder: int) -> int:
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
                        idents.append(_single(b))
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
                        found.add(_single(b))
                elif o in st.ident:
                    found.add(st.ident[o])
        return found

    def _save_worthy(self, order: int, holder: int) -> bool:
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

    def _save_value(self, ident: int) -> float:
        st = self.state
        return 2.0 if st.critical >> ident & 1 else 1.0

    def _in_danger(self, seat: int) -> bool:
        """Whether ``seat`` may discard its chop soon: it has nothing known to play."""
        st = self.state
        for o in st.hands[seat]:
            if st.sure_play(o):
                return False
        chop = st.chop(seat)
        return chop is not None and self._save_worthy(chop, seat)

    def _options(self, view: SeatView) -> list[Option]:
        """Every clue worth considering, evaluated once per turn."""
        if self._cached is None:
            self._cached = []
            last_round = view.turns_left >= 0
            st = self.state
            st.frozen = Still()  # the notes stand still while the clues are weighed
            useful: dict[int, bool] = {}  # in the last round: whether a clue can help that seat
            try:
                for action in self._clue_actions(view):
                    if last_round:
                        target = action.target
                        if target not in useful:
                            useful[target] = self._turn_to_use(view, target)
                        if not useful[target]:
                            continue
                    option = self._evaluate(view, action)
                    if option is None:
                        continue
                    if last_round and not (option.gains or option.fixes):
                        continue
                    self._cached.append(option)
            finally:
                st.frozen = None
        return self._cached

    def _turn_to_use(self, view: SeatView, seat: int) -> bool:
        """In the last round a clue helps only a player who still has a turn and nothing known
        to play on it."""
        if (seat - self.seat) % self.variant.players >= view.turns_left:
            return False
        return not self._has_play(seat)

    def _known_plays(self, seat: int) -> int:
        """How many cards ``seat`` holds that the table knows they can play."""
        st = self.state
        return sum(1 for o in st.hands[seat] if st.sure_play(o))

    def _has_play(self, seat: int) -> bool:
        """Whether ``seat`` holds a card the table knows they can play (or a called blind play)."""
        st = self.state
        return any(st.sure_play(o) for o in st.hands[seat])

    def _urgent_fix(self, view: SeatView) -> tuple[Action, Reason] | None:
        """Fix: a clued card someone is sure fits but is a copy of a played card gets a clue
        that tells them so, before they misplay it."""
        if view.clue_tokens == 0 or not self._misplay_ahead():
            return None
        fixes = [o for o in self._options(view) if o.fixes]
        if not fixes:
            return None
        best = max(fixes, key=lambda o: (o.fixes, o.value))
        return best.action, self._clue_words(best)

    def _misplay_ahead(self) -> bool:
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
                unseen = ~self._exhausted(seat)
                if any(_within(st.belief(o) & unseen, playable) for o in wrong):
                    return True
        return False

    def _urgent_save(self, view: SeatView) -> tuple[Action, Reason] | None:
        """Save the next player's chop if it is worth saving and they have nothing to play."""
        if view.clue_tokens == 0:
            return None
        nxt = (self.seat + 1) % self.variant.players
        if not self._in_danger(nxt) or view.clue_tokens >= self.variant.clue_tokens:
            return None
        if self.variant.players == 2:
            play = self._play_over_save(view, nxt)
            if play is not None:
                return play
        st = self.state
        chop = st.chop(nxt)
        best: Option | None = None
        for option in self._options(view):
            if option.action.target != nxt or option.reading.focus != chop:
                continue
            if best is None or option.value > best.value:
                best = option
        if best is None or best.value <= 0:
            return None  # no save, or one that leaves as much at stake as it saves
        return best.action, self._clue_words(best)

    def _play_over_save(self, view: SeatView, seat: int) -> tuple[Action, Reason] | None:
        """A play clue for ``seat``, whose chop is in danger, worth at least one card: they play
        it on their turn instead of discarding, so the save is not needed yet."""
        plays = [
            option
            for option in self._options(view)
            if option.action.target == seat
            and option.kind == "play"
            and option.value >= PLAY_OVER_SAVE_WORTH
        ]
        if not plays:
            return None
        best = max(plays, key=lambda option: option.value)
        return best.action, self._clue_words(best)

    def _clue_words(self, option: Option, key: str = "conventions.clue") -> Reason:
        """The reason for giving ``option``: whom it tells, what it names, what it is for."""
        return reason(
            key,
            name=self._seat_name(option.action.target),
            clue=self._clue_name(option.action),
            why=option.detail,
        )

    def _best_clue(self, view: SeatView) -> tuple[Action, Reason] | None:
        """The most valuable clue: plays, finesses and prompts, or a save for a chop in danger."""
        if view.clue_tokens == 0:
            return None
        options = self._options(view)
        if not options:
            return None
        players = self.variant.players

        # among clues of equal worth, the receiver with fewer known plays already waiting:
        # needed cards piling up in one hand are played one a turn, and the game may end
        # before they all are; then the nearest receiver
        def key(option: Option) -> tuple[float, int, int]:
            distance = (option.action.target - self.seat) % players
            return (option.value, -self._known_plays(option.action.target), -distance)

        best = max(options, key=key)
        # with two players the only receiver acts next, so even a clue of small worth is used at
        # once; measured, it beats the discard it replaces
        worth = TWO_PLAYER_CLUE_WORTH if players == 2 else CLUE_WORTH
        threshold = worth if view.clue_tokens > 1 or view.draw_pile_size == 0 else 0.9
        if best.value < threshold:
            return None
        return best.action, self._clue_words(best)

    # ------------------------------------------------------------------ discards

    def _discard(self, view: SeatView) -> tuple[Action, Reason] | None:
        """Discard a card known to be useless, else the chop; never with every token left."""
        if view.clue_tokens >= self.variant.clue_tokens:
            return None
        st = self.state
        hand = view.hands[view.seat]
        crowded = self._crowded_seat(view)
        if crowded is not None:
            return self._hold(view, crowded)
        if self._stall_instead(view):
            return None  # a harmless clue, even rather than a known useless card (see below)
        for order in hand:
            if _within(self._own_belief(view, order), st.useless):
                if not self._fair_discard(view, order):
                    continue  # the others would read it as calling a card that does not fit
                return (
                    Action.discard(order),
                    reason("conventions.discard.useless", position=self._slot(view, order)),
                )
        if view.clue_tokens == 0 and st.screams:
            found = self._position_discard(view)
            if found is not None:
                return found
        chop = st.chop(view.seat)
        if chop is not None:
            return (
                Action.discard(chop),
                reason("conventions.discard.chop", position=self._slot(view, chop)),
            )
        return None

    def _call_over_play(self, view: SeatView) -> tuple[Action, Reason] | None:
        """With no clue token left, a positional discard even rather than a card I know fits:
        the next player plays the card it calls, my play waits a round, and the discard brings
        a clue token back. Not once the draw pile is empty, when my turn may be my last."""
        if view.clue_tokens > 0 or not self.state.screams or view.draw_pile_size == 0:
            return None
        return self._position_discard(view, "conventions.discard.position_over_play")

    def _fair_discard(self, view: SeatView, order: int) -> bool:
        """Whether a discard of ``order`` misleads nobody: with no clue token left its place may
        call a card (see :meth:`Tracker.position_call`), which must then fit."""
        st = self.state
        if view.clue_tokens > 0 or not st.screams:
            return True
        return self._fair_call(st.position_call(self.seat, order))

    def _fair_call(self, called: int | None) -> bool:
        """Whether a positional discard calling ``called`` (``None``: calling nothing) would
        have its holder play a card that fits and that no one else holds marked."""
        if called is None:
            return True
        st = self.state
        ident = st.ident.get(called, -1)
        if ident < 0 or not st.playable >> ident & 1 or called in st.called:
            return False
        me = self.seat
        return not any(
            st.ident.get(o) == ident and st.marked(o)
            for seat, hand in enumerate(st.hands)
            if seat != me
            for o in hand
        )

    def _position_discard(
        self, view: SeatView, key: str = "conventions.discard.position"
    ) -> tuple[Action, Reason] | None:
        """With no clue token left, a discard says something only by which card it is: rather
        than my chop, discard my card in the place of the next player's card that fits, which
        they then play (places as :meth:`Tracker.position_call` counts them). Never a card a
        finesse may have called; of several, the one I would miss least."""
        st = self.state
        hand = view.hands[view.seat]
        found = [
            (self._keep_value(view, order), -index, order)
            for index, order in enumerate(hand)
            if not st.marked(order)
            and order not in st.called
            and (called := st.position_call(self.seat, order)) is not None
            and self._fair_call(called)
        ]
        if not found:
            return None
        order = min(found)[2]
        return (
            Action.discard(order),
            reason(
                key,
                position=self._slot(view, order),
                name=self._seat_name((self.seat + 1) % self.variant.players),
            ),
        )

    def _crowded_seat(self, view: SeatView) -> int | None:
        """Another seat that holds two or more cards it knows it can play, and more of them
        than the turns it takes before the last card is drawn (if every turn draws): a discard
        brings the last round, and its one turn each, a turn sooner; a clue draws nothing."""
        if view.clue_tokens == 0 or view.draw_pile_size == 0:
            return None
        players = self.variant.players
        for ahead in range(1, players):
            seat = (self.seat + ahead) % players
            plays = self._known_plays(seat)
            # this turn takes the next card; ``seat`` takes one every ``players`` cards after
            turns = (view.draw_pile_size - ahead - 1 + players) // players
            if plays >= 2 and plays > turns:
                return seat
        return None

    def _hold(self, view: SeatView, crowded: int) -> tuple[Action, Reason] | None:
        """Instead of a discard, the clue a turn with nothing better gives (see
        :meth:`_last_resort`), said as given so that ``crowded`` keeps its turns."""
        found = self._last_resort(view)
        if found is None or not found[0].is_clue:
            return found
        action = found[0]
        return action, reason(
            "conventions.clue.hold",
            name=self._seat_name(action.target),
            clue=self._clue_name(action),
            why=reason("conventions.why.hold", name=self._seat_name(crowded)),
        )

    def _final_gamble(self, view: SeatView) -> tuple[Action, Reason] | None:
        """In the last round a card left in hand scores nothing: play the likeliest one while a
        misplay cannot end the game."""
        if view.turns_left < 0 or view.storms + 1 >= self.variant.storms:
            return None
        order, chance = self._likely_play(view)
        if chance <= 0:
            return None
        return (
            Action.play(order),
            reason("conventions.play.last_round", position=self._slot(view, order)),
        )

    def _stall_instead(self, view: SeatView) -> bool:
        """Late in the game (no more cards to draw than players) with tokens in hand, a harmless
        clue beats a discard: it loses no unknown card and, unlike any discard (even of a card
        known to be useless), draws none, so it brings the last round no closer."""
        return view.draw_pile_size <= self.variant.players and view.clue_tokens > 0

    def _last_resort(self, view: SeatView) -> tuple[Action, Reason] | None:
        """No plan applies: a harmless clue, else the cheapest discard, else the likeliest play."""
        st = self.state
        stuck = st.quiet >= 3 * self.variant.players
        if view.clue_tokens > 0 and not stuck:
            options = self._options(view)
            if options:
                best = max(options, key=lambda o: o.value)
                return best.action, self._clue_words(best)
            for action in self._clue_actions(view):
                if not action.is_clue:
                    continue
                mask = st.clue_mask(action.type, action.value)
                if not any(1 << st.ident[o] & mask for o in st.hands[action.target]):
                    return (
                        action,
                        reason(
                            "conventions.clue.empty",
                            name=self._seat_name(action.target),
                            clue=self._clue_name(action),
                        ),
                    )
            stall = self._stall_clue(view)
            if stall is not None:
                return stall
        hand = view.hands[view.seat]
        if view.clue_tokens < self.variant.clue_tokens and hand:
            order = self._spare(view)
            if view.draw_pile_size > 0 or not stuck or not self._likely_play(view)[1]:
                return (
                    Action.discard(order),
                    reason("conventions.discard.spare", position=self._slot(view, order)),
                )
        if hand:
            order, chance = self._likely_play(view)
            if view.storms < self.variant.storms - 1 or chance >= 0.999 or stuck:
                return (
                    Action.play(order),
                    reason("conventions.play.likeliest", position=self._slot(view, order)),
                )
        if view.clue_tokens > 0:
            options = self._options(view)
            if options:
                best = max(options, key=lambda o: o.value)
                return best.action, self._clue_words(best)
            clues = self._clue_actions(view)
            if clues:
                return clues[0], reason("conventions.clue.unsafe")
        return None

    def _stall_clue(self, view: SeatView) -> tuple[Action, Reason] | None:
        """A clue that misleads nobody, for a turn with nothing better: one that touches no new
        card first, else the one that touches the fewest."""
        best: tuple[float, Option] | None = None
        for action in self._clue_actions(view):
            option = self._evaluate(view, action, strict=False)
            if option is None:
                continue
            fresh = 0 if option.reading.focus is None else 1
            key = option.value - 2 * fresh
            if best is None or key > best[0]:
                best = (key, option)
        if best is None:
            return None
        option = best[1]
        return (
            option.action,
            reason(
                "conventions.clue.stall",
                name=self._seat_name(option.action.target),
                clue=self._clue_name(option.action),
            ),
        )

    def _spare(self, view: SeatView) -> int:
        """The card I would miss least, of those whose discard misleads nobody (the chop
        always qualifies: its place calls nothing)."""
        hand = view.hands[view.seat]
        fair = [o for o in hand if self._fair_discard(view, o)]
        return min(fair or hand, key=lambda o: (self._keep_value(view, o), hand.index(o)))

    def _keep_value(self, view: SeatView, order: int) -> float:
        """How much losing this card could cost: critical readings cost most."""
        st = self.state
        belief = self._own_belief(view, order)
        n = max(1, belief.bit_count())
        crit = (belief & st.critical).bit_count()
        useful = (belief & ~st.useless).bit_count()
        return (3 * crit + useful) / n + (0.5 if st.marked(order) else 0)

    def _likely_play(self, view: SeatView) -> tuple[int, float]:
        st = self.state
        best = (view.hands[view.seat][0], -1.0)
        for order in view.hands[view.seat]:
            belief = self._own_belief(view, order)
            n = max(1, belief.bit_count())
            chance = (belief & st.playable).bit_count() / n
            if chance > best[1]:
                best = (order, chance)
        return best

    # ------------------------------------------------------------------ bonus tiles

    def _decide(self, view: SeatView, decision: Decision) -> tuple[Action, Reason]:
        """Bonus tiles: a free clue as the best clue of that kind; a card to take back or play
        from the discard pile as the one closest to being played."""
        legal = view.legal_actions
        if decision in (Decision.FREE_COLOUR_CLUE, Decision.FREE_RANK_CLUE):
            options = [o for o in self._options(view) if o.action in legal]
            if options:
                best = max(options, key=lambda o: o.value)
                return best.action, self._clue_words(best, "conventions.free_clue")
            return legal[0], reason("conventions.free_clue.harmless")
        st = self.state

        def distance(action: Action) -> tuple[int, int]:
            i = st.ident.get(action.target, 0)
            card = st.tables.card[i]
            row = st.tables.needed[card.suit]
            pos = row.index(i)
            played = st.fireworks[card.suit]
            return (0 if pos >= played else 1, pos - played)

        choice = min(legal, key=distance)
        what = st.ident.get(choice.target, 0)
        if decision is Decision.RESHUFFLE:
            return choice, self._card_said("conventions.bonus.shuffle_back", what)
        return choice, self._card_said("conventions.bonus.play_discarded", what)


def _bits(mask: int) -> list[int]:
    found = []
    ident = 0
    while mask:
        if mask & 1:
            found.append(ident)
        mask >>= 1
        ident += 1
    return found


def _single(mask: int) -> int:
    return mask.bit_length() - 1


__all__ = ["RANK_CLUE", "ConventionsBot"]
