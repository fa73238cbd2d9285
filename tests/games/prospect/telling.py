"""The log's words, and where the game stands."""

from __future__ import annotations

from gemtable.engine.core import CHANCE
from gemtable.engine.wording import article

from .actions import Action
from .components import CAVE_IN, COST, DRAW_COST, GEM, MAX_DIGS, POINTS, ROUNDS
from .state import ProspectState


def describe(state: ProspectState, action: Action, after: ProspectState) -> str:
    """Names only what everyone sees: a drawn card is told as a card, no more."""
    seat = state.mover
    if action.verb == "dig":
        return "digs"
    if action.verb == "roll":
        rolled = f"rolled {article(str(action.number))}"
        if action.number == CAVE_IN:
            return f"{rolled}: a cave-in, {_nuggets(seat.cart)} in the cart lost"
        if state.digs + 1 == MAX_DIGS:
            return f"{rolled}: the last dig, {_nuggets(seat.cart + action.number)} banked"
        return f"{rolled}: {_nuggets(seat.cart + action.number)} in the cart"
    if action.verb == "stop":
        return f"stops and banks {_nuggets(seat.cart)}" if seat.cart else "stops with an empty cart"
    if action.verb == "pan":
        return "pans for one nugget"
    if action.verb == "draw":
        return f"draws a card for {_nuggets(DRAW_COST)}"
    card = state.market[action.number - 1]
    assert card is not None  # only a filled slot can be bought
    return (f"buys {article(GEM[card])} ({POINTS[card]} points) "
            f"for {_nuggets(COST[card])}")


def _nuggets(count: int) -> str:
    return f"{count} nugget" if count == 1 else f"{count} nuggets"


def reveals(state: ProspectState, action: Action) -> bool:
    """The die, a card drawn into a hand, a card turned up in the market."""
    return state.to_move is CHANCE or action.verb in ("draw", "buy")


def progress(state: ProspectState) -> str:
    if state.over:
        return f"Game over after {ROUNDS} rounds"
    return f"Round {state.round} of {ROUNDS}"
