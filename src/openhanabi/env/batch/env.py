"""The batch engine: ``N`` games of one variant stepped together from an array of move numbers.

>>> import numpy as np
>>> from openhanabi.env.batch import BatchEnv
>>> games = BatchEnv(64, players=4)
>>> observations, masks = games.reset(seed=0)
>>> observations.shape, masks.shape, observations.dtype
((64, 1041), (64, 38), dtype('int8'))
>>> rng = np.random.default_rng(0)
>>> moves = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
>>> observations, masks, rewards, dones = games.step(moves)
>>> rewards.dtype, dones.dtype, games.game_seeds[:3].tolist()
(dtype('float32'), dtype('bool'), [0, 1, 2])
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from openhanabi.env.aec import make_variant
from openhanabi.env.batch.decks import Deals, deal
from openhanabi.env.batch.extended import ExtendedObserver
from openhanabi.env.batch.hle import HLEObserver
from openhanabi.env.batch.moves import BatchMoves
from openhanabi.env.batch.options import OptionRules
from openhanabi.env.batch.state import BatchState, Ints, has_options
from openhanabi.env.encodings import (
    ExtendedEncoding,
    HLEEncoding,
    UnsupportedVariantError,
    make_encoding,
)
from openhanabi.rules import Variant
from openhanabi.rules.numbers import whole_number

Step = tuple[NDArray[np.int8], NDArray[np.int8], NDArray[np.float32], NDArray[np.bool_]]
DECK_CHUNK = 1024  # seeds shuffled together (at least) when the pool of dealt decks runs out
LARGEST_SEED = 1 << 62  # seeds are kept as int64, and later games take the seeds after them

FIRST_SEED_BITS = 61  # a random first seed leaves room below the seeds' bound of 2**62


def _is_seed(value: object) -> bool:
    return whole_number(value) is not None


def check_seeds(seed: object, games: int) -> list[int]:
    """The seeds of ``seed``, one first seed or one seed per game of ``games``, as ints;
    ``ValueError`` unless each is a whole number between -2**62 and 2**62."""
    if _is_seed(seed):
        seeds = [int(seed)]  # type: ignore[call-overload]
    else:
        if isinstance(seed, str | bytes) or not isinstance(seed, Iterable):
            raise ValueError(f"a seed is a whole number or one per game, not {seed!r}")
        values = list(seed)
        wrong = [value for value in values if not _is_seed(value)]
        if wrong:
            raise ValueError(f"a seed is a whole number, not {wrong[0]!r}")
        seeds = [int(value) for value in values]
        if len(seeds) != games:
            raise ValueError(f"expected {games} seeds, got {len(seeds)}")
    outside = [value for value in seeds if not -LARGEST_SEED <= value <= LARGEST_SEED]
    if outside:
        raise ValueError(f"a seed must be between -2**62 and 2**62, not {outside[0]}")
    return seeds


class IllegalMoveError(ValueError):
    """A move number that is not legal in its game (nothing was changed)."""


class BatchEnv:
    """``N`` games of one variant, always on turn: every game has a seat to act.

    ``reset(seed=s)`` deals game ``i`` from seed ``s + i``; whenever a game ends, :meth:`step`
    deals the next unused seed (``s + N``, ``s + N + 1`` ... in the order of the games) in its
    place at once, so the observation and mask it returns for that game are the new game's first.
    The game dealt from seed ``s`` is ``Game.new(variant, s)``, the scalar engine's.

    Observations are the chosen encoding (``"hle"``, the default, or ``"extended"``) of what the
    seat on turn may see, ``[N, size]`` int8; masks ``[N, moves]`` int8 mark its legal move
    numbers. Rewards are the PettingZoo environment's (the change of ``score - starting
    score``, the whole total taken back when a game is lost), float32. An illegal move raises
    :class:`IllegalMoveError` and changes nothing.

    Variants: any suits (six suits, rainbow, black powder ...), player count, hand size, token
    counts and start seat, empty clues on or off, declared play, bonus tiles, play until perfect
    and hanab.live's ending rule (the ``hle`` encoding needs the five base suits without empty
    clues, declared play or bonus tiles, as HLE's game). While a bonus tile asks for a decision,
    the seat on turn stays on turn and its mask holds only the answers; the move numbers are the
    encoding's (:mod:`openhanabi.env.moves`).
    """

    def __init__(
        self,
        games: int,
        variant: str | Variant = "base",
        *,
        encoding: str = "hle",
        **options: Any,
    ) -> None:
        if not _is_seed(games):  # a whole number, as a seed is
            raise ValueError(f"a batch's size is a whole number of games, not {games!r}")
        if games < 1:
            raise ValueError(f"a batch needs at least one game, not {games}")
        games = int(games)
        self.variant = make_variant(variant, encoding, options)
        self.encoding = make_encoding(encoding, self.variant)
        self.games = games
        moves = self.encoding.moves
        self._observer: HLEObserver | ExtendedObserver
        if isinstance(self.encoding, HLEEncoding):
            self.state = BatchState(
                self.variant,
                games,
                identity_order=self.encoding.identity_order,
                colour_order=moves.colour_order,
            )
            self._observer = HLEObserver(self.encoding)
        elif isinstance(self.encoding, ExtendedEncoding):
            self.state = BatchState(self.variant, games)
            self._observer = ExtendedObserver(self.encoding)
        else:
            raise UnsupportedVariantError(f"the batch engine cannot write the {encoding} encoding")
        self.moves = BatchMoves(moves, self.state.rules)
        self.options = OptionRules(self.state) if has_options(self.variant) else None
        self.game_seeds = np.zeros(games, np.int64)
        self._next_seed: int | None = None  # none before the first reset: a random one then
        self._pool = deal(self.variant, [])
        self._pool_seed = 0  # the seed of the pool's first deck
        self._banked = np.zeros(games, np.int64)
        self._mask = np.zeros((games, moves.size), np.int8)
        self._ready = False

    @property
    def observation_size(self) -> int:
        return self.encoding.size

    @property
    def move_count(self) -> int:
        return self.moves.size

    def reset(
        self, seed: int | Sequence[int] | None = None
    ) -> tuple[NDArray[np.int8], NDArray[np.int8]]:
        """Deal every game anew: (observations, masks).

        ``seed`` is the first seed (games get ``seed``, ``seed + 1`` ...) or one seed per game;
        games that end later take the seeds after the largest one. Without a seed, the games
        take the seeds after the last game dealt (from a random first seed at the first reset),
        as a bare ``reset()`` of the other environments does: an evaluation that resets each
        round meets new deals, and workers that never seed do not all play the same ones.
        Seeds are whole numbers (Python or NumPy integers) between -2**62 and 2**62; anything
        else raises ``ValueError`` and changes nothing.
        """
        if seed is None:
            seed = secrets.randbits(FIRST_SEED_BITS) if self._next_seed is None else self._next_seed
        rows = self.state.rows
        seeds = check_seeds(seed, self.games)
        self._pool = deal(self.variant, [])
        if _is_seed(seed):
            self._next_seed = seeds[0]
            self._deal(rows)
        else:
            self._next_seed = max(seeds) + 1
            self.game_seeds[rows] = seeds
            self._start(rows, deal(self.variant, seeds))
            self._banked[rows] = 0
        self._ready = True
        return self._observe()

    def step(self, moves: NDArray[np.integer[Any]] | list[int]) -> Step:
        """Every game's seat on turn takes its move: (observations, masks, rewards, dones).

        A game that ends is dealt anew at once (see the class's notes): ``dones[i]`` says that
        game ``i`` ended with this move and ``rewards[i]`` is that move's reward.
        """
        if not self._ready:
            raise RuntimeError("reset() the batch before stepping it")
        given = np.asarray(moves)
        if given.shape != (self.games,):
            raise ValueError(f"expected {self.games} move numbers, got shape {given.shape}")
        if given.dtype.kind not in "iu":  # floats, bools or text would be read as other moves
            raise ValueError(
                f"moves are integer move numbers, one per game; got {given.dtype} values"
            )
        chosen = given.astype(np.int64, copy=False)
        self._check(chosen)
        state = self.state
        if self.options is None:
            ended, lost = state.apply(*self.moves.decode(chosen))
        else:
            ended, lost = self.options.apply(*self.moves.decode_options(chosen))
        total = np.where(lost, 0, state.score - state.start_score)
        rewards = (total - self._banked).astype(np.float32)
        self._banked = total
        done = np.flatnonzero(ended)
        if done.size:
            self._deal(done)
        observations, masks = self._observe()
        return observations, masks, rewards, ended

    def _check(self, moves: Ints) -> None:
        outside = (moves < 0) | (moves >= self.moves.size)
        if outside.any():
            game = int(np.flatnonzero(outside)[0])
            raise IllegalMoveError(
                f"game {game}: move {int(moves[game])} is outside the move numbers "
                f"0 to {self.moves.size - 1}"
            )
        illegal = self._mask[self.state.rows, moves] == 0
        if illegal.any():
            game = int(np.flatnonzero(illegal)[0])
            move = int(moves[game])
            raise IllegalMoveError(
                f"game {game}: move {move} ({self.encoding.moves.describe(move)}) is not legal"
            )

    def _observe(self) -> tuple[NDArray[np.int8], NDArray[np.int8]]:
        options = self.options
        if options is None:
            self._mask = self.moves.legal(self.state)
            return self._observer.observe(self.state), self._mask.copy()
        self._mask = self.moves.legal(self.state, options.pending)
        if isinstance(self._observer, ExtendedObserver):
            return self._observer.observe(self.state, options.tiles), self._mask.copy()
        return self._observer.observe(self.state), self._mask.copy()

    def _deal(self, rows: Ints) -> None:
        count = len(rows)
        first = self._next_seed
        if first is None:  # every reset sets it
            raise RuntimeError("reset() the batch before stepping it")
        self._next_seed = first + count
        self.game_seeds[rows] = np.arange(first, first + count)
        self._start(rows, self._deals(first, count))
        self._banked[rows] = 0

    def _start(self, rows: Ints, deals: Deals) -> None:
        if self.options is None:
            self.state.deal(rows, deals.decks)
        else:
            self.options.deal(rows, deals)

    def _deals(self, first: int, count: int) -> Deals:
        """The deals of seeds ``first`` .. ``first + count - 1`` (shuffled ahead in chunks)."""
        start = first - self._pool_seed
        if start < 0 or start + count > len(self._pool.decks):
            size = max(count, DECK_CHUNK, 4 * self.games)
            self._pool = deal(self.variant, range(first, first + size))
            self._pool_seed = first
            start = 0
        part = slice(start, start + count)
        pool = self._pool
        return Deals(pool.decks[part], pool.tiles[part], pool.chance[part])
