"""Prestige: gems, collections (the best split, found exhaustively), commissions, tie-breaks.

A collection is 2 to 4 finished cards of one metal, no piece twice, with at
least one gem colour present on every card of it. Each card counts in at most
one collection. The best split of a player's cards of one metal is found by
a search over every set of disjoint collections (memoised on the bit set of
cards still free), maximising points and, among equal points, the longest
collection, which is the second tie-break.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from gemtable.engine.core import ScoreLine

from .components import (
    COLOUR_MASK,
    COMMISSION_COUNT,
    COMMISSION_KIND,
    COMMISSION_POINTS,
    COMMISSION_TARGET,
    GEMS,
    METAL,
    METALS,
    PIECE,
    SIZE,
)
from .state import WorkbenchState

COLLECTION_POINTS = {2: 2, 3: 4, 4: 8}
Split = tuple[int, int, tuple[tuple[int, ...], ...]]
"""(points, longest collection, collections) of one metal's finished cards."""


def is_collection(cards: tuple[int, ...]) -> bool:
    if not 2 <= len(cards) <= 4:
        return False
    if len({METAL[c] for c in cards}) != 1 or len({PIECE[c] for c in cards}) != len(cards):
        return False
    common = 15
    for c in cards:
        common &= COLOUR_MASK[c]
    return bool(common)


@cache
def best_split(cards: tuple[int, ...]) -> Split:
    """(points, longest collection, collections) of the best split of `cards`.

    `cards` should be sorted and of one metal (other cards simply never group).
    """
    n = len(cards)
    groups_of: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for size in (2, 3, 4):
        for members in combinations(range(n), size):
            if is_collection(tuple(cards[i] for i in members)):
                mask = sum(1 << i for i in members)
                groups_of[members[0]].append((mask, size))

    @cache
    def best(free: int) -> tuple[int, int, tuple[int, ...]]:
        if not free:
            return 0, 0, ()
        first = (free & -free).bit_length() - 1
        rest = free & ~(1 << first)
        choice = best(rest)  # `first` stays out of every collection
        for mask, size in groups_of[first]:
            if mask & free == mask:
                points, longest, chosen = best(free & ~mask)
                option = (points + COLLECTION_POINTS[size], max(longest, size), (mask,) + chosen)
                if option[:2] > choice[:2]:
                    choice = option
        return choice

    points, longest, masks = best((1 << n) - 1)
    collections = tuple(tuple(cards[i] for i in range(n) if mask >> i & 1) for mask in masks)
    return points, longest, collections


def splits(finished: tuple[int, ...]) -> tuple[Split, ...]:
    """The best split of each metal's cards, in the order of METALS."""
    return tuple(
        best_split(tuple(sorted(c for c in finished if METAL[c] == metal)))
        for metal in range(len(METALS))
    )


def gem_points(finished: tuple[int, ...]) -> int:
    return sum(SIZE[c] for c in finished)


def commission_points(claimed: tuple[int, ...]) -> int:
    return sum(COMMISSION_POINTS[k] for k in claimed)


def total(state: WorkbenchState, seat: int) -> int:
    s = state.seats[seat]
    return (
        gem_points(s.finished)
        + sum(split[0] for split in splits(s.finished))
        + commission_points(s.commissions)
    )


def scores(state: WorkbenchState) -> tuple[int, ...]:
    return tuple(total(state, seat) for seat in range(state.players))


def longest_collection(finished: tuple[int, ...]) -> int:
    return max(split[1] for split in splits(finished))


def toward(card: int, commission: int) -> int:
    """What finishing `card` adds toward `commission` (a piece, or gems of a colour)."""
    target = COMMISSION_TARGET[commission]
    if COMMISSION_KIND[commission] == "piece":
        return int(PIECE[card] == target)
    return GEMS[card][target]


def meets(finished: tuple[int, ...], commission: int) -> bool:
    return sum(toward(c, commission) for c in finished) >= COMMISSION_COUNT[commission]


def claims(finished: tuple[int, ...], unclaimed: Sequence[int]) -> tuple[int, ...]:
    """The unclaimed commissions these finished cards meet: claimed at once."""
    return tuple(k for k in unclaimed if meets(finished, k))


def finishing_gain(finished: tuple[int, ...], unclaimed: Sequence[int],
                   card: int) -> tuple[int, int, int]:
    """(gem points, change in collection points, commission points) that
    finishing `card` brings a seat with these finished cards."""
    before = sum(split[0] for split in splits(finished))
    after = sum(split[0] for split in splits(finished + (card,)))
    return gem_points((card,)), after - before, commission_points(claims(finished + (card,),
                                                                          unclaimed))


def ranking(state: WorkbenchState) -> tuple[int, ...]:
    """Places by prestige, then commissions claimed, then the longest collection."""
    keys = []
    for seat_index, seat in enumerate(state.seats):
        keys.append((total(state, seat_index), len(seat.commissions),
                     longest_collection(seat.finished)))
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


def score_breakdown(state: WorkbenchState, seat: int) -> tuple[ScoreLine, ...]:
    """The end screen's rows. Every seat gets the same labels (a trailing count
    such as "(3)" aside), so the seats line up column by column."""
    record = state.seats[seat]
    lines = [ScoreLine(f"Gems on finished jewels ({len(record.finished)})",
                       gem_points(record.finished))]
    for metal, (points, _, collections) in enumerate(splits(record.finished)):
        lines.append(ScoreLine(f"{METALS[metal].capitalize()} gold collections "
                               f"({len(collections)})", points))
    lines.append(ScoreLine(f"Commissions ({len(record.commissions)})",
                           commission_points(record.commissions)))
    lines.append(ScoreLine("Longest collection", longest_collection(record.finished)))
    return tuple(lines)
