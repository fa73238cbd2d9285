"""Jewel Box components: five beetle families (data/families.csv) and three tools.

A beetle is its family index everywhere in the engine (0..4 in the order of
the data file); all 15 beetles of a family are alike, so nothing else is kept.

Each player's box lies on a canvas of squares, kept as bitmasks (`Geometry`):
a box of N×N is built on (2N-1)×(2N-1) squares. The first beetle always lands
on the centre square; since every later beetle touches the box and the whole
box must fit in some N×N square, no beetle can ever lie more than N-1 squares
from the centre, so the canvas holds every possible box and a square's name
never changes during a game (board.py names the squares).

A box is kept as five bitmasks, one per family, with bit row*side+col set
where that family lies; placement and swaps are then a few integer operations.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from functools import cache
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


# --- the canvas a box is built on -------------------------------------------


class Geometry:
    """Masks and tables for one box size, built once (see `geometry`)."""

    __slots__ = (
        "size", "side", "cells", "centre", "full", "_not_first_col", "_not_last_col",
        "_row_band", "_col_band", "squares",
    )

    def __init__(self, size: int) -> None:
        side = 2 * size - 1
        self.size = size
        self.side = side
        self.cells = side * side
        self.centre = (size - 1) * side + (size - 1)
        self.full = (1 << self.cells) - 1
        first_col = sum(1 << (r * side) for r in range(side))
        self._not_first_col = self.full & ~first_col
        self._not_last_col = self.full & ~(first_col << (side - 1))
        row = (1 << side) - 1
        self._row_band = tuple(
            tuple(sum(row << (r * side) for r in range(a, b + 1)) for b in range(side))
            for a in range(side)
        )
        self._col_band = tuple(
            tuple(sum(first_col << c for c in range(a, b + 1)) for b in range(side))
            for a in range(side)
        )
        self.squares = tuple(divmod(i, side) for i in range(self.cells))
        """(row, col) of each cell index."""

    def index(self, row: int, col: int) -> int | None:
        """Cell index of a square, None if it is off this canvas."""
        side = self.side
        return row * side + col if 0 <= row < side and 0 <= col < side else None

    def cell(self, row: int, col: int) -> int:
        """Cell index of a square known to be on this canvas (a legal action's)."""
        return row * self.side + col

    def grow(self, mask: int) -> int:
        """Squares orthogonally next to any square of `mask` (mask itself included)."""
        side = self.side
        return (
            mask
            | (mask << side) & self.full
            | mask >> side
            | (mask << 1) & self._not_first_col
            | (mask >> 1) & self._not_last_col
        )

    def bounds(self, mask: int) -> tuple[int, int, int, int]:
        """(top, bottom, left, right) of a non-empty mask."""
        side = self.side
        top = ((mask & -mask).bit_length() - 1) // side
        bottom = (mask.bit_length() - 1) // side
        folded = mask  # OR every row onto row 0 to see the occupied columns
        folded |= folded >> side
        folded |= folded >> (2 * side)
        folded |= folded >> (4 * side)
        folded |= folded >> (8 * side)
        folded &= (1 << side) - 1
        return top, bottom, (folded & -folded).bit_length() - 1, folded.bit_length() - 1

    def touching(self, mask: int) -> int:
        """Squares sharing a side with some square of `mask`."""
        side = self.side
        return (
            (mask << side) & self.full
            | mask >> side
            | (mask << 1) & self._not_first_col
            | (mask >> 1) & self._not_last_col
        )

    def frame_mask(self, occupied: int) -> int:
        """Every square some finished box holding `occupied` could cover: the
        union of the N×N squares around it (the whole sheet for an empty box)."""
        if not occupied:
            return self.full
        return self.frame(*self.bounds(occupied))

    def frame(self, top: int, bottom: int, left: int, right: int) -> int:
        """`frame_mask` of a box with these bounds."""
        reach = self.size - 1
        last = self.side - 1
        return (
            self._row_band[max(0, bottom - reach)][min(last, top + reach)]
            & self._col_band[max(0, right - reach)][min(last, left + reach)]
        )

    def cut(self, masks: Sequence[int], top: int, left: int, width: int,
            height: int) -> list[int]:
        """The family masks of a width×height rectangle of the sheet from
        (top, left), as masks of that rectangle (bit row*width+col)."""
        side = self.side
        row_bits = (1 << width) - 1
        out = []
        for mask in masks:
            cut = 0
            if mask:
                mask >>= top * side + left
                for row in range(height):
                    cut |= (mask >> (row * side) & row_bits) << (row * width)
            out.append(cut)
        return out

    def on_edge(self, bounds: tuple[int, int, int, int], row: int, col: int) -> bool:
        """Whether a square counts as edge for a box with these bounds as it
        stands (rules.md, "Provisional score"): the box already spans N in
        that direction and the square lies on that side."""
        top, bottom, left, right = bounds
        n = self.size
        return (bottom - top + 1 == n and row in (top, bottom)) or (
            right - left + 1 == n and col in (left, right))

    def lone(self, mask: int) -> int:
        """Squares of `mask` that touch no other square of it (lone Ladybugs)."""
        return mask & ~self.touching(mask)

    def pairs(self, mask: int) -> tuple[int, int]:
        """(how many connected groups of exactly two, the squares touching no
        other) of `mask`: the Jewel beetle rule on bitmasks, for fast valuing."""
        side = self.side
        up = mask & (mask << side) & self.full
        down = mask & (mask >> side)
        left = mask & (mask << 1) & self._not_first_col
        right = mask & (mask >> 1) & self._not_last_col
        some = up | down | left | right
        several = (up & (down | left | right)) | (down & (left | right)) | (left & right)
        one = some & ~several
        count = (one & right & (one >> 1)).bit_count() + (one & down & (one >> side)).bit_count()
        return count, mask & ~some

    def placement_mask(self, occupied: int) -> int:
        """Empty squares where a beetle may go next: touching the box, and
        keeping the whole box inside some N×N square."""
        if not occupied:
            return 1 << self.centre
        return self.grow(occupied) & ~occupied & self.frame_mask(occupied)


@cache
def geometry(size: int) -> Geometry:
    return Geometry(size)
