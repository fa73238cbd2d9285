"""A seat's box read square by square, and a position written out as text:
for screens, bots, the log's words and tests."""

from __future__ import annotations

from .board import family_at, square_name
from .components import EMPTY, LETTERS
from .state import PHASE_NAMES, JewelBoxState


def family_on(state: JewelBoxState, seat: int, row: int, col: int) -> int:
    """The family on a square of a seat's box, EMPTY if none."""
    cell = state.geometry.index(row, col)
    return EMPTY if cell is None else family_at(state.seats[seat].masks, cell)


def box_rows(state: JewelBoxState, seat: int) -> tuple[tuple[int, int], tuple[str, ...]]:
    """(top-left square, rows of letters) of a seat's box, `.` for a hole;
    an empty box gives the centre square and no rows."""
    geo = state.geometry
    occupied = state.seats[seat].occupied
    if not occupied:
        return geo.squares[geo.centre], ()
    top, bottom, left, right = geo.bounds(occupied)
    masks = state.seats[seat].masks
    rows = tuple(
        "".join(
            "." if (f := family_at(masks, r * geo.side + c)) == EMPTY else LETTERS[f]
            for c in range(left, right + 1)
        )
        for r in range(top, bottom + 1)
    )
    return (top, left), rows


def describe_log(state: JewelBoxState) -> str:
    """The log as text, e.g. `1:S 2:W 3:- 4:J 5:L`."""
    return " ".join(
        f"{i}:{LETTERS[f] if f >= 0 else '-'}" for i, f in enumerate(state.log, start=1)
    )


def position_text(state: JewelBoxState) -> str:
    """The whole position in a few lines of text, for debugging and tests."""
    lines = [f"Jewel Box, {state.variant}, turn {state.turns + 1}, {PHASE_NAMES[state.phase]}"]
    lines.append(f"log {describe_log(state)}, pile {len(state.pile)}")
    for seat in range(state.players):
        (top, left), rows = box_rows(state, seat)
        corner = square_name(top, left)
        lines.append(f"seat {seat + 1} from {corner}: {' / '.join(rows) or '(empty)'}")
    return "\n".join(lines)
