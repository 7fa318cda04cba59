"""Why the ``conventions`` bot leaves reachable cards unplayed: the table at the moment the draw
pile empties, and what the last turns were spent on (self-play, seeds 0..N-1).

At the last draw it notes, per game on average (over the games that reach the last draw: not
those won or struck out before it):

* the score and the best score still reachable (``reach``: no lost last copy stands in the way);
* the **pace**: score + cards left to draw + players - reach, the number of turns the team can
  still spend without playing before a reachable point is lost for good (a discard lowers it by
  one, a play or a clue leaves it as it is; at the last draw no card is left to draw, so a pace
  below 0 is that many points lost whatever happens next);
* the clue tokens;
* the needed cards (one copy of each card the fireworks still need to reach ``reach``): how
  many are in hands, known playable by their holder now, clued, unclued, and how many were
  drawn in the last ``players`` draws;
* ``ideal``: the best score the last round could reach if every player saw their own cards
  (each seat has exactly one turn left): what is lost before the last draw is ``reach - ideal``,
  what the last round loses is ``ideal - final``.

Earlier, when each of ``--ideal-from`` numbers of cards are left to draw (3 by default), it
notes the score then and the best score the rest of the game could reach if every player saw
every card, their own and the draw pile's order (:func:`ideal`). No play from that moment can
beat it, so a target above it can only be reached by playing better before.

Then it counts the bot's moves in the last two rounds (the turns from when the draw pile held
``players`` cards or fewer) by the reason the bot gave, and, once the game is over, where the
next card of each firework that stopped below its reachable height was: known to fit by its
holder, who had no turn left for it (because the card before it was played only after the
holder's last turn, or because that turn went to another card), clued but not known to fit, or
never clued (and whether every copy left was in one hand, where good touch keeps a clue from
touching just one).

    python benchmarks/conventions_endgame.py [--games 200] [--players 3 4 5] [--seed 0]
        [--ideal-from 3 [6 ...]] [--no-search]

On a terminal a progress bar (on standard error) follows each player count.
"""

from __future__ import annotations

import argparse
import collections
import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from openhanabi.bench.progress import progress_bar
from openhanabi.bots import seat_seed
from openhanabi.bots.conventions.bot import ConventionsBot
from openhanabi.rules import ActionType, Game, Result, Termination, find_variant
from openhanabi.rules.tables import identity, tables_for

FIGURES = (
    "score",
    "reach",
    "pace",
    "pace_at_10",
    "tokens",
    "needed",
    "known",
    "clued",
    "unclued",
    "late",
    "ideal",
    "final",
)


# the identities in each hand, sorted: with every card seen, a hand's order does not matter
Hands = tuple[tuple[int, ...], ...]


@dataclass
class Tally:
    games: int = 0
    sums: dict[str, float] = field(default_factory=lambda: dict.fromkeys(FIGURES, 0.0))
    pace: collections.Counter[int] = field(default_factory=collections.Counter)
    moves: collections.Counter[str] = field(default_factory=collections.Counter)
    missed: collections.Counter[str] = field(default_factory=collections.Counter)
    stopped: collections.Counter[str] = field(default_factory=collections.Counter)
    lost_before: int = 0
    lost_last: int = 0
    short: int = 0  # points lost for want of turns alone: a pace below 0 at the last draw
    # every game, won or struck out too (a game over before an early moment counts its final
    # score for both): final scores (a strikeout 0), and, by cards left to draw, the score and
    # ``ideal`` at that moment
    every: int = 0
    every_final: int = 0
    early_score: collections.Counter[int] = field(default_factory=collections.Counter)
    early: collections.Counter[int] = field(default_factory=collections.Counter)


def ideal(game: Game) -> int:
    """The best score the rest of ``game`` could reach if every player saw every card, their
    own and the draw pile's order: a bound no play can beat from here (base-game rules: a play,
    a discard or a clue a turn; a clue changes nothing but the tokens and whose turn it is;
    misplays are left out, as a discard does what they do and earns a token too, save for a
    draw with every token in hand). Exhaustive: from the most any turn left could add
    downwards, whether the rest of the game can add that many points, a search that stops at
    the first way found. A fraction of a second a game from six cards left to draw, seconds
    from eight."""
    tables = tables_for(game.variant)
    idents = game.identities  # the harness may look at every card: it is not a player
    players = game.variant.players
    most_tokens = game.variant.clue_tokens
    needed = tables.needed
    suit_of = tables.suit_of
    pile = tuple(game.draw_pile)  # top at the end
    count = len(game.fireworks)

    @functools.cache
    def most(fireworks: tuple[int, ...], hands: Hands, left: int, turns_left: int) -> int:
        """At most the cards in play can score, in chain order, and one a turn: every play
        before the last draw draws a card, then one turn each."""
        cards = set(pile[:left])
        for hand in hands:
            cards.update(hand)
        total = 0
        for suit in range(count):
            k = fireworks[suit]
            while needed[suit][k] >= 0 and needed[suit][k] in cards:
                k += 1
            total += k - fireworks[suit]
        return min(total, left + (players if turns_left < 0 else turns_left))

    @functools.cache
    def can(
        fireworks: tuple[int, ...],
        hands: Hands,
        left: int,
        tokens: int,
        turns_left: int,
        seat: int,
        goal: int,
    ) -> bool:
        """Whether the rest of the game can score ``goal`` more points."""
        if goal <= 0:
            return True
        if most(fireworks, hands, left, turns_left) < goal:
            return False
        hand = hands[seat]
        after = (seat + 1) % players
        counting = turns_left - 1 if turns_left > 0 else turns_left

        def without(index: int) -> tuple[Hands, int, int]:
            kept = hand[:index] + hand[index + 1 :]
            if left:
                kept = tuple(sorted((*kept, pile[left - 1])))
            changed = (*hands[:seat], kept, *hands[seat + 1 :])
            return changed, max(0, left - 1), players if left == 1 else counting

        for index, ident in enumerate(hand):
            suit = suit_of[ident]
            if needed[suit][fireworks[suit]] != ident or ident in hand[:index]:
                continue
            raised = (*fireworks[:suit], fireworks[suit] + 1, *fireworks[suit + 1 :])
            gained = tokens + (needed[suit][raised[suit]] < 0 and tokens < most_tokens)
            changed, rest, turns = without(index)
            if can(raised, changed, rest, gained, turns, after, goal - 1):
                return True
        if tokens < most_tokens:
            tried = set()
            for index, ident in enumerate(hand):
                suit = suit_of[ident]
                # every card its firework no longer needs is the same discard
                kind = ident if ident in needed[suit][fireworks[suit] :] else -1
                if kind in tried:
                    continue
                tried.add(kind)
                changed, rest, turns = without(index)
                if can(fireworks, changed, rest, tokens + 1, turns, after, goal):
                    return True
        return tokens > 0 and can(fireworks, hands, left, tokens - 1, counting, after, goal)

    hands = tuple(tuple(sorted(idents[o] for o in hand)) for hand in game.hands)
    fireworks = tuple(game.fireworks)
    goal = most(fireworks, hands, len(pile), game.turns_left)
    while goal > 0 and not can(
        fireworks, hands, len(pile), game.clue_tokens, game.turns_left, game.seat, goal
    ):
        goal -= 1
    return game.score + goal


def needed_cards(game: Game) -> set[int]:
    """The identities the fireworks still need to reach the best reachable score."""
    tables = tables_for(game.variant)
    gone = game._discarded
    needed = set()
    for suit, played in enumerate(game.fireworks):
        row = tables.needed[suit]
        k = played
        while row[k] >= 0 and gone[row[k]] < tables.copies[row[k]]:
            needed.add(row[k])
            k += 1
    return needed


def knows_playable(bot: ConventionsBot, game: Game, order: int) -> bool:
    view = game.view(bot.seat)
    st = bot.state
    st.sync(view)
    belief = bot._own_belief(view, order)
    return st.marked(order) and belief != 0 and belief & ~st.playable == 0


def play(
    players: int, seed: int, tally: Tally, early: Sequence[int] = (3,), search: bool = True
) -> None:
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seat_seed(seed, s), search=search) for s in range(players)]
    game = Game.new(variant, seed)
    drawn_at: dict[int, int] = {order: 0 for hand in game.hands for order in hand}
    draws = 0
    snap: dict[str, float] = {}
    seen: dict[int, tuple[int, int]] = {}  # cards left to draw -> the score and ideal() then
    while game.outcome is None:
        for cards in early:
            if cards not in seen and len(game.draw_pile) <= cards and game.turns_left < 0:
                seen[cards] = (game.score, ideal(game))
        if "pace_at_10" not in snap and len(game.draw_pile) <= 10:
            snap["pace_at_10"] = game.score + len(game.draw_pile) + players - game.max_reachable()
        late = len(game.draw_pile) <= players
        bot = bots[game.seat]
        could = game.turns_left >= 0 and any(game.is_playable(o) for o in game.hands[game.seat])
        action = bot.act(game.view(game.seat))
        if late:
            why = bot.reason()
            tally.moves[why.key if why is not None else "none"] += 1
        if could and not (action.type is ActionType.PLAY and game.is_playable(action.target)):
            why = bot.reason()
            tally.missed[why.key if why is not None else "none"] += 1
        game.apply(action)
        drew = game.events[-1].drew
        if drew >= 0:
            draws += 1
            drawn_at[drew] = draws
            if not game.draw_pile:
                snap.update(snapshot(game, bots, drawn_at, draws))
    tally.every += 1
    tally.every_final += game.outcome.score
    for cards in early:
        score, best = seen.get(cards, (game.outcome.score, game.outcome.score))
        tally.early_score[cards] += score
        tally.early[cards] += best
    if "score" not in snap or game.outcome.termination is Termination.STRIKEOUT:
        return
    snap["final"] = game.outcome.score
    tally.games += 1
    tally.stopped.update(stopped_fireworks(game, bots))
    for name in FIGURES:
        tally.sums[name] += snap.get(name, 0.0)
    tally.pace[int(snap["pace"])] += 1
    tally.lost_before += int(snap["reach"] - snap["ideal"])
    tally.short += max(0, -int(snap["pace"]))
    tally.lost_last += int(snap["ideal"] - snap["final"])


def stopped_fireworks(game: Game, bots: list[ConventionsBot]) -> list[str]:
    """At the end of a game, for each firework below its reachable height: where its next card
    was."""
    tables = tables_for(game.variant)
    needed = needed_cards(game)
    found = []
    for suit, played in enumerate(game.fireworks):
        ident = tables.needed[suit][played]
        if ident not in needed:
            continue
        holders = [
            (s, o) for s, hand in enumerate(game.hands) for o in hand if game.identities[o] == ident
        ]
        knowing = [s for s, o in holders if knows_playable(bots[s], game, o)]
        if knowing:
            last = max(i for i, e in enumerate(game.events) if e.seat == knowing[0])
            before = tables.needed[suit][played - 1] if played else -1
            late = any(
                e.result is Result.PLAYED and e.card is not None and identity(e.card) == before
                for e in game.events[last + 1 :]
            )
            found.append(
                "known, the card before it played after the holder's last turn"
                if late
                else "known, the holder's last turn went to another card"
            )
        elif any(bots[s].state.marked(o) for s, o in holders):
            found.append("clued, not known to fit")
        elif len(holders) > 1 and len({s for s, _ in holders}) == 1:
            found.append("unclued, every copy in one hand")
        else:
            found.append("unclued")
    return found


def snapshot(
    game: Game, bots: list[ConventionsBot], drawn_at: dict[int, int], draws: int
) -> dict[str, float]:
    players = game.variant.players
    reach = game.max_reachable()
    needed = needed_cards(game)
    known = clued = unclued = late = 0
    for ident in needed:
        holders = [
            (s, o) for s, hand in enumerate(game.hands) for o in hand if game.identities[o] == ident
        ]
        if any(knows_playable(bots[s], game, o) for s, o in holders):
            known += 1
        if any(bots[s].state.marked(o) for s, o in holders):
            clued += 1
        else:
            unclued += 1
        if holders and min(draws - drawn_at[o] for _, o in holders) < players:
            late += 1
    return {
        "score": game.score,
        "reach": reach,
        "pace": game.score + players - reach,
        "tokens": game.clue_tokens,
        "needed": len(needed),
        "known": known,
        "clued": clued,
        "unclued": unclued,
        "late": late,
        "ideal": ideal(game),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=200, help="seeds per player count (default 200)"
    )
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[3, 4, 5], help="player counts (default 3 4 5)"
    )
    parser.add_argument(
        "--ideal-from",
        type=int,
        nargs="+",
        default=[3],
        metavar="CARDS",
        help="when this many cards are left to draw, the best score every card seen could reach"
        " (default 3; the work grows fast with it: up to 6, a fraction of a second a game; 8,"
        " seconds)",
    )
    parser.add_argument(
        "--no-search",
        action="store_true",
        help="the bots play without their endgame search (default: with it)",
    )
    args = parser.parse_args()
    for players in args.players:
        tally = Tally()
        start = time.process_time()
        with progress_bar() as progress:
            task = progress.add_task(f"{players} players", total=args.games)
            for seed in range(args.seed, args.seed + args.games):
                play(players, seed, tally, args.ideal_from, not args.no_search)
                progress.advance(task)
        n = max(1, tally.games)
        every = max(1, tally.every)
        print(f"{players} players, {tally.every} games ({time.process_time() - start:.0f} s CPU)")
        print(f"  every game: final {tally.every_final / every:.3f}")
        for cards in args.ideal_from:
            print(
                f"  with {cards} cards left to draw: score {tally.early_score[cards] / every:.3f},"
                f" the best every card seen could reach {tally.early[cards] / every:.3f}"
            )
        print(f"  {tally.games} games reached the last draw")
        print("  at the last draw: " + ", ".join(f"{k} {tally.sums[k] / n:.2f}" for k in FIGURES))
        print(
            f"  lost before the last draw {tally.lost_before / n:.2f} (of which a pace below 0:"
            f" {tally.short / n:.2f}; the rest: needed cards in the wrong hands or order), in the"
            f" last round {tally.lost_last / n:.2f}"
        )
        print(
            "  pace at the last draw: "
            + ", ".join(f"{p}: {c}" for p, c in sorted(tally.pace.items()))
        )
        total = sum(tally.moves.values())
        print("  moves in the last two rounds, per game:")
        for key, count in tally.moves.most_common():
            print(f"    {key:<32} {count / n:.2f}  ({100 * count / total:.0f} %)")
        print("  last-round turns of a seat holding a playable card that it did not play:")
        for key, count in tally.missed.most_common():
            print(f"    {key:<32} {count / n:.2f}")
        print("  at the end, the next card of a firework below its reachable height, per game:")
        for key, count in tally.stopped.most_common():
            print(f"    {key:<64} {count / n:.2f}")


if __name__ == "__main__":
    main()
