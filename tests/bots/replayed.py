"""A position reached by the actions of a real game (the deck of a fixed seed), for the tests of
the ``conventions`` bot: it does not depend on what the bots would have chosen."""

from __future__ import annotations

from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Action, Game, find_variant


def replay(
    players: int, seed: int, actions: list[Action], preset: str = "base"
) -> tuple[Game, list[ConventionsBot]]:
    """The game of ``seed`` (a game of ``preset``) after ``actions``, with a conventions bot in
    every seat that has read the log on each of its turns."""
    variant = find_variant(preset, players=players)
    game = Game.new(variant, seed)
    bots = [ConventionsBot(seat, variant) for seat in range(players)]
    for action in actions:
        bots[game.seat].state.sync(game.view(game.seat))
        game.apply(action)
    return game, bots
