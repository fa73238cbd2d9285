"""Squares of a floating box, and where the next beetle may go.

A box of N×N is built on a canvas of (2N-1)×(2N-1) squares. The first beetle
always lands on the centre square; since every later beetle touches the box
and the whole box must fit in some N×N square, no beetle can ever lie more
than N-1 squares from the centre, so the canvas holds every possible box and
a square's name never changes during a game.

Squares are named like a spreadsheet: a column letter (a, b, ... from the
left) and a row number (1, 2, ... from the top). The centre is d4 on the 7×7
canvas of a 4×4 box and e5 on the 9×9 canvas of a 5×5 box.

A box is kept as five bitmasks, one per family, with bit row*side+col set
where that family lies; placement and swaps are then a few integer operations.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from .components import EMPTY, FAMILY_COUNT, LETTERS

COLUMN_LETTERS = "abcdefghi"
_SQUARE_TEXT = re.compile(r"^([a-i])([1-9])$")


def square_name(row: int, col: int) -> str:
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_square(text: str) -> tuple[int, int] | None:
    """(row, col) of a square name such as `d4`, or None."""
    match = _SQUARE_TEXT.match(text)
    if not match:
        return None
    return int(match.group(2)) - 1, COLUMN_LETTERS.index(match.group(1))


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

    def why_not_here(self, occupied: int, row: int, col: int) -> str:
        """Why a beetle cannot go on (row, col); '' if it can."""
        cell = self.index(row, col)
        name = square_name(row, col) if 0 <= col < 9 and 0 <= row < 9 else f"({row}, {col})"
        last = square_name(self.side - 1, self.side - 1)
        if cell is None:
            return f"{name} is off the table: squares run from a1 to {last}"
        if occupied >> cell & 1:
            return f"{name} already holds a beetle"
        if not occupied:
            centre = square_name(*self.squares[self.centre])
            return f"the first beetle goes on the centre square {centre}"
        if not self.grow(occupied) >> cell & 1:
            return f"{name} does not touch the box (a side must touch; corners do not count)"
        top, bottom, left, right = self.bounds(occupied | 1 << cell)
        if bottom - top >= self.size or right - left >= self.size:
            n = self.size
            return f"a beetle on {name} would stretch the box beyond {n}x{n}"
        return ""


@cache
def geometry(size: int) -> Geometry:
    return Geometry(size)


def edge_share(low: int, high: int, at: int, n: int, last: int) -> float:
    """Share of the finished frames along one axis that put `at` on their
    border, for a box spanning low..high on that axis of a canvas 0..last
    (every frame that still fits equally likely); 1 or 0 once the span is n."""
    if high < low or high - low + 1 > n:
        return 0.0
    if high - low + 1 == n:
        return 1.0 if at in (low, high) else 0.0
    first = max(0, high - n + 1)
    final = min(low, last - n + 1)
    hits = (first <= at <= final) + (first <= at - n + 1 <= final)
    return hits / (final - first + 1)


def bits(mask: int) -> list[int]:
    """Indices of the set bits of `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def family_at(masks: tuple[int, ...], cell: int) -> int:
    """The family on a cell of a box, EMPTY if none."""
    for family in range(FAMILY_COUNT):
        if masks[family] >> cell & 1:
            return family
    return EMPTY


def masks_from_rows(
    rows: Sequence[str], size: int, top_left: str | None = None
) -> tuple[int, ...]:
    """Family masks of a box written as rows of letters (`.` for a hole),
    its first letter on square `top_left` (default: the centre square)."""
    geo = geometry(size)
    corner = geo.squares[geo.centre] if top_left is None else parse_square(top_left)
    if corner is None:
        raise ValueError(f"{top_left!r} is no square name (a1 to i9)")
    row0, col0 = corner
    masks = [0] * FAMILY_COUNT
    for r, text in enumerate(rows):
        for c, ch in enumerate(text.upper()):
            if ch == ".":
                continue
            cell = geo.index(row0 + r, col0 + c)
            if cell is None or ch not in LETTERS:
                raise ValueError(f"bad square or letter {ch!r} at row {r + 1}, column {c + 1}")
            masks[LETTERS.index(ch)] |= 1 << cell
    return tuple(masks)
