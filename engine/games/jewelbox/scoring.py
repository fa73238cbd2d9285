"""Scoring a box family by family (rules.md, "Scoring").

Every rule here works on a rectangle of squares (a list of families, EMPTY
for a hole) plus one flag per square saying whether it lies on the edge of the
finished box. So the same code scores a full box and one still being built,
which screens and bots use for a running total.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from .components import EMPTY, JEWEL, KEYS, LADYBUG, LETTERS, LONGHORN, SCARAB, WEEVIL

SCARAB_EDGE = 2
SCARAB_INNER = 3
WEEVIL_LINE = {2: 3, 3: 6, 4: 10}
"""Points for a straight line of Weevils, by length; longer lines are split."""
LADYBUG_SET = 5
LADYBUG_SET_POINTS = 15
LADYBUG_REMAINDER = (0, 0, 1, 4, 8)
"""Points for the isolated Ladybugs left over after full sets of five."""
JEWEL_PAIR = 5
"""Points for a connected group of exactly two Jewel beetles."""
LONGHORN_ODD = 1
LONGHORN_EVEN = 2
"""Points per Longhorn when the box holds an odd or an even number of them."""


def scarab_points(on_edge: bool) -> int:
    """What a Scarab with no two alike neighbours scores on this square."""
    return SCARAB_EDGE if on_edge else SCARAB_INNER


def ladybug_points(isolated: int) -> int:
    """Points for this many Ladybugs that touch no other Ladybug."""
    sets, left = divmod(isolated, LADYBUG_SET)
    return sets * LADYBUG_SET_POINTS + LADYBUG_REMAINDER[left]


def longhorn_points(count: int) -> int:
    """Points for this many Longhorns in one box."""
    return count * (LONGHORN_ODD if count % 2 else LONGHORN_EVEN)


def weevil_summary() -> str:
    """The line table in words: `lines of 2/3/4 score 3/6/10`."""
    lengths = "/".join(str(length) for length in WEEVIL_LINE)
    points = "/".join(str(points) for points in WEEVIL_LINE.values())
    return f"lines of {lengths} score {points}"


@cache
def _neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    result = []
    for cell in range(width * height):
        row, col = divmod(cell, width)
        near = []
        if row:
            near.append(cell - width)
        if col:
            near.append(cell - 1)
        if col < width - 1:
            near.append(cell + 1)
        if row < height - 1:
            near.append(cell + width)
        result.append(tuple(near))
    return tuple(result)


@cache
def _lines_from(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per square, the (mask, points) of every scoring line whose first square
    (topmost, then leftmost) it is: rightwards or downwards, 2 to 4 long."""
    result = []
    for cell in range(width * height):
        row, col = divmod(cell, width)
        lines = []
        for length, points in WEEVIL_LINE.items():
            if col + length <= width:
                lines.append((sum(1 << (cell + k) for k in range(length)), points))
            if row + length <= height:
                lines.append((sum(1 << (cell + k * width) for k in range(length)), points))
        result.append(tuple(lines))
    return tuple(result)


@lru_cache(maxsize=1 << 16)
def best_weevil_lines(mask: int, width: int) -> tuple[int, tuple[int, ...]]:
    """(points, line masks) of the best way to split Weevils into lines.

    `mask` has bit row*width+col set for each Weevil. Exhaustive with memo:
    the lowest Weevil not yet decided either stays out of every line or
    starts one (every line through it starts at it, as all squares above and
    to the left are decided), so each assignment is tried exactly once.
    """
    if not mask:
        return 0, ()
    height = (mask.bit_length() - 1) // width + 1
    low = mask & -mask
    cell = low.bit_length() - 1
    best = best_weevil_lines(mask ^ low, width)
    for line, points in _lines_from(width, height)[cell]:
        if line & mask == line:
            rest_points, rest_lines = best_weevil_lines(mask & ~line, width)
            if points + rest_points > best[0]:
                best = points + rest_points, (line, *rest_lines)
    return best


def family_points(
    grid: Sequence[int], width: int, height: int, edge: Sequence[bool]
) -> tuple[int, ...]:
    """Points per family (SWLHJ order) for a rectangle of squares."""
    near = _neighbours(width, height)
    scarabs = weevil_mask = isolated_ladybugs = longhorns = 0
    jewels = []
    for cell, family in enumerate(grid):
        if family == SCARAB:
            families = [grid[n] for n in near[cell] if grid[n] != EMPTY]
            if len(set(families)) == len(families):
                scarabs += scarab_points(edge[cell])
        elif family == WEEVIL:
            weevil_mask |= 1 << cell
        elif family == LADYBUG:
            if all(grid[n] != LADYBUG for n in near[cell]):
                isolated_ladybugs += 1
        elif family == LONGHORN:
            longhorns += 1
        elif family == JEWEL:
            jewels.append(cell)
    return (
        scarabs,
        best_weevil_lines(weevil_mask, width)[0],
        ladybug_points(isolated_ladybugs),
        longhorn_points(longhorns),
        JEWEL_PAIR * _jewel_pairs(grid, jewels, near),
    )


def _jewel_pairs(
    grid: Sequence[int], jewels: list[int], near: tuple[tuple[int, ...], ...]
) -> int:
    """Connected groups of exactly two Jewel beetles."""
    pairs = 0
    seen: set[int] = set()
    for start in jewels:
        if start in seen:
            continue
        group = [start]
        seen.add(start)
        for cell in group:  # grows while iterating: a breadth-first flood
            for n in near[cell]:
                if grid[n] == JEWEL and n not in seen:
                    seen.add(n)
                    group.append(n)
        pairs += len(group) == 2
    return pairs


def parse_rows(rows: Sequence[str]) -> list[int]:
    """Families of a square text grid (letters SWLHJ, `.` for a hole)."""
    size = len(rows)
    if not size or any(len(row) != size for row in rows):
        raise ValueError(f"a box is N rows of N letters, got {list(rows)!r}")
    grid = []
    for row in rows:
        for ch in row.upper():
            if ch == ".":
                grid.append(EMPTY)
            elif ch in LETTERS:
                grid.append(LETTERS.index(ch))
            else:
                raise ValueError(f"{ch!r} is no beetle: use {' '.join(LETTERS)} or . for a hole")
    return grid


def border(width: int, height: int) -> tuple[bool, ...]:
    """Edge flags for a finished width×height box: its outer ring."""
    return tuple(
        row in (0, height - 1) or col in (0, width - 1)
        for row in range(height)
        for col in range(width)
    )


def as_dict(points: Sequence[int]) -> dict[str, int]:
    result = dict(zip(KEYS, points, strict=True))
    result["total"] = sum(points)
    return result


def score_rows(rows: Sequence[str]) -> dict[str, int]:
    """Score a box written as N strings of N letters (S W L H J; `.` for a hole).

    Returns points per family under the keys scarab, weevil, ladybug,
    longhorn and jewel, and their sum under total; unused tools are not
    included. The rows are the finished N×N box: its outer ring is the edge.

    >>> score_rows(["WWWW", "LHLH", "HLHL", "JJSS"])["total"]
    35
    """
    grid = parse_rows(rows)
    size = len(rows)
    return as_dict(family_points(grid, size, size, border(size, size)))

