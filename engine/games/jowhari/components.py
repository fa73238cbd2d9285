"""The 90 Jowhari cards and the tokens, loaded once from data/cards.csv into flat tuples.

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


def _rows() -> list[dict[str, str]]:
    with _DATA.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


_ROWS = _rows()
CODE = tuple(row["id"] for row in _ROWS)
LEVEL = tuple(int(row["level"]) for row in _ROWS)
BONUS = tuple(LETTERS.index(row["bonus"]) for row in _ROWS)
"""The gem colour each card gives a permanent discount in."""
COST = tuple(tuple(int(row[colour]) for colour in COLOURS) for row in _ROWS)
"""Per card, the gems of each colour it costs."""
PRESTIGE = tuple(int(row["prestige"]) for row in _ROWS)
CARD_COUNT = len(CODE)
CARDS_OF_LEVEL = {level: tuple(c for c in range(CARD_COUNT) if LEVEL[c] == level) for level in LEVELS}


def hidden(card: int) -> int:
    """The placeholder a card becomes when its face is hidden."""
    return -LEVEL[card]


def is_hidden(card: int) -> bool:
    return card < 0

