"""``conventions``: a bot that plays a documented, human-style convention set (docs/conventions.md).

On its turn it takes the first of these that applies:

1. answer a bonus tile's decision;
2. play a card a finesse called blind, once it fits;
3. save the next player's chop when it is a 5, a 2 or a critical card and they have nothing
   to play (with four or five players and three clue tokens or more, a card it knows fits is
   played first);
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

Once seven cards or fewer are left to draw, the move these steps choose (unless it plays a card
the bot knows fits) is checked by the endgame search (:mod:`.endgame`): a few other moves are
played out on deals this seat cannot tell from the real one, and one that scores clearly more
replaces it. ``search=False`` turns it off.

What each clue would tell the table, and what it is worth, is worked out in :mod:`.clues`; what
the bot says about its moves in :mod:`.words`.

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

from openhanabi.bots.conventions import endgame, rules
from openhanabi.bots.conventions import lookahead as midgame_search
from openhanabi.bots.conventions.clues import ClueBook, Option, clue_actions
from openhanabi.bots.conventions.rules import identities, single, within
from openhanabi.bots.conventions.state import RANK_CLUE, Still, Tracker
from openhanabi.bots.conventions.words import card_said, clue_said
from openhanabi.bots.explanation import Reason, english, position, reason
from openhanabi.bots.protocol import Bot
from openhanabi.bots.registry import register
from openhanabi.rules import Action, ActionType, Decision, SeatView, Variant

CLUE_WORTH = 0.5  # the least a clue must be worth to spend a token on it
# what a card that may be a last copy costs to let go, for each point its firework would lose
# (a possible red 2 costs more to discard than a possible 5; before, every last copy cost 3:
# measured, paired with the search, +0.03 / +0.01 a game with two / three players, less with
# four and five)
KEEP_STAKE_WORTH = 1.5
TWO_PLAYER_CLUE_WORTH = 0.2
LAST_TOKEN_WORTH = 0.9  # the least a clue must be worth to spend the last token on it
# with two players a play clue worth this much goes to a partner in danger before a save: they
# play rather than discard, and the save can wait for a turn in which they have nothing to play
PLAY_OVER_SAVE_WORTH = 1.0
# with four or five players and this many clue tokens or more, a card the bot knows fits is
# played before the next player's chop is saved: with tokens to spare that player would rather
# give a clue than discard, and the save can come on the next turn (measured, it gains with
# four and five players and loses with three)
PLAY_BEFORE_SAVE_TOKENS = 3
# with this many players a clue that finesses goes before the bot's own known play: only it can
# give that finesse (the other two players are its receiver and the player it finesses), and
# the player finessed acts before its next turn; if they play or discard, another card takes
# their finesse position (measured, it gains with three players and nothing with four or five,
# where another player could give the same clue in time)
FINESSE_FIRST_PLAYERS = 3

# with one storm token left, a marked card is played as known only when the table too takes it
# for a card that fits, with this many players or fewer (see ConventionsBot._trusted)
DOUBT_OWN_SIGHT_PLAYERS = 3
# the endgame search tries playing a card only when it is this likely to fit, and at most the
# likeliest PLAY_CANDIDATES cards: a long shot seldom beats the convention's move, and every
# candidate is one more chance for the few deals weighed to favour a move by luck (measured,
# two chances in five gain a little on every player count over one in five)
PLAY_FLOOR = 0.4
PLAY_CANDIDATES = 2
# and the best clue for each of up to this many players
CLUE_RECEIVERS = 3


@register
class ConventionsBot(Bot):
    name = "conventions"
    summary = "human-style conventions: chop, play and save clues, prompts and finesses"
    # whether the search checks the moves of the middle of the game too (see :mod:`.lookahead`)
    lookahead = False

    def __init__(self, seat: int, variant: Variant, seed: int = 0, *, search: bool = True) -> None:
        super().__init__(seat, variant, seed)
        self.state = Tracker(seat, variant)
        self._why: Reason | None = None
        self._new_turn()
        # the endgame search (see :mod:`.endgame`), for tables without bonus tiles
        self.search = search and not variant.bonus_tiles
        self._before: Tracker | None = None  # the notes as they stood before my last move
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
        self.clues = ClueBook(self.state, self.seat)
        self._save_waits: int | None = None  # the next player, whose save waits for my play
        # (identity, holder): a card I know fits but leave for the holder of a copy to play
        self._copy_first: tuple[int, int] | None = None

    def explain(self) -> str:
        return "" if self._why is None else english(self._why, self.variant)

    def reason(self) -> Reason | None:
        return self._why

    # ------------------------------------------------------------------ naming

    def _slot(self, view: SeatView, order: int) -> int:
        return position(view.own_hand, order)

    # ------------------------------------------------------------------ the turn

    def act(self, view: SeatView) -> Action:
        st = self.state
        st.sync(view)
        snapshot = None
        players = view.variant.players
        if (
            self.search
            and players >= endgame.CHECKED_FROM
            and (view.draw_pile_size <= endgame.DRAW_PILE + players)
        ):
            # the next turn's search checks its deals against the partners' moves from here
            snapshot = endgame.copy_tracker(st, self.seat, dict(st.ident))
        st.frozen = Still()  # the notes stand still until the move is chosen
        try:
            return self._choose(view)
        finally:
            st.frozen = None
            if self.search:
                self._before = snapshot

    def _choose(self, view: SeatView) -> Action:
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
            self._finesse_first,
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
        clearly on deals this seat cannot tell from the real one (see :mod:`.endgame`); with
        ``lookahead`` on, in the middle of the game as well (see :mod:`.lookahead`)."""
        if view.pending is not None:
            return planned
        midgame = view.draw_pile_size > endgame.DRAW_PILE
        if midgame and not (self.lookahead and midgame_search.applies(view)):
            return planned
        candidates = self._search_candidates(view, planned, any_time=midgame)
        if len(candidates) < 2:
            return planned
        st = self.state
        masks = [self._own_belief(view, order) for order in view.own_hand]
        rng = random.Random((self.seed * 1_000_003 + view.turn) * 8 + self.seat)

        def make_seat(seat: int, state: Tracker) -> Bot:
            return ConventionsBot.playing_out(seat, self.variant, state)

        if midgame:
            choice = midgame_search.weigh(view, st, candidates, masks, make_seat, rng)
        else:
            choice = endgame.search(
                view, st, candidates, masks, make_seat, rng, before=self._before
            )
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
        sure point), nothing in the last round or with more than three cards left to draw (unless
        ``any_time``: the look-ahead of the middle of the game, :mod:`.lookahead`)."""
        st = self.state
        hand = view.hands[view.seat]
        if planned.type == ActionType.PLAY and not any_time:
            target = planned.target
            known = st.marked(target) or within(view.knowledge[target].possible_mask, st.playable)
            sure = target in st.blind or (
                known and within(self._own_belief(view, target), st.playable)
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
            options = self.clues.options(view)
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
                name=action.target,
                clue=clue_said(action),
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
                        card_said(
                            self.state.tables,
                            "conventions.play.blind",
                            ident,
                            position=self._slot(view, order),
                        ),
                    )
        return None

    def _known_play(self, view: SeatView) -> tuple[Action, Reason] | None:
        """Play a card every reading of which fits now: first one whose next card another player
        holds marked (so they can play theirs on their turn), then the lowest, then the oldest;
        last one whose play would leave a marked copy in another hand looking like a card that
        fits (see :meth:`_misleads_copy`), or, with one storm left, the next player taking a copy
        for the card after it (see :meth:`_dooms`). A marked card counts as known only when
        :meth:`_trusted`."""
        st = self.state
        best: tuple[bool, int, int, int, int] | None = None
        waiting: dict[int, int] | None = None  # worked out once some card is known to fit
        for index, order in enumerate(view.hands[view.seat]):
            if not st.marked(order) and not within(
                view.knowledge[order].possible_mask, st.playable
            ):
                continue
            belief = self._own_belief(view, order)
            if within(belief, st.playable) and self._trusted(view, order):
                if waiting is None:
                    waiting = self._waiting_on()
                rank = min(st.tables.card[i].rank for i in identities(belief))
                unlocks = sum(1 for i in identities(belief) if i in waiting)
                misleads = (
                    self._misleads_copy(belief) is not None or self._dooms(view, belief) is not None
                )
                key = (misleads, -unlocks, rank, index, order)
                if best is None or key < best:
                    best = key
        if best is None or waiting is None:
            return None
        order = best[4]
        belief = self._own_belief(view, order)
        misled = self._misleads_copy(belief) if best[0] else None
        if misled is not None:
            holder, copy = misled
            if within(st.belief(copy), st.playable):
                # they take theirs for a card that fits and play it on their turn: mine waits
                self._copy_first = single(belief), holder
                return None
            if view.clue_tokens > 0:
                shown = self._show_copy(view, holder, copy)
                if shown is not None:
                    return shown
        doomed = self._dooms(view, belief) if best[0] and misled is None else None
        if doomed is not None and view.clue_tokens > 0:
            fix = self._fix_first(view, belief, *doomed)
            if fix is not None:
                return fix
        position = self._slot(view, order)
        if belief & (belief - 1) == 0 and single(belief) in waiting:
            who = waiting[single(belief)]
            why = card_said(
                self.state.tables,
                "conventions.play.first",
                single(belief),
                position=position,
                name=who,
            )
        elif self._position_called(view, order):
            # no clue touched it: the previous player's positional discard called it
            why = reason(
                "conventions.play.called",
                position=position,
                name=(self.seat - 1) % self.variant.players,
            )
        elif belief & (belief - 1) == 0:
            why = card_said(
                self.state.tables, "conventions.play.known", single(belief), position=position
            )
        else:
            why = reason("conventions.play.fits", position=position)
        if self._save_waits is not None:
            why = reason(
                "conventions.play.before_save",
                position=position,
                name=self._save_waits,
                tokens=view.clue_tokens,
            )
        return self._play_action(view, order, belief), why

    def _position_called(self, view: SeatView, order: int) -> bool:
        """Whether my card ``order`` is marked only because a positional discard called it
        (see :meth:`Tracker.position_call`): no clue has touched it."""
        st = self.state
        return order in st.touched and not view.knowledge[order].touched

    def _misleads_copy(self, belief: int) -> tuple[int, int] | None:
        """The (holder, card) of a marked copy in another hand that my card, known to be one
        identity, would leave looking like a card that fits once played: good touch drops the
        played identity from their card, and what is left would all fit. They would misplay it
        on their turn (Cathy's clued card is red or yellow 3 to her and is the red 3: once I play
        my red 3, it is "the yellow 3" to her)."""
        st = self.state
        if belief & (belief - 1):
            return None
        ident = single(belief)
        after = rules.fits_once_played(st.tables, st.playable, 1 << ident)
        for seat, hand in enumerate(st.hands):
            if seat == self.seat:
                continue
            for order in hand:
                if st.ident.get(order) != ident or not st.marked(order):
                    continue
                if within(st.belief(order) & ~(1 << ident), after):
                    return seat, order
        return None

    def _trusted(self, view: SeatView, order: int) -> bool:
        """Whether a card this seat knows fits may be played as known: with one storm token
        left and two or three players, a marked card only when the table too takes it for a
        card that fits, not when only the copies this seat sees rule out the rest (a copy of a
        played card, which good touch reads as another, is then misplayed). With more players
        a seat sees more copies, rightly, and waiting costs more (measured without the search,
        one storm, seeds 0-999: +0.27 / +0.50 / -0.01 / -0.32 a game with 2 / 3 / 4 / 5
        players)."""
        st = self.state
        if view.storms + 1 < self.variant.storms or st.players > DOUBT_OWN_SIGHT_PLAYERS:
            return True
        return not st.marked(order) or within(st.belief(order), st.playable)

    def _dooms(self, view: SeatView, belief: int) -> tuple[int, int] | None:
        """With one storm token left (a misplay ends the game), the (holder, card) of a marked
        card of the next player that my card, known to be one identity, would leave looking
        like a card that fits though it does not: in their notes the next card of my firework,
        in truth a copy of a card already played (Cathy takes her red 2 for the white 2: once I
        play my white 1, she would play it). With more storms left, a misplay of such a copy
        costs about what a fix does (see docs/conventions-research.md)."""
        st = self.state
        if belief & (belief - 1) or view.storms + 1 < self.variant.storms:
            return None
        ident = single(belief)
        after = rules.fits_once_played(st.tables, st.playable, 1 << ident)
        holder = (self.seat + 1) % st.players
        unseen = ~self.clues.exhausted(holder)
        for order in st.hands[holder]:
            truth = st.ident.get(order, -1)
            if truth < 0 or after >> truth & 1 or not st.marked(order):
                continue
            seen = st.belief(order) & ~belief
            if within(seen & unseen or seen, after) and not within(seen, st.playable):
                return holder, order
        return None

    def _fix_first(
        self, view: SeatView, belief: int, holder: int, card: int
    ) -> tuple[Action, Reason] | None:
        """A clue that shows ``holder`` their marked ``card`` is not the card my play (known
        to be ``belief``) would make it look like: a clue worth giving, or one that touches
        none of their cards and leaves no other card of theirs looking like one that fits."""
        st = self.state
        after = rules.fits_once_played(st.tables, st.playable, belief)
        unseen = ~self.clues.exhausted(holder)
        fixes = []
        for option, left in self._clues_on(view, holder, card):
            left &= ~belief
            if not within(left & unseen or left, after):
                fixes.append(option)
        if fixes:
            fix = max(fixes, key=lambda option: option.value).action
        else:
            empty = self.clues.empty_clue(view, holder, after, belief)
            if empty is None:
                return None
            fix = empty
        return fix, self._fix_words(fix)

    def _fix_words(self, fix: Action) -> Reason:
        """The reason for ``fix``, a clue that is not weighed as an option (an empty clue, or one
        that heads off a misplay my own play would cause)."""
        return reason(
            "conventions.clue",
            name=fix.target,
            clue=clue_said(fix),
            why=reason("conventions.why.fix_misplay"),
        )

    def _clues_on(self, view: SeatView, holder: int, card: int) -> list[tuple[Option, int]]:
        """Each clue worth considering for ``holder``, with the belief their marked ``card``
        would have after it (its reading left out)."""
        st = self.state
        hand = st.hands[holder]
        found = []
        for option in self.clues.options(view):
            action = option.action
            if action.target == holder:
                mask = st.clue_mask(action.type, action.value)
                touched = tuple(o for o in hand if 1 << st.ident[o] & mask)
                found.append((option, st.belief_after(card, touched, mask)))
        return found

    def _show_copy(self, view: SeatView, holder: int, copy: int) -> tuple[Action, Reason] | None:
        """The best clue that shows ``holder`` that their marked ``copy`` fits now: they play it,
        and my own copy, which I know, becomes one I know is no longer needed."""
        st = self.state
        shows = [
            option
            for option, left in self._clues_on(view, holder, copy)
            if within(left, st.playable)
        ]
        if not shows:
            return None
        best = max(shows, key=lambda option: option.value)
        return best.action, self._clue_words(best)

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
        if not self.clues.in_danger(nxt):
            return None
        theirs = st.chop(nxt)
        if theirs is None or not st.critical >> st.ident[theirs] & 1:
            return None
        mine = st.chop(self.seat)
        if mine is None or within(self._own_belief(view, mine), st.critical):
            return None
        return (
            Action.discard(mine),
            reason(
                "conventions.discard.scream",
                position=self._slot(view, mine),
                name=nxt,
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

    def _urgent_fix(self, view: SeatView) -> tuple[Action, Reason] | None:
        """Fix: a clued card someone is sure fits but is a copy of a played card gets a clue
        that tells them so, before they misplay it."""
        if view.clue_tokens == 0 or not self.clues.misplay_ahead():
            return None
        fixes = [o for o in self.clues.options(view) if o.fixes]
        if fixes:
            best = max(fixes, key=lambda o: (o.fixes, o.value))
            action, words = best.action, self._clue_words(best)
        else:
            # with storms to spare, the misplay of a copy no longer needed costs a storm, about
            # what a clue that names nothing costs (measured: -0.004 / -0.008 a game with four
            # players without / with the search), so such a fix is kept for needed cards
            empty = self.clues.empty_fix(view, view.storms + 1 < self.variant.storms)
            if empty is None:
                return None
            action, words = empty, self._fix_words(empty)
        save = self._save_before_fix(view, action.target)
        if save is not None:
            return save
        return action, words

    def _save_before_fix(self, view: SeatView, holder: int) -> tuple[Action, Reason] | None:
        """A save for the last copy of a card on a chop in danger, rather than a fix for
        ``holder``, when every card the fix heads off is no longer needed and a misplay cannot
        end the game: that misplay costs a storm, the lost copy its firework's remaining points.
        The fix can come later, from this seat or another."""
        if view.storms + 1 >= self.variant.storms:
            return None
        st = self.state
        if not all(st.useless >> st.ident[o] & 1 for o in self.clues.doomed(holder)):
            return None
        saves = []
        for option in self.clues.options(view):
            receiver = option.action.target
            focus = option.reading.focus
            if (
                option.kind == "save"
                and focus is not None
                and focus == st.chop(receiver)
                and st.critical >> st.ident[focus] & 1
                and self.clues.in_danger(receiver)
            ):
                saves.append(option)
        if not saves:
            return None
        save = max(saves, key=lambda o: o.value)
        return save.action, reason(
            "conventions.clue.save_before_fix",
            name=save.action.target,
            clue=clue_said(save.action),
            why=save.detail,
            name2=holder,
        )

    def _urgent_save(self, view: SeatView) -> tuple[Action, Reason] | None:
        """Save the next player's chop if it is worth saving and they have nothing to play
        (with four or five players and ``PLAY_BEFORE_SAVE_TOKENS`` tokens or more, a card I
        know fits goes first)."""
        if view.clue_tokens == 0:
            return None
        nxt = (self.seat + 1) % self.variant.players
        if not self.clues.in_danger(nxt) or view.clue_tokens >= self.variant.clue_tokens:
            return None
        if (
            self.variant.players >= 4
            and view.clue_tokens >= PLAY_BEFORE_SAVE_TOKENS
            and self._known_play(view) is not None
        ):
            self._save_waits = nxt
            return None  # the play goes first (see PLAY_BEFORE_SAVE_TOKENS)
        if self.variant.players == 2:
            play = self._play_over_save(view, nxt)
            if play is not None:
                return play
        st = self.state
        chop = st.chop(nxt)
        best: Option | None = None
        for option in self.clues.options(view):
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
            for option in self.clues.options(view)
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
            name=option.action.target,
            clue=clue_said(option.action),
            why=option.detail,
        )

    def _best_clue(self, view: SeatView) -> tuple[Action, Reason] | None:
        """The most valuable clue: plays, finesses and prompts, or a save for a chop in danger."""
        best = self._best_option(view)
        return None if best is None else (best.action, self._clue_words(best))

    def _finesse_first(self, view: SeatView) -> tuple[Action, Reason] | None:
        """With ``FINESSE_FIRST_PLAYERS`` players, the best clue before a card I know fits when
        that clue finesses: nobody else can give it, and it may not wait for my next turn."""
        players = self.variant.players
        if players != FINESSE_FIRST_PLAYERS or view.draw_pile_size <= 2 * players:
            return None  # near the end the endgame search weighs the two
        st = self.state
        if not any(
            order in st.ident and st.playable >> st.ident[order] & 1
            for seat in range(players)
            if seat != self.seat and (order := st.finesse_position(seat)) is not None
        ):
            return None  # no finesse position holds a card that fits: no clue can finesse
        best = self._best_option(view)
        if best is None:
            return None
        finessed = next((link.seat for link in best.reading.links if link.kind == "finesse"), None)
        if finessed is None:
            return None
        play = self._known_play(view)
        if play is None or play[0].type is not ActionType.PLAY:
            return None  # nothing to play, or a clue the play itself needs first
        chain = 0  # the identities the clue gets played
        for link in best.reading.links:
            chain |= 1 << link.ident
        if best.reading.focus in st.ident:
            chain |= 1 << st.ident[best.reading.focus]
        if self._own_belief(view, play[0].target) & chain:
            # my card may be one the clue gets played, which would leave it a copy I take for a
            # card that fits: it is played first
            return None
        return best.action, reason(
            "conventions.clue.finesse_first",
            name=best.action.target,
            clue=clue_said(best.action),
            why=best.detail,
            position2=self._slot(view, play[0].target),
            name2=finessed,
        )

    def _best_option(self, view: SeatView) -> Option | None:
        """The clue :meth:`_best_clue` gives, if any is worth its token."""
        if view.clue_tokens == 0:
            return None
        options = self.clues.options(view)
        if not options:
            return None
        players = self.variant.players

        # among clues of equal worth, the receiver with fewer known plays already waiting:
        # needed cards piling up in one hand are played one a turn, and the game may end
        # before they all are; then the nearest receiver; then a colour clue rather than a
        # rank clue (measured, rank clues first lose 0.1-0.3 points and strike out)
        def key(option: Option) -> tuple[float, int, int, bool]:
            distance = (option.action.target - self.seat) % players
            colour = option.action.type is ActionType.COLOUR_CLUE
            return (option.value, -self.clues.known_plays(option.action.target), -distance, colour)

        best = max(options, key=key)
        # with two players the only receiver acts next, so even a clue of small worth is used at
        # once; measured, it beats the discard it replaces
        worth = TWO_PLAYER_CLUE_WORTH if players == 2 else CLUE_WORTH
        threshold = worth if view.clue_tokens > 1 or view.draw_pile_size == 0 else LAST_TOKEN_WORTH
        if best.value < threshold:
            return None
        return best

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
            if within(self._own_belief(view, order), st.useless):
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
        if chop is None:
            return None
        if self._copy_first is not None:
            ident, holder = self._copy_first
            why = card_said(
                st.tables,
                "conventions.discard.chop_for_copy",
                ident,
                position=self._slot(view, chop),
                name=holder,
            )
        else:
            why = reason("conventions.discard.chop", position=self._slot(view, chop))
        return Action.discard(chop), why

    def _call_over_play(self, view: SeatView) -> tuple[Action, Reason] | None:
        """With no clue token left, a positional discard even rather than a card I know fits:
        the next player plays the card it calls, my play waits a round, and the discard brings
        a clue token back. Not once the draw pile is empty, when my turn may be my last."""
        if view.clue_tokens > 0 or not self.state.screams or view.draw_pile_size == 0:
            return None
        found = self._position_discard(view)
        if found is None or self._known_play(view) is None:
            return found  # nothing to play: the discard is said to be made rather than the chop
        action, why = found
        return action, reason("conventions.discard.position_over_play", **why.params)

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

    def _position_discard(self, view: SeatView) -> tuple[Action, Reason] | None:
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
                "conventions.discard.position",
                position=self._slot(view, order),
                name=(self.seat + 1) % self.variant.players,
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
            plays = self.clues.known_plays(seat)
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
            name=action.target,
            clue=clue_said(action),
            why=reason("conventions.why.hold", name=crowded),
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
            options = self.clues.options(view)
            if options:
                best = max(options, key=lambda o: o.value)
                return best.action, self._clue_words(best)
            for action in clue_actions(view):
                if not action.is_clue:
                    continue
                mask = st.clue_mask(action.type, action.value)
                if not any(1 << st.ident[o] & mask for o in st.hands[action.target]):
                    return (
                        action,
                        reason(
                            "conventions.clue.empty",
                            name=action.target,
                            clue=clue_said(action),
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
            options = self.clues.options(view)
            if options:
                best = max(options, key=lambda o: o.value)
                return best.action, self._clue_words(best)
            clues = clue_actions(view)
            if clues:
                return clues[0], reason("conventions.clue.unsafe")
        return None

    def _stall_clue(self, view: SeatView) -> tuple[Action, Reason] | None:
        """A clue that misleads nobody, for a turn with nothing better: one that touches no new
        card first, else the one that touches the fewest."""
        best: tuple[float, Option] | None = None
        for action in clue_actions(view):
            option = self.clues.evaluate(view, action, strict=False)
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
                name=option.action.target,
                clue=clue_said(option.action),
            ),
        )

    def _spare(self, view: SeatView) -> int:
        """The card I would miss least, of those whose discard misleads nobody (the chop
        always qualifies: its place calls nothing)."""
        hand = view.hands[view.seat]
        fair = [o for o in hand if self._fair_discard(view, o)]
        return min(fair or hand, key=lambda o: (self._keep_value(view, o), hand.index(o)))

    def _keep_value(self, view: SeatView, order: int) -> float:
        """How much losing this card could cost, over the identities it may be: one for each
        still needed, and ``KEEP_STAKE_WORTH`` more for each point a last copy's firework would
        lose."""
        st = self.state
        belief = self._own_belief(view, order)
        n = max(1, belief.bit_count())
        useful = (belief & ~st.useless).bit_count()
        cost = sum(
            KEEP_STAKE_WORTH * self.clues.at_stake(ident)
            for ident in identities(belief & st.critical)
        )
        return (cost + useful) / n + (0.5 if st.marked(order) else 0)

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
            options = [o for o in self.clues.options(view) if o.action in legal]
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
            return choice, card_said(self.state.tables, "conventions.bonus.shuffle_back", what)
        return choice, card_said(self.state.tables, "conventions.bonus.play_discarded", what)


@register
class ConventionsSearchBot(ConventionsBot):
    """The ``conventions`` bot, whose every move from the middle of the game on is checked by
    play-outs (:mod:`.lookahead`): stronger, and about fifty times slower. Its partners read
    it as they read the ``conventions`` bot: a move the search chose is one the convention
    weighs too, and every clue keeps the convention's meaning."""

    name = "conventions-search"
    summary = "the conventions bot, checking each move of the middle game by playing it out (slow)"
    lookahead = True


__all__ = ["RANK_CLUE", "ConventionsBot", "ConventionsSearchBot"]
