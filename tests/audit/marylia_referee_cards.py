"""The referee's own copy of Marylia's cards and recipes.

Read straight from the game's card lists (the content the product designed,
which the rulebook leaves to it), never from the engine's code; the recipes
and what each card does are written here from the rulebook and the rulings.
Resource types are numbered in the rulebook's order, gold first; encounter
cards and events by their row in their list, as the engine numbers them.
"""

from __future__ import annotations

import csv
from pathlib import Path

from gemtable.engine import registry

KINDS = ("gold", "amethyst", "turquoise", "topaz", "emerald", "sapphire", "ruby", "diamond")
LETTERS = "gatzesrd"
"""Action text letters, one per resource type."""
GOLD = 0
GEMS = range(1, 8)
JEWELS = ("ring", "bracelet", "necklace")
HAND_LIMIT = 6
ACTIONS = 3
CITIES = 7
ROUND_LIMIT = {2: 120, 3: 60, 4: 60, 5: 60}
"""The rules document's cap on rounds (its ruling 14)."""

_DATA = Path(registry.get("marylia").rules_file).with_name("data")


def _rows(name: str) -> list[dict[str, str]]:
    with (_DATA / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


_resources = _rows("resources.csv")
COST = tuple(next(int(r["cost"]) for r in _resources if r["type"] == k) for k in KINDS)
VALUE = tuple(next(int(r["value"]) for r in _resources if r["type"] == k) for k in KINDS)
RESOURCE_COUNTS = tuple(sum(r["type"] == k for r in _resources) for k in KINDS)

_encounters = _rows("encounters.csv")
NAME = tuple(r["name"] for r in _encounters)
KIND = tuple(r["kind"] for r in _encounters)
BUYS = tuple(frozenset(r["symbols"].split()) for r in _encounters)
"""What an Acquirer buys: gem names and jewel names."""
ENTRY_COINS = tuple(int(r["coins"]) for r in _encounters)
STRENGTH = tuple(int(r["strength"]) for r in _encounters)
INTERACT_COST = tuple(int(r["cost"]) for r in _encounters)
ABILITY = tuple(r["ability"] for r in _encounters)
ENCOUNTERS = len(_encounters)

_events = _rows("events.csv")
EVENT_EFFECT = tuple(r["effect"] for r in _events)
EVENTS = len(_events)

_bonus = {r["id"]: int(r["bonus"]) for r in _rows("recipes.csv")}


def is_acquirer(card: int) -> bool:
    return card >= 0 and KIND[card] == "acquirer"


def is_monster(card: int) -> bool:
    return card >= 0 and KIND[card] == "monster"


def is_mercenary(card: int) -> bool:
    return card >= 0 and KIND[card] == "mercenary"


def recipe(parts: tuple[int, ...]) -> tuple[str, bool] | None:
    """(item kind, identical?) that these cards forge, or None; by the rulebook's
    section 4.4: a ring is 1 gold + a pair and another gem, or 3 alike; a
    bracelet 1 gold + two different pairs, or 4 alike; a necklace 2 gold +
    three alike and a pair of another, or 5 alike; a single gem is one gem."""
    gold = parts[GOLD]
    groups = sorted((parts[g] for g in GEMS if parts[g]), reverse=True)
    if gold == 0:
        return ("gem", True) if groups == [1] else None
    shapes = {1: {(2, 1): ("ring", False), (3,): ("ring", True), (2, 2): ("bracelet", False),
                  (4,): ("bracelet", True)},
              2: {(3, 2): ("necklace", False), (5,): ("necklace", True)}}
    return shapes.get(gold, {}).get(tuple(groups))


def item_value(parts: tuple[int, ...]) -> int:
    """Market value: the cards' values plus the recipe's bonus."""
    found = recipe(parts)
    assert found is not None
    kind, same = found
    key = "gem" if kind == "gem" else f"{kind}_{'same' if same else 'mixed'}"
    return sum(VALUE[t] * n for t, n in enumerate(parts)) + _bonus[key]


def item_symbol(parts: tuple[int, ...]) -> str:
    """What an Acquirer must show to buy the item: its gem's name or its jewel kind."""
    found = recipe(parts)
    assert found is not None
    if found[0] == "gem":
        return KINDS[next(g for g in GEMS if parts[g])]
    return found[0]


def forgeable(hand: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every set of cards in `hand` that makes an item (counts per type)."""
    found: set[tuple[int, ...]] = set()

    def add(gold: int, *groups: tuple[int, int]) -> None:
        parts = [0] * 8
        parts[GOLD] = gold
        for kind, count in groups:
            parts[kind] += count
        if all(parts[t] <= hand[t] for t in range(8)):
            found.add(tuple(parts))

    for a in GEMS:
        add(0, (a, 1))
        add(1, (a, 3))
        add(1, (a, 4))
        add(2, (a, 5))
        for b in GEMS:
            if b != a:
                add(1, (a, 2), (b, 1))
                add(1, (a, 2), (b, 2))
                add(2, (a, 3), (b, 2))
    return found


def forge_text(parts: tuple[int, ...]) -> str:
    return "forge " + "".join(LETTERS[t] * n for t, n in enumerate(parts))
