"""Where the ``conventions`` bot's seats part ways: what each play clue's giver counted on and
whether it came, and where two seats' notes on the same card differ.

For each play clue (the giver's own reading of it) the focus, the blind plays and the prompts it
counted on are followed: played as expected (and after how many of the player's own turns),
played only after a later clue touched it, misplayed, discarded, or still held at the end. Each
turn, every seat's notes on every card in a hand are compared with the notes its holder keeps:
cards the others think their holder knows to play while the holder does not (and the reverse),
cards one of them thinks a finesse called and the other does not. Cards their holder knows to
play but keeps for several of its turns are counted too. And on each of a focus's holder's turns
while the focus fits (``focus_turn.*``): did they play it, play another card, make another move
though they knew it fits, or not know it fits (the receiver's doubt)? And on the turns the bot
weighed its clues (``weighed.*``; a turn with a known play to make often weighs none): how
often a clue that calls a blind play was among them, and how often the bot gave one.

    python benchmarks/conventions_diagnose.py [--games 300] [--players 3 4 5]

On a terminal a progress bar (on standard error) follows each player count.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from openhanabi.bench.progress import progress_bar
from openhanabi.bots import seat_seed
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.bots.conventions.clues import Option
from openhanabi.bots.conventions.rules import within
from openhanabi.rules import Action, ActionType, Game, Result, SeatView, find_variant


@dataclass
class Expected:
    """One card a clue counted on being played."""

    kind: str  # "focus", "finesse" or "prompt"
    seat: int
    order: int
    turn: int  # the turn the clue was given
    reclued: bool = False


@dataclass
class Tally:
    counts: Counter[str] = field(default_factory=Counter)
    waits: Counter[str] = field(default_factory=Counter)


def _known_to_fit(bot: ConventionsBot, view: SeatView, order: int) -> bool:
    """Whether the seat of ``view`` holds ``order`` marked and knows it fits."""
    st = bot.state
    return st.marked(order) and within(bot._own_belief(view, order), st.playable)


def _focus_turn(bot: ConventionsBot, view: SeatView, focus: int, action: Action) -> str:
    """What the holder of a play clue's focus that fits did on its turn."""
    if focus not in bot.state.blind and not _known_to_fit(bot, view, focus):
        return "unaware"
    if action.type is ActionType.PLAY:
        return "played" if action.target == focus else "played_another"
    return "other_move"


def _finesses(option: Option) -> bool:
    """Whether a clue calls a blind play."""
    return any(link.kind == "finesse" for link in option.reading.links)


def diagnose(players: int, seeds: range, tally: Tally) -> None:
    variant = find_variant("base", players=players)
    for seed in seeds:
        bots = [ConventionsBot(s, variant, seat_seed(seed, s)) for s in range(players)]
        game = Game.new(variant, seed)
        pending: dict[int, Expected] = {}
        own_turns: dict[int, int] = {}  # order -> turns its holder took since it was expected
        known_since: dict[int, int] = {}  # order -> holder turns since it was known playable
        while game.outcome is None:
            seat = game.seat
            bot = bots[seat]
            view = game.view(seat)
            action = bot.act(view)
            # the holder's own known plays before it acts
            st = bot.state
            for order in view.hands[seat]:
                if _known_to_fit(bot, view, order):
                    known_since[order] = known_since.get(order, 0) + 1
            chosen = None
            if bot.clues.weighed is not None:
                # the turns on which the bot weighed its clues: could it give a finesse, did it?
                tally.counts["weighed.turns"] += 1
                if any(_finesses(option) for option in bot.clues.weighed):
                    tally.counts["weighed.finesse_offered"] += 1
                    given = next((o for o in bot.clues.weighed if o.action == action), None)
                    if given is not None and _finesses(given):
                        tally.counts["weighed.finesse_given"] += 1
            if action.is_clue and bot.clues.weighed:
                chosen = next((o for o in bot.clues.weighed if o.action == action), None)
                focus = None if chosen is None else chosen.reading.focus
                if chosen is not None and chosen.kind == "play" and focus is not None:
                    tally.counts["clue.play"] += 1
                    if focus in pending:
                        pending[focus].reclued = True
                    else:
                        pending[focus] = Expected("focus", action.target, focus, game.turn)
                    for link in chosen.reading.links:
                        if link.kind in ("finesse", "prompt"):
                            tally.counts[f"clue.{link.kind}"] += 1
                            if link.order not in pending:
                                pending[link.order] = Expected(
                                    link.kind, link.seat, link.order, game.turn
                                )
            if action.is_clue:
                hand = game.hands[action.target]
                mask = st.clue_mask(action.type, action.value)
                for order in hand:
                    touched = order in pending and 1 << game.identities[order] & mask
                    if touched and (chosen is None or chosen.reading.focus != order):
                        pending[order].reclued = True
            for order in view.hands[seat]:
                if order in pending:
                    own_turns[order] = own_turns.get(order, 0) + 1
                    expected = pending[order]
                    if expected.kind == "focus" and st.playable >> game.identities[order] & 1:
                        tally.counts[f"focus_turn.{_focus_turn(bot, view, order, action)}"] += 1
            game.apply(action)
            event = game.events[-1]
            target = action.target
            if event.result in (Result.PLAYED, Result.MISPLAYED, Result.DISCARDED):
                waited = known_since.pop(target, 0)
                if event.result is Result.PLAYED and waited:
                    tally.waits[f"known.{min(waited, 4)}"] += 1
                exp = pending.pop(target, None)
                if exp is not None:
                    how = {
                        Result.PLAYED: "played",
                        Result.MISPLAYED: "misplayed",
                        Result.DISCARDED: "discarded",
                    }[event.result]
                    if how == "played" and exp.reclued:
                        how = "played_after_reclue"
                    tally.counts[f"{exp.kind}.{how}"] += 1
                    if how == "played":
                        tally.waits[f"{exp.kind}.{min(own_turns.get(target, 0), 4)}"] += 1
                own_turns.pop(target, None)
            # every seat's notes on each card against its holder's
            for b in bots:
                b.state.sync(game.view(b.seat))
            for holder in range(players):
                hs = bots[holder].state
                for order in game.hands[holder]:
                    hb = hs.belief(order)
                    h_play = order in hs.blind or (hs.marked(order) and within(hb, hs.playable))
                    for other in range(players):
                        if other == holder:
                            continue
                        os_ = bots[other].state
                        ob = os_.belief(order)
                        o_play = order in os_.blind or (
                            os_.marked(order) and within(ob, os_.playable)
                        )
                        tally.counts["notes.compared"] += 1
                        if ob != hb:
                            tally.counts["notes.differ"] += 1
                        if o_play and not h_play:
                            tally.counts["notes.others_expect_play"] += 1
                        if h_play and not o_play:
                            tally.counts["notes.holder_only_play"] += 1
                        if (order in os_.blind) != (order in hs.blind):
                            tally.counts["notes.blind_differs"] += 1
        for exp in pending.values():
            tally.counts[f"{exp.kind}.held_at_end"] += 1
        tally.counts["known.held_at_end"] += len(known_since)
        tally.counts["games"] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="seeds 0..N-1 (default 300)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[3, 4, 5], help="player counts (default 3 4 5)"
    )
    args = parser.parse_args()
    for players in args.players:
        tally = Tally()
        with progress_bar() as progress:
            task = progress.add_task(f"{players} players", total=args.games)
            for seed in range(args.games):
                diagnose(players, range(seed, seed + 1), tally)
                progress.advance(task)
        games = tally.counts["games"]
        print(f"== {players} players, {games} games (per game)")
        for key in sorted(tally.counts):
            if key != "games":
                print(f"  {key:32} {tally.counts[key] / games:8.3f}")
        print("  played after N of the holder's own turns (4 = 4 or more), per game")
        for key in sorted(tally.waits):
            print(f"  {key:32} {tally.waits[key] / games:8.3f}")


if __name__ == "__main__":
    main()
