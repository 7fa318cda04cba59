"""The end-of-game diagnostic (``benchmarks/conventions_endgame.py``) names, for every firework
that stopped below its reachable height, exactly one place its next card was."""

from __future__ import annotations

from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark

from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import ActionType, Game, Termination, find_variant
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


@pytest.mark.parametrize(("players", "seed"), [(3, 24), (4, 9), (5, 16), (5, 12)])
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


def last_round_by_hand(game: Game) -> int:
    """The best the last round can score with every card seen: each seat with a turn left, in
    turn, plays one of its cards that fits or none (a second way of counting, for a game already
    in its last round)."""
    tables = tables_for(game.variant)
    players = game.variant.players

    def best(turn: int, fireworks: tuple[int, ...]) -> int:
        if turn == game.turns_left:
            return 0
        top = best(turn + 1, fireworks)
        for order in game.hands[(game.seat + turn) % players]:
            ident = game.identities[order]
            suit = tables.suit_of[ident]
            if tables.needed[suit][fireworks[suit]] == ident:
                raised = (*fireworks[:suit], fireworks[suit] + 1, *fireworks[suit + 1 :])
                top = max(top, 1 + best(turn + 1, raised))
        return top

    return game.score + best(0, tuple(game.fireworks))


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (4, 5), (5, 8), (5, 12)])
def test_ideal_bounds_the_rest_of_the_game(report: ModuleType, players: int, seed: int) -> None:
    """From five cards left to draw, what every card seen could reach never grows as the game
    goes on, never exceeds what is still reachable, is at least what the bots then score, and in
    the last round is the best one play per seat can add."""
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    game = Game.new(variant, seed)
    while len(game.draw_pile) > 5:
        game.apply(bots[game.seat].act(game.view(game.seat)))
    bounds = []
    checked_last_round = False
    while game.outcome is None:
        bound = report.ideal(game)
        assert game.score <= bound <= game.max_reachable()
        if bounds:
            assert bound <= bounds[-1]
        bounds.append(bound)
        if game.turns_left == players:
            assert bound == last_round_by_hand(game)
            checked_last_round = True
        game.apply(bots[game.seat].act(game.view(game.seat)))
    assert game.outcome.score <= bounds[-1]
    assert checked_last_round or game.outcome.termination is Termination.PERFECT


def by_the_rules(game: Game) -> int:
    """The best score with every card seen, counted by trying each move on copies of the game
    itself (one clue stands for every clue) up to the last round, and then by hand: the rules
    engine, not the solver, says whose turns are left once the last card is drawn."""
    if game.outcome is not None:
        return game.outcome.score
    if game.turns_left >= 0:
        return last_round_by_hand(game)
    best = 0
    clue_tried = False
    for action in game.legal_actions():
        if action.is_clue:
            if clue_tried:
                continue
            clue_tried = True
        elif action.type is ActionType.PLAY and not game.is_playable(action.target):
            continue  # a misplay: the bound leaves it out
        trial = game.copy()
        trial.apply(action)
        best = max(best, by_the_rules(trial))
    return best


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (4, 3), (4, 11), (5, 6), (5, 9)])
def test_ideal_at_the_last_card_to_draw_follows_the_rules(
    report: ModuleType, players: int, seed: int
) -> None:
    """With one card left to draw, the bound is what trying every move on the game itself gives:
    the player who draws it and every seat after them get their turns as the rules say."""
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    game = Game.new(variant, seed)
    while len(game.draw_pile) > 1 and game.outcome is None:
        game.apply(bots[game.seat].act(game.view(game.seat)))
    assert game.outcome is None and game.turns_left < 0
    assert report.ideal(game) == by_the_rules(game)
