"""Playing many games: the same seeds for every bot, results in seed order however they run.

A :class:`Plan` names the variants (one per player count), the bots at the table (one name per
seat, cycled over the seats) and the seeds ``seed .. seed + games - 1``; game ``seed`` is
``Game.new(variant, seed)``, so two bots face the same decks, and each seat's bot is made with
``seat_seed(seed, seat)``: a seed drawn from the deal's one way, from which no bot can deal the
game again and see its own cards.
The games are cut into :class:`Chunk` s that any executor may play in any order
(:mod:`openhanabi.bench.executors`); :func:`run` puts the results back in seed order, so they
never depend on the parallelism.
A plan may limit the time a bot spends on one move (:mod:`openhanabi.bench.timelimit`): a bot
that runs over stops the whole run with a :class:`MoveTimeoutError` naming the bot, the game and
the move, where a bot that fails (it raises, or breaks the rules) only costs its game.

>>> from openhanabi.rules import find_variant
>>> plan = Plan((find_variant("base", players=2),), ("basic",), games=3, seed=10)
>>> [(result.seed, result.termination) for result in run(plan).results[0]]
[(10, 'last round done'), (11, 'last round done'), (12, 'last round done')]
"""

from __future__ import annotations

import contextlib
import math
import sys
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from openhanabi.bench.executors import Executor, Serial
from openhanabi.bench.timelimit import MoveClock, MoveTimeout, MoveTimes
from openhanabi.bots import Bot, BotError, play_game, resolve_bot, seat_seed
from openhanabi.bots.table import new_bot
from openhanabi.records import record_of
from openhanabi.rules import Game, Termination, Variant

Progress = Callable[[int], None]  # told how many games are done so far
BOT_ERROR = "bot error"  # the termination recorded for a game a bot broke


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game ended."""

    seed: int
    players: int
    score: int  # the outcome's score: 0 after a strikeout ("bomb = 0")
    points: int  # the points on the fireworks at the end, kept even after a strikeout
    termination: str  # an openhanabi.rules.Termination value, or BOT_ERROR
    turns: int
    error: str | None = None  # what the bot did wrong, if it broke the game
    # the game's record as hanab.live's JSON, when the plan keeps records (to replay the game)
    record: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    # the bots' time on their moves, when a clock timed them (it varies from run to run)
    times: MoveTimes | None = field(default=None, compare=False, repr=False)

    @property
    def strikeout(self) -> bool:
        return self.termination == Termination.STRIKEOUT.value


@dataclass(frozen=True, slots=True)
class Plan:
    """What to play: ``games`` games for each variant, on seeds ``seed`` onwards."""

    variants: tuple[Variant, ...]  # one per player count
    bots: tuple[str, ...]  # one name per seat, cycled over the seats
    games: int
    seed: int = 0
    move_seconds: float | None = None  # the most a bot may spend on one move; None: no limit
    records: bool = False  # whether each game's record comes back with its result

    def __post_init__(self) -> None:
        if not self.variants:
            raise ValueError("a plan needs at least one variant")
        if not self.bots:
            raise ValueError("a plan needs at least one bot")
        if len(set(self.variants)) != len(self.variants):
            raise ValueError("a plan lists the same variant twice")
        if self.games < 1:
            raise ValueError(f"a plan needs at least one game, not {self.games}")
        if self.move_seconds is not None:
            MoveClock(self.move_seconds)  # ValueError unless a number of seconds above 0

    def seating(self, players: int) -> tuple[str, ...]:
        """The bot in each seat of a table of ``players``."""
        return tuple(self.bots[seat % len(self.bots)] for seat in range(players))


@dataclass(frozen=True, slots=True)
class Chunk:
    """Some consecutive games of one variant: the unit of work an executor runs."""

    variant: Variant
    seating: tuple[str, ...]
    seeds: range
    move_seconds: float | None = None  # the plan's limit on one move
    records: bool = False  # the plan's: each game's record with its result


@dataclass(frozen=True, slots=True)
class ChunkResult:
    results: tuple[GameResult, ...]
    seconds: float  # the time the games took where they ran
    overtime: str | None = None  # which bot ran over the time of a move, where: the chunk stopped


class MoveTimeoutError(RuntimeError):
    """A bot spent longer than the plan allows on one move: the run stopped. Its message names
    the bot, its seat, the game's seed and player count, and the move."""


@dataclass(frozen=True, slots=True)
class Run:
    """A plan's results, by variant in the plan's order, then by seed."""

    plan: Plan
    results: tuple[tuple[GameResult, ...], ...]  # one tuple per variant of the plan
    seconds: tuple[float, ...]  # per variant: time spent playing, summed over the workers
    wall_seconds: float  # the whole run, start to end


def play_one(
    variant: Variant,
    bots: Sequence[type[Bot]],
    seed: int,
    clock: MoveClock | None = None,
    record: bool = False,
) -> GameResult:
    """Play game ``seed`` of ``variant`` with a bot of each class in ``bots`` (one per seat),
    each move timed by ``clock`` if one is given (it raises MoveTimeout for a move too long, and
    the result holds the moves' times);
    with ``record``, the result holds the game's record (of the moves made, up to a failed
    one)."""
    game = Game.new(variant, seed)
    error: str | None = None
    try:
        seated = [
            new_bot(bot, seat, variant, seat_seed(seed, seat)) for seat, bot in enumerate(bots)
        ]
        play_game(game, seated if clock is None else clock.table(seated, seed))
    except Exception as failure:  # a broken bot costs its game, not the whole run
        error = _one_line(failure)
    kept = record_of(game).to_dict() if record else None
    times = clock.times if clock is not None and clock.active else None
    if error is not None:
        score, termination = 0, BOT_ERROR
    else:
        outcome = game.outcome
        assert outcome is not None  # play_game returns finished games only
        score, termination = outcome.score, outcome.reason
    return GameResult(
        seed,
        variant.players,
        score,
        game.score,
        termination,
        game.turn,
        error,
        record=kept,
        times=times,
    )


def play_chunk(chunk: Chunk) -> ChunkResult:
    """Play every game of ``chunk`` (runs in a worker process or on a cluster). Whatever the
    bots print goes to standard error: standard output is for the results."""
    bots = [resolve_bot(name) for name in chunk.seating]
    results: list[GameResult] = []
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(sys.stderr))
        clock = None
        if chunk.move_seconds is not None:
            clock = stack.enter_context(MoveClock(chunk.move_seconds))
        try:
            for seed in chunk.seeds:
                results.append(play_one(chunk.variant, bots, seed, clock, chunk.records))
        except MoveTimeout as overtime:  # the run stops: said as an answer, the same anywhere
            return ChunkResult(tuple(results), time.perf_counter() - start, str(overtime))
    return ChunkResult(tuple(results), time.perf_counter() - start)


def chunks_of(plan: Plan, workers: int) -> list[Chunk]:
    """The plan cut into chunks: a few per worker and variant, so that workers stay busy."""
    # small enough that the progress bar moves every few seconds even for a slow bot
    size = max(1, min(50, math.ceil(plan.games / (40 * workers))))
    end = plan.seed + plan.games
    return [
        Chunk(
            variant,
            plan.seating(variant.players),
            range(first, min(first + size, end)),
            plan.move_seconds,
            plan.records,
        )
        for variant in plan.variants
        for first in range(plan.seed, end, size)
    ]


def run(plan: Plan, executor: Executor | None = None, progress: Progress | None = None) -> Run:
    """Play ``plan`` (in this process unless an executor is given)."""
    return run_all([plan], executor, progress)[0]


def run_all(
    plans: Sequence[Plan], executor: Executor | None = None, progress: Progress | None = None
) -> list[Run]:
    """Play several plans through one executor, e.g. two bots on the same seeds. Raises
    :class:`MoveTimeoutError` as soon as a bot runs over a plan's time for a move (leaving the
    executor to stop its other games)."""
    executor = executor or Serial()
    work = [
        (p, chunk) for p, plan in enumerate(plans) for chunk in chunks_of(plan, executor.workers)
    ]
    answers: list[ChunkResult | None] = [None] * len(work)
    done = 0
    start = time.perf_counter()
    coming = executor.map(play_chunk, [chunk for _, chunk in work])
    try:
        for index, answer in coming:
            if answer.overtime is not None:
                raise MoveTimeoutError(answer.overtime)
            answers[index] = answer
            done += len(answer.results)
            if progress is not None:
                progress(done)
    finally:  # at once, not whenever it is collected: an executor's workers stop as it closes
        if isinstance(coming, Generator):
            coming.close()
    wall = time.perf_counter() - start
    return [_assemble(p, plan, work, answers, wall) for p, plan in enumerate(plans)]


def _assemble(
    number: int,
    plan: Plan,
    work: Sequence[tuple[int, Chunk]],
    answers: Sequence[ChunkResult | None],
    wall: float,
) -> Run:
    results: list[list[GameResult]] = [[] for _ in plan.variants]
    seconds = [0.0] * len(plan.variants)
    slot = {variant: i for i, variant in enumerate(plan.variants)}
    for (p, chunk), answer in zip(work, answers, strict=True):
        if p != number:
            continue
        if answer is None:
            raise RuntimeError("the executor lost a chunk of games")
        results[slot[chunk.variant]].extend(answer.results)
        seconds[slot[chunk.variant]] += answer.seconds
    ordered = tuple(tuple(sorted(games, key=lambda g: g.seed)) for games in results)
    return Run(plan, ordered, tuple(seconds), wall)


def _one_line(error: Exception) -> str:
    said = str(error) if isinstance(error, BotError) else f"{type(error).__name__}: {error}"
    return " ".join(said.split())
