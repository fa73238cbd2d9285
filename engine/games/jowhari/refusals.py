"""Why an action is not legal in a Jowhari position, in words for the player.

`why_illegal` asks the conditions `legal_actions` is built on (rules.py) in
the order a player meets them, and names the first that stands against the
action; it finds nothing ("") exactly when the action is legal.

A refusal is read by whoever tried the move, who is always the seat to act:
so it speaks to them ("you hold"), never of "seat 1".
"""

from __future__ import annotations

from . import actions, rules
from .actions import Action
from .components import CODE, COLOURS, is_hidden
from .state import GEM_LIMIT, JowhariState

_EVERY_TAKE = frozenset((*actions.TAKE_DIFFERENT.values(), *actions.TAKE_TWO))
"""The takes the rules know; the notation can write others (take RRB)."""


def never_legal(action: Action) -> str:
    """Why `action`, written correctly, can never be played; "" if it can be."""
    if isinstance(action, actions.Take) and action not in _EVERY_TAKE:
        return ("a take is up to three gems of different colours, or two gems of one colour; "
                "never three of one colour, nor a pair with another colour")
    if isinstance(action, actions.Buy) and action.source.kind == "deck":
        return (f"a deck's top card is never bought unseen: reserve it (reserve "
                f"{action.source}) and buy it from your hand later")
    if isinstance(action, actions.Reserve) and action.source.kind == "hand":
        return f"the cards in your hand are already reserved: buy one (buy {action.source})"
    return ""


def why_illegal(state: JowhariState, action: Action) -> str:
    if state.over:
        return "the game is over"
    if not isinstance(action, actions.Take | actions.Return | actions.Reserve
                      | actions.Buy | actions.Pass):
        return f"{action!r} is not a Jowhari action"
    impossible = never_legal(action)
    if impossible:
        return impossible
    seat = state.seats[state.current]
    if state.returning and not isinstance(action, actions.Return):
        excess = seat.gems - GEM_LIMIT
        return f"you hold {seat.gems} gem tokens and must first return {excess} (return X)"
    if isinstance(action, actions.Return):
        if not state.returning:
            return f"you hold {seat.gems} gem tokens; returning is only for more than {GEM_LIMIT}"
        if not rules.may_return(seat, action.colour):
            return f"you have no {COLOURS[action.colour]} tokens to return"
        return ""
    if isinstance(action, actions.Pass):
        if actions.PASS not in state.legal_actions():
            return "passing is allowed only when no other action is legal"
        return ""
    if isinstance(action, actions.Take):
        return _why_not_take(state, action)
    if isinstance(action, actions.Reserve):
        return _why_not_reserve(state, action)
    return _why_not_buy(state, action)


def _why_not_take(state: JowhariState, action: actions.Take) -> str:
    supply = state.supply
    colours = action.colours
    if len(colours) == actions.SAME_GEMS and colours[0] == colours[1]:
        colour = colours[0]
        if rules.two_may_be_taken(supply, colour):
            return ""
        return (
            f"taking two {COLOURS[colour]} needs at least {rules.TWO_OF_ONE_MINIMUM} in the "
            f"supply; there {'is' if supply[colour] == 1 else 'are'} {supply[colour]}"
        )
    available = rules.colours_in_supply(supply)
    empty = [COLOURS[c] for c in colours if c not in available]
    if empty:
        return f"the supply has no {', '.join(empty)} tokens"
    if len(colours) == rules.different_take_size(available):
        return ""
    if len(available) >= actions.DIFFERENT_GEMS:
        return "take three different colours while three or more are in the supply"
    return f"take one of each colour left in the supply ({len(available)} colours)"


def _why_not_reserve(state: JowhariState, action: actions.Reserve) -> str:
    if not rules.hand_has_room(state.seats[state.current]):
        return (
            f"you already hold {actions.HAND_LIMIT} cards in hand; the hand is the reserve, "
            "so buy one of them before reserving"
        )
    source = action.source
    if rules.card_at(state, source) is not None:
        return ""
    if source.kind == "deck":
        return f"the level {source.level} deck is empty"
    return f"slot {source} is empty"


def _why_not_buy(state: JowhariState, action: actions.Buy) -> str:
    source = action.source
    card = rules.card_at(state, source)
    if card is None:
        where = "your hand has no card" if source.kind == "hand" else "there is no card at"
        return f"{where} {source}"
    if is_hidden(card):
        return f"this view does not show the card at {source}"
    missing = rules.shortfall(state.seats[state.current], card)
    if not missing:
        return ""
    return (
        f"card {CODE[card]} is {missing} token{'s' if missing > 1 else ''} short "
        "after discounts, gems and gold"
    )
