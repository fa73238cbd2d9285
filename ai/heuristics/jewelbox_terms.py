"""The terms a Jewel Box box is valued by, before they are weighted.

`box_terms` measures a box (finished parts, prospects of unfinished ones,
tools, room) as a list of numbers in the order of `TERMS`; a box's value is
their sum weighted by one row of weights. `hand_row` gives the hand-set
weights of `Weights` as such a row (greedy's value of a box).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gemtable.engine.games.jewelbox.components import (
    COPIES,
    LADYBUG,
    LONGHORN,
    TOOL_POINTS,
    Geometry,
    tool_count,
)
from gemtable.engine.games.jewelbox.scoring import (
    JEWEL_PAIR,
    LADYBUG_SET,
    LADYBUG_SET_POINTS,
    LONGHORN_EVEN,
    LONGHORN_ODD,
    SCARAB_EDGE,
    SCARAB_INNER,
    WEEVIL_LINE,
    best_weevil_lines,
    ladybug_points,
    longhorn_points,
)

from .jewelbox_tables import tables

if TYPE_CHECKING:
    from .jewelbox import Weights

TERMS = (
    "empty",          # empty squares of the box
    "tool_points",    # points of the unused tools
    "tool_option",    # unused tools times the share of the box still empty
    "scarab_sure",    # points of Scarabs whose neighbours are all placed
    "scarab_open",    # points of Scarabs with open sides, times their chance to keep them
    "scarab_spoilt",  # Scarabs that see a family twice
    "weevil_lines",   # points of the best split into lines
    "weevil_grow",    # next step of each line with an open end
    "weevil_pair",    # a two-line's points for each lone Weevil with room beside it
    "weevil_stuck",   # lone Weevils with no room beside them
    "ladybug_lone",   # points of the lone Ladybugs as they stand
    "ladybug_set",    # what finishing the unfinished set would add, times its chance
    "ladybug_room",   # free squares one more lone Ladybug could take (one chequer colour)
    "ladybug_touching",  # Ladybugs that touch another
    "longhorn_odd",   # odd count: points as they stand
    "longhorn_fix",   # odd count: what one more would add
    "longhorn_even",  # even count (or no more to come): points as they stand
    "jewel_pairs",    # points of the pairs
    "jewel_lone",     # a pair's points for each lone one with room to pair
    "jewel_dead",     # Jewel beetles that cannot pair (no room, or in a group of 3+)
    "ladybug_supply",  # Ladybugs still to come, times the share of the box still empty
    "longhorn_supply",  # Longhorns still to come, the same
    "constant",       # 1
)
INDEX = {name: i for i, name in enumerate(TERMS)}

_INNER_EXTRA = SCARAB_INNER - SCARAB_EDGE
_LADYBUGS = tuple(ladybug_points(n) for n in range(max(COPIES) + 1))
_LONGHORNS = tuple(longhorn_points(n) for n in range(max(COPIES) + 1))


def hand_row(w: Weights) -> tuple[float, ...]:
    """The hand-set weights as a row: finished points count 1, prospects
    their `Weights` share, the terms only a learned table uses 0."""
    row = dict.fromkeys(TERMS, 0.0)
    row.update(
        empty=w.empty, tool_points=1.0, tool_option=w.tool_option, scarab_sure=1.0,
        scarab_open=1.0, weevil_lines=1.0, weevil_grow=w.weevil_grow, weevil_pair=w.weevil_pair,
        ladybug_lone=1.0, ladybug_set=w.ladybug_complete, longhorn_odd=1.0,
        longhorn_fix=w.longhorn_fix, longhorn_even=1.0, jewel_pairs=1.0, jewel_lone=w.jewel_pair,
    )
    return tuple(row[name] for name in TERMS)


def box_terms(geo: Geometry, masks: tuple[int, ...], tools: int, supply: tuple[int, ...],
              scarab_keep: tuple[tuple[float, ...], ...]) -> list[float]:
    """The terms of a box with these family masks and tools, in `TERMS` order.
    `supply` counts the beetles of each family still to come (log and pile);
    `scarab_keep[seen][open]` is a Scarab's chance to keep its points."""
    n = geo.size
    s, wv, lb, lh, jw = masks
    occupied = s | wv | lb | lh | jw
    empties = n * n - occupied.bit_count()
    left = empties / (n * n)
    tools_left = tool_count(tools)
    terms = [0.0] * len(TERMS)
    terms[0] = empties
    terms[1] = tools_left * TOOL_POINTS
    terms[2] = tools_left * left
    terms[20] = supply[LADYBUG] * left
    terms[21] = supply[LONGHORN] * left
    terms[22] = 1.0
    if not occupied:
        return terms
    t = tables(n)
    near = t.near
    side = geo.side
    top, bottom, left_col, right = geo.bounds(occupied)
    free = geo.frame(top, bottom, left_col, right) & ~occupied
    if s:
        edge_rows, edge_cols = t.edge[top][bottom], t.edge[left_col][right]
        rest = s
        while rest:
            low = rest & -rest
            rest ^= low
            cell = low.bit_length() - 1
            around = near[cell]
            a, b, c, d, e = ((s & around).bit_count(), (wv & around).bit_count(),
                             (lb & around).bit_count(), (lh & around).bit_count(),
                             (jw & around).bit_count())
            if a > 1 or b > 1 or c > 1 or d > 1 or e > 1:
                terms[5] += 1
                continue
            row, col = divmod(cell, side)
            points = SCARAB_EDGE + _INNER_EXTRA * (1 - edge_rows[row]) * (1 - edge_cols[col])
            open_sides = (free & around).bit_count()
            if open_sides:
                terms[4] += points * scarab_keep[a + b + c + d + e][open_sides]
            else:
                terms[3] += points
    if wv:
        points_, lines = best_weevil_lines(wv, side)
        terms[6] = points_
        used = 0
        for line in lines:
            used |= line
            length = line.bit_count()
            if length < 4:
                low = line & -line
                high = 1 << (line.bit_length() - 1)
                if line & (low << 1):  # along a row
                    ends = ((low >> 1) & ~t.last_col) | ((high << 1) & ~t.first_col)
                else:
                    ends = (low >> side) | (high << side)
                if ends & free:
                    terms[7] += WEEVIL_LINE[length + 1] - WEEVIL_LINE[length]
        lone = wv & ~used
        roomy = lone & geo.touching(free)
        terms[8] = WEEVIL_LINE[2] * roomy.bit_count()
        terms[9] = (lone & ~roomy).bit_count()
    crowded = geo.touching(lb)
    alone = (lb & ~crowded).bit_count()
    terms[10] = _LADYBUGS[alone]
    terms[13] = (lb & crowded).bit_count()
    spots = free & ~crowded
    # one colour of the chequerboard: none of those squares touch
    room = min(max((spots & t.black).bit_count(), (spots & t.white).bit_count()), empties)
    terms[12] = room
    rest = alone % LADYBUG_SET
    if rest:
        chance = min(1.0, min(room, supply[LADYBUG]) / (LADYBUG_SET - rest))
        terms[11] = (LADYBUG_SET_POINTS * rest / LADYBUG_SET - _LADYBUGS[rest]) * chance
    count = lh.bit_count()
    if count % 2 and empties and supply[LONGHORN]:
        terms[14] = count * LONGHORN_ODD
        terms[15] = count * (LONGHORN_EVEN - LONGHORN_ODD)
    else:
        terms[16] = _LONGHORNS[count]
    if jw:
        pairs, lone_jewels = geo.pairs(jw)
        terms[17] = JEWEL_PAIR * pairs
        dead = jw.bit_count() - 2 * pairs - lone_jewels.bit_count()  # groups of 3 or more
        if lone_jewels:
            # squares touching two or more: a beetle there would join a group of 3
            a_, b_ = (jw << side) & geo.full, jw >> side
            c_, d_ = (jw << 1) & ~t.first_col, (jw >> 1) & ~t.last_col
            crowded_spots = (a_ & (b_ | c_ | d_)) | (b_ & (c_ | d_)) | (c_ & d_)
            may_pair = (lone_jewels & geo.touching(free & ~crowded_spots)).bit_count()
            terms[18] = JEWEL_PAIR * may_pair
            dead += lone_jewels.bit_count() - may_pair
        terms[19] = dead
    return terms
