"""What one seat remembers of the game, rebuilt from the public log one event at a time.

Every seat runs the same reading of each clue (:meth:`Tracker.read_clue`), so the notes it keeps
on every card are the table's shared understanding of that card, plus the few facts it alone can
deduce (that its own finesse position was called, that its clued card is prompted).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from openhanabi.bots.conventions import rules
from openhanabi.bots.conventions.rules import within
from openhanabi.rules import ActionType, Event, Result, SeatView, Variant
from openhanabi.rules.tables import Tables, identity, tables_for

PLAY = ActionType.PLAY
DISCARD = ActionType.DISCARD
COLOUR_CLUE = ActionType.COLOUR_CLUE
RANK_CLUE = ActionType.RANK_CLUE


@dataclass(slots=True)
class Link:
    """One card a clue's target depends on: known (already called), prompted or finessed."""

    kind: str  # "known", "prompt" or "finesse"
    seat: int
    order: int
    ident: int


@dataclass(slots=True)
class Reading:
    """How a clue is read: its focus, what the focus may be, and the cards it calls."""

    focus: int | None
    plays: int = 0  # identities the focus may be as a play clue
    saves: int = 0  # identities the focus may be as a save clue
    links: list[Link] = field(default_factory=list)  # for the focus's true identity, if seen
    # (seat, order, identities, called): a possible blind play and the focus readings needing it
    waits: list[tuple[int, int, int, int]] = field(default_factory=list)
    tempo: bool = False  # a clue that touched no new card, read as a play clue on its focus


@dataclass(slots=True)
class Still:
    """What a seat works out again and again while its notes stand still (while it chooses a
    move, weighing every clue, and while it reads one): each card's belief, and the marked cards
    known to be one identity."""

    beliefs: dict[int, int] = field(default_factory=dict)
    singles: list[tuple[int, int, int]] | None = None  # (seat, order, identity)
    marks: set[int] | None = None
    dupes: tuple[int, set[int]] | None = None  # see Tracker._dupes_but
    known: dict[int, tuple[int, int]] | None = None  # see Tracker._known, nothing left out
    # what the connections of a clue may use, by giver and receiver: the giver reads each clue
    # once as the receiver and once more for every other seat
    scans: dict[tuple[int, int], Scan] = field(default_factory=dict)


class Tracker:
    """The seat's memory: hands, fireworks, lost cards, clue marks and convention notes."""

    def __init__(self, seat: int, variant: Variant) -> None:
        self.seat = seat
        self.variant = variant
        self.tables: Tables = tables_for(variant)
        t = self.tables
        self.masks = rules.masks_for(t)  # shared, not copied: see copy_tracker
        self.all = t.all_cards
        self.ends = rules.end_cards(t)
        self.seconds = rules.second_cards(t)
        self.players = variant.players
        # rest[suit][k]: the identities a firework still takes once it holds k cards
        self.rest = tuple(
            tuple(sum(1 << ident for ident in row[k:-1]) for k in range(len(row)))
            for row in t.needed
        )
        size = variant.hand_size
        self.hands: list[list[int]] = [
            list(range(p * size, (p + 1) * size)) for p in range(variant.players)
        ]
        self.ident: dict[int, int] = {}
        self.fireworks = [0] * t.suit_count
        self.gone = [0] * t.identities
        self.clue: dict[int, int] = {}  # clue mask per card, missing = every identity
        self.touched: set[int] = set()
        self.dead_at_touch: dict[int, int] = {}  # the useless identities when first touched
        self.notes: dict[int, int] = {}  # convention notes per card, missing = every identity
        self.blind: dict[int, int] = {}  # finesse-called card -> the identity it was called as
        self.moved: set[int] = set()  # chops a scream discard asked their holder to keep
        # clue tokens left, counted from the log (bonus tiles give and take them out of turn:
        # no scream discards there)
        self.tokens = variant.clue_tokens
        self.screams = not variant.bonus_tiles
        # (seat, order, focus, identities, called identity) of each blind play awaited
        self.waits: list[tuple[int, int, int, int, int]] = []
        self.seen = 0
        self.last_clue_turn = 0
        self.quiet = 0  # clues in a row without a play or discard
        self.history: list[str] = []  # what the last clue read as, for explanations
        # what is already worked out while the notes stand still: while a seat chooses its move
        # (and weighs its clues) and while it reads a clue (``None`` whenever they may change)
        self.frozen: Still | None = None
        self._refresh()

    # ------------------------------------------------------------------ knowledge

    def _refresh(self) -> None:
        self.playable, self.useless, self.critical, self.played = self.masks(
            self.fireworks, self.gone
        )

    def marked(self, order: int) -> bool:
        return order in self.touched or order in self.blind or order in self.moved

    @property
    def called(self) -> set[int]:
        """Cards some finesse may have called: left alone until their holder has acted."""
        return {wait[1] for wait in self.waits}

    def marks(self) -> set[int]:
        """The marked cards (never to be changed by the caller: it may be shared)."""
        frozen = self.frozen
        if frozen is None:
            return self.touched | self.moved | set(self.blind)
        if frozen.marks is None:
            frozen.marks = self.touched | self.moved | set(self.blind)
        return frozen.marks

    def belief(self, order: int) -> int:
        """What the card's holder believes it can be, as the table understands it."""
        frozen = self.frozen
        if frozen is None:
            return self._belief(order)
        found = frozen.beliefs.get(order)
        if found is None:
            found = frozen.beliefs[order] = self._belief(order)
        return found

    def _belief(self, order: int) -> int:
        if order in self.blind:
            return 1 << self.blind[order]
        return self._belief_with(order, self.clue.get(order, self.all))

    def _belief_with(self, order: int, clue: int) -> int:
        """The belief of a card not called blind whose clue mask is ``clue``."""
        dead = self.dead_at_touch.get(order, 0) if order in self.touched else None
        return self._noted(order, clue, dead)

    def _noted(self, order: int, clue: int, dead: int | None) -> int:
        """A card's belief from its clue mask and notes; ``dead`` is the useless identities
        when a clue first touched it, ``None`` if none has."""
        noted = clue & self.notes.get(order, self.all)
        if not noted:
            return clue
        if dead is not None:
            # good touch: a clued card was useful when clued and is not a copy of a played card;
            # when nothing is left, it is one of those copies after all
            return noted & ~(self.played | dead) or noted
        return noted

    def belief_after(self, order: int, touched: tuple[int, ...], mask: int) -> int:
        """The card's belief once a clue of ``mask`` touching ``touched`` (cards of its holder's
        hand) is given, its reading left out: what :meth:`try_clue` would make of it, worked
        out without writing anything."""
        if order in self.blind:
            return 1 << self.blind[order]
        old = self.clue.get(order, self.all)
        hit = order in touched
        dead: int | None = None
        if order in self.touched:
            dead = self.dead_at_touch.get(order, 0)
        elif hit:
            dead = self.useless  # first touched now
        return self._noted(order, old & mask if hit else old & ~mask, dead)

    def sure_play(self, order: int) -> bool:
        """Whether the table takes the card's holder to know that it fits now: a card a finesse
        called, or a marked card every identity of which fits."""
        if order in self.blind:
            return True
        b = self.belief(order)
        return order in self.touched and b != 0 and b & ~self.playable == 0

    def chop(self, seat: int) -> int | None:
        return rules.chop(self.hands[seat], self.marks())

    def finesse_position(self, seat: int) -> int | None:
        return rules.finesse_position(self.hands[seat], self.marks())

    def sync(self, view: SeatView) -> None:
        """Read the identities the view shows, then every event not read yet."""
        known = self.ident
        cards = view.cards
        # the cards in other hands: a discarded card's identity comes with its event below
        for holder, hand in enumerate(view.hands):
            if holder != view.seat:
                for order in hand:
                    if order not in known:  # a card's identity never changes
                        known[order] = identity(cards[order])
        events = view.events
        for event in events[self.seen :]:
            # a card played since is gone from the view: its identity is in the log
            if event.card is not None and event.action.type in (PLAY, DISCARD):
                self.ident[event.action.target] = identity(event.card)
        while self.seen < len(events):
            self._apply(events[self.seen])
            self.seen += 1

    # ------------------------------------------------------------------ events

    def _apply(self, event: Event) -> None:
        action = event.action
        kind = action.type
        result = event.result
        if kind in (PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE):
            self._resolve_waits(event.seat, action.target if kind == PLAY else -1)
        if result is Result.DISCARDED and self.screams and self.tokens == 0:
            # a discard's place says which: the chop screams, another card no clue touched calls
            called = self.position_call(event.seat, action.target)
            if called is not None:
                self._read_position(called)
            elif self.screamer(event.seat):
                self._read_scream(event.seat, action.target)
        self._count_tokens(event)
        if event.card is not None:
            ident = identity(event.card)
            self.ident[action.target] = ident
        if result is Result.CLUE:
            self._clue(event)
        elif result in (Result.PLAYED, Result.MISPLAYED, Result.DECLARED_WRONG, Result.DISCARDED):
            self.quiet = 0
            hand = self.hands[event.seat]
            if action.target in hand:
                hand.remove(action.target)
            ident = self.ident[action.target]
            if result is Result.PLAYED:
                self.fireworks[self.tables.suit_of[ident]] += 1
            else:
                self.gone[ident] += 1
            self._forget(action.target)
            self._refresh()
        elif result is Result.RESHUFFLED:
            self.gone[self.ident[action.target]] -= 1
            self._refresh()
        elif result is Result.PLAYED_FROM_DISCARD:
            ident = self.ident[action.target]
            self.gone[ident] -= 1
            self.fireworks[self.tables.suit_of[ident]] += 1
            self._refresh()
        if event.drew >= 0:
            self.hands[event.seat].append(event.drew)

    def _count_tokens(self, event: Event) -> None:
        """The clue tokens after ``event``, as the rules count them."""
        result = event.result
        most = self.variant.clue_tokens
        if result is Result.CLUE:
            self.tokens -= 1
        elif result is Result.DISCARDED:
            self.tokens = min(most, self.tokens + 1)
        elif result is Result.PLAYED and event.card is not None:
            ident = identity(event.card)
            suit = self.tables.suit_of[ident]
            # a token back for a correct declaration, and one for a firework completed
            completed = self.tables.needed[suit][self.fireworks[suit] + 1] < 0
            gained = int(completed) + int(event.action.declare is not None)
            self.tokens = min(most, self.tokens + gained)

    def screamer(self, seat: int) -> bool:
        """Whether a discard by ``seat`` with no clue token left would be a scream: its clues
        alone show everyone, ``seat`` too, that it holds a card it can play. (The notes a seat
        keeps on its own cards can differ from those the others keep: a discard read as a
        scream by some seats and not by others would leave them with different chops.)"""
        for o in self.hands[seat]:
            if o in self.touched:
                clue = self.clue.get(o, self.all)
                known = clue & ~(self.played | self.dead_at_touch.get(o, 0)) or clue
                if known & ~self.playable == 0:
                    return True
        return False

    def _read_scream(self, seat: int, order: int) -> None:
        """A discard with no clue token left, by a player whose clues show a card they can
        play, is a scream: the next player keeps their chop (it is chop-moved)."""
        if order not in self.hands[seat] or not self.screamer(seat):
            return
        nxt = (seat + 1) % self.players
        chop = self.chop(nxt)
        if chop is not None:
            self.moved.add(chop)

    def position_call(self, seat: int, order: int) -> int | None:
        """The card of the next player that a discard of ``order`` by ``seat`` with no clue
        token left calls to play, if any. Places are counted from the newest over the cards no
        clue touched and no scream moved, which every seat knows alike (not over the cards a
        finesse called: a seat that cannot see a finesse's focus cannot tell whether it was
        called): a discard of any such card but the oldest calls the next player's card in the
        same place."""
        hand = self.hands[seat]
        mine = [o for o in reversed(hand) if o not in self.touched and o not in self.moved]
        if order not in mine or order == mine[-1]:
            return None
        nxt = self.hands[(seat + 1) % self.players]
        theirs = [o for o in reversed(nxt) if o not in self.touched and o not in self.moved]
        index = mine.index(order)
        return theirs[index] if index < len(theirs) else None

    def _read_position(self, called: int) -> None:
        """A discard with no clue token left of a card no clue touched, not the oldest,
        calls the next player's card in the same place as one that fits now (a positional
        discard, see :meth:`position_call`): it is read as if a play clue had touched it."""
        self.touch((called,))
        self.notes[called] = self.playable

    def _forget(self, order: int) -> None:
        self.notes.pop(order, None)
        self.moved.discard(order)
        self.blind.pop(order, None)
        self.touched.discard(order)
        self.dead_at_touch.pop(order, None)

    def _resolve_waits(self, seat: int, played: int) -> None:
        """A possibly finessed player who acts without playing the called card, when it would
        have fitted, was not finessed: the clue's target loses the readings that needed it."""
        keep = []
        for wait in self.waits:
            who, order, focus, idents, called = wait
            if who != seat or (order != played and not self.playable >> called & 1):
                keep.append(wait)  # not their turn, or the called card does not fit yet
                continue
            if order != played:
                self.blind.pop(order, None)
                if focus in self.notes:
                    rest = self.notes[focus] & ~idents
                    self.notes[focus] = rest if rest else self.notes[focus]
        self.waits = keep

    def _clue(self, event: Event) -> None:
        action = event.action
        giver, receiver = event.seat, action.target
        mask = self.clue_mask(action.type, action.value)
        hand = self.hands[receiver]
        self.quiet += 1
        if not event.touched:
            for order in hand:
                self.clue[order] = self.clue.get(order, self.all) & ~mask
            return
        self.frozen = Still()  # the notes stand still while the clue is read
        try:
            reading = self.read_clue(giver, receiver, event.touched, mask, action.type, self.seat)
            if receiver != self.seat:
                self._read_as_receiver(reading, giver, receiver, event.touched, mask, action.type)
        finally:
            self.frozen = None
        for order in hand:
            old = self.clue.get(order, self.all)
            self.clue[order] = old & mask if order in event.touched else old & ~mask
        self.touch(event.touched)
        self.note_reading(reading, giver, receiver)

    def _read_as_receiver(
        self,
        reading: Reading,
        giver: int,
        receiver: int,
        touched: tuple[int, ...],
        mask: int,
        kind: ActionType,
    ) -> None:
        """A seat whose own cards the chain to the focus goes through cannot see them, so with
        them unseen it reads the focus more widely than the receiver, who sees them (Bob, whose
        1 is prompted as the blue 1 by Cathy's 2 clue on Donald's blue 2, would otherwise note
        Donald's card as any 2 while Donald, seeing the blue 1, notes the blue 2). Such a seat
        reads the clue again as the receiver does, its own cards taken for what the chain says
        they are, and keeps the receiver's readings of the focus."""
        own = {
            link.order: link.ident
            for link in reading.links
            if link.seat == self.seat and link.order not in self.ident
        }
        focus = reading.focus
        if not own or focus is None:
            return
        for order, ident in own.items():
            self.ident[order] = ident
        try:
            again = self.read_clue(giver, receiver, touched, mask, kind, receiver)
        finally:
            for order in own:
                del self.ident[order]
        truth = self.ident.get(focus, -1)
        if again.focus == focus and (again.plays | again.saves) >> truth & 1:
            reading.plays, reading.saves = again.plays, again.saves

    def touch(self, orders: tuple[int, ...]) -> None:
        for order in orders:
            if order not in self.touched:
                self.touched.add(order)
                self.dead_at_touch[order] = self.useless

    def note_reading(self, reading: Reading, giver: int, receiver: int) -> None:
        """Write a clue's reading into the notes: the focus's identities, the prompted and
        finessed cards this seat can work out, and the blind plays to wait for."""
        focus = reading.focus
        if focus is None:
            return
        candidates = reading.plays | reading.saves
        if candidates:
            self.notes[focus] = candidates
        for seat, order, idents, called in reading.waits:
            self.waits.append((seat, order, focus, idents, called))
        for link in reading.links:
            if link.kind == "prompt":
                self.notes[link.order] = 1 << link.ident
            elif link.kind == "finesse":
                self.blind[link.order] = link.ident

    def try_clue(
        self, giver: int, receiver: int, touched: tuple[int, ...], mask: int, reading: Reading
    ) -> Trial:
        """Write a clue and its reading into the notes for a moment, to see every card's belief
        afterwards; :meth:`undo` puts back what it changed. The waits are left as they were."""
        hand = self.hands[receiver]
        trial = Trial(
            {o: self.clue.get(o) for o in hand},
            [o for o in touched if o not in self.touched],
            {},
            {},
            self.frozen,
        )
        self.frozen = None  # the notes change for a moment
        for o in hand:
            old = self.clue.get(o, self.all)
            self.clue[o] = old & mask if o in touched else old & ~mask
        self.touch(touched)
        focus = reading.focus
        if focus is not None:
            trial.notes[focus] = self.notes.get(focus)
            for link in reading.links:
                if link.kind == "prompt":
                    trial.notes.setdefault(link.order, self.notes.get(link.order))
                elif link.kind == "finesse":
                    trial.blind.setdefault(link.order, self.blind.get(link.order))
            waits = len(self.waits)
            self.note_reading(reading, giver, receiver)
            self.waits = self.waits[:waits]
        return trial

    def undo(self, trial: Trial) -> None:
        """Put back what :meth:`try_clue` changed."""
        for table, saved in (
            (self.clue, trial.clue),
            (self.notes, trial.notes),
            (self.blind, trial.blind),
        ):
            for order, value in saved.items():
                if value is None:
                    table.pop(order, None)
                else:
                    table[order] = value
        for order in trial.fresh:
            self.touched.discard(order)
            self.dead_at_touch.pop(order, None)
        self.frozen = trial.frozen

    def clue_mask(self, kind: ActionType, value: int) -> int:
        t = self.tables
        return t.colour_touch[value] if kind == COLOUR_CLUE else t.rank_touch[value]

    # ------------------------------------------------------------------ reading clues

    def read_clue(
        self,
        giver: int,
        receiver: int,
        touched: tuple[int, ...],
        mask: int,
        kind: ActionType,
        hidden: int,
    ) -> Reading:
        """Read a clue as the table does (``hidden`` is the seat whose cards are unseen): the
        focus may be a playable card, a card that plays once the cards it connects through have
        played (known, prompted or one finessed), or, on chop, a card to save."""
        hand = self.hands[receiver]
        marks = self.marks()
        already = self.touched
        # ``touched`` runs in hand order, as the game lists a clue's cards
        new = [o for o in touched if o not in already and not self.shown_useless(o, mask)]
        chop = rules.chop(hand, marks)
        focus = rules.clue_focus(new, chop)
        tempo = False
        if focus is None:
            focus = self.tempo_target(hand, touched, mask)
            if focus is None:
                return Reading(None)
            tempo = True
        base = self.clue.get(focus, self.all) & mask & self.notes.get(focus, self.all)
        on_chop = focus == chop
        reading = Reading(focus, tempo=tempo)
        # a tempo clue's other cards keep what the table knew of them: a card known to be the
        # red 2 connects its target, the red 3, as any known card does
        exclude = {focus} if tempo else set(touched)
        scan = self._scan(giver, receiver, exclude, marks)
        plays = 0
        t = self.tables
        sure: dict[int, list[Link]] = {}  # per suit: the prompts before its first reading
        for suit, played in enumerate(self.fireworks):
            rest = self.rest[suit]
            if not base & rest[played]:
                continue  # the focus can be no card this firework still takes
            row = t.needed[suit]
            k = played
            first = True
            before = plays
            used: set[int] = set()
            while row[k] >= 0 and base & rest[k]:
                ident = row[k]
                link = self._connect(ident, first, hidden, scan, used)
                if (
                    link is not None
                    and link.kind == "prompt"
                    and link.seat == hidden
                    and not base & rest[k + 1]
                ):
                    # a prompt of the unseen seat's own card, with nothing after it the focus
                    # could be: the seats that see that card read the suit as this card when
                    # it is anything else, and as nothing when it is this card, so the unseen
                    # seat keeps the reading (its own card's identity is what it cannot tell)
                    link = None
                if link is None:
                    plays |= 1 << ident
                    break
                used.add(link.order)
                if link.kind == "prompt" and plays == before:
                    sure.setdefault(suit, []).append(link)
                if link.kind == "finesse":
                    plays |= 1 << ident
                    after = 0
                    j = k + 1
                    while row[j] >= 0:
                        after |= 1 << row[j]
                        j += 1
                    reading.waits.append((link.seat, link.order, after, ident))
                first = False
                k += 1
        plays &= base
        # identities that need a finesse but are not reachable: trim the waits to the base
        reading.waits = [(s, o, i & base, c) for s, o, i, c in reading.waits if i & base]
        dupes = self._dupes(focus, exclude)
        reading.plays = plays & ~dupes
        if tempo:
            # a tempo clue must narrow its target: when nothing it could be fits, or the table
            # already reads it as no more than that, the clue is a stall
            known = base & ~(self.played | self.dead_at_touch.get(focus, 0)) or base
            plays = reading.plays
            if receiver != hidden and hidden == self.seat:
                # this seat sees the target: readings through its own finesse position are
                # not the giver's when the target needs none (see _drop_own_finesse)
                truth = self.ident.get(focus, -1)
                own = self._own_finesse_readings(reading)
                if truth >= 0 and not own >> truth & 1:
                    plays = plays & ~own or plays
            if not plays or not known & ~plays:
                return Reading(None)
        if on_chop:
            rank = t.rank_touch[self._rank_of(kind, mask)] if kind == RANK_CLUE else None
            reading.saves = rules.save_candidates(
                base, self.critical, self.useless, self.ends, self.seconds, rank
            )
        # a blind play that does not come only removes play readings, never save readings
        reading.waits = [(s, o, i & ~reading.saves, c) for s, o, i, c in reading.waits]
        seer = self.seat if receiver == hidden else hidden
        if seer != receiver:
            self.find_links(reading, seer, scan, dupes)
            if seer == self.seat:
                self._drop_own_finesse(reading)
                self._trust_giver(reading, giver, on_chop)
        elif reading.plays and not reading.saves:
            # the receiver: prompts that every reading goes through are certain
            suits = rules.suits_of(reading.plays, t)
            if len(suits) == 1:
                reading.links = sure.get(suits.pop(), [])
        return reading

    def shown_useless(self, order: int, mask: int) -> bool:
        """Whether the clues on ``order`` together with a clue of ``mask`` show everyone that
        it is no longer needed: the clue does not focus such a card, its holder just discards it."""
        clue = self.clue.get(order, self.all) & mask
        return clue != 0 and clue & ~self.useless == 0

    def tempo_target(self, hand: list[int], touched: tuple[int, ...], mask: int) -> int | None:
        """The card a clue that touches no new card asks to play (a *tempo clue*): the newest
        card it touches, provided the clue's information does not already settle the hand. No
        target when the information makes a marked card known playable (the clue says so by
        itself), when it makes a card the table took as playable not so or a card not known
        useless so (a fix), or when the newest card touched is already known playable (a
        stall). Always the newest card, never an older one behind a known play: seats whose
        notes differ on that known play would otherwise read different targets."""
        target = None
        playable = self.playable
        marks = self.marks()
        for order in hand:
            if order not in marks:
                continue
            if order in self.blind:
                if order in touched:
                    return None  # a card a finesse called is left alone
                continue
            old = self.clue.get(order, self.all)
            was = self.belief(order)
            now = self._belief_with(order, old & mask if order in touched else old & ~mask)
            sure_before = within(was, playable)
            sure_after = within(now, playable)
            if sure_before != sure_after:
                return None
            if within(now, self.useless) and not within(was, self.useless):
                return None
            if order in touched:
                # hands run oldest first: the last card touched is the newest
                target = None if sure_after else order
        return target

    def find_links(self, reading: Reading, hidden: int, scan: Scan, dupes: int = 0) -> None:
        """For a seat that sees the focus: the known, prompted and finessed cards it plays
        through (none for a save). ``dupes`` are the identities good touch rules out for the
        focus: other marked cards are known to be them."""
        focus = reading.focus
        truth = self.ident.get(focus, -1) if focus is not None else -1
        if truth < 0 or reading.saves >> truth & 1:
            return
        if reading.plays >> truth & 1:
            reading.links = self._chain(truth, hidden, scan) or []
            return
        if dupes >> truth & 1:
            return  # a copy of a card the table knows is marked elsewhere: no play it reads
        # the focus is not among the readings this seat can make with its own cards unseen, but
        # the giver, who sees them, meant it: a chain that reaches it through this seat's cards
        # is the one meant, and the receiver, who sees them too, will find the focus among theirs
        chain = self._chain(truth, hidden, scan)
        if chain is None:
            return
        if any(link.seat == hidden for link in chain):
            reading.links = chain
            reading.plays |= 1 << truth
            return
        # the reading of the focus's suit went on past it because this seat's own clued card
        # could be the focus's identity, a prompt; the focus it sees is that identity, so its
        # card was not prompted, and the suit reads as the focus (each suit gives one reading)
        used = {link.order for link in chain}
        past = self._connect(truth, not chain, hidden, scan, used)
        if past is not None and past.kind == "prompt" and past.seat == hidden:
            reading.links = chain
            suit = self.tables.suit_of[truth]
            same = sum(1 << ident for ident in self.tables.needed[suit] if ident >= 0)
            reading.plays = reading.plays & ~same | 1 << truth

    def _trust_giver(self, reading: Reading, giver: int, on_chop: bool) -> None:
        """A play clue another seat gave, whose focus this seat sees as a card none of its
        readings allow: the giver meant it, through cards or notes this seat reads otherwise
        (its notes on a third hand may be wider than the giver's, so that another card comes
        first as a prompt), and the receiver, who reads the clue as the giver meant it, will
        take the focus for that card too. The reading keeps it, so that this seat's notes on
        the focus stay those of the rest of the table."""
        focus = reading.focus
        if giver == self.seat or on_chop or focus is None:
            return
        truth = self.ident.get(focus, -1)
        if truth >= 0 and not (reading.plays | reading.saves) >> truth & 1:
            reading.plays |= 1 << truth

    def _drop_own_finesse(self, reading: Reading) -> None:
        """This seat sees the focus and knows whether the clue finessed it; when it did not,
        the readings that go through its own finesse position are dropped from its notes at
        once (the receiver keeps them only if that card is the one called, which is rare)."""
        seat = self.seat
        if any(link.kind == "finesse" and link.seat == seat for link in reading.links):
            return
        drop = self._own_finesse_readings(reading)
        reading.waits = [wait for wait in reading.waits if wait[0] != seat]
        reading.plays = reading.plays & ~drop or reading.plays

    def _own_finesse_readings(self, reading: Reading) -> int:
        """The identities the focus may be only through a blind play from this seat's own
        finesse position."""
        own = 0
        for who, _order, idents, _called in reading.waits:
            if who == self.seat:
                own |= idents
        return own

    def _rank_of(self, kind: ActionType, mask: int) -> int:
        for rank in range(1, 6):
            if self.tables.rank_touch[rank] == mask:
                return rank
        return 0

    def _dupes(self, focus: int, exclude: set[int]) -> int:
        """Good touch: identities some other marked card is already known to be."""
        frozen = self.frozen
        if frozen is None:
            return self._dupes_but(exclude | {focus})[0]
        if frozen.dupes is None:
            frozen.dupes = self._dupes_but(set())
        dupes, orders = frozen.dupes
        if focus in orders or exclude & orders:
            return self._dupes_but(exclude | {focus})[0]
        return dupes

    def _dupes_but(self, left_out: set[int]) -> tuple[int, set[int]]:
        """The identities of the marked cards known to be one identity but ``left_out``, and
        the orders of all those cards."""
        dupes = 0
        orders = set()
        for _seat, order, ident in self._singles():
            orders.add(order)
            if order not in left_out:
                dupes |= 1 << ident
        return dupes, orders

    def _singles(self) -> list[tuple[int, int, int]]:
        """The marked cards whose belief is one identity: (seat, order, identity), in the
        order of the seats and their hands."""
        frozen = self.frozen
        if frozen is not None and frozen.singles is not None:
            return frozen.singles
        found = []
        marks = self.marks()
        for seat, hand in enumerate(self.hands):
            for order in hand:
                if order in marks:
                    b = self.belief(order)
                    if b and b & (b - 1) == 0:
                        found.append((seat, order, b.bit_length() - 1))
        if frozen is not None:
            frozen.singles = found
        return found

    def _scan(self, giver: int, receiver: int, exclude: set[int], marks: set[int]) -> Scan:
        """What the connections of one clue may use, gathered once for each giver and receiver
        while the notes stand still: the cards a clue leaves out (``exclude``) are all in the
        receiver's hand, so they change only which known cards it may use."""
        frozen = self.frozen
        if frozen is None:
            return self._gather(giver, receiver, exclude, marks)
        key = (giver, receiver)
        found = frozen.scans.get(key)
        if found is None:
            found = frozen.scans[key] = self._gather(giver, receiver, set(), marks)
        if any(order in exclude for _seat, order in found.known.values()):
            return Scan(self._known(exclude), found.prompts, found.spots)
        return found

    def _known(self, exclude: set[int]) -> dict[int, tuple[int, int]]:
        """The first marked card known to be each identity, by (seat, order), but ``exclude``
        (never to be changed by the caller: it may be shared)."""
        frozen = self.frozen
        if not exclude and frozen is not None:
            if frozen.known is None:
                frozen.known = self._known_but(exclude)
            return frozen.known
        return self._known_but(exclude)

    def _known_but(self, exclude: set[int]) -> dict[int, tuple[int, int]]:
        known: dict[int, tuple[int, int]] = {}
        for seat, order, ident in self._singles():
            if order not in exclude:
                known.setdefault(ident, (seat, order))
        return known

    def _gather(self, giver: int, receiver: int, exclude: set[int], marks: set[int]) -> Scan:
        known = self._known(exclude)
        seats = [(giver + i) % self.players for i in range(1, self.players)]
        seats = [seat for seat in seats if seat != receiver]
        prompts = []
        spots = []
        for seat in seats:
            hand = self.hands[seat]
            for order in reversed(hand):
                if order in self.touched and order not in exclude and order not in self.blind:
                    prompts.append((seat, order, self.belief(order)))
            spot = rules.finesse_position(hand, marks)
            if spot is not None:
                spots.append((seat, spot))
        return Scan(known, prompts, spots)

    def _connect(
        self, ident: int, first: bool, hidden: int, scan: Scan, used: set[int]
    ) -> Link | None:
        """How a card the target needs gets played: a card known to be it, else a prompt (the
        newest clued card that may be it), else, for the next card of the firework, a finesse
        (the one player whose finesse position holds it). A card already ``used`` for an earlier
        card of the same chain is not prompted again: one card plays once."""
        if ident in scan.known:
            seat, order = scan.known[ident]
            return Link("known", seat, order, ident)
        bit = 1 << ident
        for seat, order, belief in scan.prompts:
            if belief & bit and order not in used:
                truth = self.ident.get(order, -1) if seat != hidden else -1
                if truth in (-1, ident):
                    return Link("prompt", seat, order, ident)
                return None
        if not first:
            return None
        found = []
        hidden_spot = None
        for seat, spot in scan.spots:
            if seat == hidden:
                hidden_spot = spot
            elif self.ident.get(spot, -1) == ident:
                found.append(Link("finesse", seat, spot, ident))
        if len(found) == 1:
            return found[0]
        if not found and hidden_spot is not None and self.clue.get(hidden_spot, self.all) & bit:
            return Link("finesse", hidden, hidden_spot, ident)
        return None

    def _chain(self, truth: int, hidden: int, scan: Scan) -> list[Link] | None:
        """The cards that must play before ``truth``, by who plays them (``None`` when one of
        them has nobody to play it, or when the firework no longer takes ``truth``)."""
        t = self.tables
        suit = t.suit_of[truth]
        row = t.needed[suit]
        links = []
        k = self.fireworks[suit]
        first = True
        used: set[int] = set()
        while row[k] >= 0 and row[k] != truth:
            link = self._connect(row[k], first, hidden, scan, used)
            if link is None:
                return None
            used.add(link.order)
            links.append(link)
            first = False
            k += 1
        if row[k] != truth:
            return None  # the firework is past it: a card no longer needed plays through nothing
        return links


@dataclass(slots=True)
class Trial:
    """What :meth:`Tracker.try_clue` changed, to put back: the receiver's clue masks, the cards
    it newly touched, the notes and blind calls it wrote (``None`` where there was none), and
    the notes' standing (frozen or not)."""

    clue: dict[int, int | None]
    fresh: list[int]
    notes: dict[int, int | None]
    blind: dict[int, int | None]
    frozen: Still | None


@dataclass(slots=True)
class Scan:
    """The cards one clue's connections may use: known cards by identity, clued cards in
    prompt order and finesse positions in turn order (giver and receiver left out)."""

    known: dict[int, tuple[int, int]]
    prompts: list[tuple[int, int, int]]
    spots: list[tuple[int, int]]
