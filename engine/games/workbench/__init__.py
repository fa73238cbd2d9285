"""Jewels: The Workbench: draft dice from a shared roll, set them into jewel cards (2 to 4 players)."""

from __future__ import annotations

from . import actions, components
from .components import EMPTY
from .game import GAME, WorkbenchGame
from .state import Seat, WorkbenchState

__all__ = ["EMPTY", "GAME", "Seat", "WorkbenchGame", "WorkbenchState", "actions", "components"]
