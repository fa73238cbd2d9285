"""One player's box as a block of text lines: the grid on its fixed square
names with a score column beside it (full), or letters and points only
(compact, for the other boxes when the terminal is small).

The grid shows the part of the sheet where this box can still grow: its
beetles plus one ring of squares, cut where the box could no longer fit in
N×N. So a finished box is exactly N×N and square names match the notation.
"""

from __future__ import annotations

import attrs
from rich.text import Text

from gemtable.engine.games.jewelbox.board import COLUMN_LETTERS
from gemtable.engine.games.jewelbox.boxes import box_rows, family_on
from gemtable.engine.games.jewelbox.components import (
    EMPTY,
    FAMILY_COUNT,
    LETTERS,
    TOOL_POINTS,
    tool_count,
)
from gemtable.engine.games.jewelbox.rules import placements
from gemtable.engine.games.jewelbox.scoring import family_points
from gemtable.engine.games.jewelbox.state import JewelBoxState

from . import glyphs
from .explain import Square, note

LABEL = 3
"""Row numbers take three cells left of the grid."""
SCORE_WIDTH = 11
SCORE_WIDTH_ROOMY = 18
COMPACT_SCORE = 10


@attrs.frozen
class Marks:
    """What the person is doing on this box: cursor, first Forceps square, and
    whether the beetle in hand is being placed (legal squares stand out)."""

    cursor: Square | None = None
    picked: Square | None = None
    placing: bool = False
    free: bool = True
    """Mark the squares the next beetle may go to (not while using Forceps)."""


@attrs.define
class Panel:
    lines: list[Text]
    width: int
    hits: list[tuple[int, int, int, int, Square]] = attrs.Factory(list)
    """(line, first cell, end cell, seat, square) of each grid square, for the mouse."""

    @property
    def height(self) -> int:
        return len(self.lines)


def window(view: JewelBoxState, seat: int) -> tuple[range, range]:
    """Rows and columns of the sheet worth drawing for this box."""
    geo = view.geometry
    occupied = view.seats[seat].occupied
    if occupied:
        top, bottom, left, right = geo.bounds(occupied)
    else:
        top = bottom = left = right = geo.squares[geo.centre][0]
    reach, last = geo.size - 1, geo.side - 1
    rows = range(max(0, top - 1, bottom - reach), min(last, bottom + 1, top + reach) + 1)
    cols = range(max(0, left - 1, right - reach), min(last, right + 1, left + reach) + 1)
    return rows, cols


def grid_columns(view: JewelBoxState) -> int:
    """The widest window any box of this game can have."""
    return min(view.size + 2, view.geometry.side)


def seat_label(seat: int, me: int | None, names: dict[int, str]) -> str:
    return names.get(seat, f"Seat {seat + 1}") + (" (you)" if seat == me else "")


def _header(view: JewelBoxState, seat: int, label: str, roomy: bool, width: int,
            filled: bool = True) -> Text:
    """`►Seat 1 (you)  7/25      G F e`: the name is cut before the tools are."""
    playing = not view.is_over and view.current == seat
    tools = glyphs.tools(view.seats[seat].tools, words=roomy)
    line = glyphs.span(glyphs.MARK if playing else " ", glyphs.WARN)
    line.append(label, glyphs.TITLE)
    if view.is_over and view.players > 1 and seat in view.winners():
        line.append("  won", glyphs.GOOD)
    elif filled:
        line.append(f"  {view.seats[seat].beetles}/{view.size * view.size}", glyphs.DIM)
    room = width - tools.cell_len - 1
    if line.cell_len > room:
        line = glyphs.fit(line, room)
    line.append(" " * (width - line.cell_len - tools.cell_len))
    line.append_text(tools)
    return line


def _cell(view: JewelBoxState, seat: int, square: Square, marks: Marks, open_squares: set[Square],
          roomy: bool) -> list[Text]:
    """A square as one line of three cells, or (roomy) two lines of five."""
    family = family_on(view, seat, *square)
    width = 5 if roomy else 3
    if family != EMPTY:
        style = glyphs.chip_style(family)
        middle = [LETTERS[family]]
        if roomy:
            found = note(view, seat, square)
            middle.append(found.short if found else "")
    elif square in open_squares:
        style = glyphs.LEGAL if marks.placing else glyphs.OPEN
        middle = ["+", ""]
    else:
        style = glyphs.HOLE
        middle = ["·", ""]
    ends = None
    if square == marks.cursor:
        ends = ("[", "]", glyphs.CURSOR)
    elif square == marks.picked:
        ends = ("{", "}", glyphs.PICKED)
    lines = []
    for text in middle[: 2 if roomy else 1]:
        line = Text()
        if ends:
            line.append(ends[0], ends[2])
            line.append(text.center(width - 2), style)
            line.append(ends[1], ends[2])
        else:
            line.append(text.center(width), style)
        lines.append(line)
    return lines


def _score_column(view: JewelBoxState, seat: int, roomy: bool) -> list[Text]:
    """Beetles and points per family, unused tools, and the running total."""
    points = family_points(view, seat)
    masks = view.seats[seat].masks
    width = SCORE_WIDTH_ROOMY if roomy else SCORE_WIDTH
    name_w = 9 if roomy else 1
    rest = width - name_w - 4
    lines = [glyphs.span(f"{'':<{name_w}}{'n':>4}{'pts':>{rest}}", glyphs.DIM)]
    for family in range(FAMILY_COUNT):
        name = glyphs.SHORT_NAMES[family] if roomy else LETTERS[family]
        line = glyphs.span(f"{name:<{name_w}}", glyphs.family_text(family))
        count = masks[family].bit_count()
        line.append(f"{f'×{count}' if count else '':>4}", glyphs.DIM)
        line.append(f"{points[family]:>{rest}}", glyphs.TEXT if points[family] else glyphs.DIM)
        lines.append(line)
    tools = tool_count(view.seats[seat].tools)
    label = f"Tools {tools}×{TOOL_POINTS}" if roomy else "tools"
    lines.append(glyphs.span(f"{label}{tools * TOOL_POINTS:>{width - len(label)}}", glyphs.DIM))
    label = "Total" if roomy else "total"
    lines.append(glyphs.span(f"{label}{view.scores()[seat]:>{width - len(label)}}", glyphs.WARN))
    return lines


def full_panel(view: JewelBoxState, seat: int, label: str, marks: Marks,
               roomy: bool = False) -> Panel:
    """The box on its square names, with per-family points and the total."""
    rows, cols = window(view, seat)
    cell_w = 5 if roomy else 3
    grid_w = LABEL + grid_columns(view) * cell_w
    score = _score_column(view, seat, roomy)
    width = grid_w + 1 + (SCORE_WIDTH_ROOMY if roomy else SCORE_WIDTH)
    lines = [_header(view, seat, label, roomy, width)]
    heading = Text(" " * LABEL)
    for col in cols:
        heading.append(COLUMN_LETTERS[col].center(cell_w), glyphs.DIM)
    grid = [heading]
    hits = []
    # Free squares are marked on the box being looked at only: elsewhere they are noise.
    shown = marks.cursor is not None and marks.free
    open_squares = set(placements(view, seat)) if shown else set()
    for row in rows:
        cells = [_cell(view, seat, (row, col), marks, open_squares, roomy) for col in cols]
        for part in range(len(cells[0]) if cells else 1):
            line = glyphs.span(f"{row + 1:>2} " if part == 0 else " " * LABEL, glyphs.DIM)
            for i, cell in enumerate(cells):
                x = LABEL + i * cell_w
                hits.append((1 + len(grid), x, x + cell_w, seat, (row, cols[i])))
                line.append_text(cell[part])
            grid.append(line)
    for y in range(max(len(grid), len(score))):
        left = glyphs.fit(grid[y], grid_w) if y < len(grid) else Text(" " * grid_w)
        left.append(" ")
        left.append_text(score[y] if y < len(score) else Text(""))
        lines.append(left)
    return Panel(lines, width, hits)


def compact_panel(view: JewelBoxState, seat: int, label: str) -> Panel:
    """Letters and points only: the other boxes when the terminal is small."""
    points = family_points(view, seat)
    grid_w = 2 * view.size
    width = grid_w + 2 + COMPACT_SCORE
    header = _header(view, seat, label, False, width, filled=False)
    _, rows = box_rows(view, seat)
    grid = []
    for text in rows:
        line = Text()
        for ch in text:
            if ch == ".":
                line.append("· ", glyphs.HOLE)
            else:
                line.append(f"{ch} ", glyphs.chip_style(LETTERS.index(ch)))
        grid.append(line)
    if not grid:
        grid.append(glyphs.span("empty", glyphs.DIM))
    score = []
    for first in range(0, FAMILY_COUNT, 2):
        line = Text()
        for family in range(first, min(first + 2, FAMILY_COUNT)):
            if family != first:
                line.append("  ")
            line.append_text(glyphs.letter(family))
            line.append(f"{points[family]:>3}", glyphs.TEXT if points[family] else glyphs.DIM)
        score.append(line)
    tools = tool_count(view.seats[seat].tools) * TOOL_POINTS
    score.append(glyphs.span(f"tools{tools:>5}", glyphs.DIM))
    score.append(glyphs.span(f"total{view.scores()[seat]:>5}", glyphs.WARN))
    body = glyphs.hjoin([grid, score], [grid_w, COMPACT_SCORE], gap=2)
    return Panel([header, *body], width)
