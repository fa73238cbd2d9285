"""Helpers the Iridescia rules tests share for building positions by hand."""

from __future__ import annotations

import attrs

from gemtable.engine import registry
from gemtable.engine.games.iridescia import actions
from gemtable.engine.games.iridescia.board import parse_cell
from gemtable.engine.games.iridescia.state import SEATING, IridesciaState

GAME = registry.get("iridescia")


def cell(name: str) -> int:
    """The hex written as in the notation ("3c")."""
    found = parse_cell(name)
    assert found is not None
    return found


def cells(*names: str) -> set[int]:
    return {cell(name) for name in names}


def with_seat(state: IridesciaState, index: int, **changes) -> IridesciaState:
    """`state` with seat `index`'s record changed."""
    seats = list(state.seats)
    seats[index] = attrs.evolve(seats[index], **changes)
    return attrs.evolve(state, seats=tuple(seats))


def seated(players: int, seed: int = 1, rhom: int = -1) -> IridesciaState:
    """A new game past the seating step, seat `rhom` (if any) the Rhom deck."""
    state = GAME.new(players, seed=seed)
    while state.step == SEATING:
        state = state.apply(actions.RHOM if state.current == rhom else actions.EXPLORER)
    return state
