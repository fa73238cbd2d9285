"""Prospect's pieces: the gem cards (data/gems.csv), the die, and the
numbers of the box.

A card is a small int, its place in `GEM` and the other tuples; a card a
viewer cannot see is HIDDEN.
"""

from __future__ import annotations

import csv
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "gems.csv"


def _load() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """One entry per card: each row of the data file gives `copies` cards."""
    gems: list[str] = []
    costs: list[int] = []
    points: list[int] = []
    with _DATA.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            for _ in range(int(row["copies"])):
                gems.append(row["gem"])
                costs.append(int(row["cost"]))
                points.append(int(row["points"]))
    return tuple(gems), tuple(costs), tuple(points)


GEM, COST, POINTS = _load()
"""Per card: its gem's name, its price in nuggets, its points at the end."""
CARDS = tuple(range(len(GEM)))
GEM_KINDS = tuple(dict.fromkeys(GEM))
"""The gem names in the data file's order."""

HIDDEN = -1
"""A card face down to the viewer: its back shows nothing."""

DIE_FACES = (1, 2, 3, 4, 5, 6)
CAVE_IN = 1
"""The face that loses the cart."""

MARKET_SLOTS = 3
"""Face-up cards for sale, numbered 1 to 3."""
STARTING_HAND = 2
"""Cards dealt face down to each player."""
STARTING_NUGGETS = 3
ROUNDS = 8
MAX_DIGS = 5
"""Digs in one turn; after the last one the cart is banked."""
DRAW_COST = 4
"""Nuggets paid to take the deck's top card into the hand."""
SET_SIZE = 3
SET_BONUS = 4
"""Points for each gem kind a player holds at least SET_SIZE cards of."""
