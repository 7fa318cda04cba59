"""The ``search`` bot: registered, legal, deterministic given its seed, blind to its own cards,
within its budget, and its sampled deals are ones its seat cannot tell from the real game."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from openhanabi.bots import bot_classes, play_game
from openhanabi.bots.hat import HatBot
from openhanabi.bots.hat.layout import layout_for
from openhanabi.bots.search import SearchBot
from openhanabi.bots.search import bot as search_module
from openhanabi.bots.search.sampling import sample_game, seen_cards, unseen_counts
from openhanabi.rules import PRESETS, Game, Preset, SeatView, find_variant

BASE = find_variant("base", players=2)


def played_until(seed: int, cards_left: int) -> Game:
    """The game of ``seed`` played by hat bots until the draw pile holds ``cards_left`` cards
    (or until it ends: hat bots may complete every firework with cards still to draw)."""
    game = Game.new(BASE, seed)
    bots = [HatBot(seat, BASE, seed) for seat in range(2)]
    while game.outcome is None and len(game.draw_pile) > cards_left:
        game.apply(bots[game.seat].act(game.view(game.seat)))
    return game


def late_game(seed: int, cards_left: int) -> Game:
    """The game of ``seed`` still going with ``cards_left`` cards in the draw pile."""
    game = played_until(seed, cards_left)
    assert game.outcome is None
    return game


def same_to_seat(one: SeatView, other: SeatView) -> bool:
    """Whether a seat sees the same in both views (all it sees, its knowledge included)."""
    return (
        one.events == other.events
        and dict(one.cards) == dict(other.cards)
        and one.hands == other.hands
        and one.legal_actions == other.legal_actions
        and all(
            one.knowledge[o].possible_mask == other.knowledge[o].possible_mask for o in one.own_hand
        )
    )


def test_registered() -> None:
    assert bot_classes()["search"] is SearchBot


@pytest.mark.parametrize("preset", PRESETS[:4], ids=lambda preset: preset.key)
def test_plays_legally_and_searches_in_two_player_presets(preset: Preset) -> None:
    variant = preset.variant(players=2)
    game = Game.new(variant, 5)
    bots = [SearchBot(seat, variant, 5, budget=0.1) for seat in range(2)]
    while game.outcome is None:
        view = game.view(game.seat)
        action = bots[game.seat].act(view)
        assert action in view.legal_actions
        game.apply(action)
    assert sum(bot.searched for bot in bots) > 0  # the endgame was searched, not only hat's


def test_more_players_play_as_hat() -> None:
    variant = find_variant("base", players=3)
    search = play_game(Game.new(variant, 3), [SearchBot(s, variant, 3) for s in range(3)])
    hat = play_game(Game.new(variant, 3), [HatBot(s, variant, 3) for s in range(3)])
    assert search.history == hat.history


def test_same_seed_same_game() -> None:
    histories = []
    for _ in range(2):
        bots = [SearchBot(seat, BASE, 8, budget=0.1) for seat in range(2)]
        histories.append(play_game(Game.new(BASE, 8), bots).history)
        assert sum(bot.searched for bot in bots) > 0
    assert histories[0] == histories[1]


def swapped_own_card(game: Game) -> Game | None:
    """The same game with a card of the seat on turn swapped with one of the draw pile, such that
    the seat sees exactly the same; ``None`` if no such swap exists."""
    seat = game.seat
    view = game.view(seat)
    drawn = len(game.deck) - len(game.draw_pile)
    for order in view.own_hand:
        for later in range(drawn, len(game.deck)):
            if game.deck[later] == game.deck[order]:
                continue
            deck = list(game.deck)
            deck[order], deck[later] = deck[later], deck[order]
            other = Game(game.variant, deck)
            for action in game.history:
                other.apply(action)
            if same_to_seat(view, other.view(seat)):
                return other
    return None


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_the_decision_does_not_depend_on_the_own_cards(seed: int) -> None:
    game = late_game(seed, cards_left=4)
    other = swapped_own_card(game)
    assert other is not None
    assert [c for o, c in enumerate(other.deck) if o in game.hands[game.seat]] != [
        c for o, c in enumerate(game.deck) if o in game.hands[game.seat]
    ]
    decisions = []
    for real in (game, other):
        bot = SearchBot(real.seat, BASE, seed, budget=0.2)
        decisions.append((bot.act(real.view(real.seat)), bot.searched))
    assert decisions[0] == decisions[1]
    assert decisions[0][1] == 1  # and it did search


def test_a_strict_budget_bounds_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # work without end, but a wall clock of 0.05 s: the search stops at the first deal after it
    monkeypatch.setattr(search_module, "ACTIONS_PER_SECOND", 10**9)
    game = late_game(2, cards_left=4)
    bot = SearchBot(game.seat, BASE, 2, budget=0.05, strict=True)
    start = time.perf_counter()
    bot.act(game.view(game.seat))
    assert bot.searched == 1
    assert time.perf_counter() - start < 0.05 + 1.0  # one deal's rollouts at most on top


def test_no_budget_no_search() -> None:
    bots = [SearchBot(seat, BASE, 4, budget=0) for seat in range(2)]
    search = play_game(Game.new(BASE, 4), bots)
    hat = play_game(Game.new(BASE, 4), [HatBot(s, BASE, 4) for s in range(2)])
    assert search.history == hat.history
    assert sum(bot.searched for bot in bots) == 0


@pytest.mark.parametrize("budget", [-1.0, float("nan"), float("inf")])
def test_a_bad_budget_is_refused(budget: float) -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchBot(0, BASE, 0, budget=budget)


def sampling_inputs(game: Game) -> tuple[SeatView, list[int], list[int], dict[int, int]]:
    """What the sampler takes for the seat on turn: its view, the rules' knowledge of its own
    cards, the copies it has not seen and the identities it has."""
    view = game.view(game.seat)
    seen = seen_cards(view)
    counts = unseen_counts(view, layout_for(BASE).copies, seen)
    masks = [view.knowledge[o].possible_mask for o in view.own_hand]
    return view, masks, counts, seen


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), cards_left=st.integers(0, 30), sample=st.integers(0, 99))
def test_a_sampled_deal_looks_the_same_to_the_seat(seed: int, cards_left: int, sample: int) -> None:
    game = played_until(seed, cards_left)
    assume(game.outcome is None)  # a finished game has no seat to search for
    view, masks, counts, seen = sampling_inputs(game)
    sampled = sample_game(view, random.Random(sample), masks, counts, seen)
    assert sampled is not None
    assert same_to_seat(view, sampled.view(game.seat))
    # the same cards in all: only their order differs
    assert sorted(sampled.deck) == sorted(game.deck)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    cards_left=st.integers(0, 30),
    first=st.integers(0, 99),
    second=st.integers(0, 99),
)
def test_a_deal_dealt_again_from_an_earlier_one_is_the_log_replayed_on_it(
    seed: int, cards_left: int, first: int, second: int
) -> None:
    game = played_until(seed, cards_left)
    assume(game.outcome is None)
    view, masks, counts, seen = sampling_inputs(game)
    base = sample_game(view, random.Random(first), masks, counts, seen)
    assert base is not None
    replayed = sample_game(view, random.Random(second), masks, counts, seen)
    dealt = sample_game(view, random.Random(second), masks, counts, seen, base)
    assert replayed is not None and dealt is not None
    assert dealt.deck == replayed.deck
    assert dealt.draw_pile == replayed.draw_pile
    assert dealt.identities == replayed.identities
    for seat in range(BASE.players):
        assert dealt.view(seat) == replayed.view(seat)
