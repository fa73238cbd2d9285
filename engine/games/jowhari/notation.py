"""How Jowhari's actions are written, for a person whose typed line names no
action, and why some written actions can never be played (engine/notation.py).
"""

from __future__ import annotations

from . import actions as A
from .cards import CENTRE_SLOTS, COLOURS, GOLD, LETTERS, LEVELS

GEM_LETTERS = LETTERS[:GOLD]
_COLOUR_KEY = ", ".join(f"{letter} {name}" for letter, name in zip(GEM_LETTERS, COLOURS,
                                                                   strict=True))
_CENTRE = ", ".join(f"{level}a to {level}{A.SLOT_LETTERS[CENTRE_SLOTS[level - 1] - 1]}"
                    for level in LEVELS)
_DECKS = f"d{LEVELS[0]} to d{LEVELS[-1]}"
_HAND = f"h1 to h{A.HAND_LIMIT}"

WRITTEN = {
    "take": f"take and up to three different colour letters, or two of one ({_COLOUR_KEY})",
    "reserve": f"reserve and a card's place ({_CENTRE} in the centre, or {_DECKS} for a deck's top)",
    "buy": f"buy and a card's place ({_CENTRE} in the centre, or {_HAND} in your hand)",
    "return": f"return and one colour letter ({' '.join(GEM_LETTERS)})",
    "pass": "pass alone, when nothing else is possible",
}


def problem(text: str) -> str:
    """What is wrong with `text`, a Jowhari verb followed by something it does not read."""
    verb, _, rest = text.partition(" ")
    rest = rest.replace(" ", "").upper()
    if verb in ("take", "return"):
        if not rest:
            return f"{verb} needs colour letters"
        for letter in rest:
            if letter == LETTERS[GOLD] and verb == "take":
                return f"{letter} is gold, which comes only with a reserve, never by taking"
            if letter == LETTERS[GOLD]:
                return f"{letter} is gold, which does not count toward the gem limit"
            if letter not in GEM_LETTERS:
                return f"{letter} is not a colour"
        return "return one token at a time" if verb == "return" else ""
    if verb in ("reserve", "buy"):
        return f"{verb} needs a card's place" if not rest else (
            f"{rest.lower()} is not a card's place")
    return f"nothing follows {verb}" if rest else ""


def never_legal(action: object) -> str:
    """Why `action`, written correctly, can never be played; "" if it can be."""
    if isinstance(action, A.Take) and action not in _EVERY_TAKE:
        return ("a take is up to three gems of different colours, or two gems of one colour; "
                "never three of one colour, nor a pair with another colour")
    if isinstance(action, A.Buy) and action.source.kind == "deck":
        return (f"a deck's top card is never bought unseen: reserve it (reserve "
                f"{action.source}) and buy it from your hand later")
    if isinstance(action, A.Reserve) and action.source.kind == "hand":
        return f"the cards in your hand are already reserved: buy one (buy {action.source})"
    return ""


_EVERY_TAKE = frozenset((*A.TAKE_DIFFERENT.values(), *A.TAKE_TWO))
