"""Small pieces of English that every game's log lines share.

A log line is a game's `State.describe` text after the mover's name
("Seat 2: buys an amethyst"). Games write it for a third person, in the past
("took two red gems") or the present ("travels to city 3"); `second_person`
turns it into the words that follow "You:" for the seat that moved.
"""

from __future__ import annotations

import re

_AN_DESPITE_CONSONANT = ("hour", "honest", "honour", "heir")
"""Words spelt with a consonant that start with a vowel sound."""
_A_DESPITE_VOWEL = ("one", "once", "uni", "use", "usu", "uti", "eu", "ewe")
"""Words spelt with a vowel that start with a consonant sound ("a unique", "a one")."""
_AN_NUMBERS = re.compile(r"(8|11|18)(\D|$)")
"""Numbers said with a vowel first: eight, eleven, eighteen (and eighty...)."""


def article(noun: str) -> str:
    """The noun with its indefinite article: "an amethyst", "a ruby", "an 8"."""
    word = noun.lower()
    if word.startswith(_AN_DESPITE_CONSONANT) or _AN_NUMBERS.match(word):
        return f"an {noun}"
    if word[:1] in ("a", "e", "i", "o", "u") and not word.startswith(_A_DESPITE_VOWEL):
        return f"an {noun}"
    return f"a {noun}"


_SECOND_PERSON = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
"""Verbs whose form after "You" is not the third person's minus its `s`."""
_ES_ENDINGS = ("sses", "shes", "ches", "xes", "zes", "oes")
"""Third-person forms that add `es` to the verb (passes, wishes, catches...)."""
_LEADING_WORD = re.compile(r"([a-z][a-z-]*)(?=$|[\s:;,.])")


def base_form(verb: str) -> str:
    """A verb of the third person singular in the form that follows "you":
    "travels" -> "travel", "passes" -> "pass", "carries" -> "carry", "is" -> "are".
    A word that is no such form (a past tense, a plural noun with no verb
    before it never leads a log line) comes back as it is."""
    if verb in _SECOND_PERSON:
        return _SECOND_PERSON[verb]
    if not verb.endswith("s") or verb.endswith(("ss", "us")) or len(verb) < 3:
        return verb
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(_ES_ENDINGS):
        return verb[:-2]
    return verb[:-1]


def second_person(told: str) -> str:
    """A log line's words as the seat that moved reads them after "You:":
    its leading verb conjugated ("wants to buy" -> "want to buy"). Lines in
    the past tense ("took two red gems") and lines that lead with a name
    ("Cauldron of Fortune: traded ...") read alike for everyone."""
    match = _LEADING_WORD.match(told)
    if match is None:
        return told
    verb = match.group(1)
    return base_form(verb) + told[match.end(1):]


__all__ = ["article", "base_form", "second_person"]
