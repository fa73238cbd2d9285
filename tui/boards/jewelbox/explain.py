"""Scoring in words: why each beetle of a box scores what it does, and what a
placement or a swap would change. Scoring is what people find hard in Jewel
Box, so the board explains the square under the cursor and previews totals.

Everything is computed from the view with the engine's own scoring rules.
"""

from __future__ import annotations

import attrs

from gemtable.engine.games.jewelbox import rules
from gemtable.engine.games.jewelbox.board import bits, family_at, square_name
from gemtable.engine.games.jewelbox.components import (
    EMPTY,
    JEWEL,
    LADYBUG,
    LETTERS,
    LONGHORN,
    NAMES,
    PLURALS,
    SCARAB,
    WEEVIL,
)
from gemtable.engine.games.jewelbox.scoring import WEEVIL_LINE, best_weevil_lines
from gemtable.engine.games.jewelbox.state import JewelBoxState, Seat

Square = tuple[int, int]


@attrs.frozen
class Note:
    short: str
    """At most three cells, drawn under the letter in roomy boxes."""
    words: str
    """A sentence for the line under the boxes."""


def _neighbours(view: JewelBoxState, seat: int, square: Square) -> list[int]:
    row, col = square
    found = []
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        family = view.family_on(seat, r, c)
        if family != EMPTY:
            found.append(family)
    return found


def _on_edge(view: JewelBoxState, seat: int, square: Square) -> bool:
    """Edge as the provisional score counts it (rules.md, "Provisional score")."""
    geo = view.geometry
    top, bottom, left, right = geo.bounds(view.seats[seat].occupied)
    row, col = square
    n = geo.size
    return (bottom - top + 1 == n and row in (top, bottom)) or (
        right - left + 1 == n and col in (left, right))


def _scarab(view: JewelBoxState, seat: int, square: Square) -> Note:
    near = _neighbours(view, seat, square)
    twice = sorted({f for f in near if near.count(f) > 1})
    if twice:
        return Note("0", f"0: two neighbours are {PLURALS[twice[0]]} (all must differ)")
    points = 2 if _on_edge(view, seat, square) else 3
    where = "on the edge" if points == 2 else "inside"
    if not near:
        return Note(f"+{points}", f"+{points} {where}: no neighbours yet")
    seen = " ".join(LETTERS[f] for f in near)
    return Note(f"+{points}", f"+{points} {where}: neighbours {seen}, no two alike")


def _weevil(view: JewelBoxState, seat: int, square: Square) -> Note:
    geo = view.geometry
    top, _, left, right = geo.bounds(view.seats[seat].occupied)
    width = right - left + 1
    mask = 0
    for cell in bits(view.seats[seat].masks[WEEVIL]):
        r, c = geo.squares[cell]
        mask |= 1 << ((r - top) * width + (c - left))
    me = 1 << ((square[0] - top) * width + (square[1] - left))
    for line in best_weevil_lines(mask, width)[1]:
        if line & me:
            length = line.bit_count()
            mark = "─" if _same_row(line, me, width) else "│"
            return Note(f"{mark}{length}",
                        f"in a line of {length}: {WEEVIL_LINE[length]} for the line")
    return Note("0", "in no line: 0 (lines of 2/3/4 score 3/6/10)")


def _same_row(line: int, me: int, width: int) -> bool:
    row = (me.bit_length() - 1) // width
    return all((cell // width) == row for cell in bits(line))


def _ladybug(view: JewelBoxState, seat: int, square: Square) -> Note:
    if LADYBUG in _neighbours(view, seat, square):
        return Note("x", "touches a Ladybug: neither of them counts")
    alone = sum(
        LADYBUG not in _neighbours(view, seat, view.geometry.squares[cell])
        for cell in bits(view.seats[seat].masks[LADYBUG])
    )
    points = view.family_points(seat)[LADYBUG]
    counted = "1 lone Ladybug scores" if alone == 1 else f"{alone} lone Ladybugs score"
    return Note("ok", f"alone: {counted} {points} (5 make 15)")


def _longhorn(view: JewelBoxState, seat: int) -> Note:
    count = view.seats[seat].masks[LONGHORN].bit_count()
    each = 1 if count % 2 else 2
    parity = "odd" if count % 2 else "even"
    if count == 1:
        return Note("+1", "1 Longhorn, odd: 1 point (an even number scores 2 each)")
    return Note(f"+{each}", f"{count} Longhorns, {parity}: {each} each")


def _jewel(view: JewelBoxState, seat: int, square: Square) -> Note:
    group, todo = {square}, [square]
    while todo:
        row, col = todo.pop()
        for near in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if near not in group and view.family_on(seat, *near) == JEWEL:
                group.add(near)
                todo.append(near)
    if len(group) == 2:
        return Note("+5", "in a pair: +5 for the pair")
    if len(group) == 1:
        full = view.seats[seat].beetles == view.size * view.size
        return Note("0", "alone: 0" if full else "alone: 0 until it pairs with one neighbour")
    return Note("x", f"in a group of {len(group)}: groups of 3 or more score 0")


def note(view: JewelBoxState, seat: int, square: Square) -> Note | None:
    """Why the beetle on `square` scores what it does; None for an empty square."""
    family = view.family_on(seat, *square)
    if family == SCARAB:
        return _scarab(view, seat, square)
    if family == WEEVIL:
        return _weevil(view, seat, square)
    if family == LADYBUG:
        return _ladybug(view, seat, square)
    if family == LONGHORN:
        return _longhorn(view, seat)
    if family == JEWEL:
        return _jewel(view, seat, square)
    return None


# --- what a move would do ------------------------------------------------------


def _total_with(view: JewelBoxState, seat: int, masks: tuple[int, ...]) -> int:
    seats = list(view.seats)
    seats[seat] = Seat(masks, seats[seat].tools)
    return rules.total(attrs.evolve(view, seats=tuple(seats)), seat)


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
        return f"{name} {NAMES[view.family_on(seat, *square)]}: {found.words}"
    if square in view.placements(seat):
        return f"{name} empty: the next beetle may go here"
    why = view.geometry.why_not_here(view.seats[seat].occupied, *square)
    return f"{name} empty: {why.removeprefix(name + ' ')}" if why else f"{name} empty"
