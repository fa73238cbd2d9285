"""How Marylia's actions are written, for a person whose typed line names no
action, and why some written actions can never be played (engine/notation.py).
"""

from __future__ import annotations

from .actions import NO_RECIPE, Action, Forge, Place, Travel
from .components import GOLD, LETTERS, RESOURCES
from .state import ACT, CITIES, MaryliaState

_CARD_KEY = ", ".join(f"{letter} {name}" for letter, name in zip(LETTERS, RESOURCES, strict=True))
_CITIES = f"1 to {CITIES}"

WRITTEN = {
    "start": f"start and a city ({_CITIES})",
    "travel": f"travel and a city ({_CITIES})",
    "buy": "buy",
    "forge": f"forge and one letter per card ({_CARD_KEY})",
    "sell": "sell and the number of your item",
    "interact": "interact",
    "wait": "wait",
    "collect": "collect",
    "discard": f"discard and one card's letter ({' '.join(LETTERS)})",
    "join": "join, or for a sale join and the number of your item",
    "pass": "pass",
    "bid": "bid and a number of coins",
    "roll": "roll and what the D8 shows (1 to 8)",
}
_NUMBERED = ("start", "travel", "sell", "join", "bid", "roll")
_ALONE = ("buy", "interact", "wait", "collect", "pass")
_FROM_ONE = {"start": "cities are numbered from 1", "travel": "cities are numbered from 1",
             "sell": "items are numbered from 1", "join": "items are numbered from 1",
             "roll": "a D8 shows 1 to 8"}

ITEM_SHAPES = ("an item is one gem card alone, or gold with gems (a ring is 1 gold and 3 gems, "
               "a bracelet 1 gold and 4, a necklace 2 gold and 5)")


def problem(state: MaryliaState, text: str) -> str:
    """What is wrong with `text`, a Marylia verb followed by something it does not read."""
    verb, _, rest = text.partition(" ")
    rest = rest.replace(" ", "")
    if verb in ("forge", "discard"):
        if not rest:
            return f"{verb} needs card letters"
        for letter in rest:
            if letter not in LETTERS:
                return f"{letter} is not a card letter"
        return "discard one card at a time"
    if verb in _NUMBERED:
        if rest.isdigit() and int(rest) == 0:
            return _FROM_ONE[verb]
        return f"{verb} needs a number" if not rest else f"{rest} is not a number"
    if verb in _ALONE:
        return f"nothing follows {verb}"
    return ""


def never_legal(state: MaryliaState, action: Action) -> str:
    """Why `action`, written correctly, can never be played; "" if it can be."""
    if isinstance(action, Place | Travel) and not 0 <= action.city < CITIES:
        return f"there is no city {action.city + 1}: the cities are {_CITIES}"
    if isinstance(action, Forge) and action.recipe == NO_RECIPE:
        cards = _cards(action.parts)
        verb = "makes" if sum(action.parts) == 1 else "make"
        reason = f"{cards} {verb} no item: {ITEM_SHAPES}"
        held = _short_of(state, action.parts)
        return f"{reason}; and {held}" if held else reason
    return ""


def _named(kind: int, n: int) -> str:
    """`n` cards of `kind` in words: "1 diamond", "2 rubies", "2 gold"."""
    name = RESOURCES[kind]
    if n == 1 or kind == GOLD:
        return f"{n} {name}"
    return f"{n} {name[:-1]}ies" if name.endswith("y") else f"{n} {name}s"


def _cards(parts: tuple[int, ...]) -> str:
    """Counts of cards in words: "2 diamonds and 1 gold"."""
    words = [_named(kind, n) for kind, n in enumerate(parts) if n]
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


def _short_of(state: MaryliaState, parts: tuple[int, ...]) -> str:
    """What the hand of the seat on turn lacks of `parts`: "you hold 1 diamond,
    not 2" ("" if nothing, if no one forges now, or if this view hides the hand)."""
    if state.step != ACT:
        return ""
    hand = state.seats[state.current].hand
    if hand[0] < 0:
        return ""
    return "; ".join(
        f"you hold {_named(kind, hand[kind]) if hand[kind] else 'no ' + RESOURCES[kind]}, "
        f"not {n}" for kind, n in enumerate(parts) if n > hand[kind])
