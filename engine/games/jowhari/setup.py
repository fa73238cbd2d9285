"""The deal of a Jowhari game."""

from __future__ import annotations

import random

from .components import CARDS_OF_LEVEL, CENTRE_SLOTS, LEVELS
from .state import ROUND_LIMIT, JowhariState, Seat

GEMS_PER_COLOUR = {2: 4, 3: 5, 4: 7}
"""Gem tokens of each colour in the supply, by player count."""
GOLD_IN_SUPPLY = 5
STARTING_GOLD = 2
"""Each player's starting gold comes from the box, not the supply (ruling 3)."""
STARTING_HAND = (1, 1, 2)
"""Levels of the three cards dealt face down to each player."""


def new_state(players: int, rng: random.Random, variant: str) -> JowhariState:
    decks = []
    for level in LEVELS:
        deck = list(CARDS_OF_LEVEL[level])
        rng.shuffle(deck)
        decks.append(deck)
    centre = tuple(
        tuple(decks[level - 1].pop() for _ in range(CENTRE_SLOTS[level - 1])) for level in LEVELS
    )
    seats = []
    for _ in range(players):
        hand = tuple(decks[level - 1].pop() for level in STARTING_HAND)
        tokens = (0, 0, 0, 0, 0, STARTING_GOLD)
        seats.append(Seat(tokens, (0,) * 5, 0, (), hand, (False,) * len(hand)))
    gems = GEMS_PER_COLOUR[players]
    return JowhariState(
        players=players,
        variant=variant,
        supply=(gems,) * 5 + (GOLD_IN_SUPPLY,),
        decks=tuple(tuple(deck) for deck in decks),
        centre=centre,
        seats=tuple(seats),
        current=0,
        returning=False,
        turns=0,
        first_to_goal=None,
        passes_in_row=0,
        over=False,
    )


def max_turns(players: int, variant: str) -> int:
    """The game stops at the end of the round that reaches the round limit."""
    return ROUND_LIMIT * players
