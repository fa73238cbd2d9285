"""Jewels: Merchants of Marylia: travel seven cities, buy gems, forge jewels,
sell them to Acquirers and outbid rivals in sealed auctions (2 to 5 players)."""

from __future__ import annotations

from . import actions, components, recipes
from .game import GAME, MaryliaGame
from .state import Auction, Item, MaryliaState, Seat

__all__ = [
    "GAME", "Auction", "Item", "MaryliaGame", "MaryliaState", "Seat", "actions", "components",
    "recipes",
]
