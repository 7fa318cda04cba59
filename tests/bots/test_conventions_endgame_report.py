"""The end-of-game diagnostic (``benchmarks/conventions_endgame.py``) names, for every firework
that stopped below its reachable height, exactly one place its next card was."""

from __future__ import annotations

from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark

from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Game, Termination, find_variant
from openhanabi.rules.tables import tables_for

PLACES = {
    "known, the card before it played after the holder's last turn",
    "known, the holder's last turn went to another card",
    "clued, not known to fit",
    "unclued, every copy in one hand",
    "unclued",
}


@pytest.fixture(scope="module")
def report() -> ModuleType:
    return load_benchmark("conventions_endgame")


@pytest.mark.parametrize(("players", "seed"), [(3, 7), (4, 9), (5, 16), (5, 12)])
def test_each_stopped_firework_is_placed_once(report: ModuleType, players: int, seed: int) -> None:
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    game = Game.new(variant, seed)
    while game.outcome is None:
        game.apply(bots[game.seat].act(game.view(game.seat)))
    assert game.outcome.termination is Termination.LAST_ROUND_DONE
    tables = tables_for(variant)
    stopped = 0
    for suit, played in enumerate(game.fireworks):
        ident = tables.needed[suit][played]
        if ident >= 0 and game._discarded[ident] < tables.copies[ident]:
            stopped += 1
            # the draw pile is empty: a copy still in play is in someone's hand
            assert any(game.identities[o] == ident for hand in game.hands for o in hand)
    places = report.stopped_fireworks(game, bots)
    assert len(places) == stopped > 0
    assert set(places) <= PLACES
