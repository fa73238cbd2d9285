"""Names of the squares of the canvas a box is built on (components.Geometry),
and small readings of a box's family masks.

Squares are named like a spreadsheet: a column letter (a, b, ... from the
left) and a row number (1, 2, ... from the top). The centre is d4 on the 7×7
canvas of a 4×4 box and e5 on the 9×9 canvas of a 5×5 box.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .components import EMPTY, FAMILY_COUNT, LETTERS, geometry

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
