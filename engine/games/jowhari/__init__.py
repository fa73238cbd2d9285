"""Jowhari: a jeweller's card race to 10 prestige (2 to 4 players)."""

from __future__ import annotations

import random
from pathlib import Path

from gemtable.engine.core import Game, Variant

from . import actions, cards
from .cards import CARDS_OF_LEVEL, CENTRE_SLOTS, GOLD, LEVELS
from .notation import WRITTEN
from .state import ROUND_LIMIT, JowhariState, Seat

GEMS_PER_COLOUR = {2: 4, 3: 5, 4: 7}
GOLD_IN_SUPPLY = 5
STARTING_GOLD = 2
"""Each player's starting gold comes from the box, not the supply (ruling 3)."""
STARTING_HAND = (1, 1, 2)
"""Levels of the three cards dealt face down to each player."""


class JowhariGame(Game[JowhariState]):
    id = "jowhari"
    title = "Jowhari"
    summary = (
        "a jeweller's card race to 10 prestige: take gems, reserve, buy cards that make later cards cheaper"
    )
    min_players = 2
    max_players = 4
    variants = (Variant("standard", "Standard", "All 90 cards, first to 10 prestige."),)
    has_hidden_information = True
    has_private_views = True  # reserved cards are secret
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

    def action_space(self, players: int, variant: str) -> tuple[str, ...]:
        from . import space  # the numbering is for outside programs: built only when asked

        return space.action_space(players, variant)

    def max_turns(self, players: int, variant: str) -> int:
        # The game stops at the end of the round that reaches the round limit.
        return ROUND_LIMIT * players

    def _new(self, players: int, rng: random.Random, variant: str) -> JowhariState:
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


GAME = JowhariGame()
JowhariState.game = GAME

__all__ = ["GAME", "GOLD", "JowhariGame", "JowhariState", "Seat", "actions", "cards"]
