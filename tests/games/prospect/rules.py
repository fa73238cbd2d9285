"""Prospect's rules: what may be played, and what it does.

Each condition is a predicate here, used both by `legal_actions` and by
refusals.py, so the list and the reasons cannot disagree.
"""

from __future__ import annotations

import attrs

from gemtable.engine.core import IllegalAction

from . import actions
from .actions import Action
from .components import CAVE_IN, COST, DIE_FACES, DRAW_COST, MARKET_SLOTS, MAX_DIGS
from .state import ProspectState, Seat

# --- the conditions ---------------------------------------------------------


def may_dig(state: ProspectState) -> bool:
    return state.digs < MAX_DIGS


def may_pan(state: ProspectState) -> bool:
    """Panning is a whole turn's work: only before the first dig."""
    return state.digs == 0


def may_purchase(state: ProspectState) -> bool:
    """One card a turn, bought or drawn, before digging."""
    return not state.purchased and state.digs == 0


def is_slot(number: int) -> bool:
    return 1 <= number <= MARKET_SLOTS


def slot_card(state: ProspectState, number: int) -> int | None:
    """The card in market slot `number` (from 1), None if the slot is empty."""
    return state.market[number - 1]


def affords(state: ProspectState, cost: int) -> bool:
    return state.mover.nuggets >= cost


def may_buy(state: ProspectState, number: int) -> bool:
    if not (may_purchase(state) and is_slot(number)):
        return False
    card = slot_card(state, number)
    return card is not None and affords(state, COST[card])


def may_draw(state: ProspectState) -> bool:
    return may_purchase(state) and bool(state.deck) and affords(state, DRAW_COST)


def is_face(number: int) -> bool:
    return number in DIE_FACES


# --- the legal actions --------------------------------------------------------


def legal_actions(state: ProspectState) -> tuple[Action, ...]:
    if state.over:
        return ()
    if state.rolling:
        return actions.ROLLS
    legal: list[Action] = [actions.DIG] if may_dig(state) else []
    legal.append(actions.STOP)
    if may_pan(state):
        legal.append(actions.PAN)
    legal.extend(buy for buy in actions.BUYS if may_buy(state, buy.number))
    if may_draw(state):
        legal.append(actions.DRAW)
    return tuple(legal)


def chance_outcomes(state: ProspectState) -> tuple[tuple[Action, float], ...]:
    if not state.rolling:
        raise IllegalAction("this is not a chance step")
    share = 1 / len(actions.ROLLS)
    return tuple((roll, share) for roll in actions.ROLLS)


# --- what an action does --------------------------------------------------------


def apply_action(state: ProspectState, action: Action) -> ProspectState:
    seat = state.mover
    if action.verb == "dig":
        return attrs.evolve(state, rolling=True)
    if action.verb == "roll":
        return _rolled(state, seat, action.number)
    if action.verb == "stop":
        return _end_turn(state, _banked(seat))
    if action.verb == "pan":
        return _end_turn(state, attrs.evolve(seat, nuggets=seat.nuggets + 1))
    if action.verb == "draw":
        deck, card = state.deck[:-1], state.deck[-1]
        paid = attrs.evolve(seat, nuggets=seat.nuggets - DRAW_COST, hand=(*seat.hand, card))
        return attrs.evolve(_with_seat(state, paid), deck=deck, purchased=True)
    return _bought(state, seat, action.number)


def _rolled(state: ProspectState, seat: Seat, face: int) -> ProspectState:
    if face == CAVE_IN:
        return _end_turn(state, attrs.evolve(seat, cart=0, cave_ins=seat.cave_ins + 1))
    dug = attrs.evolve(seat, cart=seat.cart + face)
    if state.digs + 1 == MAX_DIGS:
        return _end_turn(state, _banked(dug))
    return attrs.evolve(_with_seat(state, dug), digs=state.digs + 1, rolling=False)


def _bought(state: ProspectState, seat: Seat, number: int) -> ProspectState:
    card = slot_card(state, number)
    assert card is not None  # legal_actions offers only filled slots
    market = list(state.market)
    market[number - 1] = state.deck[-1] if state.deck else None
    paid = attrs.evolve(seat, nuggets=seat.nuggets - COST[card], found=(*seat.found, card))
    return attrs.evolve(_with_seat(state, paid), market=tuple(market), deck=state.deck[:-1],
                        purchased=True)


def _banked(seat: Seat) -> Seat:
    return attrs.evolve(seat, nuggets=seat.nuggets + seat.cart, cart=0)


def _with_seat(state: ProspectState, seat: Seat) -> ProspectState:
    seats = list(state.seats)
    seats[state.current] = seat
    return attrs.evolve(state, seats=tuple(seats))


def _end_turn(state: ProspectState, seat: Seat) -> ProspectState:
    return attrs.evolve(_with_seat(state, seat), digs=0, purchased=False, rolling=False,
                        turns=state.turns + 1)
