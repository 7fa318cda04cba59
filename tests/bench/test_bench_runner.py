"""The bench runner: every bot meets the same decks (game ``seed`` is ``Game.new(variant,
seed)``), mixed tables seat the bots in turn, results come back in seed order whatever runs
them, and a bot that breaks costs its game, not the run."""

from __future__ import annotations

from typing import ClassVar

import pytest

from odd_bots import Talks, Unmakeable
from openhanabi.bench import BOT_ERROR, Plan, Processes, Serial, run, run_all, summaries_of
from openhanabi.bench.runner import chunks_of, play_one
from openhanabi.bots import Bot, find_bot, play_game, registry, seat_seed
from openhanabi.records import read_record, replay
from openhanabi.rules import Action, Game, SeatView, Variant, find_variant

VARIANTS = (find_variant("base", players=2), find_variant("base", players=4))


def test_game_seed_is_the_seeded_deal_played_by_bots_seeded_from_it_one_way() -> None:
    variant = VARIANTS[0]
    [results, _] = run(Plan(VARIANTS, ("conventions",), games=3, seed=5)).results
    for found in results:
        bots = [find_bot("conventions")(s, variant, seat_seed(found.seed, s)) for s in range(2)]
        game = play_game(Game.new(variant, found.seed), bots)
        assert (found.score, found.points, found.turns) == (game.score, game.score, game.turn)
    assert [found.seed for found in results] == [5, 6, 7]


class SeedSpy(Bot):
    """Plays its first legal action, and notes the seed it was made with."""

    name = "seed-spy"
    summary = "notes its seed"
    seeds: ClassVar[list[tuple[int, int]]] = []

    def __init__(self, seat: int, variant: Variant, seed: int = 0) -> None:
        super().__init__(seat, variant, seed)
        SeedSpy.seeds.append((seat, seed))

    def act(self, view: SeatView) -> Action:
        return view.legal_actions[0]


def test_no_bot_is_given_the_seed_that_dealt_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._BOTS, SeedSpy.name, SeedSpy)
    SeedSpy.seeds.clear()
    variant = VARIANTS[1]
    play_one(variant, [SeedSpy] * 4, 11)
    assert SeedSpy.seeds == [(seat, seat_seed(11, seat)) for seat in range(4)]
    dealt = Game.new(variant, 11).deck
    assert all(Game.new(variant, seed).deck != dealt for _, seed in SeedSpy.seeds)


def test_results_do_not_depend_on_how_the_games_are_cut_or_run() -> None:
    plan = Plan(VARIANTS, ("basic", "random"), games=10, seed=3)
    serial = run(plan, Serial())
    parallel = run(plan, Processes(2))
    assert serial.results == parallel.results
    many = Plan(VARIANTS, ("basic", "random"), games=400, seed=3)
    assert len(chunks_of(many, 1)) < len(chunks_of(many, 2))


def test_the_progress_bar_moves_at_least_forty_times_a_run_for_a_slow_bot() -> None:
    """The bar advances a chunk at a time: 200 games of a bot at a tenth of a game a second
    must not leave it standing for minutes."""
    for games, workers in [(200, 1), (40, 1), (2000, 2), (7, 3)]:
        chunks = chunks_of(Plan(VARIANTS[:1], ("basic",), games=games, seed=0), workers)
        assert sum(len(chunk.seeds) for chunk in chunks) == games
        assert len(chunks) >= min(games, 40), (games, workers)


def test_a_mixed_table_cycles_the_names_over_the_seats() -> None:
    plan = Plan(VARIANTS, ("north", "east", "south"), games=1)
    assert plan.seating(2) == ("north", "east")
    assert plan.seating(4) == ("north", "east", "south", "north")


def test_two_plans_share_one_executor_and_keep_their_own_results() -> None:
    basic = Plan(VARIANTS[:1], ("basic",), games=4)
    random = Plan(VARIANTS[:1], ("random",), games=4)
    both = run_all([basic, random], Processes(2))
    assert both[0].results == run(basic).results
    assert both[1].results == run(random).results


class Broken(Bot):
    name = "broken"
    summary = "raises on its second turn"

    def act(self, view: SeatView) -> Action:
        if view.turn >= 1:
            raise RuntimeError("out of ideas")
        return view.legal_actions[0]


def test_a_broken_bot_costs_its_game_with_the_error_recorded() -> None:
    found = play_one(VARIANTS[0], [Broken, Broken], seed=1)
    assert found.termination == BOT_ERROR
    assert found.score == 0
    assert found.error == "bot 'broken' in seat 1 failed: RuntimeError: out of ideas"


def test_a_bot_that_cannot_be_made_costs_its_game_with_its_name_recorded() -> None:
    found = play_one(VARIANTS[0], [Broken, Unmakeable], seed=1)
    assert found.termination == BOT_ERROR
    assert found.error == "bot 'unmakeable' in seat 1 could not be made: RuntimeError: cannot start"


def test_a_kept_record_replays_to_the_games_result_and_changes_no_result() -> None:
    tiles = find_variant("base", players=3, bonus_tiles=True)  # tile decisions recorded too
    variants = (*VARIANTS, tiles)
    kept = run(Plan(variants, ("conventions", "random"), games=6, seed=20, records=True))
    plain = run(Plan(variants, ("conventions", "random"), games=6, seed=20))
    assert kept.results == plain.results
    assert all(found.record is None for games in plain.results for found in games)
    for variant, games in zip(variants, kept.results, strict=True):
        for found in games:
            assert found.record is not None
            record = read_record(found.record)
            assert record.seed == found.seed and record.variant == variant
            game = replay(record)
            assert (game.score, game.turn) == (found.points, found.turns)
            assert game.outcome is not None and game.outcome.score == found.score


def test_the_record_of_a_game_a_bot_broke_holds_the_moves_before_its_failure() -> None:
    found = play_one(VARIANTS[0], [Broken, Broken], seed=1, record=True)
    assert found.termination == BOT_ERROR and found.record is not None
    game = replay(read_record(found.record))
    assert game.outcome is None and game.turn == found.turns == 1  # the failure is no move


def test_summaries_come_per_player_count_in_the_plans_order() -> None:
    summaries = summaries_of(run(Plan(VARIANTS, ("basic",), games=2)))
    assert [summary.players for summary in summaries] == [2, 4]
    assert all(summary.games == 2 and summary.errors == 0 for summary in summaries)


def test_a_plan_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        Plan(VARIANTS, ("basic",), games=0)
    with pytest.raises(ValueError):
        Plan(VARIANTS, (), games=1)
    with pytest.raises(ValueError):
        Plan((VARIANTS[0], VARIANTS[0]), ("basic",), games=1)


def test_what_bots_print_goes_to_standard_error_not_among_the_results(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._BOTS, Talks.name, Talks)
    run(Plan(VARIANTS[:1], (Talks.name,), games=1))
    out, err = capsys.readouterr()
    assert out == "" and "thinking about turn 0" in err
