"""Research API: PettingZoo and Gymnasium environments of every variant, and observation
encodings, among them HLE's canonical encoding bit for bit.

- :func:`env` / :class:`raw_env` (:mod:`openhanabi.env.aec`): a PettingZoo ``AECEnv``, one agent
  per seat, observations ``{"observation", "action_mask"}``, shared rewards.
- :class:`SelfPlayEnv` (:mod:`openhanabi.env.gym`): one policy plays every seat, for Gymnasium.
  Importing this package registers it as ``openhanabi/Hanabi-v0`` (extended encoding) and
  ``openhanabi/Hanabi-HLE-v0`` (HLE's encoding and moves, no empty clues); keyword arguments of
  ``gymnasium.make`` choose the variant: ``variant="rainbow", players=3, bonus_tiles=True``.
- :class:`PartnerEnv` (:mod:`openhanabi.env.partners`): the learner in one seat, bots (by name:
  ``partners="conventions"``) in the others, for ad hoc teamwork; registered as
  ``openhanabi/Hanabi-Partners-v0`` and ``openhanabi/Hanabi-HLE-Partners-v0``.
- :class:`SelfPlayVectorEnv` (:mod:`openhanabi.env.vector`): the same for ``N`` games at once,
  Gymnasium's vector API on the batch engine; the same ids make it with
  ``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")``.
- :mod:`openhanabi.env.encodings`: the ``hle`` and ``extended`` encodings, with their layouts.
- :class:`MoveNumbering` (:mod:`openhanabi.env.moves`): move numbers to actions and back.

>>> from openhanabi.env import env
>>> table = env(players=2, encoding="hle")
>>> table.reset(seed=0)
>>> for agent in table.agent_iter():
...     observation, reward, termination, truncation, info = table.last()
...     if termination:
...         table.step(None)
...     else:
...         legal = observation["action_mask"].nonzero()[0]
...         table.step(int(legal[-1]))
>>> table.unwrapped.game.outcome.termination.value
'strikeout'
"""

from __future__ import annotations

import gymnasium

from openhanabi.env.aec import env, raw_env
from openhanabi.env.encodings import ENCODINGS, Encoding, UnsupportedVariantError, make_encoding
from openhanabi.env.gym import SelfPlayEnv
from openhanabi.env.moves import MoveNumbering
from openhanabi.env.partners import PartnerEnv
from openhanabi.env.vector import SelfPlayVectorEnv

GYMNASIUM_IDS = {
    "openhanabi/Hanabi-v0": {},
    "openhanabi/Hanabi-HLE-v0": {"encoding": "hle"},
}

PARTNER_IDS = {
    "openhanabi/Hanabi-Partners-v0": {},
    "openhanabi/Hanabi-HLE-Partners-v0": {"encoding": "hle"},
}

for _id, _kwargs in GYMNASIUM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point="openhanabi.env.gym:SelfPlayEnv",
            vector_entry_point="openhanabi.env.vector:SelfPlayVectorEnv",
            kwargs=_kwargs,
        )
for _id, _kwargs in PARTNER_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="openhanabi.env.partners:PartnerEnv", kwargs=_kwargs)

__all__ = [
    "ENCODINGS",
    "GYMNASIUM_IDS",
    "PARTNER_IDS",
    "Encoding",
    "MoveNumbering",
    "PartnerEnv",
    "SelfPlayEnv",
    "SelfPlayVectorEnv",
    "UnsupportedVariantError",
    "env",
    "make_encoding",
    "raw_env",
]
