"""Where the cursor may stand on a box, and how keys move it.

The cursor lives on the sheet's squares (row, col), the same coordinates as
the engine's actions, within the window the box is drawn in; it stops at the
window's edges rather than wrapping.
"""

from __future__ import annotations

from gemtable.engine.games.jewelbox.board import bits
from gemtable.engine.games.jewelbox.rules import placements
from gemtable.engine.games.jewelbox.state import JewelBoxState

from .controls import FORCEPS_MODE
from .explain import Square
from .panels import window


def clamp(view: JewelBoxState, seat: int, square: Square) -> Square:
    rows, cols = window(view, seat)
    row = min(max(square[0], rows.start), rows.stop - 1)
    col = min(max(square[1], cols.start), cols.stop - 1)
    return row, col


def moved(view: JewelBoxState, seat: int, square: Square, drow: int, dcol: int) -> Square:
    row, col = clamp(view, seat, square)
    return clamp(view, seat, (row + drow, col + dcol))


def beetles(view: JewelBoxState, seat: int) -> list[Square]:
    geo = view.geometry
    return [geo.squares[cell] for cell in bits(view.seats[seat].occupied)]


def targets(view: JewelBoxState, seat: int, mode: str, placing: bool) -> list[Square]:
    """The squares worth landing on now: beetles for Forceps, free squares when placing."""
    if mode == FORCEPS_MODE:
        return beetles(view, seat)
    if placing:
        return list(placements(view, seat))
    return []


def nearest(square: Square, aims: list[Square]) -> Square:
    return min(aims, key=lambda s: (abs(s[0] - square[0]) + abs(s[1] - square[1]), s))


def step_target(view: JewelBoxState, seat: int, square: Square, step: int, mode: str,
                placing: bool) -> Square | None:
    """The next (step 1) or previous (-1) target in reading order, going round;
    with nothing to do, the free squares, so a watcher can still look."""
    aims = sorted(targets(view, seat, mode, placing) or placements(view, seat))
    if not aims:
        return None
    if step > 0:
        return next((s for s in aims if s > square), aims[0])
    return next((s for s in reversed(aims) if s < square), aims[-1])
