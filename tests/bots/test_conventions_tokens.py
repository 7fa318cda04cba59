"""The token diagnostic of the conventions bot (``benchmarks/conventions_tokens.py``) counts every
turn, clue and discard of a game once, in exactly one of its kinds."""

from __future__ import annotations

from collections import Counter
from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark

from openhanabi.bots import make_bot, play_game, seat_seed
from openhanabi.rules import Game, Result, find_variant


@pytest.fixture(scope="module")
def tokens() -> ModuleType:
    return load_benchmark("conventions_tokens")


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 12), (5, 3)])
def test_every_clue_and_discard_is_counted_once(
    tokens: ModuleType, players: int, seed: int
) -> None:
    out: Counter[str] = Counter()
    tokens.play_one(players, seed, out)
    variant = find_variant("base", players=players)
    bots = [make_bot("conventions", s, variant, seat_seed(seed, s)) for s in range(players)]
    game = play_game(Game.new(variant, seed), bots)
    assert game.outcome is not None
    results = Counter(event.result for event in game.events)
    assert out["games"] == 1
    assert out["score"] == game.outcome.score
    assert out["turns"] == len(game.events)
    assert sum(out[f"clue {kind}"] for kind in tokens.CLUE_KINDS) == results[Result.CLUE]
    discards = sum(n for key, n in out.items() if key.startswith("discard: "))
    assert discards + out["last copy discarded"] == results[Result.DISCARDED]
    held = sum(n for key, n in out.items() if key.startswith("tokens at a discard: "))
    assert held == results[Result.DISCARDED]
    assert out[f"tokens at a discard: {variant.clue_tokens}"] == 0  # not allowed
    whys = sum(n for key, n in out.items() if key.startswith("last copy discarded, why: "))
    ranks = sum(n for key, n in out.items() if key.startswith("last copy discarded: rank "))
    moves = sum(n for key, n in out.items() if key.startswith("last copy discarded, as: "))
    assert whys == ranks == moves == out["last copy discarded"]
    chances = out["next chop saved by a seat with 2+ known plays"]
    assert 0 <= chances <= out["clue save"]
    lost_points = game.max_reachable() - game.outcome.score
    assert out["end: reachable but unplayed"] == lost_points
