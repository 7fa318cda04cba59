"""What more knowledge would be worth to the ``conventions`` bot: a guide to what a convention
that carried it could gain.

Self-play (without the endgame search unless ``--search``) in which, right after some clues,
every seat's notes on some of the cards the clue touched become their true identities, as if
the clue had said all there is to say about them (the *kind* of knowledge below). Every kind is
played on the same seeds as the bot's own games, so the gain over ``none`` (paired, with the
standard error of the game-by-game differences) is what knowing that much more, for free, is
worth to this convention set as it plays. A convention that told as much would cost something
(clues it forbids, readings it widens), so it would gain less. It is a measure, not a way to
play: in a real game no seat learns its own cards.

Kinds: ``none`` (the bot as it plays), ``play-focus`` (the card a play clue is about),
``play-touched`` (every card a play clue touches), ``play-colour-others`` and
``play-rank-others`` (the cards a colour, or a rank, play clue touches besides its focus),
``save-focus`` (the card a save clue is about), ``save-fives`` (a saved 5), ``save-touched``
(every card a save clue touches), ``touched`` (every card any clue touches); and ``bluffs``:
after a clue to anyone but the player after the giver, that player knows that its finesse
position (its newest unmarked card) fits, when it does, and plays it (a bluff added to every
clue for free, read by all), ``touched-bluffs`` both. A clue's kind and focus are those the
giver meant (its own reading, as the bot weighs it).

Three kinds give back tokens rather than knowledge: right after a clue of a kind, the token it
spent comes back (when the table holds fewer than all of them), as if a convention had said the
same without a clue. ``token-saves``: every save clue (what a chop move, a save that costs no
token, could gain at most); ``token-5-saves``: every save given with a 5 clue; ``token-plays``:
every play clue (tempo clues too). They run without the endgame search, whose deals replay the
log, where a token given back is not.

    python benchmarks/conventions_knowledge.py [--games 500] [--players 3 4 5] [--jobs J]
                                               [--kinds none play-focus ...] [--search]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from openhanabi.bench.progress import progress_bar
from openhanabi.bench.stats import estimate
from openhanabi.bots import seat_seed
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Action, ActionType, Game, SeatView, Termination, find_variant

KINDS = (
    "none",
    "play-focus",
    "play-touched",
    "play-colour-others",
    "play-rank-others",
    "save-focus",
    "save-fives",
    "save-touched",
    "touched",
    "bluffs",
    "touched-bluffs",
    "token-saves",
    "token-5-saves",
    "token-plays",
)


def revealed(
    kind: str,
    clue: str | None,
    focus: int | None,
    touched: Sequence[int],
    game: Game,
    colour: bool = False,
) -> list[int]:
    """The cards whose identities ``kind`` makes known after a clue (a colour clue if
    ``colour``) the giver meant as ``clue`` ("play", "save", "fix", "stall" or ``None`` for a
    clue it did not weigh) about ``focus``, touching ``touched``."""
    if kind in ("touched", "touched-bluffs"):
        return list(touched)
    if kind == "bluffs":
        return []
    wanted, _, which = kind.partition("-")
    if clue != wanted or focus is None:
        return []
    if which == "touched":
        return list(touched)
    if which in ("colour-others", "rank-others"):
        if colour != (which == "colour-others"):
            return []
        return [order for order in touched if order != focus]
    if which == "fives" and game.card(focus).rank != 5:
        return []
    return [focus]


def play_seed(job: tuple[int, str, int, bool]) -> tuple[int, int]:
    """The score (0 on a strikeout) of seed ``seed`` with ``kind`` of knowledge revealed, with
    or without the endgame search, and the clue tokens given back (``token-`` kinds)."""
    players, kind, seed, search = job
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seat_seed(seed, s), search=search) for s in range(players)]
    game = Game.new(variant, seed)
    refunds = 0
    while game.outcome is None:
        giver = game.seat
        bot = bots[giver]
        view = game.view(giver)
        action = bot.act(view)
        weighed = kind not in ("none", "bluffs")
        clue, focus = meant(bot, view, action) if weighed else (None, None)
        game.apply(action)
        if not action.is_clue or kind == "none":
            continue
        if kind.startswith("token-"):
            if refunded(kind, clue, action) and game.clue_tokens < variant.clue_tokens:
                refund(bots, game)
                refunds += 1
            continue
        colour = action.type == ActionType.COLOUR_CLUE
        tell(bots, game, revealed(kind, clue, focus, game.events[-1].touched, game, colour))
        if kind.endswith("bluffs"):
            called = bluffed(bots, game, giver, action.target)
            if called is not None:
                call(bots, game, called)
    outcome = game.outcome
    return 0 if outcome.termination is Termination.STRIKEOUT else outcome.score, refunds


def refunded(kind: str, clue: str | None, action: Action) -> bool:
    """Whether a ``token-`` kind gives back the token of ``action``, a clue its giver meant as
    ``clue``."""
    if kind == "token-plays":
        return clue == "play"
    if kind == "token-5-saves":
        return clue == "save" and action.type == ActionType.RANK_CLUE and action.value == 5
    return clue == "save"


def refund(bots: Sequence[ConventionsBot], game: Game) -> None:
    """One clue token back to the table, in the rules' count and in every seat's own count
    from the log (each seat first reads the game up to now, so that the token comes after the
    clue that spent it)."""
    game.clue_tokens += 1
    for seat, bot in enumerate(bots):
        bot.state.sync(game.view(seat))
        bot.state.tokens += 1


def tell(bots: Sequence[ConventionsBot], game: Game, cards: Sequence[int]) -> None:
    """Every seat's notes on ``cards`` become their true identities (each seat first reads
    the game up to now, so that its own reading of the last clue does not widen them again)."""
    for seat, bot in enumerate(bots):
        bot.state.sync(game.view(seat))
        for order in cards:
            bot.state.notes[order] = 1 << game.identities[order]


def bluffed(bots: Sequence[ConventionsBot], game: Game, giver: int, receiver: int) -> int | None:
    """After a clue from ``giver`` to ``receiver``, the card a perfect bluff would call: the
    next player's finesse position (its newest unmarked card), when that player is not the
    receiver and the card fits now; ``None`` otherwise."""
    after = (giver + 1) % game.players
    if receiver == after:
        return None
    state = bots[giver].state
    state.sync(game.view(giver))
    spot = state.finesse_position(after)
    if spot is None or spot in state.blind:
        return None
    return spot if state.playable >> game.identities[spot] & 1 else None


def call(bots: Sequence[ConventionsBot], game: Game, order: int) -> None:
    """Every seat takes ``order`` for a card a finesse called as its true identity: its holder
    plays it blind on its turn."""
    for seat, bot in enumerate(bots):
        bot.state.sync(game.view(seat))
        bot.state.blind[order] = game.identities[order]


def meant(bot: ConventionsBot, view: SeatView, action: Action) -> tuple[str | None, int | None]:
    """The kind and focus of the clue ``action`` as its giver weighed it."""
    if not action.is_clue:
        return None, None
    for option in bot.clues.options(view):
        if option.action == action:
            return option.kind, option.reading.focus
    return None, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="seeds 0..N-1 (default 500)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[3, 4, 5], help="player counts (default 3 4 5)"
    )
    parser.add_argument(
        "--kinds",
        nargs="+",
        choices=KINDS,
        default=list(KINDS),
        metavar="KIND",
        help="the knowledge to reveal, or tokens to give back: "
        + ", ".join(KINDS)
        + " (default every kind; none, the baseline, always runs)",
    )
    parser.add_argument(
        "--search", action="store_true", help="play with the endgame search (default without)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default one per CPU)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    if any(p not in range(2, 6) for p in args.players):
        parser.error("--players takes counts from 2 to 5")
    kinds = ["none"] + [k for k in args.kinds if k != "none"]
    if args.search and any(k.startswith("token-") for k in kinds):
        # the search deals again by replaying the log, where a token given back is not
        parser.error("the token- kinds run without --search")
    for players in args.players:
        scores: dict[str, list[int]] = {}
        refunds: dict[str, int] = {}
        with (
            progress_bar() as progress,
            ProcessPoolExecutor(max_workers=args.jobs) as pool,
        ):
            for kind in kinds:
                task = progress.add_task(f"{players} players, {kind}", total=args.games)
                found = []
                refunds[kind] = 0
                jobs = [(players, kind, seed, args.search) for seed in range(args.games)]
                for score, given in pool.map(play_seed, jobs, chunksize=8):
                    found.append(score)
                    refunds[kind] += given
                    progress.advance(task)
                scores[kind] = found
        search = "with" if args.search else "without"
        print(f"{players} players, seeds 0..{args.games - 1}, {search} the endgame search")
        width = max(len(kind) for kind in kinds)
        print(
            f"  {'kind':<{width}} {'mean':>7} {'± SE':>6} {'gain':>7} {'± SE':>6}"
            f" {'tokens back a game':>18}"
        )
        base = scores["none"]
        for kind in kinds:
            score = estimate(scores[kind])
            gain = estimate([a - b for a, b in zip(scores[kind], base, strict=True)])
            print(
                f"  {kind:<{width}} {score.mean:7.3f} {score.error_text(3):>6}"
                f" {gain.mean:+7.3f} {gain.error_text(3):>6}"
                f" {refunds[kind] / args.games:18.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
