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

import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from openhanabi.env.batch import BatchEnv
from openhanabi.env.batch.env import FIRST_SEED_BITS, Step, check_seeds
from openhanabi.env.batch.extended import ExtendedObserver
from openhanabi.env.batch.hle import as_values
from openhanabi.env.batch.state import BatchState, Ints
from openhanabi.env.encodings import DTYPE
from openhanabi.env.gym import generator_seed
from openhanabi.rules import Variant


class FinalObservations(BatchEnv):
    """The batch engine, keeping the last seat on turn, and (``observe_final``) the last
    observation, of the games a step ends.

    :meth:`BatchEnv.step` deals every ended game anew, then observes every game. Here, when
    games end, every game is observed *before* the deal instead, which gives the last
    observations of the games that ended along with those of the others; the new games'
    first observations are then written without observing again: before its first action a
    seat sees nothing of a deal but the other hands, so a new game's first observation is the
    first observation of any game with the other hands' cards put in.
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
        self._turns_left = np.zeros(games, np.int64)
        self._before_deal: NDArray[np.int8] | None = None
        # a first observation (its hands written per game), and where the hands go
        self._first = np.zeros(self.observation_size, DTYPE)
        self._hands = self.encoding.segment("hands")
        # the orders the other seats hold when a game starts, by offset from the seat on turn
        players, hand = self.variant.players, self.variant.hand_size
        others = (self.variant.start_seat + np.arange(1, players)) % players
        self._first_orders = others[:, None] * hand + np.arange(hand)

    def reset(
        self, seed: int | Sequence[int] | None = None
    ) -> tuple[NDArray[np.int8], NDArray[np.int8]]:
        observations, masks = super().reset(seed)
        self._first = observations[0].copy()  # every game has just been dealt
        return observations, masks

    def step(self, moves: NDArray[np.integer[Any]] | list[int]) -> Step:
        self.ended = self.ended[:0]
        self._turns_left = self.state.turns_left.copy()  # as a game that ends at once keeps it
        self._stepping = True
        try:
            return super().step(moves)
        finally:
            self._stepping = False
            self._before_deal = None

    def _deal(self, rows: Ints) -> None:
        if self._stepping:
            self.ended = rows.copy()
            state = self.state
            at_once = ended_at_once(state, rows)
            self.final_seats = np.where(at_once, state.last.actor[rows], state.seat[rows])
            if self.observe_final:
                # the deal below starts these games afresh, undoing this
                take_back_the_end_of_turn(state, rows[at_once], self._turns_left)
                self._before_deal = self._observe_every_game()
                final = self._before_deal[rows]
                if isinstance(self._observer, ExtendedObserver):
                    # the extended encoding shows whose turn it is: no one's once it is over
                    turn = self.encoding.segment("turn")
                    final[:, turn.start : turn.stop] = 0
                self.final_observations = final
        super()._deal(rows)

    def _observe(self) -> tuple[NDArray[np.int8], NDArray[np.int8]]:
        observations = self._before_deal
        if observations is None:
            return super()._observe()
        rows = self.ended
        observations[rows] = self._first_observations(rows)
        options = self.options
        pending = None if options is None else options.pending
        self._mask = self.moves.legal(self.state, pending)
        return observations, self._mask.copy()

    def _observe_every_game(self) -> NDArray[np.int8]:
        observer = self._observer
        if isinstance(observer, ExtendedObserver) and self.options is not None:
            return observer.observe(self.state, self.options.tiles)
        return observer.observe(self.state)

    def _first_observations(self, rows: Ints) -> NDArray[np.int8]:
        """The first observations of the games just dealt in ``rows``."""
        state = self.state
        cards = state.card_base[rows, None, None] + self._first_orders
        hands = as_values(self._observer.one_hot[state.deck_flat[cards]], len(rows))
        firsts = np.repeat(self._first[None, :], len(rows), axis=0)
        firsts[:, self._hands.start : self._hands.stop] = hands
        return firsts


def ended_at_once(state: BatchState, rows: Ints) -> NDArray[np.bool_]:
    """Per game of ``rows`` (which ended): whether the rules ended it at once, in the middle
    of the turn: the last storm token turned, or the last firework completed."""
    at_once: NDArray[np.bool_] = (state.storms[rows] >= state.variant.storms) | (
        state.complete[rows] == state.suits
    )
    return at_once


def take_back_the_end_of_turn(state: BatchState, rows: Ints, turns_left: Ints) -> None:
    """Games ``rows``, which the rules ended at once, as the rules leave them (``turns_left``:
    every game's turns left before the step).

    The batch engine ends every turn alike, as it deals an ended game anew anyway; the rules
    end the game at once when the last storm token is turned or the last firework completed:
    the seat that acted stays on turn, its hand draws no replacement and the last round does
    not advance. Other endings come at the end of a turn, as in the batch engine.
    """
    last = state.last
    drew = rows[last.drew[rows]]
    if drew.size:
        seats = state.seat_base[drew] + last.actor[drew]
        held = state.held.reshape(-1)[seats] - 1
        state.hands_by_seat[seats, held] = state.orders  # the sentinel: an empty slot
        state.held.reshape(-1)[seats] = held
        state.drawn[drew] -= 1
    last.drew[rows] = False
    state.turns_left[rows] = turns_left[rows]
    state.seat[rows] = last.actor[rows]


class SelfPlayVectorEnv(VectorEnv[NDArray[np.int8], NDArray[np.int64], NDArray[Any]]):
    """``num_envs`` self-play games on the batch engine (see the module's documentation).

    ``variant`` is a preset's name or a :class:`~openhanabi.rules.Variant`, ``encoding``
    ``"extended"`` (the default, every variant) or ``"hle"``, and ``options`` any variant
    option (``players=4``, ``bonus_tiles=True`` ...), as for ``SelfPlayEnv``.

    ``final_observations=False`` leaves ``final_obs`` out of the infos and saves writing them
    (about a tenth of a step's time with random play, where games are short). Nothing
    truncates, so a learner that bootstraps only from truncated games never reads them
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
        if not isinstance(final_observations, bool | np.bool_):  # "no" would switch them on
            raise ValueError(f"final_observations is True or False, not {final_observations!r}")
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
        else:
            seeds = check_seeds(seed, self.num_envs)  # refused before anything changes
            if isinstance(seed, int | np.integer):
                first = seeds[0]
                super().reset(seed=generator_seed(first))
            else:
                first = seeds
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
