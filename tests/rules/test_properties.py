"""Properties of random games in every preset, 2 to 5 players (hypothesis).

Each example deals a game from a drawn seed and plays it to the end with legal actions chosen by
a seeded policy: uniformly random, or careful (never misplays while it has a choice, so games
reach completions, bonus tiles and the last round).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import event as note_event
from hypothesis import strategies as st

from openhanabi.rules import (
    PRESETS,
    Action,
    ActionType,
    Card,
    ColourClues,
    Game,
    IllegalActionError,
    Result,
    SeatView,
    Termination,
    Variant,
    find_variant,
)
from openhanabi.rules.deck import ordered_deck

from .support import (
    Policy,
    all_cards_now,
    best_score_left,
    careful_policy,
    random_policy,
    snapshot,
)

PRESET_KEYS = [preset.key for preset in PRESETS]
POLICIES: list[Policy] = [random_policy, careful_policy]


def examples(count: int) -> settings:
    """Whole games per example: no deadline, a modest number of examples."""
    return settings(max_examples=count, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclasses.dataclass
class Table:
    game: Game
    rng: random.Random
    policy: Policy


@st.composite
def tables(draw: st.DrawFn, key: str) -> Table:
    players = draw(st.integers(2, 5), label="players")
    options: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "hanab_live_ending": st.booleans(),
                "empty_clues": st.booleans(),
                "start_seat": st.integers(0, players - 1),
            },
        ),
        label="options",
    )
    variant = find_variant(key, players=players, **options)
    seed = draw(st.integers(0, 2**64 - 1), label="seed")
    policy = draw(st.sampled_from(POLICIES), label="policy")
    return Table(Game.new(variant, seed), random.Random(seed), policy)


def step_limit(variant: Variant) -> int:
    """More than any game can take: each turn uses a card or a clue token, and tokens come back
    only through discards, plays, completions and tiles."""
    return 3 * variant.deck_size + variant.clue_tokens + 30


def play_out(table: Table) -> Iterator[Game]:
    """Yield the game before every action, then apply the policy's action."""
    game = table.game
    for _ in range(step_limit(game.variant)):
        if game.over:
            return
        yield game
        game.apply(table.policy(game, table.rng))
    raise AssertionError(f"no end after {step_limit(game.variant)} actions")


# ---------------------------------------------------------------------------- checks


def check_state(game: Game) -> None:
    variant = game.variant
    # cards are conserved: hands + draw pile + discard pile + fireworks = the deck
    count = sum(len(hand) for hand in game.hands)
    count += len(game.draw_pile) + len(game.discard_pile) + sum(game.fireworks)
    assert count == variant.deck_size
    assert all_cards_now(game) == Counter(ordered_deck(variant))
    # tokens stay in bounds
    assert 0 <= game.clue_tokens <= variant.clue_tokens
    assert 0 <= game.storms <= variant.storms
    assert game.storms < variant.storms or game.outcome is not None
    # the score is the fireworks' points, and cannot pass what is still reachable
    assert game.score == sum(
        suit.points(n) for suit, n in zip(variant.suits, game.fireworks, strict=True)
    )
    assert game.score <= game.max_reachable() <= variant.max_score
    # and it is the best score the fireworks and the lost cards leave, however it was asked
    # for before (a view asks every turn; a misplay or a card taken back changes it)
    assert game.max_reachable() == best_score_left(game)
    for order in game.discard_pile:
        assert order not in {o for hand in game.hands for o in hand}
    if not variant.all_or_nothing and game.turns_left >= 0:
        assert not game.draw_pile
    if game.outcome is None and game.pending is None:
        check_game_goes_on(game)


def progress_possible(game: Game) -> bool:
    """Section 9's second condition, negated: some firework's next card is still to be drawn or
    in the hand of a player who has a turn of the last round left (the seat on turn first)."""
    if game.draw_pile or game.turns_left < 0:
        return True
    seats = [(game.seat + i) % game.players for i in range(game.turns_left)]
    needed = {
        Card(index, suit.play_order[played])
        for index, (suit, played) in enumerate(zip(game.variant.suits, game.fireworks, strict=True))
        if played < 5
    }
    return any(game.card(order) in needed for seat in seats for order in game.hands[seat])


def check_game_goes_on(game: Game) -> None:
    """A game that is not over has no reason to be over."""
    variant = game.variant
    assert game.legal_actions()
    if variant.all_or_nothing:
        recoverable = any(tile in (5, 6) for tile in game.tiles)
        assert game.max_reachable() == variant.max_score or recoverable
    elif variant.hanab_live_ending:
        assert game.score < game.max_reachable()
        assert progress_possible(game)


def check_outcome(game: Game) -> None:
    outcome = game.outcome
    assert outcome is not None
    variant = game.variant
    assert game.legal_actions() == []
    if outcome.termination in (Termination.STRIKEOUT, Termination.ALL_OR_NOTHING_LOST):
        assert outcome.score == 0
    elif outcome.termination is Termination.PERFECT:
        assert outcome.score == variant.max_score == game.score
        assert all(played == 5 for played in game.fireworks)
    else:
        assert outcome.score == game.score
    if outcome.termination is Termination.STRIKEOUT:
        assert game.storms == variant.storms
    if outcome.termination is Termination.LAST_ROUND_DONE:
        assert not game.draw_pile and game.turns_left == 0
    if outcome.termination is Termination.NO_MORE_PROGRESS:
        assert variant.hanab_live_ending
        assert game.score == game.max_reachable() or not progress_possible(game)
    if variant.all_or_nothing:
        assert outcome.termination in (
            Termination.PERFECT,
            Termination.STRIKEOUT,
            Termination.ALL_OR_NOTHING_LOST,
        )
    else:
        assert outcome.termination is not Termination.ALL_OR_NOTHING_LOST


@functools.cache
def touch_mask(variant: Variant, kind: ActionType, value: int) -> int:
    """The identities a clue touches, worked out from the suits' rules alone."""
    mask = 0
    for index, suit in enumerate(variant.suits):
        for rank in range(1, 6):
            if kind is ActionType.RANK_CLUE:
                hit = rank == value
            else:
                named = variant.colours[value]
                hit = suit is named or suit.colour_clues is ColourClues.ALL
            if hit:
                mask |= 1 << (index * 5 + rank - 1)
    return mask


def exhausted_mask(view: SeatView) -> int:
    """Identities whose every copy the view's seat can see (other hands, discards, fireworks)."""
    seen: Counter[Card] = Counter(view.cards.values())
    for index, suit in enumerate(view.variant.suits):
        seen.update(Card(index, rank) for rank in suit.play_order[: view.fireworks[index]])
    mask = 0
    for card, count in seen.items():
        if count >= view.variant.suits[card.suit].copies(card.rank):
            mask |= 1 << (card.suit * 5 + card.rank - 1)
    return mask


def cards_in_graph(obj: object, path: tuple[Any, ...], found: list[tuple[Any, ...]]) -> None:
    """Every path from a view to a Card, through dataclasses, named tuples, tuples and maps."""
    if isinstance(obj, Card):
        found.append(path)
    elif obj is None or isinstance(obj, (int, str, float, enum.Enum, Variant)):
        return
    elif isinstance(obj, Mapping):
        for key, value in obj.items():
            cards_in_graph(key, (*path, "key"), found)
            cards_in_graph(value, (*path, key), found)
    elif isinstance(obj, tuple) and hasattr(obj, "_fields"):
        for name, value in zip(obj._fields, obj, strict=True):
            cards_in_graph(value, (*path, name), found)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for index, value in enumerate(obj):
            cards_in_graph(value, (*path, index), found)
    elif dataclasses.is_dataclass(obj):
        for field in dataclasses.fields(obj):
            cards_in_graph(getattr(obj, field.name), (*path, field.name), found)
    else:
        raise AssertionError(f"unexpected {type(obj).__name__} at {path}")


def check_view(game: Game, seat: int, deep: bool) -> None:
    view = game.view(seat)
    variant = game.variant
    own = set(game.hands[seat])
    # the identities the seat sees are the other hands and the discard pile, never its own
    others = {order for s, hand in enumerate(game.hands) if s != seat for order in hand}
    assert set(view.cards) == others | set(game.discard_pile)
    assert not own & set(view.cards)
    for order, card in view.cards.items():
        assert card == game.card(order)
    # no public event pairs an own card's order with its identity; landing places are hidden
    for event in view.events:
        if event.card is not None:
            assert event.action.target not in own
        if event.result is Result.RESHUFFLED:
            assert event.action.value == -1
    # knowledge: exactly what the clue marks allow, less what the seat sees all copies of
    # (every card's marks are checked in the view of the seat on turn, own cards in every view)
    exhausted = exhausted_mask(view)
    every = (1 << (5 * len(variant.suits))) - 1
    checked = [o for hand in game.hands for o in hand] if seat == game.seat else sorted(own)
    for order in checked:
        knowledge = view.knowledge[order]
        mask = every
        for mark in knowledge.clues:
            touched = touch_mask(variant, mark.kind, mark.value)
            mask &= touched if mark.touched else ~touched
        assert knowledge.from_clues_mask == mask
        truth = game.card(order)
        bit = 1 << (truth.suit * 5 + truth.rank - 1)
        assert knowledge.from_clues_mask & bit  # clues never mislead
        if order in own:
            assert knowledge.possible_mask == mask & ~exhausted
            assert knowledge.possible_mask & bit
        else:
            assert knowledge.possible_mask == mask
    # what the seat deduces counting its own known cards too: narrower, and never wrong
    for order, deduced in view.own_possible().items():
        assert deduced <= view.knowledge[order].possible
        assert game.card(order) in deduced
    if deep:
        # everything reachable from the view: the only identities are public ones
        found: list[tuple[Any, ...]] = []
        cards_in_graph(view, (), found)
        for path in found:
            if path[0] == "cards":
                assert path[1] not in own
            else:
                assert path[-1] == "card", path  # an event's revealed (public) card


# ---------------------------------------------------------------------------- properties


@pytest.mark.parametrize("key", PRESET_KEYS)
@examples(12)
@given(data=st.data())
def test_invariants_hold_at_every_step_and_every_game_ends(key: str, data: st.DataObject) -> None:
    table = data.draw(tables(key))
    steps = 0
    for game in play_out(table):
        check_state(game)
        steps += 1
    check_state(table.game)
    check_outcome(table.game)
    assert steps <= step_limit(table.game.variant)
    assert table.game.outcome is not None
    note_event(f"ended: {table.game.outcome.reason}")


@pytest.mark.parametrize("key", PRESET_KEYS)
@examples(5)
@given(data=st.data())
def test_a_view_never_holds_its_own_seats_cards(key: str, data: st.DataObject) -> None:
    table = data.draw(tables(key))
    for step, game in enumerate(play_out(table)):
        for seat in range(game.players):
            check_view(game, seat, deep=step % 15 == 0)
    for seat in range(table.game.players):
        check_view(table.game, seat, deep=True)


def candidate_actions(game: Game, rng: random.Random) -> list[Action]:
    """Well-formed actions of every kind, legal or not."""
    orders = range(-1, game.cards_drawn + 2)
    seats = range(-1, game.players + 1)
    suits = len(game.variant.suits)
    declares: list[int | None] = [None, None, *range(-1, suits + 1)]
    return [
        Action.play(rng.choice(orders), rng.choice(declares)),
        Action.play(rng.choice(game.hands[game.seat] or [0])),
        Action.discard(rng.choice(orders)),
        Action.discard(rng.choice(game.hands[game.seat] or [0])),
        Action.colour_clue(rng.choice(seats), rng.randrange(-1, len(game.variant.colours) + 1)),
        Action.rank_clue(rng.choice(seats), rng.randrange(0, 7)),
        Action.choose(rng.choice(game.discard_pile or [0])),
        Action.choose(rng.choice(orders)),
        Action(ActionType.GAME_OVER, game.seat, 0),
    ]


@pytest.mark.parametrize("key", PRESET_KEYS)
@examples(5)
@given(data=st.data())
def test_an_action_applies_if_and_only_if_it_is_listed_as_legal(
    key: str, data: st.DataObject
) -> None:
    table = data.draw(tables(key))
    rng = random.Random(data.draw(st.integers(0, 2**32), label="sample seed"))
    for game in play_out(table):
        legal = game.legal_actions()
        assert legal, "a player on turn always has an action until the game ends"
        assert len(set(legal)) == len(legal)
        for action in rng.sample(legal, min(6, len(legal))):
            game.copy().apply(action)  # raises if a listed action is refused
        before = snapshot(game)
        for action in candidate_actions(game, rng):
            if action in legal:
                game.copy().apply(action)
                continue
            with pytest.raises(IllegalActionError) as caught:
                game.apply(action)
            assert str(caught.value)
        assert snapshot(game) == before


@pytest.mark.parametrize("key", PRESET_KEYS)
@examples(4)
@given(data=st.data())
def test_copy_is_independent_and_undo_restores_the_previous_state(
    key: str, data: st.DataObject
) -> None:
    table = data.draw(tables(key))
    rng = random.Random(data.draw(st.integers(0, 2**32), label="sample seed"))
    for game in play_out(table):
        if rng.random() >= 0.15 and game.pending is None:
            continue
        before = snapshot(game)
        other = game.copy()
        assert snapshot(other) == before
        action = table.policy(other, random.Random(rng.random()))
        other.apply(action)
        assert snapshot(game) == before  # changing the copy left the original alone
        game.apply(action)
        assert snapshot(game) == snapshot(other)  # the same action does the same
        after = snapshot(game)
        assert game.undo() == other.history[-1]  # the action as recorded
        assert snapshot(game) == before
        assert snapshot(other) == after  # undoing the original left the copy alone


@pytest.mark.parametrize("key", ["base", "black-powder-rainbow", "bonus-tiles", "declared-play"])
@examples(8)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 5))
def test_a_game_without_misplays_ends_with_the_last_round_or_a_perfect_score(
    key: str, seed: int, players: int
) -> None:
    """No storm is ever turned by the careful policy, so only the deck can end the game."""
    game = Game.new(find_variant(key, players=players), seed)
    for _ in play_out(Table(game, random.Random(seed), careful_policy)):
        pass
    assert game.storms == 0
    assert game.outcome is not None
    assert game.outcome.termination in (Termination.LAST_ROUND_DONE, Termination.PERFECT)
    assert not game.draw_pile or game.outcome.termination is Termination.PERFECT
