"""Why each beetle of a box scores what it does, square by square.

Scoring is what people find hardest in Jewel Box, so screens explain the
beetle under the cursor. The explanation is part of the rules: it is worked
out here from the same rules and numbers as the score itself (scoring.py, with
the provisional edge of components.Geometry), so the two can never disagree.
"""

from __future__ import annotations

import attrs

from .board import bits
from .boxes import family_on
from .components import JEWEL, LADYBUG, LETTERS, LONGHORN, PLURALS, SCARAB, WEEVIL
from .scoring import (
    JEWEL_PAIR,
    LADYBUG_SET,
    LADYBUG_SET_POINTS,
    WEEVIL_LINE,
    best_weevil_lines,
    family_points,
    longhorn_points,
    scarab_points,
    weevil_summary,
)
from .state import JewelBoxState

Square = tuple[int, int]
"""(row, col) on the canvas of a box."""


@attrs.frozen
class Note:
    """How one beetle scores.

    `points` is what the scoring unit the beetle belongs to earns, and `unit`
    the canvas mask of that unit: the Scarab alone, its Weevil line, every
    lone Ladybug, every Longhorn, its group of Jewel beetles. Summing `points`
    over a family's distinct units gives that family's score.
    """

    short: str
    """At most three cells, to draw under the letter in a roomy box."""
    words: str
    """A sentence saying why."""
    points: int
    unit: int


def _around(square: Square) -> tuple[Square, ...]:
    row, col = square
    return (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)


def _neighbours(state: JewelBoxState, seat: int, square: Square) -> list[int]:
    found = (family_on(state, seat, *near) for near in _around(square))
    return [family for family in found if family >= 0]


def _bit(state: JewelBoxState, square: Square) -> int:
    cell = state.geometry.index(*square)
    return 0 if cell is None else 1 << cell


def _scarab(state: JewelBoxState, seat: int, square: Square) -> Note:
    me = _bit(state, square)
    near = _neighbours(state, seat, square)
    twice = sorted({f for f in near if near.count(f) > 1})
    if twice:
        return Note("0", f"0: two neighbours are {PLURALS[twice[0]]} (all must differ)", 0, me)
    geo = state.geometry
    edge = geo.on_edge(geo.bounds(state.seats[seat].occupied), *square)
    points = scarab_points(edge)
    where = "on the edge" if edge else "inside"
    if not near:
        return Note(f"+{points}", f"+{points} {where}: no neighbours yet", points, me)
    seen = " ".join(LETTERS[f] for f in near)
    return Note(f"+{points}", f"+{points} {where}: neighbours {seen}, no two alike", points, me)


def _weevil(state: JewelBoxState, seat: int, square: Square) -> Note:
    geo = state.geometry
    top, _, left, right = geo.bounds(state.seats[seat].occupied)
    width = right - left + 1
    local_to_cell: dict[int, int] = {}
    mask = 0
    for cell in bits(state.seats[seat].masks[WEEVIL]):
        r, c = geo.squares[cell]
        local = 1 << ((r - top) * width + (c - left))
        local_to_cell[local] = 1 << cell
        mask |= local
    me = 1 << ((square[0] - top) * width + (square[1] - left))
    for line in best_weevil_lines(mask, width)[1]:
        if line & me:
            length = line.bit_count()
            mark = "─" if _same_row(line, me, width) else "│"
            unit = sum(local_to_cell[1 << b] for b in bits(line))
            points = WEEVIL_LINE[length]
            return Note(f"{mark}{length}", f"in a line of {length}: {points} for the line",
                        points, unit)
    return Note("0", f"in no line: 0 ({weevil_summary()})", 0, _bit(state, square))


def _same_row(line: int, me: int, width: int) -> bool:
    row = (me.bit_length() - 1) // width
    return all(cell // width == row for cell in bits(line))


def _ladybug(state: JewelBoxState, seat: int, square: Square) -> Note:
    ladybugs = state.seats[seat].masks[LADYBUG]
    lone = state.geometry.lone(ladybugs)
    if not lone & _bit(state, square):
        return Note("x", "touches a Ladybug: neither of them counts", 0, _bit(state, square))
    alone = lone.bit_count()
    points = family_points(state, seat)[LADYBUG]
    counted = "1 lone Ladybug scores" if alone == 1 else f"{alone} lone Ladybugs score"
    full_set = f"{LADYBUG_SET} make {LADYBUG_SET_POINTS}"
    return Note("ok", f"alone: {counted} {points} ({full_set})", points, lone)


def _longhorn(state: JewelBoxState, seat: int) -> Note:
    longhorns = state.seats[seat].masks[LONGHORN]
    count = longhorns.bit_count()
    points = longhorn_points(count)
    each = points // count
    if count == 1:
        even = longhorn_points(2) // 2
        return Note(f"+{each}", f"1 Longhorn, odd: {each} point (an even number scores "
                    f"{even} each)", points, longhorns)
    parity = "odd" if count % 2 else "even"
    return Note(f"+{each}", f"{count} Longhorns, {parity}: {each} each", points, longhorns)


def _jewel(state: JewelBoxState, seat: int, square: Square) -> Note:
    group, todo = {square}, [square]
    while todo:
        for near in _around(todo.pop()):
            if near not in group and family_on(state, seat, *near) == JEWEL:
                group.add(near)
                todo.append(near)
    unit = sum(_bit(state, member) for member in group)
    if len(group) == 2:
        return Note(f"+{JEWEL_PAIR}", f"in a pair: +{JEWEL_PAIR} for the pair", JEWEL_PAIR, unit)
    if len(group) == 1:
        full = state.seats[seat].beetles == state.size * state.size
        words = "alone: 0" if full else "alone: 0 until it pairs with one neighbour"
        return Note("0", words, 0, unit)
    return Note("x", f"in a group of {len(group)}: groups of 3 or more score 0", 0, unit)


def note(state: JewelBoxState, seat: int, square: Square) -> Note | None:
    """How the beetle on `square` of a seat's box scores; None for an empty square."""
    family = family_on(state, seat, *square)
    if family == SCARAB:
        return _scarab(state, seat, square)
    if family == WEEVIL:
        return _weevil(state, seat, square)
    if family == LADYBUG:
        return _ladybug(state, seat, square)
    if family == LONGHORN:
        return _longhorn(state, seat)
    if family == JEWEL:
        return _jewel(state, seat, square)
    return None
