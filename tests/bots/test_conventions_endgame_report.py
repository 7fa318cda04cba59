"""The end-of-game diagnostic (``benchmarks/conventions_endgame.py``) names, for every firework
that stopped below its reachable height, exactly one place its next card was."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Game, Termination, find_variant
from openhanabi.rules.tables import tables_for

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "conventions_endgame.py"
PLACES = {
    "known, the card before it played after the holder's last turn",
    "known, the holder's last turn went to another card",
    "clued, not known to fit",
    "unclued, every copy in one hand",
    "unclued",
}


@pytest.fixture(scope="module")
def report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conventions_endgame", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


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
            assert any(game._ident[o] == ident for hand in game.hands for o in hand)
    places = report.stopped_fireworks(game, bots)
    assert len(places) == stopped > 0
    assert set(places) <= PLACES
