"""Speeds in the bench's report: a whole number from ten games a second up, and below that two
significant digits, so that a slow (searching) bot's speed never reads as 0."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from openhanabi.bench.report import rate_text


@given(st.floats(min_value=10, max_value=1e7))
def test_ten_games_a_second_and_more_read_as_a_whole_number(rate: float) -> None:
    assert rate_text(rate) == str(round(rate))


@given(st.floats(min_value=1e-4, max_value=10, exclude_max=True))
def test_a_slower_speed_keeps_two_significant_digits(rate: float) -> None:
    text = rate_text(rate)
    assert text != "0" and "e" not in text
    assert abs(float(text) - rate) <= 0.05 * rate
    if rate < 9.95:  # what rounds to 10 is said as "10"
        assert len(text.replace(".", "").lstrip("0")) == 2, text


def test_a_searching_bot_s_speed_reads_as_what_it_is() -> None:
    assert rate_text(0.1823) == "0.18"
    assert rate_text(9.63) == "9.6"
    assert rate_text(4.02) == "4.0" and rate_text(0.1) == "0.10"
    assert rate_text(9.97) == "10"


def test_every_number_of_the_paired_table_ends_under_the_end_of_its_heading() -> None:
    from openhanabi.bench.compare import Comparison
    from openhanabi.bench.report import comparison_table
    from openhanabi.bench.stats import Estimate

    heading, row = comparison_table([Comparison(3, 20, Estimate(6.2, 0.29), 19, 0, 1)])
    ends = [heading.index(name) + len(name) for name in heading.split()]
    values = ["3", "20", "+6.20 ± 0.29", "19", "0", "1"]
    at = 0
    for value, end in zip(values, ends, strict=True):
        at = row.index(value, at) + len(value)
        assert at == end, (value, row)


def test_the_readme_names_every_key_of_the_json_file() -> None:
    from pathlib import Path

    from openhanabi.bench import Plan, compare, document, run_all
    from openhanabi.rules import find_variant

    plans = [
        Plan((find_variant("base", players=2),), (bot,), games=2, move_seconds=60)
        for bot in ("basic", "hat")
    ]
    first, second = run_all(plans)
    content = document([first, second], compare(*(sum(r.results, ()) for r in (first, second))))
    keys = set(content) | set(content["runs"][0]) | set(content["comparison"][0])
    keys |= set(content["runs"][0]["summaries"][0]) | set(content["runs"][0]["games"][0])
    keys |= set(content["runs"][0]["summaries"][0]["score"]) | {"jobs", "ray"}
    times = content["runs"][0]["summaries"][0]["times"]
    keys |= set(times) | set(times["slowest"])
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    start = readme.index("The `--json` file is one object")
    paragraph = readme[start : readme.index("\n\n", start)]
    assert not {key for key in keys if f"`{key}`" not in paragraph and f'"{key}"' not in paragraph}
