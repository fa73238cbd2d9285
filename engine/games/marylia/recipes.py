"""Forging: which cards make a single gem or a jewel.

A composition is an 8-tuple of card counts per resource type (gold first).
Recipes (data/recipes.csv, loaded in components.py): a single gem; a ring of
1 gold + a pair and a different gem, or + 3 identical gems; a bracelet of
1 gold + two pairs of different gems, or + 4 identical; a necklace of 2 gold
+ three of one gem and a pair of another, or + 5 identical. "Different"
always means a different gem type. Gold never forges alone.
"""

from __future__ import annotations

from .components import (
    BRACELET_MIXED,
    BRACELET_SAME,
    GEM,
    GEM_TYPES,
    GOLD,
    NECKLACE_MIXED,
    NECKLACE_SAME,
    RING_MIXED,
    RING_SAME,
    TYPES,
)


def compose(recipe: int, a: int, b: int = 0) -> tuple[int, ...]:
    """The cards of `recipe` built on gem type `a` (and `b` for the second group)."""
    counts = [0] * TYPES
    if recipe == GEM:
        counts[a] = 1
    elif recipe == RING_MIXED:
        counts[GOLD], counts[a], counts[b] = 1, 2, 1
    elif recipe == RING_SAME:
        counts[GOLD], counts[a] = 1, 3
    elif recipe == BRACELET_MIXED:
        counts[GOLD], counts[a], counts[b] = 1, 2, 2
    elif recipe == BRACELET_SAME:
        counts[GOLD], counts[a] = 1, 4
    elif recipe == NECKLACE_MIXED:
        counts[GOLD], counts[a], counts[b] = 2, 3, 2
    else:
        counts[GOLD], counts[a] = 2, 5
    return tuple(counts)


def recipe_of(parts: tuple[int, ...]) -> int | None:
    """The recipe these cards make, or None if they make nothing."""
    gold = parts[GOLD]
    groups = sorted((parts[t] for t in GEM_TYPES if parts[t]), reverse=True)
    if gold == 0:
        return GEM if groups == [1] else None
    if gold == 1:
        return {(2, 1): RING_MIXED, (3,): RING_SAME, (2, 2): BRACELET_MIXED,
                (4,): BRACELET_SAME}.get(tuple(groups))
    if gold == 2:
        return {(3, 2): NECKLACE_MIXED, (5,): NECKLACE_SAME}.get(tuple(groups))
    return None


def forge_keys(hand: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Every (recipe, a, b) these cards can forge, in a stable order."""
    gems = [t for t in GEM_TYPES if hand[t]]
    keys = [(GEM, t, 0) for t in gems]
    gold = hand[GOLD]
    if not gold:
        return keys
    pairs = [t for t in gems if hand[t] >= 2]
    for a in pairs:
        if hand[a] >= 3:
            keys.append((RING_SAME, a, 0))
        for b in gems:
            if b != a:
                keys.append((RING_MIXED, a, b))
    for i, a in enumerate(pairs):
        if hand[a] >= 4:
            keys.append((BRACELET_SAME, a, 0))
        for b in pairs[i + 1:]:
            keys.append((BRACELET_MIXED, a, b))
    if gold >= 2:
        for a in pairs:
            count = hand[a]
            if count >= 3:
                if count >= 5:
                    keys.append((NECKLACE_SAME, a, 0))
                for b in pairs:
                    if b != a:
                        keys.append((NECKLACE_MIXED, a, b))
    return keys


ALL_KEYS = tuple(
    [(GEM, a, 0) for a in GEM_TYPES]
    + [(r, a, 0) for r in (RING_SAME, BRACELET_SAME, NECKLACE_SAME) for a in GEM_TYPES]
    + [(r, a, b) for r in (RING_MIXED, NECKLACE_MIXED) for a in GEM_TYPES for b in GEM_TYPES
       if a != b]
    + [(BRACELET_MIXED, a, b) for a in GEM_TYPES for b in GEM_TYPES if a < b]
)
"""Every forgeable (recipe, a, b): 133 compositions."""
