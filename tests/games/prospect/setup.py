"""The deal: shuffle the gem cards, turn up the market, deal each hand."""

from __future__ import annotations

import random

from .components import CARDS, MARKET_SLOTS, STARTING_HAND, STARTING_NUGGETS
from .state import ProspectState, Seat


def new_state(players: int, rng: random.Random, variant: str) -> ProspectState:
    deck = list(CARDS)
    rng.shuffle(deck)
    market = tuple(deck.pop() for _ in range(MARKET_SLOTS))
    seats = tuple(Seat(nuggets=STARTING_NUGGETS, cart=0, hand=tuple(deck.pop() for _ in range(STARTING_HAND)),
                       found=()) for _ in range(players))
    return ProspectState(players=players, variant=variant, deck=tuple(deck), market=market,
                         seats=seats, digs=0, purchased=False, rolling=False)
