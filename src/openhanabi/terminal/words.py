"""The game in words, as one seat sees it: card faces, what a holder knows, the log as sentences.

Slots are numbered as the board shows them: slot 1 is a hand's newest card (the left end, as on
hanab.live), so a hand's oldest card has the highest number.

>>> from openhanabi.rules import Action, Game, find_variant
>>> game = Game.new(find_variant("base", players=2), seed=1)
>>> game.apply(Action.rank_clue(1, 1))
>>> view = game.view(0)
>>> event_text(view, 0, ("Ann", "Bob"))
'You told Bob: rank 1 → slot 1'
>>> knowledge_label(view.knowledge[view.hands[1][4]].from_clues, view.variant)
'?1'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from openhanabi.bots.explanation import position
from openhanabi.rules import Action, ActionType, Card, Event, Result, SeatView, Variant

YOU = "you"
_SEAT = re.compile(r"\bseat (\d)\b")
_CARD = re.compile(r"\bcard (\d+)\b")


def card_name(card: Card, variant: Variant) -> str:
    """A card's face: its suit letter and rank, such as ``R3``."""
    return card.name(variant)


def counted(number: int, word: str) -> str:
    """``number`` and ``word``, in the plural unless the number is one: ``1 turn``, ``2 turns``.

    >>> counted(1, "turn"), counted(0, "action")
    ('1 turn', '0 actions')
    """
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def knowledge_label(cards: Iterable[Card], variant: Variant) -> str:
    """A short label for a set of possible identities: ``R3``, ``R?``, ``?3`` or ``??``; with
    two suits left, both: ``G/M?`` (a green clue on a card that may be rainbow tells that much).
    """
    suits = sorted({card.suit for card in cards})
    ranks = {card.rank for card in cards}
    letter = "/".join(variant.suits[suit].letter for suit in suits) if len(suits) <= 2 else "?"
    rank = str(next(iter(ranks))) if len(ranks) == 1 else "?"
    return letter + rank


def seat_name(seat: int, names: Sequence[str], you: int, capital: bool = False) -> str:
    """How the log names ``seat``: its player's name, or "you" for the person at ``you``."""
    if seat != you:
        return names[seat]
    return YOU.capitalize() if capital else YOU


def clue_words(action: Action, variant: Variant) -> str:
    """What a clue named: ``red`` or ``rank 2``."""
    if action.type is ActionType.COLOUR_CLUE:
        return variant.colours[action.value].name.lower()
    return f"rank {action.value}"


def hands_before(view: SeatView) -> list[tuple[tuple[int, ...], ...]]:
    """Every hand just before each event of the log, rebuilt from the public log alone (hands
    are dealt one whole hand at a time, seat 0 first)."""
    variant = view.variant
    size = variant.hand_size
    hands = [list(range(seat * size, (seat + 1) * size)) for seat in range(variant.players)]
    before = []
    for event in view.events:
        before.append(tuple(tuple(hand) for hand in hands))
        kind = event.action.type
        if kind is ActionType.PLAY or kind is ActionType.DISCARD:
            hands[event.seat].remove(event.action.target)
        if event.drew >= 0:
            hands[event.seat].append(event.drew)
    return before


def event_text(
    view: SeatView,
    index: int,
    names: Sequence[str],
    hands: Sequence[tuple[tuple[int, ...], ...]] | None = None,
) -> str:
    """Event ``index`` of ``view``'s log as one sentence, such as ``Bob played R3 (slot 2)``."""
    if hands is None:
        hands = hands_before(view)
    event = view.events[index]
    variant = view.variant
    you = view.seat
    who = seat_name(event.seat, names, you, capital=True)
    hand = hands[index][event.seat]
    action = event.action
    face = card_name(event.card, variant) if event.card is not None else "?"
    result = event.result
    if result is Result.CLUE:
        target = hands[index][action.target]
        slots = sorted(position(target, order) for order in event.touched)
        where = "no cards"
        if slots:
            where = ("slot " if len(slots) == 1 else "slots ") + ", ".join(map(str, slots))
        whom = seat_name(action.target, names, you)
        if index and _free(view.events[index - 1], event.seat):
            whom += " (a free clue)"
        text = f"{who} told {whom}: {clue_words(action, variant)} → {where}"
    elif result is Result.DISCARDED:
        text = f"{who} discarded {face} (slot {position(hand, action.target)})"
    elif result is Result.PLAYED:
        text = f"{who} played {face} (slot {position(hand, action.target)})"
        if action.declare is not None:
            # no word of the token it earns: none comes back while every token is available
            text += f", declared {variant.suits[action.declare].name.lower()}"
    elif result is Result.MISPLAYED:
        text = f"{who} misplayed {face} (slot {position(hand, action.target)})"
        if action.declare is not None:  # declared right, but the card did not fit
            text += f", declared {variant.suits[action.declare].name.lower()}"
        text += ": a storm"
    elif result is Result.DECLARED_WRONG:
        declared = variant.suits[action.declare or 0].name.lower()
        text = f"{who} declared {declared} but held {face}: discarded, a storm"
    elif result is Result.RESHUFFLED:
        text = f"{who} shuffled {face} from the discard pile back into the draw pile"
    else:
        text = f"{who} played {face} from the discard pile"
    for tile in event.tiles:
        text += f"; bonus tile {tile}: {TILE_WORDS[tile]}"
    return text


def _free(previous: Event, seat: int) -> bool:
    # a clue right after the same seat drew tile 3 or 4 answers it: otherwise the turn had passed
    return previous.seat == seat and any(tile in (3, 4) for tile in previous.tiles)


TILE_WORDS = {
    1: "a clue token back",
    2: "a clue token back and a storm token turned back",
    3: "a free colour clue",
    4: "a free rank clue",
    5: "shuffle a card of the discard pile back into the draw pile",
    6: "play a fitting card from the discard pile",
}


def readable_note(note: str, view: SeatView, names: Sequence[str]) -> str:
    """A bot's explanation with the seats it numbers from 0 and the cards it names by order put
    the board's way: names, faces the viewer can see, slots of the viewer's own hand.

    >>> from openhanabi.rules import Game, find_variant
    >>> view = Game.new(find_variant("base", players=2), seed=1).view(0)
    >>> readable_note("I told seat 0 to save card 2, not card 9.", view, ("Ann", "Bob"))
    "I told Ann to save your slot 3, not W1 (Bob's slot 1)."
    """

    def seat(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return names[number] if number < len(names) else match.group(0)

    def card(match: re.Match[str]) -> str:
        return _card_words(int(match.group(1)), view, names) or match.group(0)

    return _CARD.sub(card, _SEAT.sub(seat, note))


def _card_words(order: int, view: SeatView, names: Sequence[str]) -> str | None:
    if order in view.own_hand:
        return f"your slot {position(view.own_hand, order)}"
    if order in view.cards:
        face = card_name(view.cards[order], view.variant)
        for holder, hand in enumerate(view.hands):
            if order in hand:
                return f"{face} ({names[holder]}'s slot {position(hand, order)})"
        return face
    for event in reversed(view.events):  # a card played: the log shows its face
        if event.action.target == order and event.card is not None and not event.action.is_clue:
            return card_name(event.card, view.variant)
    return None
