"""The batch engine plays the rules' options as the scalar engine does: differential tests.

As in ``test_batch.py``, ``N`` games step in :class:`BatchEnv` beside ``N`` scalar games dealt
from the same seeds, and at every step, for every game, the observation, mask, reward and done
flag must be equal. Here the variants have declared play, bonus tiles, play until perfect or
hanab.live's ending rule, alone and together. Half the games choose uniformly among the legal
moves; the other half mostly play cards that fit (declaring their suit half the time, when they
may), answer bonus tiles at random, and avoid misplays, so fireworks are completed and tiles
drawn. Each preset also checks that what it is there for happened: tiles of every kind drawn
and their decisions answered, declarations right and wrong, the options' own endings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.env.batch import BatchEnv, IllegalMoveError
from openhanabi.rules import Action, ActionType, Game, Result

from .test_batch import ScalarTwin

# (options, games stepped together, steps, what must have happened at least once)
PRESETS: list[tuple[dict[str, Any], int, int, tuple[str, ...]]] = [
    (
        {"players": 2, "all_or_nothing": True},
        24,
        260,
        ("a card needed for a perfect game is lost", "strikeout"),
    ),
    (
        {"players": 4, "hanab_live_ending": True, "start_seat": 1},
        24,
        260,
        ("the score cannot rise any more", "no firework can take another card", "last round done"),
    ),
    (
        {"encoding": "extended", "variant": "declared-play", "players": 3},
        24,
        260,
        ("declared right", "declared wrong", "last round done"),
    ),
    (
        {"encoding": "extended", "variant": "bonus-tiles", "players": 2, "empty_clues": False},
        24,
        300,
        ("tile 3", "tile 4", "tile 5", "tile 6", "shuffled back", "played from the discard pile"),
    ),
    (
        {"encoding": "extended", "variant": "bonus-tiles", "players": 3, "clue_tokens": 5},
        24,
        300,
        (
            "tile 1",
            "tile 2",
            "tile 3",
            "tile 4",
            "shuffled back",
            "shuffled back on top",
            "played from the discard pile",
            "a tile's play draws a tile",
            "tile 6 finds no card to play",
        ),
    ),
    (
        {"encoding": "extended", "variant": "black-powder", "players": 4, "bonus_tiles": True},
        20,
        300,
        ("tile 3", "tile 5", "tile 6", "last round done"),
    ),
    (
        {
            "encoding": "extended",
            "variant": "rainbow",
            "players": 5,
            "declared_play": True,
            "hanab_live_ending": True,
        },
        20,
        260,
        ("declared right", "the score cannot rise any more", "no firework can take another card"),
    ),
    (
        {
            "encoding": "extended",
            "variant": "play-until-perfect",
            "players": 2,
            "bonus_tiles": True,
        },
        20,
        320,
        ("a card needed for a perfect game is lost", "tile 5", "tile 6", "perfect"),
    ),
    (
        {
            "encoding": "extended",
            "variant": "black-powder-rainbow",
            "players": 3,
            "bonus_tiles": True,
            "declared_play": True,
            "all_or_nothing": True,
            "empty_clues": False,
        },
        20,
        300,
        ("declared right", "tile 6", "all or nothing lost"),
    ),
    (
        {
            "encoding": "extended",
            "variant": "multicolor-5",
            "players": 4,
            "bonus_tiles": True,
            "hanab_live_ending": True,
            "storms": 2,
        },
        20,
        260,
        ("no more progress", "tile 3"),
    ),
    (
        # every card dealt: no draw pile from the start, play on with shrinking hands
        {"encoding": "extended", "players": 2, "hand_size": 25, "all_or_nothing": True},
        12,
        120,
        ("a card needed for a perfect game is lost", "perfect"),
    ),
]


Chooser = Callable[[Game, dict[int, Action], bool, np.random.Generator], int]


def choose(game: Game, legal: dict[int, Action], careful: bool, rng: np.random.Generator) -> int:
    """A move of the seat on turn: see the module's notes."""
    moves = sorted(legal)
    if careful and game.pending is None:
        fits = [
            m
            for m in moves
            if legal[m].type is ActionType.PLAY and game.is_playable(legal[m].target)
        ]
        right = [m for m in fits if legal[m].declare == game.card(legal[m].target).suit]
        plain = [m for m in fits if legal[m].declare is None]
        if (right or plain) and rng.random() < 0.6:
            return int(rng.choice(right if right and rng.random() < 0.5 else plain or right))
        safe = [m for m in moves if legal[m].type is not ActionType.PLAY]
        if safe and rng.random() < 0.97:
            return int(rng.choice(safe))
    return int(rng.choice(moves))


def empties_seat_0(
    game: Game, legal: dict[int, Action], careful: bool, rng: np.random.Generator
) -> int:
    """A move that steers play until perfect to a seat holding no card and the table no clue
    token: seat 0 plays what fits, else discards what the perfect game can spare, and only then
    clues; the others clue first, so the tokens run out."""
    moves = sorted(legal)
    fits = [
        m for m in moves if legal[m].type is ActionType.PLAY and game.is_playable(legal[m].target)
    ]
    spare = [m for m in moves if legal[m].type is ActionType.DISCARD and _spared(game, legal[m])]
    clue_types = (ActionType.COLOUR_CLUE, ActionType.RANK_CLUE)
    clues = [m for m in moves if legal[m].type in clue_types]
    for kind in [fits, spare, clues] if game.seat == 0 else [clues, fits, spare]:
        if kind:
            return int(rng.choice(kind))
    return int(rng.choice(moves))


def _spared(game: Game, discard: Action) -> bool:
    after = game.copy()
    after.apply(discard)
    return after.max_reachable() == game.variant.max_score


def what_happened(game: Game) -> list[str]:
    """Names of what the last action did, for the presets' checks."""
    event = game.events[-1]
    names = [f"tile {tile}" for tile in event.tiles]
    if event.result in (Result.RESHUFFLED, Result.PLAYED_FROM_DISCARD):
        names.append(event.result.value)
    if event.result is Result.PLAYED_FROM_DISCARD and event.tiles:
        names.append("a tile's play draws a tile")
    if event.result is Result.RESHUFFLED and event.action.value == 0:
        names.append("shuffled back on top")  # and drawn at once, to end the turn
    if 6 in event.tiles and game.pending is None and game.outcome is None:
        names.append("tile 6 finds no card to play")
    if event.result is Result.DECLARED_WRONG:
        names.append("declared wrong")
    if event.result is Result.PLAYED and event.action.declare is not None:
        names.append("declared right")
    if game.outcome is not None:
        names.append(game.outcome.termination.value)
        detail = game.outcome.detail
        names.append("no legal action" if detail.endswith("has no legal action") else detail)
    return names


def play_beside(
    batch: BatchEnv, seed: int, steps: int, rng: np.random.Generator, chooser: Chooser = choose
) -> tuple[Counter[str], int]:
    """Steps ``batch`` beside its scalar twin, checking every value; (what happened, games)."""
    observations, masks = batch.reset(seed=seed)
    twin = ScalarTwin(batch)
    games = batch.games
    seen: Counter[str] = Counter()
    finished = 0
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
            moves[i] = chooser(twin.games[i], legal, i % 2 == 1, rng)
            actions.append(legal[int(moves[i])])
        observations, masks, rewards, dones = batch.step(moves)
        for i in range(games):
            reward, done = twin.step(i, actions[i])
            assert (float(rewards[i]), bool(dones[i])) == (reward, done), f"game {i}, step {step}"
            seen.update(what_happened(twin.games[i]))
            if done:
                finished += 1
                assert batch.game_seeds[i] > twin.games[i].seed
                twin.games[i] = Game.new(twin.variant, int(batch.game_seeds[i]))
                twin.banked[i] = 0
    return seen, finished


@pytest.mark.parametrize(("options", "games", "steps", "expected"), PRESETS, ids=lambda x: str(x))
def test_batch_engine_plays_the_options_as_the_scalar_engine(
    options: dict[str, Any], games: int, steps: int, expected: tuple[str, ...]
) -> None:
    batch = BatchEnv(games, **options)
    seen, finished = play_beside(batch, 7000 + games + steps, steps, np.random.default_rng(steps))
    print(f"{batch.variant.describe()}: {finished} games, {dict(seen)}")
    assert finished >= games
    missing = [name for name in expected if not seen[name]]
    assert not missing, f"never happened: {missing}"


def test_a_seat_with_no_card_and_no_token_ends_play_until_perfect_as_the_scalar_engine() -> None:
    # every card dealt, one token at most: seat 0's hand empties while the perfect game is
    # still in reach, and on its next turn with no token it has nothing it may do
    batch = BatchEnv(
        12, encoding="extended", players=2, hand_size=12, all_or_nothing=True, clue_tokens=1
    )
    seen, finished = play_beside(batch, 7100, 200, np.random.default_rng(1), empties_seat_0)
    assert finished >= 12
    assert seen["no legal action"] and seen["perfect"], dict(seen)


def test_a_decision_keeps_the_seat_on_turn_and_its_mask_holds_only_the_answers() -> None:
    batch = BatchEnv(16, "bonus-tiles", encoding="extended", players=3)
    _, masks = batch.reset(seed=40)
    twin = ScalarTwin(batch)
    rng = np.random.default_rng(2)
    moves_of = batch.encoding.moves
    answers = 0
    for _ in range(300):
        moves = np.zeros(batch.games, np.int64)
        actions = []
        for i, game in enumerate(twin.games):
            _, _, legal = twin.observe(i)
            if game.pending is not None:
                answers += 1
                kinds = {legal[m].type for m in np.flatnonzero(masks[i])}
                allowed = {
                    3: {ActionType.COLOUR_CLUE},
                    4: {ActionType.RANK_CLUE},
                    5: {ActionType.CHOOSE},
                    6: {ActionType.CHOOSE},
                }[game.pending.value]
                assert kinds == allowed
                # a turn's move is refused while the decision waits, and changes nothing
                bad = moves_of.play
                assert masks[i, bad] == 0
            moves[i] = choose(game, legal, careful=True, rng=rng)
            actions.append(legal[int(moves[i])])
        seats = batch.state.seat.copy()
        _, masks, _, _ = batch.step(moves)
        for i, game in enumerate(twin.games):
            _, done = twin.step(i, actions[i])
            if done:
                twin.games[i] = Game.new(twin.variant, int(batch.game_seeds[i]))
                twin.banked[i] = 0
            elif game.pending is not None:
                assert batch.state.seat[i] == seats[i]
    assert answers >= 10


def test_an_illegal_move_during_a_decision_raises_and_changes_nothing() -> None:
    batch = BatchEnv(8, "bonus-tiles", encoding="extended", players=2)
    observations, masks = batch.reset(seed=3)
    twin = ScalarTwin(batch)
    rng = np.random.default_rng(5)
    for _ in range(2000):
        waiting = [i for i, game in enumerate(twin.games) if game.pending is not None]
        if waiting:
            break
        moves = np.zeros(batch.games, np.int64)
        actions = []
        for i, game in enumerate(twin.games):
            _, _, legal = twin.observe(i)
            moves[i] = choose(game, legal, careful=True, rng=rng)
            actions.append(legal[int(moves[i])])
        observations, masks, _, _ = batch.step(moves)
        for i in range(batch.games):
            if twin.step(i, actions[i])[1]:
                twin.games[i] = Game.new(twin.variant, int(batch.game_seeds[i]))
                twin.banked[i] = 0
    assert waiting, "no bonus tile asked for a decision"
    game = waiting[0]
    legal_moves = np.array([int(np.flatnonzero(row)[0]) for row in masks])
    bad = legal_moves.copy()
    bad[game] = batch.encoding.moves.play  # play slot 0: not an answer to the tile
    state = batch.state
    before = [a.copy() for a in (state.hands, state.deck, state.seat, state.clue_tokens)]
    with pytest.raises(IllegalMoveError, match=f"game {game}: move .* is not legal"):
        batch.step(bad)
    after = (state.hands, state.deck, state.seat, state.clue_tokens)
    assert all(np.array_equal(x, y) for x, y in zip(before, after, strict=True))
    # the decision still waits, and its answer is taken
    _, _, _, _ = batch.step(legal_moves)
    assert observations.shape == (batch.games, batch.observation_size)


def test_bonus_tiles_are_dealt_from_each_seed_and_finished_games_take_the_next() -> None:
    batch = BatchEnv(3, "bonus-tiles", encoding="extended", players=2)
    batch.reset([12, 5, 30])
    options = batch.options
    assert options is not None and options.tiles is not None
    for i, seed in enumerate((12, 5, 30)):
        assert options.tiles.stack[i].tolist() == list(Game.new(batch.variant, seed).bonus_tiles)
    rng = np.random.default_rng(0)
    _, masks = batch.reset(seed=100)
    seen = set(batch.game_seeds.tolist())
    for _ in range(400):
        moves = (rng.random(masks.shape) * masks).argmax(axis=1)
        _, masks, _, dones = batch.step(moves)
        for i in np.flatnonzero(dones):
            seed = int(batch.game_seeds[i])
            assert seed not in seen
            seen.add(seed)
            assert options.tiles.stack[i].tolist() == list(
                Game.new(batch.variant, seed).bonus_tiles
            )
    assert sorted(seen) == list(range(100, 100 + len(seen)))


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(-(2**62), 2**62 - 1000),
    players=st.integers(2, 5),
    declared=st.booleans(),
    tiles=st.booleans(),
    until_perfect=st.booleans(),
    live=st.booleans(),
    empty_clues=st.booleans(),
)
def test_any_mix_of_options_plays_as_the_scalar_engine(
    seed: int,
    players: int,
    declared: bool,
    tiles: bool,
    until_perfect: bool,
    live: bool,
    empty_clues: bool,
) -> None:
    batch = BatchEnv(
        4,
        "rainbow",
        encoding="extended",
        players=players,
        declared_play=declared,
        bonus_tiles=tiles,
        all_or_nothing=until_perfect,
        hanab_live_ending=live,
        empty_clues=empty_clues,
    )
    play_beside(batch, seed, 40, np.random.default_rng(seed % 1000))
