"""Gems of Iridescia: explore a hex map, mine gems on a moving market, restore
relics, race to the Castle (1 to 4 people; solo against the Rhom deck)."""

from __future__ import annotations

from . import actions, board, components, scoring
from .game import GAME, IridesciaGame
from .scoring import best_sets
from .state import IridesciaState, Seat

__all__ = ["GAME", "IridesciaGame", "IridesciaState", "Seat", "actions", "best_sets", "board",
           "components", "scoring"]
