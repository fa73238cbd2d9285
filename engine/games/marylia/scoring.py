"""Wealth and the ranking."""

from __future__ import annotations

from collections import Counter

from gemtable.engine.core import ScoreLine

from .components import GEM, RECIPE_NAME, RESOURCES, TYPES
from .state import MaryliaState


def item_worth(value: int) -> int:
    """What an unsold forged item adds to wealth: half its market value, rounded down."""
    return value // 2


def wealth(state: MaryliaState, seat: int) -> int:
    """Coins plus half the market value (rounded down) of each unsold item."""
    s = state.seats[seat]
    return s.coins + sum(item.value // 2 for item in s.items)


def scores(state: MaryliaState) -> tuple[int, ...]:
    return tuple(wealth(state, seat) for seat in range(state.players))


def ranking(state: MaryliaState) -> tuple[int, ...]:
    """Place of each seat by wealth; equal wealth shares the place (ruling 8)."""
    totals = [wealth(state, seat) for seat in range(state.players)]
    return tuple(1 + sum(other > mine for other in totals) for mine in totals)


def score_breakdown(state: MaryliaState, seat: int) -> tuple[ScoreLine, ...]:
    """Coins, then the unsold items, most valuable first, alike ones on one line
    ending in how many there are ("Unsold emerald: half of 5 (2)"), then the wealth."""
    s = state.seats[seat]
    alike = Counter((item.value, item_label(item.recipe, item.parts)) for item in s.items)
    lines = [ScoreLine("Coins", s.coins)]
    for (value, label), count in sorted(alike.items(), key=lambda kind: (-kind[0][0], kind[0][1])):
        several = f" ({count})" if count > 1 else ""
        # The points are half the market value: the label says of what.
        lines.append(ScoreLine(f"Unsold {label}: half of {value}{several}",
                               item_worth(value) * count))
    lines.append(ScoreLine("Wealth", wealth(state, seat)))
    return tuple(lines)


def item_label(recipe: int, parts: tuple[int, ...]) -> str:
    """An item in words: "ruby" for a single gem, else "mixed ring of 2 rubies, 1 topaz"."""
    gems = [f"{n} {RESOURCES[t] if n == 1 else gem_plural(RESOURCES[t])}"
            for t, n in enumerate(parts) if n and t > 0]
    if recipe == GEM:
        return next(RESOURCES[t] for t in range(1, TYPES) if parts[t])
    return f"{RECIPE_NAME[recipe]} of {', '.join(gems)}"


def gem_plural(gem: str) -> str:
    """"rubies", "topazes", "emeralds"."""
    if gem.endswith("y"):
        return gem[:-1] + "ies"
    return gem + ("es" if gem.endswith(("z", "s", "x")) else "s")
