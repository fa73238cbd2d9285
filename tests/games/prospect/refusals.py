"""Why an action cannot be played: the first condition of rules.py that
stands against it, in words."""

from __future__ import annotations

from . import rules
from .actions import Action
from .components import COST, DIE_FACES, DRAW_COST, GEM, MARKET_SLOTS, MAX_DIGS
from .state import ProspectState


def why_illegal(state: ProspectState, action: Action) -> str:
    if state.over:
        return "the game is over"
    if action.verb == "roll":
        if not rules.is_face(action.number):
            return f"the die has faces {DIE_FACES[0]} to {DIE_FACES[-1]}, not {action.number}"
        return "" if state.rolling else "the die is rolled by the table, after a dig"
    if state.rolling:
        return "the die is rolling: wait for it to land"
    if action.verb == "dig":
        return "" if rules.may_dig(state) else f"you have dug {MAX_DIGS} times this turn"
    if action.verb == "stop":
        return ""
    if action.verb == "pan":
        return "" if rules.may_pan(state) else "you have dug this turn: pan instead of digging, not after"
    if action.verb == "buy" and not rules.is_slot(action.number):
        return f"the market has slots 1 to {MARKET_SLOTS}, not {action.number}"
    if not rules.may_purchase(state):
        if state.purchased:
            return "you have already taken a card this turn"
        return "cards are bought or drawn before the first dig"
    if action.verb == "draw":
        return _why_not_draw(state)
    return _why_not_buy(state, action.number)


def _why_not_draw(state: ProspectState) -> str:
    if not state.deck:
        return "the deck is empty"
    if not rules.affords(state, DRAW_COST):
        return f"drawing costs {DRAW_COST} nuggets and you have {state.mover.nuggets}"
    return ""


def _why_not_buy(state: ProspectState, number: int) -> str:
    card = rules.slot_card(state, number)
    if card is None:
        return f"market slot {number} is empty"
    if not rules.affords(state, COST[card]):
        return f"the {GEM[card]} costs {COST[card]} nuggets and you have {state.mover.nuggets}"
    return ""
