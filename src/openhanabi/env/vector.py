"""A Gymnasium vector environment on the batch engine: ``N`` self-play games stepped together.

:class:`SelfPlayVectorEnv` is :class:`~openhanabi.env.gym.SelfPlayEnv` for ``N`` games at once,
with Gymnasium's vector API (``gymnasium.vector.VectorEnv``), stepped by the NumPy batch engine
(:class:`~openhanabi.env.batch.BatchEnv`) instead of ``N`` scalar games: one policy acts for
whichever seat is on turn in each game, ``actions`` holds one move number per game, and the
observations (``[N, size]`` int8), rewards, terminations and the ``info`` entries
``action_mask`` (``[N, moves]`` int8) and ``seat`` are those the ``N`` single environments give
for the same deals and moves (``tests/env/test_vector.py`` checks it step by step).

Autoreset is *same-step* (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): the
batch engine steps every game every time, so a game that ends is dealt anew within the step that
ended it, and its row of the observations is already the new game's first. As Gymnasium's
same-step vector environments do, ``info["final_obs"]`` (an object array, ``None`` for the games
that go on) holds the last observation of each game that ended, with ``info["_final_obs"]``
marking them, and ``info["final_info"]`` their last ``action_mask`` (all 0: the game is over)
and ``seat``: the state the rules leave the game in (a game that ends in the middle of a turn,
by the last storm token or the last firework, draws no replacement and keeps the seat that
acted). Nothing truncates. ``final_observations=False`` leaves ``final_obs`` out, for speed.

Seeds: ``reset(seed=s)`` deals game ``i`` from seed ``s + i`` (``Game.new(variant, s + i)``, as
``SelfPlayEnv.reset(seed=s + i)`` does); every game that ends is dealt again from the next
unused seed, ``s + N``, ``s + N + 1`` ... in the order of the games; ``reset()`` without a seed
goes on with the next unused seed (a random first seed if none was ever given), and ``seed`` may
also be one seed per game. :attr:`SelfPlayVectorEnv.game_seeds` holds the seed of every game
being played.

A move that is not legal in its game raises :class:`~openhanabi.env.batch.IllegalMoveError`
naming the game and the move, and changes nothing (the single environment instead ends the
episode with a penalty: a batch cannot end one game for it without the others noticing).

>>> import gymnasium
>>> import openhanabi.env
>>> tables = gymnasium.make_vec(
...     "openhanabi/Hanabi-HLE-v0", num_envs=8, vectorization_mode="vector_entry_point", players=2
... )
>>> observations, infos = tables.reset(seed=0)
>>> observations.shape, infos["action_mask"].shape, infos["seat"].tolist()[:3]
((8, 658), (8, 20), [0, 0, 0])
>>> moves = infos["action_mask"].argmax(axis=1)  # the first legal move of every game
>>> observations, rewards, terminations, truncations, infos = tables.step(moves)
>>> rewards.shape, terminations.dtype, infos["seat"].tolist()[:3]
((8,), dtype('bool'), [1, 1, 1])
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from openhanabi.env.batch import BatchEnv
from openhanabi.env.batch.env import Step
from openhanabi.env.batch.extended import ExtendedObserver
from openhanabi.env.batch.state import BatchState, Ints, LastAction
from openhanabi.env.batch.tiles import BonusTiles
from openhanabi.env.encodings import DTYPE
from openhanabi.rules import Variant

# The arrays of a BatchState with one row per game that a copy of some games takes: those the
# observers read row by row, and those the rules' end of a game changes. The deck and the
# cards' knowledge are read through flat views at each game's ``card_base``, which the copy
# keeps, so they are not copied.
PER_GAME = (
    "hands",
    "held",
    "drawn",
    "deck_end",
    "fireworks",
    "clue_tokens",
    "storms",
    "score",
    "complete",
    "turns_left",
    "seat",
    "discards",
)
Table = TypeVar("Table", LastAction, BonusTiles)
FIRST_SEED_BITS = 61  # a random first seed leaves room below the batch engine's 2**62


class FinalObservations(BatchEnv):
    """The batch engine, keeping the last seat on turn, and (``observe_final``) the last
    observation, of the games a step ends.

    :meth:`BatchEnv.step` deals every ended game anew before observing; here the games about
    to be dealt are observed first, alone (a copy of their rows, so that a step pays for the
    games that ended, not for all of them).
    """

    def __init__(
        self, games: int, variant: str | Variant, *, observe_final: bool = True, **options: Any
    ) -> None:
        super().__init__(games, variant, **options)
        self.observe_final = observe_final
        self.ended = np.zeros(0, np.int64)  # the games the last step ended
        self.final_observations = np.zeros((0, self.observation_size), DTYPE)
        self.final_seats = np.zeros(0, np.int64)
        self._stepping = False

    def step(self, moves: NDArray[np.integer[Any]] | list[int]) -> Step:
        self.ended = self.ended[:0]
        self._stepping = True
        try:
            return super().step(moves)
        finally:
            self._stepping = False

    def _deal(self, rows: Ints) -> None:
        if self._stepping:
            self.ended = rows.copy()
            state = self.state
            at_once = ended_at_once(state, rows)
            self.final_seats = np.where(at_once, state.last.actor[rows], state.seat[rows])
            if self.observe_final:
                self.final_observations = self._observe_games(rows)
        super()._deal(rows)

    def _observe_games(self, rows: Ints) -> NDArray[np.int8]:
        """The last observations of games ``rows``, which have just ended."""
        ended = games_of(self.state, rows)
        take_back_the_end_of_turn(ended)
        observer = self._observer
        if not isinstance(observer, ExtendedObserver):
            return observer.observe(ended)
        tiles = None if self.options is None else self.options.tiles
        observations = observer.observe(ended, None if tiles is None else rows_of(tiles, rows))
        # the extended encoding shows whose turn it is, and no one's once the game is over
        turn = self.encoding.segment("turn")
        observations[:, turn.start : turn.stop] = 0
        return observations


def ended_at_once(state: BatchState, rows: Ints) -> NDArray[np.bool_]:
    """Per game of ``rows`` (which ended): whether the rules ended it at once, in the middle
    of the turn: the last storm token turned, or the last firework completed."""
    at_once: NDArray[np.bool_] = (state.storms[rows] >= state.variant.storms) | (
        state.complete[rows] == state.suits
    )
    return at_once


def games_of(state: BatchState, rows: Ints) -> BatchState:
    """A copy of games ``rows`` of ``state``, as a state of their own (see ``PER_GAME``)."""
    part = copy.copy(state)
    n, p, h = len(rows), state.players, state.hand_size
    for name in PER_GAME:
        setattr(part, name, getattr(state, name)[rows])
    part.games = n
    part.rows = np.arange(n)
    part.last = rows_of(state.last, rows)
    part.hands_by_seat = part.hands.reshape(n * p, h + 1)
    part.seat_base = part.rows * p
    part.slot_base = part.rows * (h + 1)
    part.card_base = state.card_base[rows]  # into the whole deck and knowledge
    return part


def rows_of(table: Table, rows: Ints) -> Table:
    """A copy of ``table`` (whose arrays all have one row per game) with games ``rows`` only."""
    part = copy.copy(table)
    for name, value in vars(table).items():
        if isinstance(value, np.ndarray):
            setattr(part, name, value[rows])
    return part


def take_back_the_end_of_turn(state: BatchState) -> None:
    """In the games of ``state`` that ended at once, the state the rules leave them in.

    The batch engine ends every turn alike, as it deals an ended game anew anyway; the rules
    end the game at once when the last storm token is turned or the last firework completed:
    the seat that acted stays on turn, its hand draws no replacement and the last round does
    not advance. Other endings come at the end of a turn, as in the batch engine.
    """
    at_once = np.flatnonzero(ended_at_once(state, state.rows))
    last = state.last
    actor = last.actor[at_once]
    drew = at_once[last.drew[at_once]]
    if drew.size:
        seats = state.seat_base[drew] + last.actor[drew]
        held = state.held.reshape(-1)[seats] - 1
        state.hands_by_seat[seats, held] = state.orders  # the sentinel: an empty slot
        state.held.reshape(-1)[seats] = held
        state.drawn[drew] -= 1
        # the last card drawn starts the last round; before it, the round had not started
        state.turns_left[drew[state.drawn[drew] + 1 == state.deck_end[drew]]] = -1
    undrawn = at_once[~last.drew[at_once]]
    turns_left = state.turns_left[undrawn]
    state.turns_left[undrawn] = np.where(turns_left >= 0, turns_left + 1, turns_left)
    last.drew[at_once] = False
    state.seat[at_once] = actor


class SelfPlayVectorEnv(VectorEnv[NDArray[np.int8], NDArray[np.int64], NDArray[Any]]):
    """``num_envs`` self-play games on the batch engine (see the module's documentation).

    ``variant`` is a preset's name or a :class:`~openhanabi.rules.Variant`, ``encoding``
    ``"extended"`` (the default, every variant) or ``"hle"``, and ``options`` any variant
    option (``players=4``, ``bonus_tiles=True`` ...), as for ``SelfPlayEnv``.

    ``final_observations=False`` leaves ``final_obs`` out of the infos, and saves observing
    the games that end a second time. Nothing truncates, so a learner that bootstraps only
    from truncated games never reads them; with small batches this is the faster choice
    (``benchmarks/vector_speed.py`` measures both).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012 (Gymnasium declares it)

    def __init__(
        self,
        num_envs: int = 1,
        variant: str | Variant = "base",
        *,
        encoding: str = "extended",
        render_mode: str | None = None,
        final_observations: bool = True,
        **options: Any,
    ) -> None:
        if render_mode is not None:
            raise ValueError(
                f"render mode {render_mode!r} is not available: a batch of games has no "
                "rendering (render one game with SelfPlayEnv)"
            )
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer):
            raise ValueError(f"num_envs is a number of games, not {num_envs!r}")
        self.batch = FinalObservations(
            int(num_envs),
            variant,
            encoding=encoding,
            observe_final=bool(final_observations),
            **options,
        )
        self.num_envs = self.batch.games
        self.variant = self.batch.variant
        self.encoding = self.batch.encoding
        self.single_observation_space = spaces.Box(0, 1, (self.encoding.size,), DTYPE)
        self.single_action_space = spaces.Discrete(self.batch.move_count)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._next_seed: int | None = None
        self._masks = np.zeros((self.num_envs, self.batch.move_count), DTYPE)
        self._every_game = np.ones(self.num_envs, np.bool_)

    @property
    def game_seeds(self) -> NDArray[np.int64]:
        """The seed each game was dealt from (``Game.new(variant, seed)``)."""
        return self.batch.game_seeds.copy()

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[NDArray[np.int8], dict[str, Any]]:
        """Deal every game anew: (observations, infos). ``options`` are accepted and ignored."""
        if seed is None:
            first: int | Sequence[int] = (
                secrets.randbits(FIRST_SEED_BITS) if self._next_seed is None else self._next_seed
            )
        elif isinstance(seed, int | np.integer):
            super().reset(seed=int(seed))
            first = int(seed)
        else:
            first = [int(value) for value in seed]
        observations, masks = self.batch.reset(first)
        self._next_seed = int(self.batch.game_seeds.max()) + 1
        return observations, self._infos(masks)

    def step(
        self, actions: NDArray[np.integer[Any]] | Sequence[int]
    ) -> tuple[
        NDArray[np.int8], NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
    ]:
        """Every game's seat on turn takes its move: (observations, rewards, terminations,
        truncations, infos); the games that end are dealt anew at once (see the module)."""
        moves = np.asarray(actions)
        if moves.dtype.kind not in "iu":
            raise ValueError(
                f"actions are integer move numbers, one per game; got {moves.dtype} values"
            )
        batch = self.batch
        observations, masks, rewards, terminations = batch.step(moves)
        infos = self._infos(masks)
        if batch.ended.size:
            self._next_seed = int(batch.game_seeds.max()) + 1
            infos.update(self._final_infos())
        truncations = np.zeros(self.num_envs, np.bool_)
        return observations, rewards, terminations, truncations, infos

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal moves of every game now, ``[N, moves]`` booleans (the method
        masked-action learners look for)."""
        return self._masks.astype(np.bool_)

    def _infos(self, masks: NDArray[np.int8]) -> dict[str, Any]:
        self._masks = masks
        every = self._every_game
        return {
            "action_mask": masks,
            "_action_mask": every.copy(),
            "seat": self.batch.state.seat.copy(),
            "_seat": every.copy(),
        }

    def _final_infos(self) -> dict[str, Any]:
        """The same-step entries of the games that ended, laid out as Gymnasium's vector
        environments lay them out (each key with its ``_key`` mask of the games it holds)."""
        batch = self.batch
        ended = np.zeros(self.num_envs, np.bool_)
        ended[batch.ended] = True
        seats = np.zeros(self.num_envs, np.int64)
        seats[batch.ended] = batch.final_seats
        final_info = {
            "action_mask": np.zeros((self.num_envs, batch.move_count), DTYPE),
            "_action_mask": ended.copy(),
            "seat": seats,
            "_seat": ended.copy(),
        }
        infos = {"final_info": final_info, "_final_info": ended}
        if batch.observe_final:
            final_obs = np.full(self.num_envs, None, dtype=object)
            for game, observation in zip(batch.ended, batch.final_observations, strict=True):
                final_obs[game] = observation
            infos.update(final_obs=final_obs, _final_obs=ended.copy())
        return infos
