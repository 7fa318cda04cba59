"""The public knowledge of the hat convention, replayed identically by every seat.

Every seat keeps the same :class:`Public` state: the hands (as card orders), for every card the
set of identities it can still have given everything said in public (clues, hat answers, other
inferences), and the board. Nothing here depends on which seat keeps it; the one place where
hidden cards enter is :meth:`Public.interrogate`, where the caller passes the actual cards of a
hand it can see (to encode) or the decoded number (to decode its own hand).
"""

from __future__ import annotations

from openhanabi.bots.hat.layout import Layout, blocks


class Public:
    """Board and per-card knowledge everyone shares. Masks are sets of identities."""

    __slots__ = (
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
        "rem",
        "storms",
        "tokens",
        "wt",
    )

    def __init__(self, lay: Layout, hand_size: int, deck_size: int, clue_tokens: int) -> None:
        n = lay.players
        self.lay = lay
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
        self.wt = [0] * (32 * lay.suits)
        for suit in range(lay.suits):
            self._refresh_weights(suit)
        self.refresh_board()

    # ------------------------------------------------------------------ board

    def _refresh_weights(self, suit: int) -> None:
        # wt[32 * suit + chunk]: how many unseen copies the identities of ``chunk`` (five bits of
        # one suit) have together, so that weight(mask) is one lookup per suit
        rem = self.rem
        base = suit * 5
        wt = self.wt
        for chunk in range(32):
            total = 0
            for k in range(5):
                if chunk >> k & 1:
                    total += rem[base + k]
            wt[32 * suit + chunk] = total

    def refresh_board(self) -> None:
        """Recompute the playable, dead and critical identities from fireworks and discards."""
        lay = self.lay
        playable = dead = critical = 0
        discarded = self.discarded
        copies = lay.copies
        for suit in range(lay.suits):
            row = lay.needed[suit]
            played = self.played[suit]
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
        self.playable = playable
        self.dead = dead
        self.critical = critical

    def weight(self, mask: int) -> int:
        """Unseen copies of the identities in ``mask``: the odds weights everyone uses."""
        wt = self.wt
        total = 0
        base = 0
        while mask:
            total += wt[base + (mask & 31)]
            mask >>= 5
            base += 32
        return total

    # ------------------------------------------------------------------ events

    def reveal(self, seat: int, order: int, ident: int) -> None:
        """Card ``order`` left ``seat``'s hand face up (played, misplayed or discarded)."""
        self.hands[seat].remove(order)
        self.seen(ident)

    def seen(self, ident: int) -> None:
        rem = self.rem
        rem[ident] -= 1
        self._refresh_weights(ident // 5)
        if rem[ident] == 0:
            # every copy is accounted for: no card in a hand can be this one
            keep = ~(1 << ident)
            mask = self.mask
            for hand in self.hands:
                for order in hand:
                    mask[order] &= keep

    def unseen(self, ident: int) -> None:
        """A card went back into the draw pile (bonus tile 5)."""
        self.rem[ident] += 1
        self._refresh_weights(ident // 5)

    def draw(self, seat: int, order: int) -> None:
        self.hands[seat].append(order)
        self.deck_left -= 1
        new = 0
        rem = self.rem
        for ident in range(self.lay.identities):
            if rem[ident]:
                new |= 1 << ident
        if order >= len(self.mask):
            self.mask.extend([0] * (order + 8 - len(self.mask)))
        self.mask[order] = new

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
        """Positions in ``seat``'s hand publicly known to be useless: surely dead, or one of two
        cards known to be the same identity (either may go, the other keeps the identity)."""
        dead = self.dead
        mask = self.mask
        out = []
        seen: dict[int, int] = {}
        for i, order in enumerate(self.hands[seat]):
            m = mask[order]
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
        rounding).
        """
        playable = self.playable
        dead = self.dead
        weight = self.weight
        size = len(masks)
        # encoder: acc, mod (digits so far); decoder: x (what is left of value); both: room
        acc = 0
        mod = 1
        x = value
        room = total

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
            # "is this card playable?" for cards worth asking about, likeliest first
            ask = [
                i
                for i in range(size)
                if w[i] and masks[i] & (masks[i] - 1) and d[i] != w[i] and 0 < p[i] < w[i]
                if 5 * p[i] >= w[i]
            ]
            ask.sort(key=lambda i: (-p[i] / w[i], i))
            if self.lay.players == 5:
                for i in ask:
                    if cards is not None:
                        a = 1 if (1 << cards[i]) & playable else 0
                        acc += mod * a
                        mod = min(total, mod * 2)
                        room = (total - acc - 1) // mod + 1
                    else:
                        a = x & 1
                        x >>= 1
                        room = (room - a - 1) // 2 + 1
                    masks[i] &= playable if a else ~playable
                    if room <= 1:
                        return acc
            else:
                # one question: "which is the first of these cards that has its property?"
                combo: list[tuple[int, int]] = []
                for i in ask:
                    if len(combo) + 1 < room:
                        combo.append((i, playable))
                combo.reverse()  # unlikely ones first: a "yes" then also clears the others
                if len(combo) + 1 < room and not known_dead:
                    ask_dead = [i for i in range(size) if 0 < d[i] < w[i]]
                    ask_dead.sort(key=lambda i: (-d[i] / w[i], i))
                    for i in ask_dead:
                        if len(combo) + 1 < room:
                            combo.append((i, dead))
                if combo:
                    amount = len(combo) + 1
                    if cards is not None:
                        a = 0
                        for k, (i, prop) in enumerate(combo):
                            if (1 << cards[i]) & prop:
                                a = k + 1
                                break
                        acc += mod * a
                        mod = min(total, mod * amount)
                        room = (total - acc - 1) // mod + 1
                    else:
                        a = x % amount
                        x //= amount
                        room = (room - a - 1) // amount + 1
                    for k, (i, prop) in enumerate(combo):
                        if k + 1 == a:
                            masks[i] &= prop
                            break
                        masks[i] &= ~prop
                    if room <= 1:
                        return acc

        # "which of these groups of identities is this card?", likeliest playable first
        order = [i for i in range(size) if w[i] and masks[i] & (masks[i] - 1) and d[i] != w[i]]
        order.sort(key=lambda i: (-p[i] / w[i], i))
        for i in order:
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
            if cards is not None:
                bit = 1 << cards[i]
                a = 0
                for k, part in enumerate(parts):
                    if part & bit:
                        a = k
                        break
                acc += mod * a
                mod = min(total, mod * amount)
                room = (total - acc - 1) // mod + 1
            else:
                a = x % amount
                x //= amount
                room = (room - a - 1) // amount + 1
            masks[i] = parts[a]
            if room <= 1:
                return acc
        return acc
