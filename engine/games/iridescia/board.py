"""Board geometry: nine offset hex rows, counted from the bottom.

Each region below the Castle has a lower row of 6 hexes and an upper row of
7; the Castle row (6 hexes) sits above the 7-hex Ruins row. A hex is placed
on a doubled column grid: 7-hex rows use even columns 0..12, 6-hex rows odd
columns 1..11, so two hexes of neighbouring rows touch when their columns
differ by one, and two hexes of one row touch when they differ by two.

Cells are numbered 0..57, row by row from the bottom, left to right. Cell
names for text are the row number (1-9) and the column letter (a-g), e.g.
`1a` is the bottom-left hex and `9f` the rightmost Castle hex.
"""

from __future__ import annotations

REGIONS = ("Desert", "Canyon", "Forest", "Ruins", "Castle")
ROW_SIZES = (6, 7, 6, 7, 6, 7, 6, 7, 6)
ROWS = len(ROW_SIZES)
CASTLE_ROW = ROWS - 1
FOREST_ROW = 4
"""The first Forest row: entering it or any row above makes you drop an objective."""

AIRSHIP = -1
"""Explorer position before the first move: adjacent to the whole first row."""
FINISHED = -2
"""Explorer position after collecting a Castle tile."""

ROW_START: tuple[int, ...] = tuple(sum(ROW_SIZES[:r]) for r in range(ROWS))
CELLS = sum(ROW_SIZES)
ROW_OF: tuple[int, ...] = tuple(r for r in range(ROWS) for _ in range(ROW_SIZES[r]))
INDEX_IN_ROW: tuple[int, ...] = tuple(i for r in range(ROWS) for i in range(ROW_SIZES[r]))
REGION_OF: tuple[int, ...] = tuple(min(r // 2, 4) for r in ROW_OF)
COLUMN: tuple[int, ...] = tuple(
    2 * INDEX_IN_ROW[c] + (1 if ROW_SIZES[ROW_OF[c]] == 6 else 0) for c in range(CELLS)
)
"""Doubled column of each cell (left to right), used for adjacency and for
"leftmost / rightmost" choices."""


def cell_at(row: int, index: int) -> int:
    return ROW_START[row] + index


def row_cells(row: int) -> tuple[int, ...]:
    return tuple(range(ROW_START[row], ROW_START[row] + ROW_SIZES[row]))


def _neighbours(cell: int, drow: int, dcol: tuple[int, ...]) -> tuple[int, ...]:
    row = ROW_OF[cell] + drow
    if not 0 <= row < ROWS:
        return ()
    wanted = {COLUMN[cell] + d for d in dcol}
    return tuple(c for c in row_cells(row) if COLUMN[c] in wanted)


AHEAD: tuple[tuple[int, ...], ...] = tuple(_neighbours(c, 1, (-1, 1)) for c in range(CELLS))
"""The (at most two) hexes of the row above that touch a cell, left first."""
SIDE: tuple[tuple[int, ...], ...] = tuple(_neighbours(c, 0, (-2, 2)) for c in range(CELLS))
"""The (at most two) hexes of the same row that touch a cell, left first."""
BEHIND: tuple[tuple[int, ...], ...] = tuple(_neighbours(c, -1, (-1, 1)) for c in range(CELLS))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    AHEAD[c] + SIDE[c] + BEHIND[c] for c in range(CELLS)
)
FORWARD: tuple[tuple[int, ...], ...] = tuple(AHEAD[c] + SIDE[c] for c in range(CELLS))
"""Where an explorer on a cell may reveal and move: ahead or to the side."""
FIRST_ROW = row_cells(0)


def priority_cells(cell: int) -> tuple[int, int, int, int]:
    """The four Rhom priority positions of a cell: ahead-left, ahead-right,
    side-left, side-right; -1 where the board has no such hex."""
    row, col = ROW_OF[cell], COLUMN[cell]

    def find(r: int, target: int) -> int:
        if not 0 <= r < ROWS:
            return -1
        for c in row_cells(r):
            if COLUMN[c] == target:
                return c
        return -1

    return (find(row + 1, col - 1), find(row + 1, col + 1), find(row, col - 2), find(row, col + 2))


PRIORITY_CELLS = tuple(priority_cells(c) for c in range(CELLS))


def _distances() -> tuple[tuple[int, ...], ...]:
    table = []
    for start in range(CELLS):
        dist = [-1] * CELLS
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for c in frontier:
                for n in NEIGHBOURS[c]:
                    if dist[n] < 0:
                        dist[n] = dist[c] + 1
                        nxt.append(n)
            frontier = nxt
        table.append(tuple(dist))
    return tuple(table)


DISTANCE = _distances()
"""DISTANCE[a][b]: hex steps between two cells."""

LETTERS = "abcdefg"


def cell_name(cell: int) -> str:
    if cell == AIRSHIP:
        return "airship"
    return f"{ROW_OF[cell] + 1}{LETTERS[INDEX_IN_ROW[cell]]}"


def parse_cell(text: str) -> int | None:
    if len(text) != 2 or not text[0].isdigit() or text[1] not in LETTERS:
        return None
    row, index = int(text[0]) - 1, LETTERS.index(text[1])
    if not 0 <= row < ROWS or index >= ROW_SIZES[row]:
        return None
    return cell_at(row, index)


def edge_cells() -> frozenset[int]:
    """The leftmost and rightmost hex of every row below the Castle (left empty with 1-2 players)."""
    out: set[int] = set()
    for r in range(CASTLE_ROW):
        cells = row_cells(r)
        out.update((cells[0], cells[-1]))
    return frozenset(out)


EDGE_CELLS = edge_cells()
