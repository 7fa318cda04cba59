"""One path for bots to play a game: each acts on its own seat's view and nothing else."""

from __future__ import annotations

from collections.abc import Sequence

from openhanabi.bots.protocol import Bot, BotError
from openhanabi.rules import Game, RulesError


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Let ``bots`` (one per seat, in seat order) play ``game`` to its end; returns the game."""
    if len(bots) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} bots, not {len(bots)}")
    while game.outcome is None:
        seat = game.seat
        bot = bots[seat]
        action = bot.act(game.view(seat))
        try:
            game.apply(action)
        except RulesError as error:  # an illegal action, or no action at all
            raise BotError(f"bot {bot.name!r} in seat {seat} chose {action}: {error}") from None
    return game
