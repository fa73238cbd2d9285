"""Gems of Iridescia: explore a hex map, mine gems on a moving market, restore
relics, race to the Castle (1 to 4 people; solo against the Rhom deck)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from gemtable.engine.core import Game, Variant

# state first: the rule modules need its classes.
from .state import IridesciaState, Seat  # isort: skip
from . import actions, board, components, scoring, setup
from .notation import WRITTEN
from .scoring import best_sets
from .setup import new_state

MAX_TILES = 58


class IridesciaGame(Game[IridesciaState]):
    id = "iridescia"
    title = "Gems of Iridescia"
    short_title = "Iridescia"
    summary = (
        "climb a hex map to the Castle, mining gems against a rising market and restoring relics; solo against the Rhom deck"
    )
    people = (1, 4)
    min_players = 2
    max_players = 4
    variants = (
        Variant("standard", "Standard",
                "2-4 seats. In a 2-seat game a seat may be the Rhom deck (solo); in a 3-seat "
                "game the Rhom may join two explorers."),
    )
    has_hidden_information = True
    has_private_views = True
    has_chance = True
    rules_file = Path(__file__).with_name("rules.md")
    notation = WRITTEN
    seat_roles = (setup.RHOM_ROLE,)

    def _new(self, players: int, rng: random.Random, variant: str) -> IridesciaState:
        return new_state(players, rng)

    def action_space(self, players: int, variant: str) -> tuple[str, ...]:
        from . import space  # the numbering is for outside programs: built only when asked

        return space.action_space(players, variant)

    def seating_problem(self, roles: Sequence[str | None]) -> str:
        return super().seating_problem(roles) or setup.seating_problem(tuple(roles))

    def max_turns(self, players: int, variant: str) -> int:
        # Every turn of an explorer on the board collects a tile, every turn of a
        # finished one removes a tile or passes; a pass happens only once the board
        # below the Castle is bare, after which each round collects a tile. So each
        # round of `players` turns (plus Elixir turns, which also collect) takes
        # at least one tile of the 58.
        return MAX_TILES * (players + 1) * 2


GAME = IridesciaGame()
IridesciaState.game = GAME

__all__ = ["GAME", "IridesciaGame", "IridesciaState", "Seat", "actions", "best_sets", "board",
           "components", "scoring"]
