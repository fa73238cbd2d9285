"""The end of a turn: collect the tile, adjust the market, pass the turn, end the game."""

from __future__ import annotations

from typing import Any

from .board import CASTLE_ROW, FINISHED, ROW_OF
from .common import seats_with
from .components import TILES, TOKENS
from .fast import evolve
from .state import (
    EMPTY,
    OPTIONAL,
    OVER,
    REMOVE,
    REVEAL,
    RHOM,
    RHOM_DIE,
    ROLLING,
    IridesciaState,
    Seat,
)

RHOM_DICE_PER_TURN = 3
"""The Rhom rolls its two mining dice and a stone die at the start of each turn."""


def collected(state: IridesciaState, index: int) -> dict[str, Any]:
    """The changes of the seat taking the tile under its explorer, the gem's market
    die going up (none when a Rhom found nowhere to step and stands on no tile)."""
    seat = state.seats[index]
    cell = seat.position
    tile = state.cells[cell]
    if tile == EMPTY:
        return {}
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
    return {"seats": seats_with(state, index, seat), "cells": tuple(cells),
            "shown": tuple(shown), "market_dice": (market[0], market[1], market[2], market[3]),
            "tokens": tokens}


def collect(state: IridesciaState, index: int, **also: Any) -> IridesciaState:
    """The seat takes the tile under its explorer; the gem's market die goes up."""
    return evolve(state, **{**collected(state, index), **also})


def end_turn(state: IridesciaState) -> IridesciaState:
    """Collect the tile and pass the turn, as one new state: this ends every turn."""
    me = state.current
    changes: dict[str, Any] = {}
    if state.seats[me].position >= 0:
        changes = collected(state, me)
        changes["stone_supply"] = state.stone_supply + state.active
        changes["active"] = 0
    changes["turns"] = state.turns + 1
    # Ruling 25: an Elixir played on the turn the Castle is reached gives a turn
    # of removing a tile (turn_start sees the explorer has finished).
    return next_turn(state, state.extra, **changes)


def next_turn(state: IridesciaState, again: bool = False, **changes: Any) -> IridesciaState:
    """The next seat's turn (the same seat's after an Elixir); the fields in `changes`
    (the end of the turn before) change in the same step."""
    seats = changes.get("seats", state.seats)
    if all(s.position == FINISHED for s in seats):
        changes.update(step=OVER, extra=False)
        return evolve(state, **changes)
    order = state.order
    seat = state.current
    if not again:
        seat = order[(order.index(seat) + 1) % len(order)]
        # The Rhom never removes tiles: once at the Castle it simply has no turns.
        while seat == state.rhom and seats[seat].position == FINISHED:
            seat = order[(order.index(seat) + 1) % len(order)]
    changes.update(turn_start(state, seats, seat, again))
    return evolve(state, **changes)


def start_turn(state: IridesciaState, seat: int, elixir: bool = False) -> IridesciaState:
    return evolve(state, **turn_start(state, state.seats, seat, elixir))


def turn_start(state: IridesciaState, seats: tuple[Seat, ...], seat: int,
               elixir: bool) -> dict[str, Any]:
    """The changes that start `seat`'s turn, its explorer standing as in `seats`."""
    if seat == state.rhom:
        step, rolls, resume = ROLLING, (RHOM_DIE,) * RHOM_DICE_PER_TURN, RHOM
    else:
        step = REMOVE if seats[seat].position == FINISHED else REVEAL
        rolls, resume = (), state.resume
    return {"current": seat, "revealed": 0, "begun": False, "tile_gem": -1, "bought": False,
            "sold": False, "active": 0, "cart": False, "pickaxe": -1, "dice": (),
            "rolls": rolls, "extra": False, "elixir_turn": elixir, "drop_pending": False,
            "stood": (),
            "rhom_dice": (), "step": step, "resume": resume}


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


__all__ = ["OPTIONAL", "collect", "collected", "end_turn", "next_turn", "remove_tile", "start_turn",
           "turn_start"]
