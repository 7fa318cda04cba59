"""Every registered bot (random, basic, and any other that exists when the tests run) plays every
preset of ``hanabi variants`` and the options that change what is legal (bonus tiles and their
decisions, declared play, play until perfect, no empty clues) at 2 to 5 players, choosing only
actions from its view's legal actions and never crashing (the bots that look ahead play fewer
games, in test_bots_legality_lookahead.py). A fuller run of 200 games per preset is
``benchmarks/bots_legality.py``."""

from __future__ import annotations

from typing import Any

import pytest
from benchmark_scripts import load_benchmark

from odd_bots import Unmakeable
from openhanabi.bots import Bot, bot_classes, registry, seat_seed
from openhanabi.rules import PRESETS, Action, Game, Preset, SeatView, Variant, find_preset

# a bot that plays every move of the middle game out (about fifty times slower than the others)
# plays fewer games, in test_bots_legality_lookahead.py (a file of its own, which a second
# test worker can take); benchmarks/bots_legality.py plays it as often as any other
LOOKING_AHEAD = sorted(
    name for name, bot in bot_classes().items() if getattr(bot, "lookahead", False)
)
BOTS = sorted(set(bot_classes()) - set(LOOKING_AHEAD))
GAMES = ((1, 2), (2, 3), (3, 5))  # (seed, players) of each preset's games
OPTION_GAMES = [
    (players, key) for players in (2, 3, 4, 5) for key in ("base", "black-powder-rainbow")
]
OPTIONS: dict[str, dict[str, Any]] = {
    "bonus tiles": {"bonus_tiles": True},
    "declared play": {"declared_play": True},
    "play until perfect": {"all_or_nothing": True},
    "no empty clues": {"empty_clues": False},
    "all at once": {
        "bonus_tiles": True,
        "declared_play": True,
        "all_or_nothing": True,
        "empty_clues": False,
        "clue_tokens": 9,
        "storms": 2,
    },
}


def play_strictly(bot: type[Bot], variant: Variant, seed: int) -> Game:
    """Play one game, checking every answer against the view's legal actions."""
    game = Game.new(variant, seed)
    bots = [bot(seat, variant, seat_seed(seed, seat)) for seat in range(variant.players)]
    while game.outcome is None:
        view = game.view(game.seat)
        action = bots[game.seat].act(view)
        assert action in view.legal_actions, f"{bot.name} chose {action} (seed {seed})"
        assert isinstance(bots[game.seat].explain(), str)
        game.apply(action)
    return game


def test_the_baseline_bots_are_registered() -> None:
    assert {"random", "basic"} <= set(BOTS)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("preset", PRESETS, ids=lambda preset: preset.key)
def test_a_bot_plays_every_preset_legally(name: str, preset: Preset) -> None:
    bot = bot_classes()[name]
    for seed, players in GAMES:
        variant = preset.variant(players=players)
        assert play_strictly(bot, variant, seed).over


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("option", OPTIONS)
def test_a_bot_plays_every_option_legally(name: str, option: str) -> None:
    bot = bot_classes()[name]
    for players, key in OPTION_GAMES:
        variant = find_preset(key).variant(players=players, **OPTIONS[option])
        assert play_strictly(bot, variant, seed=100 + players).over


class IllegalBot(Bot):
    name = "illegal"
    summary = "discards a card nobody holds"

    def act(self, view: SeatView) -> Action:
        return Action.discard(10_000)


class CrashingBot(Bot):
    name = "crashing"
    summary = "fails on its first turn"

    def act(self, view: SeatView) -> Action:
        raise RuntimeError("no move")


def test_the_full_check_prints_a_row_for_every_preset_and_passes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    legality = load_benchmark("bots_legality")
    assert legality.main(["--games", "2", "--bot", "random", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("random ")]
    assert sorted(row[1] for row in rows) == sorted(preset.key for preset in PRESETS)
    assert all(row[2:5] == ["2", "0", "0"] for row in rows)  # games, illegal, crashes
    assert "illegal actions and crashes in all: 0" in out


def test_the_full_check_can_be_split_by_preset(capsys: pytest.CaptureFixture[str]) -> None:
    legality = load_benchmark("bots_legality")
    argv = ["--games", "1", "--bot", "random", "--jobs", "1", "--preset", "base"]
    assert legality.main([*argv, "--preset", "rainbow"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert sorted(row[1] for row in rows if row[0] == "random") == ["base", "rainbow"]
    with pytest.raises(SystemExit):  # an unknown preset is refused before any game is played
        legality.main([*argv, "--preset", "no-such-preset"])
    assert "invalid choice: 'no-such-preset'" in capsys.readouterr().err


def test_the_full_check_counts_illegal_actions_and_crashes(monkeypatch: pytest.MonkeyPatch) -> None:
    legality = load_benchmark("bots_legality")
    for name, bot in {"illegal": IllegalBot, "crashing": CrashingBot}.items():
        monkeypatch.setitem(registry._BOTS, name, bot)
    illegal = legality.check("illegal", "base", 3)
    assert (illegal.illegal, illegal.crashes, illegal.games) == (3, 0, 3)
    crashed = legality.check("crashing", "base", 3)
    assert (crashed.illegal, crashed.crashes) == (0, 3)


def test_the_full_check_names_the_first_failure_of_each_kind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    legality = load_benchmark("bots_legality")
    bots = {"illegal": IllegalBot, "crashing": CrashingBot, "unmakeable": Unmakeable}
    for name, bot in bots.items():
        monkeypatch.setitem(registry._BOTS, name, bot)
    illegal = legality.check("illegal", "base", 2)
    assert illegal.first_failure == (
        "seed 0, 2 players: bot 'illegal' in seat 0 chose discard 10000: "
        "card 10000 is not in the hand of seat 0"
    )
    crashed = legality.check("crashing", "base", 2)
    assert crashed.first_failure == (
        "seed 0, 2 players: bot 'crashing' in seat 0 failed: RuntimeError: no move"
    )
    # a bot that cannot be made is a crash of its game, not the end of the whole check
    unmade = legality.check("unmakeable", "base", 3)
    assert (unmade.illegal, unmade.crashes, unmade.games) == (0, 3, 3)
    assert unmade.first_failure == (
        "seed 0, 2 players: bot 'unmakeable' in seat 0 could not be made: "
        "RuntimeError: cannot start"
    )


def test_the_full_check_refuses_bad_arguments_before_playing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    legality = load_benchmark("bots_legality")
    for argv, said in (
        (["--bot", "no-such-bot"], "unknown bot 'no-such-bot' (known bots: "),
        (["--games", "0"], "--games must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
    ):
        with pytest.raises(SystemExit):
            legality.main([*argv, "--preset", "base"])
        assert said in capsys.readouterr().err
