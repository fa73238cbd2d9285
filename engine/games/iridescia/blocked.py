"""Where a blocked explorer may step (ruling 20), for explorers and the Rhom alike.

With no tile ahead or beside it to reveal or move onto, an explorer discards
a tile of its victory pile (if it has one) and steps onto an empty hex: one
ahead or beside it, any of them; only when none is empty, the nearest one
not behind it. The turn then carries on from there, and a second block in
the same turn costs another tile and another step, never back onto a hex
already blocked on (`IridesciaState.stood`), so every turn ends.
"""

from __future__ import annotations

from . import actions
from .board import AIRSHIP, CASTLE_ROW, DISTANCE, FIRST_ROW, FORWARD, ROW_OF
from .common import forward_cells, occupied
from .state import EMPTY, IridesciaState


def _distance(position: int, cell: int) -> int:
    if position == AIRSHIP:
        return 1 + min(DISTANCE[f][cell] for f in FIRST_ROW)
    return DISTANCE[position][cell]


def _nearest(position: int, pool: list[int]) -> list[int]:
    if not pool:
        return []
    best = min(_distance(position, c) for c in pool)
    return [c for c in pool if _distance(position, c) == best]


def go_targets(state: IridesciaState, stood: tuple[int, ...] | None = None) -> list[int]:
    """Blocked (ruling 20): the empty hexes ahead of or beside the explorer, any of
    them; only when there is none, the nearest empty hexes not behind it. Never a
    Castle hex, a hex someone stands on, or one the explorer was already blocked on
    this turn (`stood`, the state's own by default), so a turn of blocks ends.

    When even that leaves nothing, the nearest empty hex from which a tile can be
    reached, wherever it lies (else any nearest empty hex): the game must go on."""
    position = state.seats[state.current].position
    stood = state.stood if stood is None else stood
    cells, bars = state.cells, state.barricades
    taken = occupied(state)
    free = [c for c in range(len(cells))
            if cells[c] == EMPTY and c not in taken and ROW_OF[c] < CASTLE_ROW and c not in stood]
    if not free:
        return []
    near = set(forward_cells(state, position))
    adjacent = [c for c in free if c in near]
    if adjacent:
        return adjacent
    row = ROW_OF[position] if position >= 0 else -1
    not_behind = [c for c in free if ROW_OF[c] >= row]
    if not_behind:
        return _nearest(position, not_behind)
    useful = [c for c in free
              if any(cells[n] != EMPTY and n not in bars for n in FORWARD[c])]
    return _nearest(position, useful or free)


def go_actions(state: IridesciaState) -> list[actions.Action]:
    """Where a blocked explorer may step; `end` (the turn ends where it stands)
    only if no hex at all is left to step onto."""
    return [actions.CELL_ACTIONS["go"][c] for c in go_targets(state)] or [actions.END]
