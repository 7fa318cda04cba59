"""Helpers for the environment tests: hand-made decks, a sample of variants, and policies that
play long games (they read the referee's cards, which only tests may do)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from openhanabi.rules import Action, ActionType, Card, Game, Variant, find_variant
from openhanabi.rules.deck import ordered_deck

# A spread of variants and options: every suit kind, every option, 2 to 5 players.
VARIANTS: tuple[Variant, ...] = (
    find_variant("base", players=2),
    find_variant("base", players=3, empty_clues=False),
    find_variant("multicolor", players=4, clue_tokens=9),
    find_variant("multicolor-5", players=5, storms=1),
    find_variant("rainbow", players=3, declared_play=True),
    find_variant("rainbow-5", players=2, hand_size=3),
    find_variant("black-powder", players=4, bonus_tiles=True),
    find_variant("black-powder-rainbow", players=5, bonus_tiles=True, declared_play=True),
    find_variant("black-powder-multicolor-5", players=3, empty_clues=False, storms=5),
    find_variant("play-until-perfect", players=2, bonus_tiles=True),
    find_variant("base", players=4, hanab_live_ending=True, start_seat=2),
    find_variant("declared-play", players=5, clue_tokens=2, hand_size=2),
)


def card(variant: Variant, name: str) -> Card:
    """The card called ``name`` (suit letter and rank, ``R1``; ``M`` the sixth suit)."""
    letter, rank = name[:-1], int(name[-1])
    (suit,) = [i for i, s in enumerate(variant.suits) if s.letter == letter]
    return Card(suit, rank)


def make_game(
    variant: Variant, hands: Sequence[str], draw: str = "", tiles: Sequence[int] = ()
) -> Game:
    """A game whose hands (one string of card names per seat) and top of the draw pile are
    given; the variant's other cards follow in suit order."""
    wanted = [card(variant, name) for text in (*hands, draw) for name in text.split()]
    rest = ordered_deck(variant)
    for wanted_card in wanted:
        rest.remove(wanted_card)
    if variant.bonus_tiles and not tiles:
        tiles = (1, 2, 3, 4, 5, 6)
    return Game(variant, wanted + rest, bonus_tiles=tiles)


def careful_action(game: Game, rng: random.Random) -> Action:
    """Mostly plays what fits and rarely misplays, so games reach their end; otherwise random."""
    legal = game.legal_actions()
    if game.pending is not None:
        return rng.choice(legal)
    fits = [
        action
        for action in legal
        if action.type is ActionType.PLAY
        and game.is_playable(action.target)
        and action.declare in (None, game.card(action.target).suit)
    ]
    if fits and rng.random() < 0.6:
        return rng.choice(fits)
    safe = [a for a in legal if a.type is not ActionType.PLAY or a in fits]
    if safe and rng.random() < 0.97:
        return rng.choice(safe)
    return rng.choice(legal)


def positions(variant: Variant, seed: int) -> Iterator[Game]:
    """Every position of one careful game of ``variant``, the final one included (the same
    game object, changed between yields)."""
    game = Game.new(variant, seed)
    rng = random.Random(seed)
    while True:
        yield game
        if game.over:
            return
        game.apply(careful_action(game, rng))
