"""Helpers for the rules tests: hand-made decks, scripted turns, state snapshots and policies.

A hand-made deck lists each seat's hand (space-separated card names such as ``R1`` or ``K5``),
then the top of the draw pile; the rest of the variant's cards follow in suit order. Hands are
dealt one whole hand at a time, seat 0 first, so with hand size ``h`` seat ``s`` holds the orders
``s*h .. s*h+h-1`` and the ``i``-th card drawn afterwards has order ``players*h + i``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from openhanabi.rules import Action, ActionType, Card, Game, Variant
from openhanabi.rules.deck import ordered_deck
from openhanabi.rules.suits import ONE_OF_EACH, Suit
from openhanabi.rules.tables import card_of

# Orders of the engine's shared, never-changing helpers: left out of state comparisons.
_DERIVED = ("_action_table", "_clue_actions", "_tables")


def card(variant: Variant, name: str) -> Card:
    """The card called ``name`` (suit letter and rank) in ``variant``."""
    letter, rank = name[:-1], int(name[-1])
    matches = [i for i, suit in enumerate(variant.suits) if suit.letter == letter]
    if len(matches) != 1:
        raise ValueError(f"no single suit with letter {letter!r} in {variant.key}")
    return Card(matches[0], rank)


def cards(variant: Variant, names: str) -> list[Card]:
    return [card(variant, name) for name in names.split()]


def build_deck(variant: Variant, hands: Sequence[str], draw: str = "") -> list[Card]:
    """Hands (one string per seat), then the given top of the draw pile, then every other card."""
    if len(hands) != variant.players:
        raise ValueError(f"{len(hands)} hands for {variant.players} players")
    wanted: list[Card] = []
    for hand in hands:
        dealt = cards(variant, hand)
        if len(dealt) != variant.hand_size:
            raise ValueError(f"hand {hand!r} is not {variant.hand_size} cards")
        wanted += dealt
    wanted += cards(variant, draw)
    pool = Counter(ordered_deck(variant))
    pool.subtract(wanted)
    if any(count < 0 for count in pool.values()):
        raise ValueError(f"more copies asked for than {variant.key} has")
    rest: list[Card] = []
    for item in ordered_deck(variant):
        if pool[item] > 0:
            pool[item] -= 1
            rest.append(item)
    return wanted + rest


def make_game(
    variant: Variant, hands: Sequence[str], draw: str = "", tiles: Sequence[int] = ()
) -> Game:
    """A game dealt from a hand-made deck (and, with bonus tiles, a hand-made tile order)."""
    if variant.bonus_tiles and not tiles:
        tiles = (1, 2, 3, 4, 5, 6)
    return Game(variant, build_deck(variant, hands, draw), bonus_tiles=tiles)


def run(game: Game, *actions: str | Action) -> None:
    """Apply actions written as text (``"play 3"``, ``"clue 1 rank 5"``) or as values."""
    for action in actions:
        game.apply(Action.parse(action) if isinstance(action, str) else action)


def hand_cards(game: Game, seat: int) -> list[Card]:
    return [game.card(order) for order in game.hands[seat]]


def custom_suits(count: int, distribution: tuple[int, ...] = ONE_OF_EACH) -> tuple[Suit, ...]:
    """``count`` plain suits clued by their own colour, one card per rank unless told."""
    return tuple(
        Suit(f"test-{i}", f"Test {i}", "ABCDEFGHIJ"[i], cards=distribution) for i in range(count)
    )


# ---------------------------------------------------------------------------- state


def snapshot(game: Game) -> dict[str, Any]:
    """Every piece of the game's state, deep-copied, for before/after comparisons."""
    state: dict[str, Any] = {}
    for name in Game.__slots__:
        if name in _DERIVED:
            continue
        value = getattr(game, name)
        if name == "_chance":
            value = value.state
        state[name] = copy.deepcopy(value)
    return state


def played_cards(game: Game) -> list[Card]:
    """The identities on the fireworks, read from each suit's play order."""
    return [
        Card(index, rank)
        for index, suit in enumerate(game.variant.suits)
        for rank in suit.play_order[: game.fireworks[index]]
    ]


def best_score_left(game: Game) -> int:
    """The best score still reachable, worked out from the suits, the fireworks and the discard
    pile alone: each firework can still grow until the next card it needs has every copy in
    the discard pile."""
    lost = Counter(game.card(order) for order in game.discard_pile)
    total = 0
    for index, suit in enumerate(game.variant.suits):
        played = game.fireworks[index]
        for rank in suit.play_order[played:]:
            if lost[Card(index, rank)] >= suit.copies(rank):
                break
            played += 1
        total += suit.points(played)
    return total


def draw_pile_cards(game: Game) -> list[Card]:
    """The draw pile's identities, top first (referee's knowledge)."""
    return [card_of(ident) for ident in reversed(game.draw_pile)]


def all_cards_now(game: Game) -> Counter[Card]:
    """Every card in a hand, the draw pile, the discard pile or on a firework."""
    found: Counter[Card] = Counter()
    for hand in game.hands:
        found.update(game.card(order) for order in hand)
    found.update(draw_pile_cards(game))
    found.update(game.card(order) for order in game.discard_pile)
    found.update(played_cards(game))
    return found


# ---------------------------------------------------------------------------- policies

Policy = Callable[[Game, random.Random], Action]


def random_policy(game: Game, rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(game.legal_actions())


def careful_policy(game: Game, rng: random.Random) -> Action:
    """Never misplays while it has a choice: plays a playable card (declaring its suit rightly
    now and then), else gives a clue or discards, and only plays blind when nothing else is
    legal. Bonus tile decisions are picked at random."""
    legal = game.legal_actions()
    if game.pending is not None:
        return rng.choice(legal)
    plays = [
        a
        for a in legal
        if a.type is ActionType.PLAY
        and game.is_playable(a.target)
        and (a.declare is None or a.declare == game.card(a.target).suit)
    ]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    clues = [a for a in legal if a.is_clue]
    discards = [a for a in legal if a.type is ActionType.DISCARD]
    if discards and (not clues or rng.random() < 0.5):
        return rng.choice(discards)
    if clues:
        return rng.choice(clues)
    return rng.choice(plays or legal)


def first_playable_policy(game: Game, rng: random.Random) -> Action:
    """Deterministic: the first playable card, else a discard of a card already played, else
    a clue, else the oldest card's discard; bonus tile decisions take the first choice."""
    legal = game.legal_actions()
    if game.pending is not None:
        return legal[0]
    hand = game.hands[game.seat]
    for order in hand:
        if game.is_playable(order):
            return Action.play(order)
    played = set(played_cards(game))
    discards = {a.target: a for a in legal if a.type is ActionType.DISCARD}
    for order in hand:
        if order in discards and game.card(order) in played:
            return discards[order]
    clues = [a for a in legal if a.is_clue]
    if clues:
        return clues[0]
    if discards:
        return discards[hand[0]]
    return legal[0]


def play_until(
    game: Game,
    stop: Callable[[Game], bool],
    policy: Policy = first_playable_policy,
    seed: int = 0,
    limit: int = 2000,
) -> None:
    """Apply the policy's actions until ``stop(game)`` holds or the game is over."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.over or stop(game):
            return
        game.apply(policy(game, rng))
    raise AssertionError("the game did not stop within the step limit")


def burn_draw_pile(game: Game, keep: Iterable[int] = ()) -> None:
    """Run the draw pile down with discards (clues when discarding is not allowed), never
    discarding the orders in ``keep``; stops right after the turn that draws the last card."""
    protected = set(keep)
    while game.draw_pile and not game.over:
        hand = [order for order in game.hands[game.seat] if order not in protected]
        if hand and game.clue_tokens < game.variant.clue_tokens:
            game.apply(Action.discard(hand[0]))
        else:
            game.apply(Action.rank_clue((game.seat + 1) % game.players, 1))


def perfect_deck(variant: Variant) -> list[Card]:
    """One card of each identity in play order, suit after suit, then every other card: dealt
    this way the table can play a card every turn until every firework is complete."""
    first = [
        Card(index, rank) for index, suit in enumerate(variant.suits) for rank in suit.play_order
    ]
    pool = Counter(ordered_deck(variant))
    pool.subtract(first)
    rest: list[Card] = []
    for item in ordered_deck(variant):
        if pool[item] > 0:
            pool[item] -= 1
            rest.append(item)
    return first + rest
