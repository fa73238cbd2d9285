"""Jewel Box's own consistency checks on a state, and its component totals
(the generic tests check that those never change)."""

from __future__ import annotations

from .components import ALL_TOOLS, EMPTY, FAMILY_COUNT, HIDDEN, KEYS, LOG_SPACES, geometry
from .state import AFTER, DISCARDING, PHASE_NAMES, PLACING, SWAP_LAST, JewelBoxState
from .views import seen_counts


def invariants(state: JewelBoxState) -> tuple[str, ...]:
    """Jewel Box's own consistency checks (see State.invariants)."""
    broken: list[str] = []
    players = state.players
    if not 0 <= state.current < players:
        broken.append(f"current seat {state.current} is not at the table")
    if not 0 <= state.phase < len(PHASE_NAMES):
        broken.append(f"phase {state.phase} is not a phase of a turn")
    if not 0 <= state.die <= 6:
        broken.append(f"the die shows {state.die}")
    if len(state.log) != LOG_SPACES or any(not EMPTY <= f < FAMILY_COUNT for f in state.log):
        broken.append(f"the log {state.log} is not {LOG_SPACES} spaces of families")
    if (state.holding == EMPTY) == (state.phase == PLACING):
        broken.append(f"holding {state.holding} in the {PHASE_NAMES[state.phase]} phase")
    full = geometry(state.size).full
    turns_done, extra = divmod(state.turns, players)
    for index, seat in enumerate(state.seats):
        who = f"seat {index}"
        union = 0
        for mask in seat.masks:
            if mask & union:
                broken.append(f"{who} has two beetles on one square")
            union |= mask
        if union & ~full:
            broken.append(f"{who} has a beetle outside its box")
        if seat.tools & ~ALL_TOOLS:
            broken.append(f"{who} holds unknown tools {seat.tools:b}")
        # One beetle a completed turn, and one more once the current turn placed it.
        done = turns_done + (index < extra)
        placed_now = index == state.current and state.phase in (AFTER, SWAP_LAST, DISCARDING)
        if seat.beetles != done + placed_now and not state.is_over:
            broken.append(f"{who} has {seat.beetles} beetles after {done} turns")
    return tuple(broken)


def component_counts(state: JewelBoxState) -> dict[str, int]:
    """Beetles per family wherever they are; a view's face-down ones are
    counted apart, as unseen. (Tools never leave their seat, so are not counted.)"""
    counts = seen_counts(state)
    unseen = 0
    for family in state.pile:
        if family == HIDDEN:
            unseen += 1
        else:
            counts[family] += 1
    result = dict(zip(KEYS, counts, strict=True))
    if unseen:
        result["unseen"] = unseen
    return result
