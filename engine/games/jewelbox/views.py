"""What each seat may know in Jewel Box, and sampling the rest for search.

Boxes, the log, tools and solo discards are public. The only secret is the
order of the face-down pile, and it is a secret from everyone: a Magnifying
Glass takes its top beetle unseen. So every view, a seat's or a spectator's,
shows the same thing: the pile's size, each beetle of it HIDDEN. How many of
each family it holds follows from what is in sight, since every family has
15 beetles.
"""

from __future__ import annotations

import random

from gemtable.engine.core import Observer

from .components import COPIES, EMPTY, FAMILY_COUNT, HIDDEN
from .state import JewelBoxState


def view(state: JewelBoxState, seat: Observer) -> JewelBoxState:
    """`seat`'s view (checked by State.view): the pile is hidden from all alike."""
    return JewelBoxState(
        state.players, state.variant, state.seats, state.log, (HIDDEN,) * len(state.pile),
        state.discards, state.current, state.phase, state.holding, state.tool_used,
        state.turns, state.die, seat,
    )


def seen_counts(state: JewelBoxState) -> list[int]:
    """Beetles of each family outside the pile: in boxes, the log, a hand, discards."""
    counts = list(state.discards)
    for seat in state.seats:
        for family, mask in enumerate(seat.masks):
            counts[family] += mask.bit_count()
    for family in state.log:
        if family >= 0:
            counts[family] += 1
    if state.holding != EMPTY:
        counts[state.holding] += 1
    return counts


def determinize(state: JewelBoxState, rng: random.Random) -> JewelBoxState:
    if state.observer is None:
        return state
    seen = seen_counts(state)
    pool = [family for family in range(FAMILY_COUNT) for _ in range(COPIES[family] - seen[family])]
    if len(pool) != len(state.pile):
        raise ValueError(
            f"this view shows {sum(seen)} beetles and a pile of {len(state.pile)}, "
            f"which does not add up to the {sum(COPIES)} in the game"
        )
    rng.shuffle(pool)
    return JewelBoxState(
        state.players, state.variant, state.seats, state.log, tuple(pool),
        state.discards, state.current, state.phase, state.holding, state.tool_used,
        state.turns, state.die, None,
    )
