"""The 48 jewel cards and 8 commission cards, loaded once from data/ into flat tuples.

Cards and commissions are small ints everywhere in the engine (a card is its
row in data/jewels.csv, a commission its row in data/commissions.csv), so
states stay cheap to copy and compare. Gem and dice colours share one index:
0 ruby (red), 1 sapphire (blue), 2 amber (yellow), 3 emerald (green).
"""

from __future__ import annotations

import csv
from pathlib import Path

COLOURS = ("ruby", "sapphire", "amber", "emerald")
DICE_COLOURS = ("red", "blue", "yellow", "green")
LETTERS = "RBYG"
"""One letter per colour, in notation and on screen: the colour of the die."""
METALS = ("rose", "yellow", "white")
PIECES = ("ring", "bracelet", "pendant", "earrings")
TOOLS = ("crucible", "cloth", "loupe", "burin")
CRUCIBLE, CLOTH, LOUPE, BURIN = range(4)

DICE_PER_COLOUR = 10
EMPTY = -1
"""A showcase slot with no card."""
HIDDEN = -2
"""A card whose face this view may not see (the deck, face down)."""

_DATA = Path(__file__).with_name("data")


def _rows(name: str) -> list[dict[str, str]]:
    with (_DATA / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _load_jewels() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...],
                         tuple[tuple[int, ...], ...]]:
    rows = _rows("jewels.csv")
    codes = tuple(row["id"] for row in rows)
    metals = tuple(METALS.index(row["metal"]) for row in rows)
    pieces = tuple(PIECES.index(row["piece"]) for row in rows)
    gems = tuple(tuple(row["gems"].count(letter) for letter in LETTERS) for row in rows)
    return codes, metals, pieces, gems


CODE, METAL, PIECE, GEMS = _load_jewels()
CARD_COUNT = len(CODE)
SIZE = tuple(sum(g) for g in GEMS)
"""Gems on each card: its prestige when finished."""
COLOUR_MASK = tuple(sum(1 << c for c in range(4) if g[c]) for g in GEMS)
"""The colours present on each card, as a bit set: collections need a common bit."""


def _load_commissions() -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...],
                              tuple[int, ...], tuple[int, ...]]:
    rows = _rows("commissions.csv")
    ids = tuple(row["id"] for row in rows)
    kinds = tuple(row["kind"] for row in rows)
    targets = tuple(
        PIECES.index(row["target"]) if row["kind"] == "piece" else LETTERS.index(row["target"])
        for row in rows
    )
    counts = tuple(int(row["count"]) for row in rows)
    points = tuple(int(row["points"]) for row in rows)
    return ids, kinds, targets, counts, points


COMMISSION_ID, COMMISSION_KIND, COMMISSION_TARGET, COMMISSION_COUNT, COMMISSION_POINTS = (
    _load_commissions()
)
COMMISSION_TOTAL = len(COMMISSION_ID)


def card(code: str) -> int:
    """The card with this code (e.g. "RP4"); ValueError if there is none."""
    return CODE.index(code.upper())


def commission(name: str) -> int:
    return COMMISSION_ID.index(name)


def gem_text(counts: tuple[int, ...]) -> str:
    """Colour counts as letters, e.g. (2, 0, 0, 3) -> "RRGGG"."""
    return "".join(LETTERS[c] * n for c, n in enumerate(counts))


def describe(card: int) -> str:
    """One line for a card: `RP4 rose pendant RRGGG`."""
    if card == EMPTY:
        return "(empty)"
    if card < 0:
        return "(hidden card)"
    return f"{CODE[card]} {METALS[METAL[card]]} {PIECES[PIECE[card]]} {gem_text(GEMS[card])}"


def describe_commission(index: int) -> str:
    target = COMMISSION_TARGET[index]
    count = COMMISSION_COUNT[index]
    if COMMISSION_KIND[index] == "piece":
        what = f"{count} {PIECES[target]}" + ("" if PIECES[target] == "earrings" else "s")
        return f"first to finish {what} ({COMMISSION_POINTS[index]} points)"
    return (
        f"first to hold {count} {COLOURS[target]} gems on finished jewels "
        f"({COMMISSION_POINTS[index]} points)"
    )
