"""The public knowledge of the hat convention, replayed identically by every seat.

Every seat keeps the same :class:`Public` state: the hands (as card orders), for every card the
set of identities it can still have given everything said in public (clues, hat answers, other
inferences), and the board. Nothing here depends on which seat keeps it; the one place where
hidden cards enter is :meth:`Public.interrogate`, where the caller passes the actual cards of a
hand it can see (to encode) or the decoded number (to decode its own hand).
"""

from __future__ import annotations

from collections.abc import Callable

from openhanabi.bots.hat.layout import Layout, blocks

# per bit k of a suit's five: the 5-bit chunks that hold it
_CHUNKS_WITH = tuple(tuple(c for c in range(32) if c >> k & 1) for k in range(5))


def _adjust(wt: list[int], ident: int, delta: int) -> None:
    """One copy of ``ident`` more (``delta`` 1) or fewer (-1) unseen."""
    base = 32 * (ident // 5)
    for chunk in _CHUNKS_WITH[ident % 5]:
        wt[base + chunk] += delta


def _weigher(wt: list[int], suits: int) -> Callable[[int], int]:
    """``weight(mask)``: the unseen copies of the identities in ``mask`` (the odds weights
    everyone uses), one table lookup per suit, unrolled for the usual suit counts."""
    if suits == 5:

        def weight5(m: int) -> int:
            return (
                wt[m & 31]
                + wt[32 + (m >> 5 & 31)]
                + wt[64 + (m >> 10 & 31)]
                + wt[96 + (m >> 15 & 31)]
                + wt[128 + (m >> 20 & 31)]
            )

        return weight5
    if suits == 6:

        def weight6(m: int) -> int:
            return (
                wt[m & 31]
                + wt[32 + (m >> 5 & 31)]
                + wt[64 + (m >> 10 & 31)]
                + wt[96 + (m >> 15 & 31)]
                + wt[128 + (m >> 20 & 31)]
                + wt[160 + (m >> 25 & 31)]
            )

        return weight6

    def weight(m: int) -> int:
        total = 0
        base = 0
        while m:
            total += wt[base + (m & 31)]
            m >>= 5
            base += 32
        return total

    return weight


class Public:
    """Board and per-card knowledge everyone shares. Masks are sets of identities."""

    __slots__ = (
        "ask_dead",
        "critical",
        "dead",
        "deck_left",
        "discarded",
        "discards",
        "hands",
        "lay",
        "mask",
        "max_tokens",
        "playable",
        "played",
        "protect_chop",
        "rem",
        "rem_level",
        "storms",
        "suit_board",
        "tokens",
        "unseen_ids",
        "weight",
        "wt",
    )

    def __init__(self, lay: Layout, hand_size: int, deck_size: int, clue_tokens: int) -> None:
        n = lay.players
        self.lay = lay
        # Tuned by player count (self-play on 2000 deals each): with two or three players a seat
        # discards more blind and clues protect the chop; with two the "useless?" part of the
        # playable question costs more than it earns.
        self.protect_chop = n <= 3
        self.ask_dead = n != 2
        self.hands = [list(range(s * hand_size, (s + 1) * hand_size)) for s in range(n)]
        # bonus tile 5 gives a shuffled-back card one more order, hence the spare slots
        self.mask = [lay.all_ids] * (deck_size + 8)
        self.discarded = [0] * lay.identities
        self.discards = 0
        self.played = [0] * lay.suits
        self.rem = list(lay.copies)  # copies not yet seen by everyone (in hands or the deck)
        self.tokens = clue_tokens
        self.max_tokens = clue_tokens
        self.storms = 0
        self.deck_left = deck_size - n * hand_size
        self.playable = 0
        self.dead = 0
        self.critical = 0
        self.unseen_ids = lay.all_ids  # identities with an unseen copy
        # rem_level[k]: the identities with exactly k unseen copies (k = 0..3)
        self.rem_level = [0, 0, 0, 0]
        for ident, count in enumerate(self.rem):
            self.rem_level[count] |= 1 << ident
        # wt[32 * suit + chunk]: how many unseen copies the identities of ``chunk`` (five bits of
        # one suit) have together, so that weight(mask) is one lookup per suit
        self.wt = list(lay.weights)
        self.weight = _weigher(self.wt, lay.suits)
        self.suit_board = [(0, 0, 0)] * lay.suits  # per suit: playable, dead, critical
        self.refresh_board()

    # ------------------------------------------------------------------ board

    def refresh_board(self) -> None:
        """Recompute the playable, dead and critical identities of every suit."""
        for suit in range(self.lay.suits):
            self.refresh_suit(suit)

    def refresh_suit(self, suit: int) -> None:
        """Recompute which identities are playable, dead and critical, after ``suit``'s
        firework or discards changed."""
        lay = self.lay
        discarded = self.discarded
        copies = lay.copies
        row = lay.needed[suit]
        played = self.played[suit]
        playable = dead = critical = 0
        for ident in row[:played]:
            dead |= 1 << ident
        k = played
        while row[k] >= 0 and discarded[row[k]] < copies[row[k]]:
            ident = row[k]
            if k == played:
                playable |= 1 << ident
            if copies[ident] - discarded[ident] == 1:
                critical |= 1 << ident
            k += 1
        # a card whose every copy is gone cuts its suit: everything above it is dead
        for ident in row[k:-1]:
            dead |= 1 << ident
        board = self.suit_board
        board[suit] = (playable, dead, critical)
        playable = dead = critical = 0
        for p, d, c in board:
            playable |= p
            dead |= d
            critical |= c
        self.playable = playable
        self.dead = dead
        self.critical = critical

    # ------------------------------------------------------------------ events

    def reveal(self, seat: int, order: int, ident: int) -> None:
        """Card ``order`` left ``seat``'s hand face up (played, misplayed or discarded)."""
        self.hands[seat].remove(order)
        self.seen(ident)

    def seen(self, ident: int) -> None:
        rem = self.rem
        rem[ident] -= 1
        bit = 1 << ident
        self.rem_level[rem[ident] + 1] &= ~bit
        self.rem_level[rem[ident]] |= bit
        _adjust(self.wt, ident, -1)
        if rem[ident] == 0:
            # every copy is accounted for: no card in a hand can be this one
            keep = ~(1 << ident)
            self.unseen_ids &= keep
            mask = self.mask
            for hand in self.hands:
                for order in hand:
                    mask[order] &= keep

    def unseen(self, ident: int) -> None:
        """A card went back into the draw pile (bonus tile 5)."""
        self.rem[ident] += 1
        bit = 1 << ident
        self.rem_level[self.rem[ident] - 1] &= ~bit
        self.rem_level[self.rem[ident]] |= bit
        _adjust(self.wt, ident, 1)
        self.unseen_ids |= 1 << ident

    def draw(self, seat: int, order: int) -> None:
        self.hands[seat].append(order)
        self.deck_left -= 1
        if order >= len(self.mask):
            self.mask.extend([0] * (order + 8 - len(self.mask)))
        self.mask[order] = self.unseen_ids

    def clue(self, seat: int, touch: int, touched: tuple[int, ...]) -> None:
        """Every card of ``seat`` either has an identity in ``touch`` or not, as the clue showed."""
        mask = self.mask
        miss = ~touch
        for order in self.hands[seat]:
            mask[order] &= touch if order in touched else miss

    def gain_token(self) -> None:
        if self.tokens < self.max_tokens:
            self.tokens += 1

    # ------------------------------------------------------------------ knowledge

    def knows_playable(self, seat: int) -> bool:
        """Whether ``seat`` publicly holds a card that is surely playable."""
        playable = self.playable
        mask = self.mask
        for order in self.hands[seat]:
            m = mask[order]
            if m and not m & ~playable:
                return True
        return False

    def useless_slots(self, seat: int) -> list[int]:
        """Positions in ``seat``'s hand publicly known to be useless."""
        return useless_positions([self.mask[order] for order in self.hands[seat]], self.dead)

    def chop(self, seat: int) -> int:
        """The card ``seat`` would discard knowing no useless card: the least likely to be
        critical, then the likeliest useless, oldest first (-1 for an empty hand)."""
        critical = self.critical
        mask = self.mask
        best = -1
        best_p = 2.0
        for i, order in enumerate(self.hands[seat]):
            m = mask[order]
            if not m:
                continue
            w = self.weight(m)
            # least likely critical; between equals, likeliest useless
            p = self.weight(m & critical) / w - 0.001 * self.weight(m & self.dead) / w
            if p < best_p:
                best_p = p
                best = i
        return best

    def chop_at_risk(self, seat: int) -> int:
        """The order of ``seat``'s chop if it may be critical and ``seat`` knows nothing better
        to do than discard it, else -1."""
        if self.knows_playable(seat) or self.useless_slots(seat):
            return -1
        slot = self.chop(seat)
        if slot < 0:
            return -1
        order = self.hands[seat][slot]
        return order if self.mask[order] & self.critical else -1

    def eliminate(self) -> None:
        """Public inference: when as many cards are known to be one identity as there are
        unseen copies of it, no other card in a hand can be that identity."""
        mask = self.mask
        _, one, two, three = self.rem_level
        while True:
            # identities known for at least one, two and three cards, counted bitwise
            once = twice = thrice = 0
            for hand in self.hands:
                for order in hand:
                    m = mask[order]
                    if not m & (m - 1):
                        thrice |= twice & m
                        twice |= once & m
                        once |= m
            full = once & one | twice & two | thrice & three
            if not full:
                return
            changed = False
            for hand in self.hands:
                for order in hand:
                    m = mask[order]
                    if m & full and m & (m - 1) and m & ~full:
                        mask[order] = m & ~full
                        changed = True
            if not changed:
                return

    def no_playable(self, seat: int) -> None:
        """Public inference: ``seat`` holds no playable card."""
        keep = ~self.playable
        mask = self.mask
        for order in self.hands[seat]:
            m = mask[order] & keep
            if m:
                mask[order] = m

    # ------------------------------------------------------------------ the questions

    def interrogate(self, masks: list[int], total: int, cards: list[int] | None, value: int) -> int:
        """Ask one hand the convention's questions, worth at most ``total`` answers in all.

        With ``cards`` (the hand's identities, seen by the caller) this *encodes*: it returns the
        number in ``range(total)`` that answers every question. Without, it *decodes* ``value``.
        Either way it narrows ``masks`` (the hand's public knowledge, changed in place) to what
        the answers say, so encoder and decoders end with the same knowledge.

        Questions are asked one after another and each may depend on the answers before it: the
        answers form a mixed-radix number, lowest digit first, and the room left after each digit
        is what the digits so far leave below ``total`` (so no answer is ever wasted on a
        rounding). The questions, in order:

        1. unless a card is known playable, "which is the first of these cards that is playable
           (or, next, useless)?", from the least likely card to the likeliest;
        2. with two or three players, unless a card is known safe to discard, "which is the first
           of these cards that is not critical?", from the likeliest to be safe;
        3. for each card not yet known, likeliest playable first, "which of these groups of
           identities is it?", as many groups as there is room for.
        """
        if total <= 1:
            return 0
        playable = self.playable
        dead = self.dead
        weight = self.weight
        size = len(masks)
        encoding = cards is not None
        # encoder: acc and mod (the digits so far); decoder: x (what value has left); both: room
        acc = 0
        mod = 1
        x = value
        room = total

        def digit(amount: int, answer: int) -> int:
            """Write (encoding) or read (decoding) one answer out of ``amount``."""
            nonlocal acc, mod, x, room
            if encoding:
                acc += mod * answer
                mod = min(total, mod * amount)
                room = (total - acc - 1) // mod + 1
                return answer
            answer = x % amount
            x //= amount
            room = (room - answer - 1) // amount + 1
            return answer

        def first_with(slots: list[int], props: list[int]) -> None:
            """ "Which of ``slots`` is the first whose card is in its ``props`` set (0: none)?" """
            answer = 0
            if cards is not None:
                for k, i in enumerate(slots):
                    if (1 << cards[i]) & props[k]:
                        answer = k + 1
                        break
            answer = digit(len(slots) + 1, answer)
            for k, i in enumerate(slots):
                if k + 1 == answer:
                    masks[i] &= props[k]
                    return
                masks[i] &= ~props[k]

        # odds of each card being playable / dead, before any question
        w = [0] * size
        p = [0] * size
        d = [0] * size
        known_playable = known_dead = False
        for i in range(size):
            m = masks[i]
            if not m:
                continue
            wi = weight(m)
            pi = weight(m & playable)
            di = weight(m & dead)
            w[i] = wi
            p[i] = pi
            d[i] = di
            if pi == wi:
                known_playable = True
            if di == wi:
                known_dead = True

        if not known_playable:
            ask = [i for i in range(size) if 0 < p[i] < w[i] and d[i] != w[i]]
            ask.sort(key=lambda i: (-p[i] / w[i], i))
            slots = ask[: room - 1]
            # least likely first: a "yes" on a card then also says "no" to the likelier ones
            slots.reverse()
            props = [playable] * len(slots)
            if self.ask_dead and not known_dead and len(slots) + 1 < room:
                maybe = [i for i in range(size) if 0 < d[i] < w[i]]
                maybe.sort(key=lambda i: (-d[i] / w[i], i))
                maybe = maybe[: room - 1 - len(slots)]
                slots += maybe
                props += [dead] * len(maybe)
            if slots:
                first_with(slots, props)
                if room <= 1:
                    return acc

        if self.protect_chop:
            critical = self.critical
            if not any(m and not m & critical for m in masks):
                ask = [i for i in range(size) if masks[i] & critical and masks[i] & ~critical]
                ask.sort(key=lambda i: (weight(masks[i] & critical) / weight(masks[i]), i))
                slots = ask[: room - 1]
                if slots:
                    first_with(slots, [~critical] * len(slots))
                    if room <= 1:
                        return acc

        # "which of these groups of identities is this card?"
        ask = [i for i in range(size) if w[i] and d[i] != w[i]]
        ask.sort(key=lambda i: (-p[i] / w[i], i))
        for i in ask:
            m = masks[i]
            if not m & (m - 1):
                continue
            dead_part = m & dead
            live = m & ~dead
            if not live:
                continue
            parts = blocks(live, room - 1 if dead_part else room)
            if dead_part:
                parts = (*parts, dead_part)
            amount = len(parts)
            if amount < 2:
                continue
            answer = 0
            if cards is not None:
                bit = 1 << cards[i]
                for k, part in enumerate(parts):
                    if part & bit:
                        answer = k
                        break
            masks[i] = parts[digit(amount, answer)]
            if room <= 1:
                return acc
        return acc


def useless_positions(masks: list[int], dead: int) -> list[int]:
    """Positions of the cards (given as identity masks) known to be useless: surely dead, or one
    of two cards known to be the same identity (either may go, the other keeps the identity)."""
    out = []
    seen: dict[int, int] = {}
    for i, m in enumerate(masks):
        if not m & ~dead:
            out.append(i)
        elif not m & (m - 1):
            if m in seen:
                if seen[m] not in out:
                    out.append(seen[m])
                out.append(i)
            else:
                seen[m] = i
    out.sort()
    return out
