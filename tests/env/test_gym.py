"""The Gymnasium self-play environment: registered, checked by Gymnasium, one policy per game."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import openhanabi.env
from openhanabi.env import SelfPlayEnv, raw_env


@pytest.mark.parametrize("env_id", sorted(openhanabi.env.GYMNASIUM_IDS))
@pytest.mark.filterwarnings("ignore:.*which is not legal now")  # check_env steps at random
def test_gymnasium_check_env_passes(env_id: str) -> None:
    for players in (2, 5):
        check_env(gymnasium.make(env_id, players=players, render_mode="ansi").unwrapped)


def test_ids_are_registered_on_import_and_take_variant_options() -> None:
    assert {"openhanabi/Hanabi-v0", "openhanabi/Hanabi-HLE-v0"} <= set(gymnasium.registry)
    table = gymnasium.make("openhanabi/Hanabi-v0", variant="rainbow", players=3, bonus_tiles=True)
    inner = table.unwrapped
    assert isinstance(inner, SelfPlayEnv)
    assert inner.variant.describe() == "rainbow, 3 players, bonus tiles"
    hle = gymnasium.make("openhanabi/Hanabi-HLE-v0", players=4).unwrapped
    assert hle.observation_space.shape == (1041,) and hle.action_space.n == 38


def test_one_policy_plays_every_seat_to_the_end() -> None:
    table = SelfPlayEnv("base", players=3)
    observation, info = table.reset(seed=5)
    choice = random.Random(5)
    seats = [info["seat"]]
    total = 0.0
    terminated = False
    while not terminated:
        assert np.array_equal(table.action_masks(), info["action_mask"].astype(bool))
        assert table.observation_space.contains(observation)
        move = choice.choice(np.flatnonzero(info["action_mask"]).tolist())
        observation, reward, terminated, truncated, info = table.step(move)
        total += float(reward)
        assert not truncated
        seats.append(info["seat"])
    game = table.table.game
    assert game is not None and game.outcome is not None
    lost = game.outcome.termination.value == "strikeout"
    assert total == (0.0 if lost else float(game.score))
    assert seats[:4] == [0, 1, 2, 0]
    with pytest.raises(RuntimeError, match="reset"):
        table.step(0)


def test_illegal_and_impossible_moves() -> None:
    table = SelfPlayEnv("base", players=2)
    _, info = table.reset(seed=0)
    with pytest.raises(ValueError, match="outside the action space"):
        table.step(table.action_space.n)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="not legal now"):
        _, reward, terminated, _, info = table.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_move"] == illegal


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    text = SelfPlayEnv(render_mode="ansi")
    text.reset(seed=0)
    rendered = text.render()
    assert rendered is not None and "to act" in rendered
    human = SelfPlayEnv(render_mode="human")
    human.reset(seed=0)
    assert "fireworks" in capsys.readouterr().out
    with pytest.raises(ValueError, match="unknown render mode"):
        SelfPlayEnv(render_mode="rgb_array")


@pytest.mark.parametrize("seed", [1.5, "3", True], ids=repr)
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    table = SelfPlayEnv("base", players=2)
    table.reset(seed=4)
    with pytest.raises(ValueError, match="a seed is a whole number"):
        table.reset(seed=seed)  # type: ignore[arg-type]
    assert table.table.game_seed == 4


@pytest.mark.parametrize(
    "seed", [np.int64(9), np.uint16(9), -9, np.int64(-9), 2**64 + 9, -(2**70)], ids=repr
)
def test_every_whole_number_seeds_the_game_the_pettingzoo_environment_deals(seed: int) -> None:
    """NumPy integers and negative seeds deal as in the PettingZoo environment; Gymnasium's
    generator, which takes only plain ints from 0 up, is seeded alike for seeds that deal
    the same game."""
    table = SelfPlayEnv("base", players=2)
    observation, info = table.reset(seed=seed)
    assert table.table.game_seed == int(seed)
    referee = raw_env("base", players=2)
    referee.reset(seed=int(seed))
    assert np.array_equal(observation, referee.observe("player_0")["observation"])
    assert np.array_equal(info["action_mask"], referee.observe("player_0")["action_mask"])
    drawn = table.np_random.integers(1 << 62)
    same_game = SelfPlayEnv("base", players=2)
    same_game.reset(seed=int(seed) % 2**64)
    assert same_game.np_random.integers(1 << 62) == drawn
    table.step(int(np.flatnonzero(info["action_mask"])[0]))
    table.reset()
    assert table.table.game_seed == int(seed) + 1


def test_a_move_may_be_a_zero_dimensional_integer_array() -> None:
    table = SelfPlayEnv("base", players=2)
    _, info = table.reset(seed=2)
    move = np.array(np.flatnonzero(info["action_mask"])[-1])
    assert move.shape == () and table.action_space.contains(move)
    _, _, terminated, _, info = table.step(move)
    assert not terminated and "illegal_move" not in info
    assert table.table.game is not None and table.table.game.turn == 1
