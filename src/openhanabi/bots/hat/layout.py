"""What the hat convention needs to know about a variant, computed once per variant.

Identities are the engine's small integers (``suit * 5 + rank - 1``) and sets of identities are
bitmasks, so every question the convention asks about a card is integer arithmetic.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from openhanabi.rules import Action, Variant
from openhanabi.rules.tables import RANK_COUNT, tables_for


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """Per-variant constants of the convention (one per variant, compared by identity)."""

    players: int
    suits: int
    identities: int
    all_ids: int  # mask of every identity the variant has
    copies: tuple[int, ...]  # per identity
    suit_of: tuple[int, ...]  # per identity
    rank_of: tuple[int, ...]  # per identity (1..5)
    step_of: tuple[int, ...]  # per identity: its place in its suit's play order (0 = first)
    needed: tuple[tuple[int, ...], ...]  # per suit: identities in play order, then -1
    suit_mask: tuple[int, ...]  # per suit: its identities
    colour_touch: tuple[int, ...]  # per nameable colour: identities it touches
    colour_reach: int  # identities some colour clue touches
    # Per identity x, for clues that must touch some card of a hand but miss a card x: the
    # identities some rank clue / some colour clue / some clue can touch while missing x, and the
    # copies of the other identities. A hand holding more cards than those copies always has a
    # card such a clue touches.
    rank_apart: tuple[int, ...]
    colour_apart: tuple[int, ...]
    clue_apart: tuple[int, ...]
    rank_together: tuple[int, ...]
    colour_together: tuple[int, ...]
    clue_together: tuple[int, ...]
    rank_touch: tuple[int, ...]  # per rank (index 0 unused): identities it touches
    colours: int  # nameable colours
    clue_kinds: int  # nameable colours + ranks: the clues one seat can give another
    clues: tuple[tuple[Action, ...], ...]  # per target seat: its clues, colours then ranks
    last_ids: int  # identities that complete a firework
    cards_needed: int  # cards that make a perfect game (one per identity step)
    # the weight table of a fresh game (see Public.weight): per suit and 5-bit chunk of it, the
    # copies its identities have together
    weights: tuple[int, ...]


@functools.cache
def layout_for(variant: Variant) -> Layout:
    tables = tables_for(variant)
    suits = tables.suit_count
    ids = tables.identities
    step_of = [0] * ids
    for row in tables.needed:
        for step, ident in enumerate(row[:-1]):
            step_of[ident] = step
    colours = len(tables.colour_touch)
    rank_apart = []
    colour_apart = []
    for x in range(ids):
        rank_apart.append(sum(1 << y for y in range(ids) if y % RANK_COUNT != x % RANK_COUNT))
        colour_apart.append(
            sum(
                1 << y
                for y in range(ids)
                if any(t >> y & 1 and not t >> x & 1 for t in tables.colour_touch)
            )
        )
    clue_apart = [r | c for r, c in zip(rank_apart, colour_apart, strict=True)]

    def together(apart: list[int]) -> tuple[int, ...]:
        return tuple(
            sum(tables.copies[y] for y in range(ids) if not apart[x] >> y & 1) for x in range(ids)
        )

    clues = tuple(
        tuple(
            [Action.colour_clue(target, c) for c in range(colours)]
            + [Action.rank_clue(target, r) for r in range(1, RANK_COUNT + 1)]
        )
        for target in range(variant.players)
    )
    return Layout(
        players=variant.players,
        suits=suits,
        identities=ids,
        all_ids=tables.all_cards,
        copies=tables.copies,
        suit_of=tables.suit_of,
        rank_of=tuple(i % RANK_COUNT + 1 for i in range(ids)),
        step_of=tuple(step_of),
        needed=tables.needed,
        suit_mask=tuple(((1 << RANK_COUNT) - 1) << (s * RANK_COUNT) for s in range(suits)),
        colour_touch=tables.colour_touch,
        colour_reach=functools.reduce(int.__or__, tables.colour_touch, 0),
        rank_apart=tuple(rank_apart),
        colour_apart=tuple(colour_apart),
        clue_apart=tuple(clue_apart),
        rank_together=together(rank_apart),
        colour_together=together(colour_apart),
        clue_together=together(clue_apart),
        rank_touch=tables.rank_touch,
        colours=colours,
        clue_kinds=colours + RANK_COUNT,
        clues=clues,
        last_ids=sum(1 << row[-2] for row in tables.needed),
        cards_needed=sum(len(row) - 1 for row in tables.needed),
        weights=tuple(
            sum(tables.copies[5 * suit + k] for k in range(RANK_COUNT) if chunk >> k & 1)
            for suit in range(suits)
            for chunk in range(32)
        ),
    )


def bits(mask: int) -> list[int]:
    """The identities in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@functools.cache
def blocks(mask: int, parts: int) -> tuple[int, ...]:
    """Split ``mask`` into ``parts`` blocks by dealing its identities round robin, lowest first.

    Dealing round robin keeps each block's identities spread across suits and ranks, so no
    block is much more likely than another. (A pure function of public numbers; cached.)
    """
    out = [0] * parts
    k = 0
    while mask:
        low = mask & -mask
        out[k] |= low
        mask ^= low
        k += 1
        if k == parts:
            k = 0
    return tuple(b for b in out if b)
