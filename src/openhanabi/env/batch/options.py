"""The rules' options for many games at once: declared play, bonus tiles, play until perfect and
hanab.live's ending rule, exactly as :class:`openhanabi.rules.Game` plays them (RULES.md
sections 5, 6 and 9).

:class:`OptionRules` steps a :class:`~openhanabi.env.batch.state.BatchState` whose variant has
any of them on; the base game keeps the state's own, shorter turn. One action of each game:

1. A play or discard takes the card from the hand. A play that declares a suit other than the
   card's is a storm and the card is lost; a right declaration of a card that fits earns a clue
   token before the card is added (and any completion bonus after it).
2. A clue spends a token, unless it answers a bonus tile (a free clue).
3. A choice answers a bonus tile with an identity of the discard pile (copies are alike): tile
   5 shuffles it back into the draw pile at the position the game's generator draws (the deck's
   later orders move one down, as the card takes a new order when drawn), tile 6 plays it.
4. Completing a firework (not the last) draws a bonus tile while any are left, else earns a
   token; a tile's effect applies at once, or leaves a decision pending when it has a choice.
5. With no decision pending, the hand draws the replacement of the card it took (in this action
   or before the decision) and the turn ends; the ending rules of the options then apply.
"""

from __future__ import annotations

import numpy as np

from openhanabi.env.batch.decks import Deals
from openhanabi.env.batch.state import (
    CHOOSE,
    COLOUR_CLUE,
    DISCARD,
    PLAY,
    PLAYED_FROM_DISCARD,
    RANK_CLUE,
    RESHUFFLED,
    BatchState,
    Bools,
    Ints,
)
from openhanabi.env.batch.tiles import (
    FREE_COLOUR_CLUE,
    FREE_RANK_CLUE,
    NO_DECISION,
    PLAY_FROM_DISCARD,
    RESHUFFLE,
    TILES,
    BonusTiles,
)
from openhanabi.rules.tables import tables_for


class OptionRules:
    """The turn of a batch whose variant has options on (see the module's notes)."""

    def __init__(self, state: BatchState) -> None:
        variant = state.variant
        self.state = state
        self.until_perfect = variant.all_or_nothing
        self.live_ending = variant.hanab_live_ending
        self.tiles = BonusTiles(state.games) if variant.bonus_tiles else None
        self.took = np.zeros(state.games, np.bool_)  # a card left the hand, not yet replaced
        tables = tables_for(variant)
        k = state.identities
        self.copies = np.array(tables.copies, np.int64)
        self.suit_of = np.arange(k) // 5
        self.place = np.zeros(k, np.int64)  # each identity's place in its suit's play order
        for row in tables.needed:
            for place, ident in enumerate(row):
                if ident >= 0:
                    self.place[ident] = place
        # per suit and cards played, the identity the firework takes next, K once complete,
        # flat: row ``suit * 7`` (see RuleTables.needed)
        needed = state.rules.needed
        self.needed_next = np.where(needed < 0, k, needed).reshape(-1)
        self.suit_rows = np.arange(state.suits) * needed.shape[1]
        self.copies_of = np.append(self.copies, 0)  # copies per identity, 0 for K
        # identities some colour clue touches (black powder: none), with the sentinel K
        self.coloured: Bools = np.asarray(state.rules.colour_touch.any(axis=0))

    @property
    def pending(self) -> Ints | None:
        """Per game, the decision a bonus tile asks for (``None`` without bonus tiles)."""
        return None if self.tiles is None else self.tiles.pending

    def deal(self, rows: Ints, deals: Deals) -> None:
        """Start new games in ``rows`` (decks, and tiles with bonus tiles)."""
        self.state.deal(rows, deals.decks)
        self.took[rows] = False
        if self.tiles is not None:
            self.tiles.deal(rows, deals.tiles, deals.chance)

    def apply(
        self,
        kind: Ints,
        slot: Ints,
        offset: Ints,
        clue: Ints,
        declare: Ints,
        choice: Ints,
    ) -> tuple[Bools, Bools]:
        """One action in every game (legal moves, decoded as by
        :meth:`~openhanabi.env.batch.moves.BatchMoves.decode_options`). Returns (ended, lost)
        as :meth:`BatchState.apply` does."""
        state = self.state
        last = state.last
        actor = state.seat
        tiles = self.tiles
        last.tokens_before[:] = state.clue_tokens
        decision = np.full(state.games, NO_DECISION)  # the decision each action answers
        if tiles is not None:
            decision[:] = tiles.pending
            tiles.pending[:] = NO_DECISION
        answering = decision != NO_DECISION
        drawn_tile = np.zeros(state.games, np.int64)  # the tile each action draws, 0 if none

        takes, ident, added, misplayed = self._take_cards(actor, kind, slot, declare, drawn_tile)
        clues = np.flatnonzero((kind == COLOUR_CLUE) | (kind == RANK_CLUE))
        state.give_clues(actor, clues, offset, clue, answering)
        choose = kind == CHOOSE
        if tiles is not None and choose.any():
            from_discard = self._choose(np.flatnonzero(choose), decision, choice, drawn_tile)
            added = added | from_discard
        if tiles is not None and drawn_tile.any():
            self._tile_effects(np.flatnonzero(drawn_tile), drawn_tile, actor)

        last.actor[:] = actor
        result_kind = np.where(decision == RESHUFFLE, RESHUFFLED, PLAYED_FROM_DISCARD)
        last.kind[:] = np.where(choose, result_kind, kind)
        last.slot[:] = np.where(takes, slot, -1)
        last.card[:] = np.where(takes, ident, np.where(choose, choice, -1))
        last.added[:] = added
        last.storm[:] = misplayed
        last.wrong[:] = misplayed & (declare >= 0) & (declare != ident // 5)
        last.declared[:] = np.where(kind == PLAY, declare, -1)
        last.answered[:] = answering
        last.tile[:] = drawn_tile
        return self._end_action(actor)

    # ------------------------------------------------------------------ the action

    def _take_cards(
        self, actor: Ints, kind: Ints, slot: Ints, declare: Ints, drawn_tile: Ints
    ) -> tuple[Bools, Ints, Bools, Bools]:
        """Plays (declared or not) and discards; the replacement is drawn at the turn's end.
        Returns (takes, identity taken, added to a firework, storm)."""
        state = self.state
        rules = state.rules
        rows = state.rows
        play = kind == PLAY
        discard = kind == DISCARD
        takes = play | discard
        slot = np.where(takes, slot, state.hand_size)
        seat_rows = state.seat_base + actor
        hand = state.hands_by_seat[seat_rows]
        order = hand.reshape(-1)[state.slot_base + slot]
        ident = state.deck_flat[state.card_base + order]
        suit = np.minimum(ident // 5, state.suits - 1)  # the sentinel K needs a real suit row
        fits = rules.needed[suit, state.fireworks[rows, suit]] == ident
        declared = declare >= 0  # only plays declare
        added = play & fits & ~(declared & (declare != suit))
        misplayed = play & ~added
        # a right declaration's token comes before the card's completion bonus
        self._gain(np.flatnonzero(added & declared))
        state.clue_tokens += discard
        state.storms += misplayed
        self._lose(np.flatnonzero(discard | misplayed), ident)
        state.hands_by_seat[seat_rows] = hand.reshape(-1)[
            state.slot_base[:, None] + state.slot_shift[slot]
        ]
        state.held.reshape(-1)[seat_rows] -= takes
        self.took |= takes
        self._add(np.flatnonzero(added), suit, drawn_tile)
        return takes, ident, added, misplayed

    def _choose(self, games: Ints, decision: Ints, choice: Ints, drawn_tile: Ints) -> Bools:
        """Bonus tiles 5 and 6 answered with a card of the discard pile: shuffled back or
        played. Returns the games that added a card to a firework."""
        state = self.state
        tiles = self.tiles
        assert tiles is not None
        chosen = choice[games]
        copies = state.lost[games, chosen] - 1
        state.lost[games, chosen] = copies
        state.discards[games, state.discard_start[chosen] + copies] = 0
        deck = state.deck
        for game, ident in zip(
            games[decision[games] == RESHUFFLE].tolist(),
            chosen[decision[games] == RESHUFFLE].tolist(),
            strict=True,
        ):
            # the draw pile runs from order `drawn` to `deck_end`; the card lands below
            # `position` cards, and the orders from there on move one down
            drawn, end = int(state.drawn[game]), int(state.deck_end[game])
            at = drawn + tiles.position(game, end - drawn + 1)
            deck[game, at + 1 : end + 1] = deck[game, at:end]
            deck[game, at] = ident
            state.deck_end[game] = end + 1
        played = np.zeros(state.games, np.bool_)
        played[games[decision[games] == PLAY_FROM_DISCARD]] = True
        self._add(np.flatnonzero(played), choice // 5, drawn_tile)
        return played

    def _add(self, games: Ints, suit: Ints, drawn_tile: Ints) -> None:
        """Each of ``games`` adds a card to the firework ``suit[game]``; completing one (not
        the last) draws a bonus tile while any are left, else earns a clue token."""
        if not games.size:
            return
        state = self.state
        suits = suit[games]
        played = state.fireworks[games, suits] + 1
        state.fireworks[games, suits] = played
        state.score[games] += 1
        completed = state.rules.needed[suits, played] < 0
        state.complete[games] += completed
        bonus = games[completed & (state.complete[games] < state.suits)]
        tiles = self.tiles
        if tiles is not None:
            drawing = tiles.taken[bonus] < TILES
            drawn_tile[bonus[drawing]] = tiles.draw(bonus[drawing])
            bonus = bonus[~drawing]
        self._gain(bonus)

    def _tile_effects(self, games: Ints, drawn_tile: Ints, actor: Ints) -> None:
        """Each of ``games`` drew bonus tile ``drawn_tile[game]``: its effect, or the decision
        it asks for when it has a choice (and nothing when it cannot be carried out)."""
        state = self.state
        tiles = self.tiles
        assert tiles is not None
        tile = drawn_tile[games]
        self._gain(games[(tile == 1) | (tile == 2)])
        mend = games[tile == 2]
        state.storms[mend] -= state.storms[mend] > 0
        clue = games[(tile == 3) | (tile == 4)]
        if clue.size:
            colour = drawn_tile[clue] == 3
            if state.variant.empty_clues:
                possible = np.ones(clue.size, np.bool_)
            else:
                # a rank clue touches any card; colour clues miss black powder
                h = state.hand_size
                orders = state.hands_by_seat[state.seat_base[clue, None] + state.offsets]
                idents = state.deck_flat[state.card_base[clue, None, None] + orders[:, :, :h]]
                others = (state.offsets != actor[clue, None])[:, :, None]
                held = (idents < state.identities) & others
                coloured = self.coloured[idents] & others
                possible = np.where(colour, coloured.any(axis=(1, 2)), held.any(axis=(1, 2)))
            tiles.pending[clue[possible]] = np.where(
                colour[possible], FREE_COLOUR_CLUE, FREE_RANK_CLUE
            )
        back = (tile == 5) & (state.drawn[games] < state.deck_end[games])
        reshuffle = games[back]
        tiles.pending[reshuffle[state.lost[reshuffle].any(axis=1)]] = RESHUFFLE
        play = games[(tile == 6) | ((tile == 5) & ~back)]
        tiles.pending[play[self._playable_lost(play).any(axis=1)]] = PLAY_FROM_DISCARD

    def _playable_lost(self, games: Ints) -> Bools:
        """Per game of ``games`` and identity: a copy is in the discard pile and it fits."""
        state = self.state
        fits = state.rules.needed[self.suit_of, state.fireworks[games][:, self.suit_of]]
        playable: Bools = (state.lost[games] > 0) & (fits == np.arange(state.identities))
        return playable

    def _gain(self, games: Ints) -> None:
        """A clue token for each of ``games``, unless all are available."""
        state = self.state
        state.clue_tokens[games] += state.clue_tokens[games] < state.variant.clue_tokens

    def _lose(self, games: Ints, ident: Ints) -> None:
        """The card ``ident[game]`` of each of ``games`` goes to the discard pile."""
        state = self.state
        lost_ident = ident[games]
        copies = state.lost[games, lost_ident]
        state.discards[games, state.discard_start[lost_ident] + copies] = 1
        state.lost[games, lost_ident] = copies + 1

    # ------------------------------------------------------------------ the end

    def _end_action(self, actor: Ints) -> tuple[Bools, Bools]:
        """Draw and end the turn where no decision is pending; which games ended and lost."""
        state = self.state
        strikeout = state.storms >= state.variant.storms
        ended = strikeout | (state.complete == state.suits)
        lost = strikeout.copy()
        ends = np.ones(state.games, np.bool_) if self.tiles is None else self.tiles.pending < 0
        draw = ends & self.took & (state.drawn < state.deck_end)
        seat_rows = state.seat_base + actor
        drawing = np.flatnonzero(draw)
        held = state.held.reshape(-1)[seat_rows[drawing]]
        state.hands_by_seat[seat_rows[drawing], held] = state.drawn[drawing]
        state.held.reshape(-1)[seat_rows[drawing]] = held + 1
        state.drawn[drawing] += 1
        self.took &= ~ends
        state.last.drew[:] = draw
        state.turns_left -= ends & (state.turns_left > 0)
        if not self.until_perfect:
            state.turns_left[draw & (state.drawn == state.deck_end)] = state.players
        state.seat = np.where(ends, (actor + 1) % state.players, actor)
        if self.until_perfect:
            out = ends & ~ended & (self._perfect_out_of_reach() | self._no_legal_action())
            return ended | out, lost | out
        ended |= ends & (state.turns_left == 0)
        if self.live_ending:
            needed = self._next_needed()
            ended |= ends & self._score_cannot_rise(needed)
            # only in the last round, the draw pile empty, can the cards to play run out
            last_round = (state.turns_left > 0) & (state.drawn == state.deck_end)
            late = np.flatnonzero(ends & ~ended & last_round)
            ended[late[~self._progress_possible(late, needed[late])]] = True
        return ended, lost

    def _dead(self) -> Bools:
        """Per game and identity: every copy is in the discard pile."""
        dead: Bools = self.state.lost >= self.copies
        return dead

    def _perfect_out_of_reach(self) -> Bools:
        """Play until perfect: a card still to play is lost for good (tiles 5 and 6 cannot
        bring back every such card)."""
        state = self.state
        unplayed = self.place >= state.fireworks[:, self.suit_of]
        missing = self._dead() & unplayed
        out: Bools = np.asarray(missing.any(axis=1))
        if self.tiles is not None:
            out &= ~self._recovery_possible(missing)
        return out

    def _recovery_possible(self, missing: Bools) -> Bools:
        """Per game, whether tiles 5 and 6 can bring back every card in ``missing`` (per
        identity), as :class:`~openhanabi.rules.Game` decides it: each tile takes back one card
        and is drawn only when a firework is completed, first those that lack nothing, then
        each that has its cards back; the tiles' order is hidden, so the best is assumed."""
        state = self.state
        assert self.tiles is not None
        lacking = missing.reshape(state.games, state.suits, 5).sum(axis=2)
        # completions that can draw a tile before any card comes back
        draws = ((lacking == 0) & (state.fireworks < 5)).sum(axis=1)
        recoveries = self.tiles.left[:, 4].astype(np.int64) + self.tiles.left[:, 5]
        # the fireworks that lack cards, fewest first (after the others' zeros): the j-th of
        # them can have its cards back once as many completions as they all lack came first
        order = np.sort(lacking, axis=1)
        needed = np.cumsum(order, axis=1)
        first = (lacking == 0).sum(axis=1)  # where the fireworks that lack cards start
        j = np.arange(state.suits) - first[:, None]
        in_time = (order == 0) | (needed <= draws[:, None] + j)
        possible: Bools = np.asarray(in_time.all(axis=1) & (needed[:, -1] <= recoveries))
        return possible

    def _no_legal_action(self) -> Bools:
        """Play until perfect: the seat on turn holds no card and cannot give a clue (any
        card in another hand takes its rank's clue)."""
        state = self.state
        held = state.held[state.rows, state.seat]
        clue = state.clue_tokens > 0
        if not state.variant.empty_clues:
            clue &= state.held.sum(axis=1) > held
        none: Bools = (held == 0) & ~clue
        return none

    def _next_needed(self) -> Ints:
        """Per game and suit, the identity its firework takes next (``K`` once complete)."""
        state = self.state
        needed: Ints = self.needed_next[state.fireworks + self.suit_rows]
        return needed

    def _score_cannot_rise(self, needed: Ints) -> Bools:
        """hanab.live: the score is the maximum still reachable (every incomplete firework's
        next card, ``needed``, is lost)."""
        state = self.state
        k = state.identities
        lost = state.lost.reshape(-1)[state.rows[:, None] * k + np.minimum(needed, k - 1)]
        stuck: Bools = np.asarray(((lost >= self.copies_of[needed]) | (needed == k)).all(axis=1))
        return stuck

    def _progress_possible(self, games: Ints, needed: Ints) -> Bools:
        """hanab.live, for ``games`` in their last round: some seat still to take its last
        turn holds a card that a firework takes next (``needed``, per game of ``games``)."""
        state = self.state
        p, h = state.players, state.hand_size
        rows = np.arange(len(games))
        wanted = np.zeros((len(games), state.identities + 1), np.bool_)
        wanted[rows[:, None], needed] = True
        wanted[:, -1] = False
        seats = (state.seat[games, None] + state.offsets) % p  # by turns still to play
        orders = state.hands_by_seat[state.seat_base[games, None] + seats][:, :, :h]
        idents = state.deck_flat[state.card_base[games, None, None] + orders]
        holds = wanted[rows[:, None, None], idents].any(axis=2)  # [G, P]
        in_round = state.offsets < state.turns_left[games, None]
        possible: Bools = np.asarray((holds & in_round).any(axis=1))
        return possible
