"""Train a small self-play Hanabi agent on the CPU with PPO, and watch its mean score rise.

One shared policy plays every seat of ``--envs`` two-player games stepped together by
:class:`openhanabi.env.batch.BatchEnv` (HLE's encoding): each step, every game's seat on turn
sees its own observation and picks a move; illegal moves get ``-inf`` logits before the
softmax, so the policy only ever samples legal ones. Rewards are shared by the team and sum,
over a game, to its final score (0 when the fuse burns out, as in HLE).

Needs PyTorch and, for ``--plot``, matplotlib (``pip install -e ".[train]"`` brings both)::

    python examples/train_selfplay.py --minutes 4 --plot examples/train_selfplay.png

It prints, at intervals, the time elapsed, environment steps, games finished and the mean
score of the games finished since the last line. Runs are deterministic given ``--seed`` (as
far as PyTorch allows) for a fixed number of updates (``--updates``); with ``--minutes`` how
many updates fit depends on the machine.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import nn

from openhanabi.env.batch import BatchEnv


@dataclass
class Config:
    envs: int = 256  # games stepped together
    players: int = 2
    rollout: int = 16  # steps per game between updates
    epochs: int = 2  # PPO passes over each rollout
    minibatches: int = 2
    hidden: int = 128
    lr: float = 1e-3
    gamma: float = 0.99
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.02
    value: float = 0.5
    max_grad_norm: float = 0.5
    seed: int = 0
    threads: int = 1
    log_seconds: float = 10.0  # at most one printed line per this many seconds


@dataclass
class Point:
    """One printed line: time, steps and the mean score of the games finished since the last."""

    seconds: float
    steps: int
    games: int
    mean_score: float


@dataclass
class History:
    points: list[Point] = field(default_factory=list)
    losses: list[float] = field(default_factory=list)  # total PPO loss, one per update
    scores: list[float] = field(default_factory=list)  # every finished game's score, in order
    updates: int = 0
    steps: int = 0
    seconds: float = 0.0


class ActorCritic(nn.Module):
    def __init__(self, observation_size: int, moves: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(observation_size, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
        )
        self.policy = nn.Linear(hidden, moves)
        self.value = nn.Linear(hidden, 1)
        nn.init.orthogonal_(self.policy.weight, gain=0.01)
        nn.init.zeros_(self.policy.bias)

    def forward(
        self, observations: torch.Tensor, masks: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal moves at ``-inf``) and state values."""
        hidden = self.body(observations)
        logits = self.policy(hidden).masked_fill(masks == 0, float("-inf"))
        return logits, self.value(hidden).squeeze(-1)


def masked_entropy(logits: torch.Tensor) -> torch.Tensor:
    """Entropy of softmax(logits), ignoring ``-inf`` entries (whose probability is 0)."""
    probs = torch.softmax(logits, dim=-1)
    log_probs = torch.log_softmax(logits, dim=-1).masked_fill(torch.isinf(logits), 0.0)
    return -(probs * log_probs).sum(-1)


def train(
    config: Config,
    *,
    minutes: float | None = None,
    updates: int | None = None,
    log: Callable[[str], None] | None = print,
) -> History:
    """Train until ``minutes`` have passed or ``updates`` PPO updates are done (whichever first)."""
    if minutes is None and updates is None:
        raise ValueError("give minutes, updates or both")
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    generator = torch.Generator().manual_seed(config.seed)

    games = BatchEnv(config.envs, players=config.players, encoding="hle")
    observations, masks = games.reset(seed=config.seed * 1_000_003)
    model = ActorCritic(games.observation_size, games.move_count, config.hidden)
    optimiser = torch.optim.Adam(model.parameters(), lr=config.lr, eps=1e-5)

    n, t = config.envs, config.rollout
    buffer_obs = torch.zeros((t, n, games.observation_size))
    buffer_masks = torch.zeros((t, n, games.move_count), dtype=torch.int8)
    buffer_moves = torch.zeros((t, n), dtype=torch.long)
    buffer_logp = torch.zeros((t, n))
    buffer_values = torch.zeros((t, n))
    buffer_rewards = torch.zeros((t, n))
    buffer_dones = torch.zeros((t, n))

    history = History()
    running = np.zeros(n, np.float64)  # each game's score so far
    recent: list[float] = []
    start = time.perf_counter()
    last_log = -float("inf")
    obs = torch.from_numpy(observations).float()
    mask = torch.from_numpy(masks)

    def report(elapsed: float) -> None:
        mean = float(np.mean(recent)) if recent else float("nan")
        point = Point(elapsed, history.steps, len(history.scores), mean)
        history.points.append(point)
        recent.clear()
        if log is not None:
            log(
                f"{elapsed:7.1f}s  steps {point.steps:>10,}  games {point.games:>8,}  "
                f"mean score {mean:5.2f}  steps/s {point.steps / max(elapsed, 1e-9):8,.0f}"
            )

    while True:
        elapsed = time.perf_counter() - start
        if updates is not None and history.updates >= updates:
            break
        if minutes is not None and elapsed >= minutes * 60:
            break
        if elapsed - last_log >= config.log_seconds and history.scores:
            report(elapsed)
            last_log = elapsed

        # --- rollout: every game's seat on turn acts with the one shared policy
        with torch.no_grad():
            for step in range(t):
                logits, values = model(obs, mask)
                moves = torch.multinomial(torch.softmax(logits, -1), 1, generator=generator)
                moves = moves.squeeze(-1)
                buffer_obs[step] = obs
                buffer_masks[step] = mask
                buffer_moves[step] = moves
                buffer_logp[step] = torch.log_softmax(logits, -1).gather(1, moves[:, None])[:, 0]
                buffer_values[step] = values
                observations, masks, rewards, dones = games.step(moves.numpy())
                buffer_rewards[step] = torch.from_numpy(rewards)
                buffer_dones[step] = torch.from_numpy(dones.astype(np.float32))
                running += rewards
                if dones.any():
                    finished = running[dones].tolist()
                    history.scores.extend(finished)
                    recent.extend(finished)
                    running[dones] = 0.0
                obs = torch.from_numpy(observations).float()
                mask = torch.from_numpy(masks)
            _, next_values = model(obs, mask)
        history.steps += n * t

        # --- generalised advantage estimates (the team's shared return, across seats)
        advantages = torch.zeros((t, n))
        carry = torch.zeros(n)
        for step in reversed(range(t)):
            following = next_values if step == t - 1 else buffer_values[step + 1]
            alive = 1.0 - buffer_dones[step]
            delta = buffer_rewards[step] + config.gamma * following * alive - buffer_values[step]
            carry = delta + config.gamma * config.lam * alive * carry
            advantages[step] = carry
        returns = advantages + buffer_values

        # --- PPO update
        flat = {
            "obs": buffer_obs.reshape(t * n, -1),
            "masks": buffer_masks.reshape(t * n, -1),
            "moves": buffer_moves.reshape(-1),
            "logp": buffer_logp.reshape(-1),
            "advantages": advantages.reshape(-1),
            "returns": returns.reshape(-1),
        }
        size = t * n // config.minibatches
        total_loss = 0.0
        for _ in range(config.epochs):
            order = torch.randperm(t * n, generator=generator)
            for first in range(0, t * n, size):
                index = order[first : first + size]
                logits, values = model(flat["obs"][index], flat["masks"][index])
                logp = torch.log_softmax(logits, -1).gather(1, flat["moves"][index, None])[:, 0]
                adv = flat["advantages"][index]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                ratio = (logp - flat["logp"][index]).exp()
                clipped = ratio.clamp(1 - config.clip, 1 + config.clip)
                policy_loss = -torch.min(ratio * adv, clipped * adv).mean()
                value_loss = (values - flat["returns"][index]).pow(2).mean()
                entropy = masked_entropy(logits).mean()
                loss = policy_loss + config.value * value_loss - config.entropy * entropy
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), config.max_grad_norm)
                optimiser.step()
                total_loss += float(loss.detach())
        history.losses.append(total_loss / (config.epochs * config.minibatches))
        history.updates += 1

    history.seconds = time.perf_counter() - start
    report(history.seconds)
    return history


def plot(history: History, path: str) -> None:
    """Mean score against minutes (left) and environment steps (right), saved as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = [p for p in history.points if not np.isnan(p.mean_score)]
    scores = [p.mean_score for p in points]
    figure, (by_time, by_steps) = plt.subplots(1, 2, figsize=(8, 3.2), dpi=90, sharey=True)
    by_time.plot([p.seconds / 60 for p in points], scores, marker=".", color="tab:blue")
    by_time.set_xlabel("minutes")
    by_time.set_ylabel("mean score of finished games")
    by_steps.plot([p.steps / 1e6 for p in points], scores, marker=".", color="tab:green")
    by_steps.set_xlabel("environment steps (millions)")
    for axes in (by_time, by_steps):
        axes.set_ylim(bottom=0)
        axes.grid(alpha=0.3)
    figure.suptitle("PPO self-play on the CPU, 2 players, BatchEnv (hle encoding)", fontsize=10)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=(
            "Train a PPO self-play agent for two-player Hanabi on the CPU over openhanabi's "
            "BatchEnv and print its mean score as it learns: one line every ~10 seconds with "
            "the time, environment steps, games finished and the mean final score of the games "
            "finished since the line before (0 for a game lost to the fuse)."
        ),
        epilog="example: python examples/train_selfplay.py --minutes 4 --plot scores.png",
    )
    parser.add_argument(
        "--minutes", type=float, default=4.0, help="training time in minutes (default 4)"
    )
    parser.add_argument(
        "--updates", type=int, default=None, help="stop after this many PPO updates instead"
    )
    parser.add_argument("--envs", type=int, default=256, help="games played at once (default 256)")
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of torch and the deals (default 0)"
    )
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    parser.add_argument(
        "--plot", metavar="FILE.png", default=None, help="save a plot of mean score to this PNG"
    )
    args = parser.parse_args(argv)
    config = Config(envs=args.envs, seed=args.seed, threads=args.threads)
    minutes = None if args.updates is not None else args.minutes
    history = train(config, minutes=minutes, updates=args.updates)
    print(
        f"{history.updates} updates, {history.steps:,} steps, {len(history.scores):,} games "
        f"in {history.seconds / 60:.1f} minutes ({history.steps / history.seconds:,.0f} steps/s)"
    )
    if args.plot:
        plot(history, args.plot)
        print(f"plot saved to {args.plot}")


if __name__ == "__main__":
    main()
