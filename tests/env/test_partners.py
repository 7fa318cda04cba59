"""The environment for playing with bots: the learner acts on its own seat's turns only, the
partners play as the same bots play among themselves, the team's reward adds up to the score,
and the learner learns nothing a seat may not (no partner's explanation, no own card)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import openhanabi.env
from openhanabi.bots import Bot, BotError, find_bot, play_game, seat_seed
from openhanabi.env import PartnerEnv, partners
from openhanabi.rules import Action, Game, SeatView, UnknownNameError


@pytest.mark.parametrize("env_id", sorted(openhanabi.env.PARTNER_IDS))
@pytest.mark.filterwarnings("ignore:.*which is not legal now")  # check_env steps at random
def test_gymnasium_check_env_passes(env_id: str) -> None:
    for players, seat in ((2, 1), (5, None)):
        table = gymnasium.make(
            env_id, players=players, seat=seat, partners="basic", render_mode="ansi"
        )
        check_env(table.unwrapped)


@pytest.mark.parametrize(
    ("variant", "players", "seat", "options"),
    [
        ("base", 2, 0, {}),
        ("base", 3, 2, {}),
        ("base", 4, 1, {}),
        ("base", 5, 4, {}),
        # bonus tiles ask seats for decisions off their turns; declared plays add moves
        ("rainbow", 3, 1, {"bonus_tiles": True, "declared_play": True}),
    ],
)
def test_a_learner_that_plays_as_a_bot_plays_the_bots_own_game(
    variant: str, players: int, seat: int, options: dict[str, bool]
) -> None:
    # the learner here is the conventions bot in its seat, told only what the learner sees
    table = PartnerEnv(variant, players=players, partners="conventions", seat=seat, **options)
    _, info = table.reset(seed=11)
    game = table.table.game
    deal = table.table.game_seed
    assert game is not None and deal is not None
    learner = find_bot("conventions")(seat, table.variant, seat_seed(deal, seat))
    numbering = table.encoding.moves
    total, terminated = 0.0, False
    while not terminated:
        assert info["seat"] == seat and game.seat == seat  # the learner acts on its turns only
        view = game.view(seat)
        move = numbering.number(view, learner.act(view))
        assert info["action_mask"][move] == 1
        _, reward, terminated, _, info = table.step(move)
        total += float(reward)
    bots = [find_bot("conventions")(s, table.variant, seat_seed(deal, s)) for s in range(players)]
    alone = play_game(Game.new(table.variant, deal), bots)
    assert game.history == alone.history
    assert game.outcome == alone.outcome and total == float(alone.outcome.score)


def test_partner_moves_are_the_moves_between_the_learners_turns() -> None:
    table = PartnerEnv("rainbow", players=4, partners=["basic", "random", "hat"], seat=2)
    observation, info = table.reset(seed=3)
    game = table.table.game
    assert game is not None
    assert [seat for seat, _ in info["partner_moves"]] == [0, 1]  # seats 0 and 1 moved first
    assert set(info) == {"action_mask", "seat", "partner_moves"}  # no partner's explanation
    assert [table._bots[s].name for s in (0, 1, 3)] == ["basic", "random", "hat"]
    before = game.copy()
    move = int(np.flatnonzero(info["action_mask"])[0])
    _, _, terminated, _, info = table.step(move)
    assert not terminated and [seat for seat, _ in info["partner_moves"]] == [3, 0, 1]
    numbering = table.encoding.moves
    made = game.history[len(before.history) :]
    assert numbering.number(before.view(2), made[0]) == move
    before.apply(made[0])
    for (seat, number), action in zip(info["partner_moves"], made[1:], strict=True):
        assert before.seat == seat and numbering.number(before.view(seat), action) == number
        before.apply(action)
    assert table.observation_space.contains(observation)


def test_the_learners_seat_is_drawn_from_the_seed_when_not_fixed() -> None:
    table = PartnerEnv("base", players=5, partners="basic", seat=None)
    seats = [table.reset(seed=seed)[1]["seat"] for seed in range(40)]
    assert set(seats) == set(range(5))
    assert seats == [table.reset(seed=seed)[1]["seat"] for seed in range(40)]  # reproducible


class PlaysFirst(Bot):
    """Plays the card in its first slot, always: with one storm token, a misplay comes fast."""

    name = "plays-first"
    summary = "plays its newest card"

    def act(self, view: SeatView) -> Action:
        return Action.play(view.hands[self.seat][0])


def test_a_deal_the_partners_lose_before_the_learner_acts_is_dealt_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(partners, "REDEALS", 3)
    table = PartnerEnv("base", players=5, storms=1, partners=PlaysFirst, seat=4)
    with pytest.raises(RuntimeError, match="lost 3 deals in a row before seat 4 could act"):
        table.reset(seed=0)
    table = PartnerEnv("base", players=5, partners="random", seat=4)
    for seed in range(300):  # random partners lose a deal now and then before seat 4 acts
        _, info = table.reset(seed=seed)
        assert not table.table.game.over and info["seat"] == 4  # type: ignore[union-attr]
        if table.table.game_seed != seed:
            break
    else:
        pytest.fail("no deal was lost before the learner acted: nothing was dealt again")


class Cheats(Bot):
    name = "cheats"
    summary = "names a card that is not in its hand"

    def act(self, view: SeatView) -> Action:
        return Action.play(10_000)


def test_bad_partners_are_refused_with_one_clear_error() -> None:
    with pytest.raises(UnknownNameError, match="unknown bot 'nobody'"):
        PartnerEnv(partners="nobody")
    with pytest.raises(ValueError, match="one for each of the 2 other seats, not 3"):
        PartnerEnv(players=3, partners=["basic", "basic", "basic"])
    with pytest.raises(ValueError, match="seat is 0 to 2 or None, not 3"):
        PartnerEnv(players=3, seat=3)
    with pytest.raises(ValueError, match="a bot's name or a Bot subclass, not 7"):
        PartnerEnv(partners=[7])  # type: ignore[list-item]
    table = PartnerEnv(players=2, partners=Cheats, seat=1)
    with pytest.raises(BotError, match="bot 'cheats' in seat 0 chose play 10000"):
        table.reset(seed=0)


def test_an_illegal_move_ends_the_episode_and_the_partners_do_not_move() -> None:
    table = PartnerEnv(players=3, partners="basic")
    _, info = table.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="not legal now"):
        _, reward, terminated, _, info = table.step(illegal)
    assert terminated and reward == -1.0 and info["partner_moves"] == []
    with pytest.raises(RuntimeError, match="reset"):
        table.step(0)


def test_the_example_in_the_docs_runs_and_scores_whole_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "env.md").read_text()
    section = page.split("## Playing beside bots", 1)[1]
    (example,) = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    exec(compile(example, "docs/env.md", "exec"), {})  # the page's own example
    scores = ast.literal_eval(capsys.readouterr().out.strip())
    assert len(scores) == 5 and all(0 <= score <= 25 and score == int(score) for score in scores)
