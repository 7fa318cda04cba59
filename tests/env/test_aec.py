"""The PettingZoo environment: PettingZoo's own checks, rewards, seeds, illegal moves, display."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from openhanabi.env import UnsupportedVariantError, env, raw_env
from openhanabi.rules import Action, ActionType, Game, find_variant

from .support import careful_action

# PettingZoo's checks warn about every dict observation except those of its own classic games.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
]

TABLES: list[dict[str, Any]] = [
    {"players": 2, "encoding": "hle"},
    {"variant": "rainbow", "players": 3},
    {"variant": "black-powder-rainbow", "players": 5, "bonus_tiles": True, "declared_play": True},
    {"variant": "play-until-perfect", "players": 4, "bonus_tiles": True},
    {"variant": "multicolor-5", "players": 4, "hanab_live_ending": True, "encoding": "extended"},
]


@pytest.mark.parametrize("options", TABLES, ids=str)
def test_pettingzoo_api_test_passes(options: dict[str, Any]) -> None:
    api_test(env(**options), num_cycles=300)
    api_test(raw_env(**options), num_cycles=100)


@pytest.mark.parametrize("options", TABLES[:3], ids=str)
def test_pettingzoo_seed_test_passes(options: dict[str, Any]) -> None:
    seed_test(lambda: env(**options), num_cycles=300)


def play(table: raw_env, seed: int) -> list[float]:
    """Play one careful game (the policy reads the referee's cards); the team's reward of each
    step."""
    choice = random.Random(seed)
    rewards = []
    while not all(table.terminations.values()):
        game = table.game
        assert game is not None
        action = careful_action(game, choice)
        view = game.view(game.seat)
        table.step(table.encoding.moves.number(view, action))
        assert len(set(table.rewards.values())) == 1  # every agent receives the same
        rewards.append(table.rewards[table.agent_selection])
    return rewards


@pytest.mark.parametrize("variant", ["base", "black-powder", "play-until-perfect"])
def test_rewards_add_up_to_the_points_gained(variant: str) -> None:
    table = raw_env(variant, players=3)
    for seed in range(4):
        table.reset(seed=seed)
        assert table.game is not None
        start = table.game.score
        rewards = play(table, seed)
        outcome = table.game.outcome
        assert outcome is not None
        lost = outcome.termination.value in ("strikeout", "all or nothing lost")
        assert sum(rewards) == (0 if lost else table.game.score - start)


def test_black_powder_counts_from_its_starting_score() -> None:
    table = raw_env("black-powder", players=2)
    table.reset(seed=1)
    assert table.game is not None and table.game.score == -5
    first = play(table, 1)[0]
    assert first in (0.0, 1.0)  # a clue or discard gains nothing; a fitting play 1 point


def test_a_strikeout_takes_the_total_back_to_zero() -> None:
    table = raw_env("base", players=2, storms=1)
    table.reset(seed=4)
    game = table.game
    assert game is not None
    moves = table.encoding.moves
    rewards = []
    # seat 0 plays what fits while it can, then plays a card that does not fit
    while not game.over:
        view = game.view(game.seat)
        hand = game.hands[game.seat]
        fits = [order for order in hand if game.is_playable(order)]
        misfits = [order for order in hand if not game.is_playable(order)]
        order = fits[0] if fits and game.turn < 6 else (misfits or hand)[0]
        table.step(moves.number(view, Action.play(order)))
        rewards.append(table.rewards["player_0"])
    assert game.outcome is not None and game.outcome.termination.value == "strikeout"
    assert max(rewards) == 1.0 and sum(rewards) == 0.0


def test_a_bonus_tile_decision_keeps_the_same_agent_on_turn() -> None:
    table = raw_env("black-powder", players=4, bonus_tiles=True)
    choice = random.Random(0)
    for seed in range(20):
        table.reset(seed=seed)
        game = table.game
        assert game is not None
        while not game.over:
            agent = table.agent_selection
            view = game.view(game.seat)
            table.step(table.encoding.moves.number(view, careful_action(game, choice)))
            if game.pending is not None:
                assert table.agent_selection == agent
                observation = table.observe(agent)
                assert observation["observation"][table.encoding.at["pending"] :].any()
                legal = table.encoding.moves.legal(game.view(game.seat))
                assert set(observation["action_mask"].nonzero()[0]) == set(legal)
                return
    pytest.fail("no bonus tile asked for a decision in 20 games")


def test_observations_come_from_each_seats_view() -> None:
    table = raw_env("rainbow", players=3)
    table.reset(seed=9)
    game = table.game
    assert game is not None
    for agent, seat in zip(table.possible_agents, range(3), strict=True):
        observation = table.observe(agent)
        expected = table.encoding.encode(game.view(seat))
        assert np.array_equal(observation["observation"], expected)
        assert observation["observation"].dtype == np.int8
        assert observation["action_mask"].dtype == np.int8
        assert table.observation_space(agent).contains(observation)
        assert observation["action_mask"].any() == (seat == game.seat)


def test_reset_with_a_seed_deals_that_seeds_game_then_the_next_seeds() -> None:
    table = raw_env("base", players=3)
    table.reset(seed=42)
    assert table.game is not None and table.game.deck == Game.new(table.variant, 42).deck
    table.reset()
    assert table.game_seed == 43 and table.game.deck == Game.new(table.variant, 43).deck
    table.reset(seed=42)
    assert table.game_seed == 42
    fresh = raw_env("base")
    fresh.reset()
    assert isinstance(fresh.game_seed, int)


def test_an_illegal_move_ends_the_game_against_its_author() -> None:
    table = raw_env("base", players=3)
    table.reset(seed=0)
    mask = table.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])  # a discard: every clue token is available
    with pytest.warns(UserWarning, match=r"player_0 chose move 0 \(discard slot 0\)"):
        table.step(illegal)
    assert all(table.terminations.values())
    assert table.rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0}
    assert table.infos["player_0"] == {"illegal_move": 0}
    finished = []
    while table.agents:
        _, reward, termination, _, _ = table.last()
        assert termination
        finished.append((table.agent_selection, reward))
        table.step(None)
    assert sorted(finished) == [("player_0", -1.0), ("player_1", 0.0), ("player_2", 0.0)]


def test_an_illegal_move_takes_the_team_s_points_back_as_a_lost_game_does() -> None:
    """The game scores 0: the episode returns ``illegal_reward`` to the author and 0 to the
    others, whatever was scored before (ending a game is never better than losing it)."""
    table = raw_env("base", players=3, empty_clues=False)
    rng = np.random.default_rng(1)
    for seed in range(100):  # random play until a game has points and an illegal move to make
        returns = dict.fromkeys(table.possible_agents, 0.0)
        table.reset(seed=seed)
        while not any(table.terminations.values()):
            agent = table.agent_selection
            mask = table.observe(agent)["action_mask"]
            if table.game is not None and table.game.score >= 2 and not mask.all():
                break
            table.step(int(rng.choice(np.flatnonzero(mask))))
            for name, reward in table.rewards.items():
                returns[name] += reward
        else:
            continue
        break
    assert table.game is not None and table.game.score >= 2
    assert returns == dict.fromkeys(table.possible_agents, float(table.game.score))
    with pytest.warns(UserWarning, match="not legal now"):
        table.step(int(np.flatnonzero(mask == 0)[0]))
    for name, reward in table.rewards.items():
        returns[name] += reward
    assert returns == {name: -1.0 if name == agent else 0.0 for name in table.possible_agents}


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (40, "outside the action space \\(0 to 29\\)"),
        (-1, "outside the action space"),
        (None, "needs a move number"),
        (2.0, "integer move number"),
        (True, "integer move number"),
        ("3", "integer move number"),
        (np.array([1]), "integer move number"),
        (np.array(1.0), "integer move number"),
        (np.array(True), "integer move number"),
        (np.array(40), "outside the action space"),
    ],
    ids=repr,
)
def test_a_move_that_is_no_move_number_raises_value_error(move: object, message: str) -> None:
    table = env(players=3, encoding="hle")
    table.reset(seed=0)
    with pytest.raises(ValueError, match=message):
        table.step(move)
    assert table.unwrapped.game.turn == 0  # nothing happened
    table.step(np.int64(int(np.flatnonzero(table.observe("player_0")["action_mask"])[0])))
    assert table.unwrapped.game.turn == 1


@pytest.mark.parametrize("dtype", [np.int64, np.int8, np.uint16])
def test_a_move_may_be_a_zero_dimensional_integer_array(dtype: type[np.integer[Any]]) -> None:
    """Gymnasium's ``Discrete`` space holds 0-d integer arrays, the moves a policy's argmax
    over one observation gives: each plays its move."""
    table, same = env(players=3, encoding="hle"), env(players=3, encoding="hle")
    table.reset(seed=4)
    same.reset(seed=4)
    for _ in range(6):
        legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
        move = np.array(legal[-1], dtype=dtype)
        assert table.action_space(table.agent_selection).contains(move)
        table.step(move)
        same.step(int(legal[-1]))
        agent = same.agent_selection
        assert table.agent_selection == agent
        seen, expected = table.observe(agent), same.observe(agent)
        assert np.array_equal(seen["observation"], expected["observation"])
    assert table.unwrapped.game.turn == 6


def test_hle_encoding_implies_no_empty_clues_and_refuses_other_variants() -> None:
    assert not raw_env("base", encoding="hle").variant.empty_clues
    with pytest.raises(UnsupportedVariantError, match="empty clues"):
        raw_env("base", encoding="hle", empty_clues=True)
    with pytest.raises(UnsupportedVariantError, match="five base suits"):
        raw_env("rainbow", encoding="hle")
    with pytest.raises(ValueError, match="unknown encoding"):
        raw_env("base", encoding="sparse")


def test_a_variant_object_with_options() -> None:
    table = raw_env(find_variant("rainbow"), players=4, clue_tokens=6)
    assert table.variant.players == 4 and table.variant.clue_tokens == 6
    assert table.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert table.metadata["name"] == "openhanabi_v0"


def test_render_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    table = raw_env("base", players=2, render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert text is not None and text.startswith("base, 2 players: turn 0, player_0 to act")
    assert "player_1 " in text and "fireworks" in text
    shown = raw_env("base", players=2, render_mode="human")
    shown.reset(seed=1)
    legal = int(np.flatnonzero(shown.observe("player_0")["action_mask"])[0])
    shown.step(legal)
    assert "last       player_0: " in capsys.readouterr().out
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert raw_env().render() is None
    with pytest.raises(ValueError, match="unknown render mode"):
        raw_env(render_mode="rgb_array")


def test_the_referee_is_only_used_after_reset() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        raw_env().observe("player_0")


def test_clues_are_numbered_for_every_seat_in_a_game() -> None:
    table = raw_env("base", players=4, encoding="hle")
    table.reset(seed=3)
    game = table.game
    assert game is not None
    kinds = set()
    while not game.over:
        mask = table.observe(table.agent_selection)["action_mask"]
        legal = table.encoding.moves.legal(game.view(game.seat))
        assert set(np.flatnonzero(mask).tolist()) == set(legal)
        move = random.Random(game.turn).choice(sorted(legal))
        kinds.add(legal[move].type)
        table.step(move)
    assert kinds >= {ActionType.PLAY, ActionType.RANK_CLUE, ActionType.COLOUR_CLUE}


class PettingZooRetirement(raw_env):  # type: ignore[misc]
    """The table with PettingZoo's own ``_was_dead_step`` in place of its lighter one."""

    def _retire(self, agent: str, action: object) -> None:
        self._was_dead_step(action)


def retirement(table: Any, seed: int) -> list[tuple[Any, ...]]:
    """Everything PettingZoo's loop sees while a game's agents retire, after random play."""
    table.reset(seed=seed)
    choice = random.Random(seed)
    while not any(table.terminations.values()):
        legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
        table.step(int(choice.choice(legal)))
    seen: list[tuple[Any, ...]] = []
    while table.agents:
        _, reward, termination, truncation, info = table.last()
        seen.append((table.agent_selection, reward, termination, truncation, info))
        table.step(None)
        seen.append((list(table.agents), dict(table.rewards), dict(table._cumulative_rewards)))
    seen.append((table.agent_selection,))
    return seen


@pytest.mark.parametrize("players", [2, 3, 5])
def test_agents_retire_as_pettingzoos_dead_steps_retire_them(players: int) -> None:
    for seed in range(20):
        ours = retirement(raw_env(players=players), seed)
        assert ours == retirement(PettingZooRetirement(players=players), seed)
    with pytest.raises(ValueError, match="only valid action is None"):
        table = raw_env(players=players)
        retirement(table, 0)
        table.reset(seed=0)
        table.terminations = dict.fromkeys(table.agents, True)
        table.step(0)


def order_checks(table: Any) -> list[str]:
    """What an order-enforcing table answers when used out of order: before reset(), in an
    agent loop that skips step(), and after every agent has retired."""
    answers = []
    for call in (lambda: table.last(), lambda: table.step(0), lambda: table.agent_iter()):
        try:
            call()
            answers.append("accepted")
        except (AttributeError, AssertionError) as error:
            answers.append(f"{type(error).__name__}: {error}")
    table.reset(seed=3)
    agents = iter(table.agent_iter())
    next(agents)
    try:
        next(agents)  # no step() in between
        answers.append("accepted")
    except AssertionError as error:
        answers.append(f"AssertionError: {error}")
    table.reset(seed=3)
    choice = random.Random(3)
    for _agent in table.agent_iter():
        observation, _, termination, _, _ = table.last()
        legal = observation["action_mask"].nonzero()[0]
        table.step(None if termination else int(choice.choice(legal)))
    EnvLogger.mqueue.clear()
    table.step(None)  # after the end: a warning, nothing else
    answers += [str(message) for message in EnvLogger.mqueue]
    answers.append(repr((table.agents, table.agent_selection)))
    return answers


def test_env_enforces_the_order_pettingzoos_wrapper_enforces() -> None:
    ours = order_checks(env(players=3))
    assert ours == order_checks(OrderEnforcingWrapper(raw_env(players=3)))
    assert "AssertionError: reset() needs to be called before step." in ours
    assert any("step() called after all agents are terminated" in answer for answer in ours)


def test_observations_are_new_writable_arrays_the_table_never_changes() -> None:
    table = env(players=2, encoding="hle")
    table.reset(seed=5)
    first, *_ = table.last()
    kept = {name: values.copy() for name, values in first.items()}
    for values in first.values():
        assert values.flags.writeable
        values[:] = 1 - values  # the caller's to change
    again, *_ = table.last()
    for name, values in again.items():
        assert np.array_equal(values, kept[name])
        assert not np.shares_memory(values, first[name])
    table.step(int(again["action_mask"].nonzero()[0][0]))
    # the table's next observations never write into arrays it handed out
    assert np.array_equal(first["observation"], 1 - kept["observation"])


@pytest.mark.parametrize("seed", [1.5, np.float64(2.0), "3", True, [1]], ids=repr)
def test_a_seed_that_is_not_a_whole_number_is_refused_and_the_game_goes_on(seed: object) -> None:
    # int() would have read 1.5 as seed 1, "3" as 3 and True as 1: another seed's game
    table = raw_env(players=2)
    table.reset(seed=5)
    before = table.game
    with pytest.raises(ValueError, match="a seed is a whole number"):
        table.reset(seed=seed)  # type: ignore[arg-type]
    assert table.game is before and table.game_seed == 5
    table.reset()
    assert table.game_seed == 6
    table.reset(seed=np.int64(9))  # type: ignore[arg-type]
    assert table.game_seed == 9 and table.game is not None and type(table.game.seed) is int


@pytest.mark.parametrize("reward", ["-1", True, float("nan"), float("-inf"), None], ids=repr)
def test_an_illegal_reward_that_is_not_a_finite_number_is_refused(reward: object) -> None:
    with pytest.raises(ValueError, match="illegal_reward is a finite number"):
        raw_env(players=2, illegal_reward=reward)  # type: ignore[arg-type]
    assert raw_env(players=2, illegal_reward=np.int8(-5)).illegal_reward == -5.0
