"""The hex board as lines of text, Castle at the top, and how the cursor
moves over it.

Each hex is four cells between two separator cells: `[` `]` around the hex
under the cursor, `(` `)` around a hex the person may act on now. The 6-hex
rows are drawn half a hex (three cells) in from the 7-hex rows, as on the
printed board. Moving the cursor up or down goes to the hex drawn nearest
above or below: that is screen geometry, not the game's adjacency, which
only the engine knows (its legal actions are the targets).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from . import glyphs
from .scene import BARRICADE, DOWN, EMPTY, Hex, Scene

PITCH = 6
"""Cells per hex: a separator, four of content, a separator."""
HALF = 3
WIDE_PITCH = 8
"""On a roomy screen: six cells of content, the gem on a block of two."""
LABEL = 3
"""Cells of the row label (`Ca9`; the separator cell after it keeps it apart)."""
REGION_SHORT = {"Desert": "De", "Canyon": "Cy", "Forest": "Fo", "Ruins": "Ru", "Castle": "Ca"}
REGION_BG = {
    "Desert": "#3a3020", "Canyon": "#3a2620", "Forest": "#1f3320", "Ruins": "#2a2a33",
    "Castle": "#33203a",
}
"""A faint ground per region under face-down tiles (the row labels name it too)."""

Spot = tuple[int, int]
"""(row, col) of a hex; row 0 is the bottom row."""


@dataclass(frozen=True)
class Marks:
    cursor: Spot | None
    targets: frozenset[Spot]
    show_cursor: bool = True
    wide: bool = False
    """Draw each hex eight cells wide (roomy screens)."""


def pitch(wide: bool) -> int:
    return WIDE_PITCH if wide else PITCH


def row_x(scene: Scene, row: int, wide: bool = False) -> int:
    return LABEL + (0 if scene.long_rows[row] else pitch(wide) // 2)


def map_width(scene: Scene, wide: bool = False) -> int:
    return max(row_x(scene, row, wide) + pitch(wide) * len(cells)
               for row, cells in enumerate(scene.rows))


TILE_GROUND = "#3a3a3a"
EMPTY_GROUND = "#262626"


def _content(cell: Hex, region: str, target: bool, wide: bool) -> Text:
    """The four (six when wide) cells of one hex, on a ground of its own so each
    hex reads as a block: face down in its region's colour, a tile grey, an
    empty hex dark."""
    size = pitch(wide) - 2
    if cell.state == BARRICADE:
        return glyphs.span("X" * size, glyphs.BARRICADE)
    ground = (glyphs.TARGET_BG.bgcolor.name if target and glyphs.TARGET_BG.bgcolor else
              REGION_BG.get(region, EMPTY_GROUND) if cell.state == DOWN else
              TILE_GROUND if cell.state not in (EMPTY,) else EMPTY_GROUND)
    text = Text(style=Style(bgcolor=ground))
    people = glyphs.join((glyphs.seat_mark(s) for s in cell.explorers), "")
    pad = " " if wide else ""
    if cell.state == DOWN:
        text.append(f"{pad} ?? {pad}", glyphs.FACE_DOWN)
        return text
    if cell.state == EMPTY:
        text.append_text(people if people.cell_len else glyphs.span(" "))
        text.append(f"{pad} .. {pad}"[text.cell_len:], glyphs.FAINT)
        return text
    text.append_text(people if people.cell_len else glyphs.span(" "))
    if wide and text.cell_len < 2:
        text.append(" ")
    text.append_text(glyphs.gem_block(cell.gem, glyphs.TILE_LETTERS[cell.gem] + pad))
    room = size - text.cell_len
    if room > 0:
        bonus = cell.bonus[:room]
        text.append(f"{bonus:<{room}}", glyphs.POINTS if bonus.startswith("+") else
                    glyphs.COINS if bonus.startswith("$") else glyphs.TEXT)
    return glyphs.fit(text, size)


def row_line(scene: Scene, row: int, marks: Marks, width: int) -> Text:
    region = scene.region_of_row[row]
    label = glyphs.span(f"{REGION_SHORT.get(region, region[:2])}{row + 1}", glyphs.DIM)
    line = glyphs.fit(label, row_x(scene, row, marks.wide))
    for cell in scene.rows[row]:
        spot = (cell.row, cell.col)
        here = marks.show_cursor and spot == marks.cursor
        target = spot in marks.targets
        left, right = ("[", "]") if here else ("(", ")") if target else (" ", " ")
        style = glyphs.CURSOR if here else glyphs.TARGET if target else glyphs.TEXT
        line.append(left, style)
        line.append_text(_content(cell, region, target and not here, marks.wide))
        line.append(right, style)
    return glyphs.fit(line, width)


def airship_line(scene: Scene, width: int) -> Text:
    """Who has not landed yet: the airship is beside the whole first row."""
    aboard = [p.seat for p in scene.players if p.airship]
    line = glyphs.span(" " * LABEL + "airship ", glyphs.DIM)
    if aboard:
        line.append_text(glyphs.join(glyphs.seat_mark(s) for s in aboard))
        line.append("  (beside every hex of row 1)", glyphs.FAINT)
    else:
        line.append("-  (everyone has landed)", glyphs.FAINT)
    return glyphs.fit(line, width)


def map_lines(scene: Scene, marks: Marks, width: int) -> list[Text]:
    """The board rows, Castle first, then the airship below the Desert."""
    lines = [row_line(scene, row, marks, width) for row in reversed(range(len(scene.rows)))]
    lines.append(airship_line(scene, width))
    return lines


def spot_at(scene: Scene, x: int, y: int, wide: bool = False) -> Spot | None:
    """The hex drawn at column `x` of map line `y` (for mouse clicks)."""
    row = len(scene.rows) - 1 - y
    if not 0 <= row < len(scene.rows):
        return None
    col = (x - row_x(scene, row, wide)) // pitch(wide)
    if x < row_x(scene, row, wide) or not 0 <= col < len(scene.rows[row]):
        return None
    return row, col


# --- the cursor -------------------------------------------------------------------------


def _centre(scene: Scene, spot: Spot) -> int:
    return row_x(scene, spot[0]) + spot[1] * PITCH + HALF


def clamp(scene: Scene, spot: Spot) -> Spot:
    row = min(max(spot[0], 0), len(scene.rows) - 1)
    col = min(max(spot[1], 0), len(scene.rows[row]) - 1)
    return row, col


def moved(scene: Scene, spot: Spot, drow: int, dcol: int) -> Spot:
    """One hex left or right, or the hex drawn nearest above or below (on a
    tie, the one on the right going up and on the left going down, so up then
    down comes back)."""
    row, col = clamp(scene, spot)
    if dcol:
        return clamp(scene, (row, col + dcol))
    target = row + drow
    if not 0 <= target < len(scene.rows):
        return row, col
    x = _centre(scene, (row, col)) + (1 if drow > 0 else -1)
    best = min(range(len(scene.rows[target])),
               key=lambda c: abs(_centre(scene, (target, c)) - x))
    return target, best


def nearest(spot: Spot, aims: frozenset[Spot] | set[Spot]) -> Spot:
    return min(aims, key=lambda s: (abs(s[0] - spot[0]) * 2 + abs(s[1] - spot[1]), s))


def step_target(spot: Spot, aims: frozenset[Spot], step: int) -> Spot | None:
    """The next (1) or previous (-1) target in reading order (top row first), going round."""
    if not aims:
        return None
    order = sorted(aims, key=lambda s: (-s[0], s[1]))
    key = (-spot[0], spot[1])
    if step > 0:
        return next((s for s in order if (-s[0], s[1]) > key), order[0])
    return next((s for s in reversed(order) if (-s[0], s[1]) < key), order[-1])
