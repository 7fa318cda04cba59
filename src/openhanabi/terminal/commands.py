"""What the person types, read into a closed set of commands, or one clear line on what is wrong.

Words are case-insensitive and have short forms; slots and seats are numbered as the board shows
them (slot 1 is the newest card, seat 1 the first seat).

>>> from openhanabi.rules import Game, find_variant
>>> view = Game.new(find_variant("base", players=2), seed=1).view(0)
>>> parse_command("clue bob 5", view, ("Ann", "Bob"))
Move(action=Action(type=<ActionType.RANK_CLUE: 3>, target=1, value=5, declare=None))
>>> try:
...     parse_command("discard 1", view, ("Ann", "Bob"))
... except CommandError as error:
...     print(error)
You cannot discard now: all 8 clue tokens are available. Play a card or give a clue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openhanabi.rules import Action, ActionType, ColourClues, Decision, SeatView, Variant


class CommandError(ValueError):
    """The text is not a command that can be carried out now; the message says why."""


@dataclass(frozen=True, slots=True)
class Move:
    """An action for the game (a turn's action or a bonus tile's answer)."""

    action: Action


@dataclass(frozen=True, slots=True)
class Help:
    pass


@dataclass(frozen=True, slots=True)
class ShowLog:
    pass


@dataclass(frozen=True, slots=True)
class Quit:
    pass


@dataclass(frozen=True, slots=True)
class Suggest:
    """Ask what a bot would do in the person's seat (nothing is played)."""


Command = Move | Help | ShowLog | Quit | Suggest

VERBS = {
    "play": ("play", "p"),
    "discard": ("discard", "d"),
    "clue": ("clue", "c", "tell", "hint"),
    "choose": ("choose", "ch", "pick"),
    "help": ("help", "h", "?"),
    "log": ("log", "l"),
    "suggest": ("suggest", "s"),
    "quit": ("quit", "q", "exit"),
}
_VERB = {alias: verb for verb, aliases in VERBS.items() for alias in aliases}


def help_text(view: SeatView, names: Sequence[str]) -> str:
    """The list of commands, its clue examples naming a player ``view``'s seat may clue."""
    seat = (view.seat + 1) % len(names)
    whom, number = _whom(seat, names), seat + 1
    return f"""\
Commands (any case; short forms in brackets):
  play N         (p N)       play the card in your slot N (slot 1: your newest card)
  play N COLOUR  (p N red)   where declared play is on: play it, declaring its colour
  discard N      (d N)       discard slot N (not while every clue token is available)
  clue WHO WHAT  (c)         WHO: a name or seat number, WHAT: a colour or a rank:
                             clue {whom} red, clue {whom} r, clue {number} 5, c {whom} rank 1
  choose N       (ch N)      a bonus tile's choice: card N of the list shown
  log            (l)         the whole log of the game
  suggest        (s)         what the conventions bot would do in your seat, and why
                             (it sees only what you see; nothing is played)
  help           (h, ?)      this list
  quit           (q)         stop the game
Other words: tell or hint for clue, pick for choose, exit for quit."""


def parse_command(text: str, view: SeatView, names: Sequence[str]) -> Command:
    """The command ``text`` stands for, checked against what ``view``'s seat may do now.

    Raises :class:`CommandError` with one line naming the problem.
    """
    words = text.replace(",", " ").casefold().split()
    if not words:
        raise CommandError("Type a command, or help for the list.")
    verb = _VERB.get(words[0])
    if verb is None:
        raise CommandError(
            f"Unknown command {_shown(words[0], WORD)!r}: try play, discard, clue or help."
        )
    rest = words[1:]
    if verb in ("help", "log", "quit", "suggest"):
        if rest:
            raise CommandError(f"{verb} takes nothing after it.")
        if verb == "help":
            return Help()
        if verb == "quit":
            return Quit()
        if verb == "log":
            return ShowLog()
    if not view.my_turn:
        raise CommandError("It is not your turn.")
    if verb == "suggest":
        return Suggest()
    pending = view.pending
    if pending in (Decision.RESHUFFLE, Decision.PLAY_FROM_DISCARD) and verb != "choose":
        raise CommandError("First answer the bonus tile: choose N, a card from the list shown.")
    if pending in (Decision.FREE_COLOUR_CLUE, Decision.FREE_RANK_CLUE) and verb != "clue":
        kind = "colour" if pending is Decision.FREE_COLOUR_CLUE else "rank"
        raise CommandError(f"First answer the bonus tile: give a free {kind} clue (clue WHO WHAT).")
    if verb == "play":
        action = _play(rest, view)
    elif verb == "discard":
        action = _discard(rest, view)
    elif verb == "clue":
        action = _clue(rest, view, names)
    else:
        action = _choose(rest, view)
    if action not in view.legal_actions:
        raise CommandError(_why_not(action, view, names))
    return Move(action)


CLUES = (ActionType.COLOUR_CLUE, ActionType.RANK_CLUE)
MAX_DIGITS = 6  # more than any slot, rank, seat or bonus tile choice needs
WORD = 20  # the longest word a message repeats whole (a name, a colour)
SELF = ("me", "you", "myself")  # words a clue names its own giver by


def command_for(action: Action, view: SeatView, names: Sequence[str]) -> str:
    """What to type for ``action``, one of ``view``'s legal actions: ``play 2``, ``discard 5``,
    ``clue bob red``, ``choose 1`` (the inverse of :func:`parse_command`)."""
    variant = view.variant
    if view.pending is not None and action.type not in CLUES:
        listed = [view.cards[choice.target] for choice in choices(view)]
        return f"choose {listed.index(view.cards[action.target]) + 1}"
    if action.type is ActionType.COLOUR_CLUE:
        colour = variant.colours[action.value].name.casefold().split()[0]
        return f"clue {_whom(action.target, names)} {colour}"
    if action.type is ActionType.RANK_CLUE:
        return f"clue {_whom(action.target, names)} {action.value}"
    hand = view.own_hand
    slot = len(hand) - hand.index(action.target)
    if action.type is ActionType.DISCARD:
        return f"discard {slot}"
    if action.declare is None:
        return f"play {slot}"
    return f"play {slot} {variant.suits[action.declare].name.casefold().split()[0]}"


def _whom(seat: int, names: Sequence[str]) -> str:
    """How to name ``seat`` in a clue so that :func:`_seat` reads it back: the name, when it is
    one word that starts no other player's name, else the seat's number ("Player 3" would be
    read as two words)."""
    word = names[seat].casefold()
    found = [other for other, name in enumerate(names) if name.casefold().startswith(word)]
    one_word = bool(word) and word.split() == [word]
    if one_word and found == [seat] and _number(word) is None and word not in SELF:
        return word
    return str(seat + 1)


def _number(word: str) -> int | None:
    """The number ``word`` writes in the digits 0-9, else None: "²" or "٣" are digits to
    ``str.isdigit`` but no number a command takes. A number too long to be any slot, rank or
    seat stands for one past them all (``int`` refuses thousands of digits)."""
    if not (word.isascii() and word.isdigit()):
        return None
    return int(word) if len(word) <= MAX_DIGITS else 10**MAX_DIGITS


def _shown(word: str, most: int = MAX_DIGITS) -> str:
    """``word`` as a message repeats it: one longer than ``most`` characters cut short."""
    return word if len(word) <= most else word[:most] + "…"


def _slot(words: list[str], view: SeatView, verb: str) -> int:
    """The order of the card in the slot ``words[0]`` names."""
    hand = view.own_hand
    if not words:
        raise CommandError(f"Say which slot: {verb} 1 (slot 1 is your newest card).")
    if not hand:
        raise CommandError("You have no cards left.")
    slot = _number(words[0])
    if slot is None:
        raise CommandError(f"{_shown(words[0])!r} is not a slot number: {verb} 1, {verb} 2, ...")
    if not 1 <= slot <= len(hand):
        raise CommandError(f"There is no slot {_shown(words[0])}: your slots are 1 to {len(hand)}.")
    return hand[len(hand) - slot]


def _play(words: list[str], view: SeatView) -> Action:
    order = _slot(words, view, "play")
    extra = words[1:]
    if extra and not view.variant.declared_play:  # said first: no colour would be taken
        raise CommandError(f"Declared play is off in this game: type play {words[0]} alone.")
    if extra and extra[0] == "declare":
        extra = extra[1:]
        if not extra:  # a play that meant to declare must not go ahead without its colour
            raise CommandError(f"Say which colour to declare: play {words[0]} red.")
    if not extra:
        return Action.play(order)
    if len(extra) > 1:
        raise CommandError(f"play takes a slot and one colour, not {' '.join(extra)!r}.")
    return Action.play(order, _suit(extra[0], view.variant, ranks=False))


def _discard(words: list[str], view: SeatView) -> Action:
    order = _slot(words, view, "discard")
    if len(words) > 1:
        raise CommandError("discard takes one slot number: discard 3.")
    most = view.variant.clue_tokens
    if view.clue_tokens >= most:
        raise CommandError(
            f"You cannot discard now: all {most} clue tokens are available. "
            "Play a card or give a clue."
        )
    return Action.discard(order)


def _clue(words: list[str], view: SeatView, names: Sequence[str]) -> Action:
    kind = None
    if len(words) == 3 and words[1] in ("colour", "color", "rank"):
        kind = "rank" if words[1] == "rank" else "colour"
        words = [words[0], words[2]]
    if len(words) != 2:
        other = _whom(next(seat for seat in range(len(names)) if seat != view.seat), names)
        raise CommandError(f"Say whom and what: clue {other} red, clue {other} 5.")
    seat = _seat(words[0], view, names)
    if view.pending is None and view.clue_tokens <= 0:
        raise CommandError("No clue token is left: play or discard a card.")
    value = words[1]
    rank = _number(value)
    if kind == "colour" and rank is not None:
        raise CommandError(f"{_shown(value)!r} is a rank, not a colour: clue {words[0]} {value}.")
    if kind == "rank" and rank is None:
        raise CommandError(f"{_shown(value, WORD)!r} is not a rank: ranks are 1 to 5.")
    if rank is not None:
        if not 1 <= rank <= 5:
            raise CommandError(f"There is no rank {_shown(value)}: ranks are 1 to 5.")
        if view.pending is Decision.FREE_COLOUR_CLUE:
            raise CommandError("This bonus tile gives a free colour clue, not a rank clue.")
        return Action.rank_clue(seat, rank)
    suit = view.variant.suits[_suit(value, view.variant)]
    if not suit.nameable:
        touched = "every colour clue" if suit.colour_clues is ColourClues.ALL else "no colour clue"
        raise CommandError(f"{suit.name} cannot be named in a clue: {touched} touches it.")
    if view.pending is Decision.FREE_RANK_CLUE:
        raise CommandError("This bonus tile gives a free rank clue, not a colour clue.")
    return Action.colour_clue(seat, view.variant.colours.index(suit))


def _seat(word: str, view: SeatView, names: Sequence[str]) -> int:
    players = len(names)
    number = _number(word)
    if number is not None:
        seat = number - 1
        if not 0 <= seat < players:
            raise CommandError(f"There is no seat {_shown(word)}: seats are 1 to {players}.")
    else:
        found = [seat for seat, name in enumerate(names) if name.casefold().startswith(word)]
        if word in SELF:
            found = [view.seat]
        if len(found) != 1:
            listed = ", ".join(name for seat, name in enumerate(names) if seat != view.seat)
            problem = "Nobody" if not found else "More than one player"
            raise CommandError(f"{problem} is called {_shown(word, WORD)!r}: clue one of {listed}.")
        seat = found[0]
    if seat == view.seat:
        raise CommandError("You cannot give yourself a clue: clue another player.")
    return seat


def _suit(word: str, variant: Variant, ranks: bool = True) -> int:
    """The suit a colour word names: its name, its first word or its letter (the message
    mentions ranks where a rank would do instead, in a clue)."""
    for index, suit in enumerate(variant.suits):
        name = suit.name.casefold()
        spellings = {suit.key, name, name.split()[0], suit.letter.casefold()}
        if name.startswith("multicolour"):
            spellings |= {"multicolor", "multi"}
        if word in spellings:
            return index
    known = ", ".join(f"{suit.name.lower()} ({suit.letter})" for suit in variant.suits)
    instead = ", or a rank 1 to 5" if ranks else ""
    raise CommandError(f"{_shown(word, WORD)!r} is not a colour in this game: {known}{instead}.")


def choices(view: SeatView) -> list[Action]:
    """A bonus tile's choices as the board lists them: each card of the discard pile once (its
    copies are the same choice), by suit and rank."""
    by_card = {view.cards[action.target]: action for action in reversed(view.legal_actions)}
    return [by_card[card] for card in sorted(by_card)]


def _choose(words: list[str], view: SeatView) -> Action:
    if view.pending is None:
        raise CommandError("There is no bonus tile decision to make now.")
    listed = choices(view)
    number = _number(words[0]) if len(words) == 1 else None
    # a list of one card has one choice to name, not a range "choose 1 to 1"
    if number is None:
        last = f" to choose {len(listed)}" if len(listed) > 1 else ""
        raise CommandError(f"Say which card: choose 1{last}.")
    if not 1 <= number <= len(listed):
        last = f" to {len(listed)}" if len(listed) > 1 else ""
        raise CommandError(f"There is no card {_shown(words[0])} in the list: choose 1{last}.")
    return listed[number - 1]


def _why_not(action: Action, view: SeatView, names: Sequence[str]) -> str:
    if action.is_clue and not view.variant.empty_clues:
        what = (
            view.variant.colours[action.value].name.lower()
            if (action.type is ActionType.COLOUR_CLUE)
            else f"rank {action.value}"
        )
        return f"{names[action.target]} has no {what} cards, and empty clues are off."
    return "That move is not allowed now."
