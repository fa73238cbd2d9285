"""The deal: shuffled decks, starting hands and coins, and the two rows of cities."""

from __future__ import annotations

import random

from .components import EMPTY, ENCOUNTER_TOTAL, ENTRY_COINS, EVENT_TOTAL, NO_CARDS, RESOURCE_CARDS
from .state import (
    ACTIONS_PER_TURN,
    BANK_COINS,
    CITIES,
    PLACE,
    STARTING_CARDS,
    STARTING_COINS,
    MaryliaState,
    Seat,
)
from .table import Table


def new_state(players: int, rng: random.Random, variant: str) -> MaryliaState:
    first = rng.randrange(players)
    resource_deck = list(RESOURCE_CARDS)
    rng.shuffle(resource_deck)
    encounter_deck = list(range(ENCOUNTER_TOTAL))
    rng.shuffle(encounter_deck)
    event_deck = list(range(EVENT_TOTAL))
    rng.shuffle(event_deck)
    seats = []
    for seat in range(players):
        hand = [0] * len(NO_CARDS)
        for _ in range(STARTING_CARDS):
            hand[resource_deck.pop()] += 1
        coins = STARTING_COINS + (seat - first) % players
        seats.append(Seat(coins, -1, tuple(hand), STARTING_CARDS, ()))
    dealt = sum(seat.coins for seat in seats)
    state = MaryliaState(
        players, variant, PLACE, first, first, 1, ACTIONS_PER_TURN, False, tuple(seats),
        (EMPTY,) * CITIES, (0,) * CITIES, (EMPTY,) * CITIES, (NO_CARDS,) * CITIES,
        tuple(resource_deck), tuple(encounter_deck), tuple(event_deck), NO_CARDS, (),
        BANK_COINS - dealt, None, (), 0, -1, 0, 0, 0,
    )
    # Lay out the two rows. Enter-play abilities wait for the placement;
    # coins and a Monster's appetite apply at once.
    table = Table(state)
    for city in range(CITIES):
        card = table.pop_encounter()
        table.characters[city] = card
        table.character_coins[city] = ENTRY_COINS[card]
        table.bank -= ENTRY_COINS[card]
    for city in range(CITIES):
        table.place_resource(city, table.pop_resource())
    return table.freeze()
