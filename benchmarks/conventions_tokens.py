"""Where the ``conventions`` bot's clue tokens and useful cards go, in self-play.

For each player count it plays seeds 0..N-1 of the base game and prints, per game:

* the clues given by kind (what the bot said each was for: a play clue, a save, a fix of a card
  about to be misplayed, a tempo clue that tells a clued card's holder it fits now, a stall), the
  clue tokens held when each was given, and how many cards each newly touched were played or
  discarded later;
* the turns begun with every clue token in hand (a discard is not allowed on them), the saves
  of the next player's chop given by a seat holding two or more cards it knows fit (the chances
  for an order chop move, a save told by the order of one's plays), and the discards by the
  clue tokens held when they were made (a discard with none left is forced);
* the discards by what the card was: useless, still needed with its other copy played in the
  end, lost too (discarded or misplayed), still in a hand or never drawn when the game ended,
  and last copies;
* the last copies discarded by why nobody saved them: a clue had touched the card, it was not
  the chop, nobody else had a turn while it sat on the chop (and whether the chop had moved onto
  it: a clue touched the card before it), nobody who had a turn had a clue token, or some did
  and chose otherwise (what they did instead is counted too); how many were discarded with
  no clue token left; and the discards that lost them by the move the bot said it made (a
  chop discard, a positional discard rather than a known play, ...);
* the clue tokens and the points still to score when the draw pile ran out, and the points
  still reachable but unplayed when the game ended.

It reads the referee's whole game, as a benchmark may; the bots never see more than their view.
On a terminal a progress bar (on standard error) follows each player count.

    python benchmarks/conventions_tokens.py [--games 300] [--players 3 4 5] [--jobs J]
"""

from __future__ import annotations

import argparse
import math
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from openhanabi.bench.progress import progress_bar
from openhanabi.bots import Bot, seat_seed
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Action, ActionType, Game, Result, find_variant

# what the bot says a clue is for (the ``why`` of its ``conventions.clue`` reason)
KINDS = {
    "conventions.why.play": "play",
    "conventions.why.play_finesse": "play",
    "conventions.why.play_prompt": "play",
    "conventions.why.keep": "save",
    "conventions.why.save": "save",
    "conventions.why.fix_misplay": "fix",
    "conventions.why.fix": "tempo",
}
CLUE_KINDS = ("play", "save", "fix", "tempo", "stall")
CHUNK = 25  # games a worker plays at a time, at most


@dataclass
class OnChop:
    """A last copy sitting on its holder's chop: how it got there and who could have saved it."""

    moved: bool  # the chop moved onto it because a clue touched the card before it
    turns: int = 0  # other players' turns taken while it sat there
    chances: int = 0  # other players' turns taken with a clue token while it sat there
    instead: Counter[str] = field(default_factory=Counter)  # what they did on those turns


def clue_kind(bot: Bot) -> str:
    """What the bot said its clue was for: play, save, fix, tempo or stall."""
    why = bot.reason()
    if why is None or why.key not in ("conventions.clue", "conventions.free_clue"):
        return "stall"
    detail = why.params.get("why")
    return KINDS.get(getattr(detail, "key", ""), "stall")


def chop_of(game: Game, seat: int) -> int | None:
    """The oldest card of ``seat``'s hand that no clue has touched (blind calls not counted)."""
    for order in game.hands[seat]:
        if not game.touched[order]:
            return order
    return None


def is_last_copy(game: Game, ident: int) -> bool:
    """Whether ``ident`` is still to play and every other copy of it is in the discard pile."""
    t = game.tables
    if game.fireworks[t.suit_of[ident]] >= t.card[ident].rank:
        return False
    return t.copies[ident] - game.lost_counts()[ident] == 1


def is_useless(game: Game, ident: int) -> bool:
    """Whether ``ident`` is played already or can no longer be reached."""
    t = game.tables
    suit = t.suit_of[ident]
    row = t.needed[suit]
    lost = game.lost_counts()
    for k in range(game.fireworks[suit], row.index(ident) if ident in row else 0):
        if lost[row[k]] >= t.copies[row[k]]:
            return True
    return game.fireworks[suit] >= t.card[ident].rank


def play_one(players: int, seed: int, out: Counter[str]) -> None:
    """Play one game of ``seed`` and add its counts to ``out``."""
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(seat, variant, seat_seed(seed, seat)) for seat in range(players)]
    game = Game.new(variant, seed)
    t = game.tables
    clued_as: dict[int, str] = {}  # card -> the kind of the clue that first touched it
    on_chop: dict[int, OnChop] = {}
    chops: list[int | None] = [None] * players
    moved = [False] * players
    needed: list[int] = []  # identities of needed cards discarded while another copy was left
    deck_out = False
    while game.outcome is None:
        seat = game.seat
        tokens = game.clue_tokens
        out["turns"] += 1
        out["turns with every token"] += tokens == variant.clue_tokens
        for p in range(players):
            chop = chop_of(game, p)
            if chop != chops[p]:
                before = chops[p]
                moved[p] = before is not None and before in game.hands[p] and game.touched[before]
                chops[p] = chop
            if (
                chop is not None
                and chop not in on_chop
                and is_last_copy(game, game.identities[chop])
            ):
                on_chop[chop] = OnChop(moved[p])
        holder = {o: p for p in range(players) for o in game.hands[p]}
        action = bots[seat].act(game.view(seat))
        for order, watch in on_chop.items():
            if holder.get(order, seat) == seat:
                continue
            watch.turns += 1
            if tokens > 0:
                watch.chances += 1
                watch.instead["clue" if action.is_clue else action.type.name.lower()] += 1
        reach = game.max_reachable()
        fresh = (
            {o for o in game.hands[action.target] if not game.touched[o]}
            if action.is_clue
            else set()
        )
        # an order chop move's chance: the next player's chop saved by a seat that could have
        # told them to keep it by the order in which it plays cards it knows fit
        known = sum(1 for o in game.hands[seat] if bots[seat].state.sure_play(o))
        game.apply(action)
        event = game.events[-1]
        if action.is_clue:
            if (
                known >= 2
                and action.target == (seat + 1) % players
                and clue_kind(bots[seat]) == "save"
            ):
                out["next chop saved by a seat with 2+ known plays"] += 1
            note_clue(
                out, bots[seat], action, tokens, [o for o in event.touched if o in fresh], clued_as
            )
        elif event.result is Result.PLAYED and action.target in clued_as:
            out[f"clue {clued_as[action.target]} played"] += 1
        elif event.result is Result.DISCARDED:
            order = action.target
            ident = game.identities[order]
            out[f"tokens at a discard: {tokens}"] += 1
            if order in clued_as:
                out[f"clue {clued_as[order]} discarded"] += 1
            if game.max_reachable() < reach:
                note_last_copy(out, game, order, on_chop.get(order), tokens)
                said = bots[seat].reason()
                move = said.key.removeprefix("conventions.") if said else "unexplained"
                out[f"last copy discarded, as: {move}"] += 1
            elif is_useless(game, ident):
                out["discard: useless"] += 1
            else:
                needed.append(ident)
        on_chop = {o: w for o, w in on_chop.items() if any(o in hand for hand in game.hands)}
        if not deck_out and not game.draw_pile:
            deck_out = True
            out["draw pile out: clue tokens"] += game.clue_tokens
            out["draw pile out: points to go"] += game.max_reachable() - game.score
    assert game.outcome is not None
    out["games"] += 1
    out["score"] += game.outcome.score
    out["end: reachable but unplayed"] += game.max_reachable() - game.outcome.score
    in_hands = Counter(game.identities[o] for hand in game.hands for o in hand)
    lost = game.lost_counts()
    for ident in needed:
        if game.fireworks[t.suit_of[ident]] >= t.card[ident].rank:
            out["discard: needed, other copy played"] += 1
        elif lost[ident] >= t.copies[ident]:
            out["discard: needed, other copy lost too"] += 1
        elif in_hands[ident]:
            out["discard: needed, other copy in a hand at the end"] += 1
        else:
            out["discard: needed, other copy never drawn"] += 1


def note_clue(
    out: Counter[str],
    bot: Bot,
    action: Action,
    tokens: int,
    fresh: list[int],
    clued_as: dict[int, str],
) -> None:
    """Count a clue by kind, with the tokens held and the cards it newly touched."""
    kind = clue_kind(bot)
    out[f"clue {kind}"] += 1
    out[f"clue {kind} tokens"] += tokens
    out[f"clue {kind} new cards"] += len(fresh)
    if action.type is ActionType.RANK_CLUE and action.value == 5:
        out[f"clue {kind} 5s"] += 1
    for order in fresh:
        clued_as[order] = kind


def note_last_copy(
    out: Counter[str], game: Game, order: int, watch: OnChop | None, tokens: int
) -> None:
    """Count a last copy discarded, by why nobody saved it."""
    out["last copy discarded"] += 1
    out[f"last copy discarded: rank {game.tables.card[game.identities[order]].rank}"] += 1
    if tokens == 0:
        out["last copy discarded: with no token"] += 1
    if game.touched[order]:
        why = "a clue had touched it"
    elif watch is None:
        why = "not the chop"
    elif watch.turns == 0:
        why = (
            "nobody else had a turn, the chop moved onto it"
            if watch.moved
            else "nobody else had a turn"
        )
    elif watch.chances == 0:
        why = "no clue token on the others' turns"
    else:
        why = "others chose otherwise"
        for what, n in watch.instead.items():
            out[f"last copy discarded: others' turns: {what}"] += n
    out[f"last copy discarded, why: {why}"] += 1


def run(players: int, seeds: range) -> Counter[str]:
    out: Counter[str] = Counter()
    for seed in seeds:
        play_one(players, seed, out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="seeds 0..N-1 (default 300)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[3, 4, 5], help="player counts (default 3 4 5)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default one per CPU)",
    )
    args = parser.parse_args()
    # small chunks: the progress bar moves often, and the workers finish together
    chunk = max(1, min(CHUNK, math.ceil(args.games / (4 * args.jobs))))
    with ProcessPoolExecutor(args.jobs) as pool:
        for players in args.players:
            total: Counter[str] = Counter()
            futures = [
                pool.submit(run, players, range(lo, min(lo + chunk, args.games)))
                for lo in range(0, args.games, chunk)
            ]
            with progress_bar() as progress:
                task = progress.add_task(f"{players} players", total=args.games)
                for future in as_completed(futures):
                    progress.advance(task, future.result()["games"])
            for future in futures:
                total.update(future.result())
            n = total["games"]
            print(f"\n{players} players, seeds 0..{args.games - 1}, mean {total['score'] / n:.3f}")
            print("  per game: clues, at tokens; per clue: new cards, played, discarded; 5 clues")
            for kind in CLUE_KINDS:
                given = total[f"clue {kind}"]
                if given:
                    print(
                        f"  {kind:<6} {given / n:6.2f}"
                        f" at {total[f'clue {kind} tokens'] / given:4.1f}"
                        f"  {total[f'clue {kind} new cards'] / given:5.2f}"
                        f" {total[f'clue {kind} played'] / given:5.2f}"
                        f" {total[f'clue {kind} discarded'] / given:6.3f}"
                        f"  {total[f'clue {kind} 5s'] / n:5.2f}"
                    )
            print("  per game:")
            for key in sorted(total):
                if not key.startswith(("clue", "games", "score")):
                    print(f"  {key:<56} {total[key] / n:7.3f}")


if __name__ == "__main__":
    main()
