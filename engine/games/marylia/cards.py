"""The 72 resource cards, 67 encounter cards and 12 events, loaded once from data/.

Resources are small ints everywhere: the resource *type* (0 gold, 1 amethyst
... 7 diamond). Every card of a type has the same cost and market value (see
data/README.md), so hands, treasures and forged items are kept as counts per
type (8-tuples). Encounters are their row number in data/encounters.csv
(0-based), events their row in data/events.csv.
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


def _load_encounters() -> tuple[tuple, ...]:
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
interact; the ability code (see ABILITY_TEXT)."""
ENCOUNTER_TOTAL = len(ENCOUNTER_NAME)
IS_ACQUIRER = tuple(kind == ACQUIRER for kind in ENCOUNTER_KIND)
IS_MONSTER = tuple(kind == MONSTER for kind in ENCOUNTER_KIND)
IS_MERCENARY = tuple(kind == MERCENARY for kind in ENCOUNTER_KIND)

ABILITY_TEXT = {
    "sell": "Interact: sell one forged item whose kind matches one of its two symbols, "
            "for its market value plus the coins on this card.",
    "leprechaun": "Enters play: every player draws a resource card. "
                  "Interact: draw a resource card.",
    "courier": "Interact: draw two resource cards.",
    "banker": "Arrives with 3 coins. Interact: take them and 1 more from the bank.",
    "tax_collector": "Interact: every other player pays you 1 coin, if they have one.",
    "bandit": "Interact: every other merchant in your city or a city next to it "
              "pays 2 coins to the bank.",
    "herald": "Interact: gain 1 coin, then draw an event and resolve it.",
    "saboteur": "Arrives with 1 coin. Interact: gain 1 coin. When it is discarded, every "
                "player but the one who interacted with it pays 1 coin to the bank.",
    "apprentice": "Interact: take this city's resource card into your hand for free.",
    "prospector": "Interact: pay 2 coins and draw three resource cards.",
    "monster": "Swallows every resource card of its city into its treasure. Interact: pay "
               "its cost and roll the D8; at or above its strength you take its treasure "
               "and coins.",
}
"""Each ability in words, for the screen and the rules document."""


def _load_events() -> tuple[tuple[str, ...], tuple[str, ...]]:
    rows = _rows("events.csv")
    return tuple(row["name"] for row in rows), tuple(row["effect"] for row in rows)


EVENT_NAME, EVENT_EFFECT = _load_events()
EVENT_TOTAL = len(EVENT_NAME)

EVENT_TEXT = {
    "festival": "Every Acquirer in play gets 2 coins from the bank.",
    "windfall": "Every player takes 2 coins from the bank.",
    "highwaymen": "Every player pays 2 coins to the bank (all they have if fewer).",
    "royal_tax": "Every player holding 40 coins or more pays 4 coins to the bank.",
    "gold_rush": "Every player draws a resource card.",
    "landslide": "The resource cards of cities 1 to 3 are discarded.",
    "flood": "The resource cards of cities 5 to 7 are discarded.",
    "market_crash": "The coins on every Acquirer go back to the bank.",
    "plague": "Every Mercenary in play is discarded.",
    "monster_hunger": "Every Monster takes the top resource card of the deck into its treasure.",
    "patronage": "The player (or players) with the fewest coins take 5 coins from the bank.",
    "crown_bounty": "Every Monster gets 2 coins from the bank.",
}
"""Each event in words, for the screen and the rules document."""


def encounter_text(card: int) -> str:
    """A card's name, kind and ability in words."""
    kind = ENCOUNTER_KIND[card]
    detail = ABILITY_TEXT[ABILITY[card]]
    if kind == ACQUIRER:
        detail = "buys " + " and ".join(SYMBOL_NAMES[s] for s in SYMBOLS[card])
    elif kind == MONSTER:
        detail = f"strength {STRENGTH[card]}, costs {INTERACT_COST[card]} to fight"
    return f"{ENCOUNTER_NAME[card]} ({kind}, {detail})"
