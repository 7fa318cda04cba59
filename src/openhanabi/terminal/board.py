"""The board as one seat sees it: a pure function of a :class:`~openhanabi.rules.SeatView`.

Everything drawn comes from the view, so the person's own cards show only what clues and public
cards tell them. Cards are coloured where the terminal allows, but every card is also written
as its suit letter and rank, so the board reads the same without colour.

>>> from openhanabi.rules import Game, find_variant
>>> game = Game.new(find_variant("base", players=2), seed=1)
>>> print(render_board(game.view(0), ("Ann", "Bob")).plain)
base, 2 players   turn 1   your turn
Fireworks   R- Y- G- B- W-    score 0 of 25
Clue tokens 8 of 8   Storms 0 of 3   Draw pile 40
Discards    none
<BLANKLINE>
▶ 1 Ann (you)  slot 1   slot 2   slot 3   slot 4   slot 5
               ??       ??       ??       ??       ??
  2 Bob        W1       W4       Y5       Y4       B5
               -        -        -        -        -
<BLANKLINE>
Recent moves: none yet
<BLANKLINE>
Your turn: play N, discard N, clue WHO WHAT; suggest for advice, help for more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from openhanabi.rules import Card, Decision, Outcome, SeatView, Termination, Variant, rating
from openhanabi.terminal.commands import choices
from openhanabi.terminal.words import (
    card_name,
    counted,
    event_text,
    hands_before,
    knowledge_label,
)

CELL = 9  # the width of one card's column
FEW = 3  # own cards with at most this many possible identities list them

_STYLES = {
    "red": "bold red",
    "yellow": "bold yellow",
    "green": "bold green",
    "blue": "bold blue",
    "white": "bold bright_white",
    "black-powder": "bold bright_black",
}


def suit_style(variant: Variant, suit: int) -> str:
    """The colour of a suit's cards on a terminal (multicolour suits are magenta)."""
    return _STYLES.get(variant.suits[suit].key, "bold magenta")


def card_text(card: Card, variant: Variant) -> Text:
    return Text(card_name(card, variant), style=suit_style(variant, card.suit))


def render_board(
    view: SeatView,
    names: Sequence[str],
    notes: Mapping[int, str] | None = None,
    recent: int = 8,
    compact: bool = False,
) -> Text:
    """The board for ``view``'s seat: counters, fireworks, discards, hands, a pending bonus tile
    decision and the last ``recent`` events of the log, each followed by its note (a bot's
    explanation) from ``notes``, keyed by the event's index in the log; ``compact``, without
    the empty lines between its parts (for a short screen)."""
    board = Text()
    for part in (
        _header(view, names),
        _fireworks(view),
        _counters(view),
        _discards(view),
        Text(),
        _hands(view, names),
        _decision(view),
        _log(view, names, notes or {}, recent),
        _prompt_hint(view),
    ):
        if part is not None:
            board.append_text(part)
            board.append("\n")
    board.rstrip()
    if compact:
        return Text("\n").join(line for line in board.split("\n") if line.plain)
    return board


def _header(view: SeatView, names: Sequence[str]) -> Text:
    described = view.variant.describe(first_seat=1)  # seats as the board numbers them
    if view.outcome is not None:
        return Text(f"{described}   game over after {counted(view.turn, 'turn')}", style="bold")
    status = "your turn" if view.my_turn else f"{names[view.seat_on_turn]}'s turn"
    return Text(f"{described}   turn {view.turn + 1}   {status}", style="bold")


def _fireworks(view: SeatView) -> Text:
    variant = view.variant
    text = Text("Fireworks   ")
    for suit in range(len(variant.suits)):
        top = view.firework_top(suit)
        face = f"{variant.suits[suit].letter}{top if top else '-'}"
        text.append(face, style=suit_style(variant, suit))
        text.append(" ")
    outcome = view.outcome
    if outcome is None:
        text.append(f"   score {view.score} of {variant.max_score}")
        if view.max_reachable < variant.max_score:
            text.append(f" (at most {view.max_reachable} now)")
    elif outcome.termination is Termination.ABANDONED:
        text.append(f"   {view.score} on the fireworks (stopped: no score)")
    else:
        # the game's score, which a strikeout (or an unfinished show) may have made 0
        text.append(f"   final score {outcome.score} of {variant.max_score}")
        if outcome.score != view.score:
            text.append(f" ({view.score} on the fireworks)")
    return text


def _counters(view: SeatView) -> Text:
    variant = view.variant
    text = Text(f"Clue tokens {view.clue_tokens} of {variant.clue_tokens}   ")
    text.append(
        f"Storms {view.storms} of {variant.storms}", style="bold red" if view.storms else ""
    )
    text.append(f"   Draw pile {view.draw_pile_size}")
    if variant.bonus_tiles:
        text.append(f"   Bonus tiles left {view.bonus_tiles_left}")
    if view.turns_left >= 0 and view.outcome is None:
        text.append(f"   Last round: {counted(view.turns_left, 'turn')} left", style="bold")
    return text


def _discards(view: SeatView) -> Text:
    variant = view.variant
    text = Text("Discards    ")
    cards = sorted(view.cards[order] for order in view.discard_pile)
    if not cards:
        return text.append("none")
    previous = cards[0].suit
    for index, card in enumerate(cards):
        # by position: equal cards are one object, so "is cards[0]" holds for a copy too
        text.append("" if index == 0 else "  " if card.suit != previous else " ")
        text.append_text(card_text(card, variant))
        previous = card.suit
    return text


def _hands(view: SeatView, names: Sequence[str]) -> Text:
    text = Text()
    labels = [
        f"{seat + 1} {name} (you)" if seat == view.seat else f"{seat + 1} {name}"
        for seat, name in enumerate(names)
    ]
    width = max(map(len, labels)) + 4
    for seat, hand in enumerate(view.hands):
        marker = "▶ " if seat == view.seat_on_turn and view.outcome is None else "  "
        text.append((marker + labels[seat]).ljust(width), style="bold")
        newest_first = tuple(reversed(hand))
        if seat == view.seat:
            _own_hand(text, view, newest_first, width)
        else:
            _other_hand(text, view, newest_first, width)
    text.rstrip()
    return text


def _other_hand(text: Text, view: SeatView, hand: Sequence[int], indent: int) -> None:
    variant = view.variant
    for order in hand:
        face = card_text(view.cards[order], variant)
        text.append_text(face)
        text.append(" " * (CELL - len(face)))
    text.rstrip()
    text.append("\n" + " " * indent)
    for order in hand:
        knowledge = view.knowledge[order]
        label = knowledge_label(knowledge.from_clues, variant)
        if knowledge.touched:
            label += "*"
        elif label == "??":
            label = "-"
        text.append(label.ljust(CELL))
    text.rstrip()
    text.append("\n")


def _own_hand(text: Text, view: SeatView, hand: Sequence[int], indent: int) -> None:
    variant = view.variant
    text.append("".join(f"slot {slot}".ljust(CELL) for slot in range(1, len(hand) + 1)))
    text.rstrip()
    text.append("\n" + " " * indent)
    few = []
    deduced = view.own_possible()
    for slot, order in enumerate(hand, start=1):
        knowledge = view.knowledge[order]
        possible = sorted(deduced[order])
        label = knowledge_label(possible, variant) + ("*" if knowledge.touched else "")
        text.append(label.ljust(CELL), style="bold" if knowledge.touched else "")
        if 1 < len(possible) <= FEW:
            few.append(f"slot {slot} is {' or '.join(card_name(c, variant) for c in possible)}")
    text.rstrip()
    text.append("\n")
    if few:
        text.append(" " * indent + "; ".join(few) + "\n", style="italic")


def _decision(view: SeatView) -> Text | None:
    decision = view.pending
    if decision is None or not view.my_turn:
        return None
    if decision is Decision.FREE_COLOUR_CLUE:
        return Text("\nBonus tile: give a free colour clue (clue WHO COLOUR).", style="bold")
    if decision is Decision.FREE_RANK_CLUE:
        return Text("\nBonus tile: give a free rank clue (clue WHO RANK).", style="bold")
    what = "shuffle back into the draw pile" if decision is Decision.RESHUFFLE else "play"
    text = Text("\n").append(
        f"Bonus tile: choose a card of the discard pile to {what}:", style="bold"
    )
    for number, action in enumerate(choices(view), start=1):
        text.append(f"  {number}) ")
        text.append_text(card_text(view.cards[action.target], view.variant))
    return text.append("\n(choose N)")


def _log(view: SeatView, names: Sequence[str], notes: Mapping[int, str], recent: int) -> Text:
    text = Text("\n").append("Recent moves", style="bold")
    if not view.events:
        return text.append(": none yet")
    first = max(0, len(view.events) - recent)
    if first and view.outcome is not None:  # no prompt follows, so no log command to name
        text.append(f" (the last {len(view.events) - first} of {len(view.events)})", style="dim")
    elif first:
        text.append(" (log shows them all)", style="dim")
    hands = hands_before(view)
    for index in range(first, len(view.events)):
        text.append(f"\n  {event_text(view, index, names, hands)}")
        if notes.get(index):
            text.append(f"\n      {names[view.events[index].seat]}: {notes[index]}", "italic")
    return text


def _prompt_hint(view: SeatView) -> Text | None:
    if not view.my_turn:
        return None
    if view.pending is not None:
        return Text("\nYour bonus tile decision; help lists every command.")
    # one line of at most 80 columns, so that a terminal of that width does not break it
    if view.variant.declared_play:
        return Text("\nYour turn: play N [COLOUR], discard N, clue WHO WHAT; suggest or help.")
    return Text("\nYour turn: play N, discard N, clue WHO WHAT; suggest for advice, help for more.")


def end_summary(outcome: Outcome, variant: Variant) -> Text:
    """The end screen's lines: the score with its verdict and why the game ended."""
    text = Text().append("Game over: ", style="bold")
    text.append(f"{outcome.detail}.\n")
    if outcome.termination is Termination.ABANDONED:
        return text.append("The game was stopped before its end: no score, no rating.")
    score = f"Score {outcome.score} of {variant.max_score}: "
    if variant.all_or_nothing:
        won = outcome.termination is Termination.PERFECT
        verdict = "won, a perfect show!" if won else "lost (play until perfect: all or nothing)."
    else:
        verdict = rating(outcome.score, variant.max_score).verdict
    return text.append(score + verdict, style="bold")
