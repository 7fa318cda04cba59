"""Running many games of bots: the same seeds for every bot, in parallel or on a Ray cluster,
with statistics, paired comparisons, plots and reports. ``hanabi bench`` is its command.

>>> from openhanabi.bench import Plan, run, summaries_of
>>> from openhanabi.rules import find_variant
>>> plan = Plan((find_variant("base", players=3),), ("basic", "random"), games=4)
>>> [summary.games for summary in summaries_of(run(plan))]
[4]
"""

from openhanabi.bench.compare import Comparison, compare
from openhanabi.bench.executors import Executor, Processes, Serial, default_jobs, executor_for
from openhanabi.bench.report import document, summaries_of
from openhanabi.bench.runner import (
    BOT_ERROR,
    Chunk,
    GameResult,
    MoveTimeoutError,
    Plan,
    Run,
    run,
    run_all,
)
from openhanabi.bench.stats import Estimate, Summary, estimate, summarise

__all__ = [
    "BOT_ERROR",
    "Chunk",
    "Comparison",
    "Estimate",
    "Executor",
    "GameResult",
    "MoveTimeoutError",
    "Plan",
    "Processes",
    "Run",
    "Serial",
    "Summary",
    "compare",
    "default_jobs",
    "document",
    "estimate",
    "executor_for",
    "run",
    "run_all",
    "summaries_of",
    "summarise",
]
