"""Jewel Box components: five beetle families (data/families.csv) and three tools.

A beetle is its family index everywhere in the engine (0..4 in the order of
the data file); all 15 beetles of a family are alike, so nothing else is kept.
"""

from __future__ import annotations

import csv
from pathlib import Path

_DATA = Path(__file__).with_name("data") / "families.csv"


def _load() -> list[dict[str, str]]:
    with _DATA.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


_ROWS = _load()
_letters = tuple(row["letter"] for row in _ROWS)
NAMES = tuple(row["name"] for row in _ROWS)
PLURALS = tuple(row["plural"] for row in _ROWS)
SCORING_SUMMARY = tuple(row["scoring"] for row in _ROWS)
COPIES = tuple(int(row["count"]) for row in _ROWS)
LETTERS = "".join(_letters)
"""One letter per family, used in text grids: S W L H J."""
FAMILY_COUNT = len(LETTERS)
SCARAB, WEEVIL, LADYBUG, LONGHORN, JEWEL = (LETTERS.index(ch) for ch in "SWLHJ")
KEYS = ("scarab", "weevil", "ladybug", "longhorn", "jewel")
"""Dictionary keys of a score breakdown, in family order."""

EMPTY = -1
"""A log space or box square with no beetle."""
HIDDEN = -2
"""A face-down beetle in a view: nobody knows its family."""
LOG_SPACES = 5

# Tools are bits of a seat's `tools` mask; a set bit is a tool not yet used.
GLASS = 1
FORCEPS = 2
EITHER = 4
ALL_TOOLS = GLASS | FORCEPS | EITHER
TOOL_NAMES = {GLASS: "Magnifying Glass", FORCEPS: "Forceps", EITHER: "Either"}
TOOL_POINTS = 2
"""Points per tool left unused at the end."""


def tool_count(tools: int) -> int:
    """How many tools a mask holds."""
    return (tools & 1) + (tools >> 1 & 1) + (tools >> 2 & 1)
