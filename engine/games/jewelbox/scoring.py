"""Scoring a box family by family (rules.md, "Scoring"), and the results.

Every rule here works on a rectangle of squares (a list of families, EMPTY
for a hole) plus one flag per square saying whether it lies on the edge of the
finished box. So the same code scores a full box and one still being built,
which screens and bots use for a running total.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from gemtable.engine.core import ScoreLine

from .components import (
    EMPTY,
    FAMILY_COUNT,
    KEYS,
    LETTERS,
    PLURALS,
    TOOL_POINTS,
    Geometry,
    tool_count,
)
from .state import JewelBoxState

SOLO_TITLES = ((63, "Master Entomologist"), (57, "Pro Entomologist"), (50, "Amateur Entomologist"))
"""Solo score needed for each title, best first."""

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


@cache
def _frame(width: int, height: int) -> tuple[tuple[int, ...], int, int, int]:
    """Per square its neighbours as a mask, then masks of the whole rectangle,
    of all but its first column and of all but its last column."""
    full = (1 << (width * height)) - 1
    first_col = sum(1 << (row * width) for row in range(height))
    near = tuple(sum(1 << n for n in around) for around in _neighbours(width, height))
    return near, full, full & ~first_col, full & ~(first_col << (width - 1))


def grid_points(masks: Sequence[int], width: int, height: int, edge: int) -> tuple[int, ...]:
    """Points per family (SWLHJ order) of a width×height rectangle given as
    one mask per family (bit row*width+col); `edge` masks the squares that
    count as edge for Scarabs. Bit operations throughout: bots score
    thousands of boxes a move through this."""
    _, full, not_first, not_last = _frame(width, height)
    scarab, weevil, ladybug, longhorn, jewel = masks
    scarabs = 0
    if scarab:
        spoilt = 0  # squares that see some family twice
        for mask in masks:
            if mask & (mask - 1):
                up, down = mask << width & full, mask >> width
                left, right = mask << 1 & not_first, mask >> 1 & not_last
                spoilt |= (up & (down | left | right)) | (down & (left | right)) | (left & right)
        scoring = scarab & ~spoilt
        scarabs = (scarab_points(True) * (scoring & edge).bit_count()
                   + scarab_points(False) * (scoring & ~edge).bit_count())
    touched = (ladybug << width | ladybug >> width | (ladybug << 1) & not_first
               | (ladybug >> 1) & not_last)
    return (
        scarabs,
        best_weevil_lines(weevil, width)[0] if weevil else 0,
        ladybug_points((ladybug & ~touched).bit_count()),
        longhorn_points(longhorn.bit_count()),
        JEWEL_PAIR * _jewel_pairs(jewel, width, not_first, not_last),
    )


def _jewel_pairs(jewel: int, width: int, not_first: int, not_last: int) -> int:
    """Connected groups of exactly two Jewel beetles: two that touch each
    other and nothing else."""
    up = jewel & (jewel << width)
    down = jewel & (jewel >> width)
    left = jewel & (jewel << 1) & not_first
    right = jewel & (jewel >> 1) & not_last
    several = (up & (down | left | right)) | (down & (left | right)) | (left & right)
    one = (up | down | left | right) & ~several
    return (one & right & (one >> 1)).bit_count() + (one & down & (one >> width)).bit_count()


def rectangle_points(
    grid: Sequence[int], width: int, height: int, edge: Sequence[bool]
) -> tuple[int, ...]:
    """Points per family (SWLHJ order) for a rectangle of squares."""
    masks = [0] * len(LETTERS)
    edge_mask = 0
    for cell, family in enumerate(grid):
        if family != EMPTY:
            masks[family] |= 1 << cell
        if edge[cell]:
            edge_mask |= 1 << cell
    return grid_points(masks, width, height, edge_mask)


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
    return as_dict(rectangle_points(grid, size, size, border(size, size)))


# --- results ------------------------------------------------------------------


def box_points(state: JewelBoxState, seat_index: int) -> tuple[int, ...]:
    """Points per family of a box as it stands (rules.md, "Provisional score")."""
    return mask_points(state.geometry, state.seats[seat_index].masks)


def mask_points(geo: Geometry, masks: tuple[int, ...]) -> tuple[int, ...]:
    """Points per family of the box these family masks draw.

    A square counts as an edge once the box spans the full N in that
    direction and the square lies on that side; a finished box is then scored
    exactly as the rules say.
    """
    occupied = masks[0] | masks[1] | masks[2] | masks[3] | masks[4]
    if not occupied:
        return (0,) * FAMILY_COUNT
    top, bottom, left, right = geo.bounds(occupied)
    width, height = right - left + 1, bottom - top + 1
    return grid_points(geo.cut(masks, top, left, width, height), width, height,
                       _provisional_edge(geo.size, width, height))


@cache
def _provisional_edge(size: int, width: int, height: int) -> int:
    """Edge squares of a width×height box as it stands (rules.md, "Provisional
    score"): the rows or columns at its sides once it spans N that way."""
    edge = 0
    for row in range(height):
        for col in range(width):
            if (height == size and row in (0, height - 1)) or (
                    width == size and col in (0, width - 1)):
                edge |= 1 << (row * width + col)
    return edge


def mask_total(geo: Geometry, masks: tuple[int, ...], tools: int) -> int:
    """A box's total from its family masks and unused tools (as `total`)."""
    return sum(mask_points(geo, masks)) + TOOL_POINTS * tool_count(tools)


def family_points(state: JewelBoxState, seat: int) -> tuple[int, ...]:
    """Points per family (S W L H J order) of a seat's box as it stands;
    for an unfinished box, the provisional count described in rules.md.
    Worked out for every seat at once and kept with the state."""
    points = state._points
    if points is None:
        points = tuple(box_points(state, index) for index in range(state.players))
        object.__setattr__(state, "_points", points)
    return points[seat]


def total(state: JewelBoxState, seat_index: int) -> int:
    tools = tool_count(state.seats[seat_index].tools)
    return sum(family_points(state, seat_index)) + TOOL_POINTS * tools


def scores(state: JewelBoxState) -> tuple[int, ...]:
    return tuple(total(state, seat) for seat in range(state.players))


def ranking(state: JewelBoxState) -> tuple[int, ...]:
    """Place per seat: higher score first; more unused tools breaks a tie;
    seats equal on both share a place."""
    keys = [
        (-total(state, seat), -tool_count(state.seats[seat].tools))
        for seat in range(state.players)
    ]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def solo_title(score: int) -> str | None:
    for needed, title in SOLO_TITLES:
        if score >= needed:
            return title
    return None


def score_breakdown(state: JewelBoxState, seat: int) -> tuple[ScoreLine, ...]:
    box = state.seats[seat]
    points = family_points(state, seat)
    lines = [
        ScoreLine(f"{PLURALS[f]} ({box.masks[f].bit_count()})", points[f])
        for f in range(FAMILY_COUNT)
    ]
    tools = tool_count(box.tools)
    lines.append(ScoreLine(f"Unused tools ({tools})", TOOL_POINTS * tools))
    score = total(state, seat)
    lines.append(ScoreLine("Total", score))
    if state.variant == "solo":
        title = solo_title(score)
        lines.append(ScoreLine(f"Title: {title or 'none (50 for Amateur)'}", score))
    return tuple(lines)


def achievements(state: JewelBoxState, seat: int) -> tuple[str, ...]:
    """Solo titles reached: a Master score has also reached Pro and Amateur."""
    if state.variant != "solo" or not state.is_over:
        return ()
    score = total(state, seat)
    return tuple(title for needed, title in reversed(SOLO_TITLES) if score >= needed)
