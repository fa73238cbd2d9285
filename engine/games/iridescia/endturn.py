"""The end of a turn: collect the tile, adjust the market, pass the turn, end the game."""

from __future__ import annotations

from typing import Any

from .board import CASTLE_ROW, FINISHED, ROW_OF
from .common import put_seat
from .components import TILES, TOKENS
from .state import EMPTY, OPTIONAL, OVER, REMOVE, REVEAL, RHOM_DIE, ROLLING, IridesciaState, evolve

RHOM_DICE_PER_TURN = 3
"""The Rhom rolls its two mining dice and a stone die at the start of each turn."""


def collect(state: IridesciaState, index: int, **also: Any) -> IridesciaState:
    """The seat takes the tile under its explorer; the gem's market die goes up."""
    seat = state.seats[index]
    cell = seat.position
    tile = state.cells[cell]
    if tile == EMPTY:  # a Rhom that found nowhere to step collects nothing
        return evolve(state, **also)
    cells = list(state.cells)
    cells[cell] = EMPTY
    shown = list(state.shown)
    shown[cell] = False
    market = list(state.market_dice)
    gem = TILES[tile].gem
    if gem < 4:
        market[gem] = market[gem] % 6 + 1
    seat = evolve(seat, pile=seat.pile + (tile,))
    tokens = state.tokens
    if ROW_OF[cell] == CASTLE_ROW:
        token = tokens[0] if tokens else -1
        gained = TOKENS[token][1] if token >= 0 else 0
        seat = evolve(seat, position=FINISHED, token=token, royalty=seat.royalty + gained)
        tokens = tokens[1:]
    return put_seat(state, index, seat, cells=tuple(cells), shown=tuple(shown),
                    market_dice=(market[0], market[1], market[2], market[3]), tokens=tokens,
                    **also)


def end_turn(state: IridesciaState) -> IridesciaState:
    me = state.current
    seat = state.seats[me]
    if seat.position >= 0:
        state = collect(state, me, stone_supply=state.stone_supply + state.active, active=0,
                        turns=state.turns + 1)
    else:
        state = evolve(state, turns=state.turns + 1)
    again = state.extra and state.seats[me].position != FINISHED
    return next_turn(state, again)


def next_turn(state: IridesciaState, again: bool = False) -> IridesciaState:
    if all(s.position == FINISHED for s in state.seats):
        return evolve(state, step=OVER, extra=False)
    order = state.order
    seat = state.current
    if not again:
        seat = order[(order.index(seat) + 1) % len(order)]
        # The Rhom never removes tiles: once at the Castle it simply has no turns.
        while seat == state.rhom and state.seats[seat].position == FINISHED:
            seat = order[(order.index(seat) + 1) % len(order)]
    return start_turn(state, seat, again)


def start_turn(state: IridesciaState, seat: int, elixir: bool = False) -> IridesciaState:
    if seat == state.rhom:
        step, rolls, resume = ROLLING, (RHOM_DIE,) * RHOM_DICE_PER_TURN, RHOM_STEP
    else:
        step = REMOVE if state.seats[seat].position == FINISHED else REVEAL
        rolls, resume = (), state.resume
    return evolve(
        state, current=seat, revealed=0, begun=False, tile_gem=-1, bought=False, sold=False,
        active=0, cart=False, pickaxe=-1, dice=(), rolls=rolls, extra=False, elixir_turn=elixir,
        drop_pending=False, rhom_dice=(), step=step, resume=resume,
    )


def remove_tile(state: IridesciaState, cell: int) -> IridesciaState:
    """A finished explorer takes a tile off the board: a face-up one is discarded
    face up, a face-down one goes to the box unseen."""
    tile = state.cells[cell]
    cells = list(state.cells)
    cells[cell] = EMPTY
    shown = list(state.shown)
    if shown[cell]:
        discards, box = state.discards + (tile,), state.box
    else:
        discards, box = state.discards, tuple(sorted(state.box + (tile,)))
    shown[cell] = False
    state = evolve(state, cells=tuple(cells), shown=tuple(shown), discards=discards, box=box)
    return end_turn(state)


from .state import RHOM as RHOM_STEP  # noqa: E402

__all__ = ["OPTIONAL", "collect", "end_turn", "next_turn", "remove_tile", "start_turn"]
