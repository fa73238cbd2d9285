"""Jowhari moves in words for the table's log, which moves bring a hidden
card to light (those cannot be taken back), and where the game stands."""

from __future__ import annotations

from gemtable.engine.wording import article

from . import actions
from .actions import Action
from .components import BONUS, COLOURS, LEVEL, PRESTIGE
from .state import JowhariState


def card_words(card: int) -> str:
    """A face-up card as people name it: level, colour and points."""
    points = PRESTIGE[card]
    worth = f"{points} point{'s' if points != 1 else ''}" if points else "no points"
    return article(f"level-{LEVEL[card]} {COLOURS[BONUS[card]]} card ({worth})")


def _slot(source: actions.Source) -> str:
    return f"level {source.level}, slot {actions.SLOT_LETTERS[source.index]}"


def describe(state: JowhariState, action: Action, after: JowhariState) -> str:
    me = state.current
    if isinstance(action, actions.Take):
        names = [COLOURS[c] for c in action.colours]
        if len(names) == 1:
            return f"took {article(names[0] + ' gem')}"
        if names[0] == names[1]:
            return f"took two {names[0]} gems"
        return f"took {', '.join(names[:-1])} and {names[-1]} gems"
    if isinstance(action, actions.Return):
        return f"gave back {article(COLOURS[action.colour] + ' gem')}"
    if isinstance(action, actions.Pass):
        return "passed"
    if isinstance(action, actions.Buy):
        card = after.seats[me].bought[-1]  # public once bought
        # "from hand" reads alike after "You:" and after "Seat 2:".
        where = _slot(action.source) if action.source.kind == "centre" else "hand"
        return f"bought {card_words(card)} from {where}"
    if isinstance(action, actions.Reserve):
        gold = " and a gold" if after.seats[me].tokens[-1] > state.seats[me].tokens[-1] else ""
        if action.source.kind == "deck":
            return f"reserved the top card of the level-{action.source.level} deck, face down{gold}"
        card = after.seats[me].hand[-1]
        return f"reserved {card_words(card)} from {_slot(action.source)}{gold}"
    return str(action)


def reveals(state: JowhariState, action: Action) -> bool:
    """A deck card turned up (a centre slot refilled, a deck top reserved) or a
    face-down reserved card bought: someone learns a card."""
    if isinstance(action, (actions.Take, actions.Return, actions.Pass)):
        return False
    if isinstance(action, (actions.Buy, actions.Reserve)):
        source = action.source
        if source.kind == "hand":
            seat = state.seats[state.current]
            return source.index >= len(seat.hand_public) or not seat.hand_public[source.index]
        return source.kind == "deck" or bool(state.decks[source.level - 1])
    return True


def progress(state: JowhariState) -> str:
    return f"Round {state.round}"
