"""One path for bots to play a game: each acts on its own seat's view and nothing else.

A bot that fails, whatever it does wrong (it raises when it is made, when it acts or when it
explains, or it chooses an action the rules forbid), fails as a :class:`BotError` that names it,
its seat and what went wrong: the one error every tool reports.
"""

from __future__ import annotations

from collections.abc import Sequence

from openhanabi.bots.explanation import Reason
from openhanabi.bots.protocol import Bot, BotError
from openhanabi.rules import Action, Game, RulesError, SeatView, Variant


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Let ``bots`` (one per seat, in seat order) play ``game`` to its end; returns the game.

    Raises :class:`BotError` when a bot fails; the game is left as it was before that move."""
    if len(bots) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} bots, not {len(bots)}")
    while game.outcome is None:
        seat = game.seat
        bot = bots[seat]
        action = act(bot, game.view(seat))
        try:
            game.apply(action)
        except RulesError as error:  # an illegal action, or no action at all
            raise BotError(f"bot {bot.name!r} in seat {seat} chose {action}: {error}") from None
    return game


def new_bot(bot: type[Bot], seat: int, variant: Variant, seed: int = 0, first_seat: int = 0) -> Bot:
    """A ``bot`` for ``seat``; a bot that raises as it is made fails as a :class:`BotError`
    naming its seat as the caller numbers seats (from ``first_seat``)."""
    try:
        return bot(seat, variant, seed)
    except Exception as error:
        raise _failed(bot.name, seat + first_seat, "could not be made", error) from error


def act(bot: Bot, view: SeatView, first_seat: int = 0) -> Action:
    """``bot.act(view)``; a bot that raises fails as a :class:`BotError` naming its seat as the
    caller numbers seats (from ``first_seat``). Whether the action is legal is the game's to
    say."""
    try:
        return bot.act(view)
    except Exception as error:
        raise _failed(bot.name, bot.seat + first_seat, "failed", error) from error


class Guarded(Bot):
    """``bot`` as code that knows nothing of bots' failures may hold it: whatever it raises
    as it acts or explains is a :class:`BotError` naming it and its seat (numbered from
    ``first_seat``)."""

    summary = "a bot whose failures are BotErrors"

    def __init__(self, bot: Bot, first_seat: int = 0) -> None:
        super().__init__(bot.seat, bot.variant, bot.seed)
        self.bot = bot
        self.first_seat = first_seat

    @property
    def name(self) -> str:  # type: ignore[override]  # the guarded bot's, read only
        return self.bot.name

    def act(self, view: SeatView) -> Action:
        return act(self.bot, view, self.first_seat)

    def explain(self) -> str:
        try:
            return self.bot.explain()
        except Exception as error:
            raise self._failed("failed to explain its move", error) from error

    def reason(self) -> Reason | None:
        try:
            return self.bot.reason()
        except Exception as error:
            raise self._failed("failed to explain its move", error) from error

    def _failed(self, doing: str, error: Exception) -> BotError:
        return _failed(self.bot.name, self.seat + self.first_seat, doing, error)


def _failed(name: str, seat: int, doing: str, error: Exception) -> BotError:
    said = " ".join(str(error).split())
    what = f"{type(error).__name__}: {said}" if said else type(error).__name__
    return BotError(f"bot {name!r} in seat {seat} {doing}: {what}")
