"""Bench results as text for the terminal and as one JSON document."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, fields
from typing import Any

from openhanabi.bench.compare import Comparison
from openhanabi.bench.runner import GameResult, Run
from openhanabi.bench.stats import Summary, summarise
from openhanabi.rules import OPTIONS, Variant

BLOCKS = " ▁▂▃▄▅▆▇█"


def summaries_of(run: Run) -> list[Summary]:
    """One summary per player count of ``run``, in the plan's order."""
    return [
        summarise(results, variant.max_score, seconds)
        for variant, results, seconds in zip(
            run.plan.variants, run.results, run.seconds, strict=True
        )
    ]


def options_text(variant: Variant) -> str:
    """The variant's name and options, without its player count (a bench spans several)."""
    parts = variant.describe().split(", ")
    return ", ".join(part for part in parts if not part.endswith(" players"))


def rate_text(per_second: float) -> str:
    """A speed said with the digits that matter: whole numbers from ten a second up, two
    significant digits below, trailing zero included (a searching bot plays a fraction of a game
    a second: "0.18"; "4.0" next to "4.1", not "4")."""
    if per_second >= 9.95:  # what rounds to ten or more at two digits reads as a whole number
        return f"{per_second:.0f}"
    return f"{per_second:#.2g}"


def summary_table(summaries: Sequence[Summary]) -> list[str]:
    """One line per player count: score and points (mean ± SE), perfect, strikeouts, speed."""
    lines = [
        f"{'players':>7}  {'games':>6}  {'score':>13}  {'points kept':>13}  "
        f"{'perfect':>7}  {'strikeouts':>10}  {'games/s':>7}"
    ]
    for s in summaries:
        lines.append(
            f"{s.players:>7}  {s.games:>6}  {s.score!s:>13}  {s.points!s:>13}  "
            f"{s.perfect:>7.1%}  {s.strikeouts:>10.1%}  {rate_text(s.games_per_second):>7}"
        )
    return lines


def histogram_lines(summaries: Sequence[Summary], low: int) -> list[str]:
    """A bar of block characters per player count: games per score from ``low`` to the max."""
    lines = []
    for s in summaries:
        counts = dict(s.histogram)
        top = max(counts.values())
        bar = "".join(
            BLOCKS[-(-counts.get(score, 0) * (len(BLOCKS) - 1) // top)]
            for score in range(low, s.max_score + 1)
        )
        lines.append(f"{s.players:>7}  {low:>3} {bar} {s.max_score}")
    return lines


def duration_text(seconds: float) -> str:
    """A time in the unit that suits it, with three significant digits.

    >>> duration_text(61.24), duration_text(0.2134), duration_text(0.0000153)
    ('61.2 s', '213 ms', '15.3 µs')
    """
    for unit, scale in (("s", 1.0), ("ms", 1e-3)):
        if seconds >= 0.9995 * scale:  # what rounds to 1000 of the unit below reads as 1
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-6:.3g} µs"


def move_lines(summaries: Sequence[Summary]) -> list[str]:
    """One line per player count whose games were timed: the bots' mean time on a move and
    their slowest move, named so that it can be played again (``--seed``)."""
    lines = []
    for s in summaries:
        if s.times is None or s.times.slowest is None:
            continue
        slow = s.times.slowest
        lines.append(
            f"{s.players:>7}  {duration_text(s.times.mean):>10}  {duration_text(slow.seconds)}: "
            f"move {slow.move} of seed {slow.seed}, by {slow.bot}"
        )
    if lines:
        lines.insert(0, f"{'moves':<7}  {'mean':>10}  slowest")
    return lines


def comparison_table(comparisons: Sequence[Comparison]) -> list[str]:
    """One line per player count: the paired difference (mean ± SE), wins, ties and losses, each
    number right-aligned under its heading.

    >>> from openhanabi.bench.stats import Estimate
    >>> print("\\n".join(comparison_table([Comparison(3, 20, Estimate(6.2, 0.29), 20, 0, 0)])))
    players   games      difference    wins    ties  losses
          3      20    +6.20 ± 0.29      20       0       0
    """
    lines = [f"{'players':>7}  {'games':>6}  {'difference':>14}  {'wins':>6}  {'ties':>6}  losses"]
    for c in comparisons:
        difference = f"{c.difference.mean:+.2f} ± {c.difference.error_text()}"
        lines.append(
            f"{c.players:>7}  {c.games:>6}  {difference:>14}  {c.wins:>6}  {c.ties:>6}  "
            f"{c.losses:>6}"
        )
    return lines


def document(
    runs: Sequence[Run], comparisons: Sequence[Comparison] | None = None, **context: Any
) -> dict[str, Any]:
    """Every result as one JSON-ready object: the plan, per-game results and the statistics of
    each run, the paired comparison if any, and ``context`` (jobs, Ray address...)."""
    plan = runs[0].plan
    variant = plan.variants[0]
    return {
        "variant": variant.key,
        "options": options_text(variant),
        "rules": rules_of(plan.variants),
        "players": [v.players for v in plan.variants],
        "games": plan.games,
        "seed": plan.seed,
        **context,
        "wall_seconds": max(run.wall_seconds for run in runs),
        "runs": [_run_document(run) for run in runs],
        "comparison": None if comparisons is None else [_compared(runs, c) for c in comparisons],
    }


# the options a bench's variants share; the player count and the hand size go together
SHARED_RULES = tuple(name for name in OPTIONS if name not in ("players", "hand_size"))


def rules_of(variants: Sequence[Variant]) -> dict[str, Any]:
    """Every rule of a bench's ``variants`` as data, to set them up again: the suits, the hand
    size for each player count, and the options they share (the start seat counted from 0).

    >>> from openhanabi.rules import find_variant
    >>> rules = rules_of([find_variant("rainbow", players=p, storms=2) for p in (2, 4)])
    >>> rules["suits"][-1], rules["hand_size"], rules["storms"], rules["bonus_tiles"]
    ('rainbow', {'2': 5, '4': 4}, 2, False)
    """
    first = variants[0]
    return {
        "suits": [suit.key for suit in first.suits],
        "hand_size": {str(v.players): v.hand_size for v in variants},
        **{name: getattr(first, name) for name in SHARED_RULES},
    }


def _compared(runs: Sequence[Run], comparison: Comparison) -> dict[str, Any]:
    """A paired comparison, naming its bots: its difference is ``first`` minus ``second``."""
    first, second = (" + ".join(run.plan.bots) for run in runs)
    return {"first": first, "second": second, **asdict(comparison)}


def _run_document(run: Run) -> dict[str, Any]:
    summaries = []
    for summary in summaries_of(run):
        entry = asdict(summary)
        entry["histogram"] = {str(score): games for score, games in summary.histogram}
        entry["games_per_second"] = summary.games_per_second
        if summary.times is not None:
            entry["times"]["mean"] = summary.times.mean
        summaries.append(entry)
    return {
        "bots": list(run.plan.bots),
        "summaries": summaries,
        "games": [_game(result) for results in run.results for result in results],
    }


def _game(result: GameResult) -> dict[str, Any]:
    """One game's entry: how it ended, the same wherever it was played (its record, if kept,
    goes to a file of its own; its moves' times count in its player count's summary)."""
    return {f.name: getattr(result, f.name) for f in fields(result) if f.compare}
