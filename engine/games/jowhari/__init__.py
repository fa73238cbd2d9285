"""Jowhari: a jeweller's card race to 10 prestige (2 to 4 players)."""

from __future__ import annotations

from .game import GAME, JowhariGame
from .state import JowhariState, Seat

__all__ = ["GAME", "JowhariGame", "JowhariState", "Seat"]
