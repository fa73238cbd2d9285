"""The 72 resource cards, 67 encounter cards, 12 events and the forging
recipes, loaded once from data/.

Resources are small ints everywhere: the resource *type* (0 gold, 1 amethyst
... 7 diamond). Every card of a type has the same cost and market value (see
data/README.md), so hands, treasures and forged items are kept as counts per
type (8-tuples). Encounters are their row number in data/encounters.csv
(0-based), events their row in data/events.csv. A forged item is a recipe
(data/recipes.csv) and the cards it is made of, as counts per type; what it is
worth and which Acquirer symbol it answers to follow from those two.
"""

from __future__ import annotations

import csv
from pathlib import Path

RESOURCES = ("gold", "amethyst", "turquoise", "topaz", "emerald", "sapphire", "ruby", "diamond")
LETTERS = "gatzesrd"
"""One letter per resource type in action text: g gold, a amethyst, t turquoise,
z topaz, e emerald, s sapphire, r ruby, d diamond."""
GOLD = 0
GEM_TYPES = tuple(range(1, 8))
TYPES = len(RESOURCES)
NO_CARDS = (0,) * TYPES
"""An empty hand, treasure or pile (counts per type)."""

EMPTY = -1
"""A city space with no card."""
HIDDEN = -2
"""A card this view may not see (a deck, face down)."""

# Acquirer symbols: gem types 1-7 are their own symbol; jewel types follow.
RING_SYMBOL, BRACELET_SYMBOL, NECKLACE_SYMBOL = 8, 9, 10
SYMBOL_NAMES = RESOURCES[:1] + RESOURCES[1:] + ("ring", "bracelet", "necklace")

ACQUIRER, MERCENARY, MONSTER = "acquirer", "mercenary", "monster"

_DATA = Path(__file__).with_name("data")


def _rows(name: str) -> list[dict[str, str]]:
    with (_DATA / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _load_resources() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    rows = _rows("resources.csv")
    kinds = tuple(RESOURCES.index(row["type"]) for row in rows)
    cost = [0] * TYPES
    value = [0] * TYPES
    for row, kind in zip(rows, kinds, strict=True):
        cost[kind] = int(row["cost"])
        value[kind] = int(row["value"])
    counts = tuple(kinds.count(t) for t in range(TYPES))
    return kinds, tuple(cost), tuple(value), counts


RESOURCE_CARDS, COST, VALUE, RESOURCE_COUNTS = _load_resources()
"""RESOURCE_CARDS: the type of each of the 72 cards; COST and VALUE: the
acquisition cost and market value of a card of each type; RESOURCE_COUNTS:
how many cards of each type the deck holds."""
RESOURCE_TOTAL = len(RESOURCE_CARDS)


_Encounters = tuple[
    tuple[str, ...], tuple[str, ...], tuple[tuple[int, ...], ...], tuple[int, ...],
    tuple[int, ...], tuple[int, ...], tuple[str, ...],
]


def _load_encounters() -> _Encounters:
    rows = _rows("encounters.csv")
    names = tuple(row["name"] for row in rows)
    kinds = tuple(row["kind"] for row in rows)
    symbols = tuple(
        tuple(SYMBOL_NAMES.index(word) for word in row["symbols"].split()) for row in rows
    )
    coins = tuple(int(row["coins"]) for row in rows)
    strength = tuple(int(row["strength"]) for row in rows)
    cost = tuple(int(row["cost"]) for row in rows)
    ability = tuple(row["ability"] for row in rows)
    return names, kinds, symbols, coins, strength, cost, ability


(ENCOUNTER_NAME, ENCOUNTER_KIND, SYMBOLS, ENTRY_COINS, STRENGTH, INTERACT_COST,
 ABILITY) = _load_encounters()
"""Per encounter card: its name; acquirer, mercenary or monster; the symbols an
acquirer buys (empty for the others); coins placed on it when it enters play;
a monster's strength (the D8 result needed to beat it); coins paid to
interact; the ability code (words.py says each in words)."""
ENCOUNTER_TOTAL = len(ENCOUNTER_NAME)
IS_ACQUIRER = tuple(kind == ACQUIRER for kind in ENCOUNTER_KIND)
IS_MONSTER = tuple(kind == MONSTER for kind in ENCOUNTER_KIND)
IS_MERCENARY = tuple(kind == MERCENARY for kind in ENCOUNTER_KIND)


def _load_events() -> tuple[tuple[str, ...], tuple[str, ...]]:
    rows = _rows("events.csv")
    return tuple(row["name"] for row in rows), tuple(row["effect"] for row in rows)


EVENT_NAME, EVENT_EFFECT = _load_events()
EVENT_TOTAL = len(EVENT_NAME)


GEM, RING_MIXED, RING_SAME, BRACELET_MIXED, BRACELET_SAME, NECKLACE_MIXED, NECKLACE_SAME = range(7)
RECIPES = range(7)


def _load_recipes() -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    rows = _rows("recipes.csv")
    return (tuple(row["name"] for row in rows), tuple(row["jewel"] for row in rows),
            tuple(int(row["bonus"]) for row in rows))


RECIPE_NAME, JEWEL_NAME, BONUS = _load_recipes()
"""Per recipe: its name ("mixed ring"), the kind of item it makes ("ring",
"gem"...) and the bonus added to the market value of its cards."""

JEWEL_SYMBOL = (0, RING_SYMBOL, RING_SYMBOL, BRACELET_SYMBOL, BRACELET_SYMBOL,
                NECKLACE_SYMBOL, NECKLACE_SYMBOL)
"""The Acquirer symbol each jewel recipe answers to (a single gem answers to its type)."""


def item_value(recipe: int, parts: tuple[int, ...]) -> int:
    """Market value of a forged item: its cards' market values plus the recipe bonus."""
    return sum(VALUE[t] * n for t, n in enumerate(parts)) + BONUS[recipe]


def symbol_of(recipe: int, parts: tuple[int, ...]) -> int:
    """The Acquirer symbol a forged item answers to."""
    if recipe == GEM:
        for t in GEM_TYPES:
            if parts[t]:
                return t
    return JEWEL_SYMBOL[recipe]
