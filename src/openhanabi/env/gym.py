"""A Gymnasium environment for self-play: one policy plays every seat of one game.

Each step is one action of the seat on turn; the observation that follows is the next seat on
turn's (the ``observation`` vector of :mod:`openhanabi.env.aec`, from that seat's view only), so a
single policy sees the table from whichever seat must act. The reward is the team's, as in the
PettingZoo environment (the change of ``score - starting score``, back to 0 when the game is
lost). ``info`` holds ``action_mask`` (int8, 1 for each legal move) and ``seat``; masked-action
libraries can also call :meth:`SelfPlayEnv.action_masks`. Seeds, options, illegal moves (the
episode ends, its return ``illegal_reward`` whatever had been scored) and out-of-range moves
(``ValueError``) behave as in the PettingZoo environment.

>>> import gymnasium
>>> import openhanabi.env
>>> table = gymnasium.make("openhanabi/Hanabi-HLE-v0", players=3)
>>> observation, info = table.reset(seed=3)
>>> observation.shape, info["seat"], int(info["action_mask"].sum())
((956,), 0, 17)
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from openhanabi.env.aec import raw_env
from openhanabi.env.encodings import DTYPE
from openhanabi.env.text import render_text
from openhanabi.rules import Variant
from openhanabi.rules.deck import check_seed

GENERATOR_SEEDS = 1 << 64  # the rules' generator reads a seed modulo 2**64


def generator_seed(seed: int | None) -> int | None:
    """The seed of Gymnasium's generator for a game's ``seed``: a plain int that is not
    negative, as Gymnasium requires, the same for seeds that deal the same game (the rules'
    generator reads seeds modulo 2**64, so -1 deals the game 2**64 - 1 deals)."""
    return None if seed is None else seed % GENERATOR_SEEDS


class SelfPlayEnv(gymnasium.Env[NDArray[np.int8], np.int64]):
    """Every seat played by the same policy (see the module's documentation)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium declares it)

    def __init__(
        self,
        variant: str | Variant = "base",
        *,
        encoding: str = "extended",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render mode {render_mode!r} (known: human, ansi)")
        self.table = raw_env(variant, encoding=encoding, illegal_reward=illegal_reward, **options)
        self.render_mode = render_mode
        self.variant = self.table.variant
        self.encoding = self.table.encoding
        self.observation_space = spaces.Box(0, 1, (self.encoding.size,), DTYPE)
        self.action_space = spaces.Discrete(self.encoding.moves.size)
        self._mask = np.zeros(self.encoding.moves.size, dtype=DTYPE)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.int8], dict[str, Any]]:
        if seed is not None:
            seed = check_seed(seed)  # refused before Gymnasium's generator is seeded
        super().reset(seed=generator_seed(seed))
        self.table.reset(seed=seed, options=options)
        observation, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return observation, info

    def step(
        self, action: int | np.integer[Any] | NDArray[np.integer[Any]]
    ) -> tuple[NDArray[np.int8], SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        game = table.game
        if game is None or game.over:
            raise RuntimeError("the game is over: call reset() to deal a new one")
        agent = table.agent_selection
        table.step(action)
        observation, info = self._observe()
        info.update(table.infos[agent])
        if self.render_mode == "human":
            self.render()
        return observation, table.rewards[agent], game.over, False, info

    def _observe(self) -> tuple[NDArray[np.int8], dict[str, Any]]:
        table = self.table
        agent = table.agent_selection
        observed = table.observe(agent)
        self._mask = observed["action_mask"]
        info = {"action_mask": self._mask, "seat": table.possible_agents.index(agent)}
        return observed["observation"], info

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal moves now, as booleans (the method masked-action learners look for)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode ('ansi' or 'human')")
            return None
        game = self.table.game
        if game is None:
            raise RuntimeError("reset() the environment before rendering it")
        text = render_text(game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None
