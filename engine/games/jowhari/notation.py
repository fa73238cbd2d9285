"""How Jowhari's actions are written, for a person whose typed line names no
action (engine/notation.py). Why a well-written action can never be played is
the refusals' to say (refusals.py).
"""

from __future__ import annotations

from .actions import HAND_LIMIT, SLOT_LETTERS
from .components import CENTRE_SLOTS, COLOURS, GOLD, LETTERS, LEVELS
from .state import JowhariState

GEM_LETTERS = LETTERS[:GOLD]
_COLOUR_KEY = ", ".join(f"{letter} {name}" for letter, name in zip(GEM_LETTERS, COLOURS,
                                                                   strict=True))
_CENTRE = ", ".join(f"{level}a to {level}{SLOT_LETTERS[CENTRE_SLOTS[level - 1] - 1]}"
                    for level in LEVELS)
_DECKS = f"d{LEVELS[0]} to d{LEVELS[-1]}"
_HAND = f"h1 to h{HAND_LIMIT}"

WRITTEN = {
    "take": f"take and up to three different colour letters, or two of one ({_COLOUR_KEY})",
    "reserve": f"reserve and a card's place ({_CENTRE} in the centre, or {_DECKS} for a deck's top)",
    "buy": f"buy and a card's place ({_CENTRE} in the centre, or {_HAND} in your hand)",
    "return": f"return and one colour letter ({' '.join(GEM_LETTERS)})",
    "pass": "pass alone, when nothing else is possible",
}


def problem(state: JowhariState, text: str) -> str:
    """What is wrong with `text`, a Jowhari verb followed by something it does
    not read; the same in every position."""
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

