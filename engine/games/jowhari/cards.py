"""The 90 Jowhari cards, loaded once from data/cards.csv into flat tuples.

Cards are small ints (0..89) everywhere in the engine, so states stay cheap to
copy and compare. A card hidden from a seat is written as minus its level
(-1, -2, -3): the back of a card shows its level, nothing else.
"""

from __future__ import annotations

import csv
from pathlib import Path

COLOURS = ("red", "blue", "green", "white", "black")
GOLD = 5
"""Token index of gold; gem colours are 0..4 in the order of COLOURS."""
LETTERS = "RBGWKY"
"""One letter per token kind (gold is Y, for yellow), used in notation and on screen."""

LEVELS = (1, 2, 3)
CENTRE_SLOTS = (4, 3, 3)
"""Face-up cards per level in the centre."""

_DATA = Path(__file__).with_name("data") / "cards.csv"


def _load() -> tuple[tuple, ...]:
    with _DATA.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    codes = tuple(row["id"] for row in rows)
    levels = tuple(int(row["level"]) for row in rows)
    bonuses = tuple(LETTERS.index(row["bonus"]) for row in rows)
    costs = tuple(tuple(int(row[colour]) for colour in COLOURS) for row in rows)
    prestige = tuple(int(row["prestige"]) for row in rows)
    return codes, levels, bonuses, costs, prestige


CODE, LEVEL, BONUS, COST, PRESTIGE = _load()
CARD_COUNT = len(CODE)
CARDS_OF_LEVEL = {level: tuple(c for c in range(CARD_COUNT) if LEVEL[c] == level) for level in LEVELS}


def hidden(card: int) -> int:
    """The placeholder a card becomes when its face is hidden."""
    return -LEVEL[card]


def is_hidden(card: int) -> bool:
    return card < 0


def level_of(card: int) -> int:
    """Level of a card, known even for a placeholder."""
    return -card if card < 0 else LEVEL[card]


def describe(card: int) -> str:
    """A one-line text form: code, prestige, bonus and cost, e.g. `205 2pt +G  3W 2R`."""
    if card < 0:
        return f"level {-card} card (hidden)"
    cost = " ".join(f"{n}{LETTERS[c]}" for c, n in enumerate(COST[card]) if n)
    return f"{CODE[card]} {PRESTIGE[card]}pt +{LETTERS[BONUS[card]]}  {cost}"
