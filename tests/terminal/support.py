"""Games from hand-made decks for the terminal tests.

A deck lists each seat's hand (card names such as ``R1``, oldest card first), then the top of the
draw pile; the rest of the variant's cards follow in suit order. Seat ``s`` holds the orders
``s*h .. s*h+h-1`` with hand size ``h``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from openhanabi.rules import Action, Card, Game, Variant, find_variant
from openhanabi.rules.deck import ordered_deck


def card(variant: Variant, name: str) -> Card:
    suit = [suit.letter for suit in variant.suits].index(name[0])
    return Card(suit, int(name[1:]))


def make_game(
    variant: Variant, hands: Sequence[str], draw: str = "", tiles: Sequence[int] = ()
) -> Game:
    wanted = [card(variant, name) for names in (*hands, draw) for name in names.split()]
    pool = Counter(ordered_deck(variant))
    pool.subtract(wanted)
    rest = []
    for item in ordered_deck(variant):
        if pool[item] > 0:
            pool[item] -= 1
            rest.append(item)
    return Game(variant, wanted + rest, bonus_tiles=tiles or (1, 2, 3, 4, 5, 6))


def run(game: Game, *actions: str) -> Game:
    for text in actions:
        game.apply(Action.parse(text))
    return game


def awaiting_tile_6() -> Game:
    """Seat 0 has just completed red and drawn bonus tile 6 with Y1 (order 7) discarded."""
    variant = find_variant("bonus-tiles", players=2)
    game = make_game(
        variant, ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"], "B1 B2 B3 B4", [6, 1, 2, 3, 4, 5]
    )
    return run(game, "clue 1 rank 1", "discard 7", "play 0", "play 5", "play 1", "play 6", "play 2")
