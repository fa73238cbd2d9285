"""Fast greedy playouts of Jewel Box boxes to the end, for the search's leaves.

The search's leaves used to be judged by the box value alone: a hand-set
guess of what a partial box will score. Here every seat instead plays the
rest of the game greedily on bare family masks (no engine states): each turn
the die picks a log space (a 6, the best one for that box), the beetle goes
on the square the box value likes best, the pile refills the log. Tools are
not used in a playout; unused ones are worth their points at the end. The
final boxes are then judged by the box value, which for a full box is its
score. The pile order and the dice come from the leaf's sampled position and
the search's generator, so a playout knows nothing a seat cannot see.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gemtable.engine.games.jewelbox.components import EMPTY, LOG_SPACES
from gemtable.engine.games.jewelbox.state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    PLACING,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
)

if TYPE_CHECKING:
    from .jewelbox import JewelBoxHeuristic


def playout_values(heuristic: JewelBoxHeuristic, state: JewelBoxState,
                   rng: random.Random) -> tuple[float, ...]:
    """Each seat's box value once every box is full, played out greedily: for
    a full box, its score with its unused tools."""
    boxes, tools, supply = playout_boxes(heuristic, state, rng)
    geo = state.geometry
    return tuple(heuristic.box_value(geo, box, seat_tools, supply)
                 for box, seat_tools in zip(boxes, tools, strict=True))


def playout_boxes(heuristic: JewelBoxHeuristic, state: JewelBoxState, rng: random.Random
                  ) -> tuple[list[tuple[int, ...]], list[int], tuple[int, ...]]:
    """Every seat's family masks and tools once the game is played out
    greedily from `state`, and the beetles left in the log and pile."""
    if state.observer is not None:
        raise ValueError("a playout draws from the pile: play out a sampled "
                         "position (view.determinize(rng)), not a view")
    geo = state.geometry
    full = state.size * state.size
    players = state.players
    boxes = [seat.masks for seat in state.seats]
    tools = [seat.tools for seat in state.seats]
    counts = [seat.beetles for seat in state.seats]
    log = list(state.log)
    pile = list(state.pile)
    supply = list(heuristic.supply(state))
    solo = players == 1
    current = state.current
    phase = state.phase
    holding = state.holding

    def place(seat: int, family: int) -> None:
        masks = boxes[seat]
        _, spot = heuristic.best_square(geo, masks, tools[seat], family, tuple(supply))
        boxes[seat] = masks[:family] + (masks[family] | spot,) + masks[family + 1:]
        counts[seat] += 1
        supply[family] -= 1

    def refill() -> None:
        for space in range(LOG_SPACES):
            if log[space] == EMPTY and pile:
                log[space] = pile.pop()

    def take(space: int, seat: int) -> None:
        family = log[space]
        log[space] = EMPTY
        place(seat, family)
        refill()

    def best_space(seat: int) -> int:
        frozen = tuple(supply)
        best, best_space_ = -1e9, 0
        tried: dict[int, float] = {}
        for space, family in enumerate(log):
            if family == EMPTY:
                continue
            value = tried.get(family)
            if value is None:
                value = tried[family] = heuristic.best_square(
                    geo, boxes[seat], tools[seat], family, frozen)[0]
            if value > best:
                best, best_space_ = value, space
        return best_space_

    def discard() -> None:
        # Solo: drop the log beetle this box wants least.
        frozen = tuple(supply)
        worst, worst_space = 1e9, 0
        for space, family in enumerate(log):
            if family == EMPTY:
                continue
            value = heuristic.best_square(geo, boxes[0], tools[0], family, frozen)[0]
            if value < worst:
                worst, worst_space = value, space
        supply[log[worst_space]] -= 1
        log[worst_space] = EMPTY
        refill()

    def roll(seat: int) -> None:
        face = rng.randint(1, 6)
        space = face - 1
        if face == 6 or log[space] == EMPTY:
            space = best_space(seat)
        take(space, seat)

    # Finish the turn in progress.
    if phase in (SWAP_FIRST, SWAP_LAST):
        boxes[current] = heuristic.best_swap_of(geo, boxes[current], tools[current],
                                                tuple(supply))[1]
    if counts[current] < full or phase == DISCARDING:
        if phase == PLACING:
            supply[holding] += 1  # `supply` left it out while in hand
            place(current, holding)
            refill()
        elif phase == CHOOSING:
            take(best_space(current), current)
        elif phase not in (AFTER, DISCARDING, SWAP_LAST):
            roll(current)  # START, ROLLING, or Forceps before collecting
        if solo and counts[0] < full:
            discard()
    seat = current
    while True:
        seat = (seat + 1) % players
        if counts[seat] >= full:
            if all(c >= full for c in counts):
                break
            continue
        roll(seat)
        if solo and counts[0] < full:
            discard()
    return boxes, tools, tuple(supply)


__all__ = ["playout_boxes", "playout_values"]
