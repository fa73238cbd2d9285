"""Prospect, the test suite's own small game (rules.md): registered for the
tests by one line in tests/conftest.py, shipped nowhere."""

from . import actions, components
from .actions import Action
from .game import GAME, ProspectGame
from .state import ProspectState, Seat

__all__ = ["GAME", "Action", "ProspectGame", "ProspectState", "Seat", "actions", "components"]
