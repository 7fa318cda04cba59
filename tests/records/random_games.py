"""Random games and variants for the record tests (hypothesis strategies and a playing policy)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from openhanabi.rules import (
    PRESETS,
    SUITS,
    Action,
    ActionType,
    Decision,
    Game,
    InvalidVariantError,
    Variant,
    find_variant,
)

MAX_ACTIONS = 400


@st.composite
def variants(draw: st.DrawFn) -> Variant:
    """Any preset, or a hand-made list of suits, with a random combination of options."""
    players = draw(st.integers(2, 5))
    options: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "clue_tokens": st.integers(1, 10),
                "storms": st.integers(1, 4),
                "empty_clues": st.booleans(),
                "all_or_nothing": st.booleans(),
                "declared_play": st.booleans(),
                "bonus_tiles": st.booleans(),
                "hanab_live_ending": st.booleans(),
                "hand_size": st.integers(1, 6),
            },
        )
    )
    options["players"] = players
    options["start_seat"] = draw(st.integers(0, players - 1))
    try:
        if draw(st.integers(0, 9)) == 0:
            keys = draw(
                st.lists(st.sampled_from(sorted(SUITS)), min_size=1, max_size=7, unique=True)
            )
            suits = tuple(SUITS[key] for key in keys)
            if not any(suit.nameable for suit in suits):
                suits = (SUITS["red"], *suits)
            return Variant("custom", suits, **options)
        return find_variant(draw(st.sampled_from(PRESETS)).key, **options)
    except InvalidVariantError:  # more cards in the hands than in the deck
        reject()


def choose(game: Game, rng: random.Random) -> Action:
    """A legal action, biased towards plays that fit and away from misplays, so that games get
    long and complete fireworks (and draw bonus tiles); some reshuffles name their position."""
    actions = game.legal_actions()
    if game.pending is Decision.RESHUFFLE and rng.random() < 0.5:
        order = rng.choice(actions).target
        return Action.choose(order, rng.randrange(len(game.draw_pile) + 1))
    fitting = [
        action
        for action in actions
        if action.type is ActionType.PLAY
        and game.is_playable(action.target)
        and action.declare in (None, game.card(action.target).suit)
    ]
    if fitting and rng.random() < 0.7:
        return rng.choice(fitting)
    others = [action for action in actions if action.type is not ActionType.PLAY]
    if others and rng.random() < 0.9:
        return rng.choice(others)
    return rng.choice(actions)


def play(variant: Variant, seed: int, policy_seed: int, abandon: bool = False) -> list[Game]:
    """A random game of ``variant`` dealt from ``seed``: the state before and after each action.

    With ``abandon``, the table stops the game at a random point before its natural end.
    """
    rng = random.Random(policy_seed)
    game = Game.new(variant, seed)
    states = [game.copy()]
    stop = rng.randrange(MAX_ACTIONS) if abandon else MAX_ACTIONS
    # (a deal that takes every card never starts the last round, and can leave the seat on turn
    # with no legal action in a game that is not over: such a game stops there, unfinished)
    while not game.over and len(game.history) < MAX_ACTIONS and game.legal_actions():
        if len(game.history) >= stop:
            game.abandon()
        else:
            game.apply(choose(game, rng))
        states.append(game.copy())
    return states


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything about a game's state that a replay must reproduce."""
    return (
        game.hands,
        game.fireworks,
        game.clue_tokens,
        game.storms,
        game.discard_pile,
        game.draw_pile,
        game.tiles,
        game.pending,
        game.score,
        game.turn,
        game.seat,
        game.turns_left,
        game.outcome,
        game.history,
        game.events,
    )
