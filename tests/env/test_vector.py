"""The Gymnasium vector environment: ``N`` single self-play environments, on the batch engine.

The main promise: :class:`SelfPlayVectorEnv` with ``N`` games gives, step after step, what ``N``
:class:`SelfPlayEnv` give for the same seeds and moves: observations, action masks, seats,
rewards and terminations, and for a game that ends, its last observation and info in
Gymnasium's same-step entries (``final_obs``, ``final_info``), its row then holding the first
observation of the game dealt from the next unused seed. Moves come from a seeded generator:
half the games choose uniformly among the legal moves (short games that end in a strikeout), the
other half mostly play cards that fit (long games that reach the last round).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

import openhanabi.env
from openhanabi.env import SelfPlayEnv, SelfPlayVectorEnv
from openhanabi.env.batch import IllegalMoveError
from openhanabi.rules import ActionType, Game, Variant

from .support import VARIANTS

# (variant, options): the hle encoding's game for every player count, and the extended
# encoding over every suit kind and every option of the rules
SETTINGS: list[tuple[str, dict[str, Any]]] = [
    ("base", {"encoding": "hle", "players": 2}),
    ("base", {"encoding": "hle", "players": 3}),
    ("base", {"encoding": "hle", "players": 4}),
    ("base", {"encoding": "hle", "players": 5, "clue_tokens": 4, "storms": 1}),
    ("base", {"players": 2}),
    ("rainbow", {"players": 3, "start_seat": 1}),
    ("black-powder", {"players": 4, "hand_size": 3}),
    ("multicolor-5", {"players": 5, "empty_clues": False}),
    ("rainbow", {"players": 3, "declared_play": True}),
    ("black-powder-rainbow", {"players": 3, "bonus_tiles": True}),
    ("base", {"players": 2, "all_or_nothing": True}),
    ("base", {"players": 4, "hanab_live_ending": True}),
]


def choose(game: Game, legal: dict[int, Any], careful: bool, rng: np.random.Generator) -> int:
    """A legal move number: uniformly, or (``careful``) mostly one that plays a card that fits
    and rarely a misplay (it reads the referee's cards, which only tests may do)."""
    moves = sorted(legal)
    if careful:
        plays = [m for m in moves if legal[m].type is ActionType.PLAY]
        fits = [
            m
            for m in plays
            if game.is_playable(legal[m].target)
            and legal[m].declare in (None, game.card(legal[m].target).suit)
        ]
        if fits and rng.random() < 0.6:
            return int(rng.choice(fits))
        safe = [m for m in moves if m not in plays]
        if safe and rng.random() < 0.97:
            return int(rng.choice(safe))
    return int(rng.choice(moves))


def skilled(game: Game, legal: dict[int, Any], rng: np.random.Generator) -> int:
    """A legal move number that a player who sees every card makes: a card that fits is
    played, else a clue given, else the discard that costs the fewest points; such games
    often end with every firework complete."""
    moves = sorted(legal)
    for move in moves:
        action = legal[move]
        playable = action.type is ActionType.PLAY and game.is_playable(action.target)
        if playable and action.declare in (None, game.card(action.target).suit):
            return move
    clues = [m for m in moves if legal[m].type in (ActionType.COLOUR_CLUE, ActionType.RANK_CLUE)]
    if clues:
        return int(rng.choice(clues))

    def reachable_after(move: int) -> int:
        trial = game.copy()
        trial.apply(legal[move])
        return trial.max_reachable()

    return max(moves, key=reachable_after)


def moves_of(
    singles: list[SelfPlayEnv], rng: np.random.Generator, skill: bool = False
) -> NDArray[np.int64]:
    moves = np.zeros(len(singles), np.int64)
    for i, single in enumerate(singles):
        game = single.table.game
        assert game is not None
        legal = single.encoding.moves.legal(game.view(game.seat))
        if skill:
            moves[i] = skilled(game, legal, rng)
        else:
            moves[i] = choose(game, legal, careful=i % 2 == 1, rng=rng)
    return moves


def assert_same_as_single_games(
    variant: str | Variant,
    options: dict[str, Any],
    games: int,
    steps: int,
    seed: int,
    skill: bool = False,
) -> Counter[str]:
    """Steps the vector environment and ``games`` single ones side by side and asserts that
    they agree at every step; returns how the games ended. Moves are random, half careful,
    or (``skill``) :func:`skilled`."""
    vector = SelfPlayVectorEnv(games, variant, **options)
    singles = [SelfPlayEnv(variant, **options) for _ in range(games)]
    observations, infos = vector.reset(seed=seed)
    expected = [single.reset(seed=seed + i) for i, single in enumerate(singles)]
    next_seed = seed + games
    rng = np.random.default_rng(seed)
    endings: Counter[str] = Counter()
    for step in range(steps):
        for i, (observation, info) in enumerate(expected):
            where = f"{vector.variant.describe()}, game {i}, step {step}"
            assert np.array_equal(observations[i], observation), f"{where}: observations differ"
            assert np.array_equal(infos["action_mask"][i], info["action_mask"]), where
            assert infos["seat"][i] == info["seat"], where
        assert vector.game_seeds.tolist() == [single.table.game_seed for single in singles]
        moves = moves_of(singles, rng, skill)
        observations, rewards, terminations, truncations, infos = vector.step(moves)
        assert not truncations.any()
        ended = infos.get("_final_obs", np.zeros(games, np.bool_))
        for i, single in enumerate(singles):
            where = f"{vector.variant.describe()}, game {i}, step {step}"
            observation, reward, terminated, _, info = single.step(int(moves[i]))
            assert (float(rewards[i]), bool(terminations[i])) == (reward, terminated), where
            assert bool(ended[i]) == terminated, where
            if terminated:
                assert np.array_equal(infos["final_obs"][i], observation), where
                final_info = infos["final_info"]
                assert final_info["_seat"][i] and final_info["seat"][i] == info["seat"], where
                assert np.array_equal(final_info["action_mask"][i], info["action_mask"]), where
                outcome = single.table.game.outcome if single.table.game else None
                assert outcome is not None
                endings[outcome.termination.value] += 1
                expected[i] = single.reset(seed=next_seed)
                next_seed += 1
            else:
                assert infos.get("final_obs", [None] * games)[i] is None, where
                expected[i] = (observation, info)
    return endings


@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=lambda x: str(x))
def test_vector_env_equals_single_environments(variant: str, options: dict[str, Any]) -> None:
    endings = assert_same_as_single_games(variant, options, games=12, steps=220, seed=300)
    # many games ended, in a strikeout and in other ways
    print(f"{variant}, {options}: {dict(endings)}")
    assert endings["strikeout"] >= 12
    assert sum(endings.values()) - endings["strikeout"] >= 2, endings


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("base", {"encoding": "hle", "players": 2}),
        ("rainbow", {"players": 3}),
        ("black-powder", {"players": 4, "bonus_tiles": True}),
    ],
)
def test_games_that_end_perfect_end_as_the_rules_end_them(
    variant: str, options: dict[str, Any]
) -> None:
    """The last firework completed ends the game at once (no card drawn, the seat that played
    stays on turn), unlike the end of an ordinary turn."""
    endings = assert_same_as_single_games(variant, options, games=6, steps=200, seed=9, skill=True)
    print(dict(endings))
    assert endings["perfect"] >= 3, endings


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setting=st.sampled_from([*SETTINGS, *((variant, {}) for variant in VARIANTS)]),
    games=st.integers(1, 7),
    seed=st.integers(0, 2**40),
)
def test_any_setting_and_batch_size_equals_single_environments(
    setting: tuple[str | Variant, dict[str, Any]], games: int, seed: int
) -> None:
    variant, options = setting
    assert_same_as_single_games(variant, options, games=games, steps=40, seed=seed)


def random_moves(masks: NDArray[np.int8], rng: np.random.Generator) -> NDArray[np.int64]:
    return np.asarray((rng.random(masks.shape) * masks).argmax(axis=1), np.int64)


def play(vector: SelfPlayVectorEnv, seed: int | list[int] | None, steps: int) -> list[Any]:
    """Everything the environment returns over ``steps`` random steps after ``reset(seed)``."""
    observations, infos = vector.reset(seed=seed)
    rng = np.random.default_rng(0)
    seen: list[Any] = [observations, infos["action_mask"], vector.game_seeds]
    for _ in range(steps):
        step = vector.step(random_moves(infos["action_mask"], rng))
        infos = step[4]
        seen += [*step[:4], infos["action_mask"], infos["seat"], vector.game_seeds]
    return seen


def test_a_seed_replays_the_same_games() -> None:
    first = play(SelfPlayVectorEnv(6, players=3), seed=11, steps=60)
    again = play(SelfPlayVectorEnv(6, players=3), seed=11, steps=60)
    other = play(SelfPlayVectorEnv(6, players=3), seed=12, steps=60)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_reset_without_a_seed_goes_on_with_the_next_unused_seeds() -> None:
    vector = SelfPlayVectorEnv(4, players=2)
    vector.reset(seed=100)
    _, infos = vector.reset()
    assert vector.game_seeds.tolist() == [104, 105, 106, 107]
    rng = np.random.default_rng(1)
    ended = 0
    while ended == 0:
        *_, terminations, _, infos = vector.step(random_moves(infos["action_mask"], rng))
        ended = int(terminations.sum())
    vector.reset()
    assert vector.game_seeds.tolist() == [108 + ended + i for i in range(4)]


def test_reset_takes_one_seed_per_game() -> None:
    vector = SelfPlayVectorEnv(3, "rainbow", players=4)
    observations, infos = vector.reset(seed=[7, 70, 700])
    for i, seed in enumerate([7, 70, 700]):
        observation, info = SelfPlayEnv("rainbow", players=4).reset(seed=seed)
        assert np.array_equal(observations[i], observation)
        assert np.array_equal(infos["action_mask"][i], info["action_mask"])
    with pytest.raises(ValueError, match="expected 3 seeds"):
        vector.reset(seed=[1, 2])


@pytest.mark.parametrize("seed", [-6, np.int64(-6)], ids=repr)
def test_a_negative_first_seed_deals_as_one_seed_per_game_does(seed: int) -> None:
    """Seeds are whole numbers of either sign, as in the batch engine and the single
    environment; Gymnasium's generator, which takes only seeds from 0 up, is still seeded."""
    vector = SelfPlayVectorEnv(3, players=2)
    observations, _ = vector.reset(seed=seed)
    assert vector.game_seeds.tolist() == [-6, -5, -4]
    expected, _ = SelfPlayVectorEnv(3, players=2).reset(seed=[-6, -5, -4])
    assert np.array_equal(observations, expected)
    drawn = vector.np_random.integers(1 << 62)
    vector.reset(seed=seed)
    assert vector.np_random.integers(1 << 62) == drawn


def test_an_illegal_move_is_refused_by_game_and_move_and_changes_nothing() -> None:
    vector = SelfPlayVectorEnv(4, players=2, encoding="hle")
    _, infos = vector.reset(seed=5)
    masks = infos["action_mask"]
    moves = masks.argmax(axis=1)
    bad = moves.copy()
    bad[2] = int(np.flatnonzero(masks[2] == 0)[0])
    with pytest.raises(IllegalMoveError, match=rf"^game 2: move {bad[2]} \(.*\) is not legal"):
        vector.step(bad)
    with pytest.raises(IllegalMoveError, match=r"game 0: move 20 is outside"):
        vector.step(np.full(4, 20))
    with pytest.raises(ValueError, match="expected 4 move numbers"):
        vector.step(moves[:3])
    with pytest.raises(ValueError, match="integer move numbers"):
        vector.step(moves.astype(np.float64))
    after = vector.step(moves)
    twin = SelfPlayVectorEnv(4, players=2, encoding="hle")
    twin.reset(seed=5)
    expected = twin.step(moves)
    assert np.array_equal(after[0], expected[0])  # observations
    assert np.array_equal(after[1], expected[1])  # rewards
    assert np.array_equal(after[2], expected[2])  # terminations
    assert np.array_equal(after[4]["action_mask"], expected[4]["action_mask"])
    assert vector.game_seeds.tolist() == twin.game_seeds.tolist()


def test_without_final_observations_only_final_obs_is_left_out() -> None:
    full = play(SelfPlayVectorEnv(5, players=3), seed=2, steps=50)
    lean_env = SelfPlayVectorEnv(5, players=3, final_observations=False)
    lean = play(lean_env, seed=2, steps=50)
    assert all(np.array_equal(a, b) for a, b in zip(full, lean, strict=True))
    _, infos = lean_env.reset(seed=2)
    rng = np.random.default_rng(0)
    terminations = np.zeros(5, np.bool_)
    while not terminations.any():
        *_, terminations, _, infos = lean_env.step(random_moves(infos["action_mask"], rng))
    assert "final_obs" not in infos and "_final_obs" not in infos
    assert np.array_equal(infos["_final_info"], terminations)


def test_spaces_and_metadata_follow_gymnasiums_vector_api() -> None:
    vector = SelfPlayVectorEnv(5, "rainbow", players=3)
    single = SelfPlayEnv("rainbow", players=3)
    assert vector.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert vector.num_envs == 5
    assert vector.single_observation_space == single.observation_space
    assert vector.single_action_space == single.action_space
    assert vector.observation_space.shape == (5, single.encoding.size)
    assert isinstance(vector.action_space, gymnasium.spaces.MultiDiscrete)
    assert vector.action_space.nvec.tolist() == [single.encoding.moves.size] * 5
    observations, infos = vector.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert vector.observation_space.contains(observations)
        assert np.array_equal(vector.action_masks(), infos["action_mask"].astype(bool))
        moves = random_moves(infos["action_mask"], rng)
        assert vector.action_space.contains(moves)
        observations, *_, infos = vector.step(moves)


def test_infos_are_laid_out_as_gymnasiums_same_step_vector_envs_lay_them_out() -> None:
    """Gymnasium 1.x has no checker for vector environments; its own ``SyncVectorEnv`` in
    same-step mode, over the single environment, is the reference for the entries of
    ``infos``: the same keys, masks, shapes and types."""
    games = 6
    ours = SelfPlayVectorEnv(games, players=2)
    reference = gymnasium.vector.SyncVectorEnv(
        [lambda: SelfPlayEnv(players=2) for _ in range(games)],
        autoreset_mode=AutoresetMode.SAME_STEP,
    )

    def step_until_a_game_ends(vector: Any) -> dict[str, Any]:
        _, infos = vector.reset(seed=0)
        rng = np.random.default_rng(0)
        terminations = np.zeros(games, np.bool_)
        while not terminations.any():
            *_, terminations, _, infos = vector.step(random_moves(infos["action_mask"], rng))
        return dict(infos)

    def layout(infos: dict[str, Any]) -> dict[str, Any]:
        return {
            key: layout(value)
            if isinstance(value, dict)
            else (value.dtype.kind, value.shape[0], value.ndim)
            for key, value in infos.items()
        }

    assert layout(step_until_a_game_ends(ours)) == layout(step_until_a_game_ends(reference))


def test_gymnasiums_episode_statistics_count_whole_games() -> None:
    vector = RecordEpisodeStatistics(SelfPlayVectorEnv(8, players=2))
    singles = [SelfPlayEnv(players=2) for _ in range(8)]
    _, infos = vector.reset(seed=40)
    totals = [0.0] * 8
    lengths = [0] * 8
    for i, single in enumerate(singles):
        single.reset(seed=40 + i)
    rng = np.random.default_rng(3)
    checked = 0
    next_seed = 48
    for _ in range(80):
        moves = random_moves(infos["action_mask"], rng)
        infos = vector.step(moves)[4]
        for i, single in enumerate(singles):
            _, reward, terminated, _, _ = single.step(int(moves[i]))
            totals[i] += float(reward)
            lengths[i] += 1
            if terminated:
                assert infos["episode"]["r"][i] == totals[i]
                assert infos["episode"]["l"][i] == lengths[i]
                checked += 1
                single.reset(seed=next_seed)
                next_seed += 1
                totals[i], lengths[i] = 0.0, 0
    assert checked >= 8


@pytest.mark.parametrize(
    ("env_id", "options"),
    [
        ("openhanabi/Hanabi-HLE-v0", {"players": 4}),
        ("openhanabi/Hanabi-v0", {"variant": "rainbow", "players": 3}),
    ],
)
def test_make_vec_builds_it_from_the_registered_ids(env_id: str, options: dict[str, Any]) -> None:
    assert env_id in openhanabi.env.GYMNASIUM_IDS
    vector = gymnasium.make_vec(
        env_id, num_envs=16, vectorization_mode="vector_entry_point", **options
    )
    inner = vector.unwrapped
    assert isinstance(inner, SelfPlayVectorEnv) and vector.num_envs == 16
    single = gymnasium.make(env_id, **options).unwrapped
    assert isinstance(single, SelfPlayEnv)
    assert inner.variant == single.variant and inner.encoding.name == single.encoding.name
    observations, infos = vector.reset(seed=0)
    observation, info = single.reset(seed=15)
    assert np.array_equal(observations[15], observation)
    assert np.array_equal(infos["action_mask"][15], info["action_mask"])


def test_bad_construction_is_refused_with_one_clear_error() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        SelfPlayVectorEnv(0)
    with pytest.raises(ValueError, match="render mode 'human' is not available"):
        SelfPlayVectorEnv(2, render_mode="human")
    with pytest.raises(openhanabi.env.UnsupportedVariantError):
        SelfPlayVectorEnv(2, "rainbow", encoding="hle")
    with pytest.raises(RuntimeError, match="reset"):
        SelfPlayVectorEnv(2).step(np.zeros(2, np.int64))


@pytest.mark.parametrize("seed", [1.5, "3", True, [1.5, 2.5], ["1", "2"], [True, False]], ids=repr)
def test_seeds_that_are_not_whole_numbers_are_refused_before_anything_changes(
    seed: object,
) -> None:
    vector = SelfPlayVectorEnv(2, players=2, encoding="hle")
    vector.reset(seed=10)
    generator = vector.np_random.bit_generator.state
    with pytest.raises(ValueError, match="whole number"):
        vector.reset(seed=seed)  # type: ignore[arg-type]
    assert vector.game_seeds.tolist() == [10, 11]
    assert vector.np_random.bit_generator.state == generator


@pytest.mark.parametrize("flag", ["no", 0, None], ids=repr)
def test_final_observations_is_true_or_false_and_nothing_else(flag: object) -> None:
    # bool("no") would have kept them on
    with pytest.raises(ValueError, match="final_observations is True or False"):
        SelfPlayVectorEnv(2, final_observations=flag)  # type: ignore[arg-type]
