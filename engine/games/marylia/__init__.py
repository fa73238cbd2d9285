"""Jewels: Merchants of Marylia: travel seven cities, buy gems, forge jewels,
sell them to Acquirers and outbid rivals in sealed auctions (2 to 5 players)."""

from __future__ import annotations

import random
from pathlib import Path

from gemtable.engine.core import Game, Variant

# state first: it loads the rule modules, which need its classes.
from .state import (  # isort: skip
    ACTIONS_PER_TURN, BANK_COINS, CITIES, PLACE, ROUND_LIMIT, STARTING_CARDS, STARTING_COINS,
    Auction, Item, MaryliaState, Seat,
)
from . import actions, cards, recipes
from .cards import (
    EMPTY,
    ENCOUNTER_TOTAL,
    ENTRY_COINS,
    EVENT_TOTAL,
    NO_CARDS,
    RESOURCE_CARDS,
)
from .notation import WRITTEN
from .table import Table


class MaryliaGame(Game[MaryliaState]):
    id = "marylia"
    title = "Jewels: Merchants of Marylia"
    short_title = "Marylia"
    summary = (
        "trade gems across seven cities, forge jewels, win sealed-bid auctions and meet characters and events"
    )
    min_players = 2
    max_players = 5
    variants = (
        Variant("standard", "Standard",
                "Seven cities, 3 actions a turn; with 2 players every turn is a round."),
    )
    has_hidden_information = True
    has_private_views = True  # hands and sealed bids
    has_chance = True
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN

    def _new(self, players: int, rng: random.Random, variant: str) -> MaryliaState:
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

    def action_space(self, players: int, variant: str) -> tuple[str, ...]:
        from . import space  # the numbering is for outside programs: built only when asked

        return space.action_space(players, variant)

    def max_turns(self, players: int, variant: str) -> int:
        """Every round has one turn per player (one turn with two players), and
        no game outlasts ROUND_LIMIT rounds."""
        per_round = 1 if players == 2 else players
        return ROUND_LIMIT[players] * per_round


GAME = MaryliaGame()
MaryliaState.game = GAME

__all__ = [
    "GAME", "Auction", "Item", "MaryliaGame", "MaryliaState", "Seat", "actions", "cards",
    "recipes",
]
