"""Letters of one alphabet that look like another's (a Latin, a Cyrillic and a Greek a), by
Unicode's confusables data: a display name written with them could pass for another player's.

Two checks use them. A word that mixes such alphabets is refused outright (:func:`mixed_word`).
A name written wholly in one of them is fine (a Russian name), unless it reads as a name already
taken: the name's key (:func:`~openhanabi.server.models.display_key`) spells each Greek and
Cyrillic letter that has a Latin twin as that twin (:func:`as_latin`), so "Bob" written in
Cyrillic letters keys as "bob".

Within the Latin alphabet some characters pass for others as well: a capital I, a digit 1 or a
bar for a small l, a digit 0 for an O, "rn" for an "m", "vv" for a "w", "cl" for a "d", a
Latin alpha for an a. Those depend on case ("AIice" passes for "Alice", "Kai" is not "Kal"), so
a second key (:func:`~openhanabi.server.models.look_key`) spells each character as the one it is
seen as (:func:`as_seen`) before it folds the case.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import categories, confusables

# plain Latin characters a reader takes for others, by Unicode's confusables data (which also
# has "m" for "rn"), and the pairs a reader takes for one letter at a glance as well, "vv" for
# "w" and "cl" for "d"; replaced in this order, the single characters first, so that a pair
# made of look-alikes ("cI") is seen as the pair it looks like ("cl") and then as its letter
LATIN_LOOK_ALIKES = (
    ("I", "l"),
    ("1", "l"),
    ("|", "l"),
    ("0", "O"),
    ("rn", "m"),
    ("vv", "w"),
    ("VV", "W"),
    ("cl", "d"),
)

# the alphabets whose letters look alike, mixed in one word to pass for another name; other
# scripts are written mixed (kanji with kana) and pass
LOOK_ALIKE_ALPHABETS = frozenset({"LATIN", "GREEK", "CYRILLIC"})


def mixed_word(name: str) -> str | None:
    """The first word of ``name`` that mixes alphabets of :data:`LOOK_ALIKE_ALPHABETS` where a
    letter looks like a letter of another (by Unicode's confusables data), else None: such a word
    passes for another player's name ("\u0430lice" with a Cyrillic a for "alice"). A word is
    a run of letters and their accents. Words in one alphabet, names whose words differ in
    alphabet, and scripts written mixed (Japanese kanji with kana, Korean hangul with hanja)
    pass.

    >>> [mixed_word(n) for n in ("alice", "\u0430lice", "Ann \u65e5\u672c", "\u03b1-Team")]
    [None, '\u0430lice', None, None]
    """
    for word in _words(unicodedata.normalize("NFKC", name)):
        alphabets = {categories.alias(c) for c in word if unicodedata.category(c)[0] == "L"}
        if len(alphabets & LOOK_ALIKE_ALPHABETS) > 1 and confusables.is_dangerous(word):
            return word
    return None


def as_latin(text: str) -> str:
    """``text`` with each Greek or Cyrillic letter that looks like a plain Latin letter, in
    either case, spelt as that Latin letter in lower case (for a key that folds case: a Cyrillic
    "\u043d" is the "H" its capital looks like, as "Ann" is "ANN"); accents are kept on the
    letter they were on, and every other character is kept.

    >>> as_latin("\u0412\u043e\u0432"), as_latin("\u0412\u041e\u0412")  # Cyrillic
    ('bob', 'bob')
    >>> as_latin("\u0421\u0435\u0440\u0433\u0435\u0439")  # the Cyrillic \u0439 has no twin
    'cepre\u0439'
    >>> as_latin("\u0408\u043e\u0451l") == "jo\u00ebl"  # a Cyrillic \u0451 is e with two dots
    True
    """
    twins = _latin_twins()
    letters = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(twins.get(c, c) for c in letters))


def as_seen(text: str) -> str:
    """``text`` spelt as a reader sees it, case kept: each Greek, Cyrillic or Latin letter beyond
    ASCII that looks like a plain Latin letter as that letter, then each Latin character of
    :data:`LATIN_LOOK_ALIKES` as the one it passes for. Accents are kept on their letter.

    >>> as_seen("AIice"), as_seen("B0b"), as_seen("Arnie"), as_seen("Kai")
    ('Alice', 'BOb', 'Amie', 'Kai')
    >>> as_seen("Edvvin"), as_seen("VVes"), as_seen("Lincla"), as_seen("LincIa")
    ('Edwin', 'Wes', 'Linda', 'Linda')
    >>> as_seen("\u0410\u0406\u0456\u0441\u0435")  # Cyrillic, a capital \u0406 among them
    'Alice'
    >>> as_seen("\u0251lice")  # a Latin alpha
    'alice'
    """
    glyphs = _latin_glyphs()
    letters = "".join(glyphs.get(c, c) for c in unicodedata.normalize("NFD", text))
    for look_alike, seen in LATIN_LOOK_ALIKES:
        letters = letters.replace(look_alike, seen)
    return unicodedata.normalize("NFC", letters)


@functools.cache
def _latin_twins() -> dict[str, str]:
    """Each Greek or Cyrillic letter with the plain (ASCII) Latin letter that Unicode's
    confusables data says it, or else its capital, looks like, in lower case. Twins beyond
    ASCII are left out: they would tie names to letters nobody types in a Latin name (a Greek
    beta to a German sharp s, and so to "ss")."""
    twins = {}
    for character in _look_alike_letters(("GREEK", "CYRILLIC")):
        capital = character.upper()
        found = _ascii_twin(character) or (_ascii_twin(capital) if len(capital) == 1 else None)
        if found is not None:
            twins[character] = found.lower()
    return twins


@functools.cache
def _latin_glyphs() -> dict[str, str]:
    """Each Greek, Cyrillic or Latin letter beyond ASCII with the plain Latin letter it looks
    like, in the case it looks like (a Cyrillic capital \u0406 is a Latin capital I, which the
    data gives as the small l it passes for; a Latin alpha \u0251 is an a)."""
    glyphs = {}
    for character in _look_alike_letters(("GREEK", "CYRILLIC", "LATIN")):
        found = _ascii_twin(character)
        if found is not None and not character.isascii():
            glyphs[character] = found
    return glyphs


def _look_alike_letters(alphabets: tuple[str, ...]) -> list[str]:
    """The letters of ``alphabets`` in Unicode's confusables data."""
    return [
        character
        for character in confusables.confusables_data
        if len(character) == 1
        and categories.alias(character) in alphabets
        and unicodedata.category(character)[0] == "L"
    ]


def _ascii_twin(letter: str) -> str | None:
    """The first plain Latin letter Unicode's confusables data gives ``letter`` as looking
    like, if any."""
    for glyph in confusables.confusables_data.get(letter, ()):
        found: str = glyph["c"]
        if len(found) == 1 and found.isascii() and found.isalpha():
            return found
    return None


def _words(text: str) -> list[str]:
    """The runs of letters and their accents (combining marks) in ``text``."""
    words, word = [], ""
    for character in text:
        if unicodedata.category(character)[0] in "LM":
            word += character
        elif word:
            words.append(word)
            word = ""
    return [*words, word] if word else words
