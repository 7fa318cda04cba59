"""Speed reference: DeepMind's Hanabi Learning Environment (HLE).

Plays whole games with the C++ HLE engine through its own Python bindings
(``hanabi_learning_environment.pyhanabi``, cffi) and times them, so the
openhanabi engine can be compared against it.  Only the standard library and
HLE are used; if HLE is not installed, :func:`available` returns ``False`` and
nothing else here should be called.

Install (compiles C++, needs cmake and g++)::

    CMAKE_POLICY_VERSION_MINIMUM=3.5 pip install hanabi-learning-environment

Conventions:

* Base game: 5 colours, 5 ranks, 8 clue tokens, 3 life tokens, hand size by
  the rules (5 cards for 2-3 players, 4 for 4-5), player 0 starts.
* A *step* is one player action (play, discard or clue).  HLE's chance moves
  (card deals, including the opening deal) are performed and timed, but not
  counted as steps.
* HLE's rules shape the move set: clues must touch at least one card and
  discarding is illegal with all 8 clue tokens in hand.
* HLE scores a game that lost all its lives as 0; :class:`HLEResult` also
  keeps the sum of the fireworks, which does not do that.
* Runs are reproducible: the deck shuffles come from one ``HanabiGame`` seeded
  from ``seed`` and the move choices from ``random.Random(seed)``.

Run ``python benchmarks/hle_reference.py`` to print the reference figures.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import random
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType

POLICIES: tuple[str, ...] = ("random", "no-misplay")
"""Move-choice policies understood by :func:`run_hle`."""

_MIN_PLAYERS = 2
_MAX_PLAYERS = 5
_C_INT_SEEDS = 2**31  # HLE parses "seed" into a C int; -1 means "random device".


@functools.cache
def _pyhanabi() -> ModuleType | None:
    """Return the loaded ``pyhanabi`` module, or ``None`` if it is unusable."""
    try:
        module = importlib.import_module("hanabi_learning_environment.pyhanabi")
    except (ImportError, OSError):
        return None
    # pyhanabi does not raise when its header or shared library is missing:
    # it leaves ``lib`` as None, so ask it whether both were loaded.
    if not (module.cdef_loaded() and module.lib_loaded()):
        return None
    return module


def available() -> bool:
    """Return whether HLE's ``pyhanabi`` bindings can be imported and loaded."""
    return _pyhanabi() is not None


@dataclass(frozen=True)
class HLEResult:
    """Totals from one :func:`run_hle_detailed` run."""

    players: int
    policy: str
    games: int
    steps: int
    seconds: float
    total_score: int
    """Sum of HLE's scores (0 for a game that ran out of lives)."""
    total_fireworks: int
    """Sum of the cards on the fireworks at the end, even if lives ran out."""
    lives_lost_games: int
    """Games that ended because the last life token was lost."""

    @property
    def steps_per_second(self) -> float:
        """Player actions per second of wall-clock time."""
        return self.steps / self.seconds if self.seconds > 0 else float("inf")

    @property
    def mean_steps(self) -> float:
        """Mean number of player actions per game."""
        return self.steps / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """Mean HLE score per game (0 for games that ran out of lives)."""
        return self.total_score / self.games if self.games else 0.0

    @property
    def mean_fireworks(self) -> float:
        """Mean number of cards on the fireworks at the end of a game."""
        return self.total_fireworks / self.games if self.games else 0.0


def _check_arguments(players: int, policy: str, games: int) -> None:
    """Raise ValueError for arguments :func:`run_hle_detailed` cannot use."""
    if not _MIN_PLAYERS <= players <= _MAX_PLAYERS:
        msg = f"players must be {_MIN_PLAYERS}..{_MAX_PLAYERS}, got {players}"
        raise ValueError(msg)
    if policy not in POLICIES:
        msg = f"policy must be one of {POLICIES}, got {policy!r}"
        raise ValueError(msg)
    if games < 0:
        msg = f"games must be >= 0, got {games}"
        raise ValueError(msg)


def run_hle_detailed(players: int, policy: str, games: int, seed: int) -> HLEResult:
    """Play ``games`` HLE games with ``policy`` and return timings and totals.

    ``policy`` is ``"random"`` (uniform over ``legal_moves()``) or
    ``"no-misplay"`` (uniform over the legal moves left after removing plays
    of cards that cannot be played now; it looks at the acting player's real
    cards, so it cheats, which lets games run to their natural length).
    """
    ph = _pyhanabi()
    if ph is None:
        msg = "hanabi-learning-environment (pyhanabi) is not available"
        raise RuntimeError(msg)
    _check_arguments(players, policy, games)

    no_misplay = policy == "no-misplay"
    chance_player: int = ph.CHANCE_PLAYER_ID
    play_type = ph.HanabiMoveType.PLAY
    out_of_lives = ph.HanabiEndOfGameType.OUT_OF_LIFE_TOKENS
    # One HanabiGame owns the C++ RNG used for every deal of every state made
    # from it, so seeding it once makes the whole run reproducible.
    game = ph.HanabiGame(
        {
            "players": players,
            "colors": 5,
            "ranks": 5,
            "max_information_tokens": 8,
            "max_life_tokens": 3,
            "random_start_player": False,
            "seed": seed % _C_INT_SEEDS,
        }
    )
    rng = random.Random(seed)

    steps = 0
    total_score = 0
    total_fireworks = 0
    lives_lost_games = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            current = state.cur_player()
            if current == chance_player:
                # Must only be called on chance turns: otherwise HLE aborts
                # the whole process (a C++ REQUIRE, not a Python exception).
                state.deal_random_card()
                continue
            moves = state.legal_moves()
            if no_misplay:
                hand = state.player_hands()[current]
                fireworks = state.fireworks()
                unplayable = {
                    index
                    for index, card in enumerate(hand)
                    if fireworks[card.color()] != card.rank()
                }
                safe = [
                    move
                    for move in moves
                    if move.type() != play_type or move.card_index() not in unplayable
                ]
                if safe:
                    moves = safe
            state.apply_move(rng.choice(moves))
            steps += 1
        total_score += state.score()
        total_fireworks += sum(state.fireworks())
        if state.end_of_game_status() == out_of_lives:
            lives_lost_games += 1
    seconds = time.perf_counter() - start

    return HLEResult(
        players=players,
        policy=policy,
        games=games,
        steps=steps,
        seconds=seconds,
        total_score=total_score,
        total_fireworks=total_fireworks,
        lives_lost_games=lives_lost_games,
    )


def run_hle(players: int, policy: str, games: int, seed: int) -> tuple[int, int, float]:
    """Play ``games`` HLE games and return ``(steps, games, seconds)``.

    See :func:`run_hle_detailed` for the policies and the step convention.
    """
    result = run_hle_detailed(players, policy, games, seed)
    return result.steps, result.games, result.seconds


def _format_row(result: HLEResult) -> str:
    return (
        f"{result.players:>2}p  {result.policy:<10}  {result.games:>6}  "
        f"{result.steps_per_second:>10,.0f}  {result.mean_steps:>10.1f}  "
        f"{result.mean_score:>10.2f}  {result.mean_fireworks:>10.2f}  "
        f"{result.lives_lost_games / result.games if result.games else 0.0:>10.1%}"
    )


def main(argv: list[str] | None = None) -> int:
    """Print HLE steps/s, mean game length and mean score per configuration."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=300, help="games per configuration (default: 300)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed for deals and moves (default: 0)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[2, 4], help="player counts to run (default: 2 4)"
    )
    parser.add_argument(
        "--policies",
        nargs="+",
        choices=POLICIES,
        default=list(POLICIES),
        help="policies to run (default: random no-misplay)",
    )
    args = parser.parse_args(argv)

    if not available():
        print("hanabi-learning-environment is not available; nothing to measure.", file=sys.stderr)
        return 1

    print(
        f"{'cfg':<3}  {'policy':<10}  {'games':>6}  {'steps/s':>10}  {'steps/game':>10}  "
        f"{'HLE score':>10}  {'fireworks':>10}  {'lost lives':>10}"
    )
    for players in args.players:
        for policy in args.policies:
            print(_format_row(run_hle_detailed(players, policy, args.games, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
