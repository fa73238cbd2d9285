"""Scoring in words for the board: why the beetle under the cursor scores
what it does (the engine's explanation) and what a placement or a swap would
change. Every figure comes from the engine's rules.
"""

from __future__ import annotations

import attrs

from gemtable.engine.games.jewelbox.board import family_at, square_name
from gemtable.engine.games.jewelbox.boxes import family_on
from gemtable.engine.games.jewelbox.components import NAMES
from gemtable.engine.games.jewelbox.notes import Note, Square, note
from gemtable.engine.games.jewelbox.refusals import why_not_square
from gemtable.engine.games.jewelbox.rules import placements
from gemtable.engine.games.jewelbox.scoring import total
from gemtable.engine.games.jewelbox.state import JewelBoxState, Seat

__all__ = [
    "Note",
    "Square",
    "change",
    "note",
    "square_words",
    "total_after_place",
    "total_after_swap",
]


# --- what a move would do ------------------------------------------------------


def _total_with(view: JewelBoxState, seat: int, masks: tuple[int, ...]) -> int:
    seats = list(view.seats)
    seats[seat] = Seat(masks, seats[seat].tools)
    return total(attrs.evolve(view, seats=tuple(seats)), seat)


def total_after_place(view: JewelBoxState, seat: int, family: int, square: Square) -> int:
    cell = view.geometry.index(*square)
    assert cell is not None
    masks = list(view.seats[seat].masks)
    masks[family] |= 1 << cell
    return _total_with(view, seat, tuple(masks))


def total_after_swap(view: JewelBoxState, seat: int, a: Square, b: Square) -> int:
    """The total after a swap, not counting the tool it spends (2 points)."""
    geo = view.geometry
    ca, cb = geo.index(*a), geo.index(*b)
    assert ca is not None and cb is not None
    masks = list(view.seats[seat].masks)
    fa, fb = family_at(view.seats[seat].masks, ca), family_at(view.seats[seat].masks, cb)
    for f in (fa, fb):
        masks[f] ^= (1 << ca) | (1 << cb)
    return _total_with(view, seat, tuple(masks))


def change(before: int, after: int) -> str:
    return f"{before} → {after} ({after - before:+d})"


def square_words(view: JewelBoxState, seat: int, square: Square) -> str:
    """`e5 Scarab: +3 inside: ...` or, for an empty square, whether a beetle may go there."""
    name = square_name(*square)
    found = note(view, seat, square)
    if found is not None:
        return f"{name} {NAMES[family_on(view, seat, *square)]}: {found.words}"
    if square in placements(view, seat):
        return f"{name} empty: the next beetle may go here"
    why = why_not_square(view.geometry, view.seats[seat].occupied, *square)
    return f"{name} empty: {why.removeprefix(name + ' ')}" if why else f"{name} empty"
