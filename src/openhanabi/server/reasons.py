"""The bots' reasons in each viewer's language.

A bot of this project gives its reason as data (:mod:`openhanabi.bots.explanation`): a key and
its parameters. A game stores them by the index of the action each explains, beside the English
sentence; here each is said from the ``bots`` catalogue, with the suits and the players named as
the game page names them. A reason this version cannot say (a key no catalogue has: a bot from
another package, a newer one) keeps its English sentence. A sentence that counts clue tokens is
said in its form for one token (its key ending in ``_one``, where the catalogue has one) when its
``tokens`` is 1.

>>> from openhanabi.rules import find_variant
>>> from openhanabi.server.i18n import translator
>>> base = find_variant("base", players=3)
>>> told = {"key": "basic.clue", "params": {"name": 1, "clue": {"key": "clue.colour",
...         "params": {"colour": 0}}, "why": {"key": "basic.why.playable", "params": {}}}}
>>> say(told, base, translator("de"), ["Ann", "Ben", "basic (bot)"])
'Ich habe Ben einen Hinweis auf seine Karten in Rot gegeben, um eine spielbare Karte zu zeigen.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openhanabi.bots.explanation import Param, Reason, player, render
from openhanabi.rules import Variant
from openhanabi.server.i18n import Translator
from openhanabi.server.protocol import suit_name

PREFIX = "bots."  # a reason's key in the catalogues


def say(
    stored: object, variant: Variant, t: Translator, names: Sequence[str] | None = None
) -> str | None:
    """The reason ``stored`` (as :meth:`Reason.to_json` wrote it) in the language of ``t``, the
    players called ``names`` (one per seat), or None if it cannot be said: not a reason, a key
    no catalogue has, a value out of range."""
    try:
        said = Reason.from_json(stored)
    except ValueError:
        return None
    texts = t.texts
    said = said.counted(lambda key: PREFIX + key in texts)
    if any(PREFIX + key not in texts for key in said.every_key()):
        return None

    def word(kind: str, value: Param) -> str:
        if kind == "name":
            return player(value, names)
        if kind == "suit" and isinstance(value, int):
            return suit_name(variant.suits[value], t)
        if kind == "colour" and isinstance(value, int):
            return suit_name(variant.colours[value], t)
        if kind == "points" and isinstance(value, (int, float)):
            return f"{value:.2f}".replace(".", texts.get(f"{PREFIX}decimal_mark", "."))
        return str(value)

    try:
        return render(said, lambda key: texts[PREFIX + key], word)
    except (IndexError, KeyError, ValueError):
        return None  # a suit or a placeholder that is not there: the English sentence stands


def sentence(
    reason: Reason | None, english: str, variant: Variant, t: Translator, names: Sequence[str]
) -> str:
    """A bot's move explained in the language of ``t``: its ``reason`` said (:func:`say`),
    else its own ``english`` sentence."""
    said = None if reason is None else say(reason.to_json(), variant, t, names)
    return said or english


def explained(
    sentences: dict[int, str],
    reasons: Mapping[int, object],
    variant: Variant,
    t: Translator,
    names: Sequence[str],
    said: dict[int, str] | None = None,
) -> dict[int, str]:
    """The explanations ``sentences`` (English, by action index) in the language of ``t``, the
    players called ``names`` as the page calls them: each one with a reason said from it, in
    English too (the bots' own sentences name players as docs/conventions.md does). ``said``
    keeps what was said before (a room's, for one language): only the explanations it does not
    hold yet are said."""
    if not reasons:
        return sentences  # a bot that gave no reason: its sentence as it is
    said = {} if said is None else said
    if len(said) != len(sentences):
        for index, sentence in sentences.items():
            if index not in said:
                stored = reasons.get(index)
                said[index] = (
                    None if stored is None else say(stored, variant, t, names)
                ) or sentence
    return said
