"""The PettingZoo environment: one game of any variant, one agent per seat, turn by turn.

Agents are ``player_0`` ... ``player_{P-1}`` (seat ``i`` is ``player_i``). The agent to act is the
seat on turn, also while a bonus tile asks it for a decision (it then acts twice in a row). An
observation is ``{"observation": int8 vector, "action_mask": int8 vector}``; the vector is the
chosen encoding (``"extended"`` by default, or ``"hle"``) of what that seat may see, the same
bytes as encoding its :class:`~openhanabi.rules.SeatView` (kept up to date action by action by
:mod:`openhanabi.env.encodings.live`), and the mask marks the legal move numbers
(:mod:`openhanabi.env.moves`), all 0 for an agent not on turn. Both arrays are new at each
``observe()`` or ``last()``, writable and the caller's own: nothing the table keeps changes with
them.

Rewards are shared: after every action each agent receives the change of the team's total,
``score - starting score`` (black powder starts below 0, so its first points are counted from
there), and a lost game (the last storm token, or play until perfect lost) takes the total back to
0, as HLE does. The episode ends for every agent when the game ends; nothing truncates.

``reset(seed=s)`` deals ``Game.new(variant, s)``, the game ``hanabi simulate --seed s`` deals first;
each later ``reset()`` deals the next seed, ``s + 1``, ``s + 2`` ... (a random seed if none was
ever given). A seed is a whole number (a Python or NumPy integer): a float, text or a bool raises
``ValueError`` and changes nothing. ``options`` of ``reset`` are accepted and ignored.

Illegal moves follow PettingZoo's classic games: a move number in range whose mask value is 0 ends
the game at once (the table abandons it, and a game abandoned scores 0), and a warning names the
move. As in a lost game, the team's total goes back to 0; the agent that chose the move receives
``illegal_reward`` (-1 by default) on top, so that the episode returns ``illegal_reward`` to it and
0 to the others, however many points had been scored (a learner must not be paid for ending a
game it might lose). A move number is an int, a NumPy
integer or a 0-d integer array (each a member of the ``Discrete`` action space); a move number
outside the action space, or a value that is not an integer, raises ``ValueError``.

>>> from openhanabi.env import env
>>> table = env(variant="rainbow", players=3)
>>> table.reset(seed=7)
>>> observation, reward, termination, truncation, info = table.last()
>>> table.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('player_0', (1133,), 25)
"""

from __future__ import annotations

import math
import secrets
import sys
from collections.abc import Iterator
from itertools import repeat
from typing import Any, ClassVar

import numpy as np
from gymnasium import logger, spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped]
    AECOrderEnforcingIterable,
)

from openhanabi.env.encodings import DTYPE, Encoding, make_encoding
from openhanabi.env.encodings.live import LiveObservations
from openhanabi.env.moves import MASK_CACHE_LIMIT
from openhanabi.env.text import render_text
from openhanabi.rules import Action, Game, Termination, Variant, find_variant
from openhanabi.rules.deck import check_seed

Observation = dict[str, NDArray[np.int8]]
LOST = (Termination.STRIKEOUT, Termination.ALL_OR_NOTHING_LOST)
_INT8 = np.dtype(DTYPE)
_from_buffer = np.frombuffer


def make_variant(variant: str | Variant, encoding: str, options: dict[str, Any]) -> Variant:
    """The variant a table plays: a preset's name or a :class:`Variant`, with ``options``.

    The ``hle`` encoding implies ``empty_clues=False`` for a preset named by its name (HLE forbids
    empty clues); asking for empty clues with it is refused by the encoding.
    """
    if isinstance(variant, Variant):
        return variant.replace(**options) if options else variant
    if encoding == "hle":
        options = {"empty_clues": False, **options}
    return find_variant(variant, **options)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    """A Hanabi table for PettingZoo (see the module's documentation)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "openhanabi_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str | Variant = "base",
        *,
        encoding: str = "extended",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        """``variant`` is a preset's name or a :class:`Variant`; ``options`` are variant options
        (``players=4``, ``clue_tokens=9``, ``bonus_tiles=True`` ...)."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {render_mode!r} (known: human, ansi)")
        self.variant = make_variant(variant, encoding, options)
        self.encoding: Encoding = make_encoding(encoding, self.variant)
        self.render_mode = render_mode
        if (
            isinstance(illegal_reward, bool)
            or not isinstance(illegal_reward, int | float | np.integer | np.floating)
            or not math.isfinite(illegal_reward)
        ):
            # float() would read "-1" or True as a reward, and a NaN would poison every total
            raise ValueError(f"illegal_reward is a finite number, not {illegal_reward!r}")
        self.illegal_reward = float(illegal_reward)
        self.possible_agents = [f"player_{seat}" for seat in range(self.variant.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # one space object per agent, the same one each call (PettingZoo seeds them per agent)
        self.observation_spaces = {
            agent: observation_space(self.encoding) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.moves.size) for agent in self.possible_agents
        }
        self.game: Game | None = None  # the referee
        self.game_seed: int | None = None  # the seed of the game being played
        self._next_seed: int | None = None
        # every seat's observation, kept up to date action by action
        self._live: LiveObservations | None = None
        # the mask of the turn being played, and its actions when a bonus tile asks for one
        self._mask: bytes | None = None
        self._decision: dict[int, Action] | None = None
        self._no_moves = bytes(self.encoding.moves.size)
        # each mask's values as a read-only array, copied for every observation (a copy of an
        # array costs less than a new buffer and an array over it); as many as the masks kept
        self._mask_arrays: dict[bytes, NDArray[np.int8]] = {}
        # (at most 30 attributes in all: beyond that, Python keeps an instance's attributes in a
        # dict of its own, and its method calls are no longer specialized)
        self._numbering = self.encoding.moves
        self._start_score = 0.0  # a float, so that the totals are floats without a call
        self._banked = 0.0
        # the rewards of a step that changed no score, for the agents still playing: copied for
        # each such step (a copy of a small dict costs less than building one)
        self._no_rewards: dict[str, float] = {}
        # PettingZoo's: the agent selected when the first agent of a finished game retired
        self._skip_agent_selection: str | None = None
        # whether step() or reset() was called since env()'s agent iterator last moved on
        self._updated = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._next_seed = check_seed(seed)
        elif self._next_seed is None:
            self._next_seed = secrets.randbits(63)
        self.game_seed = self._next_seed
        self._next_seed += 1
        self.game = game = Game.new(self.variant, self.game_seed)
        if self._live is None:
            self._live = self.encoding.live(game)
        else:
            self._live.restart(game)
        self._mask = self._decision = None
        self._start_score = float(self.game.score)
        self._banked = 0.0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._no_rewards = self.rewards.copy()
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.seat]
        self._updated = True

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: the selected agent's observation (if ``observe``),
        cumulative reward, termination, truncation and info, read directly."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> Observation:
        game, live = self.game, self._live
        if game is None or live is None:
            raise RuntimeError("reset() the environment before using it")
        seat = self._seat[agent]
        if seat == game.seat and game.outcome is None:
            mask = self._mask if self._mask is not None else self._turn_mask()
        else:
            mask = self._no_moves
        # new writable arrays over new buffers: the caller owns them (the dtype passed as an
        # object and by position: NumPy's keyword parsing cost more than the array)
        arrays = self._mask_arrays
        values = arrays.get(mask)
        if values is None:
            if len(arrays) >= MASK_CACHE_LIMIT:
                arrays.clear()
            values = arrays[mask] = _from_buffer(mask, _INT8)
        return {
            "observation": _from_buffer(live.observation(seat), _INT8),
            "action_mask": values.copy(),
        }

    def step(self, action: int | np.integer[Any] | NDArray[np.integer[Any]] | None) -> None:
        self._updated = True
        agent = self.agent_selection
        try:
            retiring = self.terminations[agent] or self.truncations[agent]
        except KeyError:
            if self.agents:
                raise
            # every agent has retired: warn as PettingZoo's order-enforcing wrapper does
            EnvLogger.warn_step_after_terminated_truncated()
            return
        if retiring:
            self._retire(agent, action)
            return
        game, live = self.game, self._live
        if game is None or live is None:
            raise RuntimeError("reset() the environment before using it")
        numbering = self._numbering
        move = (
            action if type(action) is int and 0 <= action < numbering.size else self._move(action)
        )
        self._cumulative_rewards[agent] = 0.0
        mask = self._mask if self._mask is not None else self._turn_mask()
        if not mask[move]:
            self._end_on_illegal_move(agent, move)
            return
        if self._decision is None:
            seat = game.seat
            game.apply(numbering.turn_action(seat, game.hands[seat], move))
        else:
            game.apply(self._decision[move])
            self._decision = None
        self._mask = None
        live.update()
        outcome = game.outcome
        if outcome is not None and outcome.termination in LOST:
            total = 0.0  # a lost game takes the team's total back to 0
        else:
            total = game.score - self._start_score
        reward, self._banked = total - self._banked, total
        if reward:
            self.rewards = dict.fromkeys(self.agents, reward)
            cumulative = self._cumulative_rewards
            for name in self.agents:
                cumulative[name] += reward
        else:
            self.rewards = self._no_rewards.copy()
        if outcome is not None:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[game.seat]
        # (None tested first: comparing None with a string takes Python's slow path)
        if self.render_mode is not None and self.render_mode == "human":
            self.render()

    def _retire(self, agent: str, action: object) -> None:
        """PettingZoo's ``_was_dead_step`` for this table, where every agent's episode ends at
        once: ``agent`` leaves, the next one to leave is selected, and after the last one the
        selection returns to the first that left, as PettingZoo's does."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        self._no_rewards.pop(agent, None)
        agents = self.agents
        agents.remove(agent)
        terminations, truncations = self.terminations, self.truncations
        retiring = [name for name in agents if terminations[name] or truncations[name]]
        skipped = self._skip_agent_selection
        if retiring:
            if skipped is None:
                self._skip_agent_selection = agent
            self.agent_selection = retiring[0]
        else:
            if skipped is not None:
                self.agent_selection = skipped
            self._skip_agent_selection = None
        rewards = self.rewards
        for name in rewards:
            rewards[name] = 0

    def _move(self, action: object) -> int:
        """``action`` as a move number (``ValueError`` unless it is one in range)."""
        size = self._numbering.size
        if action is None:
            raise ValueError("the game is not over: step() needs a move number, not None")
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
                # a 0-d integer array is a move of Gymnasium's Discrete space (and what a
                # policy's argmax over one observation gives)
                return self._move(action.item())
            raise ValueError(f"a move is an integer move number, not {action!r}")
        move = int(action)
        if not 0 <= move < size:
            raise ValueError(f"move {move} is outside the action space (0 to {size - 1})")
        return move

    def _end_on_illegal_move(self, agent: str, move: int) -> None:
        logger.warn(
            f"{agent} chose move {move} ({self.encoding.moves.describe(move)}), which is not "
            f"legal now: the game ends and {agent} receives {self.illegal_reward}"
        )
        self._game().abandon(f"{agent} chose an illegal move")
        self._mask = self._decision = None
        taken_back, self._banked = -self._banked, 0.0  # the game scores 0, as a lost one does
        self.rewards = dict.fromkeys(self.agents, taken_back)
        self.rewards[agent] = taken_back + self.illegal_reward
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal_move": move}
        self._accumulate_rewards()

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("reset() the environment before using it")
        return self.game

    def _observations(self) -> LiveObservations:
        if self._live is None:
            raise RuntimeError("reset() the environment before using it")
        return self._live

    def _turn_mask(self) -> bytes:
        """The legal moves of the seat on turn, one byte per move: made once per turn, when
        no mask is kept (the callers look at the one kept first)."""
        # the game and observations read directly (not through _game()): once per turn
        game, live = self.game, self._live
        if game is None or live is None:
            raise RuntimeError("reset() the environment before using it")
        seat = game.seat
        if game.outcome is not None:
            mask = self._no_moves
        elif game.pending is None:
            # the clues a seat may give depend on the other hands, which it sees
            held = len(game.hands[seat])
            mask = self._numbering.turn_mask(seat, held, game.clue_tokens, live.touches)
        else:  # a bonus tile's decision: rare, listed from the seat's view
            moves = self._numbering
            self._decision = moves.legal(game.view(seat))
            mask = bytes(moves.mask(self._decision))
        self._mask = mask
        return mask

    # ------------------------------------------------------------------ display

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode (use 'ansi' or 'human')")
            return None
        text = render_text(self._game())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the table holds no outside resources."""


class OrderEnforcingTable(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper with direct ``last()``, ``step()``, ``agents``,
    ``agent_selection`` and ``agent_iter()``.

    The wrapper forwards every attribute through ``__getattr__`` and every call through
    layers of wrappers; a step of ``agent_iter()``, ``last()`` and ``step()`` went through a
    dozen of them. The same checks are made here (reset first, no step after the end) with the
    same errors and warnings, and then the table answers directly: after ``reset()``, ``last()``
    and ``step()`` are the table's own (its ``step()`` warns after the end as the wrapper does,
    and notes each call for the agent iterator's check).
    """

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent: str = self.env.agent_selection
        return agent

    @property
    def _has_updated(self) -> bool:
        # kept by the table, so that its own step() can answer for the wrapper after reset()
        table = self.__dict__.get("env")
        return bool(table is not None and table._updated)

    @_has_updated.setter
    def _has_updated(self, value: bool) -> None:
        table = self.__dict__.get("env")
        if table is not None:  # PettingZoo's constructor sets it before the table is known
            table._updated = value

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self.env.reset(seed=seed, options=options)
        # From now on last() and step() have nothing to check but what the table's own check:
        # step() after every agent retired warns there, as here.
        self.last = self.env.last  # type: ignore[method-assign]
        self.step = self.env.step  # type: ignore[method-assign]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        # only before the first reset(), which replaces it (see reset())
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return TurnIterable(self, max_iter)

    def step(self, action: Any) -> None:
        # the wrapper's checks, without its two layers of forwarding
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)


class TurnIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    """PettingZoo's order-enforcing ``agent_iter()``, iterated by :func:`turns`."""

    def __iter__(self) -> Iterator[str]:
        return turns(self.env.env, self.max_iter)


def turns(table: raw_env, max_iter: int) -> Iterator[str]:
    """The agent to act, turn after turn: the same checks as PettingZoo's order-enforcing
    iterator, reading the table's answers directly instead of through three layers (and, as a
    generator, resumed at each turn rather than called)."""
    # at most max_iter turns, counted in C (PettingZoo's default, 2**63, is beyond any count)
    for _turn in repeat(None, min(max_iter, sys.maxsize)):
        if not table.agents:
            return
        if not table._updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        table._updated = False
        yield table.agent_selection


def env(variant: str | Variant = "base", **kwargs: Any) -> Any:
    """A :class:`raw_env` behind PettingZoo's order-enforcing wrapper (reset first, and so on).

    Takes the same arguments as :class:`raw_env`.
    """
    return OrderEnforcingTable(raw_env(variant, **kwargs))


def observation_space(encoding: Encoding) -> spaces.Dict:
    """The space of an agent's observations: the encoded view and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 1, (encoding.size,), DTYPE),
            "action_mask": spaces.Box(0, 1, (encoding.moves.size,), DTYPE),
        }
    )
