"""Jowhari moves in words for the table's log, and which moves bring a
hidden card to light (those cannot be taken back)."""

from __future__ import annotations

from gemtable.engine.wording import article

from . import actions as A
from .cards import BONUS, COLOURS, LEVEL, PRESTIGE
from .state import JowhariState


def card_words(card: int) -> str:
    """A face-up card as people name it: level, colour and points."""
    points = PRESTIGE[card]
    worth = f"{points} point{'s' if points != 1 else ''}" if points else "no points"
    return article(f"level-{LEVEL[card]} {COLOURS[BONUS[card]]} card ({worth})")


def _slot(source: A.Source) -> str:
    return f"level {source.level}, slot {A.SLOT_LETTERS[source.index]}"


def describe(before: JowhariState, action: object, after: JowhariState) -> str:
    me = before.current
    if isinstance(action, A.Take):
        names = [COLOURS[c] for c in action.colours]
        if len(names) == 1:
            return f"took {article(names[0] + ' gem')}"
        if names[0] == names[1]:
            return f"took two {names[0]} gems"
        return f"took {', '.join(names[:-1])} and {names[-1]} gems"
    if isinstance(action, A.Return):
        return f"gave back {article(COLOURS[action.colour] + ' gem')}"
    if isinstance(action, A.Pass):
        return "passed"
    if isinstance(action, A.Buy):
        card = after.seats[me].bought[-1]  # public once bought
        # "from hand" reads alike after "You:" and after "Seat 2:".
        where = _slot(action.source) if action.source.kind == "centre" else "hand"
        return f"bought {card_words(card)} from {where}"
    if isinstance(action, A.Reserve):
        gold = " and a gold" if after.seats[me].tokens[-1] > before.seats[me].tokens[-1] else ""
        if action.source.kind == "deck":
            return f"reserved the top card of the level-{action.source.level} deck, face down{gold}"
        card = after.seats[me].hand[-1]
        return f"reserved {card_words(card)} from {_slot(action.source)}{gold}"
    return str(action)


def reveals(state: JowhariState, action: object) -> bool:
    """A deck card turned up (a centre slot refilled, a deck top reserved) or a
    face-down reserved card bought: someone learns a card."""
    if isinstance(action, (A.Take, A.Return, A.Pass)):
        return False
    if isinstance(action, (A.Buy, A.Reserve)):
        source = action.source
        if source.kind == "hand":
            seat = state.seats[state.current]
            return source.index >= len(seat.hand_public) or not seat.hand_public[source.index]
        return source.kind == "deck" or bool(state.decks[source.level - 1])
    return True

