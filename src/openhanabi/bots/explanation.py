"""A bot's explanation as data: a stable key and its parameters, said in any language.

A :class:`Reason` is what a bot says about its last move before it is put into words: a
``key`` naming the sentence (``"basic.play.sure"``) and JSON-safe ``params`` (numbers, and
reasons nested as parts of the sentence), never pre-rendered words, so that each language can
say it in its own grammar. :func:`english` says it in English: the sentence ``Bot.explain()``
returns. The web platform says it in its visitors' languages, from catalogues holding one text
per key of :data:`ENGLISH` with the same placeholders.

A parameter's name says what it holds, and so how it is said (the digits a name ends with are
ignored, so a sentence may hold two players as ``name`` and ``name2``):

- ``suit``: a suit's index in ``variant.suits``, said as the suit's name;
- ``colour``: a colour's index in ``variant.colours`` (a clue's value), said as its name;
- ``points``: a number with decimals, said with two;
- ``position``: a place in the bot's hand as a number, counted as the terminal and the web
  page count slots: 1 for the newest card ("slot 2"; see :func:`position`);
- ``name``: a player, as their seat (numbered from 0), said as the table names that seat: by
  the names the renderer is given (the web page's, the terminal's), else by the names of
  docs/conventions.md (Alice, Bob...); a name stored as text (reasons kept before seats were
  given as numbers) is said as it is;
- anything else (``card``, ``rank``, ``percent``, ``deals``, ``tokens``...) as it is: cards by
  their order in the deck, as ``Action`` numbers them;
- a nested :class:`Reason`: a part of the sentence (what a clue was about, why it was given).

A text may write ``{colour:lower}`` for the name in lower case ("their red cards").

A bot offers its reason through ``Bot.reason()``; ``Bot.explain()`` stays the English sentence.
To move a bot whose sentences are f-strings onto this module (as the conventions bot was):

1. give each sentence a key under the bot's name and add its English text to :data:`ENGLISH`,
   with a placeholder per value the f-string interpolated (``{name}``, ``{position}``,
   ``{suit}``);
2. where the bot set its sentence (``self._why = f"..."``), keep ``self._reason =
   reason("conventions.play.finesse", position=2, name=1)`` instead;
3. have ``reason()`` return it and ``explain()`` return ``english(self._reason, self.variant)``;
4. add the key's text to the German and Danish ``bots.json`` catalogues of the web platform
   (its English catalogue takes :data:`ENGLISH` as it is; a test lists the keys the bots
   produce and checks every language has them).

>>> from openhanabi.rules import find_variant
>>> said = reason("basic.clue", name=1, clue=reason("clue.colour", colour=0),
...               why=reason("basic.why.playable"))
>>> english(said, find_variant("base", players=3))
'I told Bob about their red cards to show them a playable card.'
>>> Reason.from_json(said.to_json()) == said
True
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Union

from openhanabi.records import DEFAULT_NAMES
from openhanabi.rules import Action, ActionType, Variant

Param = Union[int, float, str, bool, "Reason"]

_FORMATTER = string.Formatter()


@dataclass(frozen=True)
class Reason:
    """Why a bot made its last move: the sentence ``key`` and its ``params`` (see the module)."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """This reason as a JSON object: ``{"key": ..., "params": {...}}``, nested reasons too."""
        return {
            "key": self.key,
            "params": {
                name: value.to_json() if isinstance(value, Reason) else value
                for name, value in self.params.items()
            },
        }

    @classmethod
    def from_json(cls, data: object) -> Reason:
        """The reason ``data`` holds (as :meth:`to_json` writes it); ValueError if it is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("key"), str):
            raise ValueError("a reason is an object with a text key")
        raw = data.get("params", {})
        if not isinstance(raw, dict):
            raise ValueError("a reason's params are an object")
        params: dict[str, Param] = {}
        for name, value in raw.items():
            if isinstance(value, dict):
                params[name] = cls.from_json(value)
            elif isinstance(value, (int, float, str)):
                params[name] = value
            else:
                raise ValueError(f"a reason's param {name!r} is neither a value nor a reason")
        return cls(data["key"], params)

    def counted(self, worded: Callable[[str], bool]) -> Reason:
        """This reason, each of its parts that counts a single clue token keyed to its words for
        one (its key ending in ``_one``) where ``worded`` says a catalogue has them: "1 clue
        token", not "1 clue tokens".

        >>> reason("a", tokens=1, why=reason("b", tokens=1)).counted(lambda key: key == "a_one")
        Reason(key='a_one', params={'tokens': 1, 'why': Reason(key='b', params={'tokens': 1})})
        """
        params = {
            name: value.counted(worded) if isinstance(value, Reason) else value
            for name, value in self.params.items()
        }
        one = f"{self.key}_one"
        return Reason(one if params.get("tokens") == 1 and worded(one) else self.key, params)

    def every_key(self) -> set[str]:
        """This reason's key and those of every reason nested in it."""
        found = {self.key}
        for value in self.params.values():
            if isinstance(value, Reason):
                found |= value.every_key()
        return found


def reason(key: str, **params: Param) -> Reason:
    """The reason ``key`` with ``params``: ``reason("basic.discard.chop", position=3)``."""
    return Reason(key, params)


def kind(name: str) -> str:
    """What a parameter called ``name`` holds: its name without the digits it ends with."""
    return name.rstrip("0123456789")


def placeholders(text: str) -> set[str]:
    """The names of the placeholders in ``text``.

    >>> sorted(placeholders("I told {name} about {clue} {why}."))
    ['clue', 'name', 'why']
    """
    return {name for _, name, _, _ in _FORMATTER.parse(text) if name}


class Word(str):
    """A word put into a sentence; ``{name:lower}`` says it in lower case."""

    def __format__(self, spec: str) -> str:
        if spec == "lower":
            return self.lower()
        return format(str(self), spec)


def render(said: Reason, text_of: Callable[[str], str], word: Callable[[str, Param], str]) -> str:
    """``said`` in words: ``text_of(key)`` is a key's text, ``word(kind, value)`` a value's
    word (nested reasons are rendered first, with the same two)."""
    words = {
        name: Word(
            render(value, text_of, word) if isinstance(value, Reason) else word(kind(name), value)
        )
        for name, value in said.params.items()
    }
    return text_of(said.key).format_map(words)


def player(seat: Param, names: Sequence[str] | None = None) -> str:
    """The player a ``name`` parameter holds, as ``names`` (one per seat) call them, else as
    docs/conventions.md does; a name given as text stays as it is.

    >>> player(2), player(2, ["Ann", "Ben", "basic (bot)"]), player("Cathy")
    ('Cathy', 'basic (bot)', 'Cathy')
    """
    if isinstance(seat, bool) or not isinstance(seat, int):
        return str(seat)
    known = DEFAULT_NAMES if names is None else names
    return known[seat] if 0 <= seat < len(known) else f"seat {seat + 1}"


def english(said: Reason, variant: Variant, names: Sequence[str] | None = None) -> str:
    """``said`` in English, naming suits and colours as ``variant`` does and players as
    ``names`` (one per seat; by default as docs/conventions.md does)."""

    def word(what: str, value: Param) -> str:
        if what == "name":
            return player(value, names)
        if what == "suit" and isinstance(value, int):
            return variant.suits[value].name
        if what == "colour" and isinstance(value, int):
            return variant.colours[value].name
        if what == "points" and isinstance(value, (int, float)):
            return f"{value:.2f}"
        return str(value)

    return render(said.counted(ENGLISH.__contains__), lambda key: ENGLISH.get(key, key), word)


def said_in_english(
    said: object, explained: str, variant: Variant, names: Sequence[str] | None = None
) -> str:
    """A bot's move in English: its reason ``said`` (what :meth:`Bot.reason` gave) where this
    module has words for it (a built-in bot's), else its own sentence ``explained`` (what
    :meth:`Bot.explain` gave): a bot of another package, whose keys are not in
    :data:`ENGLISH`, says itself."""
    if isinstance(said, Reason) and _worded(said):
        try:
            return english(said, variant, names)
        except (KeyError, IndexError, ValueError, TypeError):  # a placeholder it does not fill
            pass
    return explained if isinstance(explained, str) else ""


def _worded(said: Reason) -> bool:
    """Whether :data:`ENGLISH` has the words of ``said`` and of every reason it holds."""
    return said.key in ENGLISH and all(
        _worded(value) for value in said.params.values() if isinstance(value, Reason)
    )


def position(hand: Sequence[int], order: int) -> int:
    """The slot of card ``order`` in ``hand`` (a hand as a view lists it, oldest card first), as
    players see it on the board: 1 for the newest card.

    >>> position((10, 12, 17), 17), position((10, 12, 17), 10)
    (1, 3)
    """
    return len(hand) - hand.index(order)


def percent(chance: float) -> int:
    """``chance`` (0 to 1) in whole percent, rounded as ``f"{chance:.0%}"`` rounds it."""
    return int(f"{chance * 100:.0f}")


def move(chosen: Action, hand: Sequence[int]) -> Reason:
    """A part of a sentence naming the move ``chosen`` by a seat holding ``hand`` (oldest card
    first): "to discard slot 4"."""
    if chosen.type is ActionType.PLAY:
        slot = position(hand, chosen.target)
        if chosen.declare is not None:
            return reason("action.play_declared", position=slot, suit=chosen.declare)
        return reason("action.play", position=slot)
    if chosen.type is ActionType.DISCARD:
        return reason("action.discard", position=position(hand, chosen.target))
    if chosen.type is ActionType.COLOUR_CLUE or chosen.type is ActionType.RANK_CLUE:
        return reason("action.clue", name=chosen.target, clue=clue(chosen))
    return reason("action.choose", card=chosen.target)


def clue(given: Action) -> Reason:
    """A part of a sentence naming what the clue ``given`` was about: "their red cards"."""
    if given.type is ActionType.COLOUR_CLUE:
        return reason("clue.colour", colour=given.value)
    return reason("clue.rank", rank=given.value)


# The English text of every key a bot of this package can produce (the web platform's
# catalogues translate each of them).
ENGLISH: Final[dict[str, str]] = {
    # parts of sentences
    "clue.colour": "their {colour:lower} cards",
    "clue.rank": "their {rank}s",
    "action.play": "to play slot {position}",
    "action.play_declared": "to play slot {position} declaring {suit:lower}",
    "action.discard": "to discard slot {position}",
    "action.clue": "to tell {name} about {clue}",
    "action.choose": "to choose card {card}",
    # random
    "random.pick": "I picked a legal action at random.",
    # basic
    "basic.first_legal": "I took the first legal action: no rule of mine applied.",
    "basic.only_kind": "I took the only kind of action left to me.",
    "basic.discard.useless": "I discarded slot {position}: I knew it could never score.",
    "basic.discard.chop": "I discarded slot {position}, my oldest untouched card.",
    "basic.discard.cheapest": "I discarded slot {position}, the card I could spare best.",
    "basic.play.forced": "I had to play: slot {position} was the likeliest to fit.",
    "basic.play.declared": "I played slot {position} declaring {suit:lower}: I knew it fit.",
    "basic.play.sure": "I played slot {position}: every card it could be fits a firework.",
    "basic.bonus.play_discarded": (
        "I played the {suit:lower} {rank} from the discard pile (bonus tile)."
    ),
    "basic.bonus.shuffle_back": (
        "I shuffled the {suit:lower} {rank} back into the draw pile (bonus tile)."
    ),
    "basic.clue": "I told {name} about {clue} {why}.",
    "basic.why.playable": "to show them a playable card",
    "basic.why.touches_playable": "to point at a playable card",
    "basic.why.save": "to save their {suit:lower} {rank}, a card with no copy to spare",
    "basic.why.keep_cards": "rather than discard a card I need",
    "basic.why.all_tokens": "with every token",
    "basic.why.free_clue": "as the bonus tile's free clue",
    # hat
    "hat.fallback": "My teammates do not play hat guessing, so I play by simple rules: {reason}",
    "hat.play.known": (
        "I played slot {position} because what my teammates' clues told me shows it is playable."
    ),
    "hat.play.likely": (
        "I played slot {position} because it is playable or useless and most likely "
        "({percent}%) playable."
    ),
    "hat.play.last_round": (
        "I played slot {position}, {percent}% likely to fit, as nobody draws again and a "
        "misplay now only costs a storm."
    ),
    "hat.play.best_guess": "I played slot {position}, the likeliest to fit, having no better move.",
    "hat.discard.signal": (
        "I discarded slot {position}: everyone knows it is useless, and which of my useless "
        "cards I chose tells my teammates about their hands."
    ),
    "hat.discard.useless": "I discarded slot {position} because I know it is useless.",
    "hat.discard.spare": (
        "I discarded slot {position} because nobody needed a clue and it is the card I am "
        "likeliest to do without."
    ),
    "hat.clue.colour_or_rank": (
        "I gave {name} a clue because {why}: the seat it names and its colour or rank tell "
        "each teammate something about their own cards."
    ),
    "hat.clue.kind_and_touch": (
        "I gave {name} a clue because {why}: the seat it names, whether it names a colour "
        "or a rank and whether it touches one chosen card tell each teammate something about "
        "their own cards."
    ),
    "hat.clue.plain": "I gave a clue because I could neither discard nor play safely.",
    "hat.only_action": "I took the only action left.",
    "hat.bonus.free_clue": "I gave the free clue that tells my teammates the most.",
    "hat.bonus.shuffle_back": "I shuffled back the discarded card the team misses most.",
    "hat.bonus.play_discarded": "I played a card from the discard pile onto its firework.",
    "hat.why.save": "{name} would have discarded a card we cannot lose",
    "hat.why.unaware": "a teammate holds a playable card without knowing it",
    "hat.why.end_nearer": "a teammate can play and a discard would only bring the end nearer",
    "hat.why.plenty": "clue tokens are plenty",
    "hat.why.no_discard": "I may not discard",
    "hat.why.no_card": "I have no card left",
    # conventions
    "conventions.no_choice": "I had no better choice than this legal action.",
    "conventions.clue.colour": "{colour:lower}",
    "conventions.clue.rank": "{rank}",
    "conventions.play.blind": (
        "I played slot {position} blind because a clue finessed my finesse position into the "
        "{suit:lower} {rank}."
    ),
    "conventions.play.known": (
        "I played slot {position} because the clues on it show it is the {suit:lower} {rank}."
    ),
    "conventions.play.first": (
        "I played slot {position}, the {suit:lower} {rank}, first because {name} holds a clued "
        "card that comes next on it."
    ),
    "conventions.play.fits": (
        "I played slot {position} because the clues on it show it is a card that fits."
    ),
    "conventions.play.called": (
        "I played slot {position} because {name} discarded from the same place with no clue "
        "token left, which told me it fits now."
    ),
    "conventions.play.before_save": (
        "I played slot {position}, a card I know fits, before saving {name}'s chop: with "
        "{tokens} clue tokens left, {name} would rather give a clue than discard it."
    ),
    "conventions.play.before_save_one": (
        "I played slot {position}, a card I know fits, before saving {name}'s chop: with "
        "{tokens} clue token left, {name} would rather give a clue than discard it."
    ),
    "conventions.search.chose": (
        "I chose {chosen} over what my conventions suggest ({planned}): played out to the end "
        "on {deals} deals I cannot tell from the real one, it scored {points} points more on "
        "average."
    ),
    "conventions.move.play": "to play slot {position}",
    "conventions.move.discard": "to discard slot {position}",
    "conventions.move.clue": "to give {name} a {clue} clue",
    "conventions.play.last_round": (
        "I played slot {position} in the last round, as the card most likely to fit."
    ),
    "conventions.play.likeliest": "I played slot {position} as the card most likely to fit.",
    "conventions.discard.useless": (
        "I discarded slot {position} because it can only be a card that is no longer needed."
    ),
    "conventions.discard.chop": (
        "I discarded my chop (slot {position}) as I had nothing to play and no useful clue to give."
    ),
    "conventions.discard.chop_for_copy": (
        "I discarded my chop (slot {position}) rather than play my {suit:lower} {rank}: {name} "
        "knows their copy fits and plays it first (once mine is played, theirs would look like "
        "another card that fits)."
    ),
    "conventions.discard.scream": (
        "I discarded my chop (slot {position}) rather than play, with no clue token left, so "
        "that {name} keeps their chop, the last copy of a card still needed."
    ),
    "conventions.discard.position": (
        "I discarded slot {position} rather than my chop, with no clue token left, to tell {name} "
        "that their unmarked card in the same place fits now."
    ),
    "conventions.discard.position_over_play": (
        "I discarded slot {position} rather than play, with no clue token left, to tell {name} "
        "that their unmarked card in the same place fits now; my play can wait a round."
    ),
    "conventions.discard.spare": "I discarded slot {position}, the card I could best spare.",
    "conventions.clue": "I gave {name} a {clue} clue {why}.",
    "conventions.clue.save_before_fix": (
        "I gave {name} a {clue} clue {why}, before warning {name2} off a clued card that no "
        "longer fits: playing it costs only a storm."
    ),
    "conventions.clue.finesse_first": (
        "I gave {name} a {clue} clue {why}, before playing slot {position2}, a card I know fits: "
        "nobody else can give this finesse, and {name2} may draw a new card into their finesse "
        "position before my next turn."
    ),
    "conventions.clue.empty": "I gave {name} an empty {clue} clue to pass the turn without harm.",
    "conventions.clue.stall": (
        "I gave {name} a {clue} clue to pass the turn without misleading anyone."
    ),
    "conventions.clue.hold": "I gave {name} a {clue} clue rather than discard, {why}.",
    "conventions.why.hold": (
        "so that {name} has turns left to play the cards they know before the draw pile runs out"
    ),
    "conventions.clue.unsafe": "I gave a clue because nothing else was safe.",
    "conventions.free_clue": "I used the free clue: gave {name} a {clue} clue {why}.",
    "conventions.free_clue.harmless": "I gave the free clue that does the least harm.",
    "conventions.why.play": "to get the {suit:lower} {rank} played",
    "conventions.why.play_finesse": (
        "to get the {suit:lower} {rank} played; it finesses {name} into playing their finesse "
        "position first"
    ),
    "conventions.why.play_prompt": (
        "to get the {suit:lower} {rank} played; it prompts {name}'s clued card first"
    ),
    "conventions.why.tempo": (
        "to get the {suit:lower} {rank} played: the clue touches only cards already clued, so it "
        "asks them to play one"
    ),
    "conventions.why.keep": "to keep the {suit:lower} {rank} on their chop",
    "conventions.why.save": "to save the {suit:lower} {rank} on their chop",
    "conventions.why.fix": "so they know a clued card fits",
    "conventions.why.fix_misplay": "so they do not play a clued card that does not fit",
    "conventions.why.fix_useless": "so they know a clued card is no longer needed",
    "conventions.bonus.shuffle_back": (
        "I shuffled the {suit:lower} {rank} back into the draw pile as the card most needed."
    ),
    "conventions.bonus.play_discarded": "I played the {suit:lower} {rank} from the discard pile.",
    # search
    "search.why.candidate": "the search weighs it against the convention's move",
    "search.chose": (
        "I chose {chosen} over what my conventions suggested ({planned}): playing out {deals} "
        "deals consistent with what I know, it scored {points} points more on average."
    ),
}
