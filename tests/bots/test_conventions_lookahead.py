"""The look-ahead diagnostic of the conventions bot (``benchmarks/conventions_lookahead.py``)
weighs the turns it says it weighs, in the bot's own games, and counts a move only when it
clearly beats the bot's."""

from __future__ import annotations

from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark

from openhanabi.bots import play_game
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import ActionType, Game, find_variant


@pytest.fixture(scope="module")
def lookahead() -> ModuleType:
    return load_benchmark("conventions_lookahead")


def settings(module: ModuleType, players: int, **changes: float | bool) -> object:
    fields: dict[str, float | bool] = {
        "deals": 4,
        "low": 10,
        "high": 20,
        "every": 4,
        "margin": 0.5,
        "spread": 3.5,
    }
    fields.update(changes)
    return module.Settings(players, **fields)


def test_the_turns_weighed_are_those_of_the_bots_own_game(lookahead: ModuleType) -> None:
    players, seed = 4, 3
    chosen = settings(lookahead, players)
    tally = lookahead.play_seed((chosen, seed))
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    game = Game.new(variant, seed)
    expected = 0
    turn = 0
    while game.outcome is None:
        view = game.view(game.seat)
        if 10 <= view.draw_pile_size <= 20 and turn % 4 == 0:
            expected += 1
        game.apply(bots[game.seat].act(view))
        turn += 1
    assert tally.turns == expected > 0
    assert 0 <= tally.better <= tally.turns
    assert sum(tally.kinds.values()) == tally.better
    assert tally.gain >= 0.5 * tally.better


def test_no_move_counts_as_better_by_more_than_a_game_can_score(lookahead: ModuleType) -> None:
    tally = lookahead.play_seed((settings(lookahead, 3, margin=25.0), 7))
    assert tally.turns > 0
    assert tally.better == 0 and not tally.kinds


def test_a_sure_play_is_weighed_only_when_asked(lookahead: ModuleType) -> None:
    """Mid-game the endgame search never weighs a sure play; the look-ahead does."""
    players, seed = 3, 2
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    game = Game.new(variant, seed)
    while game.outcome is None:
        bot = bots[game.seat]
        view = game.view(game.seat)
        planned = bot.act(view)
        why = bot.reason()
        if (
            why is not None
            and why.key == "conventions.play.known"
            and planned.type == ActionType.PLAY
            and view.draw_pile_size > 10
        ):
            assert bot._search_candidates(view, planned) == []
            weighed = bot._search_candidates(view, planned, any_time=True)
            assert weighed[0] == planned and len(weighed) > 1
            assert all(action in view.legal_actions for action in weighed)
            return
        game.apply(planned)
    pytest.fail("no sure play mid-game in this game")


def test_adopting_no_better_move_plays_the_bots_own_game(lookahead: ModuleType) -> None:
    """With nothing clearly better, the adopted game is the bot's own, seed for seed."""
    players, seed = 3, 7
    tally = lookahead.play_seed((settings(lookahead, players, margin=25.0, adopt=True), seed))
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    outcome = play_game(Game.new(variant, seed), bots).outcome
    assert outcome is not None
    assert tally.score == tally.alone == outcome.score


def test_adopting_a_better_move_changes_the_game(lookahead: ModuleType) -> None:
    """A move adopted whenever it merely scores more on its deals takes the game elsewhere,
    while the game it is compared with stays the bot's own."""
    players, seed = 4, 3
    loose = {"margin": 0.0, "spread": 0.0, "every": 1}
    adopted = lookahead.play_seed((settings(lookahead, players, adopt=True, **loose), seed))
    kept = lookahead.play_seed((settings(lookahead, players, **loose), seed))
    assert adopted.better > 0
    assert (adopted.turns, adopted.score) != (kept.turns, kept.score)
    assert adopted.alone == kept.score == kept.alone
