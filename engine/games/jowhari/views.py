"""What each seat may know in Jowhari, and sampling the rest for search.

Hidden from a seat: the order and contents of the three decks, the cards in
other players' hands that were dealt to them or reserved from a deck top.
Everything else (centre, tokens, bought cards, hand sizes and the level of
every hidden card) is public.
"""

from __future__ import annotations

import random

from gemtable.engine.core import Observer

from .components import CARDS_OF_LEVEL, LEVELS, hidden, is_hidden
from .state import JowhariState, Seat


def _masked_seat(seat: Seat) -> Seat:
    hand = tuple(card if public or is_hidden(card) else hidden(card)
                 for card, public in zip(seat.hand, seat.hand_public, strict=True))
    return Seat(seat.tokens, seat.bonuses, seat.prestige, seat.bought, hand, seat.hand_public)


def view(state: JowhariState, seat: Observer) -> JowhariState:
    """`seat`'s view (the seat, and that a view gives no other seat's, is
    already checked by State.view)."""
    seats = tuple(
        s if index == seat else _masked_seat(s) for index, s in enumerate(state.seats)
    )
    decks = tuple((-level,) * len(deck) for level, deck in zip(LEVELS, state.decks, strict=True))
    return JowhariState(
        state.players, state.variant, state.supply, decks, state.centre, seats,
        state.current, state.returning, state.turns, state.first_to_goal,
        state.passes_in_row, state.over, seat,
    )


def unseen_cards(state: JowhariState) -> dict[int, list[int]]:
    """Per level, the cards this view cannot place: in decks or hidden hands."""
    seen: set[int] = set()
    for row in state.centre:
        seen.update(c for c in row if c is not None)
    for seat in state.seats:
        seen.update(seat.bought)
        seen.update(c for c in seat.hand if c >= 0)
    for deck in state.decks:
        seen.update(c for c in deck if c >= 0)
    return {level: [c for c in CARDS_OF_LEVEL[level] if c not in seen] for level in LEVELS}


def determinize(state: JowhariState, rng: random.Random) -> JowhariState:
    if state.observer is None:
        return state
    pools = unseen_cards(state)
    for pool in pools.values():
        rng.shuffle(pool)

    def deal(card: int) -> int:
        return pools[-card].pop() if card < 0 else card

    seats = tuple(
        Seat(s.tokens, s.bonuses, s.prestige, s.bought,
             tuple(deal(c) for c in s.hand), s.hand_public)
        for s in state.seats
    )
    decks = tuple(tuple(deal(c) for c in deck) for deck in state.decks)
    return JowhariState(
        state.players, state.variant, state.supply, decks, state.centre, seats,
        state.current, state.returning, state.turns, state.first_to_goal,
        state.passes_in_row, state.over, None,
    )
