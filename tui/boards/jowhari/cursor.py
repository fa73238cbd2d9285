"""Where the board's cursor may stand, and how keys move it.

Spots are the engine's own `Source` values (centre slot, deck top, hand
place), so the card under the cursor turns into an action without any
translation table. The grid is drawn top to bottom as level 3, 2, 1, then
the local seat's hand; column 0 of a level row is its deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from gemtable.engine.games.jowhari.actions import CENTRE, DECK, HAND, SLOT_LETTERS, Source
from gemtable.engine.games.jowhari.components import CENTRE_SLOTS

Spot = Source
ROW_LEVELS = (3, 2, 1)
"""Level shown on each of the first three rows (the most valuable on top)."""


def grid(hand_size: int) -> list[list[tuple[int, Spot]]]:
    """Rows of (column, spot); the hand row starts at column 1 under the slots."""
    rows: list[list[tuple[int, Spot]]] = []
    for level in ROW_LEVELS:
        row = [(0, DECK[level])]
        row += [(1 + i, CENTRE[level, i]) for i in range(CENTRE_SLOTS[level - 1])]
        rows.append(row)
    if hand_size:
        rows.append([(1 + i, HAND[i]) for i in range(hand_size)])
    return rows


def locate(spot: Spot, rows: Sequence[Sequence[tuple[int, Spot]]]) -> tuple[int, int] | None:
    """(row, position in row) of a spot, or None if the grid has no such spot."""
    for r, row in enumerate(rows):
        for i, (_, s) in enumerate(row):
            if s == spot:
                return r, i
    return None


def move(spot: Spot, dx: int, dy: int, hand_size: int) -> Spot:
    """The spot one step away; the cursor stops at the edges instead of wrapping."""
    rows = grid(hand_size)
    where = locate(spot, rows) or (2, 1)
    r, i = where
    if dx:
        i = max(0, min(len(rows[r]) - 1, i + dx))
        return rows[r][i][1]
    column = rows[r][i][0]
    r = max(0, min(len(rows) - 1, r + dy))
    # Keep the same screen column when changing rows, as near as the row allows.
    return min(rows[r], key=lambda cell: (abs(cell[0] - column), cell[0]))[1]


def clamp(spot: Spot, hand_size: int) -> Spot:
    """A valid spot after the hand shrank (a card was bought from it)."""
    if spot.kind != "hand" or spot.index < hand_size:
        return spot
    if hand_size:
        return HAND[hand_size - 1]
    return CENTRE[1, 0]


def jump(prefix: str, key: str, hand_size: int) -> Spot | str:
    """The spot named by a typed slot (`2` then `b`, `d` then `3`, `h` then `1`),
    or a sentence saying why there is none."""
    if prefix in ("1", "2", "3"):
        level = int(prefix)
        index = SLOT_LETTERS.index(key)
        if index >= CENTRE_SLOTS[level - 1]:
            last = SLOT_LETTERS[CENTRE_SLOTS[level - 1] - 1]
            return f"level {level} has slots {level}a to {level}{last}; there is no {prefix}{key}"
        return CENTRE[level, index]
    number = int(key)
    if prefix == "d":
        return DECK[number]
    if number > hand_size:
        held = f"only {hand_size} card{'s' if hand_size != 1 else ''}" if hand_size else "no cards"
        return f"there is no h{number}: your hand holds {held}"
    return HAND[number - 1]


def completes(prefix: str, key: str) -> bool:
    """Whether `key` finishes a slot name begun with `prefix`."""
    if prefix in ("1", "2", "3"):
        return len(key) == 1 and key in SLOT_LETTERS
    return prefix in ("d", "h") and key in ("1", "2", "3")
