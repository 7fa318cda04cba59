"""The batch engine plays the scalar engine's games: differential tests, game by game.

Each test steps ``N`` games in :class:`BatchEnv` and, beside it, ``N`` scalar games
(:class:`~openhanabi.rules.Game` dealt from the same seeds, encoded by the scalar encoder and
numbered by :class:`~openhanabi.env.moves.MoveNumbering`). At every step, for every game, the
observation, the legal-move mask, the reward and the done flag must be equal. Moves come from a
seeded generator: half the games choose uniformly among the legal moves (short games that end in
a strikeout), the other half mostly play cards that fit and avoid misplays (long games that empty
the draw pile, play the last round with short hands, and complete fireworks).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

from openhanabi.env.batch import BatchEnv, IllegalMoveError
from openhanabi.env.encodings import UnsupportedVariantError
from openhanabi.rules import ActionType, Game, Termination, Variant

LOST = (Termination.STRIKEOUT, Termination.ALL_OR_NOTHING_LOST)

# (options, games stepped together, steps): the hle encoding's game with several counts, and
# presets of every suit kind in the extended encoding, empty clues on and off
PRESETS: list[tuple[dict[str, Any], int, int]] = [
    ({"players": 2}, 48, 320),
    ({"players": 3}, 40, 300),
    ({"players": 4}, 40, 300),
    ({"players": 5}, 32, 300),
    ({"players": 3, "hand_size": 3, "clue_tokens": 4, "storms": 1}, 24, 250),
    ({"players": 4, "clue_tokens": 10, "storms": 5, "start_seat": 2}, 24, 320),
    ({"encoding": "extended", "players": 2}, 24, 250),
    ({"encoding": "extended", "variant": "rainbow", "players": 3}, 24, 250),
    ({"encoding": "extended", "variant": "black-powder", "players": 4}, 24, 250),
    ({"encoding": "extended", "variant": "multicolor-5", "players": 5, "storms": 2}, 20, 250),
    (
        {"encoding": "extended", "variant": "black-powder-rainbow", "players": 3},
        20,
        250,
    ),
    (
        {"encoding": "extended", "variant": "rainbow-5", "players": 2, "empty_clues": False},
        20,
        250,
    ),
]


class ScalarTwin:
    """The scalar engine's side: one game per batch slot, seeded alike, with its observation,
    mask and team total as the PettingZoo environment computes them."""

    def __init__(self, batch: BatchEnv) -> None:
        self.variant: Variant = batch.variant
        self.encoding = batch.encoding
        self.games = [Game.new(self.variant, int(seed)) for seed in batch.game_seeds]
        self.banked = [0] * len(self.games)
        self.start_score = self.games[0].score  # every deal of a variant starts alike

    def observe(self, index: int) -> tuple[NDArray[np.int8], NDArray[np.int8], dict[int, Any]]:
        game = self.games[index]
        view = game.view(game.seat)
        legal = self.encoding.moves.legal(view)
        return self.encoding.encode(view), self.encoding.moves.mask(legal), legal

    def step(self, index: int, action: Any) -> tuple[float, bool]:
        game = self.games[index]
        game.apply(action)
        outcome = game.outcome
        lost = outcome is not None and outcome.termination in LOST
        total = 0 if lost else game.score - self.start_score
        reward, self.banked[index] = total - self.banked[index], total
        return float(reward), game.over


def choose(game: Game, legal: dict[int, Any], careful: bool, rng: np.random.Generator) -> int:
    moves = sorted(legal)
    if careful:
        plays = [m for m in moves if legal[m].type is ActionType.PLAY]
        fits = [m for m in plays if game.is_playable(legal[m].target)]
        if fits and rng.random() < 0.6:
            return int(rng.choice(fits))
        safe = [m for m in moves if m not in plays]
        if safe and rng.random() < 0.97:
            return int(rng.choice(safe))
    return int(rng.choice(moves))


@pytest.mark.parametrize(("options", "games", "steps"), PRESETS, ids=lambda x: str(x))
def test_batch_engine_equals_scalar_engine(options: dict[str, Any], games: int, steps: int) -> None:
    batch = BatchEnv(games, **options)
    observations, masks = batch.reset(seed=1000 * options["players"] + games + steps)
    twin = ScalarTwin(batch)
    rng = np.random.default_rng(games)
    endings: Counter[str] = Counter()
    for step in range(steps):
        moves = np.zeros(games, np.int64)
        actions = []
        for i in range(games):
            observation, mask, legal = twin.observe(i)
            where = f"{batch.variant.describe()}, seed {batch.game_seeds[i]}, step {step}"
            assert np.array_equal(masks[i], mask), f"{where}: masks differ"
            if not np.array_equal(observations[i], observation):
                for segment in batch.encoding.segments:
                    part = slice(segment.start, segment.stop)
                    assert observations[i, part].tolist() == observation[part].tolist(), (
                        f"{where}: segment {segment.name} differs"
                    )
            moves[i] = choose(twin.games[i], legal, careful=i % 2 == 1, rng=rng)
            actions.append(legal[int(moves[i])])
        observations, masks, rewards, dones = batch.step(moves)
        for i in range(games):
            reward, done = twin.step(i, actions[i])
            assert (float(rewards[i]), bool(dones[i])) == (reward, done), f"game {i}, step {step}"
            if done:
                outcome = twin.games[i].outcome
                assert outcome is not None
                endings[outcome.termination.value] += 1
                assert batch.game_seeds[i] > twin.games[i].seed
                twin.games[i] = Game.new(twin.variant, int(batch.game_seeds[i]))
                twin.banked[i] = 0
    # both kinds of ending were reached, in numbers
    print(f"{batch.variant.describe()}: {sum(endings.values())} games, {dict(endings)}")
    assert endings["strikeout"] >= games // 2
    assert endings["last round done"] >= games // 4


def test_finished_games_take_the_next_seeds_in_order() -> None:
    batch = BatchEnv(4, players=2)
    batch.reset(seed=10)
    assert batch.game_seeds.tolist() == [10, 11, 12, 13]
    seen = set(batch.game_seeds.tolist())
    rng = np.random.default_rng(0)
    _, masks = batch.reset(seed=10)
    for _ in range(200):
        moves = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        _, masks, _, dones = batch.step(moves)
        new = batch.game_seeds[dones].tolist()
        assert new == sorted(new) and not seen & set(new)
        seen |= set(new)
    assert sorted(seen) == list(range(10, 10 + len(seen)))


def test_a_reset_without_a_seed_deals_games_not_dealt_before() -> None:
    """As a bare reset() of the other environments: an evaluation that resets every round
    meets new deals, and a seed given deals those games again."""
    batch = BatchEnv(4, players=2)
    _, masks = batch.reset()
    first = int(batch.game_seeds[0])
    assert batch.game_seeds.tolist() == list(range(first, first + 4))
    # from a random first seed, as the other environments: unseeded workers deal apart
    other = BatchEnv(4, players=2)
    other.reset()
    assert int(other.game_seeds[0]) != first
    rng = np.random.default_rng(1)
    dealt = set(batch.game_seeds.tolist())
    for _ in range(60):
        _, masks, _, _ = batch.step((rng.random(masks.shape) * masks).argmax(axis=1))
        dealt |= set(batch.game_seeds.tolist())
    batch.reset()
    again = batch.game_seeds.tolist()
    assert again == list(range(max(dealt) + 1, max(dealt) + 5))
    batch.reset()
    assert batch.game_seeds.tolist() == [seed + 4 for seed in again]
    batch.reset(seed=0)
    assert batch.game_seeds.tolist() == [0, 1, 2, 3]


def test_reset_with_one_seed_per_game_deals_those_games() -> None:
    batch = BatchEnv(3, "rainbow", encoding="extended", players=3)
    observations, masks = batch.reset([9, 2, 40])
    assert batch.game_seeds.tolist() == [9, 2, 40]
    for i, seed in enumerate((9, 2, 40)):
        game = Game.new(batch.variant, seed)
        view = game.view(game.seat)
        assert np.array_equal(observations[i], batch.encoding.encode(view))
        assert np.array_equal(masks[i], batch.encoding.moves.mask(batch.encoding.moves.legal(view)))
    with pytest.raises(ValueError, match="3 seeds"):
        batch.reset([1, 2])
    with pytest.raises(
        ValueError, match="between -2\\*\\*62 and 2\\*\\*62, not 4611686018427387905"
    ):
        batch.reset([1, 2**62 + 1, 3])
    rng = np.random.default_rng(3)
    while not batch.game_seeds.max() > 40:
        moves = (rng.random(masks.shape) * masks).argmax(axis=1)
        _, masks, _, _ = batch.step(moves)
    assert 41 in batch.game_seeds.tolist()


def test_same_seed_same_trajectory() -> None:
    runs = []
    for _ in range(2):
        batch = BatchEnv(8, players=3)
        observations, masks = batch.reset(seed=5)
        rng = np.random.default_rng(1)
        trail = [observations.copy()]
        for _ in range(60):
            moves = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
            observations, masks, _, _ = batch.step(moves)
            trail.append(observations.copy())
        runs.append(np.stack(trail))
    assert np.array_equal(runs[0], runs[1])


def test_illegal_move_raises_and_changes_nothing() -> None:
    batch = BatchEnv(3, players=2)
    _, masks = batch.reset(seed=0)
    moves = masks.argmax(axis=1)
    bad = moves.copy()
    bad[1] = int(np.flatnonzero(masks[1] == 0)[0])
    with pytest.raises(IllegalMoveError, match="game 1"):
        batch.step(bad)
    with pytest.raises(IllegalMoveError, match="outside"):
        batch.step(np.full(3, batch.move_count))
    again, _, _, _ = batch.step(moves)
    other = BatchEnv(3, players=2)
    other.reset(seed=0)
    expected, _, _, _ = other.step(moves)
    assert np.array_equal(again, expected)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("rainbow", {}),
        ("base", {"empty_clues": True}),
        ("base", {"declared_play": True}),
        ("base", {"bonus_tiles": True}),
    ],
)
def test_the_hle_encoding_refuses_what_hle_cannot_express(
    variant: str, options: dict[str, Any]
) -> None:
    with pytest.raises(UnsupportedVariantError):
        BatchEnv(2, variant, **options)


@pytest.mark.parametrize("games", [2.0, "2", True, None], ids=repr)
def test_a_batch_size_that_is_not_a_whole_number_is_refused(games: object) -> None:
    with pytest.raises(ValueError, match="a batch's size is a whole number of games"):
        BatchEnv(games, players=2)  # type: ignore[arg-type]
    assert BatchEnv(np.int64(2), players=2).games == 2  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "moves",
    [[1.0, 2.0], np.array([True, False]), ["5", "5"], np.zeros(2, np.float32)],
    ids=repr,
)
def test_moves_that_are_not_integers_are_refused_and_change_nothing(moves: object) -> None:
    # float moves would be truncated and bools read as moves 0 and 1
    batch = BatchEnv(2, players=2)
    before, _ = batch.reset(seed=0)
    with pytest.raises(ValueError, match="integer move numbers"):
        batch.step(moves)  # type: ignore[arg-type]
    assert np.array_equal(batch._observe()[0], before)
    assert batch.game_seeds.tolist() == [0, 1]


@pytest.mark.parametrize(
    ("seed", "words"),
    [
        (1.5, "whole number or one per game, not 1.5"),
        ("3", "whole number or one per game, not '3'"),  # not read as one seed per letter
        (True, "whole number or one per game, not True"),
        ([1.5, 2.5], "a seed is a whole number, not 1.5"),
        (["1", "2"], "a seed is a whole number, not '1'"),
        ([True, False], "a seed is a whole number, not True"),
    ],
)
def test_seeds_that_are_not_whole_numbers_are_refused_and_change_nothing(
    seed: object, words: str
) -> None:
    batch = BatchEnv(2, players=2)
    batch.reset(seed=[7, 3])
    with pytest.raises(ValueError, match=re.escape(words)):
        batch.reset(seed)  # type: ignore[arg-type]
    assert batch.game_seeds.tolist() == [7, 3]
    batch.reset([np.int64(4), 5])  # type: ignore[list-item]
    assert batch.game_seeds.tolist() == [4, 5]
