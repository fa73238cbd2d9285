"""What a seat may see, and a full deal that agrees with it.

Everyone sees the market, every seat's nuggets, cart and found cards, and
how many cards each hand and the deck hold. A seat sees its own hand; the
deck and the other hands are face down (HIDDEN).
"""

from __future__ import annotations

import random

import attrs

from gemtable.engine.core import Observer

from .components import CARDS, HIDDEN
from .state import ProspectState, Seat


def view(state: ProspectState, seat: Observer) -> ProspectState:
    seats = tuple(held if number == seat else attrs.evolve(held, hand=(HIDDEN,) * len(held.hand))
                  for number, held in enumerate(state.seats))
    return attrs.evolve(state, deck=(HIDDEN,) * len(state.deck), seats=seats, observer=seat)


def determinize(state: ProspectState, rng: random.Random) -> ProspectState:
    """Deals the unseen cards at random to the face-down places: only the deck
    and the hands the viewer cannot see change."""
    if state.observer is None:
        return state
    seen = {card for card in state.market if card is not None}
    for held in state.seats:
        seen.update(held.found)
        seen.update(card for card in held.hand if card != HIDDEN)
    unseen = [card for card in CARDS if card not in seen]
    rng.shuffle(unseen)
    seats: list[Seat] = []
    for held in state.seats:
        hand = tuple(unseen.pop() if card == HIDDEN else card for card in held.hand)
        seats.append(attrs.evolve(held, hand=hand))
    deck = tuple(unseen.pop() for _ in state.deck)
    return attrs.evolve(state, deck=deck, seats=tuple(seats), observer=None)
