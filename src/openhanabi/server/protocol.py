"""The live game's messages: what a browser may send (a closed set of typed messages, parsed at
once) and what the server sends back (rendered for each viewer).

Client messages are JSON objects with a ``type``:

- ``{"type": "play", "slot": 1}`` or ``{"type": "play", "order": 12}``, optionally with
  ``"declare": "red"`` (a suit's key, with declared play);
- ``{"type": "discard", "slot": 1}`` (or ``"order"``);
- ``{"type": "clue", "target": 1, "colour": "red"}`` or ``{..., "rank": 3}``: ``target`` is a
  seat, the colour one of the variant's nameable colours; a bonus tile's free clue is a clue too;
- ``{"type": "choose", "order": 7}``: a bonus tile's card from the discard pile;
- ``{"type": "ping"}``, answered with ``{"type": "pong"}``;
- ``{"type": "sync"}``, answered with the whole state (:mod:`~openhanabi.server.frames`: a
  browser that missed a frame asks for it);
- ``{"type": "suggest"}``: on one's turn, at a table where every other seat is a bot, what the
  bot that plays beside people would do in one's seat, from that seat's view alone; answered
  with ``{"type": "suggestion", "actions": ..., "bot": ..., "text": ..., "move": ...}``: the
  one-sentence reason in the viewer's language and the move as the message that would make it
  (:func:`message_of`), for the state with that many ``actions``.

A slot counts from 1 in the order the state lists the hand: newest card first. Anything else
(not JSON, an unknown type, a missing, extra or repeated field, more than
:data:`MAX_MESSAGE` characters, brackets nested deeper than :data:`MAX_NESTING`) is answered with
``{"type": "error", "code": ..., "message": ...}`` and changes nothing: the code is stable
(:class:`~openhanabi.server.errors.Problem`), the message in the viewer's language.

A socket may send 30 messages at once and 10 a second on average
(:mod:`~openhanabi.server.allowance`; ``HANABI_SOCKET_MESSAGE_BURST`` and
``HANABI_SOCKET_MESSAGES_PER_SECOND``), a message refused counting too; a page sends one every
few seconds. A message past that is not handled: the first is answered with the error
``too_many_messages``, the next ones with nothing, but for that error again every five seconds.
A socket that keeps on, 100 messages past its allowance, is closed as a policy violation (1008)
whose reason, in the viewer's language, the game page shows.

One sign-in may hold 20 game sockets open, one address 200 (:mod:`~openhanabi.server.sockets`;
``HANABI_SOCKETS_PER_SIGN_IN`` and ``HANABI_SOCKETS_PER_ADDRESS``): a socket past either is
closed the same way before it is sent anything, and each frees its place as it closes.

Server messages: ``state`` (:func:`render_state`, the game as one viewer may see it), after it
``delta`` (what changed: :mod:`~openhanabi.server.frames`), ``error``, ``pong``, ``suggestion``
and ``game_over`` (:func:`render_game_over`). Their words (the log's lines,
suit names, card labels, the verdict) are in the viewer's language: pass its
:class:`~openhanabi.server.i18n.Translator` (English by default; texts of the ``game`` area).

>>> parse_message('{"type": "clue", "target": 1, "rank": 3}')
ClueMessage(type='clue', target=1, colour=None, rank=3)
>>> parse_message('{"type": "dance"}').code
'unknown_type'
>>> parse_message('{"type": "dance"}').message
"unknown message type 'dance' (play, discard, clue, choose, ping, sync, suggest, stop)"
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from openhanabi.rules import (
    Action,
    ActionType,
    Card,
    CardKnowledge,
    ColourClues,
    Event,
    Result,
    SeatView,
    Suit,
    Termination,
    Variant,
)
from openhanabi.rules import rating as rating_band
from openhanabi.rules.variants import DEFAULT_CLUE_TOKENS, DEFAULT_STORMS, default_hand_size
from openhanabi.server.errors import Problem
from openhanabi.server.i18n import DEFAULT, Translator, translator
from openhanabi.server.rules_text import preset_name

MAX_MESSAGE = 1024
MAX_NESTING = 16  # a message is one object of plain values; JSON's reader may fail on deep ones
TYPES = ("play", "discard", "clue", "choose", "ping", "sync", "suggest", "stop")


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _CardMessage(_Message):
    """A message naming a card of the sender's own hand, by slot or by order."""

    slot: int | None = Field(default=None, ge=1, le=10)
    order: int | None = Field(default=None, ge=0, le=200)

    @model_validator(mode="after")
    def _one_card(self) -> _CardMessage:
        if (self.slot is None) == (self.order is None):
            raise PydanticCustomError("one_card", "name the card by either slot or order")
        return self


class PlayMessage(_CardMessage):
    type: Literal["play"]
    declare: str | None = Field(default=None, max_length=40)


class DiscardMessage(_CardMessage):
    type: Literal["discard"]


class ClueMessage(_Message):
    type: Literal["clue"]
    target: int = Field(ge=0, le=9)
    colour: str | None = Field(default=None, max_length=40)
    rank: int | None = Field(default=None, ge=1, le=5)

    @model_validator(mode="after")
    def _one_kind(self) -> ClueMessage:
        if (self.colour is None) == (self.rank is None):
            raise PydanticCustomError("one_clue_kind", "a clue names either a colour or a rank")
        return self


class ChooseMessage(_Message):
    type: Literal["choose"]
    order: int = Field(ge=0, le=200)


class PingMessage(_Message):
    type: Literal["ping"]


class SyncMessage(_Message):
    type: Literal["sync"]


class SuggestMessage(_Message):
    type: Literal["suggest"]


class StopMessage(_Message):
    """A player ends the game before its end, with no score (hanab.live's "terminate"): a
    table whose player has gone for good can end rather than wait for ever."""

    type: Literal["stop"]


ClientMessage = Annotated[
    PlayMessage
    | DiscardMessage
    | ClueMessage
    | ChooseMessage
    | PingMessage
    | SyncMessage
    | SuggestMessage
    | StopMessage,
    Field(discriminator="type"),
]
_CLIENT = TypeAdapter[ClientMessage](ClientMessage)


class ProtocolError(Problem):
    """Why a client message could not be read."""


def parse_message(text: str | bytes) -> ClientMessage | ProtocolError:
    """The message ``text`` holds, or a :class:`ProtocolError` saying what is wrong with it."""
    if len(text) > MAX_MESSAGE:
        return ProtocolError("too_long", {"most": MAX_MESSAGE})
    if _too_deep(text):
        return ProtocolError("too_deep", {"most": MAX_NESTING})
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except _RepeatedKeyError as repeated:
        return ProtocolError("repeated_field", {"field": repr(repeated.key[:40])})
    except (ValueError, UnicodeDecodeError):
        return ProtocolError("not_an_object")
    if not isinstance(data, dict):
        return ProtocolError("not_an_object")
    kind = data.get("type")
    if kind not in TYPES:
        known = ", ".join(TYPES)
        if not isinstance(kind, str):
            return ProtocolError("no_type", {"types": known})
        return ProtocolError("unknown_type", {"type": repr(kind[:40]), "types": known})
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as error:
        return ProtocolError("invalid", {"type": kind}, _problems(error))


class _RepeatedKeyError(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: JSON's reader would keep the last of two
    ``slot`` fields, so that ``{"slot": 1, "slot": 2}`` played one card while reading as two.

    >>> parse_message('{"type": "play", "slot": 1, "slot": 2}').message
    "the field 'slot' is given twice"
    """
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _RepeatedKeyError(key)
            seen.add(key)
    return data


def _too_deep(text: str | bytes) -> bool:
    """Whether the brackets of ``text`` nest deeper than :data:`MAX_NESTING` outside its
    strings (looked at only when it has that many brackets: a message has one or two).

    >>> _too_deep('{"type": "play", "slot": 1}'), _too_deep("[" * 100), _too_deep('"' + "[" * 20)
    (False, True, False)
    """
    if isinstance(text, bytes):
        text = text.decode(errors="replace")  # brackets, quotes and backslashes keep their bytes
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return False
    depth = 0
    quoted = escaped = False
    for char in text:
        if escaped:
            escaped = False
        elif quoted:
            escaped = char == "\\"
            quoted = char != '"'
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return True
        elif char in "]}":
            depth -= 1
    return False


def message_of(action: Action, variant: Variant) -> dict[str, Any]:
    """The client message that asks for ``action`` (cards named by order), the other way
    round from :func:`to_action`.

    >>> from openhanabi.rules import find_variant
    >>> message_of(Action.colour_clue(2, 0), find_variant("base", players=3))
    {'type': 'clue', 'target': 2, 'colour': 'red'}
    """
    kind = action.type
    if kind is ActionType.COLOUR_CLUE:
        colour = variant.colours[action.value].key
        return {"type": "clue", "target": action.target, "colour": colour}
    if kind is ActionType.RANK_CLUE:
        return {"type": "clue", "target": action.target, "rank": action.value}
    message: dict[str, Any] = {"type": kind.name.lower(), "order": action.target}
    if kind is ActionType.PLAY and action.declare is not None:
        message["declare"] = variant.suits[action.declare].key
    return message


def _problems(error: ValidationError) -> tuple[Problem, ...]:
    """Each field's problem: its code is ``field.`` and pydantic's type of error."""
    problems = []
    for problem in error.errors(include_url=False):
        where = ".".join(str(part) for part in problem["loc"][1:])  # the first is the type tag
        english = str(problem["msg"])
        if problem["type"] == "extra_forbidden":
            english = "is not a field of this message"
        params = {name: str(value) for name, value in (problem.get("ctx") or {}).items()}
        english = f"{where} {english}" if where else english
        problems.append(Problem(f"field.{problem['type']}", params | {"field": where}, (), english))
    return tuple(problems)


def to_action(message: ClientMessage, view: SeatView) -> Action | Problem:
    """The action ``message`` asks for in ``view``, or what makes it meaningless there.

    Whether the action is legal is for the rules to say (:meth:`~openhanabi.rules.Game.apply`).
    """
    variant = view.variant
    if isinstance(message, PlayMessage | DiscardMessage):
        order = message.order
        if message.slot is not None:
            hand = slots(view.own_hand)
            if message.slot > len(hand):
                return Problem("no_slot", {"slot": message.slot, "count": len(hand)})
            order = hand[message.slot - 1]
        assert order is not None
        if isinstance(message, DiscardMessage):
            return Action.discard(order)
        if message.declare is None:
            return Action.play(order)
        keys = [suit.key for suit in variant.suits]
        if message.declare not in keys:
            return Problem("no_suit", {"suit": repr(message.declare), "suits": ", ".join(keys)})
        return Action.play(order, keys.index(message.declare))
    if isinstance(message, ClueMessage):
        if not 0 <= message.target < variant.players:
            return Problem("no_seat", {"seat": message.target})
        if message.rank is not None:
            return Action.rank_clue(message.target, message.rank)
        colours = [suit.key for suit in variant.colours]
        if message.colour not in colours:
            named = {"colour": repr(message.colour), "colours": ", ".join(colours)}
            return Problem("colour_not_named", named)
        return Action.colour_clue(message.target, colours.index(message.colour))
    if isinstance(message, ChooseMessage):
        return Action.choose(message.order)
    return Problem("not_an_action")


# ---------------------------------------------------------------------- server messages


def slots(hand: tuple[int, ...]) -> tuple[int, ...]:
    """A hand in slot order: newest card first (a view lists it oldest first)."""
    return hand[::-1]


def card_json(card: Card, variant: Variant, t: Translator | None = None) -> dict[str, Any]:
    return {
        "suit": card.suit,
        "rank": card.rank,
        "name": card.name(variant),
        "label": card_label(card, variant, t),
    }


def suit_name(suit: Suit, t: Translator | None = None) -> str:
    """A suit's name in the viewer's language (its English name where the catalogue has none).

    >>> from openhanabi.rules import find_suit
    >>> suit_name(find_suit("red"), translator("de")), suit_name(find_suit("red"))
    ('Rot', 'Red')
    """
    return (t or translator(DEFAULT)).texts.get(f"suit.{suit.key}") or suit.name


def card_label(card: Card, variant: Variant, t: Translator | None = None) -> str:
    """A card in words, such as ``Red 3``."""
    t = t or translator(DEFAULT)
    return t("card.label", suit=suit_name(variant.suits[card.suit], t), rank=card.rank)


def render_state(
    view: SeatView,
    names: list[str],
    explanations: dict[int, str],
    *,
    spectator_cards: dict[int, Card] | None = None,
    t: Translator | None = None,
    memo: Memo | None = None,
) -> dict[str, Any]:
    """The ``state`` message for the viewer of ``view``, in the language of ``t``.

    ``memo`` keeps what the states of one game share from one to the next (the log's lines,
    the cards' and the variant's words), so that each is made once (a room passes its own).

    A seated player's own cards carry only their order and what the player knows of them (the
    clues, the identities still possible): never the card. A spectator is sent seat 0's view
    with ``spectator_cards``, the identities of seat 0's hand (RULES.md section 7: spectators
    may see every hand, never the draw pile's order).

    A seated player reads the bots' ``explanations`` only once the game is over: a bot explains
    its move from its own view, which holds the player's cards ("to get the red 1 played").
    """
    t = t or translator(DEFAULT)
    memo = memo or Memo()
    variant = view.variant
    told = distinct_names(names, t)
    seen = dict(view.cards) | (spectator_cards or {})
    me = None if spectator_cards is not None else view.seat
    if me is not None and view.outcome is None:
        explanations = {}
    memo.follow(view.events)
    knowledge = view.knowledge
    deduced = view.own_possible() if me is not None else {}
    hands = [
        [
            memo.hand_card(
                knowledge[order],
                None if seat == me else seen[order],
                variant,
                t,
                deduced.get(order),
            )
            for order in slots(hand)
        ]
        for seat, hand in enumerate(view.hands)
    ]
    fireworks, discard_pile = memo.table(view, seen, t)
    return {
        "type": "state",
        "seat": me,
        "players": names,
        "variant": memo.variant(variant, t),
        "actions": len(view.events),
        "turn": view.turn,
        "seat_on_turn": view.seat_on_turn if view.outcome is None else None,
        "clue_tokens": view.clue_tokens,
        "storms": view.storms,
        "fireworks": fireworks,
        "discard_pile": discard_pile,
        "draw_pile": view.draw_pile_size,
        "bonus_tiles_left": view.bonus_tiles_left if variant.bonus_tiles else None,
        "pending": view.pending.name.lower() if view.pending else None,
        "turns_left": view.turns_left,
        "score": view.score,
        "max_reachable": view.max_reachable,
        "hands": hands,
        "log": memo.lines(view, told, explanations, t),
        "legal": _legal(view, seen, memo) if me is not None else None,
        "outcome": None
        if view.outcome is None
        else {"score": view.outcome.score, "reason": view.outcome.reason},
    }


class Memo:
    """What the states of one game have in common from one to the next, kept per language: the
    log's lines (per whether explanations show), each card's words and the variant's. A state
    takes what was made before and describes only the actions since. A memo serves one game,
    whose actions change only at the end (one taken, or taken back)."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, bool], tuple[list[Event], list[dict[str, Any]]]] = {}
        self._cards: dict[tuple[str, Card], dict[str, Any]] = {}
        self._variants: dict[str, dict[str, Any]] = {}
        self._possible: dict[frozenset[Card], list[str]] = {}
        self._marks: dict[int, tuple[Event, dict[str, Any]]] = {}
        # per language, card and whether it is the viewer's own: the card's entry in a hand,
        # with what it was made from (its clues' indices, and the identities its holder may
        # deduce or the identity the viewer sees)
        self._hand_cards: dict[tuple[str, int, bool], tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self._clue_options: dict[Action, tuple[tuple[int, ...], dict[str, Any]]] = {}
        self._colours: tuple[Variant | None, tuple[Suit, ...]] = (None, ())
        self._followed: tuple[int, Event | None] = (0, None)
        # per language: the fireworks and the discard pile, with the played counts and the
        # discarded cards' orders they show
        self._table: dict[
            str, tuple[tuple[int, ...], tuple[int, ...], tuple[list[Any], list[Any]]]
        ] = {}

    def follow(self, events: tuple[Event, ...]) -> None:
        """Note the game's actions ``events``: if one seen before was taken back, the hands'
        entries are made afresh (a clue's index may now name another clue)."""
        count, last = self._followed
        if count and (
            len(events) < count or not (events[count - 1] is last or events[count - 1] == last)
        ):
            self._hand_cards.clear()
        self._followed = (len(events), events[-1] if events else None)

    def table(
        self, view: SeatView, seen: dict[int, Card], t: Translator
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The fireworks and the discard pile as a state shows them: the same for every viewer
        (each sees every played and discarded card), so made once per language while they do
        not change and shared by the states of all viewers (a state must not be changed). A
        frame then finds them unchanged at a glance (:func:`~openhanabi.server.frames.delta`)."""
        fireworks, discards = view.fireworks, view.discard_pile
        kept = self._table.get(t.lang)
        if kept is not None and kept[0] == fireworks and kept[1] == discards:
            return kept[2]
        variant = view.variant
        made = (
            [
                {"suit": suit, "played": played, "top": view.firework_top(suit)}
                for suit, played in enumerate(fireworks)
            ],
            [{"order": order, "card": self.card(seen[order], variant, t)} for order in discards],
        )
        self._table[t.lang] = (fireworks, discards, made)
        return made

    def hand_card(
        self,
        knowledge: CardKnowledge,
        card: Card | None,
        variant: Variant,
        t: Translator,
        possible: frozenset[Card] | None = None,
    ) -> dict[str, Any]:
        """A card in a hand as a state shows it: its order, the clues its hand was given, and
        what its holder may deduce of it (``card`` None: the viewer's own; ``possible``, from
        :meth:`~openhanabi.rules.SeatView.own_possible`, else the knowledge's) or the ``card``
        the viewer sees. The same entry while none of that changes (a state must not be
        changed)."""
        own = card is None
        if own and possible is None:
            possible = knowledge.possible
        made_of = (knowledge.marks, possible if own else card)
        key = (t.lang, knowledge.order, own)
        kept = self._hand_cards.get(key)
        if kept is not None and kept[0] == made_of:
            return kept[1]
        if self._colours[0] is not variant:  # a variant's property, made anew at each call
            self._colours = (variant, variant.colours)
        colours = self._colours[1]
        marks = knowledge.marks  # an event's index if its clue touched the card, else ~it
        entry: dict[str, Any] = {
            "order": knowledge.order,
            "clues": self.clue_marks(knowledge, colours),
            "touched": bool(marks) and max(marks) >= 0,
            "possible": self.possible(possible, variant) if possible is not None else None,
        }
        if card is not None:
            entry["card"] = self.card(card, variant, t)
        self._hand_cards[key] = (made_of, entry)
        return entry

    def clue_option(
        self, action: Action, view: SeatView, seen: dict[int, Card], colours: tuple[Suit, ...]
    ) -> dict[str, Any]:
        """The clue ``action`` as the viewer on turn may give it, with the slots it touches;
        the same while the hand it goes to holds the same cards."""
        hand = view.hands[action.target]
        kept = self._clue_options.get(action)
        if kept is not None and kept[0] == hand:
            return kept[1]
        option = _clue_option(action, view, seen, colours)
        self._clue_options[action] = (hand, option)
        return option

    def clue_marks(
        self, knowledge: CardKnowledge, colours: tuple[Suit, ...]
    ) -> list[dict[str, Any]]:
        """The clues given to a card's hand while it was there, oldest first."""
        marks = []
        for mark in knowledge.marks:  # an event's index if the clue touched the card, else ~it
            event = knowledge.events[mark if mark >= 0 else ~mark]
            kept = self._marks.get(mark)
            if kept is None or not (kept[0] is event or kept[0] == event):
                action = event.action
                made = _clue_mark(event.seat, action.type, action.value, mark >= 0, colours)
                kept = self._marks[mark] = (event, made)
            marks.append(dict(kept[1]))
        return marks

    def possible(self, possible: frozenset[Card], variant: Variant) -> list[str]:
        """The names of the identities a card may still have, in order."""
        names = self._possible.get(possible)
        if names is None:
            names = sorted(card.name(variant) for card in possible)
            self._possible[possible] = names
        return list(names)

    def card(self, card: Card, variant: Variant, t: Translator) -> dict[str, Any]:
        """:func:`card_json` (a game has one variant)."""
        known = self._cards.get((t.lang, card))
        if known is None:
            known = self._cards[t.lang, card] = card_json(card, variant, t)
        return dict(known)

    def variant(self, variant: Variant, t: Translator) -> dict[str, Any]:
        known = self._variants.get(t.lang)
        if known is None:
            known = self._variants[t.lang] = _variant_json(variant, t)
        return dict(known)

    def lines(
        self, view: SeatView, names: list[str], explanations: dict[int, str], t: Translator
    ) -> list[dict[str, Any]]:
        """The log of ``view`` (``names`` as the log shows them), one line per action."""
        events, lines = self._kept.setdefault((t.lang, bool(explanations)), ([], []))
        now = view.events
        # a line is still right while its action and its explanation are the ones at its index
        # (an action taken back and another taken instead changes it); the game changes only at
        # its end, so the lines before the last right one are right too
        kept = min(len(events), len(now))
        while kept and not (
            (events[kept - 1] is now[kept - 1] or events[kept - 1] == now[kept - 1])
            and lines[kept - 1]["explanation"] == explanations.get(kept - 1, "")
        ):
            kept -= 1
        del events[kept:], lines[kept:]
        for index in range(kept, len(now)):
            event = now[index]
            events.append(event)
            lines.append(
                {
                    "seat": event.seat,
                    "text": describe_event(event, view.variant, names, t),
                    "explanation": explanations.get(index, ""),
                }
            )
        return list(lines)


def seat_names(names: list[str], bots: Mapping[int, str], t: Translator) -> list[str]:
    """The players' names in the language of ``t``: a bot's seat (``bots``: its kind by seat)
    is named by its kind, as the lobby names it; a person's name is their own."""
    return [
        t("site.bot_seat", bot=bots[seat]) if seat in bots else name
        for seat, name in enumerate(names)
    ]


def distinct_names(names: list[str], t: Translator | None = None) -> list[str]:
    """The players' names for the log: a name two players share (two bots of one kind) gets
    its seat, as the game page shows it.

    >>> distinct_names(["Ann", "basic (bot)", "basic (bot)"])
    ['Ann', 'basic (bot) (seat 2)', 'basic (bot) (seat 3)']
    """
    t = t or translator(DEFAULT)
    return [
        t("player.seat", name=name, seat=seat + 1) if names.count(name) > 1 else name
        for seat, name in enumerate(names)
    ]


def render_game_over(view: SeatView, t: Translator | None = None) -> dict[str, Any]:
    """The ``game_over`` message: the score and the rating band's verdict (none when playing
    until perfect: it is all or nothing), in the language of ``t``."""
    outcome = view.outcome
    assert outcome is not None
    stopped = outcome.termination is Termination.ABANDONED  # no score, so nothing to rate
    return {
        "type": "game_over",
        "score": outcome.score,
        "max_score": view.variant.max_score,
        "reason": outcome.reason,
        "detail": outcome.detail,
        "verdict": "" if stopped else verdict(outcome.score, view.variant, t),
    }


def verdict(score: int, variant: Variant, t: Translator | None = None) -> str:
    """What the rulebook says of ``score``, in the language of ``t``.

    >>> from openhanabi.rules import find_variant
    >>> verdict(23, find_variant("base"), translator("de"))
    'Hervorragend: eine Vorstellung, an die man sich erinnern wird.'
    """
    t = t or translator(DEFAULT)
    if variant.all_or_nothing:
        key = "perfect" if score >= variant.max_score else "all_or_nothing_lost"
        english = "Perfect!" if score >= variant.max_score else "Lost: all or nothing."
    else:
        english = rating_band(score, variant.max_score).verdict
        key = english.split(":")[0].lower()  # the band's name: dreadful, poor, ..., legendary
    return t.texts.get(f"verdict.{key}", english)


def error(problem: Problem, t: Translator | None = None) -> dict[str, Any]:
    """The ``error`` message saying ``problem`` in the language of ``t`` (English by default)."""
    return problem.frame(t or translator(DEFAULT))


def describe_variant(variant: Variant, t: Translator | None = None) -> str:
    """The variant's preset and every option that differs from the rulebooks' defaults, in the
    language of ``t`` (:meth:`~openhanabi.rules.Variant.describe` in words of the catalogue).

    >>> from openhanabi.rules import find_variant
    >>> describe_variant(find_variant("base", players=2, declared_play=True), translator("de"))
    'Grundspiel, 2 Spieler, angesagtes Ausspielen'
    """
    t = t or translator(DEFAULT)
    parts = [preset_name(variant.key, t), t("variant.players", count=variant.players)]
    if variant.hand_size != default_hand_size(variant.players):
        parts.append(t.counted("variant.hand_size", variant.hand_size))
    if variant.clue_tokens != DEFAULT_CLUE_TOKENS:
        parts.append(t.counted("variant.clue_tokens", variant.clue_tokens))
    if variant.storms != DEFAULT_STORMS:
        parts.append(t.counted("variant.storms", variant.storms))
    flags = {
        "variant.no_empty_clues": ("no-empty-clues", not variant.empty_clues),
        "variant.all_or_nothing": ("play-until-perfect", variant.all_or_nothing),
        "variant.declared_play": ("declared-play", variant.declared_play),
        "variant.bonus_tiles": ("bonus-tiles", variant.bonus_tiles),
        "variant.hanab_live_ending": ("hanab-live-ending", variant.hanab_live_ending),
    }
    # a flag the preset's name already says ("bonus-tiles") is not said twice
    parts.extend(t(key) for key, (named, on) in flags.items() if on and named != variant.key)
    if variant.start_seat:  # counted from 1, as the page counts seats
        parts.append(t("variant.start_seat", seat=variant.start_seat + 1))
    return ", ".join(parts)


def _variant_json(variant: Variant, t: Translator) -> dict[str, Any]:
    return {
        "key": variant.key,
        "description": describe_variant(variant, t),
        "suits": [
            {"key": suit.key, "name": suit_name(suit, t), "letter": suit.letter}
            for suit in variant.suits
        ],
        "colours": [suit.key for suit in variant.colours],
        "clue_tokens": variant.clue_tokens,
        "storms": variant.storms,
        "max_score": variant.max_score,
        "declared_play": variant.declared_play,
        "bonus_tiles": variant.bonus_tiles,
    }


def _legal(view: SeatView, seen: dict[int, Card], memo: Memo) -> dict[str, Any]:
    """What the viewer may do now: which cards, which clues (and what each touches), which
    choices. Empty when it is not the viewer's turn."""
    actions = view.legal_actions
    hand = slots(view.own_hand)
    kinds = {action.type for action in actions}
    colours = view.variant.colours
    clues = [memo.clue_option(action, view, seen, colours) for action in actions if action.is_clue]
    return {
        "play": ActionType.PLAY in kinds and view.pending is None,
        "discard": ActionType.DISCARD in kinds,
        "declare": view.variant.declared_play and ActionType.PLAY in kinds,
        "clues": clues,
        "choices": sorted(
            {action.target for action in actions if action.type is ActionType.CHOOSE}
        ),
        "slots": len(hand) if actions else 0,
    }


def _clue_option(
    action: Action, view: SeatView, seen: dict[int, Card], colours: tuple[Suit, ...]
) -> dict[str, Any]:
    variant = view.variant
    hand = slots(view.hands[action.target])
    touches = [
        slot + 1
        for slot, order in enumerate(hand)
        if _touches(action, seen[order], variant, colours)
    ]
    option: dict[str, Any] = {"target": action.target, "touches": touches}
    if action.type is ActionType.COLOUR_CLUE:
        option["colour"] = colours[action.value].key
    else:
        option["rank"] = action.value
    return option


def _touches(action: Action, card: Card, variant: Variant, colours: tuple[Suit, ...]) -> bool:
    if action.type is ActionType.RANK_CLUE:
        return card.rank == action.value
    suit = variant.suits[card.suit]
    if suit.colour_clues is ColourClues.ALL:
        return True
    return suit.colour_clues is ColourClues.OWN and suit == colours[action.value]


def _clue_mark(
    giver: int, kind: ActionType, value: int, touched: bool, colours: tuple[Suit, ...]
) -> dict[str, Any]:
    named = colours[value].key if kind is ActionType.COLOUR_CLUE else value
    return {"giver": giver, "kind": _clue_kind(kind), "value": named, "touched": touched}


def _clue_kind(kind: ActionType) -> str:
    return "colour" if kind is ActionType.COLOUR_CLUE else "rank"


def describe_event(
    event: Event, variant: Variant, names: list[str], t: Translator | None = None
) -> str:
    """One line of the action log, in words of the language of ``t``.

    >>> from openhanabi.rules import Game, find_variant
    >>> game = Game.new(find_variant("base", players=2), seed=1)
    >>> game.apply(Action.rank_clue(1, 5))
    >>> describe_event(game.events[0], game.variant, ["Ann", "Ben"], translator("da"))
    'Ann gav Ben et hint om 5: 2 kort'
    >>> describe_event(game.events[0], game.variant, ["Ann", "Ben"])
    'Ann told Ben about 5: 2 cards'
    """
    t = t or translator(DEFAULT)
    params: dict[str, object] = {"who": names[event.seat]}
    params["card"] = card_label(event.card, variant, t) if event.card else t("log.a_card")
    action = event.action
    result = event.result
    if result is Result.CLUE:
        params["target"] = names[action.target]
        params["count"] = len(event.touched)
        params["named"] = (
            suit_name(variant.colours[action.value], t)
            if action.type is ActionType.COLOUR_CLUE
            else str(action.value)
        )
        key = "log.clue_one" if len(event.touched) == 1 else "log.clue_many"
    else:
        key = f"log.{result.name.lower()}"
        if result is Result.DECLARED_WRONG:
            params["declared"] = suit_name(variant.suits[action.declare or 0], t)
        elif result is Result.PLAYED and action.declare is not None:
            key = "log.played_declared"
    text = t(key, **params)
    for tile in event.tiles:
        text += t("log.bonus_tile", tile=tile)
    return text
