"""A Gymnasium environment for playing with bots: the learner holds one seat, openhanabi's bots
(or any :class:`~openhanabi.bots.Bot`) the others.

Ad hoc teamwork asks how a policy plays beside partners it was not trained with: people, or bots
that play as people do (``conventions`` reads and gives clues by the H-Group's conventions, see
docs/conventions.md). :class:`PartnerEnv` seats the learner and lets the partners move between
its turns: each step is one action of the learner followed by the partners' actions up to its
next turn, and the observation, the reward and ``info`` are the learner's alone.

- **Observations and moves** are those of :class:`~openhanabi.env.gym.SelfPlayEnv` for the
  learner's seat (``encoding="extended"`` or ``"hle"``), from its own view only.
- **Reward**: the team's, as in the other environments: the change in score over the learner's
  action and the partners' after it (back to 0 when the game is lost); what the partners scored
  before the learner's first turn comes with its first step, so an episode's rewards add up to
  its score. An illegal move ends the episode with ``illegal_reward``.
- **info**: ``action_mask``, ``seat`` (the learner's) and ``partner_moves``, the move numbers the
  partners played since the learner's last action, as ``(seat, move)``. The partners' own
  explanations are not given: each is said from its bot's view, which holds the learner's cards.
- **Seats**: ``seat`` fixes the learner's seat, ``seat=None`` draws it at each reset from the
  environment's generator. The partners move first when the learner's seat is not the first to
  act; a deal they lose before the learner's first turn (three misplays) is dealt again, the
  next seed on.
- **Partners**: a bot's name for every other seat, or one name or class per other seat in seat
  order; each partner is made for its game with a seed drawn from the deal's one way, as
  ``hanabi bench`` seats bots.

>>> env = PartnerEnv("base", players=3, partners="conventions", encoding="hle")
>>> observation, info = env.reset(seed=4)
>>> observation.shape, info["seat"], info["partner_moves"]
((956,), 0, [])
>>> legal = info["action_mask"].nonzero()[0]
>>> observation, reward, terminated, truncated, info = env.step(int(legal[-1]))
>>> [seat for seat, _ in info["partner_moves"]]
[1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from numpy.typing import NDArray

from openhanabi.bots import Bot, resolve_bot, seat_seed
from openhanabi.bots.table import act, legal, new_bot
from openhanabi.env.gym import SelfPlayEnv, generator_seed
from openhanabi.rules import Game, Variant
from openhanabi.rules.deck import check_seed

Partner = str | type[Bot]  # a bot's name (or FILE.py:CLASS), or its class
REDEALS = 100  # deals the partners may lose before the learner acts, before giving up


class PartnerEnv(SelfPlayEnv):
    """One seat for the learner, bots in the others (see the module's documentation); its
    table, spaces, masks and rendering are :class:`SelfPlayEnv`'s."""

    def __init__(
        self,
        variant: str | Variant = "base",
        *,
        partners: Partner | Sequence[Partner] = "conventions",
        seat: int | None = 0,
        encoding: str = "extended",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        super().__init__(
            variant,
            encoding=encoding,
            render_mode=render_mode,
            illegal_reward=illegal_reward,
            **options,
        )
        players = self.variant.players
        if seat is not None and (isinstance(seat, bool) or seat not in range(players)):
            raise ValueError(f"seat is 0 to {players - 1} or None, not {seat!r}")
        self.seat = seat
        named = [partners] if isinstance(partners, str | type) else list(partners)
        if len(named) not in (1, players - 1):
            raise ValueError(
                f"partners names one bot, or one for each of the {players - 1} other seats, "
                f"not {len(named)}"
            )
        self.partners: tuple[type[Bot], ...] = tuple(
            _bot_class(partner) for partner in named * (players - 1 if len(named) == 1 else 1)
        )
        self._learner = 0  # the learner's seat in the game being played
        self._bots: dict[int, Bot] = {}
        self._before = 0.0  # the reward of the partners' moves before the learner's first turn

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.int8], dict[str, Any]]:
        if seed is not None:
            seed = check_seed(seed)  # refused before Gymnasium's generator is seeded
        gymnasium.Env.reset(self, seed=generator_seed(seed))  # the generator only: no game yet
        players = self.variant.players
        self._learner = int(self.np_random.integers(players)) if self.seat is None else self.seat
        for _ in range(REDEALS):
            self.table.reset(seed=seed, options=options)
            seed = None  # a deal dealt again: the table's next seed
            game = self._game()
            deal = self.table.game_seed
            assert deal is not None
            others = [s for s in range(players) if s != self._learner]
            self._bots = {
                other: new_bot(bot, other, self.variant, seat_seed(deal, other))
                for other, bot in zip(others, self.partners, strict=True)
            }
            moves, self._before = self._partners_play()
            if not game.over:
                observation, info = self._observe_learner(moves)
                if self.render_mode == "human":
                    self.render()
                return observation, info
        raise RuntimeError(
            f"the partners lost {REDEALS} deals in a row before seat {self._learner} could act"
        )

    def step(
        self, action: int | np.integer[Any] | NDArray[np.integer[Any]]
    ) -> tuple[NDArray[np.int8], SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        game = table.game
        if game is None or game.over:
            raise RuntimeError("the game is over: call reset() to deal a new one")
        learner = table.possible_agents[self._learner]
        table.step(action)
        reward = table.rewards[learner] + self._before
        self._before = 0.0
        moves, more = self._partners_play()
        observation, info = self._observe_learner(moves)
        info.update(table.infos[learner])
        if self.render_mode == "human":
            self.render()
        return observation, reward + more, game.over, False, info

    def _partners_play(self) -> tuple[list[tuple[int, int]], float]:
        """The partners' moves up to the learner's turn or the end, and the learner's reward
        over them."""
        table, game = self.table, self._game()
        learner = table.possible_agents[self._learner]
        numbering = self.encoding.moves
        moves: list[tuple[int, int]] = []
        reward = 0.0
        while not game.over and game.seat != self._learner:
            seat = game.seat
            view = game.view(seat)
            bot = self._bots[seat]  # a partner that fails or breaks the rules: a BotError
            move = numbering.number(view, legal(bot, act(bot, view), view, game))
            table.step(move)
            moves.append((seat, move))
            reward += table.rewards[learner]
        return moves, reward

    def _observe_learner(
        self, moves: list[tuple[int, int]]
    ) -> tuple[NDArray[np.int8], dict[str, Any]]:
        observed = self.table.observe(self.table.possible_agents[self._learner])
        self._mask = observed["action_mask"]
        info = {"action_mask": self._mask, "seat": self._learner, "partner_moves": moves}
        return observed["observation"], info

    def _game(self) -> Game:
        game = self.table.game
        if game is None:
            raise RuntimeError("reset() the environment first")
        return game


def _bot_class(partner: Partner) -> type[Bot]:
    if isinstance(partner, str):
        return resolve_bot(partner)
    if isinstance(partner, type) and issubclass(partner, Bot):
        return partner
    raise ValueError(f"a partner is a bot's name or a Bot subclass, not {partner!r}")
