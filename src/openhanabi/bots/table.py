"""One path for bots to play a game: each acts on its own seat's view and nothing else.

A bot that fails, whatever it does wrong (it raises when it is made, when it acts or when it
explains, or it chooses an action the rules forbid), fails as a :class:`BotError` that names it,
its seat and what went wrong: the one error every tool reports.
"""

from __future__ import annotations

from collections.abc import Sequence

from openhanabi.bots.explanation import Reason
from openhanabi.bots.protocol import Bot, BotError
from openhanabi.rules import Action, Game, RulesError, SeatView, Variant, checked_action

# what a bot may raise and only fail by: a bot calling sys.exit() stops its own move, not the
# run it plays in (a Ctrl-C, KeyboardInterrupt, still stops the run)
BOT_FAILURES = (Exception, SystemExit)


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Let ``bots`` (one per seat, in seat order) play ``game`` to its end; returns the game.

    Raises :class:`BotError` when a bot fails; the game is left as it was before that move."""
    if len(bots) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} bots, not {len(bots)}")
    while game.outcome is None:
        seat = game.seat
        bot = bots[seat]
        view = game.view(seat)
        game.apply(legal(bot, act(bot, view), view, game))
    return game


def legal(bot: Bot, action: object, view: SeatView, game: Game, first_seat: int = 0) -> Action:
    """``action``, if it is one of ``view``'s legal actions (``view`` is ``game`` as the bot's
    seat sees it), else a :class:`BotError` naming ``bot``, its seat (numbered from
    ``first_seat``) and what is wrong. The rules take more than a seat may choose: a record's
    answer to bonus tile 5 names where the card it shuffles back lands, which a player leaves
    to chance (a bot naming the top would draw a card it knows)."""
    named = f"bot {bot.name!r} in seat {bot.seat + first_seat}"
    if not isinstance(action, Action):
        raise BotError(f"{named} returned {action!r}, which is not an Action")
    # an action and the rules' words number seats from 0, whatever the caller counts from
    chose = f"{named} chose {action}"
    if first_seat != 0:
        chose += " (in the rules' numbers, seats from 0)"
    try:
        action = checked_action(action)  # its fields whole numbers (a bool is no card's order)
    except RulesError as error:
        raise BotError(f"{chose}: {error}") from None
    if action in view.legal_actions:
        return action
    try:
        game.copy().apply(action)  # only for the words: the rules' own, where they refuse it
    except RulesError as error:
        raise BotError(f"{chose}: {error}") from None
    raise BotError(f"{chose}, which is not among the legal actions of its view")


def new_bot(bot: type[Bot], seat: int, variant: Variant, seed: int = 0, first_seat: int = 0) -> Bot:
    """A ``bot`` for ``seat``; a bot that raises as it is made fails as a :class:`BotError`
    naming its seat as the caller numbers seats (from ``first_seat``)."""
    try:
        return bot(seat, variant, seed)
    except BOT_FAILURES as error:
        raise _failed(bot.name, seat + first_seat, "could not be made", error) from error


def act(bot: Bot, view: SeatView, first_seat: int = 0) -> Action:
    """``bot.act(view)``; a bot that raises fails as a :class:`BotError` naming its seat as the
    caller numbers seats (from ``first_seat``). Whether the action is legal is the game's to
    say."""
    try:
        return bot.act(view)
    except BOT_FAILURES as error:
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
        except BOT_FAILURES as error:
            raise self._failed("failed to explain its move", error) from error

    def reason(self) -> Reason | None:
        try:
            return self.bot.reason()
        except BOT_FAILURES as error:
            raise self._failed("failed to explain its move", error) from error

    def _failed(self, doing: str, error: BaseException) -> BotError:
        return _failed(self.bot.name, self.seat + self.first_seat, doing, error)


def _failed(name: str, seat: int, doing: str, error: BaseException) -> BotError:
    said = " ".join(str(error).split())
    what = f"{type(error).__name__}: {said}" if said else type(error).__name__
    return BotError(f"bot {name!r} in seat {seat} {doing}: {what}")
